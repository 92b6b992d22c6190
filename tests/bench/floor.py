"""The floor under the move latency on this machine: what a bare server takes to receive a move
and push it to the four sockets of its table, with nothing of the service in between.

The server is a raw ASGI app under uvicorn, started as the production profile starts it
(uvloop, httptools, sans-I/O websockets), one process. A message on /room/<id> goes to the
room's sockets as it is, or after one INSERT and COMMIT in PostgreSQL (a psycopg async pool,
as the service's move path). The clients (another process) play the load benchmark's
think-time shape: the seat to move sends after `think` seconds, and the latency is from the
send to the moment all four sockets of the room have the message.

    .venv/bin/python tests/bench/floor.py --rooms 50 --think 0.5 --duration 20

It prints one JSON line per mode: push only; commit, then push; and commit without waiting
for the write-ahead log to reach the disk, then push.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import (PG_ADMIN_URL, SERVERS, baseline, free_port, machine_load, percentile,  # noqa: E402
                                 wait_until)

ROOMS: dict[str, set] = {}
POOL: asyncio.Task | None = None  # opening the pool, once, for every move that needs it


async def app(scope, receive, send):
    """One websocket per seat; every text message goes to every socket of its room."""
    if scope["type"] != "websocket":
        return
    room = ROOMS.setdefault(scope["path"], set())
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    room.add(send)
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            if os.environ.get("FLOOR_COMMIT"):
                await commit(message["text"], os.environ["FLOOR_COMMIT"])
            for peer in list(room):
                await peer({"type": "websocket.send", "text": message["text"]})
    finally:
        room.discard(send)


async def commit(text: str, flush: str) -> None:
    """One INSERT and its COMMIT; `flush` "off": the COMMIT does not wait for the WAL to reach
    the disk (PostgreSQL's synchronous_commit = off)."""
    global POOL
    if POOL is None:
        POOL = asyncio.ensure_future(open_pool())
    async with (await POOL).connection() as connection:
        await connection.execute(f"BEGIN; SET LOCAL synchronous_commit = {flush}; "
                                 f"INSERT INTO floor_moves (body) VALUES ({quote(text)}); COMMIT")


async def open_pool():
    from psycopg_pool import AsyncConnectionPool

    pool = AsyncConnectionPool(os.environ["FLOOR_DATABASE_URL"], min_size=8, max_size=8,
                               kwargs={"autocommit": True}, open=False)
    await pool.open()
    return pool


def quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


async def play_room(url: str, think: float, until: float, latencies: list[float]) -> None:
    """Each socket reads on its own (as the load clients do); a move is done when all four
    have it."""
    import websockets

    sockets = [await websockets.connect(url, compression=None, ping_interval=None) for _ in range(4)]
    arrivals: list[float] = []
    all_in = asyncio.Event()

    async def read(socket):
        async for _ in socket:
            arrivals.append(time.time())
            if len(arrivals) == 4:
                all_in.set()

    readers = [asyncio.create_task(read(socket)) for socket in sockets]
    turn = 0
    while time.time() < until:
        await asyncio.sleep(think)
        arrivals.clear()
        all_in.clear()
        sent = time.time()
        await sockets[turn].send(json.dumps({"seat": turn, "sent": sent}))
        await all_in.wait()
        latencies.append(max(arrivals) - sent)
        turn = (turn + 1) % 4
    await asyncio.gather(*(socket.close() for socket in sockets))
    await asyncio.gather(*readers, return_exceptions=True)


def client(port: int, rooms: int, think: float, warmup: float, duration: float, results) -> None:
    async def main():
        latencies: list[float] = []
        start = time.time()
        await asyncio.gather(*(play_room(f"ws://127.0.0.1:{port}/room/{room}", think, start + warmup + duration,
                                         latencies) for room in range(rooms)))
        return latencies

    results.put(asyncio.run(main()))


MODES = {"push only": None, "commit, then push": "on", "commit without waiting for the disk, then push": "off"}


def measure(args, mode: str, database_url: str) -> dict:
    port = free_port()
    env = {**os.environ, "SAMPAN_PROFILE": "production", "FLOOR_DATABASE_URL": database_url, **({"FLOOR_COMMIT": MODES[mode]} if MODES[mode] else {})}
    server = subprocess.Popen(SERVERS["uvicorn"](port, "tests.bench.floor:app"), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: _listening(port), f"uvicorn on {port}")
        before = baseline(database_url, "redis://127.0.0.1:6379/0")
        results = multiprocessing.get_context("spawn").Queue()
        proc = multiprocessing.get_context("spawn").Process(
            target=client, args=(port, args.rooms, args.think, args.warmup, args.duration, results))
        started = time.time()
        proc.start()
        latencies = results.get(timeout=args.warmup + args.duration + 120)
        proc.join()
        # only the moves sent inside the window count
        kept = latencies[int(len(latencies) * args.warmup / (args.warmup + args.duration)):]
        return {"mode": mode, "rooms": args.rooms,
                "think_s": args.think, "moves_per_s": round(len(latencies) / (time.time() - started), 1),
                "latency_ms": {name: round(1000 * percentile(kept, fraction), 2)
                               for name, fraction in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))},
                "samples": len(kept), "baseline": before, "machine": machine_load()}
    finally:
        server.terminate()
        server.wait(timeout=10)


def _listening(port: int) -> bool:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--duration", type=float, default=20.0)
    args = parser.parse_args()
    import psycopg

    name = f"sampan_floor_{os.getpid()}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    database_url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    try:
        with psycopg.connect(database_url, autocommit=True) as connection:
            connection.execute("CREATE TABLE floor_moves (id bigserial PRIMARY KEY, body jsonb NOT NULL)")
        for mode in MODES:
            print(json.dumps(measure(args, mode, database_url)), flush=True)
    finally:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


if __name__ == "__main__":
    main()
