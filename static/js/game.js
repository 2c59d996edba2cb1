// The game page: keeps the board live over a WebSocket and submits moves through the JSON API.
// Game-specific boards dispatch a "letterpost:move" event with {detail: move}; the generic
// board uses its JSON move box.
import { newKey, postJson, socketUrl } from "./api.js";

const root = document.getElementById("game");
const board = document.getElementById("board");
const errorBox = document.getElementById("move-error");
const gameId = root.dataset.game;
let version = Number(root.dataset.version);

function showError(data) {
  errorBox.textContent = data ? `${data.code}: ${data.message}` : "";
  errorBox.hidden = !data;
}

function applyUpdate(message) {
  // Already shown (the broadcast and our own refresh both report a move), or overtaken by a newer one.
  if (message.game.version <= version) return;
  version = message.game.version;
  root.dataset.version = String(version);
  root.dataset.turnVersion = String(message.game.turn_version);
  board.innerHTML = message.html;
  const log = document.getElementById("move-log");
  if (log && message.log_html !== undefined) log.innerHTML = message.log_html;
  document.dispatchEvent(new CustomEvent("letterpost:board", { detail: message.game }));
}

export async function submitMove(move) {
  const key = newKey();
  const body = { version, move, idempotency_key: key };
  let result;
  for (let attempt = 0; attempt < 3; attempt++) {
    try { result = await postJson(root.dataset.api, body); break; }
    catch (e) { await new Promise((r) => setTimeout(r, 500 * (attempt + 1))); }
  }
  if (!result) { showError({ code: "NETWORK", message: "Could not reach the server." }); return false; }
  if (!result.ok) { showError(result.data); return false; }
  showError(null);
  socket && socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: "refresh" }));
  return true;
}
window.letterpostSubmitMove = submitMove;

board.addEventListener("submit", async (event) => {
  const form = event.target.closest("[data-move-form]");
  if (!form) return;
  event.preventDefault();
  let move;
  try { move = JSON.parse(form.elements.move.value); }
  catch (e) { showError({ code: "BAD_MOVE", message: "The move is not valid JSON." }); return; }
  await submitMove(move);
});
document.addEventListener("letterpost:move", (event) => submitMove(event.detail));

// Resigning asks first (here, not in an inline handler: the CSP allows no inline script).
const resignForm = document.getElementById("resign-form");
if (resignForm) {
  resignForm.addEventListener("submit", (event) => {
    if (!window.confirm(resignForm.dataset.confirm)) event.preventDefault();
  });
}

let socket = null;
let retry = 0;
function reconnectLater() {
  root.dataset.live = "0";
  setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
}

function connect() {
  try { socket = new WebSocket(socketUrl(`/ws/games/${gameId}/`)); }
  catch (e) { socket = null; reconnectLater(); return; }  // refused before connecting: try again
  socket.onopen = () => {
    retry = 0;
    root.dataset.live = "1";
    // Catch up with anything broadcast before this socket opened (page load, or a dropped connection).
    socket.send(JSON.stringify({ type: "refresh" }));
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "game") applyUpdate(message);
    else if (message.type === "chat") document.dispatchEvent(new CustomEvent("letterpost:chat", { detail: message }));
  };
  socket.onclose = reconnectLater;
}
connect();
