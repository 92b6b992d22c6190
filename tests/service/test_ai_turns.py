"""AI seats through the inline dispatch seam (the embedded and test default)."""
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from ai_workers import ticker
from ai_workers.tasks import ai_turn
from ai_workers.turns import play_turn
from engines import registry
from engines.core import command_rng, fold, start
from tables import lifecycle
from tables.models import Deadline, Event, Table

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

    from engines.bots import ismcts

    monkeypatch.setattr(ismcts, "TIME_BUDGET_S", 0.5)
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
