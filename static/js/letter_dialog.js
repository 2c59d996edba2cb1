// Asks which letter a blank tile (or a Wild card) stands for, in a native modal <dialog>: the focus moves
// into it, Escape or Cancel closes it, and the focus goes back where it was.  Replaces window.prompt,
// which screen readers and phones handle poorly.  Resolves to a letter A–Z, or null when cancelled.

let counter = 0;

export function askLetter({ title, label = "Letter", ok = "OK", cancel = "Cancel", current = "" }) {
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const id = `letter-dialog-${++counter}`;
    const dialog = document.createElement("dialog");
    dialog.className = "letter-dialog";
    dialog.setAttribute("aria-labelledby", `${id}-title`);

    const form = document.createElement("form");
    form.method = "dialog";
    const heading = document.createElement("h2");
    heading.id = `${id}-title`;
    heading.textContent = title;
    const field = document.createElement("label");
    field.htmlFor = `${id}-input`;
    field.textContent = label;
    const input = document.createElement("input");
    input.id = `${id}-input`;
    input.name = "letter";
    input.maxLength = 1;
    input.required = true;
    input.autocomplete = "off";
    input.setAttribute("autocapitalize", "characters");
    input.pattern = "[A-Za-z]";
    input.value = current || "";
    const buttons = document.createElement("p");
    buttons.className = "letter-dialog-buttons";
    const yes = document.createElement("button");
    yes.type = "submit";
    yes.value = "ok";
    yes.textContent = ok;
    const no = document.createElement("button");
    no.type = "button";
    no.className = "secondary";
    no.textContent = cancel;
    no.addEventListener("click", () => dialog.close(""));
    buttons.append(yes, no);
    form.append(heading, field, input, buttons);
    dialog.append(form);

    dialog.addEventListener("close", () => {
      const letter = dialog.returnValue === "ok" ? input.value.trim().toUpperCase() : "";
      dialog.remove();
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus({ preventScroll: true });
      resolve(/^[A-Z]$/.test(letter) ? letter : null);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
    input.select();
  });
}
