"""A websocket move's own cost on the event loop, with and without the head the loop holds:
moves of four-seat Dschunke tables through tables.moves_on_loop.submit, one after another in
one process against PostgreSQL (no sockets, no pushes' delivery, no load), alternating in
rounds between "held" (the loop keeps the head each move leaves) and "read" (the held heads are
let go before every move, so each reads its head from the store: the path without them).

    .venv/bin/python tests/bench/loop_move_bench.py [--tables 20] [--moves 40] [--rounds 3]

Prints one JSON line: per mode and round, CPU and wall milliseconds per move of this process
(PostgreSQL's own CPU apart), and their medians.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import Service, cpu_seconds, pids_named  # noqa: E402


async def play_round(tables: list[int], moves_each: int, keep_held: bool, rng: random.Random) -> tuple[int, float, float]:
    """`moves_each` random legal moves at each table in turn; returns moves made, CPU and wall seconds."""
    from asgiref.sync import sync_to_async

    from tables import moves_on_loop
    from tables.models import Table
    from tables.reading import engine_of, head_state

    def next_move(table_id: int):
        table = Table.objects.get(pk=table_id)
        if table.status != Table.Status.RUNNING:
            return None
        engine, state = engine_of(table), head_state(table)
        seat = rng.choice(sorted(engine.to_act(state)))
        return seat, rng.choice(engine.legal_actions(state, seat)), table.head_seq

    choose = sync_to_async(next_move)
    made = cpu = wall = 0.0
    for step in range(moves_each):
        for table_id in tables:
            chosen = await choose(table_id)
            if chosen is None:
                continue
            seat, action, seq = chosen
            if not keep_held:
                moves_on_loop.held_heads().clear()
            cpu_before, wall_before = time.process_time(), time.perf_counter()
            await moves_on_loop.submit(table_id, seat, action, seq, f"bench-{step}-{rng.randrange(10**9)}")
            cpu += time.process_time() - cpu_before
            wall += time.perf_counter() - wall_before
            made += 1
    return int(made), cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40, help="moves per table per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    with Service(asgi_servers=0, worker=False, beat=False) as service:
        service.use_django_here()
        from tests.bench.seeding import make_human_tables, make_players

        players = make_players(4 * args.tables)
        tables = make_human_tables("dschunke", [[p["username"] for p in players[4 * i:4 * i + 4]]
                                                for i in range(args.tables)])
        rng = random.Random(1)
        runs = {"held": [], "read": []}

        async def measure():
            from tables import moves_on_loop, publish

            for _ in range(args.rounds):
                for mode in ("held", "read"):
                    pg_before = sum(cpu_seconds(pid) for pid in pids_named("postgres"))
                    made, cpu, wall = await play_round(tables, args.moves, mode == "held", rng)
                    pg = sum(cpu_seconds(pid) for pid in pids_named("postgres")) - pg_before
                    runs[mode].append({"moves": made, "cpu_ms": round(1000 * cpu / made, 3),
                                       "wall_ms": round(1000 * wall / made, 3),
                                       "postgres_cpu_ms": round(1000 * pg / made, 3)})
            await publish.sent()  # a loop closed under a push in flight does not finish closing
            await moves_on_loop.close_pool()

        asyncio.run(measure())
    medians = {mode: {key: statistics.median(run[key] for run in found) for key in ("cpu_ms", "wall_ms",
                                                                                     "postgres_cpu_ms")}
               for mode, found in runs.items()}
    print(json.dumps({"runs": runs, "medians": medians,
                      "held_over_read_cpu": round(medians["held"]["cpu_ms"] / medians["read"]["cpu_ms"], 3)}))


if __name__ == "__main__":
    main()
