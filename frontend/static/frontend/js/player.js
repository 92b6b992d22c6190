// A player's page, read by someone who muted them: hear them again (DELETE /api/players/<name>/mute/).
import { api } from "./client.js";
import { gettext, interpolate } from "./i18n.js";

const card = document.getElementById("muted-card");
const button = card.querySelector("[data-testid=unmute]");
button.addEventListener("click", async () => {
  const name = card.dataset.username;
  button.disabled = true;
  try {
    await api(`/api/players/${encodeURIComponent(name)}/mute/`, { method: "DELETE" });
    card.querySelector("[data-testid=muted-note]").textContent =
      interpolate(gettext("%(name)s is heard again: their chat lines reach you and they may invite you."), { name });
    button.hidden = true;
  } catch (error) {
    document.getElementById("muted-status").textContent = error.message;
    button.disabled = false;
  }
});
