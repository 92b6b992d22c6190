// The bell of the top bar: the player's notices (a waiting correspondence move, an invitation, a
// finished game, a rematch offer), new ones pushed on the player's own socket (/ws/me/). Opening
// the list marks what it shows as read.
import { api, el } from "./client.js";
import { gettext } from "./i18n.js";

const button = document.getElementById("bell");
const badge = document.getElementById("bell-count");
const panel = document.getElementById("bell-panel");
const RECONNECT_MS = 5000;
let notices = [];
let unread = 0;

function showCount() {
  badge.textContent = unread > 99 ? "99+" : String(unread);
  badge.hidden = unread === 0;
  button.setAttribute("aria-label", unread ? `${gettext("Notices")} (${unread})` : gettext("Notices"));
}

function item(notice) {
  return el("li", { class: notice.read ? "" : "unread", "data-testid": "notice", "data-kind": notice.kind },
    el("a", { href: `/tables/${notice.table}/`, text: `${notice.text} · ${notice.game} #${notice.table}` }),
    el("time", { class: "muted", datetime: notice.at, text: new Date(notice.at).toLocaleString(document.documentElement.lang) }));
}

function render() {
  panel.replaceChildren(notices.length
    ? el("ul", { class: "notice-list" }, ...notices.map(item))
    : el("p", { class: "muted", text: gettext("No notices yet.") }));
}

async function load() {
  const data = await api("/api/me/notices/");
  notices = data.notices;
  unread = data.unread;
  showCount();
}

// The list closes at a click elsewhere or at Escape, as the site's menu does.
function close() {
  panel.hidden = true;
  button.setAttribute("aria-expanded", "false");
}

async function open() {
  panel.hidden = !panel.hidden;
  button.setAttribute("aria-expanded", String(!panel.hidden));
  if (panel.hidden) return;
  panel.style.top = `${button.getBoundingClientRect().bottom + 6}px`; // just below the bell, wherever the bar wraps
  render();
  if (unread && notices.length) {
    const data = await api("/api/me/notices/", { method: "POST", body: { up_to: notices[0].id } });
    unread = data.unread;
    showCount();
  }
}

// The notices are read as the socket connects, the first time and after each drop (what came
// while no socket listened); where the socket cannot connect, at each try instead.
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/me/`);
  let opened = false;
  socket.onopen = () => {
    opened = true;
    load().catch(() => {});
  };
  socket.onmessage = (message) => {
    const frame = JSON.parse(message.data);
    if (frame.type === "notice") {
      // A table's waiting move is listed once: the newest notice of it takes the older one's place.
      const replaced = (notice) => notice.id === frame.id || (frame.kind === "turn" && notice.kind === "turn" && notice.table === frame.table);
      if (!notices.some((notice) => replaced(notice) && !notice.read)) unread += 1;
      notices = [frame, ...notices.filter((notice) => !replaced(notice))];
    } else if (frame.type === "notices_read") { // a move made: its notice is read
      notices = notices.map((notice) => (frame.ids.includes(notice.id) ? { ...notice, read: true } : notice));
      unread = frame.unread;
    } else return;
    showCount();
    if (!panel.hidden) render();
  };
  socket.onclose = (event) => {
    if (!opened) load().catch(() => {});
    if (event.code !== 4403) setTimeout(listen, RECONNECT_MS);
  };
}

if (button) {
  button.addEventListener("click", () => open().catch(() => {}));
  document.addEventListener("click", (event) => {
    if (!panel.hidden && !panel.contains(event.target) && !button.contains(event.target)) close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      close();
      button.focus();
    }
  });
  listen();
}
