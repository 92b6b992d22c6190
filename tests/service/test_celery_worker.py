"""AI turns through a real Celery worker process on the Redis broker."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings

from ai_workers import ticker
from engines import registry
from engines.core import command_rng, fold, start
from tables.models import Event, Seat, Table

from .helpers import act, new_table

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


# A queue of this run alone: other workers may share the Redis broker.
QUEUE = f"ai-test-{os.getpid()}"


def start_worker(log_path: Path, **settings_env: str) -> subprocess.Popen:
    """A worker on this run's AI queue, using the test database (`settings_env`: more SAMPAN_ settings)."""
    env = {
        **os.environ,
        "SAMPAN_AI_QUEUE": QUEUE,
        "SAMPAN_PROFILE": "test",
        "SAMPAN_AI_DISPATCH": "celery",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{connection.settings_dict['NAME']}",
        **settings_env,
    }
    with open(log_path, "w") as log:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", QUEUE, "--pool=prefork",
             "--concurrency=1", "--without-gossip", "--without-mingle", "--without-heartbeat",
             "-n", f"test-{os.getpid()}@%h", "--loglevel=WARNING"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    worker.log_path = log_path
    return worker


def stop_worker(worker: subprocess.Popen) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


@pytest.fixture
def celery_worker(tmp_path):
    worker = start_worker(tmp_path / "worker.log")
    yield worker
    stop_worker(worker)


@pytest.fixture
def budgeted_worker(tmp_path):
    """A worker that plays at most two AI tasks a second."""
    worker = start_worker(tmp_path / "worker.log", SAMPAN_AI_TASKS_PER_SECOND="2")
    yield worker
    stop_worker(worker)


def wait_for(condition, timeout: float, interval: float = 0.25) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


@pytest.mark.slow  # a whole game, a task a move; the other tests here play a few moves through the worker
@override_settings(AI_DISPATCH="celery", AI_QUEUE=QUEUE)
def test_an_all_ai_dschunke_table_plays_to_the_end_through_a_worker(make_user, client_for, celery_worker):
    client = client_for(make_user())
    table = new_table(client, game="dschunke", players=4, seats=[{"kind": "ai", "strength": "random"}] * 4)
    started = time.monotonic()
    assert client.post(f"/api/tables/{table['id']}/start/").json()["status"] == "running"

    def finished():
        assert celery_worker.poll() is None, celery_worker.log_path.read_text()
        ticker.tick(linger=0.0, budget=1.0)  # beat's job: a table of bots alone moves when its rows fall due
        return Table.objects.get(pk=table["id"]).status == Table.Status.FINISHED

    assert wait_for(finished, timeout=150, interval=0.02)  # each tick sends the table's next turn
    stored = Table.objects.get(pk=table["id"])
    events = list(Event.objects.filter(table=stored).order_by("seq").values_list("payload", flat=True))
    engine = registry.get("dschunke")
    assert [e["seq"] for e in Event.objects.filter(table=stored).order_by("seq").values("seq")] == list(
        range(1, stored.head_seq + 1))
    assert engine.dump(fold(engine, events)) == stored.snapshot
    _, setup = start(engine, 4, stored.options, command_rng(stored.seed, 0))  # the revealed seed
    assert events[: len(setup)] == setup
    print(f"worker played {stored.head_seq} events in {time.monotonic() - started:.1f}s")


def backends_started() -> int:
    """How many PostgreSQL sessions this database has had (pg_stat_database, PostgreSQL 14+)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


@override_settings(AI_DISPATCH="celery", AI_QUEUE=QUEUE)
def test_the_worker_keeps_its_database_connection_from_turn_to_turn(make_user, client_for, celery_worker):
    """Celery's Django fixup closed the connection and Django's pool around every task
    (celery/celery#10554), so each AI turn paid for new PostgreSQL backends, most of what the
    database spent on a bot's move. The worker now keeps one from turn to turn."""
    client = client_for(make_user())
    table = new_table(client, game="dschunke", players=4, seats=[{"kind": "ai", "strength": "random"}] * 4)
    before = backends_started()
    client.post(f"/api/tables/{table['id']}/start/")

    def bot_turns() -> int:
        assert celery_worker.poll() is None, celery_worker.log_path.read_text()
        ticker.tick(linger=0.0, budget=1.0)
        return Event.objects.filter(table_id=table["id"], command_id__startswith="bot:").values("command_id").distinct().count()

    assert wait_for(lambda: bot_turns() >= 40, timeout=120, interval=0.02)
    assert backends_started() - before <= 4  # the worker's own, and its pool's


def test_thinking_bots_wait_on_a_queue_of_their_own(make_user, client_for, settings):
    """Issue 19, item 4: a table of expert bots cannot hold up the quick bots of other tables:
    their turns go to AI_SEARCH_QUEUE, which has workers of its own (README)."""
    import redis

    from ai_workers import dispatch

    quick, thinking = f"{QUEUE}-quick", f"{QUEUE}-search"
    settings.AI_DISPATCH, settings.AI_QUEUE, settings.AI_SEARCH_QUEUE = "celery", quick, thinking
    client = client_for(make_user())
    seats = [{"kind": "me"}, {"kind": "ai", "strength": "expert"}, {"kind": "ai", "strength": "search"},
             {"kind": "ai", "strength": "greedy"}]
    table = new_table(client, game="dunhuang", players=4, seats=seats)
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    try:
        for seat in Seat.objects.filter(table_id=table["id"]):
            dispatch.send_ai_turn(table["id"], seat.index, 1, seat.bot_strength)
        # A person's seat is played by the default bot (greedy) when it stands in: quick.
        assert (broker.llen(quick), broker.llen(thinking)) == (2, 2)
    finally:
        broker.delete(quick, thinking)


def a_human_move_before_three_bots(client) -> tuple[dict, dict]:
    """A started table of the client's seat 0 and three random bots, once seat 0 has played a
    card: the table, and the view that card was played on (the bots' turn is now due)."""
    table = new_table(client, players=4, seats=[{"kind": "me"}] + [{"kind": "ai", "strength": "random"}] * 3)
    client.post(f"/api/tables/{table['id']}/start/")
    view = client.get(f"/api/tables/{table['id']}/view/").json()
    card = view["view"]["players"][0]["hand"][0]
    assert act(client, table["id"], {"type": "play", "card": card}, view["seq"], "first").status_code == 200
    return table, view


def test_a_tables_quick_bots_move_one_after_another_in_one_task(make_user, client_for, settings):
    """The first bot's turn goes through the broker; the quick bots' turns it makes due at its
    table are played by the same task, not queued behind other tables' turns."""
    import redis

    from ai_workers.tasks import ai_turn

    queue = f"{QUEUE}-row"
    settings.AI_DISPATCH, settings.AI_QUEUE = "celery", queue
    table, view = a_human_move_before_three_bots(client_for(make_user()))
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    try:
        assert broker.llen(queue) == 1  # seat 1's turn
        assert ai_turn(table["id"], 1, view["seq"] + 1) is True  # as the worker runs it
        movers = list(Event.objects.filter(table_id=table["id"], seq__gt=view["seq"]).values_list("seat", flat=True))
        assert movers == [0, 1, 2, 3] and Table.objects.get(pk=table["id"]).to_act == [0]
        assert broker.llen(queue) == 1  # nothing more went through the broker
    finally:
        broker.delete(queue)


@override_settings(AI_DISPATCH="celery", AI_QUEUE=QUEUE)
def test_a_worker_plays_no_more_ai_tasks_a_second_than_its_budget(make_user, client_for, budgeted_worker):
    """Issue 21, item 4: under SAMPAN_AI_TASKS_PER_SECOND a burst of bot tables waits in the queue
    rather than taking the cores from people's moves. Each table's bots move in tasks of their
    own, so the tables' first bot moves are at least half a second apart."""
    client = client_for(make_user())
    seats = [{"kind": "me"}] + [{"kind": "ai", "strength": "random"}] * 3
    tables = [new_table(client, game="dschunke", players=4, seats=seats)["id"] for _ in range(6)]
    for table_id in tables:
        client.post(f"/api/tables/{table_id}/start/")
        while (view := client.get(f"/api/tables/{table_id}/view/").json())["legal_actions"]:  # seat 0's turn
            assert act(client, table_id, view["legal_actions"][0], view["seq"], f"seq-{view['seq']}").status_code == 200

    def bots_done() -> bool:
        assert budgeted_worker.poll() is None, budgeted_worker.log_path.read_text()
        return all(to_act == [0] for to_act in Table.objects.filter(pk__in=tables).values_list("to_act", flat=True))

    assert wait_for(bots_done, timeout=60, interval=0.05)
    first_bot_moves = sorted(
        Event.objects.filter(table_id=table_id, seat__gt=0).order_by("seq").values_list("created_at", flat=True)[0]
        for table_id in tables)
    # The first task's move comes late in its half second (the worker's first connection and
    # imports); each later task begins at least half a second after the one before.
    budgeted = first_bot_moves[1:]
    assert (budgeted[-1] - budgeted[0]).total_seconds() >= 0.9 * (len(budgeted) - 1) / 2


def test_a_stale_resend_spends_none_of_the_budget(make_user, client_for, settings):
    """The outbox sends a turn again while its first task may still wait in the queue: the
    task that finds the turn played already returns at once, so re-sends never eat the budget."""
    import redis

    from ai_workers.tasks import ai_turn

    # one task a second: a task that spent the budget takes a second at least, whatever the load
    settings.AI_DISPATCH, settings.AI_QUEUE, settings.AI_TASKS_PER_SECOND = "celery", f"{QUEUE}-budget", 1
    table, view = a_human_move_before_three_bots(client_for(make_user()))
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(settings.AI_QUEUE)  # the worker's copy, run here
    began = time.monotonic()
    assert ai_turn(table["id"], 1, view["seq"] + 1) is True
    assert time.monotonic() - began >= 1
    began = time.monotonic()
    assert ai_turn(table["id"], 1, view["seq"] + 1) is False
    assert time.monotonic() - began < 1
