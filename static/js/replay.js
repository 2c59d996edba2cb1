// The replay of a finished game (templates/games/replay.html): First / Previous / Next / Last and the
// arrow keys (← →, Home, End) step through the moves without reloading the page.  Each step is the same
// page at ?step=N, drawn by the server; its #replay-frame is swapped in and its move is announced.
// One request at a time: keys pressed while one is under way only move the target, and the step shown
// at the end is always the last one asked for.

const root = document.getElementById("replay");
const controls = document.getElementById("replay-controls");

if (root && controls) {
  const total = Number(root.dataset.total);
  const counter = document.getElementById("replay-counter");
  const announcer = document.getElementById("replay-announcer");
  const buttons = Object.fromEntries([...controls.querySelectorAll("[data-go]")].map((b) => [b.dataset.go, b]));
  let target = Number(root.dataset.step); // the step asked for
  let shown = target; // the step on the page
  let busy = false;

  // A board's own record (the Crossword log) is a scroll box: show its newest line, this step's move.
  const toLatest = () => {
    for (const box of document.querySelectorAll("#replay-frame [data-scroll-end]")) box.scrollTop = box.scrollHeight;
  };
  toLatest();

  const label = (n) => (n === 0 ? root.dataset.tStart
    : root.dataset.tStep.replace("{n}", String(n)).replace("{total}", String(total)));

  const stepUrl = (n) => {
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(n));
    return url;
  };

  function setControls() {
    counter.textContent = label(target);
    const values = { first: 0, prev: Math.max(0, target - 1), next: Math.min(total, target + 1), last: total };
    for (const [name, button] of Object.entries(buttons)) {
      button.value = String(values[name]);
      const off = (name === "first" || name === "prev") ? target === 0 : target === total;
      if (off && document.activeElement === button) {
        // Keep the focus in the controls when the button in use turns off at either end.
        (name === "first" || name === "prev" ? buttons.next : buttons.prev).focus();
      }
      button.disabled = off;
    }
  }

  async function load() {
    if (busy) return;
    busy = true;
    try {
      while (shown !== target) {
        const want = target;
        const response = await fetch(stepUrl(want), { headers: { Accept: "text/html" }, credentials: "same-origin" });
        if (!response.ok) throw new Error(String(response.status));
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const frame = page.getElementById("replay-frame");
        if (!frame) throw new Error("no frame");
        if (want !== target) continue; // asked for another step meanwhile: fetch that one
        document.getElementById("replay-frame").replaceWith(document.adoptNode(frame));
        shown = want;
        toLatest();
        history.replaceState(null, "", stepUrl(want));
        const move = document.getElementById("replay-move");
        announcer.textContent = move ? move.textContent.trim() : label(want);
      }
    } catch {
      announcer.textContent = root.dataset.tFailed;
      target = shown;
      setControls();
    } finally {
      busy = false;
    }
  }

  function go(n) {
    const next = Math.min(total, Math.max(0, n));
    if (next === target) return;
    target = next;
    setControls();
    load();
  }

  controls.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter;
    if (button && button.value !== "") go(Number(button.value));
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    const el = event.target;
    if (el instanceof HTMLElement && (el.isContentEditable || el.closest("input, textarea, select"))) return;
    const moves = { ArrowRight: target + 1, ArrowLeft: target - 1, Home: 0, End: total };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });
}
