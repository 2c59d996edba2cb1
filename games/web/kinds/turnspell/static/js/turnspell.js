// The Turnspell board: tap a tile at your arm, then a cell of your board (a blank asks for its
// letter), optionally a tile to return, then send; or clear a row or column.  The fragment is
// re-rendered by the server on every change (game.js swaps it in and fires "letterpost:board"), so
// the choice being built lives here and is laid back onto each new fragment while the turn lasts.
// The board's spin after a turn is a CSS animation started when the turn number goes up.
// Every control is a button, so the keyboard works as the mouse does (Tab, Enter or Space); the
// chosen tile, clear button and "return" state are announced through aria-pressed.
import { askLetter } from "./letter_dialog.js";

let pick = null;      // {turn, take, letter, blank, row, col, ret: {row, col, letter, penalty}} or {turn, clear, index}
let returning = false; // the player is choosing a tile to return
let lastTurn = null;

const $ = (root, sel) => root.querySelector(sel);
const $$ = (root, sel) => Array.from(root.querySelectorAll(sel));

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

// The stylesheet link sits in the fragment; a copy in <head> keeps the page styled while a newly
// swapped fragment's link is (re)applied.
function keepStylesheet(root) {
  const link = $(root, "link[data-turnspell-css]");
  if (link && !document.head.querySelector("link[data-turnspell-css]")) {
    document.head.appendChild(link.cloneNode());
  }
}

function spinIfTurned(root) {
  const turn = Number(root.dataset.turn);
  if (lastTurn !== null && turn > lastTurn) {
    const ring = $(root, ".ts-ring");
    ring && ring.classList.add("spinning");
    const note = $(root, ".ts-rotation-note");
    note && note.classList.add("fresh");
    const turned = $(root, ".ts-turned");
    turned && turned.classList.add("fresh");
  }
  // A new turn: whatever was being built belonged to the last one.
  if (pick && pick.turn !== turn) { pick = null; returning = false; }
  lastTurn = turn;
}

// Line cells of the player's board that would be full after placing at (row, col): a possible word,
// whose points may pay for a return.
function completesLine(root, row, col) {
  const filled = (r, c) => (r === row && c === col) || Boolean($(root, `.ts-grid.mine .ts-cell[data-row="${r}"][data-col="${c}"]`)?.dataset.letter);
  const rowFull = [0, 1, 2, 3].every((c) => filled(row, c));
  const colFull = [0, 1, 2, 3].every((r) => filled(r, col));
  return rowFull || colFull;
}

function render(root) {
  const msg = root.dataset;
  const hint = $(root, ".ts-hint");
  const pending = $(root, ".ts-pending");
  if (!hint || !pending) return;
  const score = Number(msg.score || 0);
  $$(root, ".ts-tile.selected, .ts-cell.selected, .ts-cell.placing, .ts-cell.returning, .ts-clear.selected")
    .forEach((el) => el.classList.remove("selected", "placing", "returning"));
  $$(root, ".ts-tile[data-take], .ts-clear").forEach((el) => el.setAttribute("aria-pressed", "false"));
  $$(root, ".ts-cell .ts-preview").forEach((el) => el.remove());
  const grid = $(root, ".ts-grid.mine");
  grid.classList.toggle("picking-return", returning);
  $$(root, ".ts-grid.mine .ts-cell.filled").forEach((cell) => {
    const penalty = Number(cell.dataset.penalty);
    const canCover = pick && pick.row !== undefined && (penalty <= score || completesLine(root, pick.row, pick.col));
    cell.classList.toggle("unaffordable", returning && !canCover);
  });

  if (!pick) {
    hint.textContent = msg.msgPickTile;
    pending.hidden = true;
    return;
  }
  if (pick.clear) {
    const clear = $(root, `.ts-clear[data-clear="${pick.clear}"][data-index="${pick.index}"]`);
    if (clear) { clear.classList.add("selected"); clear.setAttribute("aria-pressed", "true"); }
    hint.textContent = "";
    $(root, ".ts-summary").textContent = fill(pick.clear === "row" ? msg.msgClearRow : msg.msgClearCol, { n: pick.index + 1 });
    $(root, ".ts-return").disabled = true;
    pending.hidden = false;
    return;
  }
  const taken = $(root, `.ts-tile[data-take="${pick.take}"]`);
  if (taken) { taken.classList.add("selected"); taken.setAttribute("aria-pressed", "true"); }
  if (pick.row === undefined) {
    hint.textContent = fill(msg.msgPickCell, { letter: pick.letter });
    pending.hidden = true;
    return;
  }
  const target = $(root, `.ts-grid.mine .ts-cell[data-row="${pick.row}"][data-col="${pick.col}"]`);
  if (target) {
    target.classList.add("placing");
    const preview = document.createElement("b");
    preview.className = "ts-preview";
    preview.textContent = pick.letter;
    target.appendChild(preview);
  }
  let summary = fill(msg.msgPlace, { letter: pick.letter, row: pick.row + 1, col: pick.col + 1 });
  if (pick.ret) {
    $(root, `.ts-grid.mine .ts-cell[data-row="${pick.ret.row}"][data-col="${pick.ret.col}"]`)?.classList.add("returning");
    summary += " " + fill(msg.msgReturn, { letter: pick.ret.letter, penalty: pick.ret.penalty });
  }
  $(root, ".ts-summary").textContent = summary;
  hint.textContent = returning ? msg.msgPickReturn : "";
  const returnButton = $(root, ".ts-return");
  returnButton.disabled = !$(root, ".ts-grid.mine .ts-cell.filled");
  returnButton.classList.toggle("selected", returning || Boolean(pick.ret));
  returnButton.setAttribute("aria-pressed", returning || pick.ret ? "true" : "false");
  pending.hidden = false;
}

async function onClick(root, event) {
  if (root.dataset.canChoose !== "1") return;
  const turn = Number(root.dataset.turn);
  const tile = event.target.closest(".ts-tile[data-take]");
  const cell = event.target.closest(".ts-grid.mine .ts-cell");
  const clear = event.target.closest(".ts-clear");
  const msg = root.dataset;

  if (tile && !tile.disabled) {
    let letter = tile.dataset.letter;
    const blank = letter === "?";
    if (blank) {
      const answer = await askLetter({ title: msg.msgBlank, label: msg.msgLetter, ok: msg.msgOk, cancel: msg.msgCancel });
      if (!answer || !root.isConnected) return;
      letter = answer;
    }
    const keep = pick && !pick.clear && pick.row !== undefined ? { row: pick.row, col: pick.col } : {};
    pick = { turn, take: Number(tile.dataset.take), letter, blank, ...keep };
    returning = false;
  } else if (cell && !cell.disabled) {
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    if (returning && cell.dataset.letter && pick && pick.row !== undefined) {
      if (row === pick.row && col === pick.col) return;
      if (cell.classList.contains("unaffordable")) {
        $(root, ".ts-hint").textContent = fill(msg.msgCannotAfford, { letter: cell.dataset.letter, penalty: cell.dataset.penalty });
        return;
      }
      const same = pick.ret && pick.ret.row === row && pick.ret.col === col;
      pick.ret = same ? undefined : { row, col, letter: cell.dataset.letter, penalty: Number(cell.dataset.penalty) };
      returning = false;
    } else if (!cell.dataset.letter) {
      if (!pick || pick.clear) { $(root, ".ts-hint").textContent = msg.msgPickTile; return; }
      pick.row = row;
      pick.col = col;
      if (pick.ret && pick.ret.row === row && pick.ret.col === col) pick.ret = undefined;
    } else {
      return;
    }
  } else if (clear && !clear.disabled) {
    pick = { turn, clear: clear.dataset.clear, index: Number(clear.dataset.index) };
    returning = false;
  } else if (event.target.closest(".ts-return")) {
    returning = !returning;
  } else if (event.target.closest(".ts-cancel")) {
    pick = null;
    returning = false;
  } else if (event.target.closest(".ts-submit")) {
    submit(root);
    return;
  } else {
    return;
  }
  render(root);
}

function submit(root) {
  if (!pick) return;
  let move;
  if (pick.clear) {
    move = { type: "clear", [pick.clear]: pick.index };
  } else {
    if (pick.row === undefined) return;
    move = { type: "place", take: pick.take, row: pick.row, col: pick.col };
    if (pick.blank) move.letter = pick.letter;
    if (pick.ret) move.return = { row: pick.ret.row, col: pick.ret.col };
  }
  $(root, ".ts-submit").disabled = true;
  // game.js posts it, shows any refusal beside the board and refreshes the fragment on success.
  document.dispatchEvent(new CustomEvent("letterpost:move", { detail: move }));
  setTimeout(() => { const b = $(root, ".ts-submit"); if (b) b.disabled = false; }, 1500);
}

function bind() {
  const root = document.getElementById("turnspell");
  if (!root) return;
  keepStylesheet(root);
  spinIfTurned(root);
  if (root.dataset.canChoose !== "1") { pick = null; returning = false; }
  if (!root.dataset.bound) {
    root.dataset.bound = "1";
    root.addEventListener("click", (event) => onClick(root, event));
  }
  render(root);
}

document.addEventListener("letterpost:board", bind);
bind();
