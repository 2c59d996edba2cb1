// On every page of a signed-in user: the "your move" badge, kept live over the user's socket.
import { socketUrl } from "./api.js";

const badge = document.getElementById("awaiting-badge");
let retry = 0;

function show(count) {
  if (!badge) return;
  badge.dataset.count = String(count);
  badge.textContent = String(count);
  badge.hidden = count === 0;
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

function connect() {
  const socket = new WebSocket(socketUrl("/ws/me/"));
  socket.onopen = () => { retry = 0; document.body.dataset.live = "1"; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "notifications") { showUnread(message.unread); return; }
    if (message.type !== "games") return;
    show(message.awaiting);
    document.dispatchEvent(new CustomEvent("letterpost:games", { detail: message }));
  };
  socket.onclose = () => setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
}
connect();
