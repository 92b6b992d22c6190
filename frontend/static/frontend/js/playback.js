// Other players' moves one at a time: when the feed brings several moves at once (bots answer
// in a blink), the board shows the table after each of them in turn, at the reader's pace,
// before the table as it is now; moves that come one push after another are held apart by the
// same pace. The log tells a move when the board shows it. A move is the run of events one seat's
// command made.
import { gettext } from "./i18n.js";

export const PACES = [
  ["0", gettext("at once")],
  ["600", gettext("quick")],
  ["1200", gettext("normal")],
  ["2500", gettext("slow")],
];
// The page keeps the pace in this browser; a player's pages take it from the account when they
// open and save a change there too, so that it follows them from one device to another.
const PACE_KEY = "sampan.pace";
const MAX_STEPS = 8; // coming back to a table long after shows its last moves only
// A reader falls at most this many paces behind the table (and never more than LONGEST_LAG ms);
// past that the page shows the table as it is.
const MAX_LAG_PACES = 8;
const LONGEST_LAG = 10000;

export function pace() {
  const stored = localStorage.getItem(PACE_KEY);
  return PACES.some(([value]) => value === stored) ? Number(stored) : 1200;
}

export function setPace(value) {
  localStorage.setItem(PACE_KEY, String(value));
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// The moves among `events`: runs of consecutive events by one seat and one mover.
export function movesOf(events) {
  const moves = [];
  for (const event of events) {
    const last = moves[moves.length - 1];
    if (last && last.seat === event.seat && last.by === event.by) last.events.push(event);
    else moves.push({ seat: event.seat, by: event.by, events: [event] });
  }
  return moves.map((move) => ({ ...move, seq: move.events[move.events.length - 1].seq }));
}

// A frame of `move` in the mover's own words: its event names the mover's seat. A worded frame
// that is not is news that followed by itself (the sealed bids revealed, the round's end).
export function ownLine(move, frame) {
  return Boolean(frame.event) && frame.event.seat === move.seat;
}

export class Playback {
  // fetchView(seq): the table as this reader saw it after `seq`; show(snapshot, move): draw a
  // step; finish(sync, move): draw the table as it is now, `move` the latest; tell(event): write
  // an event in the log; mine(): my seat.
  constructor({ fetchView, show, finish, tell, mine }) {
    Object.assign(this, { fetchView, show, finish, tell, mine });
    this.events = [];
    this.untold = []; // events not in the log yet, oldest first
    this.syncs = [];
    this.running = false;
    this.started = false; // the first sync shows the table as it is, with no steps before it
    this.steps = 0;
  }

  addEvent(event) {
    this.events.push(event);
    this.untold.push(event);
  }

  tellUpTo(seq) {
    while (this.untold.length && this.untold[0].seq <= seq) this.tell(this.untold.shift());
  }

  arrive(sync) {
    this.syncs.push({ sync, arrived: performance.now() });
    if (!this.running) this.run();
  }

  async run() {
    this.running = true;
    try {
      while (this.syncs.length) {
        const { sync } = this.syncs.shift();
        const events = this.events.filter((event) => event.seq <= sync.seq);
        this.events = this.events.filter((event) => event.seq > sync.seq);
        const moves = movesOf(events);
        if (this.started) {
          await this.stepThrough(moves.slice(0, -1).filter((move) => this.worthShowing(move)).slice(-MAX_STEPS));
        }
        const latest = moves[moves.length - 1] || null;
        this.tellUpTo(sync.seq);
        this.finish(sync, latest);
        // Moves that come in their own pushes (one bot after another) are held apart too, unless
        // the page is behind: then it catches up at once, as stepThrough does.
        if (this.started && latest && this.worthShowing(latest) && pace() && !document.hidden && !this.behind()) {
          await sleep(pace());
        }
        this.started = true;
      }
    } finally {
      this.running = false;
    }
  }

  // The oldest waiting push came longer ago than a reader should lag: the page shows the table
  // as it is instead.
  behind() {
    if (!this.syncs.length) return false;
    const lag = performance.now() - this.syncs[0].arrived;
    return lag > Math.min(MAX_LAG_PACES * pace(), LONGEST_LAG);
  }

  // Another seat's move, or one of mine that something followed by itself in words (the sealed
  // bids revealed after mine, the round's end): news the board and the line above it must tell.
  worthShowing(move) {
    if (move.seat === null || move.seat === undefined) return false;
    return move.seat !== this.mine() || move.events.some((frame) => frame.text && !ownLine(move, frame));
  }

  // True while earlier moves are on show: nothing may be played then.
  get stepping() {
    return this.steps > 0;
  }

  async stepThrough(moves) {
    this.steps = moves.length;
    try {
      for (const move of moves) {
        const wait = pace();
        if (!wait || document.hidden || this.behind()) return; // behind: catch up at once
        const snapshot = await this.fetchView(move.seq);
        this.tellUpTo(move.seq);
        this.show(snapshot, move);
        await sleep(wait);
      }
    } catch {
      // a step that cannot be read is skipped: the table as it is now follows
    } finally {
      this.steps = 0;
    }
  }
}
