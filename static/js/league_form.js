// The new-league form, enhanced: only the chosen game's settings show (without JavaScript every game's
// section shows, each under its heading) and the division settings only for a league with divisions.
// Hidden controls are disabled, so the server receives only what the organiser sees.
import { revealRefusal, show, showChosenSection } from "./kind_sections.js";

const form = document.getElementById("new-league");

if (form) {
  form.classList.add("enhanced");
  const divisions = document.getElementById("divisions");

  function update() {
    showChosenSection(form);
    const format = form.querySelector("input[name='format']:checked");
    show(divisions, !format || format.value === "divisions");
  }

  form.addEventListener("change", update);
  update();
  revealRefusal(form, ".ng-field, .ng-step");
}
