// The game page: keeps every live part current over a WebSocket and submits moves through the JSON API.
// The server re-renders, for this viewer, the board (#board), the generic move record (#move-log) and
// the parts beside them ([data-part]: the game-over banner, the clocks, the action buttons) after every
// change; this module swaps them in, keeps the keyboard focus where it was, announces the new status
// line to screen readers, and keeps move logs scrolled to the latest move.
// Game-specific boards dispatch a "letterpost:move" event with {detail: move}; the generic board uses its
// JSON move box.  A refusal shows its message (never its code) next to the control that was used: the
// nearest [data-move-error] inside the control's [data-error-scope], else the board's, else #move-error.
import { csrfToken, newKey, postJson, socketUrl } from "./api.js";

const root = document.getElementById("game");
const board = document.getElementById("board");
const errorBox = document.getElementById("move-error");
const announcer = document.getElementById("game-announcer");
const gameId = root.dataset.game;
let version = Number(root.dataset.version);
let lastControl = null;   // the element the player last used inside the game page
let lastStatus = statusText();
const lastParts = {};

// ---- refusals --------------------------------------------------------------------------------------

function errorSlots() { return Array.from(root.querySelectorAll("[data-move-error]")).concat(errorBox ? [errorBox] : []); }

function clearErrors() {
  for (const slot of errorSlots()) { slot.textContent = ""; slot.hidden = true; }
}

function slotFor(control) {
  const scope = control && control.isConnected ? control.closest("[data-error-scope]") : null;
  return (scope && scope.querySelector("[data-move-error]")) || board.querySelector("[data-move-error]") || errorBox;
}

export function showError(data, control = lastControl) {
  clearErrors();
  if (!data) return;
  const slot = slotFor(control);
  slot.textContent = data.message || data.code || "";
  slot.hidden = false;
  const box = slot.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) slot.scrollIntoView({ block: "nearest" });
}

for (const type of ["pointerdown", "keydown", "submit"]) {
  root.addEventListener(type, (event) => { lastControl = event.target; }, true);
}

// ---- swapping in what the server rendered ----------------------------------------------------------

const KEY_ATTRS = ["action", "row", "col", "take", "clear", "index", "card", "tool", "number", "right", "tile",
  "spell", "crossOut", "pass", "part"];

// A selector that finds "the same" control in a freshly rendered fragment.
function focusKey(el) {
  if (!el || el === document.body || !root.contains(el)) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  let selector = el.tagName.toLowerCase();
  for (const [name, value] of Object.entries(el.dataset)) {
    if (!KEY_ATTRS.includes(name)) continue;
    const attr = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    selector += `[data-${attr}="${value.replace(/["\\]/g, "\\$&")}"]`;
  }
  if (el.name) selector += `[name="${el.name}"]`;
  const scope = el.parentElement && el.parentElement.closest("[id]");
  return scope && scope !== root ? `#${CSS.escape(scope.id)} ${selector}` : selector;
}

function focusable(el) {
  return el && !el.disabled && !el.hidden && el.getClientRects().length > 0;
}

function statusLine() { return board.querySelector("#status-line"); }

function statusText() {
  const line = board.querySelector("#status-line");
  return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
}

// Replace the content of the containers, then put the focus back on the same control, or (when it is
// gone, say the Play button after a move) on the status line that says what happens now.
let lastFocused = null;  // a control that turns disabled (a button pressed to send) drops the focus to <body>
root.addEventListener("focusin", (event) => { lastFocused = event.target; });

function swap(containers, html, after) {
  let active = document.activeElement;
  if ((!active || active === document.body) && lastFocused && lastFocused.isConnected) active = lastFocused;
  const inside = containers.some((c) => c.contains(active));
  const key = inside ? focusKey(active) : null;
  containers.forEach((c, i) => { c.innerHTML = html[i]; });
  if (after) after();
  if (!inside) return;
  const again = key && root.querySelector(key);
  if (focusable(again)) { again.focus({ preventScroll: true }); return; }
  const line = statusLine();
  if (line) { line.tabIndex = -1; line.focus({ preventScroll: true }); }
}

function announce() {
  const text = statusText();
  if (text && text !== lastStatus && announcer) announcer.textContent = text;
  lastStatus = text;
}

// Move logs show their latest move: any [data-scroll-end] box is kept scrolled to its end, also when
// the layout around it settles later (a part or the header changing height shrinks the box after the
// swap), unless the player has scrolled back through it.
const endKeeper = "ResizeObserver" in window ? new ResizeObserver((entries) => {
  for (const { target } of entries) if (target.dataset.atEnd !== "0") target.scrollTop = target.scrollHeight;
}) : null;

function scrollLogs() {
  for (const box of document.querySelectorAll("[data-scroll-end]")) {
    box.scrollTop = box.scrollHeight;
    if (endKeeper && !box.dataset.atEnd) {
      box.dataset.atEnd = "1";
      box.addEventListener("scroll", () => {
        box.dataset.atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1 ? "1" : "0";
      }, { passive: true });
      endKeeper.observe(box);
    }
  }
}

// A part's markup without its CSRF field: the page's copy has one, the socket's none (added on submit).
function partMarkup(node) {
  const copy = node.cloneNode(true);
  copy.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((field) => field.remove());
  return copy.innerHTML;
}

function applyParts(parts) {
  for (const [name, html] of Object.entries(parts || {})) {
    const part = root.querySelector(`[data-part="${name}"]`);
    if (!part || lastParts[name] === html) continue;
    lastParts[name] = html;
    // The first refresh after the socket opens repeats what the page already shows: leave it, so a
    // button being pressed just then (Accept, Decline) is not swapped from under the pointer.
    const fresh = document.createElement("div");
    fresh.innerHTML = html;
    if (partMarkup(fresh) === partMarkup(part)) continue;
    swap([part], [html]);
  }
  watchRatings();
}

function applyUpdate(message) {
  // A newer version redraws everything; the same version (our own refresh, or a retry while ratings
  // are stored after the end) only the parts beside the board; an older one is overtaken.
  if (message.game.version < version) return;
  if (message.game.version > version) {
    version = message.game.version;
    root.dataset.version = String(version);
    root.dataset.turnVersion = String(message.game.turn_version);
    const log = document.getElementById("move-log");
    const targets = [board], html = [message.html];
    if (log && message.log_html !== undefined) { targets.push(log); html.push(message.log_html); }
    if (errorBox) { errorBox.hidden = true; errorBox.textContent = ""; }
    swap(targets, html, () => document.dispatchEvent(new CustomEvent("letterpost:board", { detail: message.game })));
    scrollLogs();
    announce();
  }
  applyParts(message.parts);
}

// ---- the rating change after the end ---------------------------------------------------------------

// Ratings are stored by a task just after a game ends: while the banner says they are on their way,
// ask again a few times, less and less often.
let ratingTries = 0;
let ratingTimer = null;
function watchRatings() {
  if (!root.querySelector("[data-ratings-pending]")) { clearTimeout(ratingTimer); ratingTimer = null; return; }
  if (ratingTimer || ratingTries >= 6) return;
  ratingTimer = setTimeout(() => {
    ratingTimer = null;
    ratingTries += 1;
    refresh();
  }, 1000 * 2 ** ratingTries);
}

// ---- confirming a move ------------------------------------------------------------------------------

// The player's "Confirm moves" (profile): "always", "never", or "auto": on a touch screen (a coarse
// pointer), where a slip of the finger sends a move. Asked once, in the kind's words when its script
// sets window.letterpostMoveText(move) -> "Play WORD for 23 points?" (or null), else generically.
function confirmsMoves() {
  const setting = root.dataset.confirmMoves;
  if (setting === "always") return true;
  if (setting === "never") return false;
  return window.matchMedia("(pointer: coarse)").matches;
}

function moveConfirmed(move) {
  if (!confirmsMoves()) return true;
  const describe = window.letterpostMoveText;
  const text = (typeof describe === "function" && describe(move)) || root.dataset.tConfirmMove;
  return window.confirm(text);
}

// ---- moves -----------------------------------------------------------------------------------------

// Sends a move; { confirmed: true } when the kind's script asked the player already (Pass, Exchange).
export async function submitMove(move, { confirmed = false } = {}) {
  if (!confirmed && !moveConfirmed(move)) return false;
  const control = lastControl;
  const key = newKey();
  const body = { version, move, idempotency_key: key };
  let result;
  for (let attempt = 0; attempt < 3; attempt++) {
    try { result = await postJson(root.dataset.api, body); break; }
    catch (e) { await new Promise((r) => setTimeout(r, 500 * (attempt + 1))); }
  }
  if (!result) { showError({ message: root.dataset.tNetwork }, control); return false; }
  if (!result.ok) { showError(result.data, control); return false; }
  clearErrors();
  refresh();
  return true;
}
window.letterpostSubmitMove = submitMove;

board.addEventListener("submit", async (event) => {
  const form = event.target.closest("[data-move-form]");
  if (!form) return;
  event.preventDefault();
  let move;
  try { move = JSON.parse(form.elements.move.value); }
  catch (e) { showError({ message: root.dataset.tBadJson }, form); return; }
  await submitMove(move);
});
document.addEventListener("letterpost:move", (event) => submitMove(event.detail));

// Parts pushed over the socket are rendered without a request, so their plain forms (a challenge's
// Accept/Decline) carry no CSRF field: add it from the cookie before the browser sends them.
root.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.closest("[data-part]") || form.method.toLowerCase() !== "post") return;
  let field = form.querySelector("input[name=csrfmiddlewaretoken]");
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "csrfmiddlewaretoken";
    form.append(field);
  }
  if (!field.value) field.value = csrfToken();
}, true);

// Resign: asked once, sent through the API; the page then updates like after any move.
root.addEventListener("submit", async (event) => {
  const form = event.target.closest("#resign-form");
  if (!form) return;
  event.preventDefault();
  if (!window.confirm(form.dataset.confirm)) return;
  const button = form.querySelector("button");
  button.disabled = true;
  let result = null;
  try { result = await postJson(root.dataset.resignApi, {}); } catch (e) { result = null; }
  button.disabled = false;
  if (!result) { showError({ message: root.dataset.tNetwork }, button); return; }
  if (!result.ok) { showError(result.data, button); return; }
  clearErrors();
  refresh();
});

// ---- the next game ---------------------------------------------------------------------------------

// "Next game" (#next-game): how many other games await my move, from the user socket's count of all of
// them (live.js: "letterpost:games") less this one while it awaits me too; the link itself asks the
// server for the one with the least time left when followed. The N key follows it.
const nextGame = document.getElementById("next-game");
const nextLink = document.getElementById("next-game-link");
let awaitingAll = nextGame ? Number(nextGame.dataset.awaiting) || 0 : 0;
let awaitingHere = nextGame ? nextGame.dataset.yourMove === "1" : false;

function showNextGame() {
  if (!nextGame || !nextLink) return;
  const others = Math.max(0, awaitingAll - (awaitingHere ? 1 : 0));
  nextLink.hidden = others === 0;
  // After my move here, the next game is the thing to do: the link takes the accent.
  nextGame.classList.toggle("ready", others > 0 && !awaitingHere);
  const d = nextGame.dataset;
  const text = others === 0 ? d.tNone : others === 1 ? d.tOne : d.tMany.replace("{n}", String(others));
  const status = document.getElementById("next-game-status");
  if (status && status.textContent !== text) status.textContent = text;
}

document.addEventListener("letterpost:games", (event) => {
  if (typeof event.detail.awaiting === "number") { awaitingAll = event.detail.awaiting; showNextGame(); }
});

function typing(target) {
  // Letters typed into a field, onto a board (Crossword's squares take letters), or in a dialog are words.
  return Boolean(target && target.closest && target.closest(
    "input, textarea, select, [contenteditable=''], [contenteditable=true], [role=grid], dialog"));
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "n" && event.key !== "N") return;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  if (typing(event.target) || !nextLink || nextLink.hidden) return;
  event.preventDefault();
  window.location.assign(nextLink.href);
});

// ---- the socket ------------------------------------------------------------------------------------

let socket = null;
let retry = 0;
function reconnectLater() {
  root.dataset.live = "0";
  setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
}

function refresh() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "refresh" }));
}

// Our turn is drawn: if someone can see it, it counts as seen (no "your move" e-mail for it). A page in
// a background tab says so when it comes to the front.
let yourMove = false;
function seen() {
  if (!yourMove || document.visibilityState !== "visible") return;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "seen" }));
}
document.addEventListener("visibilitychange", seen);

function connect() {
  try { socket = new WebSocket(socketUrl(`/ws/games/${gameId}/`)); }
  catch (e) { socket = null; reconnectLater(); return; }  // refused before connecting: try again
  socket.onopen = () => {
    retry = 0;
    root.dataset.live = "1";
    // Catch up with anything broadcast before this socket opened (page load, or a dropped connection).
    refresh();
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "game") {
      applyUpdate(message);
      yourMove = Boolean(message.game.your_move);
      awaitingHere = yourMove;
      showNextGame();
      seen();
    }
    else if (message.type === "chat") document.dispatchEvent(new CustomEvent("letterpost:chat", { detail: message }));
  };
  socket.onclose = (event) => {
    // 4403: the account was suspended and signed out everywhere; reload to show the page as it now is.
    if (event.code === 4403) { window.location.reload(); return; }
    // 4429: too many sockets open (this player, address or game); 1013: the server's message bus is
    // down. Either way, not a moment later: try again in half a minute.
    if (event.code === 4429 || event.code === 1013) { root.dataset.live = "0"; setTimeout(connect, 30000); return; }
    reconnectLater();
  };
}

// "Still here" every 25 s (games/presence.py HEARTBEAT): while this page is open its player is not
// e-mailed about this game.
setInterval(() => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
}, 25000);

scrollLogs();
watchRatings();
connect();
