"""Set-up: seats and corners, boat placement, goods, objectives, coins (M-S1 to M-S11, X3, M-V1)."""
import random
from collections import Counter

import pytest

from engines.core import IllegalAction, fold, start
from engines.dragon_market import ENGINE, data, geometry
from tests.engines.dragon_market.dragon_market_helpers import act, legal, snapshot, types


def placed_game(players, seed, options=None):
    """Play the placement phase with random legal choices; returns the state and every event."""
    rng = random.Random(seed)
    state, events = start(ENGINE, players, {**(options or {})}, rng)
    events = list(events)
    order = []
    while state["phase"] == "place":
        seat = state["turn"]
        action = rng.choice(legal(state, seat))
        if action["type"] == "back":
            continue
        if action["type"] == "facing":
            order.append(seat)
        new = ENGINE.decide(state, seat, action, rng)
        state = fold(ENGINE, new, state)
        events += new
    return state, events, order


def check_layout(state):
    occ = {}
    for b in state["boats"]:
        cells = geometry.boat_cells(b)
        assert all(geometry.on_board(c) and c not in data.PONTOON_SET for c in cells)
        assert not set(cells) & set(occ)
        occ.update(dict.fromkeys(cells))
        if b["kind"] == "centre":
            assert not geometry.on_border(tuple(b["s"]))


@pytest.mark.parametrize("players, corners", [(2, [(0, 0), (9, 9)]), (3, [(0, 0), (0, 9), (9, 9)]),
                                              (4, [(0, 0), (0, 9), (9, 9), (9, 0)])])
def test_M_S1_M_S8_seats_take_corners_and_heirs_start_at_home(players, corners):
    """M-S1: 2 players opposite corners, 3 players corners 0-2, clockwise. M-S8: heirs at home."""
    state, _ = start(ENGINE, players, {"boat_setup": "random"}, random.Random(players))
    assert [tuple(h) for h in state["heirs"]] == corners
    assert [tuple(row["pontoon"]) for row in ENGINE.view(state, None)["players"]] == corners


def test_M_S3_the_first_player_is_drawn_and_play_goes_clockwise():
    """M-S3: any seat may start; turns then go up the seats."""
    firsts = Counter(start(ENGINE, 4, {"boat_setup": "random"}, random.Random(seed))[0]["first"] for seed in range(60))
    assert set(firsts) == {0, 1, 2, 3}
    state, _ = start(ENGINE, 4, {"boat_setup": "random", "fixed_mp": True}, random.Random(5))
    first = state["first"]
    assert state["turn"] == first
    state, _ = act(state, first, {"type": "end_turn"})
    assert state["turn"] == (first + 1) % 4


@pytest.mark.parametrize("players, counts", [(2, [5, 5]), (3, [4, 3, 3]), (4, [3, 3, 2, 2])])
def test_M_S4_boats_are_placed_one_at_a_time_in_turn_order(players, counts):
    """M-S4: the first player places first, then clockwise, until all 10 boats are down."""
    state, _, order = placed_game(players, 11)
    first = state["first"]
    assert order[:players] == [(first + k) % players for k in range(players)]
    per_position = [order.count((first + k) % players) for k in range(players)]
    assert per_position == counts and len(state["boats"]) == data.BOATS
    assert sorted(b["id"] for b in state["boats"]) == sorted(data.BOAT_IDS["centre"] + data.BOAT_IDS["end"])


def test_X3_M_S5_M_S6_M_S2_a_placed_layout_is_legal():
    """X3: 10 boats, none on a pontoon (M-S2) or overlapping (M-S5), no centre sailor on the border
    (M-S6), every heir at home."""
    for seed in range(6):
        state, _, _ = placed_game(4, seed)
        check_layout(state)
        assert [tuple(h) for h in state["heirs"]] == list(data.PONTOONS)


def test_M_S5_M_S6_placement_refuses_bad_squares_and_facings():
    state, _ = start(ENGINE, 4, None, random.Random(2))
    seat = state["turn"]
    assert legal(state, seat) == [{"type": "pick_boat", "kind": "centre"}, {"type": "pick_boat", "kind": "end"}]
    state, _ = act(state, seat, {"type": "pick_boat", "kind": "centre"})
    cells = {tuple(a["cell"]) for a in legal(state, seat) if a["type"] == "sailor_at"}
    assert (0, 4) not in cells and (4, 9) not in cells and (4, 4) in cells  # M-S6: no border sailor
    before = snapshot(state)
    for bad in ([0, 4], [9, 9], [10, 3]):
        with pytest.raises(IllegalAction):
            act(state, seat, {"type": "sailor_at", "cell": bad})
    assert snapshot(state) == before
    state, _ = act(state, seat, {"type": "sailor_at", "cell": [1, 1]})
    assert [a.get("dir") for a in legal(state, seat)] == ["N", "E", None]  # (0,0) is not touched by either
    state, _ = act(state, seat, {"type": "back"})
    state, _ = act(state, seat, {"type": "back"})
    assert state["placing"] == {}
    state, _ = act(state, seat, {"type": "pick_boat", "kind": "end"})
    state, _ = act(state, seat, {"type": "sailor_at", "cell": [0, 2]})
    dirs = [a["dir"] for a in legal(state, seat) if a["type"] == "facing"]
    assert "S" not in dirs and "W" not in dirs and "N" in dirs  # S would cover pontoon (0, 0) (M-S2)
    with pytest.raises(IllegalAction):
        act(state, seat, {"type": "facing", "dir": "S"})
    state, events = act(state, seat, {"type": "facing", "dir": "N"})
    assert events[0]["boat"] == {"id": "E1", "kind": "end", "s": [0, 2], "d": [0, 1]}
    assert state["turn"] == (seat + 1) % 4


def test_M_S7_every_kind_lies_once_in_a_stack_of_two():
    """M-S7: the 20 kinds are dealt at random, one stack of 2 per goods square."""
    layouts = set()
    for seed in range(3):
        state, _, _ = placed_game(3, seed)
        stacks = [stack for b in state["boats"] for stack in b["goods"]]
        assert sorted(kind for kind, _ in stacks) == list(range(20))
        assert all(count == 2 for _, count in stacks)
        layouts.add(tuple(kind for kind, _ in stacks))
    assert len(layouts) == 3


def test_M_S9_M_S10_basic_objectives_face_up_and_coins_by_turn_order():
    """M-S9: each seat draws one blue card face up; no red card. M-S10: coins 0, 1, 2, 3 by turn order."""
    state, events, _ = placed_game(4, 7)
    first = state["first"]
    cards = state["objective"]
    assert all(card in data.BLUE for card in cards) and len(set(cards)) == 4
    assert sorted(state["deck"] + cards) == sorted(data.BLUE)
    assert [state["coins"][(first + k) % 4] for k in range(4)] == [0, 1, 2, 3] and state["bank"] == 6
    assert types(events).count("objective_dealt") == 4 and state["phase"] == "play"
    assert ENGINE.view(state, None)["units"][1]["objective"] == cards[1]


def test_M_S11_boat_setup_option_players_by_default_or_random():
    """M-S11: `players` (default) leaves the placing to the seats; `random` lays a legal layout."""
    assert ENGINE.options()["properties"]["boat_setup"]["default"] == "players"
    state, _ = start(ENGINE, 3, None, random.Random(1))
    assert state["phase"] == "place" and state["boats"] == []
    shuffled, _ = start(ENGINE, 3, {"boat_setup": "random"}, random.Random(1))
    assert shuffled["phase"] == "play" and len(shuffled["boats"]) == 10
    check_layout(shuffled)


@pytest.mark.parametrize("players, options, target", [
    (2, {}, 3), (3, {}, 3), (4, {}, 2), (3, {"long_game": "off"}, 2), (4, {"long_game": "on"}, 3),
    (2, {"variant": "advanced"}, 3), (4, {"variant": "advanced"}, 3), (4, {"teams": True}, 4),
])
def test_M_V1_M_A6_M_G7_objectives_needed_to_win(players, options, target):
    """M-V1: 3 objectives at 2-3 players (option long_game, auto); M-A6: 3 in the advanced game;
    M-G7: 4 for a team."""
    state, _ = start(ENGINE, players, {"boat_setup": "random", **options}, random.Random(0))
    assert state["target"] == target


def test_teams_need_four_players_and_options_are_checked():
    with pytest.raises(IllegalAction):
        start(ENGINE, 3, {"teams": True}, random.Random(0))
    with pytest.raises(IllegalAction):
        start(ENGINE, 4, {"colour": "red"}, random.Random(0))
    with pytest.raises(IllegalAction):
        start(ENGINE, 5, None, random.Random(0))
