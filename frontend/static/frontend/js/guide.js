// The guided first game (tables/guides.py) on the table page: the step the table's head has
// reached, in a panel beside the prompt (under the board on a phone), what it points at outlined
// on the board, and a click on anything but the step's move answered with what to do instead.
// Which step shows follows from the head seq alone, so a reopened table goes on where it stood;
// only the notes read at one head (Next) are the page's own, kept in the tab's storage. Once the script is over the player
// plays on with the Hint button, and the end screen puts the scores in words.
// Also here: the offer, on a person's first table of a game, of its guided game and how-to-play page.
import { api, el, showInPrompt } from "./client.js";
import { gettext, interpolate } from "./i18n.js";
import { ActionIndex } from "../games/board.js";

const $ = (id) => document.getElementById(id);
const TARGET = "guide-target";
const LOOK = "guide-look";

// A guided game of `game`: the one the player is playing, or a new one; then its table opens.
export async function startGuidedGame(game) {
  const table = await api(`/api/games/${game}/learn/`, { method: "POST" });
  location.assign(`/tables/${table.id}/`);
}

export class Guide {
  // `panel`: the element the steps are shown in; `describe(action)`: an action in words.
  constructor({ panel, tableId, game, learnUrl }) {
    Object.assign(this, { panel, tableId, game, learnUrl });
    this.script = null;
    this.offLine = false; // the table left the guide's line (a move the script did not ask for)
    this.key = null; // the head seq the shown notes belong to
    this.read = 0; // how many of that head's notes were read (Next)
    this.wrong = "";
    this.freeRead = Boolean(this.kept().freeRead); // the free play's words were dismissed, in this browser
    this.marked = null; // the step whose parts are outlined
    const redraw = () => requestAnimationFrame(() => this.mark());
    const watch = new MutationObserver(redraw);
    for (const part of ["board", "prompt"]) if ($(part)) watch.observe($(part), { childList: true, subtree: true });
  }

  async load() {
    this.script = await api(`/api/tables/${this.tableId}/guide/`);
    return this;
  }

  // After each drawing of the board at the head (`legal`: what the page offers now; none while a
  // move is on its way, in a replay or while earlier moves are shown).
  show(snapshot, legal, describe, quiet) {
    this.snapshot = snapshot;
    this.describe = describe;
    if (!this.guides(snapshot)) {
      this.hide();
      return;
    }
    if (quiet || snapshot.sent) return; // the panel keeps its step until the head moves
    if (snapshot.seq !== this.key) Object.assign(this, { key: snapshot.seq, read: this.notesRead(snapshot.seq), wrong: "" });
    this.state = this.situation(snapshot, legal);
    if (this.state.kind === "off") {
      this.offLine = true;
      this.state = this.situation(snapshot, legal);
    }
    this.render();
    this.mark();
  }

  // Whether the panel speaks at this snapshot: the player's own seat, the game not over.
  guides(snapshot) {
    return Boolean(this.script) && snapshot.seat === this.script.seat && !snapshot.outcome;
  }

  // Whether the page offers the player no move: the line's bots move first, though the table
  // waits for the player too (a phase where all choose at once, such as sealed bids).
  holds(snapshot, legal) {
    return this.guides(snapshot) && this.situation(snapshot, legal).kind === "wait";
  }

  // Where the head stands in the script: {kind: "step", step, notes} (a step waits here),
  // "wait" (the bots play the line's moves before the next step), "off" (the table has left the
  // line: the player made another move) or "free" (after the script, or off the line).
  situation(snapshot, legal) {
    const { steps, end_seq: endSeq } = this.script;
    const seq = snapshot.seq;
    const here = steps.filter((step) => step.seq === seq);
    const action = here.find((step) => step.action);
    const notes = here.filter((step) => !step.action);
    const ahead = steps.some((step) => step.action && step.seq > seq);
    const others = (snapshot.to_act || []).some((seat) => seat !== snapshot.seat);
    if (!this.offLine && action) {
      if (new ActionIndex(legal).indexOf(action.action) >= 0) return { kind: "step", step: action, notes };
      return { kind: others ? "wait" : "off" };
    }
    if (!this.offLine && (ahead || seq < endSeq)) return { kind: others ? "wait" : "off" };
    return { kind: "free", notes: this.offLine ? [] : notes };
  }

  // What the player has read outlives the page (this browser keeps it): a reopened table shows
  // the step the player had reached, not the notes before it again, nor the free play's words
  // once dismissed (they told of a position long gone).
  kept() {
    try {
      return JSON.parse(localStorage.getItem(`sampan.guide.${this.tableId}`) || "null") || {};
    } catch {
      return {}; // storage refused (a private window) or spoilt: the notes show again
    }
  }

  keep(fields) {
    try {
      localStorage.setItem(`sampan.guide.${this.tableId}`, JSON.stringify({ ...this.kept(), ...fields }));
    } catch {
      // storage refused: a reload shows the notes again
    }
  }

  notesRead(seq) {
    const kept = this.kept();
    return kept.seq === seq ? kept.read : 0;
  }

  keepNotesRead() {
    this.keep({ seq: this.key, read: this.read });
  }

  // The step on show: the next unread note, else the step's move, else the free play's words.
  current() {
    const notes = this.state.notes || [];
    if (this.read < notes.length) return notes[this.read];
    return this.state.kind === "step" ? this.state.step : null;
  }

  number(step) {
    return this.script.steps.indexOf(step) + 1;
  }

  render() {
    // The free play's words tell of the position where the script ended: once read, they go.
    if (this.state.kind === "free" && this.freeRead) {
      this.panel.dataset.step = "free";
      this.hide();
      return;
    }
    const step = this.current();
    const count = this.script.steps.length;
    const parts = [];
    if (this.state.kind === "wait") {
      parts.push(el("p", { class: "guide-progress", text: gettext("Guided game") }),
        el("p", { class: "guide-say", "data-testid": "guide-say", text: gettext("The bots are playing: the next step comes with your turn.") }));
    } else if (step) {
      parts.push(
        el("p", { class: "guide-progress", "data-testid": "guide-progress",
          text: interpolate(gettext("Guided game · step %(n)s of %(count)s"), { n: this.number(step), count }) }),
        el("p", { class: "guide-say", "data-testid": "guide-say", text: step.say }),
      );
      if (!step.action) {
        parts.push(el("div", { class: "row" }, el("button", {
          type: "button", "data-testid": "guide-next", text: gettext("Next"),
          onclick: () => { this.read += 1; this.wrong = ""; this.keepNotesRead(); this.render(); this.mark(true); },
        })));
      }
    } else {
      parts.push(el("p", { class: "guide-progress", text: gettext("Guided game · your own moves") }),
        el("p", { class: "guide-say", "data-testid": "guide-say", text: this.script.free }),
        el("div", { class: "row" }, el("button", {
          type: "button", "data-testid": "guide-done", text: gettext("Got it"),
          onclick: () => { this.freeRead = true; this.keep({ freeRead: true }); this.render(); },
        })));
    }
    if (this.wrong) parts.push(el("p", { class: "guide-wrong", role: "alert", "data-testid": "guide-wrong", text: this.wrong }));
    this.panel.replaceChildren(...parts);
    this.panel.hidden = false;
    this.panel.dataset.step = step ? String(this.number(step)) : this.state.kind;
    // The script says what to play: no hint competes with it, nor the first table's guide to the page.
    const hint = $("hint-box");
    if (hint && this.state.kind !== "free") hint.hidden = true;
    if ($("first-hint")) $("first-hint").hidden = true;
  }

  hide() {
    this.panel.hidden = true;
    this.unmark();
  }

  unmark() {
    for (const node of document.querySelectorAll(`.${TARGET}, .${LOOK}`)) node.classList.remove(TARGET, LOOK);
  }

  // Outlines the step's move wherever the page draws it (board, prompt, else the list of
  // actions) and the part it points at; a new step is scrolled into sight.
  mark(fresh = false) {
    if (!this.state || this.panel.hidden) return;
    this.unmark();
    const step = this.current();
    if (!step) return;
    const legal = (this.snapshot && this.snapshot.legal_actions) || [];
    const index = step.action ? new ActionIndex(legal).indexOf(step.action) : -1;
    const pointed = step.point ? [...document.querySelectorAll(`#board ${step.point}`)] : [];
    let targets = index < 0 ? [] : ["#board", "#prompt"].flatMap((part) => [...document.querySelectorAll(`${part} [data-action-index="${index}"]`)]);
    let looks = pointed.filter((node) => !targets.includes(node));
    if (index >= 0 && !targets.length) {
      // The board draws this move only after a first choice (a boat to move, say): that is the target.
      if (pointed.length) [targets, looks] = [pointed, []];
      else {
        $("actions-box").open = true;
        targets = [...document.querySelectorAll(`#action-list [data-action-index="${index}"]`)];
      }
    }
    for (const node of targets) node.classList.add(TARGET);
    for (const node of looks) node.classList.add(LOOK);
    // On a phone the prompt may be folded to its heading: opened when the move is in it (the board
    // may draw only a preview of it, as an arrow does before the prompt's button confirms it).
    const dock = $("prompt-dock");
    if (dock && dock.classList.contains("folded") && targets.some((node) => node.closest("#prompt"))) $("prompt-toggle").click();
    // A new step is brought into sight, and so is the same step's board part when the docked
    // prompt grew over it (a board click that opens the prompt's confirmation).
    const key = `${this.key}:${this.number(step)}:${dockHeight()}`;
    if (fresh || this.marked !== key) {
      this.marked = key;
      const first = targets.find((node) => node.closest("#board")) || looks[0];
      if (first) bringIntoSight(first);
    }
    // At every draw: a redraw or a fold of the prompt loses its scroll.
    showInPrompt(targets.find((node) => node.closest("#prompt")));
  }

  // Whether the page may send `action`: only the step's move while the script runs (a wrong
  // click says what to do instead), anything once the player plays on.
  allows(action) {
    if (!this.script || !this.state || this.panel.hidden || this.state.kind === "free") return true;
    if (this.state.kind === "step" && new ActionIndex([this.state.step.action]).indexOf(action) === 0) {
      this.wrong = "";
      return true;
    }
    const noteOnShow = this.read < (this.state.notes || []).length; // the step's move is not asked yet
    this.wrong = this.state.kind === "wait" ? gettext("Wait a moment: the bots are still playing.")
      : noteOnShow ? gettext("Read this step first, then press Next.")
      : interpolate(gettext("Not that one: this step asks for “%(move)s”, outlined on the page."),
        { move: this.describe ? this.describe(this.state.step.action) : "" });
    this.render();
    this.panel.classList.remove("guide-shake");
    void this.panel.offsetWidth; // restarts the shake
    this.panel.classList.add("guide-shake");
    return false;
  }

  // The end screen of a guided game, after its scores in words: where to go from here.
  explainEnd(box) {
    if (box.querySelector("[data-testid=guide-end]")) return;
    const play = el("button", { type: "button", "data-testid": "guide-play", text: gettext("Play against bots now") });
    play.addEventListener("click", async () => {
      play.disabled = true;
      try {
        const table = await api(`/api/games/${this.game}/play/`, { method: "POST" });
        location.assign(`/tables/${table.id}/`);
      } catch (error) {
        play.disabled = false;
        play.after(el("span", { class: "error", text: ` ${error.message}` }));
      }
    });
    const section = el("section", { class: "guide-end", "data-testid": "guide-end" },
      el("p", { text: gettext("That was the guided game. Play a game of your own against the bots, or read how to play again.") }),
      el("div", { class: "row" }, play, el("a", { class: "button secondary", href: this.learnUrl, text: gettext("How to play") })));
    const words = box.querySelector("[data-testid=result-words]") || box.querySelector(".scores-wrap");
    (words || box.lastChild).after(section);
  }
}

// Scrolls `node` to the middle of what the screen shows of the page, when it is out of sight
// there (the prompt docked at the foot of a phone's screen hides the bottom). A node in sight but
// at the dock's very edge is moved too: the board around it is what the step is about.
function bringIntoSight(node) {
  const box = node.getBoundingClientRect();
  const bottom = window.innerHeight - dockHeight();
  if (box.top >= 0 && box.bottom <= bottom - SIGHT_MARGIN * bottom) return;
  window.scrollBy({ top: box.top - (bottom - box.height) / 2, behavior: "instant" });
}

const SIGHT_MARGIN = 0.15; // of the height in sight

// The height of the prompt docked at the foot of a phone's screen (0 where it is not docked).
function dockHeight() {
  const dock = $("prompt-dock");
  return dock && getComputedStyle(dock).position === "sticky" ? dock.offsetHeight : 0;
}

// On a person's first table of a game (none of theirs running or finished before), an offer of
// the game's guided game and how-to-play page, until dismissed (remembered on the account).
export function offerNewcomer(page, saveSetting) {
  const offer = page.newcomer;
  const box = $("newcomer");
  if (!offer || !box) return;
  const play = el("button", { type: "button", "data-testid": "newcomer-guided", text: gettext("Play the guided game") });
  const error = el("span", { class: "error", role: "alert" });
  play.addEventListener("click", () => {
    play.disabled = true;
    startGuidedGame(offer.game).catch((failure) => {
      error.textContent = failure.message;
      play.disabled = false;
    });
  });
  const dismiss = el("button", { type: "button", class: "quiet", "data-testid": "newcomer-dismiss", text: gettext("No, thanks") });
  dismiss.addEventListener("click", () => {
    box.hidden = true;
    saveSetting({ newcomer_dismissed: [...(page.settings.newcomer_dismissed || []), offer.game] });
  });
  box.replaceChildren(
    el("strong", { text: interpolate(gettext("New to %(game)s?"), { game: offer.title }) }),
    el("p", { text: gettext("Learn it in a guided game against bots, where each step shows what to click and why, or read how to play first.") }),
    el("div", { class: "row" }, play, el("a", { class: "button secondary", href: offer.learn, "data-testid": "newcomer-learn",
      text: gettext("How to play") }), dismiss, error),
  );
  box.hidden = false;
}
