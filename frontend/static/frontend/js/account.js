// Account page: email, email notices and the pace of others' moves (GET/PATCH /api/me/), the
// personal API token.
import { api, el } from "./client.js";
import { gettext } from "./i18n.js";
import { PACES, setPace } from "./playback.js";

const form = document.getElementById("notices-form");
const status = document.getElementById("notices-status");

async function load() {
  const me = await api("/api/me/");
  form.email.value = me.email || "";
  form.email_notices.checked = Boolean(me.email_notices);
  form.pace.replaceChildren(...PACES.map(([value, words]) => el("option", { value, text: words })));
  form.pace.value = String(me.pace);
}

form.addEventListener("submit", async (submit) => {
  submit.preventDefault();
  status.textContent = gettext("Saving…");
  try {
    await api("/api/me/", {
      method: "PATCH",
      body: { email: form.email.value, email_notices: form.email_notices.checked, pace: Number(form.pace.value) },
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
    target.textContent = token;
  } catch (error) {
    target.textContent = error.message;
  }
});

load().catch((error) => {
  status.textContent = error.message;
});
