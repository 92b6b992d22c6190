"""Where the guided games are offered: a button on each game of the home page (which says so when
the player's guided game is under way) and on each how-to-play page; and, on a person's first
table of a game, the table page's offer of its guided game and how-to-play page, until dismissed."""
import json
import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tables import guides
from tables.models import Table

pytestmark = pytest.mark.django_db


def json_script(html: str, element_id: str):
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(match.group(1))


@pytest.fixture
def player(client):
    user = get_user_model().objects.create_user("lan", password="x-unused-9")
    client.force_login(user)
    api = APIClient()
    api.force_login(user)
    return user, api


def test_every_game_on_the_home_page_offers_its_guided_game(client, player):
    user, api = player
    html = client.get("/").content.decode()
    for game in guides.guides():
        assert f'data-guided="{game}"' in html
    assert "Resume the guided game" not in html
    api.post("/api/games/dunhuang/learn/", format="json")
    html = client.get("/").content.decode()
    buttons = dict(re.findall(r'data-guided="(\w+)".*?>(.*?)</button>', html, re.S))
    assert buttons["dunhuang"] == "Resume the guided game" and buttons["dschunke"] == "Guided game"


def test_a_visitor_is_sent_to_sign_up_for_a_guided_game(client):
    html = client.get("/").content.decode()
    assert 'data-testid="guided-dunhuang"' in html and "data-guided=" not in html
    learn = client.get("/games/dunhuang/learn/").content.decode()
    assert 'data-testid="guided-dunhuang"' in learn and 'href="/accounts/signup/"' in learn


def test_each_how_to_play_page_offers_its_guided_game(client, player):
    for game in guides.guides():
        html = client.get(f"/games/{game}/learn/").content.decode()
        assert f'data-guided="{game}"' in html, game


def offer(client, table_id: int):
    return json_script(client.get(f"/tables/{table_id}/").content.decode(), "page-data")["newcomer"]


def test_a_first_table_of_a_game_offers_its_guided_game_until_dismissed(client, player):
    user, api = player
    first = api.post("/api/games/dunhuang/play/", format="json").json()["id"]
    offered = offer(client, first)
    assert offered == {"game": "dunhuang", "title": "Merchants of Dunhuang", "learn": "/games/dunhuang/learn/"}
    # Another game's first table is a first table too; a second table of the game is not.
    assert offer(client, api.post("/api/games/dschunke/play/", format="json").json()["id"])["game"] == "dschunke"
    second = api.post("/api/games/dunhuang/play/", format="json").json()["id"]
    assert offer(client, second) is None  # the first one is running
    # Dismissed, it is not offered again at that game.
    assert api.patch("/api/me/", {"newcomer_dismissed": ["dunhuang"]}, format="json").json()["newcomer_dismissed"] == [
        "dunhuang"]
    assert offer(client, first) is None
    assert api.patch("/api/me/", {"newcomer_dismissed": ["chess"]}, format="json").status_code == 400


def test_an_ended_table_offers_no_guided_game(client, player):
    """Nothing is left to learn at a game that is over: its page ends with the scores."""
    user, api = player
    first = api.post("/api/games/dunhuang/play/", format="json").json()["id"]
    assert offer(client, first)["game"] == "dunhuang"
    Table.objects.filter(pk=first).update(status=Table.Status.FINISHED)  # as its last move leaves it
    assert offer(client, first) is None


def test_the_guided_table_and_a_spectator_get_no_offer(client, player):
    user, api = player
    guided = api.post("/api/games/dragon_market/learn/", format="json").json()["id"]
    assert offer(client, guided) is None
    other = get_user_model().objects.create_user("mo", password="x-unused-9")
    api.force_login(other)
    watched = api.post("/api/games/dunhuang/play/", format="json").json()["id"]
    assert offer(client, watched) is None  # lan only watches it
    client.logout()
    assert offer(client, watched) is None
