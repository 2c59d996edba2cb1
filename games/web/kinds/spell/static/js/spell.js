// The Spell board: pick a number, write the next letter of your declared clue word (or cross out a
// field), guess the clue word or the term, rule on a guess.  The fragment is re-rendered by the
// server for this viewer after every change (game.js swaps it in and fires "letterpost:board"), so
// this module only reads the form in front of it and dispatches "letterpost:move"; what the player
// is typing is kept across a re-render of the same turn.

const drafts = {}; // "turn|form" -> text typed but not sent

const $ = (root, sel) => root.querySelector(sel);

function fill(template, values) {
  return (template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

// Case and accents ignored, as the engine compares words ("Schildkröte" starts with "SCHILDKRO").
function plain(text) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

function send(move) {
  document.dispatchEvent(new CustomEvent("letterpost:move", { detail: move }));
}

// The letter the writer adds: the first letter of their word after what the board already spells.
function nextLetter(root, clue) {
  const prefix = root.dataset.prefix || "";
  const word = clue.trim();
  const letters = Array.from(word);
  const messages = root.dataset;
  if (!word) return { error: "" };
  if (!/^\p{L}+$/u.test(word)) return { error: messages.msgOneWord };
  if (!plain(word).startsWith(plain(prefix))) return { error: fill(messages.msgNotPrefix, { prefix }) };
  const next = letters[Array.from(prefix).length];
  if (next === undefined) return { error: fill(messages.msgTooShort, { prefix }) };
  const letter = next.toUpperCase().length === 1 ? next.toUpperCase() : next;
  return { letter, text: fill(messages.msgWrites, { letter, word: prefix + letter }) };
}

function showPreview(root, form) {
  const preview = $(form, ".sp-preview");
  if (!preview) return;
  const result = nextLetter(root, form.elements.clue.value);
  preview.textContent = result.error ?? result.text;
  preview.classList.toggle("error-text", Boolean(result.error));
}

function lock(form) {
  form.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  // Unlocked again if the move is refused (game.js shows why); on success the fragment is replaced.
  setTimeout(() => form.querySelectorAll("button").forEach((b) => { b.disabled = false; }), 1500);
}

function onSubmit(root, event) {
  const form = event.target.closest("form[data-spell]");
  if (!form) return;
  event.preventDefault();
  const kind = form.dataset.spell;
  if (kind === "write") {
    const clue = form.elements.clue.value.trim();
    const result = nextLetter(root, clue);
    if (!result.letter) { showPreview(root, form); form.elements.clue.focus(); return; }
    lock(form);
    send({ type: "write", letter: result.letter, clue });
  } else if (kind === "guess_clue" || kind === "guess_term") {
    const word = form.elements.word.value.trim();
    if (!word) { form.elements.word.focus(); return; }
    lock(form);
    send({ type: kind, word });
  }
}

function onClick(root, event) {
  const button = event.target.closest("button");
  if (!button || button.disabled) return;
  const form = button.closest("form[data-spell]");
  if (!form) return;
  const kind = form.dataset.spell;
  if (kind === "pick" && button.dataset.number) {
    lock(form);
    send({ type: "pick", number: Number(button.dataset.number) });
  } else if (kind === "write" && "crossOut" in button.dataset) {
    lock(form);
    send({ type: "cross_out" });
  } else if ((kind === "guess_clue" || kind === "guess_term") && "pass" in button.dataset) {
    lock(form);
    send({ type: kind, word: "" });
  } else if (kind === "rule" && button.dataset.right) {
    lock(form);
    send({ type: "rule", right: button.dataset.right === "true" });
  }
}

function onInput(root, event) {
  const form = event.target.closest("form[data-spell]");
  if (!form || !event.target.name) return;
  drafts[`${root.dataset.turn}|${form.dataset.spell}`] = event.target.value;
  if (form.dataset.spell === "write") showPreview(root, form);
}

function restoreDrafts(root) {
  root.querySelectorAll("form[data-spell]").forEach((form) => {
    const input = form.querySelector("input[name]");
    const draft = drafts[`${root.dataset.turn}|${form.dataset.spell}`];
    if (input && draft !== undefined) input.value = draft;
    if (form.dataset.spell === "write") showPreview(root, form);
  });
}

// The stylesheet link sits in the fragment; a copy in <head> keeps the page styled while a newly
// swapped fragment's link is (re)applied.
function keepStylesheet(root) {
  const link = $(root, "link[data-spell-css]");
  if (link && !document.head.querySelector("link[data-spell-css]")) document.head.appendChild(link.cloneNode());
}

function bind() {
  const root = document.getElementById("spell");
  if (!root) return;
  keepStylesheet(root);
  if (!root.dataset.bound) {
    root.dataset.bound = "1";
    root.addEventListener("submit", (event) => onSubmit(root, event));
    root.addEventListener("click", (event) => onClick(root, event));
    root.addEventListener("input", (event) => onInput(root, event));
  }
  restoreDrafts(root);
}

document.addEventListener("letterpost:board", bind);
bind();
