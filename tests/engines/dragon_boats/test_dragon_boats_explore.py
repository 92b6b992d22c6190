"""The explore phase (B-X1..B-X15): the mountain, departures, steering, walking, rewards (Example E)."""
import pytest

from dragon_boats_helpers import (ENGINE, act, advance, boat_seats, explore, give_cards, legal_types,
                                  position, types, with_seat)
from engines.core import IllegalAction
from engines.dragon_boats import data

ORANGE = 0


def climbing(paths, **fields):
    state = explore(position(**fields), paths=paths)
    for seat in paths["A"] + paths["B"]:
        state = with_seat(state, seat, members=state["seats"][seat]["members"] - 1)
    return advance(state, "climb_next")


def sailing(boats: dict, **fields):
    """Members on boats (index -> seats), then the departures start."""
    state = position(**fields)
    for index, seats in boats.items():
        state = boat_seats(state, index, seats)
    return advance(explore(state), "depart_next")


def step(state, node, seed=0):
    return act(state, state["actor"], {"type": "step", "node": node}, seed)


def test_B_X1_path_A_in_order_placed_then_path_B():
    """B-X1: all of path A in placing order, then path B."""
    state, _ = climbing({"A": [2, 0], "B": [1]})
    order = []
    while state["step"] == "move":
        order.append((state["moving"]["seat"], state["moving"]["node"]))
        state, _ = act(state, state["actor"], {"type": "stop"})
    assert order == [(2, "A1"), (0, "A1"), (1, "B1")]
    assert all(row["members"] == 10 for row in state["seats"])  # each went home


def test_B_X2_mountain_steps_from_the_path_foot():
    """B-X2: A1 is the first step; W1/W2 in 2 steps, W3 in 3, W4 needs a food card."""
    state, _ = climbing({"A": [0], "B": []})
    assert state["moving"]["node"] == "A1" and state["moving"]["steps"] == 1
    assert {a["node"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "step"} == {"A2", "W1", "W2"}
    state, _ = step(state, "A2")
    state, _ = step(state, "A3")
    assert state["moving"] is None and state["seats"][0]["members"] == 10  # no food: nowhere left to go
    fed, _ = climbing({"A": [0], "B": []})
    fed = with_seat(fed, 0, food=1)
    fed, _ = step(fed, "A2")
    fed, _ = step(fed, "A3")
    fed, events = step(fed, "W4")
    assert events[0]["food"] == 1 and fed["farmers"]["W4"] == 0 and fed["seats"][0]["wisdom"] == [4]


def test_B_X3_B_X4_ready_boats_leave_by_beats_and_one_at_a_time():
    """B-X3 passengers >= minimum (others stay docked); B-X4 highest beats first, each emptied before the next."""
    state, events = sailing({0: [0, None, 1], 1: [2, 3, None], 2: [1, None, None]})
    assert state["step"] == "steer" and state["arrived"] == 0  # 11 beats before 7
    order = []
    while state["step"] != "storage":
        if state["step"] == "steer":
            order.append(state["arrived"])
        legal = ENGINE.legal_actions(state, state["actor"])
        state, _ = act(state, state["actor"], legal[-1] if state["step"] == "move" else legal[0])
    assert order == [0, 1]
    assert state["boats"][2]["seats"] == [1, None, None] and not state["boats"][2]["sailed"]


def test_B_X3_last_round_every_boat_with_a_passenger_departs():
    """B-X3: in the last round a single passenger is enough; an empty boat stays."""
    state, _ = sailing({3: [None, 2, None]}, round=6)
    assert state["arrived"] == 3 and state["step"] == "steer" and state["actor"] == 2
    state, _ = act(state, 2, {"type": "steer", "port": "S.PW"})
    assert state["boats"][3]["sailed"] and state["step"] == "move" and state["moving"]["seat"] == 2


def test_B_X5_rearmost_passenger_steers():
    """B-X5: the rear seat steers, else the rearmost occupant."""
    state, _ = sailing({0: [0, None, 1]})
    assert state["step"] == "steer" and state["actor"] == 1
    assert {a["port"] for a in ENGINE.legal_actions(state, 1)} == {"N.PW", "W.PW"}
    state, _ = sailing({0: [0, 2, None]})
    assert state["actor"] == 2


def test_B_X6_a_reached_port_is_closed():
    """B-X6 / A15: a port reached this round cannot be chosen; one route left means no choice."""
    state = boat_seats(position(), 0, [0, 1, None])
    state, events = advance(explore(state, reached=["W.PW"]), "depart_next")
    departed = next(e for e in events if e["type"] == "boat_departed")
    assert departed["port"] == "N.PW"


def test_B_X7_disembark_front_then_middle_then_rear():
    """B-X7: front, middle, rear, each finishing its walk first."""
    state, _ = sailing({1: [2, 3, 1]})
    state, _ = act(state, 1, {"type": "steer", "port": "N.PE"})
    order = []
    while state["step"] == "move":
        order.append(state["moving"]["seat"])
        state, _ = act(state, state["actor"], {"type": "stop"})
    assert order == [2, 3, 1]


def test_X5_example_E_three_free_steps_then_a_food_for_the_farm():
    """X5 (Example E): PW -> a (offering) -> b (treasure) free; 1 food more onto F1, its tile kept."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state = with_seat(state, ORANGE, food=1)
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    assert state["moving"] == {"seat": ORANGE, "node": "N.PW", "visited": ["N.PW"], "steps": 1, "free": 3, "boat": 0}
    state, events = step(state, "N.a")
    assert sum(state["seats"][ORANGE]["offerings"]) == 1
    state, events = step(state, "N.b")
    assert state["seats"][ORANGE]["treasure"] == 1
    stop_here = act(state, ORANGE, {"type": "stop"})[0]  # the other choice: home, rewards kept
    assert stop_here["seats"][ORANGE]["members"] == 10 and stop_here["seats"][ORANGE]["treasure"] == 1
    tile = state["tiles"]["N.F1"]
    state, events = step(state, "N.F1")
    assert types(events)[:2] == ["moved", "hex_taken"] and events[0]["food"] == 1
    assert (events[0]["from_node"], events[0]["node"]) == ("N.b", "N.F1")  # each step says from where to where
    row = state["seats"][ORANGE]
    assert row["food"] == 0 and row["farms"][data.FARM_INDEX[tile]] == 1 and state["farmers"]["N.F1"] == ORANGE
    assert "N.F1" not in state["tiles"] and row["members"] == 9


def test_B_X8_B_X13_free_steps_then_one_food_each():
    """B-X8 three free steps (port first); B-X13 beyond them a step needs a food card."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    state, _ = step(state, "N.k")
    state, _ = step(state, "N.j")
    # no food: after 3 steps it went home (B-X12); the next passenger walks
    assert state["moving"]["seat"] == 1 and state["seats"][ORANGE]["members"] == 10


def test_B_X9_entering_land_ends_the_move():
    """B-X9: the member stays as a farmer; the next passenger moves."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    state, _ = step(state, "N.F5")
    assert state["farmers"]["N.F5"] == ORANGE and state["moving"]["seat"] == 1


def test_B_X10_rewards_money_food_treasure_offering_and_card():
    """B-X10: each reward space pays once entered; the bonus card is drawn blind."""
    state, _ = sailing({1: [ORANGE, 1, None]})
    state = with_seat(state, ORANGE, food=5)
    state, _ = act(state, 1, {"type": "steer", "port": "N.PE"})
    state, _ = step(state, "N.h")
    assert state["seats"][ORANGE]["money"] == 11
    state, _ = step(state, "N.PE") if False else (state, [])
    state, _ = step(state, "N.i")
    state, _ = step(state, "N.j")
    state, _ = step(state, "N.k")
    assert state["seats"][ORANGE]["money"] == 12
    # from PE upwards: g (offering), f (treasure), e (food), d (card)
    state, _ = sailing({1: [ORANGE, 1, None]})
    state = with_seat(state, ORANGE, food=5)
    state, _ = act(state, 1, {"type": "steer", "port": "N.PE"})
    state, _ = step(state, "N.g")
    state, _ = step(state, "N.f")
    state, _ = step(state, "N.e")
    state, events = step(state, "N.d", seed=4)
    row = state["seats"][ORANGE]
    assert sum(row["offerings"]) == 1 and row["treasure"] == 1 and row["food"] == 5 - 1 + 1 - 1
    drawn = next(e for e in events if e["type"] == "card_drawn")
    assert drawn["hand"] in row["cards"] and "hand" not in ENGINE.redact(drawn, 1)


def test_B_X11_no_revisits_and_no_occupied_land():
    """B-X11: never the same space twice, never a land hex with a farmer."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state = {**state, "farmers": {"N.F1": 2}}
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    nodes = {a["node"] for a in ENGINE.legal_actions(state, ORANGE) if a["type"] == "step"}
    assert nodes == {"N.F5", "N.a", "N.k"}
    state, _ = step(state, "N.a")
    nodes = {a["node"] for a in ENGINE.legal_actions(state, ORANGE) if a["type"] == "step"}
    assert nodes == {"N.b"}  # not back to PW, not onto F1
    with pytest.raises(IllegalAction):
        step(state, "N.PW")


def test_B_X12_stop_keeps_rewards_and_goes_home():
    """B-X12: stopping on a road returns the member to supply with its rewards."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    state, _ = step(state, "N.k")
    state, events = act(state, ORANGE, {"type": "stop"})
    assert types(events)[0] == "member_returned"
    assert state["seats"][ORANGE]["money"] == 11 and state["seats"][ORANGE]["members"] == 10


def test_B_X14_a_reward_the_supply_cannot_pay_is_lost():
    """B-X14 / A38: no treasure left in the supply, nothing gained."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state = {**state, "treasure": 0}
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    state, _ = step(state, "N.a")
    state, events = step(state, "N.b")
    assert state["seats"][ORANGE]["treasure"] == 0


def test_B_X15_only_holders_of_a_usable_card_are_asked_in_turn_order():
    """B-X15: at W1, of seats whose cards are all shown, only those with a usable one are asked
    (turn order); the others wait. (A seat with a hidden card is always asked: see
    test_dragon_boats_hidden_prompts.)"""
    state = boat_seats(position(first=1), 1, [2, None, None])
    state = give_cards(give_cards(state, 3, "R"), 0, "J")  # J is permanent: never asked
    state = explore(state, window={"point": "before_mountain", "passed": [], "then": "climb_next"})
    state, _ = advance(state, "window_next")
    assert state["step"] == "window" and ENGINE.to_act(state) == {3}
    assert legal_types(state, 3) == {"play", "pass"}
    state, events = act(state, 3, {"type": "pass"})
    assert "passed" in types(events) and state["step"] != "window"


def test_A14_card_C_G_window_between_disembarks_is_skipped_without_cards():
    """A14/A16: with nobody holding C or G the passengers walk one after another without prompts."""
    state, _ = sailing({0: [ORANGE, 1, None]})
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    state, _ = act(state, ORANGE, {"type": "stop"})
    assert state["step"] == "move" and state["moving"]["seat"] == 1
