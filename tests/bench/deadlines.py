"""Deadline lateness: N idle players' move deadlines falling due within a short window, resolved
by the real ticker (Celery beat -> resolve_deadlines -> claim with SKIP LOCKED -> a bot's
timeout move through the command path) in the production profile.

The tables are real: one Dschunke table is created and started through tables.lifecycle, then
cloned N times inside PostgreSQL (head row with its snapshot, seats, setup events, deadline
rows), which is what N starts would have written, only faster. Each clone's deadline falls
due at a point spread evenly over the window. A deadline is resolved when its timeout
command's event is committed; lateness is that event's time minus the due time.

    .venv/bin/python tests/bench/deadlines.py --deadlines 10000 100000 [--rate 150 | --window 10] [--max-wait 300]

By default the deadlines fall due at the same rate for every N (--rate, 150 a second: about
two thirds of the 240 a second that one two-process worker resolves on this two-core machine,
where a timed-out move costs about 7 ms of CPU between the worker and PostgreSQL), so the
window grows with N; --window fixes the window instead (a burst: lateness then measures how
long the backlog takes to drain, and resolved_per_s the sustained rate).

Prints one JSON object per N: p50/p99/max lateness of the resolved deadlines, missed (the
row is gone but no timeout move was made), pending_at_stop (still queued when --max-wait ran
out: the ticker's backlog, not a loss) and doubled (more than one timeout command) counts.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.harness import Service, machine_load, percentile  # noqa: E402

LEAD_SECONDS = 20  # between the insert and the first due time (100,000 rows take a while)
SETTLE_SECONDS = 5  # after the last resolution, to catch late doubles
DEFAULT_RATE = 150.0  # deadlines falling due per second, for every N (see the docstring)


def clone_tables(service: Service, template: int, count: int, window: float) -> float:
    """Clone the template table `count` times; returns the wall time of the first due deadline."""
    columns = ", ".join(name for name, in service.sql(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'tables_table' AND column_name <> 'id'"))
    service.sql(f"""
        CREATE TABLE bench_clone AS
        WITH made AS (
            INSERT INTO tables_table ({columns})
            SELECT {columns} FROM tables_table, generate_series(1, %s) WHERE id = %s
            RETURNING id)
        SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM made""", (count, template))
    service.sql("""
        INSERT INTO tables_seat (table_id, index, kind, user_id, strength, timeouts, standin, forfeited)
        SELECT c.id, s.index, s.kind, s.user_id, s.strength, s.timeouts, s.standin, s.forfeited
        FROM bench_clone c, tables_seat s WHERE s.table_id = %s""", (template,))
    service.sql("""
        INSERT INTO tables_event (table_id, seq, type, payload, seat, command_id, created_at)
        SELECT c.id, e.seq, e.type, e.payload, e.seat, e.command_id, e.created_at
        FROM bench_clone c, tables_event e WHERE e.table_id = %s""", (template,))
    first_due = time.time() + LEAD_SECONDS
    service.sql("""
        INSERT INTO tables_deadline (table_id, seat, kind, due_at, expected_seq, claimed_until)
        SELECT c.id, d.seat, d.kind, to_timestamp(%s + %s * c.n / %s), d.expected_seq, NULL
        FROM bench_clone c, tables_deadline d WHERE d.table_id = %s AND d.kind = 'move'""",
                (first_due, window, count, template))
    service.sql("DELETE FROM tables_deadline WHERE table_id = %s", (template,))
    return first_due


def resolutions(service: Service) -> list[tuple]:
    """(table, seat, resolved at, commands, still pending) for every cloned deadline (at None: unresolved)."""
    return service.sql("""
        WITH due AS (
            SELECT c.id AS table_id, s.index AS seat FROM bench_clone c
            JOIN tables_seat s ON s.table_id = c.id AND s.index = ANY(
                SELECT (jsonb_array_elements_text(to_act))::int FROM tables_table WHERE id = %s)),
        done AS (
            SELECT table_id, seat, min(created_at) AS at, count(DISTINCT command_id) AS commands
            FROM tables_event WHERE command_id LIKE 'timeout:%%' AND table_id IN (SELECT id FROM bench_clone)
            GROUP BY table_id, seat)
        SELECT due.table_id, due.seat, extract(epoch FROM done.at)::float8, coalesce(done.commands, 0),
               EXISTS (SELECT 1 FROM tables_deadline d WHERE d.table_id = due.table_id AND d.seat = due.seat
                       AND d.kind = 'move')
        FROM due LEFT JOIN done USING (table_id, seat)""", (service.template,))


def measure(count: int, window: float, max_wait: float) -> dict:
    with Service(asgi_servers=0) as service:
        service.use_django_here()
        from tests.bench.seeding import make_human_table, make_players

        usernames = [p["username"] for p in make_players(4)]
        service.template = make_human_table("dschunke", usernames, seconds=86400)
        began = time.time()
        first_due = clone_tables(service, service.template, count, window)
        setup_seconds = time.time() - began
        if first_due < time.time():
            raise RuntimeError(f"cloning took {setup_seconds:.0f} s, longer than the lead: raise LEAD_SECONDS")
        due_of = {table: first_due + window * n / count
                  for table, n in service.sql("SELECT id, n FROM bench_clone")}
        cpu_before = service.cpu_snapshot()
        rows = wait_for_all(service, first_due + window, first_due + window + max_wait)
        stopped_at = time.time()
        cpu_after = service.cpu_snapshot()
        machine = machine_load()
    lateness = [at - due_of[table] for table, _, at, *_ in rows if at is not None]
    # A pending deadline is at least this late: a lower bound on the p99 of all of them.
    at_least = lateness + [stopped_at - due_of[table] for table, _, at, _, pending in rows if at is None and pending]
    last_resolution = max((at for _, _, at, *_ in rows if at is not None), default=first_due)
    unresolved = [pending for _, _, at, _, pending in rows if at is None]
    return {
        "deadlines": count, "window_s": window, "due_per_s": round(count / window, 1) if window else None,
        "setup_s": round(setup_seconds, 1),
        "resolved": len(lateness),
        "missed": unresolved.count(False),  # the row is gone, yet no timeout move was made
        "pending_at_stop": unresolved.count(True),  # still waiting for the ticker when the run stopped
        "doubled": sum(1 for _, _, _, commands, _ in rows if commands > 1),
        "lateness_s": {"p50": rounded(percentile(lateness, 0.5)), "p99": rounded(percentile(lateness, 0.99)),
                       "max": rounded(percentile(lateness, 1.0)), "min": rounded(min(lateness, default=None))},
        "p99_lateness_at_least_s_counting_pending": rounded(percentile(at_least, 0.99)),
        "resolved_per_s": round(len(lateness) / max(1e-9, last_resolution - first_due), 1),
        "machine": machine,
        "cpu_seconds_while_resolving": {name: round(cpu_after[name] - cpu_before.get(name, 0), 1)
                                        for name in cpu_after},
    }


def rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def wait_for_all(service: Service, window_end: float, stop_at: float) -> list[tuple]:
    """Polls with a cheap count (the full `resolutions` query of 100,000 tables would load the
    PostgreSQL it measures), and not at all before the last deadline falls due."""
    time.sleep(max(0.0, window_end - time.time()))
    while unmoved(service) and time.time() < stop_at:
        time.sleep(2)
    time.sleep(SETTLE_SECONDS)
    return resolutions(service)


def unmoved(service: Service) -> int:
    """Clones whose head is still the template's: no timeout move yet."""
    return service.sql("""
        SELECT count(*) FROM tables_table t JOIN bench_clone c USING (id)
        WHERE t.head_seq = (SELECT head_seq FROM tables_table WHERE id = %s)""", (service.template,))[0][0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deadlines", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--rate", type=float, default=DEFAULT_RATE, help="deadlines falling due per second")
    parser.add_argument("--window", type=float, help="seconds over which the deadlines fall due (instead of --rate)")
    parser.add_argument("--max-wait", type=float, default=300.0, help="seconds after the window to wait")
    args = parser.parse_args()
    for count in args.deadlines:
        window = args.window if args.window is not None else count / args.rate
        print(json.dumps(measure(count, window, args.max_wait)), flush=True)


if __name__ == "__main__":
    main()
