// The profile page's devices section (templates/notifications/_devices.html): "Notify me on this device".
// Permission is asked only when the player clicks, never on load; then the browser subscribes through the
// service worker and the subscription is sent to POST /api/push/subscriptions/.
import { postJson } from "./api.js";

const section = document.getElementById("devices");
const button = document.getElementById("push-enable");
const statusLine = document.getElementById("push-status");

function say(text) { statusLine.textContent = text || ""; }

// The VAPID key as pushManager.subscribe wants it: bytes, from base64url.
function keyBytes(base64url) {
  const base64 = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(subscription, key) {
  const have = subscription.options && subscription.options.applicationServerKey;
  if (!have) return true;  // the browser does not say: trust it
  const bytes = new Uint8Array(have);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

function listed(subscription) {
  return subscription && [...section.querySelectorAll("tr[data-endpoint]")].find(
    (row) => row.dataset.endpoint === subscription.endpoint);
}

async function enable(registration) {
  button.disabled = true;
  say(section.dataset.textWorking);
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") { say(section.dataset.textBlocked); return; }
    const answer = await fetch(section.dataset.keyUrl, { credentials: "same-origin" });
    const key = keyBytes((await answer.json()).public_key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {  // made with a key the site no longer has
      await subscription.unsubscribe();
      subscription = null;
    }
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    }
    const saved = await postJson(section.dataset.subscriptionsUrl, subscription.toJSON());
    if (!saved.ok) { say(saved.data && saved.data.message); return; }
    say(section.dataset.textDone);
    window.location.reload();  // the list shows the new device
  } catch (error) {
    say(section.dataset.textFailed);
  } finally {
    button.disabled = false;
  }
}

async function start() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(section.dataset.textUnsupported);
    return;
  }
  const registration = await navigator.serviceWorker.register(section.dataset.workerUrl, { scope: "/" });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  const row = listed(subscription);
  if (row) row.querySelector(".push-this-device").hidden = false;
  if (Notification.permission === "denied") { say(section.dataset.textBlocked); return; }
  if (row && Notification.permission === "granted") { say(section.dataset.textOn); return; }
  button.hidden = false;
  button.addEventListener("click", () => enable(registration));
}

start().catch(() => say(section.dataset.textFailed));
