"""The command path and the event store, through the REST API, on PostgreSQL."""
import json

import pytest
from django.db import connection, transaction
from django.db.utils import DatabaseError

from engines import registry
from engines.core import command_rng, fold, seed_hash, start
from tables.models import Event, ImmutableEventError, Table

from .helpers import act, new_table
from tests.tiny_engine import TINY

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def running(make_user, client_for):
    """A started two-seat tiny table: (table detail, [client of seat 0, client of seat 1])."""
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a)
    assert b.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
    started = a.post(f"/api/tables/{table['id']}/start/", format="json").json()
    assert started["status"] == "running"
    return started, [a, b]


def my_hand(client, table_id):
    view = client.get(f"/api/tables/{table_id}/view/").json()
    return view, view["view"]["players"][view["seat"]]["hand"]


def test_start_appends_setup_events_and_commits_to_the_seed(running):
    table, _ = running
    assert table["head_seq"] == 3  # setup + one deal per seat
    assert table["to_act"] == [0]
    assert len(table["seed_hash"]) == 64 and table["seed"] is None
    seqs = list(Event.objects.filter(table_id=table["id"]).values_list("seq", flat=True))
    assert seqs == [1, 2, 3]


def test_a_legal_action_appends_events_and_moves_the_head(running):
    table, (a, b) = running
    view, hand = my_hand(a, table["id"])
    response = act(a, table["id"], {"type": "play", "card": hand[0]}, 3, "c1")
    assert response.status_code == 200, response.json()
    assert response.json()["seq"] == 4
    assert response.json()["events"][0]["text"].endswith(f"plays {hand[0]}")
    db_table = Table.objects.get(pk=table["id"])
    assert (db_table.head_seq, db_table.to_act) == (4, [1])


def test_stale_seq_is_refused_with_the_head(running):
    table, (a, _) = running
    _, hand = my_hand(a, table["id"])
    response = act(a, table["id"], {"type": "play", "card": hand[0]}, 2, "c1")
    assert response.status_code == 409
    assert response.json() == {"code": "stale_seq", "detail": response.json()["detail"], "head_seq": 3}
    assert Event.objects.filter(table_id=table["id"]).count() == 3


def test_a_repeated_command_id_returns_the_first_result(running):
    table, (a, _) = running
    _, hand = my_hand(a, table["id"])
    first = act(a, table["id"], {"type": "play", "card": hand[0]}, 3, "same")
    again = act(a, table["id"], {"type": "play", "card": hand[1]}, 3, "same")
    assert again.status_code == 200
    assert again.json() == first.json()
    assert Event.objects.filter(table_id=table["id"]).count() == 4


@pytest.mark.parametrize(
    "action, code",
    [({"type": "fly"}, "unknown_action"), ({"type": "play", "card": 99}, "bad_card"), ({"kind": "x"}, "bad_action")],
)
def test_an_illegal_action_is_a_400_and_writes_nothing(running, action, code):
    table, (a, _) = running
    response = act(a, table["id"], action, 3, "bad")
    assert response.status_code == 400
    assert response.json()["code"] == code and response.json()["detail"]
    assert Table.objects.get(pk=table["id"]).head_seq == 3


def test_the_wrong_seat_is_told_it_is_not_its_turn(running):
    table, (_, b) = running
    _, hand = my_hand(b, table["id"])
    response = act(b, table["id"], {"type": "play", "card": hand[0]}, 3, "b1")
    assert response.status_code == 400 and response.json()["code"] == "not_your_turn"


def test_a_user_without_a_seat_gets_403(running, make_user, client_for):
    table, _ = running
    response = act(client_for(make_user()), table["id"], {"type": "roll"}, 3, "x")
    assert response.status_code == 403 and response.json()["code"] == "forbidden"


def play_to_the_end(table_id, clients):
    seq = Table.objects.get(pk=table_id).head_seq
    for turn in range(10):
        client = clients[turn % 2]
        _, hand = my_hand(client, table_id)
        if not hand:
            break
        response = act(client, table_id, {"type": "play", "card": hand[0]}, seq, f"move{turn}")
        assert response.status_code == 200, response.json()
        seq = response.json()["seq"]
    return seq


def test_a_finished_game_reveals_the_seed_and_refuses_actions(running):
    table, clients = running
    seq = play_to_the_end(table["id"], clients)
    detail = clients[0].get(f"/api/tables/{table['id']}/").json()
    assert detail["status"] == "finished" and detail["outcome"]["winners"]
    assert seed_hash(detail["seed"]) == detail["seed_hash"]
    response = act(clients[0], table["id"], {"type": "roll"}, seq, "late")
    assert response.status_code == 409 and response.json()["code"] == "game_over"


def test_the_revealed_seed_replays_the_setup_and_every_roll(running):
    table, (a, b) = running
    assert act(a, table["id"], {"type": "roll"}, 3, "r1").status_code == 200
    play_to_the_end(table["id"], [b, a])
    seed = a.get(f"/api/tables/{table['id']}/").json()["seed"]
    stored = [e.payload for e in Event.objects.filter(table_id=table["id"]).order_by("seq")]
    _, setup = start(TINY, 2, {"cards": 2}, command_rng(seed, 0))
    assert stored[:3] == setup
    roll = TINY.decide(fold(TINY, setup), 0, {"type": "roll"}, command_rng(seed, 3))
    assert stored[3] == roll[0]


def test_every_snapshot_equals_the_fold_of_its_events(running, make_user, client_for):
    table, clients = running
    play_to_the_end(table["id"], clients)
    creator = client_for(make_user())
    dschunke = new_table(creator, game="dschunke", players=3,
                         seats=[{"kind": "me"}] + [{"kind": "ai", "strength": "random"}] * 2)
    creator.post(f"/api/tables/{dschunke['id']}/start/")
    stored_games = Table.objects.exclude(snapshot=None)
    assert {t.game for t in stored_games} == {"tiny", "dschunke"}
    for stored in stored_games:
        engine = registry.get(stored.game)
        events = [e.payload for e in Event.objects.filter(table=stored).order_by("seq")]
        assert len(events) == stored.head_seq
        assert engine.dump(fold(engine, events)) == stored.snapshot


def test_view_at_any_seq_is_the_fold_up_to_it(running):
    table, (a, _) = running
    _, hand = my_hand(a, table["id"])
    act(a, table["id"], {"type": "play", "card": hand[0]}, 3, "c1")
    before = a.get(f"/api/tables/{table['id']}/view/?at=3").json()
    assert before["seq"] == 3 and before["legal_actions"] == []
    assert before["view"]["players"][0]["hand"] == hand
    assert a.get(f"/api/tables/{table['id']}/view/?at=9").status_code == 400


def test_events_rows_refuse_update_and_delete(running):
    table, _ = running
    event = Event.objects.filter(table_id=table["id"]).first()
    event.type = "changed"
    with pytest.raises(ImmutableEventError):
        event.save()
    with pytest.raises(ImmutableEventError):
        event.delete()
    with pytest.raises(ImmutableEventError):
        Event.objects.filter(table_id=table["id"]).delete()
    for sql in ("UPDATE tables_event SET type = 'x'", "DELETE FROM tables_event"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(sql)
    assert Event.objects.filter(table_id=table["id"], type="changed").count() == 0


def test_events_after_a_seq_are_redacted_for_the_caller(running, make_user, client_for):
    table, (a, _) = running
    mine = a.get(f"/api/tables/{table['id']}/events/?after=1").json()
    assert mine["head_seq"] == 3 and [e["seq"] for e in mine["events"]] == [2, 3]
    assert mine["events"][0]["event"]["hand"] and mine["events"][1]["event"]["hand"] is None
    spectator = client_for(make_user()).get(f"/api/tables/{table['id']}/events/").json()
    assert [e["seq"] for e in spectator["events"]] == [1, 2, 3]
    assert spectator["events"][0]["event"]["deck"] is None
    assert all(e["event"]["hand"] is None for e in spectator["events"][1:])
    assert a.get(f"/api/tables/{table['id']}/events/?after=x").json()["code"] == "bad_parameter"


def test_an_ended_game_exports_as_json_lines_redacted_for_the_caller(running):
    table, clients = running
    assert clients[1].get(f"/api/tables/{table['id']}/export/").json()["code"] == "not_finished"
    play_to_the_end(table["id"], clients)
    response = clients[1].get(f"/api/tables/{table['id']}/export/")
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    lines = [json.loads(line) for line in response.content.decode().splitlines()]
    assert lines[0]["id"] == table["id"] and lines[0]["seed"] and lines[0]["my_seat"] == 1
    assert [line["seq"] for line in lines[1:]] == list(range(1, lines[0]["head_seq"] + 1))
    assert lines[2]["event"]["hand"] is None and lines[3]["event"]["hand"]
