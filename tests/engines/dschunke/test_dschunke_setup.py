"""Set-up, the round structure and the registry."""
import random

import pytest

from engines import core, registry
from engines.dschunke import data
from tests.engines.dschunke.helpers import ENGINE, act, at, edit, new_game, phase, play_until


def test_registered_under_its_name():
    assert registry.get("dschunke") is ENGINE
    assert "dschunke" in registry.names()
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 4)


@pytest.mark.parametrize("players", [2, 5])
def test_player_count_outside_three_to_four_is_refused(players):
    with pytest.raises(core.IllegalAction):
        new_game(players)


def test_options_schema_has_defaults_and_titles():
    schema = ENGINE.options()
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    for name in ("public_money", "setup_variant"):
        spec = schema["properties"][name]
        assert spec["type"] == "boolean" and spec["default"] is False and spec["title"] and spec["description"]
    assert core.resolve_options(ENGINE, None) == {"public_money": False, "setup_variant": False}


def test_first_event_builds_the_state_from_nothing():
    _, events = new_game(3, seed=4)
    first = events[0]
    assert first["type"] == "game_started" and first["players"] == 3
    assert first["options"] == {"public_money": False, "setup_variant": False}
    state = ENGINE.evolve(None, first)
    assert state.n == 3 and state.round == 0


def test_setup_deals_and_shuffles_as_events():
    _, events = new_game(4, seed=2)
    types = [e["type"] for e in events]
    assert types[:4] == ["game_started", "cards_dealt", "market_shuffled", "specials_shuffled"]
    assert sorted(events[2]["deck"]) == list(range(10))
    stacks = events[3]["stacks_order"]
    assert [len(s) for s in stacks] == [8, 8, 7, 7]
    assert sorted(c for s in stacks for c in s) == list(range(30))


@pytest.mark.parametrize("players, per_kind, stock", [(3, 6, 12), (4, 8, 10)])
def test_hands_and_junk_stocks(players, per_kind, stock):
    state, events = new_game(players, seed=9)
    assert all(sum(hand) == 8 for hand in state.hands)
    for kind in range(4):
        assert sum(hand[kind] for hand in state.hands) == per_kind
    assert state.stocks == (stock,) * 4


def test_four_player_start_layout_and_merchants():
    state, _ = new_game(4)
    layers = {data.JUNKS[j]: junk[0] for j, junk in enumerate(state.junks)}
    assert layers == {"orange": (0, 3, -1), "purple": (1, 2, -1), "brown": (0, 3, 2), "white": (3, 1, -1), "grey": (0, 1, 2)}
    assert state.strips == (17, 17, 17, 17)
    assert [data.JUNKS[j] for j in state.merchants] == ["purple", "brown", "grey"]


def test_three_player_start_layout():
    state, _ = new_game(3)
    layers = {data.JUNKS[j]: junk[0] for j, junk in enumerate(state.junks)}
    assert layers == {"orange": (0, 2, -1), "purple": (1, 2, -1), "brown": (0, 1, 2), "white": (0, 1, -1), "grey": (0, 1, 2)}
    assert state.strips == (16, 16, 16)
    assert len(ENGINE.view(state, 0)["workers"]) == 4  # one trainee at three players


def test_round_one_reveals_a_market_card_and_starts_actions():
    state, events = new_game(4, seed=3)
    assert events[-1]["type"] == "round_started" and events[-1]["round"] == 1
    assert state.market == events[2]["deck"][0] and len(state.deck) == 9
    assert phase(state) == "actions" and state.queue[0] == state.start


def test_market_card_example_of_the_book():
    """Phase 1 example: brown (fish) 2 Yuan, white (rice) 1, orange (spice) 4, purple a special card."""
    state = edit(new_game()[0], market=0)
    assert ENGINE.view(state, 0)["market"]["values"] == {"brown": 2, "white": 1, "orange": 4, "purple": "S"}


def test_start_player_is_random_and_rotates_each_round():
    starts = {new_game(4, seed=s)[0].start for s in range(30)}
    assert starts == {0, 1, 2, 3}
    state, _ = new_game(4, seed=5)
    first = state.start
    state = play_until(state, at("actions", 2))
    assert state.start == (first + 1) % 4 and state.queue[0] == state.start


def test_merchants_move_one_junk_clockwise_each_round():
    state, _ = new_game(4, seed=6)
    for round_ in range(2, 6):
        before = state.merchants
        state = play_until(state, at("actions", round_), seed=round_)
        assert state.merchants == tuple((j + 1) % 5 for j in before)


def test_trainees_follow_their_tracks():
    state, _ = new_game(4, seed=7)
    for round_ in range(1, 5):
        state = play_until(state, at("actions", round_), seed=round_)
        workers = ENGINE.view(state, 0)["workers"]
        assert workers[3]["action"] == data.ACTION_KEYS[data.TRAINEE_TRACKS[0][round_ - 1]]
        assert workers[4]["action"] == data.ACTION_KEYS[data.TRAINEE_TRACKS[1][round_ - 1]]
        free = [data.JUNKS[j] for j in range(5) if j not in state.merchants]
        assert workers[3]["junks"] == free == workers[4]["junks"]


def test_ten_rounds_then_the_game_ends():
    state, _ = new_game(3, seed=8)
    rounds = set()
    rng = random.Random(8)
    while ENGINE.outcome(state) is None:
        rounds.add(state.round)
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        state, _ = act(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert rounds == set(range(1, 11)) and state.deck == () and len(state.revealed) == 10
    assert ENGINE.to_act(state) == frozenset()


def test_setup_variant_places_passed_strips():
    state, events = new_game(4, seed=11, setup_variant=True)
    # the merchants first go face down on three junks the players choose (issue 13)
    for junk in ("grey", "white", "orange"):
        state, _ = act(state, state.queue[0], {"type": "place_merchant", "junk": junk})
    assert len(set(state.merchants)) == 3
    assert phase(state) == "placement" and all(not junk for junk in state.junks)
    seat = state.queue[0]
    assert seat == state.start
    options = ENGINE.legal_actions(state, seat)
    assert {o["slot"] for o in options} == {0, 1, 2} and len(options) == 15
    state, events = act(state, seat, {"type": "place", "junk": "grey", "slot": 1})
    assert events[0]["owner"] == (seat - 1) % 4  # the strips come from the player on the right
    assert state.strips[(seat - 1) % 4] == 19
    state = play_until(state, at("actions"))
    assert sum(len(layer) - layer.count(-1) for junk in state.junks for layer in junk) == 12
    assert all(len(junk) <= 1 for junk in state.junks)  # at most three strips per junk
    assert state.strips == (17,) * 4


def test_setup_variant_at_three_players_places_nine_strips():
    state, _ = new_game(3, seed=12, setup_variant=True)
    state = play_until(state, at("actions"))
    assert sum(20 - left for left in state.strips) == 9
