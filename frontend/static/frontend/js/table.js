// The table page: seats before the start, then the board drawn by the game's renderer,
// the live feed, the log, replay, the clock and, once finished, the scores and seed check.
import {
  api, el, describeAction, formatCountdown, sha256Hex, signed, timeControlWords, GameLog, madeForNote, Replay, TableConnection,
} from "./client.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import { PACES, Playback, movesOf, ownLine, pace, setPace } from "./playback.js";
import { ChatPanel } from "./chat.js";
import { announceTurn, notificationsOn, setNotifications, setSound, showTurnIcon, soundOn } from "./alerts.js";
import { Hints } from "./hint.js";
import { Guide, offerNewcomer } from "./guide.js";
import { AnalysisPanel } from "./analysis.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const LOBBY_POLL_MS = 2000;
const TABLE_REFRESH_MS = 3000;

const state = {
  table: null, // GET /api/tables/<id>/
  frame: null, // the latest sync frame (or view answer) at the head, as it came
  live: null, // that frame as the page offers it: no choice on a turn already answered
  renderer: null,
  busy: false, // a move of this player is on its way
  answeredBefore: 0, // the first seq of this player's latest move: an older position is answered
  guide: null, // a guided game's steps (guide.js)
  heldByGuide: false, // the guide has the player wait for the bots' moves of its line (guide.js holds)
  firstDraw: true, // the page opening on a waiting move is no news: no sound for it
  endUnseen: false, // the game was in play on this page: its end screen is brought into sight once
};

const log = new GameLog($("log"));
const seenEvents = new Map(); // seq -> event frame, to name the move a replay step shows
const isPersonsSeat = (seat) => Boolean(state.table && state.table.seats.find((s) => s.seat === seat && s.kind === "human"));
const chat = new ChatPanel(
  { list: $("chat"), form: $("chat-form"), input: $("chat-input"), status: $("chat-status") },
  { tableId: page.table_id, username: page.username, send: (text) => (started ? connection.sendChat(text) : chat.post(text)) },
);
const connection = new TableConnection(page.table_id, {
  onChat: (frame) => chat.receive(frame),
  onEvent: (event) => {
    seenEvents.set(event.seq, event);
    playback.addEvent(event);
  },
  onSync: (frame) => receiveSync(frame),
  onError: (frame) => showMessage(frame.detail),
  onStatus: (status) => {
    showConnection(status);
    if (status === "live") chat.load(); // at each connection: also the lines written while it was down
  },
});
const hints = new Hints({
  box: $("hint-box"), button: $("hint-button"), text: $("hint-text"), tableId: page.table_id, onError: showMessage,
});
const playback = new Playback({
  fetchView: (seq) => connection.fetchView(seq),
  show: (snapshot, move) => showStep(snapshot, move),
  finish: (sync, move) => showSync(sync, move),
  tell: (event) => log.add(event, isPersonsSeat(event.seat)),
  mine: () => state.live && state.live.seat,
});
const replay = new Replay(connection, {
  stops: () => log.seqs(),
  onStep: (seq, snapshot) => showReplayStep(seq, snapshot),
  onLive: () => {
    $("replay-pos").textContent = gettext("now");
    delete $("replay-pos").dataset.seq;
    showReplayButtons(null);
    log.mark(null);
    draw();
  },
});

function showConnection(status) {
  const badge = $("conn-status");
  badge.className = `conn conn-${status}`;
  badge.textContent = { live: gettext("connected"), connecting: gettext("connecting…"), offline: gettext("reconnecting…") }[status];
}

// `text`: what went wrong or why nothing happened (in the warning colour); `about`: what the
// player touched, its tooltip, before it.
function showMessage(text, about = "") {
  $("message").replaceChildren(...(about ? [el("span", { class: "message-about", text: about }), text ? " · " : ""] : []), text || "");
  $("message-box").hidden = !text && !about;
}
$("message-close").addEventListener("click", () => showMessage(""));

function seatName(seat) {
  const info = state.table.seats.find((s) => s.seat === seat);
  if (!info || (!info.is_ai && !info.username)) return interpolate(gettext("Seat %(number)s"), { number: seat + 1 });
  if (info.is_ai) {
    return interpolate(gettext("AI %(number)s (%(strength)s)"), { number: seat + 1, strength: info.strength_label || info.strength });
  }
  if (info.resigned) return interpolate(gettext("%(name)s (resigned)"), { name: info.username });
  if (info.standin) return interpolate(gettext("%(name)s (a bot stands in)"), { name: info.username });
  return info.is_bot_account ? interpolate(gettext("%(name)s (bot)"), { name: info.username }) : info.username;
}

// The seats as the board names them. The board calls the reader's own seat "… (you)" after its
// player's name alone: how the seat is played now (resigned, a bot standing in) is said above it.
function seatInfo() {
  return state.table.seats.map((info) => ({
    ...info, name: info.seat === state.table.my_seat && info.username ? info.username : seatName(info.seat),
  }));
}

// ----------------------------------------------------------------------------- before the start

function renderLobby() {
  const table = state.table;
  const box = $("table-lobby");
  box.hidden = false;
  const mine = table.my_seat !== null && table.my_seat !== undefined;
  const rows = table.seats.map((seat) => {
    const invited = seat.kind === "invite";
    let who = seat.is_ai
      ? interpolate(gettext("AI (%(strength)s)"), { strength: seat.strength_label || seat.strength })
      : seat.username || gettext("open");
    if (invited) who = interpolate(gettext("%(name)s (invited)"), { name: seat.username });
    const free = seat.kind === "open" || (invited && seat.username === page.username);
    const join = !mine && page.username && free
      ? el("button", {
        type: "button", "data-testid": `join-${seat.seat}`,
        onclick: () => tableCommand("join", { seat: seat.seat }),
        text: invited ? gettext("Accept the invitation") : gettext("Take this seat"),
      })
      : null;
    const decline = join && invited
      ? el("button", { type: "button", class: "secondary", "data-testid": `decline-${seat.seat}`,
        onclick: () => tableCommand("leave"), text: gettext("Decline") })
      : null;
    const empty = !seat.is_ai && !seat.username; // said in grey, not in bold as a player's name
    return el("li", {}, interpolate(gettext("Seat %(number)s:"), { number: seat.seat + 1 }), " ",
      el(empty ? "span" : "strong", { class: empty ? "muted" : "", text: who }), " ", join, " ", decline);
  });
  const buttons = [];
  const hosting = page.username && page.username === table.created_by;
  if (hosting) {
    // Nobody else may start the table: the host's leaving closes it, for the guests too (a host
    // who seated only others closes it the same way).
    buttons.push(el("button", { type: "button", class: "secondary", "data-testid": "leave",
      text: mine ? gettext("Leave and close the table") : gettext("Close the table"),
      onclick: () => window.confirm(gettext("Close this table? Nobody else can start it, so your leaving ends it for everyone seated.")) && tableCommand("leave") }));
  } else if (mine) {
    buttons.push(el("button", { type: "button", "data-testid": "leave", onclick: () => tableCommand("leave"), text: gettext("Leave") }));
  }
  // The server refuses to start before the invited players join; a rematch starts by itself when they do.
  const invitesPending = table.seats.some((seat) => seat.kind === "invite");
  if (hosting && !invitesPending) {
    buttons.push(el("button", { type: "button", "data-testid": "start", onclick: () => tableCommand("start"), text: gettext("Start the game") }));
  }
  const waiting = table.rematch_of
    ? gettext("The rematch starts as soon as the invited players join.")
    : gettext("The game can start once the invited players have joined.");
  // A visitor not logged in is shown the way to a free seat.
  const here = encodeURIComponent(window.location.pathname);
  const signIn = !page.username && table.seats.some((seat) => seat.kind === "open")
    ? el("div", { "data-testid": "log-in-to-join" }, el("p", { text: gettext("Log in or sign up to take a free seat.") }),
      el("div", { class: "row" },
        el("a", { class: "button", href: `/accounts/login/?next=${here}`, text: gettext("Log in") }),
        el("a", { class: "button secondary", href: `/accounts/signup/?next=${here}`, text: gettext("Sign up") })))
    : "";
  // A seated guest learns who starts the game (its host is told of each player who sits down).
  const hostStarts = mine && !invitesPending && page.username !== table.created_by;
  box.replaceChildren(
    el("h2", { text: gettext("Waiting for players") }),
    el("p", { "data-testid": "time-control", text: timeControlWords(table.time_control) }),
    el("ul", { class: "seat-list" }, ...rows),
    signIn,
    invitesPending ? el("p", { class: "muted", "data-testid": "waiting-for-invited", text: waiting }) : "",
    hostStarts ? el("p", { class: "muted", "data-testid": "waiting-for-host",
      text: interpolate(gettext("%(name)s, who opened the table, starts the game."), { name: table.created_by }) }) : "",
    el("div", { class: "row" }, ...buttons),
  );
}

async function tableCommand(command, body = {}) {
  try {
    state.table = await api(`/api/tables/${page.table_id}/${command}/`, { method: "POST", body });
    await showTable();
  } catch (error) {
    showRefusal(error.message);
  }
}

// Why a command was refused: in the waiting room while the table waits (the board's message box
// is not shown yet), else in the message box.
function showRefusal(text) {
  const lobby = $("table-lobby");
  if (lobby.hidden) {
    showMessage(text);
    return;
  }
  let line = lobby.querySelector("[data-testid=lobby-error]");
  if (!line) line = lobby.appendChild(el("p", { class: "error", role: "alert", "data-testid": "lobby-error" }));
  line.textContent = text;
}

// ----------------------------------------------------------------------------- the game

async function loadRenderer(game) {
  const url = page.renderers[game] || page.generic_renderer;
  return import(url);
}

function receiveSync(frame) {
  playback.arrive(frame);
}

// The table as the sync frame tells it, once the moves before it have been shown: until then
// the page, its turn banner and its clock still tell the table as the board shows it.
function showSync(frame, move) {
  state.frame = frame;
  if (!frame.outcome) state.endUnseen = true;
  offer();
  state.lastMove = move || state.lastMove; // a sync that brings no move leaves the last one named
  if (frame.deadline !== undefined) state.table.deadline = frame.deadline;
  if (frame.to_act) state.table.to_act = frame.to_act;
  // An ended table is read again until it is read finished with its ratings (written just after
  // the last move, or later by the sweep: the table's push brings a sync then).
  const ratingsDue = state.table.rated && !state.table.ratings;
  if (frame.outcome && (state.table.status !== "finished" || ratingsDue)) refreshTable();
  else if (frame.outcome) showEnd(); // the table was read as finished while the board caught up
  else scheduleTableRefresh();
  log.mark(null);
  if (!replay.active) draw();
  tickClock();
}

async function refreshTable() {
  state.table = await api(`/api/tables/${page.table_id}/`);
  showTableFacts();
  showEnd();
}

// Seats change hands during a game (a bot stands in for an idle player), so the table's
// details are read again after moves, at most once per TABLE_REFRESH_MS.
let refreshPending = false;
function scheduleTableRefresh() {
  if (refreshPending) return;
  refreshPending = true;
  setTimeout(() => {
    refreshPending = false;
    refreshTable().catch((error) => showMessage(error.message));
  }, TABLE_REFRESH_MS);
}

function showTableFacts() {
  const table = state.table;
  const hash = $("seed-hash");
  // Once the game has ended, the end screen's check takes its place.
  hash.hidden = !table.seed_hash || table.status !== "running";
  hash.querySelector("code").textContent = table.seed_hash || "";
  const mine = table.seats.find((seat) => seat.seat === table.my_seat);
  const running = table.status === "running";
  $("standin").hidden = !(mine && mine.standin && !mine.forfeited && !mine.resigned && running);
  $("resign-card").hidden = !(mine && !mine.resigned && running);
  const resigned = $("resigned");
  resigned.hidden = !(mine && mine.resigned && running);
  if (!resigned.hidden) {
    resigned.textContent = mine.forfeited ? gettext("You resigned: your seat forfeits the game, and a bot plays it out.")
      : gettext("You resigned: a bot plays your seat to the end.");
  }
  tickClock();
}

// Resigning is for good, so it is asked twice; the dialog says what follows by the table's idle setting.
function askToResign() {
  const forfeits = state.table.time_control.on_idle === "forfeit";
  $("resign-bot").hidden = forfeits;
  $("resign-forfeit").hidden = !forfeits;
  $("resign-dialog").returnValue = "";
  $("resign-dialog").showModal();
}
$("resign-button").addEventListener("click", askToResign);
$("resign-dialog").addEventListener("close", () => {
  if ($("resign-dialog").returnValue === "resign") tableCommand("resign");
});

function isMyTurn() {
  const seat = state.live && state.live.seat;
  return !state.heldByGuide && seat !== null && seat !== undefined && (state.live.to_act || []).includes(seat);
}

function draw() {
  if (!state.live || !state.renderer) return;
  const snapshot = { ...state.live, seats: seatInfo(), game: state.table.game };
  state.heldByGuide = Boolean(state.guide && state.guide.holds(snapshot, snapshot.legal_actions || []));
  const legal = replay.active || playback.stepping || state.heldByGuide ? [] : snapshot.legal_actions || [];
  const placed = state.renderer.render($("board"), { ...snapshot, legal_actions: legal }, {
    act: submit,
    prompt: $("prompt"),
    showPrompt: () => foldPrompt(false), // a click on the board asked a question only the prompt answers
    glossary: page.glossaries[state.table.game] || {},
    lastMove: state.lastMove,
  });
  showLastMove(state.lastMove);
  $("board").classList.remove("stepping");
  renderActionList(legal, placed || new Set(), snapshot);
  hints.show(state.table, { ...snapshot, legal_actions: legal }, describer(snapshot));
  if (state.guide) state.guide.show({ ...snapshot, legal_actions: legal }, legal, describer(snapshot), replay.active || playback.stepping);
  sayWhereToAct(legal, placed || new Set());
  renderTurn();
}

// A waiting move always says what to do: where a renderer's prompt asks nothing (its choices
// are all on the board, or none is drawn), the prompt says where they are.
function sayWhereToAct(legal, placed) {
  const prompt = $("prompt");
  if (!isMyTurn() || prompt.textContent.trim()) return;
  let words;
  if (replay.active) words = gettext("This is a replay: press “Back to the game” to play.");
  else if (!legal.length) return;
  else words = legal.every((_, index) => placed.has(index)) ? gettext("Your turn: choose what is outlined on the board.")
    : gettext("Your turn: choose an action in the list below.");
  prompt.replaceChildren(el("h3", { "data-testid": "turn-hint", text: words }));
}

// One of several moves that came at once, shown in turn (playback.js): nothing is clickable.
function showStep(snapshot, move) {
  if (replay.active) return;
  $("board").classList.add("stepping");
  state.renderer.render($("board"), { ...snapshot, legal_actions: [], seats: seatInfo(), game: state.table.game }, {
    act: () => {},
    prompt: $("prompt"),
    glossary: page.glossaries[state.table.game] || {},
    lastMove: move,
  });
  showLastMove(move);
  log.mark(move.seq);
  $("action-list").replaceChildren();
  $("actions-box").hidden = true;
}

// What the latest move touched, marked on any board: the board's parts carry data attributes
// named like the event fields that name them (a junk, a tile, a stall, a boat…).
const TOUCHED_FIELDS = ["junk", "tile", "stall", "boat", "node", "card"];
// A piece that moved names where it came from too: [event field of the start, of the end, the
// data attribute of both] (a square is [x, y] in its event and "x,y" on the board; a boat
// moves from its sailor's square to the new one, "s").
const TRAILS = [["from_tile", "tile", "tile"], ["from_node", "node", "node"], ["from", "to", "cell"], ["from", "s", "cell"]];
const placeName = (value) => (Array.isArray(value) ? value.join(",") : String(value));
const boardPart = (attribute, value) => $("board").querySelector(`[data-${attribute}="${CSS.escape(placeName(value))}"]`);

// The move whose parts were marked last, and when: a board drawn again for the same move (a click
// of the player's, the move's own echo) goes on with their blink where it was, never afresh.
let touchedMove = { seq: null, at: 0 };

function markTouched(move) {
  const board = $("board");
  const seq = move ? move.seq : null;
  if (seq !== touchedMove.seq) touchedMove = { seq, at: performance.now() };
  const delay = `${touchedMove.at - performance.now()}ms`;
  for (const node of board.querySelectorAll(".touched, .moved-from")) node.classList.remove("touched", "moved-from");
  board.querySelector(".trail")?.remove();
  const steps = [];
  for (const frame of move ? move.events : []) {
    const event = frame.event || {};
    for (const field of TOUCHED_FIELDS) {
      const value = event[field];
      if (typeof value !== "string" && typeof value !== "number") continue;
      for (const node of board.querySelectorAll(`[data-${field}="${CSS.escape(String(value))}"]`)) touch(node, delay);
    }
    for (const [start, end, attribute] of TRAILS) {
      if (event[start] === undefined || event[end] === undefined) continue;
      const from = boardPart(attribute, event[start]);
      const to = boardPart(attribute, event[end]);
      if (from && to && from !== to) steps.push([from, to]);
    }
  }
  for (const [from, to] of steps) {
    from.classList.add("moved-from");
    touch(to, delay);
  }
  if (steps.length) board.append(trailArrows(board, steps));
}

function touch(node, delay) {
  node.classList.add("touched");
  node.style.animationDelay = delay;
}

// Arrows over the board from where each step of the move began to where it ended.
function trailArrows(board, steps) {
  const frame = board.getBoundingClientRect();
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2 - frame.left + board.scrollLeft, box.top + box.height / 2 - frame.top + board.scrollTop];
  };
  const ns = "http://www.w3.org/2000/svg";
  const make = (tag, attrs) => {
    const node = document.createElementNS(ns, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    return node;
  };
  const overlay = make("svg", { class: "trail", "data-testid": "trail", width: board.scrollWidth, height: board.scrollHeight, "aria-hidden": "true" });
  const marker = make("marker", { id: "trail-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" });
  marker.append(make("path", { d: "M0,0 L10,5 L0,10 z" }));
  const defs = make("defs", {});
  defs.append(marker);
  overlay.append(defs);
  for (const [from, to] of steps) {
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    overlay.append(make("line", { x1, y1, x2, y2, "marker-end": "url(#trail-head)" }));
  }
  return overlay;
}

// The line that names a move: the last of those about its mover, not what followed for the table
// or another seat (a refill, the next player's draw or roll); the set-up has only its last line.
// The mover's last line, then the first line that followed by itself: the news the move brought
// (the sealed bids revealed after the last one, the next turn's roll), said where the player looks.
function moveLine(move) {
  const worded = move ? move.events.filter((frame) => frame.text) : [];
  let own = worded.length - 1;
  while (own >= 0 && !ownLine(move, worded[own])) own -= 1;
  if (own < 0) return worded.length ? worded[worded.length - 1].text : "";
  const news = worded[own + 1];
  return news ? `${worded[own].text} ${news.text}` : worded[own].text;
}

// Where a replay stands, by the log's numbers: at the latest line up to the event shown.
function replayLabel(seq) {
  const number = log.numberUpTo(seq);
  if (!number) return gettext("Replay, before the first log entry:");
  return interpolate(gettext("Replay, at log entry %(number)s of %(count)s:"), { number, count: log.size });
}

// The latest move in words above the board, marked when the clock or a bot made it for a person.
// `replayAt`: the event a replay shows, said above the board with the way back (on a phone the
// replay's own controls lie far below it).
function showLastMove(move, replayAt = null) {
  markTouched(move);
  const box = $("last-move");
  // A replay says the log's line it marks: the move there, or what followed it by itself.
  const latest = replayAt === null ? null : log.latestUpTo(replayAt);
  const line = replayAt === null ? moveLine(move) : latest ? latest.text : "";
  box.hidden = !line && replayAt === null;
  if (box.hidden) return;
  const ofMove = line && move && (latest === null || move.events.some((frame) => frame.seq === latest.seq));
  const madeFor = ofMove ? madeForNote(move, isPersonsSeat(move.seat)) : null;
  const label = replayAt === null ? gettext("Last move:") : replayLabel(replayAt);
  box.replaceChildren(
    el("span", { class: "last-move-label", text: label }), " ",
    line,
    madeFor ? el("span", { class: "made-for-note", text: ` (${madeFor})` }) : "",
    replayAt === null ? "" : el("button", { type: "button", class: "quiet replay-leave", "data-testid": "replay-leave",
      onclick: () => replay.go("live").catch((error) => showMessage(error.message)) }, gettext("Back to the game")),
  );
  box.classList.toggle("made-for", Boolean(madeFor));
  box.classList.remove("fresh");
  void box.offsetWidth; // restarts the fade-in
  box.classList.add("fresh");
}

// An action in words: the renderer's, else the generic ones.
function describer(snapshot) {
  const glossary = page.glossaries[state.table.game] || {};
  return (action) => (state.renderer.describeAction || describeAction)(action, snapshot, glossary);
}

function renderActionList(legal, placed, snapshot) {
  const describe = describer(snapshot);
  const items = legal
    .map((action, index) => ({ action, index }))
    .map(({ action, index }) => el(
      "li",
      { class: placed.has(index) ? "on-board" : "" },
      el("button", { type: "button", onclick: () => submit(action), text: describe(action), "data-action-index": index }),
    ));
  $("action-list").replaceChildren(...items);
  const box = $("actions-box");
  box.hidden = legal.length === 0;
  // Actions the board cannot place must be reachable without opening anything.
  if (legal.some((_, index) => !placed.has(index))) box.open = true;
}

let promptQuestion = null; // the legal actions the prompt was last folded for
// A new question comes folded on a phone; the same one still asked after another seat's move
// (a sealed bid coming in while the player bids) stays as the player left it.
function foldForNewQuestion() {
  if (!isMyTurn()) {
    promptQuestion = null;
    return;
  }
  const question = JSON.stringify(state.live.legal_actions);
  if (question !== promptQuestion) {
    promptQuestion = question;
    foldPrompt(true);
  }
}

function renderTurn() {
  foldForNewQuestion();
  const banner = $("turn-banner");
  const table = state.table;
  if (state.live && state.live.outcome) {
    banner.textContent = gettext("Game over");
  } else if (isMyTurn()) {
    // Until the table's answer comes, the move just made is on its way: no choice is offered.
    banner.textContent = state.live.sent ? gettext("Your move is on its way…") : gettext("Your turn");
  } else {
    const waiting = ((state.live && state.live.to_act) || table.to_act || [])
      .filter((seat) => !(state.heldByGuide && seat === state.live.seat));
    banner.textContent = waiting.length
      ? interpolate(gettext("Waiting for %(names)s"), { names: waiting.map(seatName).join(", ") }) : "";
  }
  banner.classList.toggle("mine", isMyTurn());
  // A waiting move shows in the browser's tab too.
  const waitingForMe = isMyTurn() && !(state.live && state.live.outcome);
  showTurnIcon(waitingForMe);
  if (waitingForMe && state.announcedSeq !== state.live.seq && !state.firstDraw) announceTurn(state.pageTitle);
  if (waitingForMe) state.announcedSeq = state.live.seq;
  state.firstDraw = false;
  document.title = `${waitingForMe ? `● ${gettext("Your turn")} · ` : ""}${state.pageTitle || document.title}`;
}

function tickClock() {
  const clock = $("clock");
  const running = state.table && state.table.status === "running";
  const deadline = running ? state.table.deadline : null;
  // Only bots wait for this player: the game waits too, with no clock (a phone's heading
  // leaves that out, for the turn banner's sake).
  const noClock = !deadline && running && isMyTurn();
  if (deadline) {
    // A phone's table heading shows the time alone (site.css), the rest of it in the tooltip.
    const words = formatCountdown(deadline);
    clock.replaceChildren(el("span", { class: "clock-long", text: words }),
      el("span", { class: "clock-short", text: formatCountdown(deadline, { short: true }) }));
    clock.title = words;
  } else {
    clock.textContent = noClock ? gettext("No clock: only bots are waiting") : "";
    clock.title = "";
  }
  clock.classList.toggle("no-clock", noClock);
}

// The board goes quiet while a move is on its way, and stays quiet on any position from before
// that move which the playback still shows (others' earlier moves, caught up at the reader's
// pace): that turn is answered, and a second click there would only be refused. A refused move
// gives back the choices of the latest sync, with the engine's message.
async function submit(action) {
  if (state.busy || (state.guide && !state.guide.allows(action))) return;
  state.busy = true;
  showMessage("");
  const chosenOn = state.live.seq;
  offer();
  draw();
  try {
    const result = await connection.submit(action, chosenOn);
    const seqs = (result.events || []).map((event) => event.seq);
    if (seqs.length) state.answeredBefore = Math.max(state.answeredBefore, Math.min(...seqs));
  } catch (error) {
    showMessage(error.message);
  } finally {
    state.busy = false;
    offer();
    // A frame that came while the move was on its way is offered now, unless it is from before
    // the move (then the board already shows it quiet).
    if (!state.live.sent && !replay.active && !playback.stepping) draw();
  }
}

// The latest frame as the page offers it: no choice while a move is on its way or on a position
// from before the player's latest move.
function offer() {
  const frame = state.frame;
  const answered = state.busy || frame.seq < state.answeredBefore;
  state.live = answered ? { ...frame, legal_actions: [], sent: true } : frame;
}

function moveAt(seq) {
  const events = [...seenEvents.values()].filter((event) => event.seq <= seq).sort((a, b) => a.seq - b.seq);
  const moves = movesOf(events);
  return moves[moves.length - 1] || null;
}

// The steps that lead somewhere from the event shown (`seq`; null: the game as it is now):
// "First" and "Previous" after the log's first line, "Next" and "Now" before the last event.
function showReplayButtons(seq) {
  const ahead = seq !== null;
  const behind = (ahead ? seq : connection.seq) > replay.stepFrom(Infinity, "first");
  for (const button of document.querySelectorAll("#replay [data-step=next], #replay [data-step=live]")) button.disabled = !ahead;
  for (const button of document.querySelectorAll("#replay [data-step=first], #replay [data-step=prev]")) button.disabled = !behind;
}

async function showReplayStep(seq, snapshot) {
  // Where the replay stands, by the log's numbers; the event shown is the position's own mark.
  const position = $("replay-pos");
  position.textContent = `${log.numberUpTo(seq)} / ${log.size}`;
  position.dataset.seq = seq;
  showReplayButtons(seq);
  log.mark(seq);
  const frame = { ...snapshot, legal_actions: [], seats: seatInfo(), game: state.table.game };
  const move = moveAt(seq);
  state.renderer.render($("board"), frame, {
    act: () => {},
    prompt: $("prompt"),
    glossary: page.glossaries[state.table.game] || {},
    lastMove: move,
  });
  showLastMove(move, seq);
  $("action-list").replaceChildren();
  $("actions-box").hidden = true;
  sayWhereToAct([], new Set());
}

// ----------------------------------------------------------------------------- after the end

function ratingCell(change) {
  if (!change) return el("td", { class: "detail" });
  const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
  return el("td", { class: "num detail rating", "data-testid": "rating-change", "data-label": gettext("Rating") }, `${change.after} `,
    el("span", { class: change.change >= 0 ? "gain" : "loss", text: `(${sign}${Math.abs(change.change)})` }));
}

// A person's (or a bot account's) name links to their public page; a house bot's is plain text.
function playerLink(seat) {
  const info = state.table.seats.find((s) => s.seat === seat);
  if (!info || info.is_ai || !info.username) return seatName(seat);
  return el("a", { href: `/players/${encodeURIComponent(info.username)}/`, text: seatName(seat) });
}

const gaveUpSeats = (outcome) => new Set([...(outcome.forfeited || []), ...(outcome.resigned || [])]);

// The seats best first: the winners, the others as the engine ranked them, a seat whose player
// gave up last (winningSeats).
function seatsByResult(outcome, count) {
  const winners = winningSeats(outcome);
  const gaveUp = gaveUpSeats(outcome);
  const ranked = [...(outcome.ranking || []), ...Array.from({ length: count }, (_, seat) => seat)];
  const order = [...new Set(ranked)].filter((seat) => seat < count);
  const group = (seat) => (winners.has(seat) ? 0 : gaveUp.has(seat) ? 2 : 1);
  return order.sort((a, b) => group(a) - group(b)); // a stable sort: the ranking's order within a group
}

// As the ratings rank them (tables/ratings.py): a seat whose player forfeited or resigned wins for
// nobody, whatever its bot made of it, and the best of the others (all who share the best place)
// move up in its place.
function winningSeats(outcome) {
  const gaveUp = gaveUpSeats(outcome);
  const winners = (outcome.winners || []).filter((seat) => !gaveUp.has(seat));
  const others = (outcome.ranking || []).filter((seat) => !gaveUp.has(seat));
  if (winners.length || !gaveUp.size || !others.length) return new Set(winners);
  // An outcome stored without places gives each seat its own, in the ranking's order.
  const places = outcome.places || Object.fromEntries(outcome.ranking.map((seat, index) => [seat, index]));
  const best = Math.min(...others.map((seat) => places[seat]));
  return new Set(others.filter((seat) => places[seat] === best));
}

function scoresTable(outcome, ratings, glossary, teams) {
  const scores = outcome.scores || [];
  const rated = (ratings || []).reduce((bySeat, change) => ({ ...bySeat, [change.seat]: change }), {});
  const withRatings = Boolean(ratings && ratings.length);
  const winners = winningSeats(outcome);
  // An engine may break the score down (money, bonuses …): the parts its glossary names become columns.
  // Each cell carries its column's name: a phone shows a player in a block, the name, score and
  // win on a line, the details (team, parts, rating) below, each after its name (site.css).
  const breakdown = outcome.breakdown || [];
  const columns = glossary.score_columns || {};
  const parts = breakdown.length ? Object.keys(columns).filter((key) => typeof breakdown[0][key] === "number") : [];
  const teamOf = (seat) => (teams || []).find((team) => team.seats.includes(seat));
  const scoreName = glossary.score_name || gettext("Score"); // what a game's score counts, where it has a name
  const head = el("tr", {}, el("th", { text: gettext("Player") }), ...(teams ? [el("th", { text: gettext("Team") })] : []),
    el("th", { class: "num", text: scoreName }), el("th", {}, el("span", { class: "visually-hidden", text: gettext("Result") })),
    ...parts.map((key) => el("th", { class: "num", text: columns[key] })),
    ...(withRatings ? [el("th", { class: "num", text: gettext("Rating") })] : []));
  const rows = seatsByResult(outcome, scores.length).map((seat) => el(
    "tr",
    { class: winners.has(seat) ? "winner" : "" },
    el("td", {}, playerLink(seat)),
    ...(teams ? [el("td", { class: "detail", "data-testid": "team", "data-label": gettext("Team"), text: teamOf(seat) ? teamOf(seat).name : "" })] : []),
    el("td", { class: "num", "data-label": scoreName, text: signed(scores[seat]) }),
    el("td", { text: winners.has(seat) ? (winners.size > 1 ? gettext("winner (tie)") : gettext("winner")) : "" }),
    ...parts.map((key) => partCell(key, columns[key], breakdown[seat], glossary)),
    ...(withRatings ? [ratingCell(rated[seat])] : []),
  ));
  return el("div", { class: "scores-wrap" },
    el("table", { class: "scores by-player", "data-testid": "scores" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    glossary.score_note ? el("p", { class: "muted score-note", "data-testid": "score-note", text: glossary.score_note }) : null);
}

// A part of a seat's score; its renderer may say under it what made it up (the Legespiel's groups).
function partCell(key, label, row, glossary) {
  const detail = state.renderer && state.renderer.scoreDetail ? state.renderer.scoreDetail(key, row, glossary) : null;
  return el("td", { class: "num detail", "data-label": label }, String(signed(row[key])),
    detail ? el("small", { class: "score-detail", "data-testid": `score-detail-${key}`, text: detail }) : null);
}

// Anyone can check that the revealed seed is the one committed to at the start.
async function checkSeed(table, target, digestTarget) {
  if (!table.seed || !table.seed_hash) {
    target.textContent = gettext("the seed is not revealed");
    return;
  }
  try {
    const digest = await sha256Hex(table.seed);
    const ok = digest === table.seed_hash;
    digestTarget.textContent = digest;
    target.textContent = ok ? `✓ ${gettext("matches")}` : `✗ ${gettext("does not match")}`;
    target.className = ok ? "ok" : "error";
  } catch {
    target.textContent = gettext("this browser cannot compute it here (it needs HTTPS)");
  }
}

// The same seats again with a new seed: the first player to ask makes it, the others join it.
function rematchOffer(table) {
  if (table.rematch) {
    return el("p", {}, el("a", { class: "button", href: `/tables/${table.rematch}/`, "data-testid": "rematch-link",
      text: gettext("Go to the rematch") }));
  }
  // A guided game's end offers a game of one's own instead (guide.js).
  if (table.my_seat === null || table.my_seat === undefined || table.guided) return "";
  const button = el("button", { type: "button", "data-testid": "rematch", text: gettext("Rematch") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const rematch = await api(`/api/tables/${page.table_id}/rematch/`, { method: "POST" });
      location.assign(`/tables/${rematch.id}/`);
    } catch (error) {
      showMessage(error.message);
      button.disabled = false;
    }
  });
  return el("p", {}, button);
}

function resignedNotes(table) {
  return table.seats.filter((seat) => seat.resigned).map((seat) => el("p", {
    "data-testid": "resigned-note",
    text: interpolate(seat.forfeited ? gettext("%(name)s resigned and forfeited the game.")
      : gettext("%(name)s resigned and places last; a bot played the seat to the end."), { name: seat.username }),
  }));
}

// An abandoned table says why it ended before its game did.
function showAbandoned() {
  const outcome = state.table.outcome || {};
  const mine = (username) => Boolean(page.username) && username === page.username;  // told in the second person
  const idle = state.table.seats.find((seat) => seat.seat === outcome.seat);
  const why = {
    player_left: () => (idle && mine(idle.username)
      ? gettext("You left this table of bots: nobody moved for the table's idle time.")
      : interpolate(gettext("%(name)s left a table of bots: nobody moved for the table's idle time."), { name: seatName(outcome.seat) })),
    host_left: () => (mine(state.table.created_by)
      ? gettext("You closed this table before the game began.")
      : interpolate(gettext("%(name)s, who opened the table, closed it before the game began."), { name: state.table.created_by })),
  }[outcome.abandoned];
  const words = why ? why() : gettext("The game was ended before its finish.");
  $("finished").hidden = false;
  // A signed-in reader is offered a table of the same game to go on with.
  const another = page.username ? el("p", {}, el("a", { class: "button", "data-testid": "another-table",
    href: `/tables/new/?game=${encodeURIComponent(state.table.game)}`, text: gettext("Open another table") })) : "";
  $("finished").replaceChildren(el("h2", { text: outcome.abandoned === "host_left" ? gettext("Table closed") : gettext("Game abandoned") }),
    el("p", { "data-testid": "abandoned-why", text: words }), another);
}

function showEnd() {
  const show = { finished: showFinished, abandoned: showAbandoned }[state.table.status];
  if (!show) return;
  // The scores wait for the board to reach the end (others' moves may still be on show).
  if (state.table.status === "finished" && !(state.frame && state.frame.outcome)) return;
  // The page's guide to taking turns, and the offer to learn the game, have nothing left to say
  // at an ended table (the guide stays unseen for the next one; the offer comes again there).
  $("first-hint").hidden = true;
  if ($("newcomer")) $("newcomer").hidden = true;
  show();
}

// Why the game ended, in the engine's words ("{winners}" named here); "" for an older outcome
// that gives no reason.
function endReason(outcome, glossary) {
  const words = (glossary.end_reasons || {})[outcome.reason];
  return words ? words.replace("{winners}", (outcome.winners || []).map(seatName).join(", ")) : "";
}

// The sides of a team game, as its renderer tells them from the final view (null: no teams).
function teamsOf(snapshot) {
  return snapshot && state.renderer && state.renderer.teams ? state.renderer.teams(snapshot) : null;
}

async function showFinished() {
  const table = state.table;
  const box = $("finished");
  box.hidden = false;
  const glossary = page.glossaries[table.game] || {};
  const outcome = table.outcome || {};
  const reason = endReason(outcome, glossary);
  const check = el("span", { "data-testid": "seed-check", text: gettext("checking…") });
  const digest = el("code", { text: "…" });
  // The end screen is drawn again as the table's last facts arrive: a proof the player opened stays open.
  const proofOpen = Boolean(box.querySelector("details.seed-proof[open]"));
  const verdict = verdictOf(table);
  box.replaceChildren(
    el("h2", { text: gettext("Final scores") }),
    verdict ? el("p", { class: "end-verdict", "data-testid": "end-verdict", text: verdict }) : "",
    ...resignedNotes(table),
    reason ? el("p", { class: "end-reason", "data-testid": "end-reason", text: reason }) : "",
    scoresTable(outcome, table.ratings, glossary, teamsOf(state.live)),
    resultWords(table.result_words || []),
    table.rated && !table.ratings ? el("p", { class: "muted", text: gettext("Ratings are being updated…") }) : "",
    rematchOffer(table),
    seedProof(table, check, digest, proofOpen),
    el("p", { class: "muted" }, el("a", { href: `/api/tables/${table.id}/export/`, download: "", "data-testid": "export",
      text: gettext("Download the game") }), " ", gettext("(every move in order, with the analyses, in a file for programs)")),
  );
  if (state.guide) state.guide.explainEnd(box);
  // The end reached in play: who won is above the board, out of sight on a phone.
  if (state.endUnseen) {
    state.endUnseen = false;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ behavior: still ? "instant" : "smooth", block: "start" });
  }
  showAnalysis(table).catch((error) => showMessage(error.message));
  await checkSeed(table, check, digest);
}

// Who won, said to the reader: a player hears of their own win or loss, a spectator of the winners.
function verdictOf(table) {
  const winners = [...winningSeats(table.outcome || {})];
  if (!winners.length) return "";
  const mine = table.my_seat;
  const others = winners.filter((seat) => seat !== mine).map(seatName).join(", ");
  if (mine === null || mine === undefined) {
    return interpolate(ngettext("%(names)s won.", "%(names)s won.", winners.length), { names: others });
  }
  if (!winners.includes(mine)) {
    return interpolate(ngettext("You lost: %(names)s won.", "You lost: %(names)s won.", winners.length), { names: others });
  }
  return others ? interpolate(gettext("You won, together with %(names)s."), { names: others }) : gettext("You won!");
}

// How the result came about and each score counted, in words (the server's, in the reader's language).
function resultWords(lines) {
  if (!lines.length) return "";
  return el("section", { class: "result-words", "data-testid": "result-words" },
    el("h3", { text: gettext("How the scores were counted") }),
    el("ul", {}, ...lines.map((line) => el("li", { text: line }))));
}

// The proof that chance was fixed before the first move, folded under its verdict.
function seedProof(table, check, digest, open) {
  const proof = el("details", { class: "seed-proof" },
    el("summary", {}, gettext("Fair chance:"), " ", check),
    el("p", { class: "muted", text: gettext("Every shuffle and draw of this game came from a secret seed. Its fingerprint (SHA-256) was shown from the start: the seed could not be swapped during the game. Now it is revealed, and your browser computes its fingerprint again to compare.") }),
    el("p", {}, gettext("Fingerprint shown at the start:"), " ", el("code", { text: table.seed_hash || "—" })),
    el("p", {}, gettext("Revealed seed:"), " ", el("code", { text: table.seed || "—" })),
    el("p", {}, gettext("SHA-256 of the seed, computed here:"), " ", digest));
  proof.open = open;
  return proof;
}

// The analysis panel of an ended game (once per page: the end screen may be drawn again).
async function showAnalysis(table) {
  if (state.analysis) return;
  state.analysis = new AnalysisPanel({
    box: $("analysis"),
    tableId: table.id,
    seats: table.seats.map((seat) => seatName(seat.seat)),
    mySeat: table.my_seat,
    describeAt: async (seq, action) => describer(await connection.fetchView(seq))(action),
    entryAfter: (seq) => log.entryAfter(seq),
    goTo: (seq) => {
      replay.go(seq).catch((error) => showMessage(error.message));
      // The line above the board says where the replay is and leads back: it comes into sight too.
      const top = $("last-move").hidden ? $("board") : $("last-move");
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      top.scrollIntoView({ behavior: still ? "instant" : "smooth", block: "start" });
    },
    ending: { seq: connection.seq, winners: winningSeats(table.outcome || {}) },
  });
  await state.analysis.show();
}

// ----------------------------------------------------------------------------- start up

let started = false;

async function startGame() {
  if (started) return;
  started = true;
  $("table-lobby").hidden = true;
  $("table-layout").hidden = false;
  placeChat(false);
  state.renderer = await loadRenderer(state.table.game);
  if (state.table.guided) {
    state.guide = await new Guide({ panel: $("guide"), tableId: page.table_id, game: state.table.game,
      learnUrl: page.rules[state.table.game] }).load();
  }
  await connection.start(); // the chat is read as its socket connects (onStatus)
  if (!state.live) receiveSync(await connection.fetchView());
  showEnd();
}

async function showTable() {
  const table = state.table;
  $("table-title").replaceChildren(el("span", { class: "table-name", text: table.title || table.game }), " ",
    el("span", { class: "table-number", text: `#${table.id}` }));
  state.pageTitle = `${table.title || table.game} #${table.id} · Sampan`;
  document.title = state.pageTitle;
  Object.assign($("rules-link"), { href: page.rules[table.game], hidden: false });
  if (table.status === "open") {
    renderLobby();
    placeChat(true);
    chat.load(); // read again at each poll: before the start the table has no socket
    setTimeout(pollLobby, LOBBY_POLL_MS);
  } else if (!table.head_seq) { // closed before its game began: there is no board to draw
    $("table-lobby").hidden = true;
    placeChat(false);
    showAbandoned();
  } else {
    await startGame();
    showTableFacts();
  }
}

// Those waiting for a game may talk: the chat stands under the lobby, then beside the board. It is
// moved only where it is not yet: a move takes the focus from its input (the lobby polls).
function placeChat(inLobby) {
  const card = $("chat-card");
  if (inLobby && $("table-lobby").nextElementSibling !== card) $("table-lobby").after(card);
  if (!inLobby && $("resign-card").previousElementSibling !== card) $("resign-card").before(card);
}

async function pollLobby() {
  if (started) return;
  try {
    state.table = await api(`/api/tables/${page.table_id}/`);
    await showTable();
  } catch (error) {
    showMessage(error.message);
    setTimeout(pollLobby, LOBBY_POLL_MS);
  }
}

// The replay plays itself at the reader's pace, as other players' moves do.
let autoplay = false;
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
function showPlaying(button, playing) {
  button.textContent = playing ? "❚❚" : "▶";
  button.title = playing ? gettext("Pause") : gettext("Play the game back");
  button.setAttribute("aria-label", button.title);
}

async function playReplay() {
  const button = $("replay-play");
  autoplay = !autoplay;
  showPlaying(button, autoplay);
  if (!autoplay) return;
  try {
    if (!replay.active) await replay.go("first");
    while (autoplay && replay.active) {
      await sleep(pace() || 600);
      if (autoplay) await replay.go("next");
    }
  } finally {
    autoplay = false;
    showPlaying(button, false);
  }
}

function setUpPace() {
  if (page.settings) setPace(page.settings.pace);
  const select = $("pace");
  select.replaceChildren(...PACES.map(([value, words]) => el("option", { value, text: words })));
  select.value = String(pace());
  select.addEventListener("change", () => {
    setPace(select.value);
    if (page.settings) saveSetting({ pace: Number(select.value) });
  });
}

function saveSetting(change) {
  api("/api/me/", { method: "PATCH", body: change }).catch((error) => showMessage(error.message));
}

// On a phone a new prompt comes folded to its heading (site.css: two lines at most), to leave the board in sight;
// a tap unfolds it (site.css ignores the fold on a wide screen).
function foldPrompt(folded) {
  $("prompt-dock").classList.toggle("folded", folded);
  const toggle = $("prompt-toggle");
  toggle.setAttribute("aria-expanded", String(!folded));
  toggle.textContent = folded ? `▴ ${promptHeading() || gettext("Show the prompt")}` : `▾ ${gettext("Hide the prompt")}`;
}
function promptHeading() {
  const prompt = $("prompt");
  return (prompt.querySelector("h3") || prompt).textContent.trim();
}
const promptFolded = () => $("prompt-dock").classList.contains("folded");
$("prompt-toggle").addEventListener("click", () => foldPrompt(!promptFolded()));
// A new question opens at its top, wherever the player had scrolled the last one (a phone's
// prompt scrolls within a quarter of the screen).
let shownHeading = null;
new MutationObserver(() => {
  const heading = promptHeading();
  if (heading !== shownHeading) $("prompt").scrollTop = 0;
  shownHeading = heading;
  foldPrompt(promptFolded());
}).observe($("prompt"), { childList: true, subtree: true, characterData: true });

function setUpAlerts() {
  const sound = $("sound");
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
  const notify = $("notify");
  notify.checked = notificationsOn();
  notify.closest("label").hidden = !("Notification" in window);
  notify.addEventListener("change", async () => {
    notify.checked = await setNotifications(notify.checked);
  });
}
setUpAlerts();

// A click on the board that plays nothing says why, and explains what was clicked where it
// has a tooltip (an SVG <title> or a title attribute), so that a phone can read them too.
function explainClick(click) {
  if (click.target.closest(".clickable, button, a, input, select, label")) return;
  // The nearest part with a tooltip, as hovering shows it (a tile's symbol has none of its own).
  const titled = click.target.closest("[title], :has(> title)");
  const ownTitle = titled && (titled.getAttribute("title") || titled.querySelector(":scope > title").textContent);
  let why;
  if (click.defaultPrevented) why = ""; // the game answered the click itself (the Legespiel's cell, in the prompt)
  else if (replay.active) why = gettext("This is a replay: press “Back to the game” to play.");
  else if (playback.stepping) why = gettext("Earlier moves are on show; the board is yours again in a moment.");
  else if (state.live && state.live.outcome) why = "";
  else if (!isMyTurn()) why = interpolate(gettext("It is not your turn: waiting for %(names)s."), { names: ((state.live && state.live.to_act) || []).map(seatName).join(", ") });
  else why = gettext("That cannot be played now: what you may use is outlined, or offered in the prompt.");
  showMessage(why, ownTitle);
}
$("board").addEventListener("click", explainClick);

// A prompt button whose move the board also draws points at it: pointing at or focusing the
// button outlines that place on the board (a space named in words the board does not print).
function outlineTwin(event) {
  for (const node of $("board").querySelectorAll(".twin")) node.classList.remove("twin");
  const button = event.type === "pointerover" || event.type === "focusin" ? event.target.closest("[data-action-index]") : null;
  if (!button) return;
  for (const node of $("board").querySelectorAll(`[data-action-index="${button.dataset.actionIndex}"]`)) node.classList.add("twin");
}
for (const type of ["pointerover", "pointerout", "focusin", "focusout"]) $("prompt").addEventListener(type, outlineTwin);

// The board is drawn again when the window changes size or a phone turns.
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (!replay.active && !playback.stepping) draw(); }, 150);
});

// The first table an account opens shows a short guide to the page, until it is dismissed.
function showFirstHint() {
  if (!page.settings || page.settings.table_hint_seen) return;
  $("first-hint").hidden = false;
  $("first-hint-done").addEventListener("click", () => {
    saveSetting({ table_hint_seen: true });
    $("first-hint").hidden = true;
  });
}
showFirstHint();
offerNewcomer(page, saveSetting);

$("replay-play").addEventListener("click", () => playReplay().catch((error) => showMessage(error.message)));
setUpPace();
$("back-button").addEventListener("click", () => tableCommand("back"));
// A line of the log shows the table as it was after that move.
$("log").addEventListener("click", (click) => {
  const line = click.target.closest("li[data-seq]");
  if (line) replay.go(Number(line.dataset.seq)).catch((error) => showMessage(error.message));
});
for (const button of document.querySelectorAll("#replay [data-step]")) {
  button.addEventListener("click", () => replay.go(button.dataset.step).catch((error) => showMessage(error.message)));
}
setInterval(tickClock, 1000);

// A handle for debugging from the console (and for the browser tests).
window.sampanTable = { connection, log, replay, state, submit };

api(`/api/tables/${page.table_id}/`)
  .then((table) => {
    state.table = table;
    return showTable();
  })
  .catch((error) => showMessage(error.message));
