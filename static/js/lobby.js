// The lobby: seeks appear, change and vanish as they happen.  live.js opens the user socket as a
// lobby's (it sees [data-live-lobby]) and passes on each changed seek: its row drawn by the server,
// or html null once it has left the lobby.  The row is kept only if the page's filter (its query,
// as the server applied it) admits it, tested as games/web/lobby.py tests it.
import { csrfToken } from "./api.js";

const SHOWN = 50;  // games/selectors.py LOBBY_SEEKS: the page never grows past it
const table = document.getElementById("seeks");
const empty = document.getElementById("no-seeks");
const query = new URLSearchParams(location.search);

function bound(name) {
  const text = (query.get(name) || "").trim();
  return /^\d+$/.test(text) && Number(text) <= 4000 ? Number(text) : null;
}
const wanted = { kind: query.get("kind") || "", min: bound("min"), max: bound("max") };

function admits(row) {
  if (wanted.kind && row.dataset.kind !== wanted.kind) return false;
  if (wanted.min === null && wanted.max === null) return true;
  if (row.dataset.rating === "") return false;  // a kind without ratings
  const rating = Number(row.dataset.rating);
  return (wanted.min === null || rating >= wanted.min) && (wanted.max === null || rating <= wanted.max);
}

function showEmpty() {
  const none = !table.tBodies[0].rows.length;
  table.hidden = none;
  if (empty) empty.hidden = !none;
}

function seekChanged(event) {
  const { seek, html } = event.detail;
  const body = table.tBodies[0];
  const current = body.querySelector(`tr[data-seek="${seek}"]`);
  let row = null;
  if (html) {
    const holder = document.createElement("tbody");
    holder.innerHTML = html;
    row = holder.querySelector("tr");
  }
  if (!row || !admits(row)) {
    if (current) current.remove();
    showEmpty();
    return;
  }
  // A socket has no form token: the page's own goes in.
  for (const form of row.querySelectorAll("form[method=post]")) {
    const field = document.createElement("input");
    field.type = "hidden";
    field.name = "csrfmiddlewaretoken";
    field.value = csrfToken();
    form.prepend(field);
  }
  if (current) current.replaceWith(row);
  else body.prepend(row);  // newest first, as the page lists them
  while (body.rows.length > SHOWN) body.rows[body.rows.length - 1].remove();
  showEmpty();
}

let pending = null;
async function refresh() {
  const response = await fetch(location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = doc.getElementById("seeks");
  if (fresh) table.tBodies[0].replaceWith(fresh.tBodies[0]);
  showEmpty();
}

if (table) {
  document.addEventListener("letterpost:seek", seekChanged);
  // The socket came back after a gap, or missed a change as it joined: read the list again.
  document.addEventListener("letterpost:resync", () => { clearTimeout(pending); pending = setTimeout(refresh, 150); });
}
