"""Balance pages: each game's measures from the lab, in every language and in players' words,
linked from its how-to-play page; and the lab's data itself, checked on a short run."""
import datetime
import html
import re

import pytest
from django.conf import settings
from django.utils import translation

from engines import balance as lab
from engines import registry
from frontend import balance
from frontend.templatetags.dates import long_date
from tests.frontend.test_learn_pages import MAINTAINER_WORDS, article

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
GAMES = list(lab.SITE_RUNS)
# Words of the lab's report or its data that a player's page never shows.
LAB_WORDS = (*MAINTAINER_WORDS, "greedy", "Wilson", "quartile", "lab", "bonus card ", "balance --site")
THOUSANDS = {"en": ",", "fr": "\xa0", "de": "."}  # "1,000 games", "1 000 parties", "1.000 Partien"


def page(client, game: str, language: str, status: int = 200) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/games/{game}/balance/")
    assert response.status_code == status, (game, language)
    return response.content.decode()


def words(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def test_every_game_has_the_data_the_site_command_makes():
    assert balance.games() == registry.names()
    for game, (lineup, games) in lab.SITE_RUNS.items():
        data = balance.measures(game)
        assert (data["lineup"], data["games"], data["players"]) == (lineup, games, len(lineup)), game


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_page_shows_the_seats_and_specials_in_the_readers_language(client, game, language):
    shown = page(client, game, language)
    assert f'lang="{language}"' in shown
    text = words(article(shown))
    data = balance.measures(game)
    assert f"{data['games']:,} ".replace(",", THOUSANDS[language]) in text
    assert len(re.findall(r'data-testid="balance-seat"', shown)) == data["players"]
    for seat in data["seats"]:  # "27%", or "27 %" in French and German
        low, rate, high = (round(100 * seat["win"][key]) for key in ("low", "rate", "high"))
        assert re.search(rf"\b{rate}\s?%.*\({low}–{high}\s?%\)", text), (game, language, seat)
    assert len(re.findall(r'data-testid="balance-special"', shown)) == len(data["specials"])
    for item in data["specials"]:
        name, _text = balance.special_name(game, item["name"], language)
        assert name[:1].upper() + name[1:] in text, (game, language, name)


@pytest.mark.parametrize("game", [game for game in GAMES if balance.measures(game)["specials"]])
def test_special_names_are_translated(client, game):
    names = {language: {balance.special_name(game, item["name"], language)[0] for item in balance.measures(game)["specials"]}
             for language in LANGUAGES}
    assert names["fr"] != names["en"] and names["de"] != names["en"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_page_speaks_to_players_only(client, game, language):
    text = words(article(page(client, game, language)))
    for word in LAB_WORDS:
        assert word not in text, (game, language, word)


@pytest.mark.parametrize("game", GAMES)
def test_the_how_to_play_page_and_the_leaderboard_link_to_it(client, game):
    for address in (f"/games/{game}/learn/", f"/games/{game}/leaderboard/"):
        assert f'href="/games/{game}/balance/"' in client.get(address).content.decode(), address
    assert f'href="/games/{game}/learn/"' in page(client, game, "en")


def test_a_game_not_measured_yet_says_so_with_a_404(client, monkeypatch, tmp_path):
    monkeypatch.setattr(balance, "DATA_DIR", tmp_path)
    balance.measures.cache_clear()
    try:
        for language, words_shown in (("en", "not been measured yet"), ("fr", "pas encore"), ("de", "noch nicht")):
            assert words_shown in page(client, "dunhuang", language, status=404)
        assert 'href="/games/dunhuang/balance/"' not in client.get("/games/dunhuang/learn/").content.decode()
    finally:
        balance.measures.cache_clear()
    page(client, "nothing", "en", status=404)


def test_the_labs_data_of_a_short_run(tmp_path):
    """A few games of Dunhuang between random bots: the shares sum right and each interval holds its rate."""
    lineup, games = ["random"] * 3, 12
    data = lab.site_data(lab.collect("dunhuang", lineup, games, seed=5, jobs=1, budget_s=0.1))
    assert (data["lineup"], data["games"], data["players"], data["even_share"]) == (lineup, games, 3, 0.3333)
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(games)
    assert sum(seat["win"]["rate"] for seat in data["seats"]) == pytest.approx(1, abs=0.001)
    for share in [seat["win"] for seat in data["seats"]] + [item["win"] for item in data["specials"]]:
        assert 0 <= share["low"] <= share["rate"] <= share["high"] <= 1
    for spread in [seat["score"] for seat in data["seats"]] + [data["length"]["actions"]]:
        assert spread["min"] <= spread["q1"] <= spread["median"] <= spread["q3"] <= spread["max"]
    assert data["length"]["actions"]["min"] > 0 and data["length"]["rounds"] is None  # Dunhuang counts no rounds
    assert data["specials"]
    for item in data["specials"]:
        assert 1 <= item["games"] <= item["seat_games"] <= games * 3 and item["times_used"] >= item["seat_games"]
        assert item["pick_rate"] == round(item["games"] / games, 4)
    rates = [item["win"]["rate"] for item in data["specials"]]
    assert rates == sorted(rates, reverse=True)


def test_the_lab_numbers_seats_in_turn_order():
    """Who plays first is drawn; the lab counts seats from the first player, for every game."""
    for game in GAMES:
        lineup = ["random"] * registry.get(game).min_players
        result = next(iter(lab.play_games(game, lineup, 1, seed=3)))
        assert result["first_player"] in range(len(lineup)), game


def test_a_count_is_shown_whole_rounded_half_up():
    """A quartile between two games (261.5 moves) is shown as players count; scores may be negative."""
    assert [balance._number(value) for value in (261.5, 2.4, 3.0, -2.3, -2.5, -2.7)] == [262, 2, 3, -2, -2, -3]


@pytest.mark.parametrize(("language", "first", "second"), [
    ("fr", "1er décembre 2026", "2 décembre 2026"),
    ("en", "Dec. 1, 2026", "Dec. 2, 2026"),
    ("de", "1. Dezember 2026", "2. Dezember 2026"),
])
def test_a_day_is_written_as_the_readers_language_writes_it(language, first, second):
    """French writes the first of a month as an ordinal: "jouées le 1 décembre" read wrong."""
    with translation.override(language):
        assert long_date(datetime.date(2026, 12, 1)) == first
        assert long_date(datetime.date(2026, 12, 2)) == second


def seats_measured(*ranges: tuple[float, float, float]) -> dict:
    """The lab's data of seats whose wins are (rate, low, high), in turn order."""
    return {"even_share": 1 / len(ranges), "seats": [{"order": order, "win": {"rate": rate, "low": low, "high": high}}
                                                     for order, (rate, low, high) in enumerate(ranges, 1)]}


def test_the_page_says_in_words_whether_turn_order_matters():
    """The chart alone left a newcomer to read a 50% against an even 33%: the page says which seat
    stands farthest from the even share, or that none is clearly off it."""
    ahead = seats_measured((0.25, 0.21, 0.30), (0.25, 0.21, 0.29), (0.50, 0.45, 0.55))
    assert balance.seat_verdict(ahead).startswith(
        "Turn order matters: player 3 won 50% of these games, where an even game gives 33%. Who starts is drawn")
    behind = seats_measured((0.55, 0.48, 0.58), (0.45, 0.40, 0.49))
    assert balance.seat_verdict(behind).startswith("Turn order matters: player 2 won only 45% of these games")
    even = seats_measured((0.52, 0.45, 0.59), (0.48, 0.41, 0.55))
    assert balance.seat_verdict(even).startswith("No seat has a clear edge here")
    with translation.override("fr"):
        assert balance.seat_verdict(ahead).startswith("L’ordre du tour compte\u00a0: le joueur 3 a gagné 50\u00a0%")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_page_says_whether_turn_order_matters(client, language):
    for game in GAMES:
        with translation.override(language):
            verdict = balance.seat_verdict(balance.measures(game))
        assert html.escape(verdict, quote=False) in page(client, game, language).replace("&#x27;", "'"), (game, language)
