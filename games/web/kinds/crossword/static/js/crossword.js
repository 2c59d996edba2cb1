// The Crossword board: place tiles by tap (square then tile, or tile then square), by dragging, or by
// keyboard.  The board is an ARIA grid with a roving tabindex: Tab reaches it once, the arrow keys move
// between squares, letters typed place rack tiles in the typing direction (Shift+letter uses a blank),
// space turns the direction, Backspace takes the last tile back, Escape takes them all back, Enter plays.
// Recall, shuffle, exchange, pass and challenge.  Scores are never computed here: every change of the
// tentative placement asks the server's preview endpoint, and Play stays disabled, with the reason beside
// it, while the server says the play is illegal.  The fragment is re-rendered by the server after each
// update (game.js fires "letterpost:board"); we re-bind from the DOM and keep tiles placed but not sent.
import { postJson } from "./api.js";
import { askLetter } from "./letter_dialog.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// Tentative state that survives a re-render of the fragment.
let placed = [];        // [{row, col, letter, blank, rack}] rack = index into the rack buttons
let cursor = null;      // {row, col} where typing goes
let across = true;
let selected = null;    // rack index chosen first (tile then square)
let exchanging = false; // choosing tiles to exchange
let exchangeSet = new Set();
let rackOrder = null;   // local shuffle: list of letters in display order
let previewTimer = null;
let previewSeq = 0;
let preview = { state: "none", done: Promise.resolve() };  // none | pending | ok | refused | unknown
let root = null;

const $ = (sel, el = root) => el.querySelector(sel);
const $$ = (sel, el = root) => Array.from(el.querySelectorAll(sel));
const t = (name) => (root && root.dataset["t" + name[0].toUpperCase() + name.slice(1)]) || name;

function square(row, col) { return $(`.sq[data-row="${row}"][data-col="${col}"]`); }
function rackButtons() { return $$("#cw-rack .rack-tile"); }
function isFilled(row, col) { const sq = square(row, col); return !sq || sq.classList.contains("filled"); }
function placedAt(row, col) { return placed.find((p) => p.row === row && p.col === col); }
function usedRack() { return new Set(placed.map((p) => p.rack)); }
function onBoard(row, col) { return row >= 0 && row < 15 && col >= 0 && col < 15; }
function canPlay() { return root && root.dataset.yourMove === "1" && root.dataset.phase === "play"; }
function canArrange() { return root && root.dataset.seat !== "" && root.dataset.status === "active" && !!$("#cw-rack"); }

function say(text) {
  const announcer = document.getElementById("game-announcer");
  if (announcer && text) announcer.textContent = text;
}

// ---- the roving tabindex ----------------------------------------------------------------------------

function rove(sq) {
  if (!sq) return;
  for (const other of $$(".sq[tabindex='0']")) if (other !== sq) other.tabIndex = -1;
  sq.tabIndex = 0;
}

function focusSquare(row, col) {
  const sq = square(row, col);
  if (!sq) return;
  rove(sq);
  sq.focus({ preventScroll: false });
}

// On a phone the board is wider than its frame: when the cursor moves, the frame scrolls (the least it
// can) to keep the cursor's square in view.
let shownCursor = null;
function followCursor(sq) {
  const key = `${sq.dataset.row},${sq.dataset.col}`;
  if (key === shownCursor) return;
  shownCursor = key;
  const frame = sq.closest(".cw-board-wrap");
  if (frame && frame.scrollWidth > frame.clientWidth) sq.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// ---- drawing the tentative layer ------------------------------------------------------------------

function render() {
  if (!root) return;
  // Tentative tiles are redrawn only where they changed: a tap's target must survive until its click.
  const wanted = new Map(placed.map((p) => [`${p.row},${p.col}`, p]));
  $$(".sq.pending").forEach((sq) => {
    const p = wanted.get(`${sq.dataset.row},${sq.dataset.col}`);
    const tile = sq.querySelector(".tile.tentative");
    if (p && tile && tile.dataset.letter === p.letter && tile.classList.contains("blank") === p.blank) return;
    sq.classList.remove("pending");
    if (tile) tile.remove();
    const prem = sq.querySelector(".prem");
    if (prem) prem.hidden = false;
    sq.setAttribute("aria-label", sq.dataset.label);
  });
  $$(".sq.cursor").forEach((sq) => sq.classList.remove("cursor", "across", "down"));
  for (const p of placed) {
    const sq = square(p.row, p.col);
    if (!sq || sq.classList.contains("pending")) continue;
    sq.classList.add("pending");
    const prem = sq.querySelector(".prem");
    if (prem) prem.hidden = true;
    const tile = document.createElement("span");
    tile.className = "tile tentative" + (p.blank ? " blank" : "");
    tile.dataset.letter = p.letter;
    const value = p.blank ? "" : rackButtons()[p.rack]?.dataset.value || "";
    const sub = document.createElement("sub");
    sub.textContent = value;
    tile.append(p.letter, " ", sub);
    sq.appendChild(tile);
    // The name starts with what the square shows ("W 4"), as for the tiles already played.
    sq.setAttribute("aria-label", `${sq.dataset.name}, ${p.letter} ${value}, ${t("notPlayed")}`.replace(" ,", ","));
  }
  if (cursor) {
    const sq = square(cursor.row, cursor.col);
    if (sq) { sq.classList.add("cursor", across ? "across" : "down"); rove(sq); followCursor(sq); }
  } else {
    shownCursor = null;
  }
  const used = usedRack();
  rackButtons().forEach((b, i) => {
    b.classList.toggle("used", used.has(i));
    b.classList.toggle("selected", selected === i);
    b.classList.toggle("chosen", exchanging && exchangeSet.has(i));
    b.setAttribute("aria-pressed", selected === i || (exchanging && exchangeSet.has(i)) ? "true" : "false");
  });
  const dir = $('[data-action="direction"]');
  if (dir) dir.textContent = across ? "→" : "↓";
  const play = $('[data-action="play"]');
  // Disabled while the server says the play is illegal; while it is still checking, Play waits for it.
  if (play) play.disabled = placed.length === 0 || preview.state === "refused";
  const exchange = $('[data-action="exchange"]');
  if (exchange) { exchange.classList.toggle("active", exchanging); exchange.setAttribute("aria-pressed", exchanging ? "true" : "false"); }
}

function changed() {
  schedulePreview();
  render();
  store();
}

// ---- kept in the browser over a reload ------------------------------------------------------------
// The tentative tiles are kept in localStorage per game, seat and turn (the game's turn version): once
// anyone has moved, the key no longer matches and what was kept is dropped.

const STORE_PREFIX = "letterpost:cw:";

function storeKey() {
  if (!root || !root.dataset.game || root.dataset.seat === "") return null;
  return `${STORE_PREFIX}${root.dataset.game}:${root.dataset.seat}:`;
}

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function store() {
  const key = storeKey();
  const box = storage();
  if (!key || !box) return;
  const here = key + (root.dataset.turnVersion || "");
  try {
    for (let i = box.length - 1; i >= 0; i--) {  // older turns of this game
      const k = box.key(i);
      if (k && k.startsWith(key) && k !== here) box.removeItem(k);
    }
    if (placed.length && canArrange()) {
      box.setItem(here, JSON.stringify(placed.map(({ row, col, letter, blank }) => ({ row, col, letter, blank }))));
    } else {
      box.removeItem(here);
    }
  } catch (e) { /* storage full or refused: nothing is kept */ }
}

function stored() {
  const key = storeKey();
  const box = storage();
  if (!key || !box || !canArrange()) return [];
  try {
    const kept = JSON.parse(box.getItem(key + (root.dataset.turnVersion || "")) || "[]");
    return Array.isArray(kept) ? kept.filter((p) => p && onBoard(p.row, p.col) && typeof p.letter === "string"
      && ALPHABET.includes(p.letter) && p.letter.length === 1) : [];
  } catch (e) { return []; }
}

// ---- placing and taking back ----------------------------------------------------------------------

function askBlank(current = "") {
  return askLetter({ title: t("blank"), label: t("letter"), ok: t("ok"), cancel: t("cancel"), current });
}

// Puts rack tile `index` on (row, col); a blank needs its letter (asked when not given).
async function placeFromRack(index, row, col, letter = null) {
  if (!onBoard(row, col) || isFilled(row, col) || placedAt(row, col)) return false;
  const button = rackButtons()[index];
  if (!button || usedRack().has(index)) return false;
  const blank = button.dataset.tile === "?";
  const shown = blank ? (letter || await askBlank()) : button.dataset.tile;
  if (!shown || placedAt(row, col) || usedRack().has(index)) return false;
  placed.push({ row, col, letter: shown, blank, rack: index });
  selected = null;
  return true;
}

function takeBack(row, col) {
  const i = placed.findIndex((p) => p.row === row && p.col === col);
  if (i >= 0) placed.splice(i, 1);
}

// Recall takes every tile back and forgets the cursor: a tile chosen next goes where the player taps.
function recall() { placed = []; selected = null; cursor = null; changed(); }

function advance(row, col, step = 1) {
  // The next square in the typing direction that is free (tiles already on the board are skipped).
  let r = row, c = col;
  do { if (across) c += step; else r += step; } while (onBoard(r, c) && (isFilled(r, c) || (step > 0 && placedAt(r, c))));
  return onBoard(r, c) ? { row: r, col: c } : null;
}

function rackIndexFor(letter) {
  const used = usedRack();
  const buttons = rackButtons();
  let i = buttons.findIndex((b, k) => !used.has(k) && b.dataset.tile === letter);
  if (i < 0) i = buttons.findIndex((b, k) => !used.has(k) && b.dataset.tile === "?");
  return i;
}

// ---- clicks and taps ------------------------------------------------------------------------------

let cursorBeforePointer = null;  // a second tap on the chosen square turns the typing direction

async function onSquareClick(sq) {
  if (!canArrange()) { rove(sq); return; }
  const row = Number(sq.dataset.row), col = Number(sq.dataset.col);
  const before = cursorBeforePointer;
  cursorBeforePointer = null;
  cursor = { row, col };
  if (placedAt(row, col)) { takeBack(row, col); changed(); return; }
  if (sq.classList.contains("filled")) { render(); return; }
  if (selected !== null) {
    if (await placeFromRack(selected, row, col)) changed();
    return;
  }
  if (before && before.row === row && before.col === col) {
    across = !across;
    say(t("typing").replace("{direction}", across ? t("across") : t("down")));
  }
  render();
}

async function onRackClick(index) {
  if (!canArrange()) return;
  if (exchanging) {
    exchangeSet.has(index) ? exchangeSet.delete(index) : exchangeSet.add(index);
    render();
    return;
  }
  if (usedRack().has(index)) {  // a tile already on the board: take it back
    const p = placed.find((q) => q.rack === index);
    if (p) takeBack(p.row, p.col);
    changed();
    return;
  }
  if (cursor && !isFilled(cursor.row, cursor.col) && !placedAt(cursor.row, cursor.col)) {
    if (await placeFromRack(index, cursor.row, cursor.col)) { cursor = advance(cursor.row, cursor.col) || cursor; changed(); }
    return;
  }
  selected = selected === index ? null : index;
  render();
}

// ---- keyboard: only while a square of the board has the focus --------------------------------------

const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

function onKey(event) {
  if (!root || event.ctrlKey || event.metaKey || event.altKey) return;
  const sq = event.target.closest && event.target.closest(".crossword .sq");
  if (!sq || !root.contains(sq)) return;
  const row = Number(sq.dataset.row), col = Number(sq.dataset.col);
  const key = event.key;
  if (ARROWS[key]) {
    const [dr, dc] = ARROWS[key];
    event.preventDefault();
    if (onBoard(row + dr, col + dc)) { cursor = { row: row + dr, col: col + dc }; render(); focusSquare(cursor.row, cursor.col); }
    return;
  }
  if (key === "Home" || key === "End") {
    event.preventDefault();
    cursor = { row, col: key === "Home" ? 0 : 14 };
    render();
    focusSquare(cursor.row, cursor.col);
    return;
  }
  if (!canArrange()) return;
  cursor = { row, col };
  if (key === "Enter") {
    event.preventDefault();
    if (placed.length && canPlay()) submitPlacement();
    return;
  }
  if (key === "Escape") {
    if (placed.length) { event.preventDefault(); recall(); say(t("cleared")); }
    selected = null;
    render();
    return;
  }
  if (key === " " || key === "/") {
    event.preventDefault();
    across = !across;
    render();
    say(t("typing").replace("{direction}", across ? t("across") : t("down")));
    return;
  }
  if (key === "Backspace" || key === "Delete") {
    event.preventDefault();
    const here = placedAt(row, col);
    const last = key === "Delete" ? here : placed[placed.length - 1];
    if (last) { takeBack(last.row, last.col); cursor = { row: last.row, col: last.col }; changed(); focusSquare(last.row, last.col); }
    return;
  }
  const letter = key.length === 1 ? key.toUpperCase() : "";
  if (!letter || !ALPHABET.includes(letter)) return;
  event.preventDefault();
  if (isFilled(row, col) || placedAt(row, col)) {
    const next = advance(row, col);
    if (!next) return;
    cursor = next;
  }
  // Shift+letter asks for a blank explicitly; otherwise a rack tile of that letter, else a blank.
  const index = event.shiftKey ? rackIndexFor("?") : rackIndexFor(letter);
  if (index < 0) return;
  if (event.shiftKey && rackButtons()[index].dataset.tile !== "?") return;
  const at = cursor;
  placeFromRack(index, at.row, at.col, letter).then((ok) => {
    if (!ok) return;
    cursor = advance(at.row, at.col) || at;
    changed();
    focusSquare(cursor.row, cursor.col);
  });
}

// ---- dragging (pointer events: mouse, pen and touch alike) ----------------------------------------

let drag = null;
let suppressClick = false;

function onPointerDown(event) {
  if (event.target.closest && event.target.closest(".crossword .sq")) cursorBeforePointer = cursor && { ...cursor };
  if (!canArrange() || exchanging || event.button > 0) return;
  const rackTile = event.target.closest(".rack-tile");
  const pendingSq = event.target.closest(".sq.pending");
  if (!rackTile && !pendingSq) return;
  let index;
  if (rackTile) {
    index = rackButtons().indexOf(rackTile);
    if (usedRack().has(index)) return;
  } else {
    const p = placedAt(Number(pendingSq.dataset.row), Number(pendingSq.dataset.col));
    if (!p) return;
    index = p.rack;
  }
  drag = { index, from: pendingSq ? { row: Number(pendingSq.dataset.row), col: Number(pendingSq.dataset.col) } : null,
           x: event.clientX, y: event.clientY, ghost: null, pointer: event.pointerId };
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;  // still a tap
    const source = rackButtons()[drag.index];
    drag.ghost = document.createElement("span");
    drag.ghost.className = "tile cw-ghost" + (source.dataset.tile === "?" ? " blank" : "");
    const p = drag.from && placedAt(drag.from.row, drag.from.col);
    drag.ghost.textContent = p ? p.letter : (source.dataset.tile === "?" ? "" : source.dataset.tile);
    document.body.appendChild(drag.ghost);
  }
  event.preventDefault();
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
}

async function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;  // a tap: the click handler deals with it
  d.ghost.remove();
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  const over = document.elementFromPoint(event.clientX, event.clientY);
  const sq = over && over.closest(".crossword .sq");
  const moved = d.from && placedAt(d.from.row, d.from.col);
  if (sq && !sq.classList.contains("filled") && !sq.classList.contains("pending")) {
    const row = Number(sq.dataset.row), col = Number(sq.dataset.col);
    if (moved) { moved.row = row; moved.col = col; }
    else await placeFromRack(d.index, row, col);
  } else if (moved && (!sq || over.closest("#cw-rack"))) {
    takeBack(moved.row, moved.col);  // dropped off the board: back to the rack
  }
  changed();
}

// ---- rack order ------------------------------------------------------------------------------------

function shuffle() {
  const rack = $("#cw-rack");
  if (!rack) return;
  // Only the display order changes: keep placed tiles tied to their buttons by moving the nodes.
  const buttons = rackButtons();
  const byNode = new Map(buttons.map((b, i) => [b, i]));
  const order = buttons.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.forEach((b) => rack.appendChild(b));
  const remap = new Map(order.map((b, i) => [byNode.get(b), i]));
  placed.forEach((p) => { p.rack = remap.get(p.rack); });
  exchangeSet = new Set([...exchangeSet].map((i) => remap.get(i)));
  if (selected !== null) selected = remap.get(selected);
  rackOrder = order.map((b) => b.dataset.tile);
  render();
}

function applyRackOrder() {
  // After a re-render, show the rack in the player's last order when the tiles are the same.
  const rack = $("#cw-rack");
  if (!rack || !rackOrder) return;
  const buttons = rackButtons();
  const letters = buttons.map((b) => b.dataset.tile);
  if (letters.slice().sort().join("") !== rackOrder.slice().sort().join("")) { rackOrder = null; return; }
  const pool = buttons.slice();
  for (const letter of rackOrder) {
    const i = pool.findIndex((b) => b.dataset.tile === letter);
    rack.appendChild(pool.splice(i, 1)[0]);
  }
}

// ---- server calls ---------------------------------------------------------------------------------

function placementMove() {
  return { type: "place", tiles: placed.map((p) => ({ row: p.row, col: p.col, letter: p.letter, blank: p.blank })) };
}

let finishPending = () => {};

function schedulePreview() {
  clearTimeout(previewTimer);
  previewSeq++;  // any answer still on its way is for an older placement
  finishPending();  // nobody waits for an older placement's answer
  const box = $("#cw-preview");
  if (!box || !placed.length) {
    preview = { state: "none", done: Promise.resolve() };
    if (box && !exchanging) { box.replaceChildren(); box.className = "cw-preview"; }
    return;
  }
  let finish;
  preview = { state: "pending", done: new Promise((resolve) => { finish = resolve; }) };
  finishPending = finish;
  box.className = "cw-preview pending";
  box.textContent = t("checking");
  previewTimer = setTimeout(() => runPreview(finish), 150);
}

async function runPreview(finish) {
  const seq = previewSeq;
  let result = null;
  try { result = await postJson(root.dataset.previewUrl, { move: placementMove() }); }
  catch (e) { result = null; }
  if (seq !== previewSeq) { finish(); return; }  // a newer placement is being previewed
  const current = $("#cw-preview");
  if (!result || !result.ok) {
    // The server could not say: let the play itself be the judge.
    preview.state = "unknown";
    if (current) { current.replaceChildren(); current.className = "cw-preview"; }
  } else if (result.data.legal) {
    preview.state = "ok";
    preview.data = result.data;
    if (current) showScore(current, result.data);
  } else {
    preview.state = "refused";
    if (current) {
      current.className = "cw-preview refused";
      current.textContent = (result.data && result.data.message) || "";
    }
  }
  finish();
  render();
}

function showScore(box, data) {
  box.replaceChildren();
  box.className = "cw-preview ok";
  for (const w of data.words) {
    const row = document.createElement("div");
    row.className = "word";
    row.textContent = `${w.word} (${w.start} ${w.across ? t("across") : t("down")}) ${w.score}`;
    box.appendChild(row);
  }
  if (data.bingo) {
    const bingo = document.createElement("div");
    bingo.className = "word bingo";
    bingo.textContent = t("bingo");
    box.appendChild(bingo);
  }
  const total = document.createElement("div");
  total.className = "total";
  total.textContent = `${t("score")}: ${data.score}`;
  box.appendChild(total);
}

// The move confirmation's question for a placement (game.js asks it when the player confirms moves):
// the main word and the score, as the server's preview counted them.
window.letterpostMoveText = (move) => {
  if (move.type !== "place" || preview.state !== "ok" || !preview.data || !preview.data.words.length) return null;
  return t("confirmPlay").replace("{word}", preview.data.words[0].word).replace("{score}", String(preview.data.score));
};

// { confirmed: true }: the player was asked already (Pass, Exchange ...): game.js does not ask again.
async function submit(move, options) {
  const send = window.letterpostSubmitMove;
  if (send) return send(move, options);
  document.dispatchEvent(new CustomEvent("letterpost:move", { detail: move }));
  return true;
}

async function submitPlacement() {
  if (!placed.length || !canPlay()) return;
  await preview.done;  // Play or Enter pressed while the preview was on its way
  if (preview.state === "refused" || !placed.length) return;
  const ok = await submit(placementMove());
  if (ok) { placed = []; cursor = null; selected = null; rackOrder = null; changed(); }
}

async function onAction(action) {
  if (action === "play") return submitPlacement();
  if (action === "recall") return recall();
  if (action === "shuffle") return shuffle();
  if (action === "direction") {
    across = !across;
    render();
    say(t("typing").replace("{direction}", across ? t("across") : t("down")));
    return;
  }
  const asked = { confirmed: true };
  if (action === "pass") { if (window.confirm(t("pass"))) await submit({ type: "pass" }, asked); return; }
  if (action === "accept") { if (window.confirm(t("accept"))) await submit({ type: "pass" }, asked); return; }
  if (action === "challenge") { if (window.confirm(t("challenge"))) await submit({ type: "challenge" }, asked); return; }
  if (action === "exchange") {
    if (!exchanging) {
      recall();
      exchanging = true; exchangeSet = new Set();
      $("#cw-preview").textContent = t("exchangeNone");
      return render();
    }
    const buttons = rackButtons();
    const tiles = [...exchangeSet].map((i) => buttons[i].dataset.tile).join("");
    if (!tiles) { exchanging = false; $("#cw-preview").textContent = ""; return render(); }
    if (!window.confirm(`${t("exchangeConfirm")} ${tiles}`)) return;
    const ok = await submit({ type: "exchange", tiles }, asked);
    if (ok) { exchanging = false; exchangeSet = new Set(); rackOrder = null; }
    render();
  }
}

// ---- binding ----------------------------------------------------------------------------------------

function bind() {
  root = document.getElementById("cw");
  if (!root) return;
  applyRackOrder();
  // After a reload: the tiles kept in the browser for this game and turn.
  if (!placed.length) placed = stored().map((p) => ({ ...p, blank: !!p.blank }));
  // Keep the tentative placement where it still fits: squares free and the tiles still on the rack.
  const buttons = rackButtons();
  const kept = [];
  const taken = new Set();
  for (const p of placed) {
    if (isFilled(p.row, p.col) || kept.some((q) => q.row === p.row && q.col === p.col)) continue;
    const want = p.blank ? "?" : p.letter;
    const i = buttons.findIndex((b, k) => !taken.has(k) && b.dataset.tile === want);
    if (i < 0) continue;
    taken.add(i);
    kept.push({ ...p, rack: i });
  }
  placed = kept;
  selected = null;
  if (exchanging && !$('[data-action="exchange"]')) { exchanging = false; exchangeSet = new Set(); }
  if (cursor && !square(cursor.row, cursor.col)) cursor = null;
  changed();  // the fresh fragment's preview box is empty: ask again for what is still placed
}

document.addEventListener("click", (event) => {
  if (!root || !root.isConnected || suppressClick) return;
  const action = event.target.closest(".crossword [data-action]");
  if (action) { event.preventDefault(); onAction(action.dataset.action); return; }
  const tile = event.target.closest(".crossword .rack-tile");
  if (tile) { onRackClick(rackButtons().indexOf(tile)); return; }
  const sq = event.target.closest(".crossword .sq");
  if (sq) onSquareClick(sq);
});
// A square that takes the focus (Tab, a click, an arrow key) is where typing goes.
document.addEventListener("focusin", (event) => {
  const sq = event.target.closest && event.target.closest(".crossword .sq");
  if (!sq || !root || !root.contains(sq)) return;
  rove(sq);
  const row = Number(sq.dataset.row), col = Number(sq.dataset.col);
  if (!cursor || cursor.row !== row || cursor.col !== col) { cursor = { row, col }; render(); }
});
document.addEventListener("keydown", onKey);
document.addEventListener("pointerdown", onPointerDown);
document.addEventListener("pointermove", onPointerMove, { passive: false });
document.addEventListener("pointerup", onPointerUp);
document.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });
document.addEventListener("letterpost:board", bind);
bind();
