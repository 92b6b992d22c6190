// Telling a player their move is waiting when they look elsewhere: the tab's icon gets a dot,
// and, if they asked for them, a browser notification and a short sound. The choices are kept
// in this browser.
import { gettext } from "./i18n.js";

const SOUND_KEY = "sampan.sound";
const ICONS = { idle: "icon.svg", turn: "icon-turn.svg" };

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
}

const NOTIFY_KEY = "sampan.notify";

export function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) === "1";
}

// Turns notifications on (asking the browser's leave the first time) or off; returns the state.
export async function setNotifications(on) {
  if (!("Notification" in window)) return false;
  const allowed = on && (Notification.permission === "granted" || (await Notification.requestPermission()) === "granted");
  localStorage.setItem(NOTIFY_KEY, allowed ? "1" : "0");
  return allowed;
}

export function showTurnIcon(waiting) {
  const icon = document.getElementById("favicon");
  if (!icon) return;
  const wanted = waiting ? ICONS.turn : ICONS.idle;
  if (!icon.href.endsWith(wanted)) icon.href = icon.href.replace(/icon(-turn)?\.svg$/, wanted);
}

// A two-note chime made on the spot (no sound file to fetch).
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  [660, 880].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const start = audio.currentTime + index * 0.16;
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.15, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.32);
  });
  setTimeout(() => audio.close(), 1000);
}

// Called once each time a move of the player's begins to wait.
export function announceTurn(title) {
  if (soundOn()) chime();
  if (document.visibilityState === "visible" || !notificationsOn()) return;
  const notice = new Notification(gettext("Your turn"), { body: title, icon: "/static/frontend/icon-turn.svg", tag: "sampan-turn" });
  notice.onclick = () => {
    window.focus();
    notice.close();
  };
}
