"""The home page's "Play against bots now": one request makes a table of the player and bots,
at the game's default options, unrated, and starts it."""
import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from engines import registry
from engines.core import resolve_options
from tables.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("game", "players"), [("dschunke", 3), ("dschunke_tiles", 2), ("dragon_boats", 3)])
def test_one_request_starts_a_table_of_me_and_casual_bots(make_user, client_for, game, players):
    user = make_user()
    response = client_for(user).post(f"/api/games/{game}/play/", format="json")
    assert response.status_code == 201, response.json()
    table = response.json()
    assert (table["game"], table["status"], table["players"], table["my_seat"]) == (game, "running", players, 0)
    assert table["rated"] is False
    assert table["options"] == resolve_options(registry.get(game), {})
    assert [(s["kind"], s["username"]) for s in table["seats"]][0] == ("human", user.username)
    assert [(s["kind"], s["strength"]) for s in table["seats"][1:]] == [("ai", "greedy")] * (players - 1)
    assert table["time_control"]["kind"] == "live"


def test_an_unknown_game_or_a_visitor_is_refused_and_nothing_is_made(make_user, client_for):
    unknown = client_for(make_user()).post("/api/games/chess/play/", format="json")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"
    visitor = APIClient().post("/api/games/dschunke/play/", format="json")
    assert visitor.status_code == 403
    assert client_for(make_user()).get("/api/games/dschunke/play/").status_code == 405
    assert not Table.objects.exists()


@override_settings(MAX_RUNNING_TABLES=1)
def test_the_running_tables_quota_refuses_with_a_reason_and_makes_nothing(make_user, client_for):
    client = client_for(make_user())
    assert client.post("/api/games/tiny/play/", format="json").status_code == 201
    refused = client.post("/api/games/tiny/play/", format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_running_tables"
    assert "at most 1" in refused.json()["detail"]
    assert Table.objects.count() == 1
