"""One move's command in isolation: wall and CPU time of `moves.submit`, no sockets, no load.

    .venv/bin/python tests/bench/command_bench.py [--tables 10] [--rounds 30] [--repeats 3]

A fresh PostgreSQL database (tests.bench.harness, no ASGI server or worker) holds four-seat
Dschunke tables; each round plays one random legal move at every table through the command
path, as a websocket action would. The baseline, measured in the same run on the same
connection, is an empty transaction (BEGIN, SELECT 1, COMMIT): the ratio says how many such
round trips a move costs. Prints one JSON object: medians over the repeats.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import Service  # noqa: E402


def timed(work, count: int) -> tuple[float, float]:
    """Mean wall and CPU milliseconds of `work(i)` over `count` calls."""
    wall, cpu = time.perf_counter(), time.thread_time()
    for i in range(count):
        work(i)
    return (time.perf_counter() - wall) * 1000 / count, (time.thread_time() - cpu) * 1000 / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with Service(asgi_servers=0, worker=False, beat=False) as service:
        service.use_django_here()
        from django.db import connection, transaction

        from tables import moves
        from tables.models import Table
        from tables.reading import engine_of, head_state
        from tests.bench import seeding

        names = [player["username"] for player in seeding.make_players(count=4 * args.tables, prefix="cmd")]
        tables = seeding.make_human_tables("dschunke", [names[i:i + 4] for i in range(0, len(names), 4)])
        rng = random.Random(1)
        planned = []  # (table, seat, action, expected seq) of the round being played

        def plan_round() -> None:
            planned.clear()
            for table in Table.objects.filter(pk__in=tables, status=Table.Status.RUNNING):
                seat = table.to_act[0]
                action = rng.choice(engine_of(table).legal_actions(head_state(table), seat))
                planned.append((table.pk, seat, action, table.head_seq))

        def move(i: int) -> None:
            table, seat, action, seq = planned[i]
            moves.submit(table, seat, action, seq, f"bench-{table}-{seq}")

        def empty_transaction(_: int) -> None:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT 1")

        runs = []
        for repeat in range(args.repeats + 1):  # the first is a warm-up
            walls, cpus = [], []
            for _ in range(args.rounds):
                plan_round()
                wall, cpu = timed(move, len(planned))
                walls.append(wall)
                cpus.append(cpu)
            baseline, _ = timed(empty_transaction, 200)
            if repeat:
                runs.append({"wall": statistics.median(walls), "cpu": statistics.median(cpus), "baseline": baseline})
        wall = statistics.median(run["wall"] for run in runs)
        baseline = statistics.median(run["baseline"] for run in runs)
        print(json.dumps({
            "game": "dschunke", "tables": args.tables, "moves_per_repeat": args.rounds * args.tables,
            "command_wall_ms": round(wall, 3), "command_cpu_ms": round(statistics.median(r["cpu"] for r in runs), 3),
            "empty_transaction_ms": round(baseline, 3), "command_over_empty_transaction": round(wall / baseline, 2),
        }))


if __name__ == "__main__":
    main()
