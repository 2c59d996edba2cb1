// The dashboard: when any of my games changes, fetch the dashboard again and swap the table in,
// so status, scores and deadlines stay current without a reload.
let pending = null;

async function refresh() {
  const response = await fetch(location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = doc.getElementById("games-list");
  const current = document.getElementById("games-list");
  if (fresh && current) current.replaceWith(fresh);
}

function refreshSoon() {
  // Several messages in a burst (a move, then an auto-move) need one fetch.
  clearTimeout(pending);
  pending = setTimeout(refresh, 150);
}

document.addEventListener("letterpost:games", refreshSoon);
// The user socket came back after a gap: changes in the gap were never announced.
document.addEventListener("letterpost:resync", refreshSoon);
