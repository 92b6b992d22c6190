"""The home page's games (picture, a line, players, length, "Play against bots now", "Learn"),
the account page's links to the API reference and the bot accounts' guide, and the guide."""
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders

from engines import registry
from frontend import learn

pytestmark = pytest.mark.django_db

FACTS = {  # players and length as the cards show them in English
    "dschunke": ("3–4 players", "about 60 min"),
    "dschunke_tiles": ("2 players", "about 30 min"),
    "dunhuang": ("2–4 players", "about 30 min"),
    "dragon_market": ("2–4 players", "about 30 min"),
    "dragon_boats": ("2–4 players", "about 45 min"),
}


def signed_in(client, name: str = "nia"):
    client.force_login(get_user_model().objects.create_user(name, f"{name}@example.com", "pw-unused-4821"))
    return client


def game_card(html: str, game: str) -> str:
    match = re.search(rf'<li class="card game-card" id="game-{game}".*?</li>', html, re.S)
    assert match, game
    return match.group(0)


def in_language(client, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize("game", registry.names())
def test_each_game_has_a_card_with_picture_line_players_length_and_links(client, game):
    card = game_card(signed_in(client).get("/").content.decode(), game)
    assert registry.title(game) in card
    players, length = FACTS[game]
    assert players in card and length in card
    assert f'data-play="{game}"' in card and "Play against bots now" in card
    where = "learn" if game in learn.games() else "rules"  # the how-to-play page where there is one
    assert f'href="/games/{game}/{where}/"' in card and ">Learn<" in card
    cover = re.search(r'<img src="/static/(frontend/covers/[a-z_]+\.svg)"', card).group(1)
    assert finders.find(cover), cover
    assert re.search(r"<p>[^<]{40,}</p>", card)  # the line that describes the game


def test_the_pictures_are_drawn_here_and_load_nothing_from_elsewhere():
    for game in registry.names():
        svg = Path(finders.find(f"frontend/covers/{game}.svg")).read_text()
        assert svg.startswith("<svg") and "viewBox" in svg
        assert re.findall(r"https?://[^\"']+", svg) == ["http://www.w3.org/2000/svg"], game


def test_a_visitor_is_sent_to_sign_up_by_play_and_to_how_to_play_by_learn(client):
    card = game_card(client.get("/").content.decode(), "dunhuang")
    assert 'href="/accounts/signup/?next=/%3Fplay%3Ddunhuang" data-testid="play-dunhuang"' in card
    assert 'href="/games/dunhuang/learn/"' in card
    assert "data-play=" not in card


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ["Jouer tout de suite contre des bots", "Apprendre", "3 à 4 joueurs", "2 joueurs", "environ 60 min",
            "Les Marchands de Dunhuang", "Posez des tuiles de cargaison"]),
    ("de", ["Jetzt gegen Bots spielen", "Lernen", "3–4 Spieler", "2 Spieler", "etwa 45 Min.",
            "Die Händler von Dunhuang", "Würfeln Sie"]),
])
def test_the_game_cards_speak_french_and_german(client, language, words):
    html = in_language(signed_in(client), language).get("/").content.decode()
    for word in words:
        assert word in html, word
    assert "Play against bots now" not in html and "about 60 min" not in html


def test_the_account_page_links_the_api_reference_and_the_bot_guide(client):
    html = signed_in(client).get("/accounts/profile/").content.decode()
    assert 'href="/api/docs/" data-testid="api-docs-link"' in html
    assert 'href="/bots/" data-testid="bot-guide-link"' in html
    assert "README" not in html
    assert 'data-copy="token-value"' in html and 'data-copy="bot-token"' in html
    assert client.get("/api/docs/").status_code == 200


@pytest.mark.parametrize(("language", "heading"), [
    ("en", "Bot accounts: play with your own program"),
    ("fr", "Comptes bots\u00a0: jouez avec votre propre programme"),
    ("de", "Bot-Konten: mit Ihrem eigenen Programm spielen"),
])
def test_the_bot_guide_speaks_to_the_player_in_each_language(client, language, heading):
    html = in_language(client, language).get("/bots/").content.decode()
    assert heading in html
    assert 'href="/api/docs/"' in html and 'href="/accounts/profile/"' in html and 'href="/bots/sampan_bot.py"' in html
    assert "--server http://testserver --token KEY" in html  # the command names this site
    for maintainers_word in ("README", "examples/", "bot_client", ".venv"):
        assert maintainers_word not in html


def test_the_example_bot_downloads_as_a_python_file(client):
    response = client.get("/bots/sampan_bot.py")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="sampan_bot.py"'
    body = b"".join(response.streaming_content).decode()
    assert body.startswith('"""A small bot that plays Sampan') and "def choose(" in body
