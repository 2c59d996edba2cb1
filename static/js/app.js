// On every page: the installable app's service worker (/sw.js: shows pushed notifications), and, for a
// signed-in player, the cues of a page left open — the tab title counts the games awaiting your move,
// "(3) My games · Letterpost", and a soft chime sounds when it becomes your move (the profile's switch,
// <body data-sound-on-move="1">). live.js reports the count ("letterpost:awaiting").

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* no worker: no push, no install */ });
}

const COUNT = /^\(\d+\) /;

function showInTitle(count) {
  const title = document.title.replace(COUNT, "");
  document.title = count > 0 ? `(${count}) ${title}` : title;
}

// Web Audio may only start after the player has touched the page: the context is made at the first touch.
let audio = null;
function wakeAudio() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch (e) { audio = null; }
}

// Two soft sine notes, a rising sixth, fading out within half a second.
function chime() {
  if (document.body.dataset.soundOnMove !== "1") return;
  // Several open tabs hear of the same move: the first one chimes.
  const last = Number(localStorage.getItem("letterpost:chimed") || 0);
  if (Date.now() - last < 3000) return;
  localStorage.setItem("letterpost:chimed", String(Date.now()));
  wakeAudio();
  if (!audio) return;
  const start = audio.currentTime + 0.02;
  [[659.25, 0], [1046.5, 0.16]].forEach(([frequency, delay]) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + delay);
    volume.gain.exponentialRampToValueAtTime(0.12, start + delay + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + delay + 0.45);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + delay);
    tone.stop(start + delay + 0.5);
  });
}

const badge = document.getElementById("awaiting-badge");
if (badge) {
  let known = Number(badge.dataset.count || 0);
  showInTitle(known);
  if (document.body.dataset.soundOnMove === "1") {
    ["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, wakeAudio, { once: true }));
  }
  document.addEventListener("letterpost:awaiting", (event) => {
    const { awaiting, live } = event.detail;
    showInTitle(awaiting);
    // A live update with more games awaiting you: someone moved. (A reconnect's catch-up count stays silent.)
    if (live && awaiting > known) chime();
    known = awaiting;
  });
}
