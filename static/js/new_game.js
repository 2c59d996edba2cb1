// The new-game form, enhanced: only the chosen game's settings show (without JavaScript every game's
// section shows, each under its heading); one opponent box per other seat, none for an open seek; the
// rating choice gives way to a note for a cooperative game; Crossword offers only the word lists of the
// chosen tile set; "A bot" offers the chosen game's bots.  Hidden controls are disabled too, so the server receives only what the player sees.
import { revealRefusal, show, showChosenSection } from "./kind_sections.js";
import { attachPlayerCombobox } from "./player_combobox.js";

const form = document.getElementById("new-game");

function checkedValue(name) {
  const checked = form.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : "";
}

if (form) {
  form.classList.add("enhanced");
  const kind = form.elements.kind;
  const opponents = document.getElementById("opponents");
  const slots = [...form.querySelectorAll(".ng-opponent")];
  const rated = form.querySelector(".ng-rated");
  const coopNotes = [...form.querySelectorAll(".ng-coop-rated")];
  const botChoice = document.getElementById("bot-choice");

  function seats() {
    const select = form.elements[`${kind.value}_seats`];
    return select ? Number(select.value) : 2;
  }

  function update() {
    const chosen = showChosenSection(form);
    const named = !["anyone", "bot"].includes(checkedValue("play_with"));
    show(opponents, named);
    if (botChoice) {
      // Only the chosen game's bots can be picked; the first of them when the choice no longer fits.
      const playBot = checkedValue("play_with") === "bot";
      show(botChoice, playBot);
      const select = botChoice.querySelector("select");
      select.disabled = !playBot;
      for (const group of select.querySelectorAll("optgroup")) {
        const fits = group.dataset.kind === kind.value;
        group.hidden = !fits;
        group.disabled = !fits;
      }
      const current = select.selectedOptions[0];
      if (!current || current.parentElement.disabled) {
        const first = select.querySelector(`optgroup[data-kind="${kind.value}"] option`);
        if (first) first.selected = true;
      }
    }
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

  revealRefusal(form, ".ng-field, .ng-opponents, .ng-step");
}
