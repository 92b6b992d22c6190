"""Hints at practice tables: the expert's move for the player's seat, only on their turn at an
unrated table of them and bots alone, worked out from the seat's view, changing nothing."""
import os
import socket

import pytest
from celery import current_app
from django.core.cache import cache
from django.test import override_settings

from engines.bots import expert, ismcts
from tables import lifecycle
from tables.models import Event, Table
from tables.reading import engine_of, head_state

pytestmark = pytest.mark.django_db(transaction=True)


def practice_table(client) -> dict:
    """The home page's table against bots: the player at seat 0 (to act first in tiny) and two bots."""
    response = client.post("/api/games/tiny/play/", format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def ask(client, table_id: int):
    return client.post(f"/api/tables/{table_id}/hint/", format="json")


def written(table_id: int) -> tuple:
    table = Table.objects.get(pk=table_id)
    return table.head_seq, table.snapshot, table.version, Event.objects.filter(table_id=table_id).count()


def test_a_hint_is_one_of_the_seats_legal_actions_and_changes_nothing(make_user, client_for):
    client = client_for(make_user())
    table = practice_table(client)
    before = written(table["id"])
    response = ask(client, table["id"])
    assert response.status_code == 200, response.json()
    hint = response.json()
    legal = client.get(f"/api/tables/{table['id']}/view/").json()["legal_actions"]
    assert hint["seq"] == before[0] and hint["action"] in legal
    assert "imagined game" in hint["reason"]
    assert written(table["id"]) == before  # no event, no write of the head


def test_the_reason_comes_in_the_readers_language(make_user, client_for):
    client = client_for(make_user())
    table = practice_table(client)
    response = client.post(f"/api/tables/{table['id']}/hint/", format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and "Einschätzung" in response.json()["reason"]


def test_the_hint_depends_on_the_seats_view_alone(make_user, client_for, monkeypatch):
    """Two heads that differ only in what seat 0 cannot see (the bots' hands and the deck) get
    the same hint, with the search bounded by iterations rather than the clock."""
    monkeypatch.setattr(ismcts, "MAX_ITERATIONS", 300)
    monkeypatch.setattr(expert, "TIME_BUDGET_S", 60.0)  # the iterations end it, on a loaded machine too
    client = client_for(make_user())
    table_id = practice_table(client)["id"]
    first = ask(client, table_id).json()
    table = Table.objects.get(pk=table_id)
    state = head_state(table)
    hidden = sorted(state["deck"] + state["hands"][1] + state["hands"][2])
    hidden.reverse()  # the same cards, dealt otherwise
    swapped = {**state, "hands": [state["hands"][0], hidden[:len(state["hands"][1])],
                                  hidden[len(state["hands"][1]):len(state["hands"][1]) + len(state["hands"][2])]],
               "deck": hidden[len(state["hands"][1]) + len(state["hands"][2]):]}
    assert swapped != state and engine_of(table).view(swapped, 0) == engine_of(table).view(state, 0)
    Table.objects.filter(pk=table_id).update(snapshot=engine_of(table).dump(swapped))
    assert ask(client, table_id).json() == first


def test_a_rated_table_refuses_hints(make_user, client_for):
    alice = make_user()
    created = lifecycle.create_table(alice, {"game": "tiny", "players": 2, "options": {}, "rated": True,
                                             "time_control": {"kind": "live", "seconds": 600},
                                             "seats": [{"kind": "me"}, {"kind": "ai", "strength": "greedy"}]})
    lifecycle.start_table(created.pk, alice)
    refused = ask(client_for(alice), created.pk)
    assert refused.status_code == 403 and refused.json()["code"] == "rated_table"


def test_another_person_seated_refuses_hints(make_user, client_for):
    alice, bob = make_user(), make_user()
    created = lifecycle.create_table(alice, {"game": "tiny", "players": 3, "options": {}, "rated": False,
                                             "time_control": {"kind": "live", "seconds": 600},
                                             "seats": [{"kind": "me"}, {"kind": "invite", "username": bob.username},
                                                       {"kind": "ai", "strength": "greedy"}]})
    lifecycle.join(created.pk, bob)
    lifecycle.start_table(created.pk, alice)
    before = written(created.pk)
    for user in (alice, bob):
        refused = ask(client_for(user), created.pk)
        assert refused.status_code == 403 and refused.json()["code"] == "not_alone"
    assert written(created.pk) == before


def test_someone_without_a_seat_gets_no_hint(make_user, client_for):
    table = practice_table(client_for(make_user()))
    refused = ask(client_for(make_user()), table["id"])
    assert refused.status_code == 403 and refused.json()["code"] == "not_seated"
    from rest_framework.test import APIClient
    assert ask(APIClient(), table["id"]).status_code == 403
    assert ask(client_for(make_user()), 999999).status_code == 404


def test_no_hint_off_ones_turn_or_once_the_game_has_ended(make_user, client_for):
    user = make_user()
    client = client_for(user)
    table = practice_table(client)
    Table.objects.filter(pk=table["id"]).update(to_act=[1])  # a bot's turn, as the row tells it
    refused = ask(client, table["id"])
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    lifecycle.abandon(table["id"], user)
    ended = ask(client, table["id"])
    assert ended.status_code == 409 and ended.json()["code"] == "not_running"


def test_one_hint_at_a_time_per_player_and_at_most_the_rate(make_user, client_for):
    user = make_user()
    client = client_for(user)
    table = practice_table(client)
    cache.add(f"hint:{user.pk}", 1, 30)  # a hint of this player's being worked out elsewhere
    busy = ask(client, table["id"])
    assert busy.status_code == 429 and busy.json()["code"] == "hint_busy"
    cache.delete(f"hint:{user.pk}")
    with override_settings(RATE_LIMITS={"actions": "30/s", "signup": "1000/h", "hints": "1/m"}):
        assert ask(client, table["id"]).status_code == 200
        throttled = ask(client, table["id"])
    assert throttled.status_code == 429 and throttled.json()["code"] == "throttled"
    assert throttled.json()["retry_after"] >= 1


def test_with_celery_a_worker_of_the_thinking_bots_works_the_hint_out(make_user, client_for, tmp_path):
    """The request waits in Redis for the worker's answer; the server process does no search."""
    from .test_celery_worker import QUEUE, start_worker, stop_worker, wait_for

    client = client_for(make_user())
    table = client.post("/api/games/dunhuang/play/", format="json").json()  # a game the worker knows
    assert 0 in Table.objects.get(pk=table["id"]).to_act  # the bots have played up to the player's turn
    worker = start_worker(tmp_path / "worker.log", SAMPAN_AI_SEARCH_QUEUE=QUEUE)
    name = f"test-{os.getpid()}@{socket.gethostname()}"
    try:
        assert wait_for(lambda: current_app.control.ping(destination=[name], timeout=0.5), timeout=90)
        with override_settings(AI_DISPATCH="celery", AI_SEARCH_QUEUE=QUEUE):
            before = written(table["id"])
            response = ask(client, table["id"])
            assert response.status_code == 200, (response.json(), worker.log_path.read_text())
    finally:
        stop_worker(worker)
    legal = client.get(f"/api/tables/{table['id']}/view/").json()["legal_actions"]
    assert response.json()["action"] in legal and response.json()["reason"]
    assert written(table["id"]) == before
