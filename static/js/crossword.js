// The Crossword board: place tiles by tap (square then tile, or tile then square), by dragging, or by
// keyboard (choose a square, space turns the direction, type the word, backspace takes back); recall,
// shuffle, exchange, pass and challenge.  Scores are never computed here: every change of the tentative
// placement asks the server's preview endpoint.  The fragment is re-rendered by the server after each
// update (game.js fires "letterpost:board"); we re-bind from the DOM and keep tiles placed but not sent.
import { postJson } from "./api.js";

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

// ---- drawing the tentative layer ------------------------------------------------------------------

function render() {
  if (!root) return;
  $$(".sq.pending").forEach((sq) => {
    sq.classList.remove("pending");
    const tile = sq.querySelector(".tile.tentative");
    if (tile) tile.remove();
    const prem = sq.querySelector(".prem");
    if (prem) prem.hidden = false;
  });
  $$(".sq.cursor").forEach((sq) => sq.classList.remove("cursor", "down"));
  for (const p of placed) {
    const sq = square(p.row, p.col);
    if (!sq) continue;
    sq.classList.add("pending");
    const prem = sq.querySelector(".prem");
    if (prem) prem.hidden = true;
    const tile = document.createElement("span");
    tile.className = "tile tentative" + (p.blank ? " blank" : "");
    const value = p.blank ? "" : rackButtons()[p.rack]?.dataset.value || "";
    tile.innerHTML = `${p.letter}<sub>${value}</sub>`;
    sq.appendChild(tile);
  }
  if (cursor) {
    const sq = square(cursor.row, cursor.col);
    if (sq) sq.classList.add("cursor", across ? "across" : "down");
  }
  const used = usedRack();
  rackButtons().forEach((b, i) => {
    b.classList.toggle("used", used.has(i));
    b.classList.toggle("selected", selected === i);
    b.classList.toggle("chosen", exchanging && exchangeSet.has(i));
  });
  const dir = $('[data-action="direction"]');
  if (dir) dir.textContent = across ? "→" : "↓";
  const play = $('[data-action="play"]');
  if (play) play.disabled = placed.length === 0;
  const exchange = $('[data-action="exchange"]');
  if (exchange) exchange.classList.toggle("active", exchanging);
}

function changed() {
  render();
  schedulePreview();
}

// ---- placing and taking back ----------------------------------------------------------------------

function askBlank(defaultLetter = "") {
  const answer = (window.prompt(t("blank"), defaultLetter) || "").trim().toUpperCase();
  return answer.length === 1 && ALPHABET.includes(answer) ? answer : null;
}

function placeFromRack(index, row, col, letter = null) {
  if (!onBoard(row, col) || isFilled(row, col) || placedAt(row, col)) return false;
  const button = rackButtons()[index];
  if (!button || usedRack().has(index)) return false;
  const blank = button.dataset.tile === "?";
  const shown = blank ? (letter || askBlank()) : button.dataset.tile;
  if (!shown) return false;
  placed.push({ row, col, letter: shown, blank, rack: index });
  selected = null;
  return true;
}

function takeBack(row, col) {
  const i = placed.findIndex((p) => p.row === row && p.col === col);
  if (i >= 0) placed.splice(i, 1);
}

function recall() { placed = []; selected = null; changed(); }

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

function onSquareClick(sq) {
  if (!canArrange()) return;
  const row = Number(sq.dataset.row), col = Number(sq.dataset.col);
  if (placedAt(row, col)) { takeBack(row, col); cursor = { row, col }; changed(); return; }
  if (sq.classList.contains("filled")) return;
  if (selected !== null) {
    if (placeFromRack(selected, row, col)) { cursor = null; changed(); }
    return;
  }
  if (cursor && cursor.row === row && cursor.col === col) across = !across;
  else cursor = { row, col };
  render();
  root.focus({ preventScroll: true });
}

function onRackClick(index) {
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
    if (placeFromRack(index, cursor.row, cursor.col)) { cursor = advance(cursor.row, cursor.col); changed(); }
    return;
  }
  selected = selected === index ? null : index;
  render();
}

// ---- keyboard -------------------------------------------------------------------------------------

function onKey(event) {
  if (!root || !canArrange() || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
  const key = event.key;
  if (key === "Enter" && placed.length && canPlay()) { event.preventDefault(); submitPlacement(); return; }
  if (key === "Escape") { cursor = null; selected = null; render(); return; }
  if (!cursor) return;
  const moves = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
  if (moves[key]) {
    const [dr, dc] = moves[key];
    if (onBoard(cursor.row + dr, cursor.col + dc)) cursor = { row: cursor.row + dr, col: cursor.col + dc };
    event.preventDefault(); render(); return;
  }
  if (key === " " || key === "/") { across = !across; event.preventDefault(); render(); return; }
  if (key === "Backspace") {
    event.preventDefault();
    const last = placed[placed.length - 1];
    if (last) { takeBack(last.row, last.col); cursor = { row: last.row, col: last.col }; changed(); }
    return;
  }
  const letter = key.length === 1 ? key.toUpperCase() : "";
  if (!ALPHABET.includes(letter) || !letter) return;
  event.preventDefault();
  if (isFilled(cursor.row, cursor.col) || placedAt(cursor.row, cursor.col)) {
    const next = advance(cursor.row, cursor.col);
    if (!next) return;
    cursor = next;
  }
  // Shift+letter asks for a blank explicitly; otherwise a rack tile of that letter, else a blank.
  let index = event.shiftKey ? rackIndexFor("?") : rackIndexFor(letter);
  if (index < 0) return;
  if (event.shiftKey && rackButtons()[index].dataset.tile !== "?") return;
  if (placeFromRack(index, cursor.row, cursor.col, letter)) {
    cursor = advance(cursor.row, cursor.col) || cursor;
    changed();
  }
}

// ---- dragging (pointer events: mouse, pen and touch alike) ----------------------------------------

let drag = null;

function onPointerDown(event) {
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
    drag.ghost.textContent = p ? p.letter : source.textContent;
    document.body.appendChild(drag.ghost);
  }
  event.preventDefault();
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
}

function onPointerUp(event) {
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
    else placeFromRack(d.index, row, col);
  } else if (moved && (!sq || over.closest("#cw-rack"))) {
    takeBack(moved.row, moved.col);  // dropped off the board: back to the rack
  }
  changed();
}

let suppressClick = false;

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

function schedulePreview() {
  clearTimeout(previewTimer);
  const box = $("#cw-preview");
  if (!box) return;
  if (!placed.length) { box.innerHTML = ""; box.className = "cw-preview"; return; }
  previewTimer = setTimeout(runPreview, 150);
}

async function runPreview() {
  const box = $("#cw-preview");
  if (!box || !placed.length) return;
  const seq = ++previewSeq;
  let result;
  try { result = await postJson(root.dataset.previewUrl, { move: placementMove() }); }
  catch (e) { return; }
  if (seq !== previewSeq) return;  // a newer placement is being previewed
  const current = $("#cw-preview");
  if (!current) return;
  current.replaceChildren();
  if (result.ok) {
    current.className = "cw-preview ok";
    const data = result.data;
    for (const w of data.words) {
      const row = document.createElement("div");
      row.className = "word";
      row.textContent = `${w.word} (${w.start} ${w.across ? t("across") : t("down")}) ${w.score}`;
      current.appendChild(row);
    }
    if (data.bingo) {
      const bingo = document.createElement("div");
      bingo.className = "word bingo";
      bingo.textContent = t("bingo");
      current.appendChild(bingo);
    }
    const total = document.createElement("div");
    total.className = "total";
    total.textContent = `${t("score")}: ${data.score}`;
    current.appendChild(total);
  } else {
    current.className = "cw-preview refused";
    current.textContent = result.data ? `${result.data.message}` : "";
  }
}

async function submit(move) {
  const send = window.letterpostSubmitMove;
  if (send) return send(move);
  document.dispatchEvent(new CustomEvent("letterpost:move", { detail: move }));
  return true;
}

async function submitPlacement() {
  if (!placed.length || !canPlay()) return;
  const ok = await submit(placementMove());
  if (ok) { placed = []; cursor = null; selected = null; rackOrder = null; changed(); }
}

async function onAction(action) {
  if (action === "play") return submitPlacement();
  if (action === "recall") return recall();
  if (action === "shuffle") return shuffle();
  if (action === "direction") { across = !across; return render(); }
  if (action === "pass") { if (window.confirm(t("pass"))) await submit({ type: "pass" }); return; }
  if (action === "accept") { if (window.confirm(t("accept"))) await submit({ type: "pass" }); return; }
  if (action === "challenge") { if (window.confirm(t("challenge"))) await submit({ type: "challenge" }); return; }
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
    const ok = await submit({ type: "exchange", tiles });
    if (ok) { exchanging = false; exchangeSet = new Set(); rackOrder = null; }
    render();
  }
}

// ---- binding ----------------------------------------------------------------------------------------

function bind() {
  root = document.getElementById("cw");
  if (!root) return;
  root.tabIndex = -1;  // focusable, so typing goes to the board after a square is chosen
  applyRackOrder();
  // Keep the tentative placement where it still fits: squares free and the tiles still on the rack.
  const buttons = rackButtons();
  const kept = [];
  const taken = new Set();
  for (const p of placed) {
    if (isFilled(p.row, p.col)) continue;
    const want = p.blank ? "?" : p.letter;
    const i = buttons.findIndex((b, k) => !taken.has(k) && b.dataset.tile === want);
    if (i < 0) continue;
    taken.add(i);
    kept.push({ ...p, rack: i });
  }
  placed = kept;
  if (cursor && isFilled(cursor.row, cursor.col)) cursor = null;
  selected = null;
  if (exchanging && !$('[data-action="exchange"]')) { exchanging = false; exchangeSet = new Set(); }
  changed();
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
document.addEventListener("keydown", onKey);
document.addEventListener("pointerdown", onPointerDown);
document.addEventListener("pointermove", onPointerMove, { passive: false });
document.addEventListener("pointerup", onPointerUp);
document.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });
document.addEventListener("letterpost:board", bind);
bind();
