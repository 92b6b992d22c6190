"""Bots under load: a burst of tables where three seats are bots and one is a load client, AI
turns through the real Celery worker, while people play at other tables.

Each N runs twice in one service (production profile), people first alone, then with the
burst: --people four-human Dschunke tables play with --think seconds of think time (the load
benchmark's think shape); in the second run N bot tables (seat 0 a load client, seats 1-3 bots
of --strength) are started together as the measured window opens. Reported: the people's moves
per second and latency (send to all four clients) with and without the burst, the AI turns
committed per second in the window, and their lateness: from the commit of the event that
made a bot's turn due to the commit of the bot's move (p50/p99).

    .venv/bin/python tests/bench/bots.py --bot-tables 50 200 [--people 50] [--strength greedy]
        [--duration 30] [--warmup 5] [--think 0.5] [--worker-nice 10] [--ai-tasks-per-second 3]

Prints one JSON object per N, then a summary line.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import Service, baseline, machine_load, percentiles_ms  # noqa: E402
from tests.bench.load import READY_SECONDS, assignments, make_tables, report, start_clients  # noqa: E402
from tests.bench.load_client import client_process  # noqa: E402


def make_bot_tables(players: list[dict], strength: str) -> list[int]:
    """One table per player: the player in seat 0, bots of `strength` in seats 1-3 (not started)."""
    from django.contrib.auth import get_user_model

    from tables import lifecycle

    users = get_user_model().objects.in_bulk([p["id"] for p in players])
    return [lifecycle.create_table(users[p["id"]], {
        "game": "dschunke", "players": 4, "options": {}, "time_control": {"kind": "live", "seconds": 3600},
        "seats": [{"kind": "me"}] + [{"kind": "ai", "strength": strength}] * 3, "fill_with_ai": False,
    }).pk for p in players]


def start_tables(tables: list[int], players: list[dict]) -> None:
    from django.contrib.auth import get_user_model

    from tables import lifecycle

    users = get_user_model().objects.in_bulk([p["id"] for p in players])
    for table, player in zip(tables, players):
        lifecycle.start_table(table, users[player["id"]])


def ai_turns(service: Service, tables: list[int], window: tuple[float, float]) -> dict:
    """The bots' moves committed in the window at `tables`, and their lateness: from the event
    before a bot's first event (the commit that made its turn due) to that first event."""
    rows = service.sql(
        "SELECT extract(epoch FROM e.created_at)::float8, extract(epoch FROM e.created_at - p.created_at)::float8 "
        "FROM tables_event e JOIN tables_event p ON p.table_id = e.table_id AND p.seq = e.seq - 1 "
        "WHERE e.table_id = ANY(%s) AND e.command_id LIKE 'bot:%%' AND p.command_id <> e.command_id",
        (tables,))
    late = [lateness for at, lateness in rows if window[0] <= at < window[1]]
    return {"ai_turns_per_s": round(len(late) / (window[1] - window[0]), 1),
            "ai_lateness_ms": percentiles_ms(late, ("p50", "p99", "max"))}


def busiest(before: dict, after: dict, seconds: float, top: int = 6) -> dict[str, dict[str, float]]:
    """PostgreSQL's work per second over the window in the tables that did the most of it
    (rows read by scans and fetched by index, rows written)."""
    rates = {name: {key: round((value - before.get(name, {}).get(key, 0)) / seconds, 1) for key, value in counters.items()}
             for name, counters in after.items()}
    work = {name: rate["seq_tup_read"] + rate["idx_tup_fetch"] + rate["n_tup_ins"] + rate["n_tup_upd"] + rate["n_tup_del"]
            for name, rate in rates.items()}
    return {name: rates[name] for name in sorted(work, key=work.get, reverse=True)[:top] if work[name] > 0}


def run(service: Service, people: list[int], people_players: list[dict], bots: list[int], bot_players: list[dict],
        args) -> dict:
    """The people's tables (all four seats) and the bot tables' seat 0, in client processes of
    their own; the bot tables start as the window opens."""
    before = baseline(service.database_url, service.env["REDIS_URL"])
    context = multiprocessing.get_context("spawn")
    ready, go, people_results, bot_results = context.Queue(), context.Queue(), context.Queue(), context.Queue()
    people_chunks = assignments(people, people_players, service.ws_urls, args.client_processes)
    bot_chunks = [[a for a in chunk if a["seat"] == 0]
                  for chunk in assignments(bots, [p for p in bot_players for _ in range(4)], service.ws_urls, 1)]
    procs = [context.Process(target=client_process, args=(chunk, args.think, service.database_url, ready, go,
                                                           people_results, args.clients)) for chunk in people_chunks]
    procs += [context.Process(target=client_process,
                              args=(chunk, 0.0, service.database_url, ready, go, bot_results, args.clients))
              for chunk in bot_chunks if chunk]
    for proc in procs:
        proc.start()
    try:
        timing = start_clients(procs, ready, go, service, args, args.settle)
        cpu_before, tables_before = service.cpu_snapshot(), service.table_activity()
        started = time.time()
        start_tables(bots, bot_players)
        burst_start_s = time.time() - started
        time.sleep(max(0.0, timing["measure_to"] - time.time()))
        cpu_after, tables_after = service.cpu_snapshot(), service.table_activity()
        machine = machine_load()
        people_parts = [people_results.get(timeout=READY_SECONDS) for _ in people_chunks]
        bot_parts = [bot_results.get(timeout=READY_SECONDS) for chunk in bot_chunks if chunk]
    finally:
        for proc in procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
    failures = [part["failure"] for part in people_parts + bot_parts if "failure" in part]
    if failures:
        raise RuntimeError(f"client failures: {failures}")
    people_report = report(people_parts, cpu_before, cpu_after, args.duration)
    result = {"people": {k: people_report[k] for k in ("committed_moves_per_s", "latency_ms", "lost_events",
                                                       "duplicated_events", "errors", "disconnects")},
              "service_cpu_cores": people_report["service_cpu_cores"], "machine": machine, "baseline": before,
              "postgres_per_s": busiest(tables_before, tables_after, args.duration)}
    if bots:
        bot_report = report(bot_parts, cpu_before, cpu_after, args.duration)
        result["bot_tables"] = {"seat0_moves_per_s": bot_report["committed_moves_per_s"],
                                "lost_events": bot_report["lost_events"], "errors": bot_report["errors"],
                                "seconds_to_start_them": round(burst_start_s, 2),
                                **ai_turns(service, bots, (timing["measure_from"], timing["measure_to"]))}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot-tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--people", type=int, default=50, help="four-human tables playing with think time")
    parser.add_argument("--strength", default="greedy")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--settle", type=float, default=0.0, help="seconds from the last table's start to the window")
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument("--clients", choices=["node", "python"], default="node", help="the load clients' language")
    parser.add_argument("--game-moves", type=int, default=300)
    parser.add_argument("--expected-rate", type=float, default=400.0)
    parser.add_argument("--worker-nice", type=int, default=0, help="run the Celery worker under nice -n K")
    parser.add_argument("--worker-concurrency", type=int, default=2)
    parser.add_argument("--ai-tasks-per-second", type=float, default=0.0,
                        help="a worker process's AI task budget (SAMPAN_AI_TASKS_PER_SECOND; 0: none)")
    args = parser.parse_args()

    summary = []
    env = {"SAMPAN_ACTION_RATE": "1000/s", "SAMPAN_AI_TASKS_PER_SECOND": str(args.ai_tasks_per_second)}
    with Service(env=env, worker_nice=args.worker_nice, worker_concurrency=args.worker_concurrency) as service:
        service.use_django_here()
        from tests.bench.seeding import make_players

        for count in args.bot_tables:
            runs = {}
            for with_bots in (False, True):
                people_players = make_players(4 * args.people)
                people = make_tables(args.people, people_players, args.think, args)
                bot_players = make_players(count) if with_bots else []
                bots = make_bot_tables(bot_players, args.strength) if with_bots else []
                service.vacuum()
                runs["with_burst" if with_bots else "alone"] = run(service, people, people_players, bots,
                                                                   bot_players, args)
            result = {"bot_tables": count, "people_tables": args.people, "strength": args.strength,
                      "worker_nice": args.worker_nice, "worker_concurrency": args.worker_concurrency,
                      "ai_tasks_per_second": args.ai_tasks_per_second,
                      "think_s": args.think, "duration_s": args.duration, **runs}
            print(json.dumps(result), flush=True)
            alone, burst = runs["alone"]["people"], runs["with_burst"]["people"]
            summary.append({"bot_tables": count, "worker_nice": args.worker_nice,
                            "ai_tasks_per_second": args.ai_tasks_per_second, "people_latency_ms_alone": alone["latency_ms"],
                            "people_latency_ms_with_burst": burst["latency_ms"],
                            **{k: runs["with_burst"]["bot_tables"][k] for k in ("ai_turns_per_s", "ai_lateness_ms")}})
    print(json.dumps({"summary": summary}), flush=True)


if __name__ == "__main__":
    main()
