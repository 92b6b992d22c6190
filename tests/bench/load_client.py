"""One load-client process: four websocket clients per table, playing legal moves.

Each seat's client connects to /ws/tables/<id>/ (seats spread over the ASGI servers), records
when every event frame arrives, and when its seat may act (its sync frame lists legal
actions) sends a random legal action, after `think` seconds. All four clients of a table live
in this process, so "every client of the table has the event" is timed on one clock.
`drive_node` plays the same way with the sockets in Node (node/load_client.js), for half the CPU.
"""
from __future__ import annotations

import asyncio
import collections
import json
import random
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import orjson
import psycopg
import websockets

CONNECT_CONCURRENCY = 20
DRAIN_SECONDS = 120.0  # after the window: time for every client to receive the events in flight
STILL_LOOKS = 3  # the heads count as still when three looks a second apart agree


@dataclass
class Seat:
    table: int
    seat: int
    cookie: str
    url: str
    first_seq: int = 0  # the head when this client connected
    arrivals: dict = field(default_factory=dict)  # seq -> first arrival time
    duplicates: int = 0
    latest_sync: dict | None = None
    sent_for_seq: int = -1
    waiting: bool = False  # an action is out: no other until its event or its refusal comes back
    turn: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Run:
    start_at: float  # wall clock: actions begin
    ramp_to: float  # the tables start at moments spread from start_at to here
    measure_from: float
    measure_to: float
    think: float
    sends: dict = field(default_factory=dict)  # command_id -> (table, sent at)
    errors: collections.Counter = field(default_factory=collections.Counter)
    disconnects: int = 0
    closing: bool = False  # the run is over and the clients are closing their sockets


async def connect(seat: Seat, limit: asyncio.Semaphore):
    origin = seat.url.replace("ws://", "http://").split("/ws/")[0]
    async with limit:
        socket = await websockets.connect(
            seat.url, origin=origin, additional_headers={"Cookie": seat.cookie}, compression=None,
            max_size=2**24, open_timeout=60, ping_interval=None,
        )
        first = orjson.loads(await socket.recv())
    assert first["type"] == "sync", first
    seat.first_seq = first["seq"]
    seat.latest_sync = first
    if first["legal_actions"]:
        seat.turn.set()
    return socket


def on_frame(seat: Seat, frame: dict, run: Run) -> None:
    kind = frame["type"]
    if kind == "event":
        if frame["seat"] == seat.seat and frame["seq"] > seat.sent_for_seq:
            seat.waiting = False
        if frame["seq"] in seat.arrivals:
            seat.duplicates += 1
        else:
            seat.arrivals[frame["seq"]] = time.time()
    elif kind == "sync":
        if seat.latest_sync is None or frame["seq"] >= seat.latest_sync["seq"]:
            seat.latest_sync = frame
        if frame["legal_actions"]:
            seat.turn.set()
    elif kind == "error":
        run.errors[frame["code"]] += 1
        seat.waiting = False
        if frame["code"] != "stale_seq":  # a refused move: try another legal one
            seat.sent_for_seq = -1
        seat.turn.set()  # the newest sync may have come while the action was out


async def listen(seat: Seat, socket, run: Run) -> None:
    """Record every frame until the socket closes (a close before the run's end is counted)."""
    try:
        async for raw in socket:
            message = orjson.loads(raw)
            for frame in message if isinstance(message, list) else [message]:  # a move's frames come as one
                on_frame(seat, frame, run)
    except websockets.ConnectionClosed:
        pass
    if not run.closing:
        run.disconnects += 1


def heads(database_url: str, tables: list[int]) -> dict[int, int]:
    with psycopg.connect(database_url) as connection:
        rows = connection.execute("SELECT id, head_seq FROM tables_table WHERE id = ANY(%s)", (tables,))
        return dict(rows.fetchall())


async def drain(seats: list[Seat], run: Run, database_url: str) -> None:
    """After the window, wait until the heads stand still and every client has every event up
    to its table's head."""
    await still_heads(database_url, sorted({seat.table for seat in seats}), run,
                      lambda head: all(len(seat.arrivals) >= head[seat.table] - seat.first_seq for seat in seats))


async def still_heads(database_url: str, tables: list[int], run: Run,
                      delivered: Callable[[dict[int, int]], bool] = lambda head: True) -> dict[int, int]:
    """After the window, the tables' heads once three looks a second apart agree (actions sent
    in the window may still be queued for the database) and `delivered` holds for them."""
    await asyncio.sleep(max(0.0, run.measure_to - time.time()) + 0.5)
    seen = []
    while time.time() < run.measure_to + DRAIN_SECONDS:
        seen.append(await asyncio.to_thread(heads, database_url, tables))
        still = len(seen) >= STILL_LOOKS and all(head == seen[-1] for head in seen[-STILL_LOOKS:])
        if still and delivered(seen[-1]):
            break
        await asyncio.sleep(1.0)
    return seen[-1]


async def play(seat: Seat, socket, run: Run, rng: random.Random) -> None:
    # Tables start at moments spread over the warm-up, as players' tables do: started at one
    # instant, they would stay in step and reach their simultaneous phases (every seat at once)
    # together.
    offset = random.Random(seat.table).random() * (run.ramp_to - run.start_at)
    await asyncio.sleep(max(0.0, run.start_at + offset - time.time()))
    while time.time() < run.measure_to:
        try:
            await asyncio.wait_for(seat.turn.wait(), timeout=max(0.01, run.measure_to - time.time()))
        except (asyncio.TimeoutError, TimeoutError):
            return
        seat.turn.clear()
        if run.think:
            await asyncio.sleep(run.think)
        sync = seat.latest_sync  # the newest view, after thinking
        if seat.waiting or not sync["legal_actions"] or sync["seq"] == seat.sent_for_seq \
                or time.time() >= run.measure_to:
            continue
        command_id = f"load-{seat.table}-{seat.seat}-{sync['seq']}-{rng.randrange(10**9)}"
        seat.sent_for_seq, seat.waiting = sync["seq"], True
        run.sends[command_id] = (seat.table, time.time())
        frame = {"type": "action", "action": rng.choice(sync["legal_actions"]), "expected_seq": sync["seq"],
                 "command_id": command_id}
        try:
            await socket.send(json.dumps(frame))
        except websockets.ConnectionClosed:
            return


async def drive(seats: list[Seat], think: float, database_url: str, ready_queue, go_queue) -> dict:
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)
    sockets = await asyncio.gather(*(connect(seat, limit) for seat in seats))
    ready_queue.put(True)
    timing = await asyncio.get_running_loop().run_in_executor(None, go_queue.get)
    run = Run(think=think, **timing)
    cpu_before, wall_before = time.process_time(), time.time()
    rng = random.Random()
    listeners = [asyncio.create_task(listen(seat, socket, run)) for seat, socket in zip(seats, sockets)]
    await asyncio.gather(*(play(seat, socket, run, rng) for seat, socket in zip(seats, sockets)),
                         drain(seats, run, database_url))
    cpu = time.process_time() - cpu_before
    wall = time.time() - wall_before
    run.closing = True
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    await asyncio.gather(*listeners)
    return summarise(seats, run, database_url, cpu / wall)


def summarise(seats: list[Seat], run: Run, database_url: str, cpu_share: float) -> dict:
    tables = sorted({seat.table for seat in seats})
    head = heads(database_url, tables)
    with psycopg.connect(database_url) as connection:
        # Stored under the player's key, `player:{seat}:{the client's id}` (tables.moves.command_key).
        committed = {key.split(":", 2)[2]: (seq, at) for key, seq, at in connection.execute(
            "SELECT command_id, min(seq), extract(epoch FROM min(created_at))::float8 FROM tables_event "
            "WHERE table_id = ANY(%s) AND command_id LIKE 'player:%%:load-%%' GROUP BY command_id", (tables,))}
    by_table = collections.defaultdict(list)
    for seat in seats:
        by_table[seat.table].append(seat)
    latencies = []
    moves_in_window = sum(1 for _, at in committed.values() if run.measure_from <= at < run.measure_to)
    first_moved = {}  # table -> when its first move of the run was committed
    delivered = {}  # command_id -> when the last of its table's clients had its first event
    for command_id, (table, _) in run.sends.items():
        if command_id not in committed:
            continue
        seq, at = committed[command_id]
        first_moved[table] = min(at, first_moved.get(table, float("inf")))
        arrivals = [seat.arrivals.get(seq) for seat in by_table[table]]
        if all(arrivals):
            delivered[command_id] = max(arrivals)
    behind = sent_behind_another(run.sends, delivered)
    latencies_behind = []
    for command_id, at in delivered.items():
        sent_at = run.sends[command_id][1]
        if run.measure_from <= sent_at < run.measure_to:
            latencies.append(at - sent_at)
            if command_id in behind:
                latencies_behind.append(at - sent_at)
    lost = duplicated = 0
    for seat in seats:
        expected = set(range(seat.first_seq + 1, head[seat.table] + 1))
        lost += len(expected - set(seat.arrivals))
        duplicated += seat.duplicates
    return {
        "clients": len(seats), "moves_in_window": moves_in_window, "latencies": latencies,
        "latencies_behind_another": latencies_behind,
        "committed_total": sum(1 for c in run.sends if c in committed), "sent_total": len(run.sends),
        "errors": dict(run.errors), "disconnects": run.disconnects, "lost_events": lost,
        "duplicated_events": duplicated, "client_cpu_share": round(cpu_share, 3),
        "finished_tables": sum(1 for t in tables if not any(s.latest_sync["to_act"] for s in by_table[t])),
        "tables_first_moved_in_window": sum(1 for at in first_moved.values() if at >= run.measure_from),
    }


def sent_behind_another(sends: dict, delivered: dict) -> set[str]:
    """The moves sent before an earlier one of their table had reached its clients: they wait
    for it on the server (a phase where several seats act at once)."""
    by_table = collections.defaultdict(list)
    for command_id, at in delivered.items():
        table, sent_at = sends[command_id]
        by_table[table].append((sent_at, at, command_id))
    behind = set()
    for moves in by_table.values():
        latest = float("-inf")  # the latest delivery of the moves sent so far
        for sent_at, at, command_id in sorted(moves):
            if latest > sent_at:
                behind.add(command_id)
            latest = max(latest, at)
    return behind


def client_process(assignments: list[dict], think: float, database_url: str, ready_queue, go_queue,
                   result_queue, language: str = "python") -> None:
    """Entry point of a client process (multiprocessing, spawn): connect, say ready, wait for
    the timing, play, report."""
    seats = [Seat(**assignment) for assignment in assignments]
    play_seats = drive if language == "python" else drive_node
    try:
        result = asyncio.run(play_seats(seats, think, database_url, ready_queue, go_queue))
    except BaseException as error:  # the parent must not wait forever
        ready_queue.put(False)
        result = {"failure": repr(error)}
    result_queue.put(result)


NODE_CLIENT = Path(__file__).resolve().parent / "node"


async def drive_node(seats: list[Seat], think: float, database_url: str, ready_queue, go_queue) -> dict:
    """`drive`, with the sockets in a Node process (node/load_client.js): the same players at
    half the CPU, which the servers under test share. This process only relays."""
    if not (NODE_CLIENT / "node_modules").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=NODE_CLIENT, check=True, capture_output=True)
    node = await asyncio.create_subprocess_exec(
        "node", str(NODE_CLIENT / "load_client.js"), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        limit=2**30)

    async def tell(message: dict) -> None:
        node.stdin.write(orjson.dumps(message) + b"\n")
        await node.stdin.drain()

    async def hear() -> dict:
        message = orjson.loads(await node.stdout.readline() or b'{"failure": "the Node client ended"}')
        if "failure" in message:
            raise RuntimeError(message["failure"])
        return message

    await tell({"assignments": [{"table": s.table, "seat": s.seat, "cookie": s.cookie, "url": s.url} for s in seats],
                "think": think})
    await hear()
    ready_queue.put(True)
    timing = await asyncio.get_running_loop().run_in_executor(None, go_queue.get)
    await tell({"timing": timing})
    run = Run(think=think, **timing)
    still = await still_heads(database_url, sorted({seat.table for seat in seats}), run)
    await tell({"heads": {str(table): head for table, head in still.items()}})
    result = (await hear())["result"]
    await node.wait()
    for seat, played in zip(seats, result["seats"]):
        seat.first_seq, seat.duplicates = played["first_seq"], played["duplicates"]
        seat.arrivals = {int(seq): at for seq, at in played["arrivals"].items()}
        seat.latest_sync = {"to_act": played["to_act"]}
    run.sends = {command_id: tuple(sent) for command_id, sent in result["sends"].items()}
    run.errors.update(result["errors"])
    run.disconnects = result["disconnects"]
    return summarise(seats, run, database_url, result["cpu_share"])
