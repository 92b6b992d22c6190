'use strict';
// One load-client process in Node: the same players as tests/bench/load_client.py (four
// websocket clients per table, a random legal action from the newest sync frame, after `think`
// seconds), at about half its CPU; the peer server's own load generator is in Node too.
// The Python side (load_client.drive_node) starts it and speaks JSON lines:
//   stdin  {"assignments": [{table, seat, cookie, url}], "think": s}
//   stdout {"ready": true}                 every socket has its first sync frame
//   stdin  {"timing": {start_at, ramp_to, measure_from, measure_to}}   (epoch seconds)
//   stdin  {"heads": {table: head_seq}}    after the window, once the heads stood still
//   stdout {"result": {...}}               when every client has its table's head, or 120 s on
// Times are epoch seconds on the machine's clock, as Python's time.time().

const readline = require('readline');
const { performance } = require('perf_hooks');
const WebSocket = require('ws');

const CONNECT_CONCURRENCY = 20;
const DRAIN_MS = 120000;

const now = () => (performance.timeOrigin + performance.now()) / 1000;
const lines = readline.createInterface({ input: process.stdin });
const waiting = [];
lines.on('line', (line) => waiting.shift()(JSON.parse(line)));
const nextLine = () => new Promise((resolve) => waiting.push(resolve));
// A pipe's writes may still be queued when the script ends: exit only once the last is out.
const say = (message) => new Promise((resolve) => process.stdout.write(JSON.stringify(message) + '\n', resolve));

const run = { timing: null, sends: {}, errors: {}, disconnects: 0, closing: false };

function connect(seat) {
  return new Promise((resolve, reject) => {
    const origin = seat.url.replace('ws://', 'http://').split('/ws/')[0];
    const socket = new WebSocket(seat.url, { headers: { Cookie: seat.cookie }, origin, perMessageDeflate: false,
      maxPayload: 2 ** 24, handshakeTimeout: 60000 });
    seat.socket = socket;
    socket.once('error', reject);
    socket.once('message', (raw) => {
      const first = JSON.parse(raw);
      if (first.type !== 'sync') return reject(new Error(`first frame ${raw}`));
      Object.assign(seat, { firstSeq: first.seq, latestSync: first });
      socket.on('message', (data) => onMessage(seat, data));
      socket.on('close', () => { if (!run.closing) run.disconnects += 1; });
      resolve();
    });
  });
}

function onMessage(seat, data) {
  const message = JSON.parse(data);
  for (const frame of Array.isArray(message) ? message : [message]) onFrame(seat, frame);
}

function onFrame(seat, frame) {
  if (frame.type === 'event') {
    if (frame.seat === seat.seat && frame.seq > seat.sentForSeq) seat.waiting = false;
    if (seat.arrivals.has(frame.seq)) seat.duplicates += 1;
    else seat.arrivals.set(frame.seq, now());
  } else if (frame.type === 'sync') {
    if (frame.seq >= seat.latestSync.seq) seat.latestSync = frame;
    if (frame.legal_actions.length) turn(seat);
  } else if (frame.type === 'error') {
    run.errors[frame.code] = (run.errors[frame.code] || 0) + 1;
    seat.waiting = false;
    if (frame.code !== 'stale_seq') seat.sentForSeq = -1; // a refused move: try another legal one
    turn(seat);
  }
}

// The seat may act: it does after `think` seconds, on the newest sync frame it has by then; a
// turn that comes while it thinks is looked at once more after.
function turn(seat) {
  if (!run.timing || seat.thinking) return void (seat.turnPending = true);
  seat.thinking = true;
  const delay = Math.max(run.think * 1000, (seat.startsAt - now()) * 1000);
  const act = () => {
    seat.thinking = false;
    send(seat);
    if (seat.turnPending) {
      seat.turnPending = false;
      turn(seat);
    }
  };
  if (delay > 0) setTimeout(act, delay);
  else setImmediate(act);
}

function send(seat) {
  const sync = seat.latestSync;
  if (seat.waiting || !sync.legal_actions.length || sync.seq === seat.sentForSeq || now() >= run.timing.measure_to) return;
  const commandId = `load-${seat.table}-${seat.seat}-${sync.seq}-${Math.floor(Math.random() * 1e9)}`;
  seat.sentForSeq = sync.seq;
  seat.waiting = true;
  run.sends[commandId] = [seat.table, now()];
  const action = sync.legal_actions[Math.floor(Math.random() * sync.legal_actions.length)];
  seat.socket.send(JSON.stringify({ type: 'action', action, expected_seq: sync.seq, command_id: commandId }));
}

async function connectAll(seats) {
  let next = 0;
  const worker = async () => {
    while (next < seats.length) await connect(seats[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, seats.length) }, worker));
}

function covered(seats, heads) {
  return seats.every((seat) => seat.arrivals.size >= heads[seat.table] - seat.firstSeq);
}

async function drained(seats, heads) {
  const until = Date.now() + DRAIN_MS;
  while (!covered(seats, heads) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
}

async function main() {
  const { assignments, think } = await nextLine();
  run.think = think;
  const seats = assignments.map((a) => ({ ...a, arrivals: new Map(), duplicates: 0, sentForSeq: -1, waiting: false,
    thinking: false, turnPending: false }));
  await connectAll(seats);
  say({ ready: true });
  run.timing = (await nextLine()).timing;
  const cpuBefore = process.cpuUsage();
  const wallBefore = now();
  // Tables start at moments spread over the warm-up, as players' tables do (load_client.play).
  const ramp = run.timing.ramp_to - run.timing.start_at;
  for (const seat of seats) {
    seat.startsAt = run.timing.start_at + ((seat.table * 0.6180339887) % 1) * ramp;
    if (seat.latestSync.legal_actions.length || seat.turnPending) {
      seat.turnPending = false;
      turn(seat);
    }
  }
  const heads = (await nextLine()).heads;
  await drained(seats, heads);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuShare = (cpu.user + cpu.system) / 1e6 / (now() - wallBefore);
  run.closing = true;
  for (const seat of seats) seat.socket.close();
  await say({ result: {
    seats: seats.map((seat) => ({ table: seat.table, seat: seat.seat, first_seq: seat.firstSeq,
      arrivals: Object.fromEntries(seat.arrivals), duplicates: seat.duplicates, to_act: seat.latestSync.to_act })),
    sends: run.sends, errors: run.errors, disconnects: run.disconnects, cpu_share: cpuShare,
  } });
  setTimeout(() => process.exit(0), 1000).unref();  // the sockets' close frames go out meanwhile
}

main().catch(async (error) => {
  await say({ failure: String(error && error.stack || error) });
  process.exit(1);
});
