// The Spellcrafter board.  Drafting: tap a card of the hand you hold, then "Keep".  Crafting: tap your
// picks (and the jumper) to lay them into a word, tap a letter of the word to move it (◀ ▶ or drag),
// change a Wild's letter or remove it; tap a Double to attach it to a letter.  The score, flush and
// straight come live from the server's preview endpoint (the engine's own rules), never from here.
// The fragment is re-rendered by the server on every change (game.js swaps it in and fires
// "letterpost:board"); the word being built lives in this module and in sessionStorage, and is laid
// back onto each new fragment while the round's crafting lasts.
import { postJson } from "./api.js";
import { askLetter } from "./letter_dialog.js";

let word = [];          // [{card, letter, double}] in word order
let wordKey = null;     // "game:round" the word belongs to
let selected = null;    // index of the selected letter of the word
let arming = null;      // a Double card waiting for the letter it goes on
let chosenCard = null;  // {key, card} the card tapped while drafting
let previewTimer = null;
let previewSeq = 0;

const $ = (root, sel) => root.querySelector(sel);
const $$ = (root, sel) => Array.from(root.querySelectorAll(sel));

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

// The stylesheet link sits in the fragment; a copy in <head> keeps the page styled while a newly
// swapped fragment's link is (re)applied.
function keepStylesheet(root) {
  const link = $(root, "link[data-spellcrafter-css]");
  if (link && !document.head.querySelector("link[data-spellcrafter-css]")) {
    document.head.appendChild(link.cloneNode());
  }
}

// ---- the cards on offer while crafting ------------------------------------------------------------

function trayCards(root) {
  const cards = {};
  for (const el of $$(root, ".sc-tray .sc-card")) {
    cards[el.dataset.card] = {
      id: el.dataset.card, kind: el.dataset.kind, letter: el.dataset.letter, value: Number(el.dataset.value),
      suit: el.dataset.suit, mark: el.dataset.mark, suitName: el.dataset.suitName || "",
      jumper: el.classList.contains("jumper"),
    };
  }
  return cards;
}

function storageKey(key) { return `spellcrafter:${key}`; }

function save() {
  if (!wordKey) return;
  try { sessionStorage.setItem(storageKey(wordKey), JSON.stringify(word)); } catch (e) { /* private mode */ }
}

// Bring back the word of this round (after a re-render or a reload), keeping only cards still on offer.
function restore(root) {
  const key = `${root.dataset.game}:${root.dataset.round}`;
  if (wordKey !== key) {
    wordKey = key;
    selected = null;
    arming = null;
    try { word = JSON.parse(sessionStorage.getItem(storageKey(key)) || "[]"); } catch (e) { word = []; }
  }
  const cards = trayCards(root);
  const seen = new Set();
  word = word.filter((e) => cards[e.card] && cards[e.card].kind !== "double" && !seen.has(e.card) && seen.add(e.card));
  for (const e of word) {
    if (e.double && (!cards[e.double] || seen.has(e.double))) e.double = null;
    if (e.double) seen.add(e.double);
  }
  if (selected !== null && selected >= word.length) selected = null;
  if (arming && (!cards[arming] || seen.has(arming))) arming = null;
}

function forget(root) {
  if (wordKey) { try { sessionStorage.removeItem(storageKey(wordKey)); } catch (e) { /* ignore */ } }
  word = []; selected = null; arming = null; wordKey = null;
}

function usedCards() {
  const used = new Set();
  for (const e of word) { used.add(e.card); if (e.double) used.add(e.double); }
  return used;
}

function askWild(root, current) {
  const m = root.dataset;
  return askLetter({ title: m.msgWild, label: m.msgLetter, ok: m.msgOk, cancel: m.msgCancel, current: current || "" });
}

// ---- drawing the word -------------------------------------------------------------------------------

function letterTile(cards, entry, index) {
  const card = cards[entry.card];
  const el = document.createElement("button");
  el.type = "button";
  el.className = `sc-card suit-${card.suit}${card.jumper ? " jumper" : ""}${entry.double ? " doubled" : ""}${selected === index ? " selected" : ""}`;
  el.dataset.index = String(index);
  el.draggable = true;
  const face = document.createElement("b");
  face.textContent = card.kind === "wild" ? entry.letter : card.letter;
  const value = document.createElement("small");
  value.textContent = String(card.kind === "wild" ? 0 : card.value * (entry.double ? 2 : 1));
  // Spaces between the pieces keep "E 2" two words for the accessible name check, as in the templates.
  el.append(face, " ", value, " ");
  const mark = document.createElement("i");
  mark.textContent = card.kind === "wild" ? "★" : card.mark;
  if (card.suitName) {
    mark.setAttribute("role", "img");
    mark.setAttribute("aria-label", card.suitName);
    mark.title = card.suitName;
  }
  el.appendChild(mark);
  if (entry.double) {
    const badge = document.createElement("span");
    badge.className = "sc-x2";
    badge.textContent = "×2";
    el.append(" ", badge);
  }
  el.setAttribute("aria-label", [face.textContent, value.textContent, card.suitName, entry.double ? "×2" : ""]
    .filter(Boolean).join(" "));
  el.setAttribute("aria-pressed", selected === index ? "true" : "false");
  return el;
}

function render(root) {
  const area = $(root, "[data-craft]");
  if (!area) return;
  const cards = trayCards(root);
  const used = usedCards();
  for (const el of $$(root, ".sc-tray .sc-card")) {
    el.classList.toggle("used", used.has(el.dataset.card));
    el.classList.toggle("arming", arming === el.dataset.card);
  }
  const row = $(area, ".sc-word");
  row.replaceChildren(...word.map((entry, i) => letterTile(cards, entry, i)));
  row.classList.toggle("empty", word.length === 0);
  row.classList.toggle("attaching", Boolean(arming));

  const tools = $(area, ".sc-tools");
  tools.hidden = selected === null;
  if (selected !== null) {
    const entry = word[selected];
    $(tools, '[data-tool="left"]').disabled = selected === 0;
    $(tools, '[data-tool="right"]').disabled = selected === word.length - 1;
    $(tools, '[data-tool="letter"]').hidden = cards[entry.card].kind !== "wild";
    $(tools, '[data-tool="detach"]').hidden = !entry.double;
  }
  const hint = $(area, ".sc-hint");
  hint.textContent = arming ? root.dataset.msgAttach : word.length ? "" : root.dataset.msgEmpty;
  save();
  schedulePreview(root);
}

// ---- the live score ---------------------------------------------------------------------------------

function craftMove() {
  return {
    type: "craft",
    cards: word.map((e) => {
      const out = { card: e.card };
      if (e.letter) out.letter = e.letter;
      if (e.double) out.double = e.double;
      return out;
    }),
  };
}

function schedulePreview(root) {
  clearTimeout(previewTimer);
  const box = $(root, ".sc-preview");
  const submit = $(root, ".sc-submit");
  if (!box) return;
  submit.disabled = true;
  if (!word.length) { box.replaceChildren(); box.className = "sc-preview"; return; }
  if (word.length < 3) {
    box.className = "sc-preview pending";
    box.textContent = root.dataset.msgTooShort;
  }
  previewTimer = setTimeout(() => runPreview(root), 120);
}

function badge(text, on) {
  const el = document.createElement("em");
  el.className = `sc-badge${on ? " on" : " off"}`;
  el.textContent = `${on ? "✓" : "✗"} ${text}`;
  return el;
}

function showScored(root, box, scored) {
  const line = document.createElement("div");
  line.className = "sc-line";
  line.textContent = fill(root.dataset.msgScore, scored);
  box.appendChild(line);
  const badges = document.createElement("div");
  badges.className = "sc-badges";
  badges.append(badge(root.dataset.msgFlush, scored.flush), badge(root.dataset.msgStraight, scored.straight));
  if (scored.flush && scored.straight) badges.append(badge(root.dataset.msgStraightFlush, true));
  box.appendChild(badges);
}

async function runPreview(root) {
  const seq = ++previewSeq;
  const move = craftMove();
  let result;
  try { result = await postJson(root.dataset.previewUrl, { move }); } catch (e) { return; }
  if (seq !== previewSeq) return;  // a newer arrangement is being previewed
  const live = document.getElementById("spellcrafter");
  const box = live && $(live, ".sc-preview");
  if (!box) return;
  box.replaceChildren();
  const submit = $(live, ".sc-submit");
  if (!result.ok) { box.className = "sc-preview"; return; }  // the server could not say: Submit judges
  if (result.data.legal) {
    box.className = "sc-preview ok";
    showScored(live, box, result.data);
    submit.disabled = word.length < 3;
    return;
  }
  box.className = "sc-preview bad";
  const message = document.createElement("div");
  message.className = "sc-line";
  message.textContent = result.data.message || result.data.code;
  box.appendChild(message);
  const scored = result.data.details && result.data.details.scored;
  if (scored && scored.length >= 3) {
    const would = document.createElement("div");
    would.className = "sc-would";
    would.textContent = fill(live.dataset.msgWould, scored);
    box.appendChild(would);
  }
}

// ---- taps -------------------------------------------------------------------------------------------

async function onCraftClick(root, event) {
  const cards = trayCards(root);
  const trayCard = event.target.closest(".sc-tray .sc-card");
  const letter = event.target.closest(".sc-word .sc-card");
  const tool = event.target.closest("[data-tool]");
  if (trayCard) {
    const id = trayCard.dataset.card;
    const card = cards[id];
    const at = word.findIndex((e) => e.card === id);
    const holder = word.findIndex((e) => e.double === id);
    if (at >= 0) {  // tap a used card again: it leaves the word
      word.splice(at, 1);
      selected = null;
    } else if (holder >= 0) {
      word[holder].double = null;
    } else if (card.kind === "double") {
      // Always ask for the letter next, so a letter left selected never catches it by surprise.
      if (arming === id) arming = null;
      else if (word.length) { arming = id; selected = null; }
      else { render(root); $(root, ".sc-hint").textContent = root.dataset.msgNoLetter; return; }
    } else if (card.kind === "wild") {
      const chosen = await askWild(root);
      if (!chosen || !root.isConnected) return;
      word.push({ card: id, letter: chosen, double: null });
    } else {
      word.push({ card: id, letter: null, double: null });
    }
  } else if (letter) {
    const index = Number(letter.dataset.index);
    if (arming) {
      if (word[index].double) return;
      word[index].double = arming;
      arming = null;
    } else {
      selected = selected === index ? null : index;
    }
  } else if (tool && selected !== null) {
    const name = tool.dataset.tool;
    if (name === "left" || name === "right") {
      const to = selected + (name === "left" ? -1 : 1);
      if (to < 0 || to >= word.length) return;
      [word[selected], word[to]] = [word[to], word[selected]];
      selected = to;
    } else if (name === "remove") {
      word.splice(selected, 1);
      selected = null;
    } else if (name === "detach") {
      word[selected].double = null;
    } else if (name === "letter") {
      const chosen = await askWild(root, word[selected].letter);
      if (!chosen || !root.isConnected || selected === null) return;
      word[selected].letter = chosen;
    }
  } else if (event.target.closest(".sc-clear")) {
    word = []; selected = null; arming = null;
  } else if (event.target.closest(".sc-submit")) {
    submitWord(root, craftMove());
    return;
  } else if (event.target.closest(".sc-no-word")) {
    if (window.confirm(root.dataset.msgNoWordConfirm)) submitWord(root, { type: "craft", cards: [] }, { confirmed: true });
    return;
  } else {
    return;
  }
  render(root);
}

// { confirmed: true }: the player was asked already, so game.js does not ask again (move confirmation).
function submitWord(root, move, options = {}) {
  for (const b of $$(root, ".sc-submit, .sc-no-word")) b.disabled = true;
  // game.js posts it, shows any refusal beside the board and refreshes the fragment on success.
  if (options.confirmed && window.letterpostSubmitMove) window.letterpostSubmitMove(move, options);
  else document.dispatchEvent(new CustomEvent("letterpost:move", { detail: move }));
  setTimeout(() => {
    const live = document.getElementById("spellcrafter");
    if (live && live.dataset.canCraft === "1") { $(live, ".sc-no-word").disabled = false; schedulePreview(live); }
  }, 1500);
}

// Dragging a letter of the word onto another moves it there (mouse; on a phone the ◀ ▶ buttons do it).
function bindDrag(root) {
  const row = $(root, ".sc-word");
  if (!row) return;
  let from = null;
  row.addEventListener("dragstart", (event) => {
    const tile = event.target.closest(".sc-card");
    if (!tile) return;
    from = Number(tile.dataset.index);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", tile.dataset.index);
  });
  row.addEventListener("dragover", (event) => { if (from !== null) event.preventDefault(); });
  row.addEventListener("drop", (event) => {
    event.preventDefault();
    const tile = event.target.closest(".sc-card");
    const to = tile ? Number(tile.dataset.index) : word.length - 1;
    if (from === null || to === from) { from = null; return; }
    const [moved] = word.splice(from, 1);
    word.splice(to, 0, moved);
    selected = to;
    from = null;
    render(root);
  });
  row.addEventListener("dragend", () => { from = null; });
}

// ---- drafting ---------------------------------------------------------------------------------------

function draftKey(root) { return `${root.dataset.game}:${root.dataset.round}:${root.dataset.step}`; }

function renderDraft(root) {
  const keep = $(root, ".sc-keep");
  if (!keep) return;
  if (chosenCard && chosenCard.key !== draftKey(root)) chosenCard = null;
  let label = null;
  for (const el of $$(root, ".sc-hand .sc-card")) {
    const on = Boolean(chosenCard && chosenCard.card === el.dataset.card);
    el.classList.toggle("selected", on);
    el.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) label = el.dataset.label;
  }
  if (!label) chosenCard = null;
  keep.disabled = !chosenCard;
  if (chosenCard) keep.textContent = fill(root.dataset.msgKeep, { card: label });
}

function onDraftClick(root, event) {
  const card = event.target.closest(".sc-hand .sc-card");
  if (card && !card.disabled) {
    const again = chosenCard && chosenCard.card === card.dataset.card;
    chosenCard = again ? null : { key: draftKey(root), card: card.dataset.card };
    renderDraft(root);
  } else if (event.target.closest(".sc-keep") && chosenCard) {
    $(root, ".sc-keep").disabled = true;
    document.dispatchEvent(new CustomEvent("letterpost:move", { detail: { type: "pick", card: chosenCard.card } }));
    setTimeout(() => { const live = document.getElementById("spellcrafter"); live && renderDraft(live); }, 1500);
  }
}

// ---- binding ----------------------------------------------------------------------------------------

function bind() {
  const root = document.getElementById("spellcrafter");
  if (!root) return;
  keepStylesheet(root);
  if (!root.dataset.bound) {
    root.dataset.bound = "1";
    root.addEventListener("click", (event) => {
      if (root.dataset.canPick === "1") onDraftClick(root, event);
      if (root.dataset.canCraft === "1") onCraftClick(root, event);
    });
    bindDrag(root);
  }
  if (root.dataset.canCraft === "1") {
    restore(root);
    render(root);
  } else if (root.dataset.phase !== "craft" || root.dataset.status !== "active") {
    // The round's crafting is over (or has not begun): its word is no longer needed.
    if (wordKey && wordKey !== `${root.dataset.game}:${root.dataset.round}`) forget(root);
    if (root.dataset.phase === "over") forget(root);
  }
  if (root.dataset.canPick === "1") renderDraft(root);
}

document.addEventListener("letterpost:board", bind);
bind();
