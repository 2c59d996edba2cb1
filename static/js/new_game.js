// The new-game form, enhanced: only the chosen game's settings show (without JavaScript every game's
// section shows, each under its heading); one opponent box per other seat, none for an open seek; the
// rating choice gives way to a note for a cooperative game; Crossword offers only the word lists of the
// chosen tile set.  Hidden controls are disabled too, so the server receives only what the player sees.
import { attachPlayerCombobox } from "./player_combobox.js";

const form = document.getElementById("new-game");

function show(element, visible) {
  if (!element) return;
  element.hidden = !visible;
  if (element.matches("fieldset")) element.disabled = !visible;
  else element.querySelectorAll("input, select, textarea").forEach((c) => { c.disabled = !visible; });
}

function checkedValue(name) {
  const checked = form.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : "";
}

if (form) {
  form.classList.add("enhanced");
  const kind = form.elements.kind;
  const sections = [...form.querySelectorAll("fieldset.ng-kind")];
  const opponents = document.getElementById("opponents");
  const slots = [...form.querySelectorAll(".ng-opponent")];
  const rated = form.querySelector(".ng-rated");
  const coopNotes = [...form.querySelectorAll(".ng-coop-rated")];

  function currentSection() {
    return sections.find((s) => s.dataset.kind === kind.value);
  }

  function seats() {
    const select = form.elements[`${kind.value}_seats`];
    return select ? Number(select.value) : 2;
  }

  function filterLexicons(section) {
    const tileSet = section.querySelector("input[name$='_tile_set']:checked");
    const select = section.querySelector("select[name$='_lexicon']");
    if (!tileSet || !select || !section.dataset.lexiconLanguages) return;
    const languages = JSON.parse(section.dataset.lexiconLanguages);
    // Without a script an empty first choice means "the tile set's language"; here the list is filtered.
    select.querySelector("option[value='']")?.remove();
    let firstShown = null;
    for (const option of select.options) {
      const fits = languages[option.value] === tileSet.value;
      option.hidden = !fits;
      option.disabled = !fits;
      if (fits && firstShown === null) firstShown = option;
    }
    if ((!select.selectedOptions[0] || select.selectedOptions[0].disabled) && firstShown) firstShown.selected = true;
  }

  function update() {
    const chosen = currentSection();
    sections.forEach((s) => show(s, s === chosen));
    if (chosen) filterLexicons(chosen);
    const named = checkedValue("play_with") !== "anyone";
    show(opponents, named);
    const wanted = named ? seats() - 1 : 0;
    slots.forEach((slot, i) => show(slot, i < wanted));
    const cooperative = Boolean(chosen && chosen.hasAttribute("data-cooperative"));
    show(rated, !cooperative);
    coopNotes.forEach((note) => { note.hidden = !cooperative; });
  }

  form.addEventListener("change", update);
  const status = form.querySelector(".ng-status");
  const words = { none: opponents.dataset.foundNone, one: opponents.dataset.foundOne, many: opponents.dataset.foundMany };
  const taken = (input) => slots.map((s) => s.querySelector("input")).filter((i) => i !== input && !i.disabled)
    .map((i) => i.value.trim()).filter(Boolean);
  slots.forEach((slot) => attachPlayerCombobox(slot.querySelector("input"), { status, words, taken }));
  update();

  // After a refusal the page comes back at the top; bring the first refusal and its control into view.
  const refusal = [...form.querySelectorAll(".errorlist")].find((e) => e.offsetParent !== null);
  if (refusal) {
    const group = refusal.closest(".ng-field, .ng-opponents, .ng-step") || refusal;
    const control = group.querySelector("input:not([type=hidden]):not([disabled]), select:not([disabled])");
    if (control) control.focus({ preventScroll: true });
    refusal.scrollIntoView({ block: "center" });
  }
}
