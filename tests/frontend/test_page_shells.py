"""The page shells carry what their scripts need: renderers, glossaries, AI strengths."""
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders

from engines.bots import STRENGTHS

pytestmark = pytest.mark.django_db


def json_script(html: str, element_id: str):
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(match.group(1))


def test_the_table_page_names_a_renderer_and_a_glossary_per_game(client, table_id):
    page = json_script(client.get(f"/tables/{table_id}/").content.decode(), "page-data")
    assert page["table_id"] == table_id
    assert page["username"] is None
    assert page["renderers"]["dschunke"].endswith("frontend/games/dschunke.js")
    assert page["renderers"]["dunhuang"].endswith("frontend/games/dunhuang.js")
    specials = page["glossaries"]["dschunke"]["specials"]
    assert len(specials) == 30 and specials[0]["title"] == "Extra supply"
    assert page["glossaries"]["dunhuang"]["goods"]["1"] == "gold"


def test_a_visitor_not_logged_in_is_led_to_log_in_to_chat_and_offered_no_turn_alerts(client, table_id):
    html = client.get(f"/tables/{table_id}/").content.decode()
    assert f'href="/accounts/login/?next=/tables/{table_id}/"' in html
    assert re.search(r'<label class="pace" hidden><input type="checkbox" id="sound"', html)
    client.force_login(get_user_model().objects.create_user("reader"))
    html = client.get(f"/tables/{table_id}/").content.decode()
    assert 'data-testid="chat-log-in"' not in html
    assert re.search(r'<label class="pace"><input type="checkbox" id="sound"', html)


def test_a_table_id_must_be_a_number(client):
    assert client.get("/tables/abc/").status_code == 404


@pytest.mark.parametrize("address, words", [
    ("/tables/9999/", "Diesen Tisch gibt es nicht."),
    ("/players/nobody-here/", "Unter dieser Adresse gibt es keine Seite."),
    ("/games/no_such_game/learn/", "Unter dieser Adresse gibt es keine Seite."),
])
def test_a_missing_page_says_so_in_the_readers_language_inside_the_site(client, address, words):
    answer = client.get(address, HTTP_ACCEPT_LANGUAGE="de")
    page = answer.content.decode()
    assert answer.status_code == 404
    assert 'data-testid="not-found"' in page and words in page and 'id="site-menu"' in page


def test_the_create_form_offers_every_ai_strength(client):
    user = get_user_model().objects.create_user("kai", password="x-unused-9")
    client.force_login(user)
    html = client.get("/tables/new/").content.decode()
    offered = json_script(html, "ai-strengths")
    assert [bot["name"] for bot in offered] == list(STRENGTHS)
    assert [bot["label"] for bot in offered] == ["Beginner", "Casual", "Strong", "Expert"]  # names a player understands
    assert all(bot["how"] for bot in offered)  # the algorithm, for the tooltip
    assert [bot["name"] for bot in offered if bot["default"]] == ["greedy"]  # a new AI seat's strength


def test_static_files_of_the_pages_are_found(client):
    for path in ("frontend/css/site.css", "frontend/js/client.js", "frontend/js/table.js",
                 "frontend/games/dschunke.js", "frontend/games/dunhuang.js", "frontend/games/generic.js"):
        assert finders.find(path), path
