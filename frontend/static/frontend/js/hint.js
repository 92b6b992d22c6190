// Hints at practice tables (unrated, the player with bots alone): the expert bot's move for the
// player's seat, asked of the server on the player's turn, outlined where the board drew it
// (every drawn action names its index in the legal actions: board.js ActionIndex) and named
// in words beside the prompt, with the expert's reason. The server refuses hints elsewhere.
import { api, showInPrompt } from "./client.js";
import { gettext, interpolate } from "./i18n.js";
import { ActionIndex } from "../games/board.js";

// Whether `table` (GET /api/tables/<id>/) allows the reader a hint: their seat, no one else's.
export function hintsAllowed(table) {
  const mine = table.seats.find((seat) => seat.seat === table.my_seat);
  return Boolean(mine) && !table.rated && table.status === "running"
    && table.seats.every((seat) => seat === mine || seat.is_ai);
}

export class Hints {
  constructor({ box, button, text, tableId, onError }) {
    Object.assign(this, { box, button, text, tableId, onError });
    this.hint = null; // {seq, action, reason} of the latest answer
    this.asking = false;
    this.button.addEventListener("click", () => this.ask());
  }

  // After each drawing of the board: the button on the player's turn, the hint while it holds.
  show(table, snapshot, describe) {
    Object.assign(this, { table, snapshot, describe });
    const legal = snapshot.legal_actions || [];
    this.box.hidden = !hintsAllowed(table) || Boolean(snapshot.outcome);
    this.button.disabled = this.asking || !legal.length;
    if (this.hint && this.hint.seq !== snapshot.seq) this.hint = null;
    const index = this.hint ? new ActionIndex(legal).indexOf(this.hint.action) : -1;
    for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
    if (index < 0) {
      if (!this.asking) this.text.replaceChildren();
      return;
    }
    const marked = ["#board", "#prompt", "#action-list"].flatMap((part) => [...document.querySelectorAll(`${part} [data-action-index="${index}"]`)]);
    for (const node of marked) node.classList.add("hinted");
    // The list always has the move, outlined: the board may draw it only in steps (a boat chosen
    // first, say), or redraw itself (a preview) without the outline.
    document.getElementById("actions-box").open = true;
    // On a phone the prompt may be folded to its heading: opened when the hinted move is only in it.
    const dock = document.getElementById("prompt-dock");
    if (dock && dock.classList.contains("folded") && marked.some((node) => node.closest("#prompt"))
        && !marked.some((node) => node.closest("#board"))) document.getElementById("prompt-toggle").click();
    showInPrompt(marked.find((node) => node.closest("#prompt")));
    this.text.replaceChildren(
      interpolate(gettext("Hint: %(move)s."), { move: describe(this.hint.action) }),
      " ",
      this.hint.reason,
    );
  }

  async ask() {
    if (this.asking || !this.snapshot) return;
    this.asking = true;
    this.button.disabled = true;
    this.text.textContent = gettext("The expert is thinking…");
    try {
      this.hint = await api(`/api/tables/${this.tableId}/hint/`, { method: "POST" });
    } catch (error) {
      this.text.textContent = "";
      this.onError(error.message);
    } finally {
      this.asking = false;
    }
    this.show(this.table, this.snapshot, this.describe);
  }
}
