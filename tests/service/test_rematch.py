"""Rematch from a finished table and the list of live games to watch (issue 20, item 4)."""
import pytest

from rest_framework.test import APIClient

from tables.models import Table

from .helpers import at_once, new_table
from .test_command_path import play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


def finished_pair(make_user, client_for):
    """A finished two-player tiny table: (table id, [client of seat 0, client of seat 1])."""
    a, b = client_for(make_user()), client_for(make_user())
    table = new_table(a)
    b.post(f"/api/tables/{table['id']}/join/", {}, format="json")
    a.post(f"/api/tables/{table['id']}/start/", format="json")
    play_to_the_end(table["id"], [a, b])
    return table["id"], [a, b]


def test_a_rematch_against_bots_starts_at_once_with_the_same_seats_and_a_new_seed(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "ai", "strength": "greedy"}, {"kind": "me"}], rated=False,
                      time_control={"kind": "correspondence", "days": 2, "max_timeouts": 5, "on_idle": "forfeit"})
    client.post(f"/api/tables/{table['id']}/start/", format="json")
    Table.objects.filter(pk=table["id"]).update(status=Table.Status.FINISHED, outcome={"scores": [1, 2], "winners": [1]})
    old = client.get(f"/api/tables/{table['id']}/").json()
    response = client.post(f"/api/tables/{table['id']}/rematch/", format="json")
    assert response.status_code == 200, response.json()
    rematch = response.json()
    assert rematch["status"] == "running" and rematch["id"] != table["id"]
    assert rematch["rematch_of"] == table["id"] and rematch["my_seat"] == 1 and rematch["rated"] is False
    assert [(s["kind"], s["strength"]) for s in rematch["seats"]] == [("ai", "greedy"), ("human", "")]
    assert rematch["time_control"] == old["time_control"]
    assert rematch["seed_hash"] != old["seed_hash"]
    assert client.get(f"/api/tables/{table['id']}/").json()["rematch"] == rematch["id"]
    again = client.post(f"/api/tables/{table['id']}/rematch/", format="json").json()
    assert again["id"] == rematch["id"] and Table.objects.count() == 2


def test_the_other_player_is_invited_and_the_rematch_starts_when_they_join(make_user, client_for):
    table_id, (a, b) = finished_pair(make_user, client_for)
    offered = a.post(f"/api/tables/{table_id}/rematch/", format="json").json()
    assert offered["status"] == "open"
    assert [s["kind"] for s in offered["seats"]] == ["human", "invite"]
    assert b.get(f"/api/tables/{table_id}/").json()["rematch"] == offered["id"]
    assert b.post(f"/api/tables/{table_id}/rematch/", format="json").json()["id"] == offered["id"]
    joined = b.post(f"/api/tables/{offered['id']}/join/", {}, format="json").json()
    assert joined["status"] == "running" and joined["my_seat"] == 1


def test_two_players_asking_at_once_make_one_rematch(make_user, client_for):
    table_id, clients = finished_pair(make_user, client_for)
    answers = at_once(lambda i: clients[i].post(f"/api/tables/{table_id}/rematch/", format="json").json()["id"], 2)
    assert answers[0] == answers[1] and Table.objects.filter(rematch_of_id=table_id).count() == 1


def test_a_rematch_is_refused_before_the_end_and_to_those_who_did_not_play(make_user, client_for):
    client = client_for(make_user())
    table = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    client.post(f"/api/tables/{table['id']}/start/", format="json")
    early = client.post(f"/api/tables/{table['id']}/rematch/", format="json")
    assert early.status_code == 409 and early.json()["code"] == "not_finished"
    Table.objects.filter(pk=table["id"]).update(status=Table.Status.FINISHED, outcome={"scores": [1, 2], "winners": [1]})
    stranger = client_for(make_user()).post(f"/api/tables/{table['id']}/rematch/", format="json")
    assert stranger.status_code == 403 and stranger.json()["code"] == "forbidden"
    assert not Table.objects.filter(rematch_of_id=table["id"]).exists()


def test_live_games_to_watch_are_the_running_live_tables(make_user, client_for):
    client = client_for(make_user())
    live = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}])
    client.post(f"/api/tables/{live['id']}/start/", format="json")
    slow = new_table(client, seats=[{"kind": "me"}, {"kind": "ai", "strength": "random"}],
                     time_control={"kind": "correspondence", "days": 3})
    client.post(f"/api/tables/{slow['id']}/start/", format="json")
    new_table(client)  # still open
    anonymous = APIClient()
    listed = anonymous.get("/api/tables/?list=live").json()
    assert [table["id"] for table in listed] == [live["id"]]
    watched = anonymous.get(f"/api/tables/{live['id']}/view/").json()
    assert watched["seat"] is None and watched["view"] is not None


def test_a_rematch_cannot_be_started_before_its_invited_players_join(make_user, client_for):
    table_id, (a, b) = finished_pair(make_user, client_for)
    offered = a.post(f"/api/tables/{table_id}/rematch/", format="json").json()
    refused = a.post(f"/api/tables/{offered['id']}/start/", format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "invites_pending"
    assert refused.json()["detail"] == "Some invited players have not joined yet."
    waiting = a.get(f"/api/tables/{offered['id']}/").json()
    assert waiting["status"] == "open" and waiting["head_seq"] == 0 and waiting["seed_hash"] is None
    assert b.post(f"/api/tables/{offered['id']}/join/", {}, format="json").json()["status"] == "running"
