// Letterpost's service worker (served at /sw.js by notifications/web_app.py): shows what the site pushes
// and, on a click, brings the player to the game. It caches nothing: pages are live.
const ICON = {{ icon|safe }};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A path on this site, else the home page: a push never sends the player elsewhere.
function ownUrl(url) {
  try {
    const found = new URL(url || "/", self.location.origin);
    if (found.origin === self.location.origin) return found.href;
  } catch (e) { /* not a URL */ }
  return new URL("/", self.location.origin).href;
}

// The payload is {"title", "body", "url", "tag", "kind"} (notifications/push_delivery.py).
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  const options = {
    body: data.body || "",
    icon: ICON,
    badge: ICON,
    data: { url: ownUrl(data.url), kind: data.kind || "" },
  };
  // One notification per game on the screen: a newer notice about it replaces the older, and rings again.
  if (data.tag) Object.assign(options, { tag: data.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(data.title || "Letterpost", options));
});

// A tab already showing the game is brought forward; else a tab of the site goes to the game; else a
// new window opens it.
async function openGame(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) return showing.focus();
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    try { await ours.focus(); } catch (e) { /* focus needs the click's permission */ }
    try { return await ours.navigate(url); } catch (e) { /* a tab this worker does not control */ }
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const opening = openGame(ownUrl(event.notification.data && event.notification.data.url));
  event.waitUntil(opening);
});
