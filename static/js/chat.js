// The game chat beside the move log (players only): sends through the JSON API and shows the thread
// the server rendered for this player; live updates arrive over the game socket, which game.js owns
// and re-dispatches as "letterpost:chat".
import { postJson } from "./api.js";

const panel = document.getElementById("chat");
const thread = document.getElementById("chat-thread");
const form = document.getElementById("chat-form");
const input = document.getElementById("chat-text");
const errorBox = document.getElementById("chat-error");

function showError(data) {
  errorBox.textContent = data ? data.message : "";
  errorBox.hidden = !data;
}

function showThread(html) {
  const atBottom = thread.scrollHeight - thread.scrollTop - thread.clientHeight < 40;
  thread.innerHTML = html;
  if (atBottom) thread.scrollTop = thread.scrollHeight;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = input.value;
  if (!text.trim()) return;
  let result;
  try { result = await postJson(panel.dataset.api, { text }); }
  catch (e) { showError({ message: "Could not reach the server." }); return; }
  if (!result.ok) { showError(result.data); return; }
  showError(null);
  input.value = "";
  showThread(result.data.html);
  thread.scrollTop = thread.scrollHeight;
});

document.addEventListener("letterpost:chat", (event) => showThread(event.detail.html));

// Muting answers from the API without leaving the page (the form posts normally without JS).
panel.addEventListener("submit", async (event) => {
  const mute = event.target.closest(".chat-mute");
  if (!mute) return;
  event.preventDefault();
  const url = `/api/chat/mutes/${encodeURIComponent(mute.dataset.username)}/`;
  const muted = mute.dataset.muted === "1";
  const response = await fetch(url, {
    method: muted ? "DELETE" : "POST",
    credentials: "same-origin",
    headers: { "X-CSRFToken": mute.querySelector("[name=csrfmiddlewaretoken]").value },
  });
  if (!response.ok) return;
  mute.dataset.muted = muted ? "0" : "1";
  mute.querySelector("button").textContent = muted ? panel.dataset.muteLabel : panel.dataset.unmuteLabel;
  const answer = await fetch(panel.dataset.api, { credentials: "same-origin" });
  if (answer.ok) showThread((await answer.json()).html);
});

thread.scrollTop = thread.scrollHeight;
