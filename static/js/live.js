// On every page of a signed-in user: the "your move" badge, kept live over the user's socket.
import { socketUrl } from "./api.js";

const badge = document.getElementById("awaiting-badge");
let retry = 0;

// live: told by a game's update as it happened (not a reconnect's catch-up), so app.js may chime.
function show(count, live = false) {
  if (!badge) return;
  badge.dataset.count = String(count);
  badge.textContent = String(count);
  badge.hidden = count === 0;
  document.dispatchEvent(new CustomEvent("letterpost:awaiting", { detail: { awaiting: count, live } }));
}

// The bell: unread notifications.
function showUnread(count) {
  const bell = document.getElementById("notification-badge");
  if (!bell) return;
  bell.dataset.count = String(count);
  bell.textContent = String(count);
  bell.hidden = count === 0;
  const word = document.getElementById("notification-unread");  // "unread", for the bell's spoken name
  if (word) word.hidden = count === 0;
  document.dispatchEvent(new CustomEvent("letterpost:notifications", { detail: { unread: count } }));
}

let opened = 0;
let current = null;

function reconnectLater() {
  document.body.dataset.live = "0";
  setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
}

function connect() {
  let socket;
  // An open lobby asks the same socket for its seeks as they change (notifications/consumers.py).
  const path = document.querySelector("[data-live-lobby]") ? "/ws/me/?lobby=1" : "/ws/me/";
  try { socket = new WebSocket(socketUrl(path)); }
  catch (e) { reconnectLater(); return; }  // refused before connecting (offline, blocked): try again
  current = socket;
  socket.onopen = () => {
    retry = 0;
    opened += 1;
    document.body.dataset.live = "1";
    // Whatever was broadcast while no socket was open is lost: ask where things stand now.
    socket.send(JSON.stringify({ type: "refresh" }));
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "notifications") { showUnread(message.unread); return; }
    if (message.type === "seek") { document.dispatchEvent(new CustomEvent("letterpost:seek", { detail: message })); return; }
    if (message.type === "summary") {
      show(message.awaiting);
      showUnread(message.unread);
      // After a reconnect (not the first open), or when the server found a change it may not have
      // announced (notifications/consumers.py), pages showing lists fetch them again.
      if (opened > 1 || message.resync) document.dispatchEvent(new CustomEvent("letterpost:resync"));
      return;
    }
    if (message.type !== "games") return;
    show(message.awaiting, true);
    document.dispatchEvent(new CustomEvent("letterpost:games", { detail: message }));
  };
  socket.onclose = (event) => {
    // 4403: the account was suspended and signed out everywhere; reload to show the page as it now is.
    if (event.code === 4403) { window.location.reload(); return; }
    // 4429: too many sockets open (this player, address or game); 1013: the server's message bus is
    // down. Either way, not a moment later: try again in half a minute.
    if (event.code === 4429 || event.code === 1013) { document.body.dataset.live = "0"; setTimeout(connect, 30000); return; }
    reconnectLater();
  };
}
// "Still here" every 25 s (games/presence.py HEARTBEAT): while the site is open, no "your move" e-mail.
setInterval(() => {
  if (current && current.readyState === WebSocket.OPEN) current.send(JSON.stringify({ type: "ping" }));
}, 25000);
connect();
