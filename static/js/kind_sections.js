// Each game's own settings on a form that chooses a game (the new-game and new-league forms): only the
// chosen game's section shows, and Crossword offers only the word lists of the chosen tile set.  Hidden
// controls are disabled too, so the server receives only what the player sees.

export function show(element, visible) {
  if (!element) return;
  element.hidden = !visible;
  if (element.matches("fieldset")) element.disabled = !visible;
  else element.querySelectorAll("input, select, textarea").forEach((c) => { c.disabled = !visible; });
}

export function filterLexicons(section) {
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

// Show the section of the game chosen in ``form.elements.kind``; returns it (or undefined).
export function showChosenSection(form) {
  const sections = [...form.querySelectorAll("fieldset.ng-kind")];
  const chosen = sections.find((s) => s.dataset.kind === form.elements.kind.value);
  sections.forEach((s) => show(s, s === chosen));
  if (chosen) filterLexicons(chosen);
  return chosen;
}

// After a refusal the page comes back at the top; bring the first refusal and its control into view.
export function revealRefusal(form, groups) {
  const refusal = [...form.querySelectorAll(".errorlist")].find((e) => e.offsetParent !== null);
  if (!refusal) return;
  const group = refusal.closest(groups) || refusal;
  const control = group.querySelector("input:not([type=hidden]):not([disabled]), select:not([disabled])");
  if (control) control.focus({ preventScroll: true });
  refusal.scrollIntoView({ block: "center" });
}
