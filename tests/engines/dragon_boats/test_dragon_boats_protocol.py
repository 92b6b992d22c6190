"""Protocol details: bad input, purity, snapshots, views, redaction, sample, log lines, heuristic."""
import json
import random
import re

import pytest

from dragon_boats_helpers import ENGINE, act, boat_seats, give_cards, position, snapshot, vec, with_seat
from engines import i18n
from engines.core import IllegalAction, find_leaks, start
from engines.dragon_boats import data, evolve, text
from engines.dragon_boats.state import NOBODY

MALFORMED = [
    None, "bid", 3, [], {}, {"stall": "I"}, {"type": 7}, {"type": "fly"}, {"type": "bid"},
    {"type": "bid", "stall": 1}, {"type": "bid", "stall": "I", "extra": 1}, {"type": "bid", "stall": None},
    {"type": "board", "boat": True, "place": 0, "omit": None}, {"type": "board", "boat": 0.0, "place": 0, "omit": None},
    {"type": "board", "boat": 0, "place": 0}, {"type": "choose", "value": {"a": 1}}, {"type": "choose", "value": True},
    {"type": "draw_card", "slot": False}, {"type": "take_money", "amount": 1},
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_actions_raise_and_change_nothing(action):
    state = position()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, action)
    assert error.value.code in {"malformed", "unknown_action"} and error.value.message
    assert snapshot(state) == before


@pytest.mark.parametrize("action", [
    {"type": "bid", "stall": "VI"}, {"type": "private", "space": "gold"}, {"type": "buy", "kind": "jade"},
    {"type": "play", "card": "A"}, {"type": "board", "boat": 9, "place": 0, "omit": None},
    {"type": "choose", "value": 1}, {"type": "step", "node": "N.a"}, {"type": "done"},
])
def test_illegal_actions_raise_with_a_message_and_change_nothing(action):
    state = with_seat(position(), 0, offerings=vec("jade", "gold", "tea"))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, action)
    assert error.value.code in {"illegal", "wrong_step"} and error.value.message
    assert snapshot(state) == before


@pytest.mark.parametrize("seat, code", [(1, "not_your_turn"), (4, "bad_seat"), (-1, "bad_seat"), ("0", "bad_seat"),
                                        (True, "bad_seat")])
def test_wrong_seats_raise(seat, code):
    state = position()
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "bid", "stall": "I"})
    assert error.value.code == code


def test_game_over_refuses_actions_and_nobody_acts():
    state = {**position(), "result": {"scores": [0, 0, 0, 0], "winners": [0], "ranking": [0, 1, 2, 3]}}
    assert ENGINE.to_act(state) == frozenset() and ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "bid", "stall": "I"})
    assert error.value.code == "game_over"




def test_view_carries_what_the_board_needs_and_hides_the_rest():
    state = boat_seats(give_cards(give_cards(position(), 0, "C", hidden=True), 1, "E"), 0, [0, None, 1])
    state = with_seat(state, 0, offerings=vec("jade", "tea"), food=2, treasure=1, farms=[1, 0, 0, 0, 0])
    seen = ENGINE.view(state, 0)
    assert [stall["stall"] for stall in seen["stalls"]] == ["I", "II", "III", "IV", "V"]
    assert seen["stalls"][0]["offerings"] == ["jade", "gold", "tea"] and seen["stalls"][4]["offerings"] is None
    boat = seen["boats"][0]
    assert boat["topper"] == {"beats": 11, "min": 2, "cost": ["gold", "leather", "tea"]}
    assert boat["seats"] == [0, None, 1] and boat["dock"] == "CNW" and boat["routes"] == ["N.PW", "W.PW"]
    me = seen["players"][0]
    assert (me["money"], me["offerings"], me["food"], me["treasure"], me["farms"]) == (10, vec("jade", "tea"), 2, 1,
                                                                                       [1, 0, 0, 0, 0])
    assert me["hand"] == ["C"] and me["cards_hidden"] == 1 and me["members"] == 9
    assert seen["players"][1]["cards_known"] == ["E"]
    assert len(seen["round_cards"]) == 6 and seen["tiles"]["W3"] == 3 and "N.F1" in seen["map"]
    assert seen["display"] == ["A", "B"] and seen["deck_size"] == 22 and "deck" not in seen
    for viewer in (None, 1, 2):
        other = ENGINE.view(state, viewer)
        assert "hand" not in other["players"][0]
        assert find_leaks(other, viewer, ENGINE.private_keys(state)) == []
    assert find_leaks(seen, 0, ENGINE.private_keys(state)) == []
    assert "money" not in ENGINE.private_keys(state)


def test_provisional_score_never_counts_hidden_end_game_cards_for_others():
    state = give_cards(with_seat(position(), 0, farms=[4, 0, 0, 0, 0]), 0, "X", hidden=True)
    assert ENGINE.view(state, 0)["players"][0]["score"] == 17
    assert ENGINE.view(state, 1)["players"][0]["score"] == 16


def test_setup_events_are_redacted():
    state, events = start(ENGINE, 3, None, random.Random(2))
    for viewer in (None, 0, 1, 2):
        for event in events:
            redacted = ENGINE.redact(event, viewer)
            assert find_leaks(redacted, viewer, ENGINE.private_keys(state)) == []
            assert "farm_bag" not in redacted and "deck" not in redacted


def test_sample_matches_the_view_and_redraws_the_hidden_cards():
    state = give_cards(give_cards(position(), 1, "C", "Q", hidden=True), 2, "T", hidden=True)
    seen = ENGINE.view(state, 2)
    sent = json.loads(json.dumps(seen))
    samples = [ENGINE.sample(sent, 2, random.Random(seed)) for seed in range(8)]
    for imagined in samples:
        assert set(imagined) == set(state) and set(imagined["seats"][0]) == set(state["seats"][0])
        assert ENGINE.view(imagined, 2) == json.loads(json.dumps(seen))
        assert imagined["seats"][2]["hidden"] == ["T"] and len(imagined["seats"][1]["hidden"]) == 2
        assert sorted(imagined["deck"] + imagined["seats"][1]["hidden"]) == sorted(state["deck"] + ["C", "Q"])
    assert len({json.dumps(imagined["seats"][1]["hidden"]) for imagined in samples}) > 1


def test_describe_names_seats_with_placeholders():
    state, events = start(ENGINE, 2, None, random.Random(1))
    assert "{seat%d} is the first player" % events[0]["first"] in ENGINE.describe(events[0])
    assert ENGINE.describe({"type": "disc_placed", "seat": 1, "stall": 2}) == "{seat1} places a disc on stall III."
    line = ENGINE.describe(ENGINE.redact({"type": "card_drawn", "seat": 0, "hand": "Q"}, 1))
    assert line == "{seat0} draws a bonus card."


def test_every_event_type_has_a_log_line():
    """Or is silent: "X to place a disc" is whose turn it is, the banner's, not a move."""
    assert set(text.LINES) | text.SILENT == set(evolve.HANDLERS) and not set(text.LINES) & text.SILENT
    assert ENGINE.describe({"type": "turn", "step": "bid", "actor": 1}) == ""


@pytest.mark.parametrize("node, words", [
    ("N.PW", "the west port of island N"), ("S.PE", "the east port of island S"),
    ("E.PW", "the north port of island E"), ("W.PE", "the south port of island W"),
    ("N.k", "the money space near the west port of island N"), ("S.e", "the food space near the east port of island S"),
    ("E.a", "the offering space near the north port of island E"), ("W.i", "the road space without a reward near the south port of island W"),
    ("N.d", "the bonus card space of island N"),
    ("N.F2", "field 2 from the west in the north row of island N"), ("S.F5", "field 1 from the west in the south row of island S"),
    ("E.F7", "field 3 from the north in the west column of island E"), ("W.F4", "field 4 from the north in the east column of island W"),
    ("W3", "a mountain hex"), ("B2", "space 2 of path B"),
])
def test_a_space_is_named_in_words_not_by_its_code(node, words):
    """Ports by the side they face (east and west islands are drawn turned), road spaces by the
    reward the board marks on them and the port they lie nearer to, fields by their row and their
    place in it, as the board letters and numbers neither; a mountain hex is named alone, as the
    board marks it by its wisdom tile only (a number beside the tiles' W1-W10 would point at
    another hex). The board page names them from the same glossary."""
    assert ENGINE.glossary()["nodes"][node] == words
    assert ENGINE.describe({"type": "moved", "seat": 1, "node": node, "food": 0}) == f"{{seat1}} steps to {words}."


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_each_space_of_an_island_has_a_name_of_its_own(language):
    """A line of the log or of the analysis points at one space, in every language."""
    with i18n.language(language):
        names = ENGINE.glossary()["nodes"]
        rewards = {reward: text._(words) for reward, words in text.ROAD_REWARD_WORDS.items()}
    outer = [name for node, name in names.items() if "." in node]
    assert len(set(outer)) == len(outer) == 4 * len(data.TEMPLATE)
    for node, info in data.GRAPH.items():  # a road space by the reward the board marks on it
        if info["island"] != "C" and info["kind"] == "road" and info["reward"] in rewards:
            assert rewards[info["reward"]] in names[node], (node, names[node])


def test_a_cards_effect_names_who_played_it_and_its_end_is_silent():
    """The last line of a card's move says whose move it was, as every move's line does."""
    assert ENGINE.describe({"type": "steered", "seat": 0, "boat": 1, "port": "E.PE"}) == (
        "{seat0} sends boat 2 to the south port of island E.")
    assert ENGINE.describe({"type": "farmers_swapped", "seat": 2, "a": "N.F1", "b": "W4"}) == (
        "{seat2} swaps the farmers of field 1 from the west in the north row of island N and a mountain hex.")
    assert ENGINE.describe({"type": "card_resolved", "seat": 0, "card": "I"}) == ""


def test_a_departure_names_its_steerer_and_a_port_set_by_card_a_none():
    """The rearmost passenger steers (B-X6): the line names them, as every move's line names its
    mover; a boat sent on by card A sails where the card's player sent it."""
    assert ENGINE.describe({"type": "boat_departed", "seat": 1, "boat": 1, "port": "E.PW"}) == (
        "{seat1} steers boat 2 to the north port of island E.")
    assert ENGINE.describe({"type": "boat_departed", "seat": NOBODY, "boat": 1, "port": "E.PW"}) == (
        "Boat 2 sails to the north port of island E.")


def test_a_wisdom_tile_taken_is_named_as_the_board_marks_it():
    line = ENGINE.describe({"type": "hex_taken", "seat": 1, "node": "W8", "tile": 5})
    assert line == f"{{seat1}} settles on the mountain and takes wisdom tile W5, {data.WISDOM[5]['name']}."
    field = ENGINE.describe({"type": "hex_taken", "seat": 1, "node": "E.F2", "tile": "fish"})
    assert field == "{seat1} settles on field 2 from the north in the east column of island E and takes its tile (fish)."


@pytest.mark.parametrize("value, words", [
    ("jade", "jade"), (2, "2"), ([1, 2], "boat 2 (rear)"), ([0, None, 1], "{seat0} / — / {seat1}"),
    ("S.PW", "the west port of island S"),
])
def test_a_cards_pick_of_any_shape_is_worded(value, words):
    """A pick may be a kind, a number, a place on a boat (cards G and I) or a boat's new order
    of occupants (card B)."""
    assert ENGINE.describe({"type": "card_picked", "seat": 0, "value": value}) == f"{{seat0}} chooses {words}."


def test_every_event_of_many_random_games_is_worded():
    """The log line of every event a game can hold, whatever the cards played."""
    worded = set()
    for seed in range(60):
        rng = random.Random(seed)
        state, log = start(ENGINE, 2 + seed % 3, None, rng)
        while ENGINE.outcome(state) is None:
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            for event in ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng):
                state = ENGINE.evolve(state, event)
                log.append(event)
        for event in log:
            line = ENGINE.describe(event)
            assert isinstance(line, str) and (line.strip() or event["type"] in text.SILENT), event
            # no space named by its code (W8 is also how the board marks wisdom tile 8)
            assert not re.search(r"\b[NESW]\.\w|\b(PW|PE|F\d+)\b|(?<!tile )\bW\d+", line), line
            worded.add(event["type"])
    assert "card_picked" in worded


def test_evaluate_prefers_points_and_members_on_the_way():
    poor = position()
    rich = with_seat(position(), 0, farms=[3, 0, 0, 0, 0])
    assert ENGINE.evaluate(rich, 0) > ENGINE.evaluate(poor, 0)
    aboard = boat_seats(position(), 0, [0, None, None])
    assert ENGINE.evaluate(aboard, 0) > ENGINE.evaluate(poor, 0)


def test_options_schema_defaults():
    schema = ENGINE.options()
    assert schema["additionalProperties"] is False
    assert {key: spec["default"] for key, spec in schema["properties"].items()} == {
        "short_game": False, "short_cards": "random", "interactive_cards": True, "stall_v_price": True}


def test_sample_never_hides_a_permanent_card():
    """B-hidden: a permanent card is shown once drawn, so a sampled world deals none face down
    (it would change the storage limit or the free steps that the view shows)."""
    for seed in range(40):
        rng = random.Random(seed)
        state, _ = start(ENGINE, 2 + seed % 3, None, rng)
        while ENGINE.outcome(state) is None:
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            seen = ENGINE.view(state, seat)
            imagined = ENGINE.sample(seen, seat, rng)
            assert all(data.CARDS[c]["type"] != "permanent" for row in imagined["seats"] for c in row["hidden"])
            assert ENGINE.view(imagined, seat) == seen
            for event in ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng):
                state = ENGINE.evolve(state, event)
