// The shared browser client: REST calls, the live table connection (seq tracking, gap
// detection, reconnect with backoff, catch-up), action submission, the log and replay.
import { gettext, interpolate, ngettext } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || interpolate(gettext("Request failed (%(status)s)."), { status }));
    this.status = status;
    this.code = (body && body.code) || String(status);
    this.body = body || {};
  }
}

export function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

export async function api(path, { method = "GET", body } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: interpolate(gettext("The server answered %(status)s."), { status: `${response.status} ${response.statusText}` }) };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export function commandId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A number as the boards write it: a true minus sign below zero (a rat costs "−1").
export const signed = (value) => (typeof value === "number" && value < 0 ? `−${-value}` : value);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// Scrolls the phone's prompt (it scrolls within a quarter of the screen) so that `node`, one of
// its buttons marked by the guide or a hint, is in sight. Run after the frame's other changes: a
// new question first opens at its top (table.js).
export function showInPrompt(node) {
  const prompt = node && node.closest("#prompt");
  if (!prompt) return;
  requestAnimationFrame(() => {
    const box = node.getBoundingClientRect();
    const top = promptSightTop(prompt), bottom = prompt.getBoundingClientRect().bottom;
    if (box.top < top || box.bottom > bottom) prompt.scrollTop += box.top - top - (bottom - top - box.height) / 2;
  });
}

// Where the prompt's scrolled view begins: under its heading where the heading stays on top
// (a phone held upright, site.css), else at its edge.
function promptSightTop(prompt) {
  const heading = prompt.querySelector(":scope > h3:first-child");
  if (heading && getComputedStyle(heading).position === "sticky") return heading.getBoundingClientRect().bottom;
  return prompt.getBoundingClientRect().top;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15000;
const PRESENCE_MS = 30000; // tables/presence.py REFRESH_SECONDS

// One table's live feed. Events are applied strictly in seq order, exactly once: frames
// are handled one at a time, anything at or below the last seq is dropped, and a gap is
// filled from GET events/?after=N before going on.
export class TableConnection {
  constructor(tableId, { onEvent, onSync, onError, onStatus, onChat = () => {} }) {
    this.tableId = tableId;
    this.handlers = { onEvent, onSync, onError, onStatus, onChat };
    this.seq = 0;
    this.socket = null;
    this.attempts = 0;
    this.stopped = false;
    this.queue = Promise.resolve();
    // The server hears whether the page is in sight: a player looking at the table is not
    // emailed its correspondence moves (tables/presence.py).
    document.addEventListener("visibilitychange", () => this.tellPresence());
    setInterval(() => { if (document.visibilityState === "visible") this.tellPresence(); }, PRESENCE_MS);
  }

  get base() {
    return `/api/tables/${this.tableId}`;
  }

  get isLive() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  async start() {
    await this.enqueue(() => this.catchUp());
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}/`);
    this.socket = socket;
    this.handlers.onStatus("connecting");
    socket.onopen = () => {
      this.attempts = 0;
      this.handlers.onStatus("live");
      this.tellPresence();
    };
    socket.onmessage = (message) => {
      // A message is one frame, or a move's frames in order (a JSON array).
      const data = JSON.parse(message.data);
      for (const frame of Array.isArray(data) ? data : [data]) this.enqueue(() => this.handleFrame(frame));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onStatus("offline");
      if (this.stopped) return;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.attempts);
      this.attempts += 1;
      setTimeout(() => this.connect(), delay * (0.75 + Math.random() * 0.5));
    };
  }

  enqueue(task) {
    this.queue = this.queue.then(task).catch((error) => this.handlers.onError({ detail: error.message }));
    return this.queue;
  }

  async handleFrame(frame) {
    if (frame.type === "event") {
      await this.ingest([frame]);
    } else if (frame.type === "sync") {
      if (frame.seq > this.seq) await this.catchUp();
      this.handlers.onSync(frame);
    } else if (frame.type === "chat" || (frame.type === "error" && frame.about === "chat")) {
      this.handlers.onChat(frame);
    } else if (frame.type === "error") {
      this.handlers.onError(frame);
    }
  }

  tellPresence() {
    if (this.isLive) this.socket.send(JSON.stringify({ type: "presence", in_sight: document.visibilityState === "visible" }));
  }

  // A chat line goes out on the socket; false when it is not connected.
  sendChat(text) {
    if (!this.isLive) return false;
    this.socket.send(JSON.stringify({ type: "chat", text }));
    return true;
  }

  async ingest(events) {
    for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
      if (event.seq <= this.seq) continue;
      if (event.seq > this.seq + 1) await this.catchUp();
      if (event.seq === this.seq + 1) this.apply(event);
    }
  }

  async catchUp() {
    const data = await api(`${this.base}/events/?after=${this.seq}`);
    for (const event of data.events) {
      if (event.seq === this.seq + 1) this.apply(event);
    }
  }

  apply(event) {
    this.seq = event.seq;
    this.handlers.onEvent(event);
  }

  async fetchView(at) {
    const query = at === undefined ? "" : `?at=${at}`;
    return api(`${this.base}/view/${query}`);
  }

  // Sends one action through the REST command path; returns the server's answer.
  // Without a live socket, the page is redrawn from a fresh view.
  // `expectedSeq`: the seq of the table the player chose on (a click on a board not yet redrawn
  // must not land on a later position); the server lets it through within the seat's turn.
  async submit(action, expectedSeq = this.seq) {
    const body = { action, expected_seq: expectedSeq, command_id: commandId() };
    try {
      const result = await api(`${this.base}/actions/`, { method: "POST", body });
      await this.enqueue(() => this.ingest(result.events || []));
      if (!this.isLive) await this.refresh();
      return result;
    } catch (error) {
      if (error.code === "stale_seq") await this.refresh();
      throw error;
    }
  }

  async refresh() {
    await this.enqueue(async () => {
      await this.catchUp();
      this.handlers.onSync(await this.fetchView());
    });
  }
}

// Who made a move for its player, said after the move's own lines (those naming the acting seat;
// a line hidden from this viewer may be one), not after what followed of itself (a refill, the
// last round, the end). `personsSeat`: the seat is a person's, so a bot's move there stood in.
export function madeForNote(frame, personsSeat) {
  if (frame.event && frame.event.seat !== frame.seat) return null;
  if (frame.by === "timeout") return gettext("time ran out: played by a bot");
  return frame.by === "bot" && personsSeat ? gettext("played by the stand-in bot") : null;
}

// The game log in words: one line per event, keyed by seq so nothing shows twice.
export class GameLog {
  constructor(list) {
    this.list = list;
    this.lines = new Map();
  }

  // `personsSeat`: the event's seat is a person's (madeForNote).
  add(event, personsSeat = false) {
    if (this.lines.has(event.seq) || !event.text) return;
    const madeFor = madeForNote(event, personsSeat);
    // The list numbers its lines 1, 2, 3 in order (numberUpTo), as the replay and the analysis name them.
    const line = el("li", { "data-seq": event.seq, text: event.text, class: madeFor ? "made-for" : "", title: gettext("Show the table after this move") },
      madeFor ? el("span", { class: "made-for-note", text: ` (${madeFor})` }) : null);
    this.lines.set(event.seq, line);
    const later = [...this.lines.keys()].filter((seq) => seq > event.seq).sort((a, b) => a - b)[0];
    if (later === undefined) this.list.append(line);
    else this.list.insertBefore(line, this.lines.get(later));
    if (this.list.parentElement) this.list.parentElement.scrollTop = this.list.parentElement.scrollHeight;
  }

  // The number of the latest line up to position `seq` (0: none yet); `size`: the number of lines.
  numberUpTo(seq) {
    return [...this.lines.keys()].filter((lineSeq) => lineSeq <= seq).length;
  }

  get size() {
    return this.lines.size;
  }

  // The number of the first line after position `seq` (null if none): the line of a move chosen there,
  // or of the move it was a step of (a step such as a tile's first square has no line of its own).
  entryAfter(seq) {
    const before = this.numberUpTo(seq);
    return before < this.size ? before + 1 : null;
  }

  // The latest line up to position `seq` as {seq, text} (null if none): what happened last there.
  latestUpTo(seq) {
    const shown = [...this.lines.keys()].filter((lineSeq) => lineSeq <= seq);
    if (!shown.length) return null;
    const lineSeq = Math.max(...shown);
    return { seq: lineSeq, text: this.lines.get(lineSeq).firstChild.textContent };
  }

  // The positions the log has a line for, in order: where a replay's steps stop.
  seqs() {
    return [...this.lines.keys()].sort((a, b) => a - b);
  }

  // In replay, lines after `seq` are dimmed and the last line up to `seq` is marked (an event the
  // log leaves out, such as a turn's start, has no line of its own).
  mark(seq) {
    const latest = seq === null ? null : this.latestUpTo(seq);
    const currentSeq = latest ? latest.seq : null;
    for (const [lineSeq, line] of this.lines) {
      line.classList.toggle("future", seq !== null && lineSeq > seq);
      line.classList.toggle("current", lineSeq === currentSeq);
    }
    if (currentSeq !== null) this.scrollTo(this.lines.get(currentSeq));
  }

  // Scrolls the log's own box, never the page: the reader may be looking at the board.
  scrollTo(line) {
    const box = this.list.parentElement;
    const [lineRect, boxRect] = [line.getBoundingClientRect(), box.getBoundingClientRect()];
    if (lineRect.top < boxRect.top || lineRect.bottom > boxRect.bottom) {
      box.scrollTop += lineRect.top - boxRect.top - (box.clientHeight - lineRect.height) / 2;
    }
  }
}

// Steps through a table's history as the viewer may see it (GET view/?at=N per step). Its steps
// stop where the log has a line (`stops()`, in order): an event the log leaves out (a card drawn
// in secret, a tile's first square) changes nothing a reader could be shown.
export class Replay {
  constructor(connection, { onStep, onLive, stops = () => [] }) {
    this.connection = connection;
    this.onStep = onStep;
    this.onLive = onLive;
    this.stops = stops;
    this.position = null;
  }

  get active() {
    return this.position !== null;
  }

  // `step`: "first", "prev", "next", "live", or the seq of an event to show the table after.
  async go(step) {
    const head = this.connection.seq;
    if (step === "live" || step === head) return this.leave();
    const current = this.position === null ? head : this.position;
    const target = typeof step === "number" ? step : this.stepFrom(current, step);
    if (target >= head && step === "next") return this.leave();
    this.position = Math.max(1, Math.min(head, target));
    const snapshot = await this.connection.fetchView(this.position);
    if (this.position !== null) this.onStep(this.position, snapshot);
  }

  // The position a "first", "prev" or "next" step leads to from `current`.
  stepFrom(current, step) {
    const stops = this.stops();
    const first = stops.length ? stops[0] : 1;
    if (step === "first") return first;
    if (step === "prev") return [...stops].reverse().find((seq) => seq < current) ?? first;
    return stops.find((seq) => seq > current) ?? this.connection.seq;
  }

  leave() {
    this.position = null;
    this.onLive();
  }
}

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A table's time control in words, so that a player knows before sitting down how long a move may take.
export function timeControlWords(control) {
  if (control.kind === "correspondence") {
    return interpolate(ngettext("Correspondence: %(days)s day a move", "Correspondence: %(days)s days a move", control.days), control);
  }
  const minutes = control.seconds / 60;
  return Number.isInteger(minutes)
    ? interpolate(ngettext("Live: %(minutes)s minute a move", "Live: %(minutes)s minutes a move", minutes), { minutes })
    : interpolate(ngettext("Live: %(seconds)s second a move", "Live: %(seconds)s seconds a move", control.seconds), control);
}

// The time left until `deadline` in words ("1d 23h left"); `short`: the time alone ("1d 23h"),
// for a phone's table heading.
export function formatCountdown(deadline, { short = false } = {}) {
  const ms = new Date(deadline).getTime() - Date.now();
  if (ms <= 0) return gettext("time is up");
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  if (days > 0) return interpolate(short ? gettext("%(days)sd %(hours)sh") : gettext("%(days)sd %(hours)sh left"), { days, hours });
  if (hours > 0) {
    return interpolate(short ? gettext("%(hours)sh %(minutes)sm") : gettext("%(hours)sh %(minutes)sm left"),
      { hours, minutes: String(minutes).padStart(2, "0") });
  }
  return short ? `${minutes}:${rest}` : interpolate(gettext("%(time)s left"), { time: `${minutes}:${rest}` });
}

// A readable label for any action dict, used by the generic "choose an action" list.
export function describeAction(action) {
  const words = action.type.replace(/_/g, " ");
  const details = Object.entries(action)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${key.replace(/_/g, " ")}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  return details.length ? `${words} (${details.join(", ")})` : words;
}
