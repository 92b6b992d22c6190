"""Post-game analysis through the service (tables.analysis): asked for once a game has ended,
worked out off the request path, once per table and seat, within a person's limits, and
exported with the game."""
import time

import pytest
from django.test import override_settings

from ai_workers import ticker
from tables.models import Analysis, Event, Table

from .helpers import act, new_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("few_iterations")]


@pytest.fixture
def few_iterations(settings):
    settings.ANALYSIS_ITERATIONS = 15


def played_to_the_end(client) -> int:
    """A tiny table of the client's player (seat 0) and a bot, played to its end."""
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    client.post(f"/api/tables/{table['id']}/start/")
    for number in range(100):
        view = client.get(f"/api/tables/{table['id']}/view/").json()
        if view["outcome"] is not None:
            return table["id"]
        if view["legal_actions"]:
            act(client, table["id"], view["legal_actions"][-1], view["seq"], f"move-{number}")
        else:
            ticker.tick(linger=0.0, budget=2.0)
    raise AssertionError("the game did not end")


def bots_to_the_end(client, game: str = "tiny", players: int = 2, options=None) -> int:
    table = new_table(client, game=game, players=players, options=options or {},
                      seats=[{"kind": "ai", "strength": "random"}] * players)
    client.post(f"/api/tables/{table['id']}/start/")
    while Table.objects.get(pk=table["id"]).status == Table.Status.RUNNING:
        ticker.tick(linger=0.0, budget=5.0)
    return table["id"]


def ask(client, table_id: int, seat, **headers):
    return client.post(f"/api/tables/{table_id}/analysis/", {"seat": seat}, format="json", **headers)


def finished_analysis(client, table_id: int, seat: int, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = client.get(f"/api/tables/{table_id}/analysis/?seat={seat}").json()
        if found and found[0]["status"] in ("done", "failed"):
            return found[0]
        time.sleep(0.1)
    raise AssertionError("the analysis did not finish")


def test_a_player_asks_for_the_analysis_of_their_seat_and_reads_each_decision(make_user, client_for):
    client = client_for(make_user())
    table_id = played_to_the_end(client)
    response = ask(client, table_id, 0)
    assert response.status_code == 202, response.json()
    assert response.json()["status"] in ("queued", "running", "done")
    found = finished_analysis(client, table_id, 0)
    assert found["status"] == "done" and found["done"] == found["total"] == len(found["decisions"]) > 0
    seqs = set(Event.objects.filter(table_id=table_id).values_list("seq", flat=True))
    for decision in found["decisions"]:
        assert decision["seq"] in seqs and decision["loss"] >= 0
        assert sum(decision["chances"]) == pytest.approx(1, abs=1e-3)


def test_an_analysis_is_worked_out_once_and_read_by_everyone(make_user, client_for, client):
    player = client_for(make_user())
    table_id = played_to_the_end(player)
    ask(player, table_id, 0)
    first = finished_analysis(player, table_id, 0)
    other = client_for(make_user())
    again = ask(other, table_id, 0)
    assert again.status_code == 200 and again.json() == first
    assert Analysis.objects.filter(table_id=table_id).count() == 1
    assert client.get(f"/api/tables/{table_id}/analysis/").json() == [first]  # anonymous readers too


def test_a_spectator_may_ask_only_once_the_game_has_ended(make_user, client_for):
    owner = client_for(make_user())
    table = new_table(owner, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    owner.post(f"/api/tables/{table['id']}/start/")
    spectator = client_for(make_user())
    for who in (owner, spectator):
        refused = ask(who, table["id"], 0)
        assert refused.status_code == 409 and refused.json()["code"] == "not_finished"
    assert spectator.get(f"/api/tables/{table['id']}/analysis/").json() == []
    finished = bots_to_the_end(owner)
    assert ask(spectator, finished, 1).status_code == 202
    assert finished_analysis(spectator, finished, 1)["status"] == "done"


@pytest.mark.parametrize("seat", [2, -1, "one", None, 1.5, [0]])
def test_a_seat_the_table_has_not_is_refused_and_nothing_is_written(make_user, client_for, seat):
    client = client_for(make_user())
    table_id = bots_to_the_end(client)
    response = ask(client, table_id, seat)
    assert response.status_code == 400 and response.json()["code"] in ("bad_seat", "invalid")
    assert not Analysis.objects.exists()


def test_anonymous_readers_may_not_ask(make_user, client_for, client):
    table_id = bots_to_the_end(client_for(make_user()))
    assert ask(client, table_id, 0).status_code in (401, 403)
    assert ask(client, 999999, 0).status_code in (401, 403)
    assert client_for(make_user()).post("/api/tables/999999/analysis/", {"seat": 0}, format="json").status_code == 404


def test_a_person_has_at_most_so_many_analyses_waiting(make_user, client_for, settings):
    settings.MAX_ANALYSES_AT_ONCE = 1
    settings.ANALYSIS_DISPATCH = "celery"  # to a queue no worker reads: the analysis stays queued
    settings.ANALYSIS_QUEUE = "analysis-nobody-reads"
    client = client_for(make_user())
    table_id = bots_to_the_end(client)
    assert ask(client, table_id, 0).status_code == 202
    refused = ask(client, table_id, 1)
    assert refused.status_code == 429 and refused.json()["code"] == "analysis_busy"
    assert list(Analysis.objects.values_list("seat", flat=True)) == [0]
    assert ask(client_for(make_user()), table_id, 1).status_code == 202  # another person's limit is their own


def test_a_person_has_so_many_analyses_a_day(make_user, client_for, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "analyses": "1/d"}
    client = client_for(make_user())
    table_id = bots_to_the_end(client)
    assert ask(client, table_id, 0).status_code == 202
    finished_analysis(client, table_id, 0)
    assert ask(client, table_id, 0).status_code == 200  # reading one asked before costs nothing
    refused = ask(client, table_id, 1, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert "analyses" in refused.json()["detail"] and refused["Content-Language"] == "fr"
    assert Analysis.objects.count() == 1


def test_the_export_carries_the_analyses_worked_out(make_user, client_for):
    import json

    client = client_for(make_user())
    table_id = played_to_the_end(client)
    ask(client, table_id, 0)
    done = finished_analysis(client, table_id, 0)
    lines = [json.loads(line) for line in client.get(f"/api/tables/{table_id}/export/").content.splitlines()]
    assert lines[-1] == {"analysis": done}


def test_with_celery_a_worker_of_the_analyses_queue_works_it_out(make_user, client_for, tmp_path):
    from .test_celery_worker import QUEUE, start_worker, stop_worker

    client = client_for(make_user())
    table_id = bots_to_the_end(client, "dunhuang", 2)
    worker = start_worker(tmp_path / "worker.log", SAMPAN_ANALYSIS_QUEUE=QUEUE, SAMPAN_ANALYSIS_ITERATIONS="15")
    try:
        with override_settings(ANALYSIS_DISPATCH="celery", ANALYSIS_QUEUE=QUEUE):
            assert ask(client, table_id, 1).status_code == 202
            found = finished_analysis(client, table_id, 1, timeout=90)
        assert found["status"] == "done" and found["decisions"], worker.log_path.read_text()
    finally:
        stop_worker(worker)
