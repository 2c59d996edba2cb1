// Small helpers shared by the game pages: CSRF-aware JSON POSTs and move submission.

export function csrfToken() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (e) { data = { code: "ERROR", message: response.statusText }; }
  return { ok: response.ok, status: response.status, data };
}

// One key per attempted move: a retry after a network error re-sends the same key, so the
// server applies the move at most once.
export function newKey() {
  return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random());
}

export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}
