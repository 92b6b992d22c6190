"""Every engine's words in each language (engines.i18n): the log line of every event of a game,
its glossary and its refusals come out whole (no placeholder left but the seats'), and a game
whose words are in its catalog reads differently in French and German than in English."""
import random
import re

import pytest

from engines import i18n, registry
from engines.core import IllegalAction, command_rng, start

SEAT_PLACEHOLDER = re.compile(r"\{seat\d\}")


def played_events(engine, seed: int = 3) -> list[dict]:
    """The events of a random game (at most 400 actions) at the engine's smallest table."""
    return played(engine, seed, 400)[1]


def played(engine, seed: int, actions: int) -> tuple[dict, list[dict]]:
    """The state and the events of a random game of at most `actions` actions at the engine's smallest
    table of bots (with the limit the service gives such a table, so that random play ends)."""
    state, events = start(engine, engine.min_players, engine.bots_only_options, command_rng(f"words-{seed}", 0))
    rng = random.Random(seed)
    for number in range(actions):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        new = engine.decide(state, seat, action, command_rng(f"words-{seed}", number + 1))
        for event in new:
            state = engine.evolve(state, event)
        events += new
    return state, events


def _english(game: str, event: dict) -> str:
    with i18n.language("en"):
        return registry.get(game).describe(event)


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_every_log_line_and_the_glossary_come_out_whole_in_each_language(game, language):
    engine = registry.get(game)
    events = played_events(engine)
    with i18n.language(language):
        for event in events:
            line = engine.describe(event)
            assert line or event["type"] in engine.silent_events, event["type"]
            assert "{" not in SEAT_PLACEHOLDER.sub("", line), (event["type"], line)
        assert isinstance(engine.glossary(), dict)
        with pytest.raises(IllegalAction) as refused:
            state, _events = start(engine, engine.min_players, None, command_rng("words-refusal", 0))
            engine.decide(state, min(engine.to_act(state)), {"type": "no-such-action"}, random.Random(0))
        assert refused.value.message and "{" not in refused.value.message


# A rule's id in RULES.md ("M-T20", "B-S14", "L-P2"): for maintainers, never in a player's words.
RULE_ID = re.compile(r"\b[LMB]-[A-Z]?\d")
JUNK_ACTIONS = (None, {}, {"type": "no_such_action"}, {"type": 7})


def _refusal(engine, state, seat, action) -> dict[str, str]:
    """The message of the engine's refusal of `action` by `seat` in each language."""
    words = {}
    for language in ("en", "fr", "de"):
        with i18n.language(language), pytest.raises(IllegalAction) as refused:
            engine.decide(state, seat, action, random.Random(0))
        words[language] = refused.value.message
    return words


def _spoiled(action: dict):
    """(field, `action` with that field given a value of its JSON type that no game lists), per field."""
    bad = {int: 999, str: "nowhere", list: [99, 99], dict: {"nowhere": 1}}
    for field, value in action.items():
        if field != "type" and type(value) in bad:
            yield field, {**action, field: bad[type(value)]}


@pytest.mark.parametrize("game", registry.names())
def test_every_refusal_reads_in_french_and_german_without_rule_ids_or_raw_names(game):
    """A refusal's message is shown to the player as it is: in French and German it is worded in
    that language (not left in English), with no rule id, no raw identifier and no placeholder.
    Provoked along a random game: junk actions, a wrong seat, a listed kind with a bad value and
    a well-formed action of a kind that is not legal at that step."""
    engine = registry.get(game)
    state, _events = start(engine, engine.min_players, engine.bots_only_options, command_rng("words-refusals", 0))
    rng = random.Random(11)
    states, pool = [], {}  # pool: one listed action of each kind seen in the game
    for number in range(160):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        for option in legal:
            pool.setdefault(option["type"], option)
        if number % 20 == 0:
            states.append((state, seat, legal))
        for event in engine.decide(state, seat, rng.choice(legal), command_rng("words-refusals", number + 1)):
            state = engine.evolve(state, event)
    refused = []
    for state, seat, legal in states:
        others = [other for other in range(engine.players(state)) if other not in engine.to_act(state)]
        cases = [(seat, action) for action in JUNK_ACTIONS] + [(99, legal[0])] + [(other, legal[0]) for other in others[:1]]
        kinds = {option["type"] for option in legal}
        spoiled = {}  # one action per kind and field
        for option in legal:
            for field, action in _spoiled(option):
                spoiled.setdefault((option["type"], field), action)
        cases += [(seat, action) for action in spoiled.values()]
        cases += [(seat, action) for kind, action in sorted(pool.items()) if kind not in kinds]
        for who, action in cases:
            refused.append((who, action, _refusal(engine, state, who, action)))
    assert len({words["en"] for _who, _action, words in refused}) >= 6, refused
    for who, action, words in refused:
        for language in ("fr", "de"):
            assert words[language] != words["en"], (language, who, action, words)
        for language, message in words.items():
            assert message and "_" not in message and "{" not in message, (language, who, action, message)
            assert not RULE_ID.search(message), (language, who, action, message)


# Numbers of a breakdown the end table leaves out on purpose: the total is the score, which has
# its column already; Dragon Boats' printed card points are part of its bonus cards' column.
NOT_A_COLUMN = {"seat", "total", "card_points"}


@pytest.mark.parametrize("game", registry.names())
def test_every_part_of_the_final_score_has_a_column_name(game):
    """The end screen shows each number of the engine's score breakdown under the name its
    glossary gives it (score_columns, worded in the reader's language): an unnamed part would
    be left out of the table, a name of no part would head no column."""
    engine = registry.get(game)
    state, _events = played(engine, 5, 20_000)
    outcome = engine.outcome(state)
    assert outcome is not None
    numbers = {key for row in outcome.get("breakdown", []) for key, value in row.items()
               if key not in NOT_A_COLUMN and isinstance(value, int) and not isinstance(value, bool)}
    for language in ("en", "fr", "de"):
        with i18n.language(language):
            names = engine.glossary().get("score_columns", {})
        assert set(names) == numbers and all(names.values())


def test_the_legespiel_reads_in_french_and_german():
    engine = registry.get("dschunke_tiles")
    events = played_events(engine)
    for language, word in (("fr", "pose"), ("de", "legt")):
        with i18n.language(language):
            lines = [engine.describe(event) for event in events if event["type"] not in engine.silent_events]
            glossary = engine.glossary()
        english = [_english("dschunke_tiles", event) for event in events if event["type"] not in engine.silent_events]
        assert sum(line != plain for line, plain in zip(lines, english)) == len(lines)
        assert any(word in line for line in lines)
        assert glossary["kinds"]["fish"] == {"fr": "poisson", "de": "Fisch"}[language]


@pytest.mark.parametrize("game", registry.names())
def test_each_reason_a_game_ends_for_is_worded_in_french_and_german(game):
    """The end screen says why the game ended, in the reader's language."""
    engine = registry.get(game)
    english = engine.glossary()["end_reasons"]
    assert english and all(english.values())
    for language in ("fr", "de"):
        with i18n.language(language):
            words = engine.glossary()["end_reasons"]
        assert words.keys() == english.keys()
        assert all(words[reason] != english[reason] for reason in english), (language, words)


def test_without_a_language_the_engines_speak_english():
    engine = registry.get("dschunke_tiles")
    assert i18n.current() == "en"
    assert engine.glossary()["kinds"]["fish"] == "fish"
    with i18n.language("de-CH"):
        assert engine.glossary()["kinds"]["fish"] == "Fisch"
    with i18n.language("xx"):
        assert engine.glossary()["kinds"]["fish"] == "fish"
    assert i18n.current() == "en"


def test_french_colours_agree_with_the_strip_and_the_junk_they_name():
    """A strip (une bande) and a junk (une jonque) are feminine: their colours agree."""
    from engines.dschunke import data
    engine = registry.get("dschunke")
    blue = data.COLOURS.index("blue")
    with i18n.language("fr"):
        loaded = engine.describe({"type": "strip_placed", "seat": 0, "owner": blue, "junk": "white", "slot": 0})
        lifted = engine.describe({"type": "strip_lifted", "seat": 0, "owner": blue, "junk": "purple"})
    assert "une bande bleue sur la jonque blanche" in loaded, loaded
    assert "la bande bleue de la jonque violette" in lifted, lifted


def test_a_worker_used_takes_the_article_its_language_puts_there():
    """French elides before a vowel (l’apprenti); German bends the adjective (den oberen Lehrling)."""
    engine = registry.get("dschunke")
    used = {"type": "worker_used", "seat": 0, "worker": "upper_trainee", "junk": "white", "action": "goods"}
    with i18n.language("fr"):
        french = engine.describe({**used, "worker": "trainee"})
        french_glossary = engine.glossary()["workers_used"]
    with i18n.language("de"):
        german = engine.describe(used)
    assert "emploie l’apprenti pour" in french, french
    assert french_glossary["money_merchant"] == "le marchand d’argent"
    assert "setzt den oberen Lehrling auf der Dschunke Weiß ein (Waren nehmen)" in german, german


@pytest.mark.parametrize("zone, french, german", [
    ("hand", "{seat0} met la carte encens (5) en main.", "{seat0} nimmt Weihrauch (5) auf die Hand."),
    ("shop", "{seat0} met la carte encens (5) dans sa boutique.", "{seat0} legt Weihrauch (5) in den Laden."),
])
def test_a_dunhuang_line_names_the_hand_or_the_shop_as_its_language_does(zone, french, german):
    """A sentence for each place, not a place's name glued after a colon ("legt … in: Laden")."""
    engine = registry.get("dunhuang")
    moved = {"type": "card_moved", "seat": 0, "good": 5, "to": zone}
    with i18n.language("fr"):
        assert engine.describe(moved) == french
    with i18n.language("de"):
        assert engine.describe(moved) == german


@pytest.mark.parametrize("game", registry.names())
def test_every_choice_of_an_option_has_a_name_in_each_language(game):
    """The create form shows a choice by its name, never by the value the engine stores."""
    engine = registry.get(game)
    for language in ("en", "fr", "de"):
        with i18n.language(language):
            options = engine.options()["properties"]
        for name, spec in options.items():
            if "enum" in spec:
                names = spec.get("enumNames", [])
                assert len(names) == len(spec["enum"]) and all(names), (game, name, language)
                assert not set(map(str, spec["enum"])) & set(names), (game, name, language, names)
    with i18n.language("en"):
        english = engine.options()["properties"]
    with i18n.language("de"):
        german = engine.options()["properties"]
    assert all(german[name]["enumNames"] != spec["enumNames"] for name, spec in english.items() if "enum" in spec)


def test_dragon_boats_names_islands_and_docks_by_the_readers_compass():
    """The west island is O (ouest) in French, the east one O (Ost) in German, in the log and on the board."""
    engine = registry.get("dragon_boats")
    west_port = next(node for node in engine.glossary()["nodes"] if node.startswith("W.P"))
    with i18n.language("fr"):
        french = engine.glossary()
    with i18n.language("de"):
        german = engine.glossary()
    assert french["islands"] == {"N": "N", "E": "E", "S": "S", "W": "O"}
    assert german["islands"] == {"N": "N", "E": "O", "S": "S", "W": "W"}
    assert french["docks"]["CNW"] == "NO" and german["docks"]["CNE"] == "NO" and german["docks"]["CSW"] == "SW"
    assert re.search(r"\bO\b", french["nodes"][west_port]) and not re.search(r"\bW\b", french["nodes"][west_port])


@pytest.mark.parametrize(("game", "language", "quoted"), [
    ("dunhuang", "de", "„Die Händler von Dunhuang“"),
    ("dragon_market", "de", "„Dragon Market“"),
    ("dschunke_tiles", "de", "„Dschunke: das Legespiel“"),
    ("dschunke_tiles", "fr", "«\u00a0Dschunke\u00a0: le jeu de pose\u00a0»"),
    ("dschunke_tiles", "en", "“Dschunke: the tile game”"),
])
def test_the_first_log_line_sets_the_games_title_apart_where_its_words_would_run_on(game, language, quoted):
    """"Eine Partie Die Händler von Dunhuang beginnt" and "A game of Dschunke: the tile game begins"
    read as two sentences run together: the title is quoted."""
    engine = registry.get(game)
    with i18n.language(language):
        assert quoted in engine.describe(played_events(engine)[0])
