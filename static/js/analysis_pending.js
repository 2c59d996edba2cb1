// A game's analysis being prepared: ask its status every few seconds and reload the page once it is
// ready (the report is drawn by the server). A spectator the API does not answer stops asking.
const panel = document.querySelector("[data-pending]");

async function poll() {
  try {
    const response = await fetch(panel.dataset.pending, { headers: { Accept: "application/json" } });
    if (response.status === 401 || response.status === 403) return;
    if (response.ok && (await response.json()).status !== "pending") {
      window.location.hash = "analysis";
      window.location.reload();
      return;
    }
  } catch (error) {
    // a network hiccup: try again
  }
  setTimeout(poll, 3000);
}

if (panel) setTimeout(poll, 3000);
