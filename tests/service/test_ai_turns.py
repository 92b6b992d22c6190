"""AI seats through the inline dispatch seam (the embedded and test default)."""
from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ai_workers import ticker
from ai_workers.tasks import ai_turn
from ai_workers.turns import play_turn
from engines import registry
from engines.core import command_rng, fold, start
from tables import lifecycle, moves, store
from tables.errors import Refused
from tables.models import Deadline, Event, Seat, Table

from .helpers import act, new_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_ai_seat_answers_right_after_the_players_move(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    client.post(f"/api/tables/{table['id']}/start/")
    view = client.get(f"/api/tables/{table['id']}/view/").json()
    card = view["view"]["players"][0]["hand"][0]
    assert act(client, table["id"], {"type": "play", "card": card}, 3, "m1").status_code == 200
    head = Table.objects.get(pk=table["id"])
    assert head.head_seq == 5 and head.to_act == [0]
    ai_move = Event.objects.get(table=head, seq=5)
    assert ai_move.seat == 1 and ai_move.command_id == "bot:1:4"


def test_a_stale_or_repeated_ai_task_changes_nothing(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    client.post(f"/api/tables/{table['id']}/start/")
    head = Table.objects.get(pk=table["id"])
    assert head.head_seq == 4 and head.to_act == [1]
    assert ai_turn(table["id"], 0, 3) is False  # repeated: already played at seq 3
    assert play_turn(table["id"], 1, 4) is False  # not a bot's seat
    assert Event.objects.filter(table=head).count() == 4


def test_an_all_ai_table_plays_to_the_end_at_the_tickers_pace_and_snapshots_equal_the_fold(make_user, client_for):
    """Issue 13, item 4: the start request returns at once; the ticker plays the game, a move per row."""
    client = client_for(make_user())
    table = new_table(client, game="dunhuang", players=2, seats=[{"kind": "ai", "strength": "random"}] * 2)
    detail = client.post(f"/api/tables/{table['id']}/start/").json()
    setup_events = Event.objects.filter(table_id=table["id"]).count()
    assert detail["status"] == "running" and detail["head_seq"] == setup_events  # no AI move inside the request
    while detail["status"] == "running":
        assert ticker.tick(linger=0.0, budget=5.0) > 0
        detail = client.get(f"/api/tables/{table['id']}/").json()
    assert detail["status"] == "finished", detail
    assert detail["outcome"]["winners"] and detail["seed"]
    assert not Deadline.objects.filter(table_id=table["id"]).exists()
    stored = Table.objects.get(pk=table["id"])
    engine = registry.get("dunhuang")
    events = list(Event.objects.filter(table=stored).order_by("seq").values_list("payload", flat=True))
    assert len(events) == stored.head_seq
    assert engine.dump(fold(engine, events)) == stored.snapshot
    _, setup = start(engine, 2, stored.options, command_rng(detail["seed"], 0))  # the revealed seed
    assert events[: len(setup)] == setup


def test_the_bot_only_ever_sees_its_seat(make_user, client_for, bot_choices):
    from engines import bots

    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    client.post(f"/api/tables/{table['id']}/start/")
    seat, _, view = bot_choices[0]
    assert seat == 0 and view["players"][1]["hand"] is None and view["players"][0]["hand"]
    assert lifecycle.DEFAULT_STRENGTH in bots.STRENGTHS


def test_a_bots_randomness_comes_from_the_tables_secret_seed(make_user, client_for, monkeypatch):
    """Issue 13, item 7: from public values alone (table, seat, seq) no one can re-run a bot."""
    import random

    from engines import bots
    from engines.core import bot_rng

    states = []
    choose = bots.choose

    def spy(engine, strength, view, seat, legal, rng):
        states.append((seat, rng.getstate()))
        return choose(engine, strength, view, seat, legal, rng)

    monkeypatch.setattr(bots, "choose", spy)
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    client.post(f"/api/tables/{table['id']}/start/")
    head = Table.objects.get(pk=table["id"])
    seat, state = states[0]
    assert state == bot_rng(head.seed, seat, 3).getstate()
    assert state != random.Random(f"{head.pk}:{seat}:3").getstate()
    assert state != bot_rng("another seed", seat, 3).getstate()


@override_settings(AI_PACE_SECONDS=30)
def test_a_table_of_bots_alone_moves_no_faster_than_the_pace(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, game="dunhuang", players=2, seats=[{"kind": "ai", "strength": "random"}] * 2)
    before = timezone.now()
    client.post(f"/api/tables/{table['id']}/start/")
    head = Table.objects.get(pk=table["id"]).head_seq
    rows = Deadline.objects.filter(table_id=table["id"])
    assert rows and all(row.kind == Deadline.Kind.AI and row.due_at >= before + timedelta(seconds=30) for row in rows)
    assert ticker.tick(linger=0.0, budget=1.0) == 0
    assert Table.objects.get(pk=table["id"]).head_seq == head


def test_a_table_with_a_person_is_not_paced(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    with override_settings(AI_PACE_SECONDS=30):
        client.post(f"/api/tables/{table['id']}/start/")
    assert Table.objects.get(pk=table["id"]).to_act == [1]  # the bot answered at once


def test_a_thinking_bot_plays_off_the_request_path_where_ai_turns_run_in_process(make_user, client_for, monkeypatch):
    """Issue 19, item 4: inline, the player's request returns before an expert bot has thought;
    the deadline ticker (a thread of its own in the embedded server) plays its turn, within its budget."""
    import time

    from engines.bots import expert

    monkeypatch.setattr(expert, "TIME_BUDGET_S", 0.5)
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "expert"}])
    client.post(f"/api/tables/{table['id']}/start/")
    card = client.get(f"/api/tables/{table['id']}/view/").json()["view"]["players"][0]["hand"][0]
    began = time.monotonic()
    assert act(client, table["id"], {"type": "play", "card": card}, 3, "m1").status_code == 200
    assert time.monotonic() - began < 0.5  # the bot did not think inside the request
    head = Table.objects.get(pk=table["id"])
    assert head.head_seq == 4 and head.to_act == [1]
    row = Deadline.objects.get(table=head, seat=1, kind=Deadline.Kind.AI)
    assert row.due_at <= timezone.now()  # due at once: the ticker's next round plays it
    began = time.monotonic()
    assert ticker.tick(linger=0.0, budget=5.0) >= 1
    assert time.monotonic() - began < 0.5 + 1.0  # the budget, and the command's own time
    bot_move = Event.objects.get(table=head, seq=5)
    assert bot_move.seat == 1 and bot_move.command_id == "bot:1:4"


DUE_TURNS: list[tuple] = []


def record_turn(*args) -> None:
    """settings.AI_TURN_SENDER for the tests below: the due turns are kept, not played."""
    DUE_TURNS.append(args)


@pytest.fixture
def bot_to_act(make_user, client_for, settings):
    """A running tiny table whose seat 0, a random bot, is to act; its turn is held back."""
    settings.AI_TURN_SENDER = f"{__name__}.record_turn"
    DUE_TURNS.clear()
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "random"}, {"kind": "me"}])
    client.post(f"/api/tables/{table['id']}/start/")
    assert DUE_TURNS == [(table["id"], 0, 3, "random")]  # the strength picks the worker's queue
    return table["id"]


def test_a_bots_turn_reads_the_head_once_and_writes_in_one_round_trip(bot_to_act):
    with CaptureQueriesContext(connection) as queries:
        assert play_turn(bot_to_act, 0, 3) is True
    read, write = [query["sql"] for query in queries.captured_queries]
    assert "FOR UPDATE" not in read and "tables_seat" in read  # the head with its seats, not locked
    assert write.startswith("BEGIN") and write.endswith("COMMIT") and "version = " in write
    assert Event.objects.get(table_id=bot_to_act, seq=4).command_id == "bot:0:3"


def test_a_bots_move_on_a_head_changed_since_it_was_read_is_played_from_the_store(bot_to_act):
    head, same_head = store.read_head(bot_to_act, lock=False), store.read_head(bot_to_act, lock=False)
    engine = registry.get("tiny")
    action = engine.legal_actions(engine.load(head.snapshot), 0)[0]
    Seat.objects.filter(table_id=bot_to_act, index=1).update(timeouts=1)  # moves the version, not the head
    moves.submit_for(head, 0, action, "bot")
    assert Event.objects.get(table_id=bot_to_act, seq=4).command_id == "bot:0:3"
    seq = Table.objects.get(pk=bot_to_act).head_seq
    moves.submit_for(same_head, 0, action, "bot")  # a repeat (a task delivered twice): nothing is written
    assert Event.objects.filter(table_id=bot_to_act).count() == seq == Table.objects.get(pk=bot_to_act).head_seq


def test_a_bots_move_on_a_head_moved_on_since_is_refused(bot_to_act):
    head = store.read_head(bot_to_act, lock=False)
    engine = registry.get("tiny")
    action = engine.legal_actions(engine.load(head.snapshot), 0)[0]
    assert play_turn(bot_to_act, 0, 3) is True  # the same turn, played by another worker meanwhile
    seq = Table.objects.get(pk=bot_to_act).head_seq
    with pytest.raises(Refused) as refused:
        moves.submit_for(head, 0, action, "timeout")
    assert refused.value.code == "stale_seq" and Table.objects.get(pk=bot_to_act).head_seq == seq
