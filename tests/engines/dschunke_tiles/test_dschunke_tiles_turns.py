"""Turn order and drawing (L-T1 … L-T8) and the end of the game (L-E1)."""
import random

import pytest

from dschunke_tiles_helpers import ENGINE, act, place, position, random_game, types
from engines.core import IllegalAction, start


def draws(log):
    return [(event["seat"], len(event["tiles"])) for event in log if event["type"] == "tiles_drawn"]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_L_T6_the_exact_turn_sequence(seed):
    """L-T1, L-T2, L-T3, L-T5, L-T6: R1, G2, R2, … R2, G1: 22 turns, 42 placements, 21 each."""
    state, log = random_game(seed)
    red, green = state["red"], 1 - state["red"]
    assert draws(log) == [(red, 1)] + [(green if turn % 2 else red, 2) for turn in range(1, 21)] + [(green, 1)]
    placed = [event for event in log if event["type"] == "tile_placed"]
    assert len(placed) == 42
    assert sum(1 for event in placed if event["seat"] == red) == 21
    assert sum(1 for event in placed if event["seat"] == green) == 21
    assert [event["seat"] for event in log if event["type"] == "turn_ended"] == [red, green] * 11
    assert len(state["placed"]) == 43 and sum(1 for e in log if e["type"] == "tile_placed") * 3 + 3 == 129


def test_L_T1_red_moves_first():
    """L-T1: the red seat is the first to act, whichever seat it is."""
    for seed in range(6):
        state, _ = start(ENGINE, 2, None, random.Random(seed))
        assert ENGINE.to_act(state) == {state["red"]}


def test_L_T4_both_tiles_drawn_before_the_first_is_placed():
    """L-T3, L-T4: a two-tile turn draws both at its start; placing the first draws nothing."""
    state, _ = start(ENGINE, 2, {"colours": "seat0_red"}, random.Random(4))
    cell = ENGINE.legal_actions(state, 0)[0]["cell"]
    state, _ = act(state, 0, {"type": "anchor", "cell": cell})
    state, events = act(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert types(events) == ["tile_placed", "turn_ended", "tiles_drawn"]
    assert events[-1]["seat"] == 1 and len(events[-1]["tiles"]) == 2 and state["waiting"] == events[-1]["tiles"]
    legal = ENGINE.legal_actions(state, 1)
    assert legal == [{"type": "select", "tile": tile} for tile in state["waiting"]]
    second = state["waiting"][1]
    state, _ = act(state, 1, {"type": "select", "tile": second})
    state, _ = act(state, 1, ENGINE.legal_actions(state, 1)[0])
    pile = len(state["deck"])
    state, events = act(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert types(events) == ["tile_placed"] and len(state["deck"]) == pile
    assert state["waiting"] == [state["waiting"][0]] and state["selected"] == state["waiting"][0] != second
    assert ENGINE.to_act(state) == {1}


def test_L_T7_no_pass_and_always_a_legal_placement():
    """L-T7: there is no pass/discard; the seat to act always has a legal placement."""
    state = position(waiting=(5, 6), turn=1)
    for junk in ({"type": "pass"}, {"type": "discard", "tile": 5}):
        with pytest.raises(IllegalAction) as error:
            act(state, 1, junk)
        assert error.value.code == "unknown_action"

    def has_moves(state):
        seat = min(ENGINE.to_act(state))
        assert [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "back"]
        assert state["fps"]

    for seed in range(3):
        random_game(seed, has_moves)


def test_L_T8_the_turn_ends_by_itself():
    """L-T8: the last placement of a turn ends it and the next draw follows in the same decide."""
    state = position(rows=[], waiting=(7,), turn=2, red=0)
    state, events = place(state, 0, (2, 0), "E")
    assert types(events)[-3:] == ["tile_placed", "turn_ended", "tiles_drawn"]
    assert ENGINE.to_act(state) == {1} and state["turn"] == 3


def test_L_E1_the_game_ends_with_the_42nd_tile():
    """L-T5, L-E1: green places the last single tile; outcome appears at that moment, not before."""
    state = position(rows=[], waiting=(42,), turn=21, red=0, deck=[])
    assert ENGINE.outcome(state) is None and ENGINE.to_act(state) == {1}
    state, events = place(state, 1, (2, 0), "E")
    assert types(events) == ["anchor_chosen", "tile_placed", "turn_ended", "game_ended"]
    assert ENGINE.outcome(state) is not None and ENGINE.to_act(state) == frozenset()
    assert events[-1]["scores"] == ENGINE.outcome(state)["scores"]
    with pytest.raises(IllegalAction) as error:
        act(state, 1, {"type": "back"})
    assert error.value.code == "game_over"
