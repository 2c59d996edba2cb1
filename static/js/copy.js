// Copy buttons: <button type="button" data-copy="#invite-link">Copy</button> copies the value of the element
// that data-copy names (an input or textarea) or else its text.  navigator.clipboard first; where that is
// missing or refused (an insecure page, an old browser) the text is selected and document.execCommand("copy")
// tried, and if that fails too the text stays selected for the player to copy.  What happened is said beside
// the button in a live region, so that a screen reader hears it too: the button's data-copied text
// ("Copied"), or data-copy-failed.  Both are in the template, translated.

const SHOWN_FOR = 4000; // ms the "Copied" line stays

function textOf(target) {
  return "value" in target && typeof target.value === "string" ? target.value : target.textContent.trim();
}

function select(target) {
  if (typeof target.select === "function") {
    target.focus();
    target.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(target);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

function copyBySelecting(target) {
  select(target);
  try {
    return document.execCommand("copy");
  } catch (e) {
    return false;
  }
}

async function copy(target) {
  const text = textOf(target);
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (e) { /* refused: try the old way */ }
  }
  return copyBySelecting(target);
}

// The live region beside each button: made when the page loads, so that it exists before it speaks.
function statusFor(button) {
  const named = button.dataset.copyStatus && document.querySelector(button.dataset.copyStatus);
  if (named) return named;
  const status = document.createElement("span");
  status.className = "copy-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  button.after(status);
  return status;
}

function announce(status, text, failed) {
  clearTimeout(status.copyTimer);
  status.textContent = "";
  status.classList.toggle("failed", failed);
  // Emptied first and filled on the next frame: the same words twice are announced twice.
  requestAnimationFrame(() => {
    status.textContent = text;
    if (!failed) status.copyTimer = setTimeout(() => { status.textContent = ""; }, SHOWN_FOR);
  });
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  const target = document.querySelector(button.dataset.copy);
  if (!target) continue;
  const status = statusFor(button);
  button.addEventListener("click", async () => {
    const done = await copy(target);
    announce(status, done ? button.dataset.copied || "Copied" : button.dataset.copyFailed || "Press Ctrl+C to copy", !done);
  });
}
