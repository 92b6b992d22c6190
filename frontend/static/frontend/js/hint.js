// Hints at practice tables (unrated, the player with bots alone): the expert bot's move for the
// player's seat, asked of the server on the player's turn, outlined where the board drew it
// (every drawn action names its index in the legal actions: board.js ActionIndex), or the way to
// it where the board draws it in steps (a boat to choose first), and named in words beside the
// prompt, with the expert's reason. The server refuses hints elsewhere.
import { api, showInPrompt } from "./client.js";
import { gettext, interpolate } from "./i18n.js";
import { ActionIndex } from "../games/board.js";

const MARKED_PARTS = ["#board", "#prompt", "#action-list"];

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
    this.index = -1; // the hinted move's index in the legal actions, while it holds
    this.asking = false;
    this.button.addEventListener("click", () => this.ask());
    // A board or prompt redrawn by its own (a boat chosen first, a preview) outlines the move again.
    const redrawn = new MutationObserver(() => this.mark());
    for (const part of ["board", "prompt"]) redrawn.observe(document.getElementById(part), { childList: true, subtree: true });
  }

  // After each drawing of the board: the button on the player's turn, the hint while it holds.
  show(table, snapshot, describe) {
    Object.assign(this, { table, snapshot, describe });
    const legal = snapshot.legal_actions || [];
    this.box.hidden = !hintsAllowed(table) || Boolean(snapshot.outcome);
    this.button.disabled = this.asking || !legal.length;
    if (this.hint && this.hint.seq !== snapshot.seq) this.hint = null;
    this.index = this.hint ? new ActionIndex(legal).indexOf(this.hint.action) : -1;
    const marked = this.mark();
    if (this.index < 0) {
      if (!this.asking) this.text.replaceChildren();
      return;
    }
    const onBoard = marked.some((node) => node.closest("#board"));
    const inPrompt = marked.some((node) => node.closest("#prompt"));
    // The list of every move shows it where nothing else does.
    if (!onBoard && !inPrompt) document.getElementById("actions-box").open = true;
    // On a phone the prompt may be folded to its heading: opened when the hinted move is only in it.
    const dock = document.getElementById("prompt-dock");
    if (dock && dock.classList.contains("folded") && inPrompt && !onBoard) document.getElementById("prompt-toggle").click();
    showInPrompt(marked.find((node) => node.closest("#prompt")));
    this.text.replaceChildren(
      interpolate(gettext("Hint: %(move)s."), { move: describe(this.hint.action) }),
      " ",
      this.hint.reason,
    );
  }

  // Outlines every drawing of the hinted move, and the way to it (none without a hint); returns them.
  mark() {
    const selector = MARKED_PARTS.flatMap((part) => [`${part} [data-action-index="${this.index}"]`,
      `${part} [data-leads-to~="${this.index}"]`]).join(", ");
    const marked = this.index < 0 ? [] : [...document.querySelectorAll(selector)];
    for (const node of document.querySelectorAll(".hinted")) {
      if (!marked.includes(node)) node.classList.remove("hinted");
    }
    for (const node of marked) node.classList.add("hinted");
    return marked;
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
