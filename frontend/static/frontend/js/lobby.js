// The home page lists: what waits for me (invitations to answer, tables where it is my turn), my
// tables, open tables, live games to watch. They follow the service while the page is in view (read
// again every few seconds, and on coming back to it). Each game's card starts a table against bots
// in one click.
import { api, el, formatCountdown, timeControlWords } from "./client.js";
import { gettext, interpolate } from "./i18n.js";
import { showTurnIcon } from "./alerts.js";
import { startGuidedGame } from "./guide.js";

const REFRESH_MS = 5000;
const STATUS_WORDS = { open: gettext("open"), running: gettext("running"), finished: gettext("finished"), abandoned: gettext("abandoned") };

function seatLabel(seat) {
  if (seat.is_ai) return interpolate(gettext("AI (%(strength)s)"), { strength: seat.strength_label || seat.strength });
  if (seat.is_bot_account) return interpolate(gettext("%(name)s (bot)"), { name: seat.username });
  return seat.username || (seat.kind === "invite" ? gettext("invited") : gettext("open seat"));
}

// `list`: the list the item is in; in "my_turn" an open table is an invitation waiting for an answer.
function tableItem(table, list) {
  const seats = (table.seats || []).map(seatLabel).join(", ");
  const invitation = list === "my_turn" && table.status === "open";
  return el(
    "li",
    { "data-table": table.id },
    el("a", { href: `/tables/${table.id}/`, text: `${table.title || table.game} #${table.id}` }),
    el("span", { class: `status status-${table.status}`, "data-testid": "table-status",
      text: invitation ? gettext("invitation: accept or decline") : STATUS_WORDS[table.status] || table.status }),
    table.guided ? el("span", { class: "muted", "data-testid": "guided-mark", text: gettext("Guided game") }) : null,
    el("span", { class: "muted", text: seats }),
    table.status === "open" && table.time_control ? el("span", { class: "muted", "data-testid": "time-control", text: timeControlWords(table.time_control) }) : null,
    table.deadline ? el("span", { class: "muted", "data-testid": "time-left", text: timeLeft(table.deadline),
      title: timeControlWords(table.time_control) }) : null,
  );
}

// A running clock: how long the next move may still take (days, at a correspondence table).
function timeLeft(deadline) {
  if (new Date(deadline).getTime() <= Date.now()) return gettext("time is up");
  return interpolate(gettext("next move within %(time)s"), { time: formatCountdown(deadline, { short: true }) });
}

async function fill(list) {
  const target = document.getElementById(`list-${list}`);
  if (!target) return;
  try {
    const data = await api(`/api/tables/?list=${list}`);
    const tables = Array.isArray(data) ? data : data.results || [];
    target.replaceChildren(...tables.map((table) => tableItem(table, list)));
    if (!tables.length) target.append(el("li", { class: "muted", text: gettext("None right now.") }));
    if (list === "my_turn") showWaiting(tables.length);
  } catch (error) {
    target.replaceChildren(el("li", { class: "error", text: error.message }));
  }
}

// Tables waiting for my move show in the tab's title and icon too.
const baseTitle = document.title;
function showWaiting(count) {
  document.title = count ? `(${count}) ${baseTitle}` : baseTitle;
  showTurnIcon(count > 0);
}

function refresh() {
  for (const list of ["my_turn", "mine", "open", "live"]) fill(list);
}

// "Play against bots now": one request makes and starts the table, then the table opens.
async function playAgainstBots(button) {
  const error = button.parentElement.querySelector("[data-play-error]");
  button.disabled = true; // a second click while the first is on its way makes nothing
  error.textContent = "";
  try {
    const table = await api(`/api/games/${button.dataset.play}/play/`, { method: "POST" });
    location.assign(`/tables/${table.id}/`);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
  }
}

for (const button of document.querySelectorAll("button[data-play]")) {
  button.addEventListener("click", () => playAgainstBots(button));
}

// A visitor who asked to play a game against bots signed up first and comes back here to play
// it (?play=<game>): its table opens as if the button were pressed.
const askedToPlay = new URLSearchParams(location.search).get("play");
const playButton = askedToPlay && [...document.querySelectorAll("button[data-play]")].find((button) => button.dataset.play === askedToPlay);
if (playButton) {
  history.replaceState(null, "", location.pathname + location.hash);
  playButton.click();
}

// A game's guided game: the one under way, or a new one (guide.js).
for (const button of document.querySelectorAll("button[data-guided]")) {
  button.addEventListener("click", () => {
    const error = button.parentElement.querySelector("[data-play-error]");
    button.disabled = true;
    error.textContent = "";
    startGuidedGame(button.dataset.guided).catch((failure) => {
      error.textContent = failure.message;
      button.disabled = false;
    });
  });
}

refresh();
setInterval(() => {
  if (document.visibilityState === "visible") refresh();
}, REFRESH_MS);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") refresh();
});
