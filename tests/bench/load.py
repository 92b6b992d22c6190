"""Moves under load: N four-seat Dschunke tables of human test users, a websocket client per
seat (spread over two ASGI server processes), random legal moves from the sync frames. The
clients run in Node by default (tests/bench/node, `npm ci` on first use), as the peer server's
load generator does: the same players in Python (--clients python) take twice the CPU, on the
cores the servers share.

Two shapes per N: "closed" (a seat sends as soon as its client sees its turn: saturation
throughput) and "think" (each seat waits --think seconds first: latency below saturation).
The tables start at moments spread over a warm-up (--warmup), and the window opens once the
last of them has had time for its first move (--settle: a table's first move on a server reads
its head from the store, a cost paid once per table); moves are then counted for --duration
seconds: a move counts when its first event is written inside the window (each run reports
`tables_first_moved_in_window`, which should be 0). Latency runs from the send of an action
sent inside the window to the moment all four clients of its table have the first event it
produced; `latency_ms_behind_another` gives the share and latency of the moves sent before the
move before them at their table had reached its clients (they wait for it). Lost and
duplicated events are counted per client against the table's head in PostgreSQL. Each run
records the machine's load and a baseline taken just before it (a fixed piece of Python, a
round trip to PostgreSQL and to Redis): the machine is shared, and its speed varies from one
minute to the next. Tables begin at points spread over their games (tests.bench.seeding's
advance_tables), and each run starts from a vacuumed database.

With --idle K, K more websockets (spectators of --idle-tables quiet tables, in client
processes of their own) connect before each run and stay through it: the run reports the ASGI
servers' memory before and after they connected, per idle socket, and any that closed.

    .venv/bin/python tests/bench/load.py --tables 50 200 1000 [--shapes closed think]
        [--duration 30] [--warmup 5] [--settle S] [--think 0.5] [--client-processes 2] [--asgi-servers 2]
        [--idle 10000]

Prints one JSON object per run, then a summary line.
"""
from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import Service, baseline, machine_load, percentiles_ms  # noqa: E402
from tests.bench.load_client import client_process  # noqa: E402

READY_SECONDS = 600


def make_tables(count: int, players: list[dict], think: float, args, advance: bool = True) -> list[int]:
    """`count` started tables, each advanced to a random point of its game's first part: over
    the run every N then covers about the same mix of a game's phases (at N = 50 a table
    plays a few hundred moves in the window, at N = 1000 about ten), and a move's cost
    depends on its phase."""
    import random

    from tests.bench.seeding import advance_tables, make_human_tables

    groups = [[p["username"] for p in players[4 * i:4 * i + 4]] for i in range(count)]
    tables = make_human_tables("dschunke", groups)
    if not advance:
        return tables
    per_table_rate = args.expected_rate / count if not think else min(args.expected_rate / count, 1 / think)
    in_run = per_table_rate * (args.warmup + settle_seconds(count, think, args) + args.duration)
    room = max(0, int(args.game_moves - in_run))
    rng = random.Random(count)
    advance_tables(tables, [rng.randint(0, room) for _ in tables], seed=count)
    return tables


def assignments(tables: list[int], players: list[dict], ws_urls: list[str], processes: int,
                placement: str = "table") -> list[list[dict]]:
    """Tables dealt round-robin to client processes. `placement` "table": a table's sockets all
    go to one server, as a load balancer routing by the table's path sends them; "seat": its
    seats alternate between servers, as one choosing at random would."""
    per_process = [[] for _ in range(processes)]
    for i, table in enumerate(tables):
        for seat in range(4):
            server = i if placement == "table" else i + seat
            url = f"{ws_urls[server % len(ws_urls)]}/ws/tables/{table}/"
            per_process[i % processes].append(
                {"table": table, "seat": seat, "cookie": players[4 * i + seat]["cookie"], "url": url})
    return [chunk for chunk in per_process if chunk]


def idle_targets(quiet_tables: list[int], spectators: list[dict], ws_urls: list[str], count: int) -> list[dict]:
    """`count` spectator sockets over the quiet tables, each table's on one server (as routing
    by path puts them)."""
    return [{"url": f"{ws_urls[t % len(ws_urls)]}/ws/tables/{t}/", "cookie": spectators[i % len(spectators)]["cookie"]}
            for i in range(count) for t in [quiet_tables[i % len(quiet_tables)]]]


def connect_idle(service: Service, targets: list[dict], processes: int, context) -> tuple[list, dict, object, object]:
    """Start the idle sockets' processes and wait until they hold every socket; returns them,
    what the ASGI servers' memory did, and the queues to stop and hear from them."""
    from tests.bench.idle_clients import idle_process

    ready, stop, results = context.Queue(), context.Queue(), context.Queue()
    memory_before = sum(process.rss_bytes() for process in service.asgi)
    chunks = [targets[i::processes] for i in range(processes)]
    procs = [context.Process(target=idle_process, args=(chunk, ready, stop, results)) for chunk in chunks if chunk]
    for proc in procs:
        proc.start()
    connected = sum(ready.get(timeout=READY_SECONDS) for _ in procs)
    time.sleep(2)  # the servers settle (allocations of the last connections)
    memory_after = sum(process.rss_bytes() for process in service.asgi)
    memory = {"idle_sockets_connected": connected, "asgi_rss_mb_before": round(memory_before / 2**20, 1),
              "asgi_rss_mb_after": round(memory_after / 2**20, 1),
              "asgi_kb_per_idle_socket": round((memory_after - memory_before) / 1024 / max(1, connected), 1)}
    return procs, memory, stop, results


def run_shape(service: Service, tables: list[int], players: list[dict], think: float, args,
              idle: list[dict] | None = None) -> dict:
    context = multiprocessing.get_context("spawn")
    idle_procs, idle_report = [], {}
    if idle:
        idle_procs, idle_report, idle_stop, idle_results = connect_idle(service, idle, args.idle_processes, context)
    before = baseline(service.database_url, service.env["REDIS_URL"])
    ready, go, results = context.Queue(), context.Queue(), context.Queue()
    chunks = assignments(tables, players, service.ws_urls, args.client_processes, args.placement)
    procs = [context.Process(target=client_process,
                             args=(chunk, think, service.database_url, ready, go, results, args.clients))
             for chunk in chunks]
    for proc in procs:
        proc.start()
    try:
        timing = start_clients(procs, ready, go, service, args, settle_seconds(len(tables), think, args))
        cpu_before = service.cpu_snapshot()
        profilers = start_profilers(service, args) if args.profile else []
        time.sleep(max(0.0, timing["measure_to"] - time.time()))
        cpu_after = service.cpu_snapshot()
        machine = machine_load()
        profile = read_profiles(profilers)
        parts = [results.get(timeout=READY_SECONDS) for _ in procs]
    finally:
        for _ in idle_procs:
            idle_stop.put(True)
        for proc in procs + idle_procs:
            proc.join(timeout=60)
            if proc.is_alive():
                proc.kill()
    failures = [part["failure"] for part in parts if "failure" in part]
    if idle_procs:
        held = [idle_results.get(timeout=READY_SECONDS) for _ in idle_procs]
        failures += [part["failure"] for part in held if "failure" in part]
        idle_report["idle_closed_while_held"] = sum(part.get("closed_while_held", 0) for part in held)
    if failures:
        raise RuntimeError(f"client failures: {failures}")
    return {**report(parts, cpu_before, cpu_after, args.duration), "machine": machine, "baseline": before,
            **idle_report, **profile}


def start_clients(procs: list, ready, go, service: Service, args, settle: float = 0.0) -> dict:
    """Wait until every client process is connected, send them the run's timing, and return
    it once the warm-up is over (the measured window opens). The tables start at moments
    spread over --warmup seconds; the window opens `settle` seconds after the last start."""
    if not all(ready.get(timeout=READY_SECONDS) for _ in procs):
        raise RuntimeError("a client process failed to connect:\n" + service.logs())
    start_at = time.time() + 0.5
    measure_from = start_at + args.warmup + settle
    timing = {"start_at": start_at, "ramp_to": start_at + args.warmup, "measure_from": measure_from,
              "measure_to": measure_from + args.duration}
    for _ in procs:
        go.put(timing)
    time.sleep(max(0.0, timing["measure_from"] - time.time()))
    return timing


def settle_seconds(count: int, think: float, args) -> float:
    """Time enough, after the last table starts, for its first move to be committed even at
    a third of the expected rate (three of its turns): a table's first move on a server reads
    its head from the store, once, and at N = 1000 that move waits behind about N others. The
    window then measures moves in their steady state at every N. --settle overrides it."""
    if args.settle is not None:
        return args.settle
    return 3 * max(count / args.expected_rate, think)


def start_profilers(service: Service, args) -> list[tuple[subprocess.Popen, Path]]:
    """py-spy samples each ASGI process (the thread holding the GIL) over the window."""
    profilers = []
    Path(args.profile).mkdir(parents=True, exist_ok=True)
    for process in service.asgi:
        out = Path(args.profile) / f"{process.name}-{int(time.time())}.txt"
        command = [str(Path(sys.executable).parent / "py-spy"), "record", "--gil", "--format", "raw", "--rate", "100",
                   "--duration", str(int(args.duration)), "--pid", str(process.pid), "--output", str(out)]
        profilers.append((subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out))
    return profilers


def read_profiles(profilers: list[tuple[subprocess.Popen, Path]], top: int = 15) -> dict:
    """Share of on-CPU samples per function (inclusive), over all profiled processes."""
    inclusive, total = collections.Counter(), 0
    for profiler, out in profilers:
        profiler.wait(timeout=60)
        for line in out.read_text().splitlines() if out.exists() else []:
            stack, _, count = line.rpartition(" ")
            frames = {frame.split(" (")[0] + " (" + frame.split(" (")[-1].split(":")[0] + ")"
                      for frame in stack.split(";")[1:]}
            total += int(count)
            for frame in frames:
                inclusive[frame] += int(count)
    if not profilers:
        return {}
    return {"profile_samples": total, "profile_inclusive_share": {
        frame: round(count / total, 3) for frame, count in inclusive.most_common(top * 3)
        if not any(name in frame for name in ("asyncio", "twisted", "daphne", "uvicorn"))}}


def report(parts: list[dict], cpu_before: dict, cpu_after: dict, duration: float) -> dict:
    latencies = [value for part in parts for value in part["latencies"]]
    behind = [value for part in parts for value in part["latencies_behind_another"]]  # waited for their table's last move
    errors: dict[str, int] = {}
    for part in parts:
        for code, count in part["errors"].items():
            errors[code] = errors.get(code, 0) + count
    moves = sum(part["moves_in_window"] for part in parts)
    service_cpu = {name: round((cpu_after.get(name, 0) - cpu_before.get(name, 0)) / duration, 3)
                   for name in cpu_after}
    return {
        "committed_moves_per_s": round(moves / duration, 1),
        "latency_ms": percentiles_ms(latencies),
        "latency_samples": len(latencies),
        "latency_ms_behind_another": {"share": round(len(behind) / len(latencies), 3) if latencies else None,
                                      **percentiles_ms(behind, ("p50", "p99"))},
        "stale_seq_refusals": errors.pop("stale_seq", 0),
        "errors": errors,
        "disconnects": sum(part["disconnects"] for part in parts),
        "lost_events": sum(part["lost_events"] for part in parts),
        "duplicated_events": sum(part["duplicated_events"] for part in parts),
        "finished_tables": sum(part["finished_tables"] for part in parts),
        "tables_first_moved_in_window": sum(part["tables_first_moved_in_window"] for part in parts),
        "client_cpu_cores": [part["client_cpu_share"] for part in parts],
        "service_cpu_cores": service_cpu,
        "cpu_ms_per_move": cpu_per_move(service_cpu, moves / duration),
    }


def cpu_per_move(service_cpu: dict[str, float], moves_per_s: float) -> dict[str, float] | None:
    """CPU milliseconds per committed move: the ASGI servers together, PostgreSQL, and all of the
    service (with Redis, the worker and beat)."""
    if not moves_per_s:
        return None
    asgi = sum(cores for name, cores in service_cpu.items() if name.startswith(("uvicorn", "daphne")))
    postgres = sum(cores for name, cores in service_cpu.items() if name.startswith("postgres"))
    return {name: round(1000 * cores / moves_per_s, 3)
            for name, cores in (("asgi", asgi), ("postgres", postgres), ("service", sum(service_cpu.values())))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--shapes", nargs="+", choices=["closed", "think"], default=["closed", "think"])
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--clients", choices=["node", "python"], default="node",
                        help="the load clients' language (Node's take half the CPU the servers share)")
    parser.add_argument("--profile", metavar="DIR", help="py-spy each ASGI process during the window")
    parser.add_argument("--asgi-servers", type=int, default=2, help="ASGI processes (compare 1 with 2)")
    parser.add_argument("--server", choices=["uvicorn", "daphne"], default="uvicorn")
    parser.add_argument("--game-moves", type=int, default=300,
                        help="about a game's length in moves (Dschunke, four random players: 321)")
    parser.add_argument("--expected-rate", type=float, default=800.0,
                        help="moves/s the run is expected to reach, to spread the tables' starting points")
    parser.add_argument("--settle", type=float, default=None,
                        help="seconds from the last table's start to the window (default: three of its turns)")
    parser.add_argument("--idle", type=int, default=0,
                        help="idle websockets (spectators of quiet tables) held through every run")
    parser.add_argument("--idle-tables", type=int, default=50, help="the quiet tables the idle sockets watch")
    parser.add_argument("--idle-processes", type=int, default=2, help="client processes holding the idle sockets")
    parser.add_argument("--placement", choices=["table", "seat"], default="table",
                        help="a table's sockets on one server (routing by path), or its seats spread")
    args = parser.parse_args()

    summary = []
    # The clients play at machine speed: a seat with several actions in a row may pass a human's
    # rate of actions (30 a second), and a refusal would be the limiter's verdict, not the path's.
    # The check itself still runs for every move.
    with Service(asgi_servers=args.asgi_servers, server=args.server, env={"SAMPAN_ACTION_RATE": "1000/s"}) as service:
        service.use_django_here()
        from tests.bench.seeding import make_players

        players = make_players(4 * max(args.tables))
        idle = None
        if args.idle:  # spectators of quiet tables, held through every run
            quiet = make_tables(args.idle_tables, make_players(4 * args.idle_tables), 0.0, args, advance=False)
            idle = idle_targets(quiet, players, service.ws_urls, args.idle)
        for count in args.tables:
            for shape in args.shapes:
                began = time.time()
                think = args.think if shape == "think" else 0.0
                tables = make_tables(count, players, think, args)
                service.vacuum()
                result = {"tables": count, "shape": shape, "server": args.server, "asgi_servers": args.asgi_servers,
                          "placement": args.placement, "think_s": think, "duration_s": args.duration,
                          "warmup_s": args.warmup,
                          "settle_s": round(settle_seconds(count, think, args), 2), "setup_s": round(time.time() - began, 1),
                          **run_shape(service, tables, players, think, args, idle)}
                print(json.dumps(result), flush=True)
                summary.append({k: result[k] for k in ("tables", "shape", "committed_moves_per_s", "latency_ms",
                                                       "lost_events", "duplicated_events", "baseline")})
    print(json.dumps({"summary": summary}), flush=True)


if __name__ == "__main__":
    main()
