// The table's chat: the last lines on opening (and again on each connection of the socket, for
// the lines written while it was down), new ones as the socket brings them, a line written
// here sent on the socket (before the game starts, when the table has no socket yet, by the API,
// the lobby reading the lines again as it polls). Lines are text (textContent), never markup. A
// reader may report a line or mute its writer; a muted writer's lines are hidden here at once (the
// server stops sending them from the next visit).
import { api, el } from "./client.js";
import { gettext, interpolate } from "./i18n.js";

export class ChatPanel {
  constructor({ list, form, input, status }, { tableId, username, send }) {
    Object.assign(this, { list, form, input, status, tableId, username, send });
    this.shown = new Set(); // line ids, so that the history and a push never show one twice
    this.muted = new Set(); // usernames muted on this page
    form.hidden = !username;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.write();
    });
  }

  async load() {
    try {
      for (const line of await api(`/api/tables/${this.tableId}/chat/`)) this.add(line);
    } catch (error) {
      this.say(error.message);
    }
  }

  receive(frame) {
    if (frame.type === "error") this.say(frame.detail);
    else this.add(frame);
  }

  write() {
    const text = this.input.value.trim();
    if (!text) return;
    if (!this.send(text)) {
      this.say(gettext("Not connected: the line was not sent."));
      return;
    }
    this.input.value = "";
    this.say("");
  }

  // A line sent by the API: shown once stored; refused, it goes back to the input to be mended.
  post(text) {
    api(`/api/tables/${this.tableId}/chat/`, { method: "POST", body: { text } })
      .then((line) => this.add(line))
      .catch((error) => {
        this.say(error.message);
        if (!this.input.value) this.input.value = text;
      });
    return true;
  }

  say(text) {
    this.status.textContent = text;
  }

  add(line) {
    if (this.shown.has(line.id) || this.muted.has(line.user)) return;
    this.shown.add(line.id);
    const mine = line.user === this.username;
    const item = el("li", { "data-id": line.id, "data-user": line.user, "data-testid": "chat-line" },
      el("a", { class: "chat-user", href: `/players/${encodeURIComponent(line.user)}/`, text: line.user }),
      " ", el("span", { class: "chat-text", text: line.text }));
    if (this.username && !mine) item.append(" ", this.reportButton(line), this.muteButton(line));
    // In the order written: a line missed while the socket was down comes with the history read
    // again on reconnecting, after lines pushed since.
    const later = [...this.list.children].find((other) => Number(other.dataset.id) > line.id);
    this.list.insertBefore(item, later || null);
    this.list.scrollTop = this.list.scrollHeight;
  }

  reportButton(line) {
    const button = el("button", { type: "button", class: "link chat-tool", title: gettext("Report this line to the moderators"),
      "data-testid": "chat-report", text: gettext("report") });
    button.addEventListener("click", async () => {
      if (!window.confirm(interpolate(gettext("Report this line of %(name)s to the moderators?"), { name: line.user }))) return;
      button.disabled = true;
      try {
        await api(`/api/chat/${line.id}/report/`, { method: "POST", body: {} });
        this.say(gettext("Reported. Thank you."));
      } catch (error) {
        this.say(error.message);
        button.disabled = false;
      }
    });
    return button;
  }

  muteButton(line) {
    const button = el("button", { type: "button", class: "link chat-tool", "data-testid": "chat-mute",
      title: interpolate(gettext("Mute %(name)s: hide their lines and refuse their invitations"), { name: line.user }), text: gettext("mute") });
    button.addEventListener("click", async () => {
      if (!window.confirm(interpolate(gettext("Mute %(name)s? Their lines will be hidden from you and their invitations refused; their player page lets you hear them again."),
        { name: line.user }))) return;
      try {
        await api(`/api/players/${encodeURIComponent(line.user)}/mute/`, { method: "POST" });
        this.muted.add(line.user);
        for (const item of [...this.list.children]) if (item.dataset.user === line.user) item.remove();
        this.say(interpolate(gettext("%(name)s is muted."), { name: line.user }));
      } catch (error) {
        this.say(error.message);
      }
    });
    return button;
  }
}
