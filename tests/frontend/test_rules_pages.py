"""Every game has a rulings page, in each language, written for players: how the site settles what
the printed rules leave open, with no word of sources, files, code or the engine."""
import re

import pytest
from django.conf import settings

from engines import registry
from tests.frontend.test_learn_pages import LANGUAGES, MAINTAINER_WORDS, article

pytestmark = pytest.mark.django_db

HEADINGS = {"en": "rulings", "fr": "précisions de règles", "de": "Regelentscheidungen"}
# Beyond the how-to-play pages' maintainer words: source keys, code names, seats counted from 0, issues.
CODE_WORDS = re.compile(r"`|[{}]|\b[a-z]+_[a-z_]+\b|\bS-[A-Z]{3,}|\bSEED\b|\b[Ss]eat 0\b|\bissue|\bFAQ\b")


def rulings(client, game: str, language: str) -> str:
    """What a player reads on the rulings page: its article."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/games/{game}/rules/")
    assert response.status_code == 200, (game, language)
    return article(response.content.decode())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_rulings_in_each_language_in_players_words(client, game, language):
    text = rulings(client, game, language)
    heading = re.search(r"<h1>(.*?)</h1>", text, re.S).group(1)
    assert HEADINGS[language] in heading, (game, language, heading)
    assert "<h2>" in text and ("<ul>" in text or "<table>" in text)  # rendered from Markdown, not shown as source
    words = re.sub(r"<[^>]+>", " ", text)
    assert not [word for word in MAINTAINER_WORDS if word in words], (game, language)
    assert not CODE_WORDS.search(words), (game, language, CODE_WORDS.search(words))
    if language == "fr":  # French typography: a space before the high signs, the curly apostrophe
        assert "'" not in words and not re.search(r"\w[:;!?](\s|$)", words), (game, re.search(r".{20}\w[:;!?]\s", words))


@pytest.mark.parametrize("name", ["nothing", "tiny", "dschunke_x"])
def test_an_unknown_game_has_no_rules_page(client, name):
    assert client.get(f"/games/{name}/rules/").status_code == 404


def test_the_table_and_create_pages_link_to_where_each_game_is_learnt(client, django_user_model, table_id):
    assert b'id="rules-link"' in client.get(f"/tables/{table_id}/").content
    client.force_login(django_user_model.objects.create_user("reader", "reader@example.com", "pw-reader-4821"))
    page = client.get("/tables/new/").content.decode()
    assert 'id="game-rules"' in page
    learn = re.search(r'<script id="learn-urls" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert all(f'"{game}": "/games/{game}/learn/"' in learn for game in registry.names())
