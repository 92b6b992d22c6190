"""How-to-play pages: one per game that has one, in every language, in players' words only, with
every section, pictures made by the engine, and a worked example whose sums are the engine's."""
import html
import json
import re

import pytest
from django.conf import settings

from engines import core, registry
from engines.dragon_boats import data as boats_data
from engines.dragon_market import data as market_data
from engines.dschunke import data as dschunke_data
from engines.dschunke_tiles import data as tiles_data
from engines.dschunke_tiles import scoring as tiles_scoring
from engines.dunhuang import data as dunhuang_data
from frontend import learn

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
GUIDES = ["dschunke", "dunhuang", "dragon_boats", "dschunke_tiles", "dragon_market"]  # in the order the site lists the games
UNGUIDED = [game for game in registry.names() if game not in GUIDES]
MAINTAINER_WORDS = ("FOUND", "PROPOSAL", ".py", '{"', "engine", "Engine", "JSON", "RULES.md", "seed", "research")


def page(client, game: str, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/games/{game}/learn/")
    assert response.status_code == 200, (game, language)
    return response.content.decode()


def article(html: str) -> str:
    """What a player reads: the page's article, without the pictures' data."""
    return re.search(r"<article.*?</article>", html, re.S).group(0)


def section(html: str, name: str) -> str:
    """The text under the heading `name` up to the next heading of its level."""
    return re.search(rf'<h2 id="{name}">.*?(?=<h2 |</article>)', html, re.S).group(0)


def test_the_games_with_a_guide():
    assert learn.games() == GUIDES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GUIDES)
def test_each_guide_answers_in_each_language_with_every_section(client, game, language):
    html = page(client, game, language)
    text = article(html)
    for name in (*learn.SECTIONS, "options", "rulings"):
        assert f'<h2 id="{name}">' in text, (game, language, name)
    assert f'href="/games/{game}/rules/"' in section(text, "rulings")
    assert f'lang="{language}"' in html
    marks = set(re.findall(r'data-figure="([a-z0-9-]+)"', text))
    assert marks and marks <= set(learn.FIGURES[game]), (game, language)
    assert "[[" not in text  # every picture mark became a picture


@pytest.mark.parametrize("language", LANGUAGES)
def test_dunhuangs_scores_are_items_of_the_end_by_the_goods_running_out(client, language):
    """A list inside a list item is indented four spaces in the guides' Markdown: with two it
    is drawn flat, and the scores read as further ways for the game to end."""
    ways = re.search(r"<ul>(.*)</ul>", section(article(page(client, "dunhuang", language)), "end"), re.S)
    top_level = re.sub(r"<ul>.*?</ul>", "", ways.group(1), flags=re.S)
    assert top_level.count("<li>") == 2, (language, top_level)
    assert ways.group(1).count("<li>") == 5


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GUIDES)
def test_a_guide_speaks_to_players_only(client, game, language):
    text = re.sub(r"<[^>]+>", " ", article(page(client, game, language)))  # the words, not the markup
    for word in MAINTAINER_WORDS:
        assert word not in text, (game, language, word)


@pytest.mark.parametrize("game", GUIDES)
def test_french_pages_never_break_a_line_before_a_colon_or_inside_guillemets(client, game):
    """French sets a space before : ; ? ! and inside « »: a no-break one, or a screen's line may
    begin with the colon (« les mêmes étapes⏎: »)."""
    rulings = client.get(f"/games/{game}/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for html_page in (article(page(client, game, "fr")), re.search(r"<article.*?</article>", rulings, re.S).group(0)):
        text = html.unescape(re.sub(r"<[^>]+>", "", html_page))
        assert not re.findall(r".{0,20}(?:\s[:;?!»]|«\s)(?<!\xa0[:;?!»])(?<!«\xa0).{0,10}", text.replace("\n", " ")), game


@pytest.mark.parametrize("game", GUIDES)
def test_every_language_shows_the_same_pictures(client, game):
    shown = {language: sorted(re.findall(r'data-figure="([a-z0-9-]+)"', article(page(client, game, language))))
             for language in LANGUAGES}
    assert all(figures == shown["en"] for figures in shown.values()), shown


@pytest.mark.parametrize("game", GUIDES)
def test_each_guide_shows_every_option_of_the_create_form(client, game):
    options = html.unescape(section(article(page(client, game, "en")), "options"))
    for spec in registry.get(game).options()["properties"].values():
        assert spec["title"] in options and spec["description"] in options


@pytest.mark.parametrize("game", GUIDES)
def test_the_pictures_are_the_engines_positions(client, game):
    """Each board picture is a sync frame of a position the engine played, with no secret in it."""
    engine = registry.get(game)
    data = json.loads(re.search(r'<script id="learn-data" type="application/json">(.*?)</script>',
                                page(client, game, "en"), re.S).group(1))
    assert data["renderer"].endswith(f"/frontend/games/{game}.js")
    for name, figure in learn.FIGURES[game].items():
        if isinstance(figure, learn.Position):
            state, _seq = learn.played(game, figure)
            board = data["figures"][name]["board"]
            assert board["view"] == json.loads(json.dumps(engine.view(state, board["seat"])))
            assert not board["legal_actions"] or board["legal_actions"] == engine.legal_actions(state, board["seat"])
        else:
            assert data["figures"][name] == {"piece": figure.piece}


@pytest.mark.parametrize("game", ["nothing", *UNGUIDED[:1]])
def test_a_game_without_a_guide_has_no_learn_page(client, game):
    assert client.get(f"/games/{game}/learn/").status_code == 404


def test_the_rulings_page_is_named_so_and_links_back_to_the_guide(client):
    for language, word in (("en", "Rulings"), ("fr", "Précisions de règles"), ("de", "Regelentscheidungen")):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        html = client.get("/games/dunhuang/rules/").content.decode()
        assert word in html and 'href="/games/dunhuang/learn/"' in html, language
    for game in UNGUIDED[:1]:  # while a game has no guide, its rulings page links to none
        assert 'data-testid="guide-link"' not in client.get(f"/games/{game}/rules/").content.decode()


def test_the_table_page_links_each_game_to_where_it_is_learnt(client, table_id):
    data = json.loads(re.search(r'<script id="page-data" type="application/json">(.*?)</script>',
                                client.get(f"/tables/{table_id}/").content.decode(), re.S).group(1))
    assert data["rules"]["dunhuang"] == "/games/dunhuang/learn/"
    for game in UNGUIDED[:1]:  # a game without a guide is learnt from its rulings
        assert data["rules"][game] == f"/games/{game}/rules/"


# ----------------------------------------------------------------------------- the worked examples

SUM = re.compile(r"(-?\d+) = (\d+(?: [+−-] \d+)*)")


def sums(text: str) -> list[tuple[int, list[int]]]:
    """The sums the example states ("8 = 3 + 6 − 1"): each total with its signed terms."""
    found = []
    for total, terms in SUM.findall(text):
        signed = re.findall(r"([+−-]?) ?(\d+)", terms)
        found.append((int(total), [-int(number) if sign in "−-" and sign else int(number) for sign, number in signed]))
    return found


def tiles_terms(state, view) -> list[tuple[int, list[int]]]:
    """L-C7, L-C9: per colour, its groups' points and one point off per visible rat (Legespiel)."""
    rows = []
    for player in view["players"]:
        groups = [group["points"] for group in view["groups"] if group["colour"] == player["colour"]]
        rows.append((player["score"], sorted(groups) + [-1] * player["rats"]))
    return rows


def dunhuang_terms(state, view) -> list[tuple[int, list[int]]]:
    """The deck-out scoring of Merchants of Dunhuang: 2 per token, prestige, then the hand cards kept."""
    outcome = registry.get("dunhuang").outcome(state)
    assert outcome["reason"] == "deck_out"
    return [(row["total"], [row["token_points"], row["prestige_points"], *row["scored_cards"]])
            for row in outcome["breakdown"]]


def dschunke_terms(state, view) -> list[tuple[int, list[int]]]:
    """Dschunke's final scoring: money, the end-of-game cards that pay, the end bonus (those not zero)."""
    outcome = registry.get("dschunke").outcome(state)
    return [(score, [part for part in (row["money"], row["specials_bonus"], row["end_bonus"]) if part])
            for score, row in zip(outcome["scores"], outcome["breakdown"])]


def boats_terms(state, view) -> list[tuple[int, list[int]]]:
    """B-E2..B-E9: farm sets, farmer groups, card points, offerings, treasures, card and wisdom
    bonuses, each term the example names (a term worth nothing is left out)."""
    rows = []
    for row in registry.get("dragon_boats").outcome(state)["breakdown"]:
        terms = [*row["sets"].values(), row["group_points"], row["card_points"],
                 row["offering_points"], row["treasure_points"], *row["card_bonus"].values(),
                 *row["wisdom_points"].values()]
        rows.append((row["total"], [term for term in terms if term]))
    return rows


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "terms"), [("dschunke_tiles", tiles_terms), ("dunhuang", dunhuang_terms),
                                             ("dschunke", dschunke_terms), ("dragon_boats", boats_terms)])
def test_the_worked_example_adds_up_to_the_engines_scores(client, game, terms, language):
    example = section(article(page(client, game, language)), "example")
    assert 'data-figure="example"' in example
    stated = sums(re.sub(r"<[^>]+>", "", example))
    assert stated, (game, language)
    for total, parts in stated:
        assert total == sum(parts), (game, language, total, parts)  # the sums add up
    engine = registry.get(game)
    state, _seq = learn.played(game, learn.FIGURES[game]["example"])
    expected = terms(state, engine.view(state, None))
    assert [(total, sorted(parts)) for total, parts in stated] == [(total, sorted(parts)) for total, parts in expected]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_legespiels_table_of_group_points_is_the_engines(client, language):
    """L-C7, L-C8: the page's table of points per group size, as the engine scores groups."""
    rows = re.findall(r"<tr>\s*<td[^>]*>(\d+)</td>\s*<td[^>]*>(\d+)</td>\s*</tr>",
                      section(article(page(client, "dschunke_tiles", language)), "end"))
    assert [int(size) for size, _points in rows] == list(range(2, 12))
    assert all(int(points) == tiles_scoring.points(int(size)) for size, points in rows)


def test_every_character_and_symbol_is_shown_with_its_effect(client):
    """Each of the sixteen faces of Merchants of Dunhuang, each symbol of the Legespiel, each kind of
    special card of Dschunke, each bonus card of Dragon Boats (B-C7) and each red card's power of
    Dragon Market (M-B1..M-B13) has its picture under the
    special components, in every language."""
    wanted = {
        "dschunke": {f"special-{kind.replace('_', '-')}" for kind, _timing, _junk in dschunke_data.SPECIALS},
        "dunhuang": {f"face-{face}" for face in dunhuang_data.FACES},
        "dschunke_tiles": {f"symbol-{colour}-{kind}" for colour in tiles_data.COLOURS for kind in tiles_data.KINDS}
        | {"symbol-emblem"},
        "dragon_boats": {f"card-{letter.lower()}" for letter in boats_data.LETTERS},
        "dragon_market": {f"card-{card.lower()}" for card in market_data.RED},
    }
    for game, figures in wanted.items():
        for language in LANGUAGES:
            specials = section(article(page(client, game, language)), "specials")
            items = re.findall(r"<li>(.*?)</li>", specials, re.S)
            shown = {name for item in items for name in re.findall(r'data-figure="([a-z0-9-]+)"', item)
                     if len(re.sub(r"<[^>]+>", "", item).strip()) > 20}  # a picture with words beside it
            assert shown == figures, (game, language, figures ^ shown)


def test_the_positions_the_guides_tell_are_the_engines():
    """What the prose says of its pictures holds for the positions the engine plays out."""
    tiles = {name: learn.snapshot("dschunke_tiles", figure) for name, figure in learn.FIGURES["dschunke_tiles"].items()
             if isinstance(figure, learn.Position)}
    assert [tile["name"] for tile in tiles["first-tile"]["view"]["waiting"]] == ["T27"]
    assert [action["dir"] for action in tiles["direction"]["legal_actions"] if action["type"] == "orient"] == ["N"]
    assert [(group["colour"], group["kind"], group["points"]) for group in tiles["two-tiles"]["view"]["groups"]] == [
        ("green", "fish", 3)]
    assert len(tiles["two-tiles"]["view"]["waiting"]) == 2
    assert [player["tiles_placed"] for player in tiles["example"]["view"]["players"]] == [4, 4]
    assert tiles["example"]["view"]["seat_to_move"] == 0

    market = learn.snapshot("dunhuang", learn.FIGURES["dunhuang"]["market"])["view"]
    assert market["circle"][market["camel"]]["face"] == "musician" and market["last_player"] == 2
    assert market["to_act"] == [0]
    after = learn.snapshot("dunhuang", learn.FIGURES["dunhuang"]["after-turn"])["view"]
    mei = after["players"][0]
    assert (mei["shop"], mei["tokens"], sorted(mei["hand"]), mei["coins"]) == ([7], [7], [6, 7], 6)
    assert after["circle"][after["camel"]] == {**after["circle"][after["camel"]], "face": "diplomat", "goods": 4}
    assert after["to_act"] == [1]
    ended = learn.snapshot("dunhuang", learn.FIGURES["dunhuang"]["example"])["view"]
    assert [sorted(player["hand"]) for player in ended["players"]] == [[7, 7, 8], [5, 7, 7, 8, 8]]
    assert [player["tokens"] for player in ended["players"]] == [[2, 3, 6, 8], [4, 5]]

    lin = learn.DSCHUNKE_SEAT
    start = learn.snapshot("dschunke", learn.FIGURES["dschunke"]["first-action"])
    assert (start["seat"], start["view"]["start_player"], start["to_act"]) == (lin, lin, [lin])
    assert [player["colour"] for player in start["view"]["players"]] == ["red", "blue", "green"]
    assert {(worker["name"], worker["junks"][0]) for worker in start["view"]["workers"] if worker["name"].endswith("merchant")} == {
        ("load_merchant", "purple"), ("goods_merchant", "brown"), ("money_merchant", "grey")}
    loading = learn.snapshot("dschunke", learn.FIGURES["dschunke"]["loading"])
    assert loading["view"]["step"]["remaining"] == 2 and loading["legal_actions"] == [{"type": "place", "junk": "purple", "slot": 2}]
    bartering = learn.snapshot("dschunke", learn.FIGURES["dschunke"]["bartering"])["view"]
    assert (bartering["round"], bartering["phase"]) == (1, "bartering")
    assert bartering["market"]["values"] == {"brown": 1, "white": "S", "orange": 2, "purple": 4}
    assert bartering["players"][lin]["hand"] == {"brown": 0, "white": 3, "orange": 4, "purple": 3}
    ended = learn.snapshot("dschunke", learn.FIGURES["dschunke"]["example"])["view"]
    visible = {junk["name"]: junk["visible"] for junk in ended["junks"]}
    assert (visible["brown"], visible["white"], visible["purple"]) == ([3, 0, 3], [5, 4, 0], [3, 5, 1])
    assert [[dschunke_data.SPECIALS[card][0] for card in player["specials"]] for player in ended["players"]] == [
        ["junk_master"], ["junk_master", "junk_master"], ["bargain"]]

    boats = {name: learn.snapshot("dragon_boats", figure)["view"] for name, figure in learn.FIGURES["dragon_boats"].items()
             if isinstance(figure, learn.Position)}
    bidding = boats["bidding"]
    assert (bidding["round"], bidding["step"], bidding["to_act"]) == (1, "bid", [1])
    assert [(player["start_card"], player["money"], sum(player["offerings"]), player["food"], player["treasure"],
             player["discs"]) for player in bidding["players"]] == [(5, 5, 3, 1, 1, 3)] * 2
    assert [stall["stack"] for stall in bidding["stalls"]] == [[], [-1], [], [-1], []]  # B-S neutral discs
    boarded = boats["boarded"]
    mei = boarded["players"][0]
    assert sorted(mei["private"]) == ["money", "offering"] and mei["money"] == 5
    assert dict(zip(boarded["kinds"], mei["offerings"])) == {**dict.fromkeys(boarded["kinds"], 0), "jade": 1}
    assert [boat["seats"] for boat in boarded["boats"]] == [[None, 0, 0], [None] * 3, [None, 0, None], [None] * 3]
    assert boarded["stalls"][0]["stack"] == [1] and boarded["stalls"][0]["price"] == 1 and boarded["to_act"] == [1]
    ended = boats["example"]
    assert ended["round"] == 6 and ended["outcome"]["winners"] == [1]
    assert ended["outcome"]["scores"] == [23, 26]
    assert [dict(zip(ended["farm_kinds"], player["farms"])) for player in ended["players"]] == [
        {"poultry": 1, "fish": 0, "pork": 0, "rice": 3, "soy": 0}, {"poultry": 1, "fish": 0, "pork": 0, "rice": 0, "soy": 0}]
    assert [sorted(player["wisdom"]) for player in ended["players"]] == [[1], [2, 4, 5]]
    assert [(player["money"], player["food"]) for player in ended["players"]] == [(19, 5), (14, 7)]
    assert [(player["hand"], player["used"]) for player in ended["players"]] == [([], []), ([], ["G"])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_dragon_markets_example_is_the_engines_outcome(client, language):
    """M-T27: the example's table of objectives completed and goods held, row by row, is the
    engine's outcome of the pictured game, which ended on objectives."""
    example = section(article(page(client, "dragon_market", language)), "example")
    assert 'data-figure="example"' in example
    rows = re.findall(r"<tr>\s*<td[^>]*>(\w+)</td>\s*<td[^>]*>(\d+)</td>\s*<td[^>]*>(\d+)</td>\s*</tr>", example)
    state, _seq = learn.played("dragon_market", learn.FIGURES["dragon_market"]["example"])
    outcome = registry.get("dragon_market").outcome(state)
    assert outcome["reason"] == "objective" and outcome["winners"] == [1]
    assert [(name, int(done), int(held)) for name, done, held in rows] == [
        (learn.PLAYER_NAMES[seat], outcome["scores"][seat], outcome["goods_held"][seat]) for seat in range(2)]


def test_the_dragon_market_positions_are_the_ones_told():
    """What the guide says of Mei's first turn, of her take and of the end (M-T12, M-T27)."""
    views = {name: learn.snapshot("dragon_market", figure) for name, figure in learn.FIGURES["dragon_market"].items()
             if isinstance(figure, learn.Position)}
    mei, lin = learn.MARKET_SEAT, 1
    first = views["first-turn"]
    assert (first["seat"], first["to_act"], first["view"]["first"], first["view"]["round"]) == (mei, [mei], lin, 1)
    assert (first["view"]["dice"], first["view"]["mp"]) == ([3, 4], 7)
    names = [market_data.GOODS[kind] for kind in first["view"]["units"][mei]["objective_goods"]]
    assert sorted(names) == sorted(["perfume", "paper lantern", "silk scroll", "parasol"])
    assert [market_data.GOODS[kind] for kind in first["view"]["units"][lin]["held"]] == ["toadstools"]
    assert first["legal_actions"] and not any(action["type"] == "step" for action in first["legal_actions"])
    take = views["take"]
    assert take["view"]["round"] == 1 and take["view"]["mp"] == 0 and {"type": "take"} in take["legal_actions"]
    heir = take["view"]["players"][mei]["heir"]
    stacks = {tuple(cell): good for boat in take["view"]["boats"] for cell, good in zip(boat["cells"][1:], boat["goods"])}
    assert market_data.GOODS[stacks[tuple(heir)][0]] == "perfume"
    assert take["view"]["units"][mei]["held"] == [] and take["view"]["units"][lin]["completed"] == []
    ended = views["example"]["view"]
    assert ended["round"] == 11 and ended["units"][lin]["completed"] == ["B02", "B09"]
    assert ended["units"][mei]["completed"] == ["B06"] and len(ended["units"][mei]["held"]) == 4
    assert ended["players"][mei]["heir"] != list(market_data.PONTOONS[0])


def test_the_legespiels_example_tile_cuts_lins_fish_to_a_pair_at_best():
    """What the example says Mei's waiting tile can do (L-S groups of visible symbols): over the
    end of Lin's L it hides one fish and leaves a pair (3 instead of 6); no placement hides more
    of them; and its sack, laid between her pair of sacks and her lone one, joins all four (10)."""
    engine = registry.get("dschunke_tiles")
    state, seq = learn.played("dschunke_tiles", learn.FIGURES["dschunke_tiles"]["example"])
    lin_fish, mei_sacks = set(), set()
    for anchor in engine.legal_actions(state, 0):
        anchored, _ = core.play(engine, state, 0, anchor, core.command_rng("example", seq))
        for turn in engine.legal_actions(anchored, 0):
            if turn["type"] != "orient":
                continue
            placed, _ = core.play(engine, anchored, 0, turn, core.command_rng("example", seq + 1))
            groups = engine.view(placed, 0)["groups"]
            lin_fish.add(max((g["points"] for g in groups if (g["colour"], g["kind"]) == ("green", "fish")), default=0))
            mei_sacks.add(max((g["points"] for g in groups if (g["colour"], g["kind"]) == ("red", "sack")), default=0))
    assert min(lin_fish) == 3 and max(lin_fish) == 6
    assert max(mei_sacks) == 10
