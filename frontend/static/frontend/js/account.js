// Account page: email and email notices (GET/PATCH /api/me/), the personal API token.
import { api } from "./client.js";
import { gettext } from "./i18n.js";

const form = document.getElementById("notices-form");
const status = document.getElementById("notices-status");

async function load() {
  const me = await api("/api/me/");
  form.email.value = me.email || "";
  form.email_notices.checked = Boolean(me.email_notices);
}

form.addEventListener("submit", async (submit) => {
  submit.preventDefault();
  status.textContent = gettext("Saving…");
  try {
    await api("/api/me/", {
      method: "PATCH",
      body: { email: form.email.value, email_notices: form.email_notices.checked },
    });
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
