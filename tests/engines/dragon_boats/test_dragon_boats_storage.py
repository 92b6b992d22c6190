"""Storage (B-G1..B-G5), upkeep (B-U1..B-U7) and the end of the game (B-E1)."""
import pytest

from dragon_boats_helpers import ENGINE, act, advance, boat_seats, give_cards, legal_types, position, types, vec, with_seat
from engines.core import IllegalAction
from engines.dragon_boats import data


def storage(state):
    return advance({**state, "step": "window", "actor": -1}, "storage_start")


def test_X12_B_G1_keep_three_sell_the_rest_and_the_treasures():
    """X12 / B-G1 / B-G4: 5 offerings and 2 treasures: keep 3, sell 2 for 2 money, treasures for 4 more."""
    state = with_seat(position(treasure=10), 0, offerings=vec("jade", "jade", "tea", "gold", "cinnabar"), treasure=2,
                      money=0)
    state, _ = storage(state)
    assert 0 in ENGINE.to_act(state) and "done" not in legal_types(state, 0)
    state, _ = act(state, 0, {"type": "sell", "kind": "jade"})
    state, _ = act(state, 0, {"type": "sell", "kind": "cinnabar"})
    assert state["seats"][0]["money"] == 2 and "done" in legal_types(state, 0)
    state, _ = act(state, 0, {"type": "sell_treasure"})
    state, _ = act(state, 0, {"type": "sell_treasure"})
    row = state["seats"][0]
    assert row["money"] == 6 and row["treasure"] == 0 and state["treasure"] == 12
    assert sum(row["offerings"]) == 3
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "sell_treasure"})


def test_B_G2_B_G3_selling_below_the_limit_is_allowed_and_cards_do_not_count():
    """B-G2 a seat may keep fewer; B-G3 food and treasure do not use storage."""
    state = with_seat(position(), 1, offerings=vec("tea", "tea"), food=5, treasure=4)
    state, _ = storage(state)
    assert "done" in legal_types(state, 1)
    state, _ = act(state, 1, {"type": "sell", "kind": "tea"})
    assert state["seats"][1]["offerings"] == vec("tea") and state["seats"][1]["food"] == 5


def test_B_G5_storage_is_simultaneous():
    """B-G5: every seat with a choice acts at once, in any order; the round ends when all are done."""
    state = position()
    for seat in range(4):
        state = with_seat(state, seat, offerings=vec("jade"))
    state, _ = storage(state)
    assert ENGINE.to_act(state) == {0, 1, 2, 3}
    state, _ = act(state, 2, {"type": "done"})
    assert ENGINE.to_act(state) == {0, 1, 3}
    for seat in (3, 0):
        state, _ = act(state, seat, {"type": "done"})
    state, events = act(state, 1, {"type": "done"})
    assert "round_started" in types(events)


def test_B_G1_W9_E_storage_limits():
    """B-G1 with card E (+1, B-K-E) and wisdom 9 (+2, B-W9): 6 offerings may be kept."""
    state = with_seat(position(), 0, offerings=vec("jade", "jade", "jade", "tea", "tea", "tea"), wisdom=[9])
    state = give_cards(state, 0, "E")
    state, _ = storage(state)
    assert "done" in legal_types(state, 0)
    assert ENGINE.view(state, 1)["players"][0]["storage_limit"] == 6


def end_round(state, seed=0):
    """Storage with nothing to decide, then upkeep."""
    state = {**state, "seats": [{**row, "offerings": [0] * 5, "treasure": 0} for row in state["seats"]]}
    return storage(state) if seed is None else advance({**state, "step": "window", "actor": -1}, "storage_start", seed)


def test_B_U1_sailed_boats_get_new_toppers_and_the_others_keep_theirs():
    """B-U1 / A18 / A37: boats return home; sailed boats draw a new topper, a docked boat keeps topper and crew."""
    state = boat_seats(position(), 2, [1, None, None])
    boats = list(state["boats"])
    boats[0] = {**boats[0], "sailed": True, "port": "N.PW"}
    state = {**state, "boats": boats, "reached": ["N.PW"], "arrived": 0}
    state, events = end_round(state)
    assert types(events).count("topper_drawn") == 1
    assert state["boats"][0]["topper"] != 11 and not state["boats"][0]["sailed"] and state["boats"][0]["port"] is None
    assert state["boats"][2]["topper"] == 6 and state["boats"][2]["seats"] == [1, None, None]
    assert state["topper_discards"] == [11] and state["reached"] == []


def test_B_U1_the_topper_discards_are_reshuffled_when_the_stack_is_empty():
    """B-U1: with an empty stack the discards become the stack again."""
    state = position(toppers=[], topper_discards=[2, 3, 4])
    boats = list(state["boats"])
    boats[1] = {**boats[1], "sailed": True, "port": "N.PE"}
    state = {**state, "boats": boats}
    state, events = end_round(state)
    drawn = next(e for e in events if e["type"] == "topper_drawn")
    assert drawn["reshuffled"] and drawn["beats"] in (2, 3, 4, 7)
    assert sorted(state["toppers"] + [state["boats"][1]["topper"]]) == [2, 3, 4, 7]


def test_B_U2_B_U3_B_U5_B_U6_B_U7_next_round_set_up():
    """B-U2 stalls refilled to 3; B-U3 next card turned, its discs back; B-U5 first player passes left;
    B-U6 neutral discs return; B-U7 the display is not refreshed."""
    state = position(players=2, stalls=[["jade"], [], ["tea", "tea"], ["gold", "gold", "gold"]], first=1)
    state = with_seat(state, 0, start_card=2)
    state, events = end_round(state)
    assert [len(tiles) for tiles in state["stalls"]] == [3, 3, 3, 3]
    assert state["round"] == 2 and state["first"] == 0
    assert state["seats"][0]["discs"] == 4 and state["seats"][1]["discs"] == 3  # seat 1's disc is on card 3
    assert next(e for e in events if e["type"] == "round_started")["returned"] == [0]
    assert state["stacks"][1] == [data.NEUTRAL] and state["stacks"][3] == [data.NEUTRAL]
    assert state["display"] == ["A", "B"]


def test_B_U4_stall_discs_come_back_when_they_resolve():
    """B-U4: a stall disc leaves the stack when its resolution ends."""
    state = {**position(), "step": "resolve", "actor": -1, "stacks": [[0, 1], [], [], [], []],
             "resolving": {"stall": 0, "decided": False, "used": []}}
    state, _ = advance(state, "resolve_next")
    state, events = act(state, 1, {"type": "buy", "kind": "jade"})
    assert state["stacks"][0] == [0] and "disc_returned" in types(events)


def test_B_E1_the_game_ends_after_the_last_rounds_storage():
    """B-E1 / A30: storage is played in the last round (offerings sold), then the game ends."""
    state = with_seat(position(round=6), 0, offerings=vec("jade", "jade", "jade", "jade"))
    state, _ = storage(state)
    assert state["result"] is None and ENGINE.to_act(state) == {0}
    state, events = act(state, 0, {"type": "sell", "kind": "jade"})
    state, events = act(state, 0, {"type": "done"})
    assert types(events)[-1] == "game_ended" and state["result"] is not None
    assert ENGINE.to_act(state) == frozenset() and state["result"]["breakdown"][0]["offering_points"] == 3


def test_B_R1_short_game_ends_after_four_rounds():
    """B-R1 / B-V1: the short game ends after its 4th round."""
    state = position(rounds=[1, 3, 5, 6], round=3)
    state, events = end_round(state)
    assert state["round"] == 4 and state["result"] is None
    state, events = end_round(state)
    assert state["result"] is not None
