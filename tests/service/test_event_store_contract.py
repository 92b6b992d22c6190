"""The event store's contract, run against every way of writing a move: PostgreSQL from Django's
transaction, PostgreSQL on the event loop (a websocket's move), and SQLite (the embedded
profile; the same tests in a process of their own, see the last test)."""
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.db import DatabaseError, connection, transaction

from engines import registry
from engines.core import fold
from tables import moves, moves_on_loop
from tables.errors import Refused
from tables.models import Event, Table

from .helpers import at_once

APPEND_ONLY = importlib.import_module("tables.migrations.0002_event_append_only")

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
ON_SQLITE = os.environ.get("SAMPAN_TEST_DATABASE") == "sqlite"


def sync_writer(table_id, seat, action, expected_seq, command_id):
    return moves.submit(table_id, seat, action, expected_seq, command_id)


def loop_writer(table_id, seat, action, expected_seq, command_id):
    async def submit():
        try:
            return (await moves_on_loop.submit(table_id, seat, action, expected_seq, command_id)).result()
        finally:
            await moves_on_loop.close_pool()
    return async_to_sync(submit)()


WRITERS = [sync_writer] if ON_SQLITE else [sync_writer, loop_writer]


@pytest.fixture(autouse=True)
def sqlite_flush_allowed(transactional_db):
    """Between tests pytest-django empties the tables with DELETE (PostgreSQL: TRUNCATE, which
    row triggers do not see); on SQLite the append-only triggers are lifted for that alone."""
    if not ON_SQLITE:
        yield
        return
    with connection.cursor() as cursor:
        for statement in APPEND_ONLY.SQLITE_UP:
            cursor.execute(statement.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS"))
    yield
    with connection.cursor() as cursor:
        for statement in APPEND_ONLY.SQLITE_DOWN:
            cursor.execute(statement)


@pytest.fixture(params=WRITERS, ids=lambda writer: writer.__name__)
def write(request):
    return request.param


@pytest.fixture
def table(tiny_table):
    return tiny_table


def stored(table_id) -> list[tuple[int, dict]]:
    return list(Event.objects.filter(table_id=table_id).order_by("seq").values_list("seq", "payload"))


def test_a_move_appends_after_the_head_and_the_snapshot_is_the_fold(write, table):
    result = write(table, 0, {"type": "roll"}, 3, "first")
    events = stored(table)
    assert [seq for seq, _ in events] == list(range(1, len(events) + 1)) and result["seq"] == len(events) > 3
    head = Table.objects.get(pk=table)
    engine = registry.get("tiny")
    assert head.head_seq == len(events) and engine.dump(fold(engine, [e for _, e in events])) == head.snapshot


def test_a_repeated_command_returns_its_result_and_appends_nothing(write, table):
    first = write(table, 0, {"type": "roll"}, 3, "again")
    count = len(stored(table))
    assert write(table, 0, {"type": "roll"}, 3, "again") == first
    assert len(stored(table)) == count


def test_a_stale_move_is_refused_and_appends_nothing(write, table):
    write(table, 0, {"type": "roll"}, 3, "fresh")
    count = len(stored(table))
    with pytest.raises(Refused) as refused:
        write(table, 0, {"type": "roll"}, 3, "stale")
    assert refused.value.code in {"stale_seq", "not_your_turn"} and len(stored(table)) == count


def test_concurrent_moves_at_one_seq_apply_once(write, table):
    results = at_once(lambda i: write(table, 0, {"type": "roll"}, 3, f"racer-{i}"), 6)
    assert sum(isinstance(result, dict) for result in results) == 1, results
    assert all(isinstance(result, (dict, Refused)) for result in results), results
    assert [seq for seq, _ in stored(table)] == list(range(1, Table.objects.get(pk=table).head_seq + 1))


def test_stored_events_can_be_neither_changed_nor_removed(table):
    for statement in ("UPDATE tables_event SET type = 'forged' WHERE table_id = %s",
                      "DELETE FROM tables_event WHERE table_id = %s"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, [table])
    assert len(stored(table)) == 3


def test_the_contract_holds_on_sqlite():
    env = {**os.environ, "SAMPAN_TEST_DATABASE": "sqlite"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__,
                           "-k", "not on_sqlite"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout.split("\n")[-2]
