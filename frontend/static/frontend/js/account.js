// Account page: email, which notices come in the site and by email, and the pace of others'
// moves (GET/PATCH /api/me/), bot accounts and the personal API token (each new token with a copy button).
import { api, el } from "./client.js";
import { gettext } from "./i18n.js";
import { PACES, setPace } from "./playback.js";

const form = document.getElementById("notices-form");
const status = document.getElementById("notices-status");

const noticeBoxes = () => form.querySelectorAll("input[data-channel]");

function chosenNotices() {
  const chosen = { site: [], email: [] };
  for (const box of noticeBoxes()) if (box.checked) chosen[box.dataset.channel].push(box.dataset.kind);
  return chosen;
}

async function load() {
  const me = await api("/api/me/");
  form.email.value = me.email || "";
  for (const box of noticeBoxes()) box.checked = me.notices[box.dataset.channel].includes(box.dataset.kind);
  form.pace.replaceChildren(...PACES.map(([value, words]) => el("option", { value, text: words })));
  form.pace.value = String(me.pace);
  form.rated_against_bots.checked = Boolean(me.rated_against_bots);
  document.getElementById("bots-card").hidden = Boolean(me.bot_owner);
  showBots(await api("/api/me/bots/"));
}

// A new token appears with its copy button; the button's status says whether the copy worked.
function showToken(target, token) {
  target.textContent = token;
  const button = document.querySelector(`[data-copy="${target.id}"]`);
  button.hidden = !token;
  button.nextElementSibling.textContent = "";
}

async function copyToken(button) {
  const token = document.getElementById(button.dataset.copy);
  const status = button.nextElementSibling;
  try {
    await navigator.clipboard.writeText(token.textContent);
    status.textContent = gettext("Copied");
  } catch {  // no clipboard here (a page not served over HTTPS): the player copies the selection
    window.getSelection().selectAllChildren(token);
    status.textContent = gettext("Selected: copy it with your keyboard.");
  }
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  button.addEventListener("click", () => copyToken(button));
}

function showBots(bots) {
  document.getElementById("bot-list").replaceChildren(...bots.map((bot) => el("li", {},
    el("a", { href: `/players/${encodeURIComponent(bot.username)}/`, text: bot.username }))));
}

document.getElementById("bot-form").addEventListener("submit", async (submit) => {
  submit.preventDefault();
  const name = document.getElementById("bot-name");
  const botStatus = document.getElementById("bot-status");
  try {
    const made = await api("/api/me/bots/", { method: "POST", body: { username: name.value.trim() } });
    showToken(document.getElementById("bot-token"), made.token);
    botStatus.textContent = gettext("Registered. Keep its token: it is shown once.");
    name.value = "";
    showBots(await api("/api/me/bots/"));
  } catch (error) {
    botStatus.textContent = error.message;
  }
});

form.addEventListener("submit", async (submit) => {
  submit.preventDefault();
  status.textContent = gettext("Saving…");
  try {
    await api("/api/me/", {
      method: "PATCH",
      body: { email: form.email.value, notices: chosenNotices(), pace: Number(form.pace.value),
        rated_against_bots: form.rated_against_bots.checked },
    });
    setPace(form.pace.value);
    status.textContent = gettext("Saved.");
  } catch (error) {
    status.textContent = error.message;
  }
});

document.getElementById("token-button").addEventListener("click", async () => {
  const target = document.getElementById("token-value");
  try {
    const { token } = await api("/api/me/token/", { method: "POST", body: {} });
    showToken(target, token);
  } catch (error) {
    showToken(target, "");
    target.textContent = error.message;
  }
});

load().catch((error) => {
  status.textContent = error.message;
});
