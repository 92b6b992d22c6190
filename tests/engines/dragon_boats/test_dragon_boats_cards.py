"""The bonus cards one by one (B-K-A..B-K-U), the moving and storing wisdom tiles (B-W8, B-W9)."""
import pytest

from dragon_boats_helpers import (ENGINE, act, advance, boat_seats, explore, give_cards, legal_types, position,
                                  vec, with_seat)
from engines.core import IllegalAction
from engines.dragon_boats import data

W1 = {"point": "before_mountain", "passed": [], "then": "climb_next"}


def choose(state, seat, *values):
    for value in values:
        state, _ = act(state, seat, {"type": "choose", "value": value})
    return state


def at_w1(state):
    return advance(explore(state, window=dict(W1)), "window_next")[0]


def payment(state, stacks):
    state = {**state, "step": "resolve", "actor": -1, "stacks": stacks,
             "resolving": {"stall": 0, "decided": False, "used": []},
             "seats": [{**row, "discs": 0} for row in state["seats"]]}
    return advance(state, "resolve_next")[0]


def test_B_K_A_steer_to_any_free_port_without_being_aboard():
    """B-K-A: before a boat is steered, the holder (not aboard) sends it to any port not reached (W2)."""
    state = boat_seats(boat_seats(position(), 0, [0, 1, None]), 2, [1, 2, 0])
    state = give_cards(state, 3, "A")
    state, _ = advance(explore(state), "depart_next")
    assert state["step"] == "window" and state["actor"] == 3 and state["arrived"] == 0
    state, _ = act(state, 3, {"type": "play", "card": "A"})
    assert len(ENGINE.legal_actions(state, 3)) == 8
    state, events = act(state, 3, {"type": "choose", "value": "S.PE"})
    assert state["boats"][0]["port"] == "S.PE" and "S.PE" in state["reached"]
    departures = []
    while state["step"] == "move":
        state, events = act(state, state["actor"], {"type": "stop"})
        departures += [(e["boat"], e["port"]) for e in events if e["type"] == "boat_departed"]
    # boat 2 (CSE) can no longer reach S.PE: it sails to E.PE without a choice (B-X6)
    assert departures == [(2, "E.PE")]


def test_B_K_B_rearrange_a_boat_in_a_turn_or_before_the_mountain():
    """B-K-B: reseat one boat's members as the holder likes, aboard or not (T, W1)."""
    state = give_cards(boat_seats(position(), 1, [1, None, 2]), 0, "B")
    assert "play" in legal_types(state, 0)
    state, _ = act(state, 0, {"type": "play", "card": "B"})
    assert {a["value"] for a in ENGINE.legal_actions(state, 0)} == {1}
    state, _ = act(state, 0, {"type": "choose", "value": 1})
    assert [2, None, 1] in [a["value"] for a in ENGINE.legal_actions(state, 0)]
    state, _ = act(state, 0, {"type": "choose", "value": [None, 2, 1]})
    assert state["boats"][1]["seats"] == [None, 2, 1] and state["step"] == "bid" and state["actor"] == 0
    assert "B" in state["seats"][0]["used"]
    window = at_w1(give_cards(boat_seats(position(), 1, [1, None, 2]), 3, "B"))
    assert window["actor"] == 3 and "play" in legal_types(window, 3)


def test_B_K_C_cut_in_line_disembarks_first():
    """B-K-C: the holder's member in the rear seat goes ashore first (W3)."""
    state = give_cards(boat_seats(position(), 1, [1, 2, 0]), 0, "C")
    state, _ = advance(explore(state), "depart_next")
    state, _ = act(state, 0, {"type": "steer", "port": "N.PE"})
    assert state["step"] == "window" and state["window"]["point"] == "before_disembark" and state["actor"] == 0
    state, _ = act(state, 0, {"type": "play", "card": "C"})
    state, events = act(state, 0, {"type": "choose", "value": 2})
    assert state["step"] == "move" and state["moving"]["seat"] == 0
    state, _ = act(state, 0, {"type": "stop"})
    assert state["moving"]["seat"] == 1  # then front to rear as usual


def test_B_K_D_swap_discs_while_bidding_only():
    """B-K-D: reorder one stall's stack top to bottom in a bidding turn; never in the payment phase."""
    state = give_cards(position(stacks=[[1, 2, 3], [], [], [], []]), 0, "D")
    state, _ = act(state, 0, {"type": "play", "card": "D"})
    assert [a["value"] for a in ENGINE.legal_actions(state, 0)] == [0]
    state = choose(state, 0, 0, 1, 3)
    assert [a["value"] for a in ENGINE.legal_actions(state, 0)] == [2]
    state = choose(state, 0, 2)
    assert state["stacks"][0] == [2, 3, 1] and state["step"] == "bid" and state["actor"] == 0
    later = payment(give_cards(position(), 0, "D"), [[1, 2, 0], [], [], [], []])
    assert later["step"] == "resolve" and later["actor"] == 0
    assert "play" not in legal_types(later, 0)  # never in the payment phase


def test_B_K_E_storage_card_keeps_one_more():
    """B-K-E: four offerings may be kept with card E."""
    state = with_seat(position(), 0, offerings=vec("jade", "jade", "tea", "tea"))
    state, _ = advance({**state, "step": "window", "actor": -1}, "storage_start")
    assert "done" not in legal_types(state, 0)
    state = give_cards(state, 0, "E")
    assert "done" in legal_types(state, 0)


def test_B_K_F_forced_trade_holder_chooses_both_items():
    """B-K-F / A23: take an offering of the holder's choice from another seat, give one of its own."""
    state = give_cards(with_seat(with_seat(position(), 0, offerings=vec("jade")), 2, offerings=vec("gold", "tea")), 0, "F")
    state, _ = act(state, 0, {"type": "play", "card": "F"})
    assert [a["value"] for a in ENGINE.legal_actions(state, 0)] == [2]  # only seat 2 has offerings
    state = choose(state, 0, 2, "gold", "jade")
    assert state["seats"][0]["offerings"] == vec("gold")
    assert state["seats"][2]["offerings"] == vec("jade", "tea")
    empty = give_cards(with_seat(position(), 2, offerings=vec("gold")), 0, "F")
    assert "play" not in legal_types(empty, 0)  # needs an offering of its own


def test_B_K_G_switch_boats_in_a_turn_and_onto_the_arrived_boat():
    """B-K-G: move an own member to an empty seat of another boat (T); at W3 onto the unloading boat."""
    state = give_cards(boat_seats(position(), 0, [0, None, None]), 0, "G")
    state, _ = act(state, 0, {"type": "play", "card": "G"})
    state = choose(state, 0, [0, 0], [1, 2])
    assert state["boats"][0]["seats"] == [None, None, None] and state["boats"][1]["seats"] == [None, None, 0]
    state = boat_seats(boat_seats(position(), 1, [1, 2, None]), 3, [0, None, None])
    state, _ = advance(explore(give_cards(state, 0, "G")), "depart_next")
    # W2 has nobody; boat 1 steers, then W3 asks the G holder
    state, _ = act(state, 2, {"type": "steer", "port": "N.PE"})
    assert state["actor"] == 0 and state["window"]["point"] == "before_disembark"
    state, _ = act(state, 0, {"type": "play", "card": "G"})
    state = choose(state, 0, [3, 0], [1, 2])
    walkers = []
    while state["step"] == "move":
        walkers.append(state["moving"]["seat"])
        state, _ = act(state, state["actor"], {"type": "stop"})
    assert walkers == [1, 2, 0]


def test_B_K_H_first_boat_leaves_before_higher_beats():
    """B-K-H: at W1 a ready boat carrying the holder's member departs first, whatever its beats."""
    state = boat_seats(boat_seats(position(), 0, [1, 2, None]), 1, [0, 3, None])
    state = at_w1(give_cards(state, 0, "H"))
    assert state["actor"] == 0
    state, _ = act(state, 0, {"type": "play", "card": "H"})
    assert [a["value"] for a in ENGINE.legal_actions(state, 0)] == [1]
    state = choose(state, 0, 1)
    assert state["boats"][1]["first"]
    assert state["step"] == "steer" and state["arrived"] == 1  # 7 beats before 11


def test_B_K_I_jump_ship_swaps_two_members_of_different_boats():
    """B-K-I: swap two members (any colours) on two different boats (T, W1)."""
    state = give_cards(boat_seats(boat_seats(position(), 0, [1, None, None]), 2, [None, 3, None]), 0, "I")
    state, _ = act(state, 0, {"type": "play", "card": "I"})
    assert sorted(a["value"] for a in ENGINE.legal_actions(state, 0)) == [[0, 0], [2, 1]]
    state = choose(state, 0, [0, 0], [2, 1])
    assert state["boats"][0]["seats"][0] == 3 and state["boats"][2]["seats"][1] == 1


def walk_from_pe(state, seat, *nodes):
    state = boat_seats(state, 1, [seat, (seat + 1) % 4, None])
    state, _ = advance(explore(state), "depart_next")
    state, _ = act(state, (seat + 1) % 4, {"type": "steer", "port": "N.PE"})
    for node in nodes:
        state, _ = act(state, seat, {"type": "step", "node": node})
    return state


def test_B_K_J_extra_food():
    """B-K-J: 2 food per food space."""
    state = walk_from_pe(give_cards(with_seat(position(), 0, food=2), 0, "J"), 0, "N.g", "N.f", "N.e")
    assert state["seats"][0]["food"] == 2 - 1 + 2  # the 4th step cost a food


def test_B_K_K_extra_treasure():
    """B-K-K: 2 treasures per treasure space."""
    state = walk_from_pe(give_cards(position(), 0, "K"), 0, "N.g", "N.f")
    assert state["seats"][0]["treasure"] == 2 and state["treasure"] == 10


def test_B_K_M_extra_money():
    """B-K-M: 2 money per money space (see also B-B7 for the private action)."""
    state = walk_from_pe(give_cards(position(), 0, "M"), 0, "N.h")
    assert state["seats"][0]["money"] == 12


def test_B_K_P_take_three():
    """B-K-P / A24: +1 random offering, +1 food, +1 treasure, in the holder's turn."""
    state = give_cards(position(), 0, "P", hidden=True)
    state, events = act(state, 0, {"type": "play", "card": "P"})
    row = state["seats"][0]
    assert (sum(row["offerings"]), row["food"], row["treasure"]) == (1, 1, 1)
    assert events[0] == {"type": "card_played", "seat": 0, "card": "P"} and row["hidden"] == []
    assert state["step"] == "bid" and state["actor"] == 0  # the turn goes on


def test_B_K_R_send_boat_with_one_passenger():
    """B-K-R: at W1 a boat with exactly one passenger is made to depart this round, in beats order."""
    state = boat_seats(boat_seats(position(), 3, [2, None, None]), 0, [0, 1, None])
    state = at_w1(give_cards(state, 2, "R"))
    state, _ = act(state, 2, {"type": "play", "card": "R"})
    state = choose(state, 2, 3)
    assert state["boats"][3]["sent"] and state["arrived"] == 0  # boat 0 (11 beats) still first
    state, _ = act(state, 1, {"type": "steer", "port": "N.PW"})
    while state["arrived"] == 0 and state["step"] == "move":
        state, _ = act(state, state["actor"], {"type": "stop"})
    assert state["arrived"] == 3


def test_B_K_S_island_hopper_swaps_two_single_farmers():
    """B-K-S / A25: swap two single farmers of different colours; tiles stay; groups may form."""
    farmers = {"N.F1": 0, "N.F3": 1, "N.F4": 0, "E.F1": 1, "E.F2": 1}
    state = give_cards(position(farmers=farmers), 2, "S")
    state = {**state, "actor": 2}
    state, _ = act(state, 2, {"type": "play", "card": "S"})
    assert sorted(a["value"] for a in ENGINE.legal_actions(state, 2)) == ["N.F1", "N.F3", "N.F4"]
    state = choose(state, 2, "N.F1", "N.F3")
    assert state["farmers"]["N.F3"] == 0 and state["farmers"]["N.F1"] == 1
    from engines.dragon_boats.scoring import groups
    assert groups(state["farmers"], 0) == [2]  # N.F3 and N.F4 are neighbours now


def test_B_K_U_extra_move_four_free_steps():
    """B-K-U: 4 free steps instead of 3; the 5th step costs a food card."""
    assert walk_from_pe(position(), 0)["moving"]["free"] == 3
    state = walk_from_pe(give_cards(with_seat(position(), 0, food=1), 0, "U"), 0, "N.g", "N.f", "N.e")
    assert state["moving"]["free"] == 4 and state["seats"][0]["food"] == 1 + 1  # e gave a food, no step paid
    state, events = act(state, 0, {"type": "step", "node": "N.d"})
    assert events[0]["food"] == 1


def test_B_W8_sage_of_the_road_one_more_free_step():
    """B-W8: +1 free step, also on the mountain; with card U: 5."""
    assert walk_from_pe(with_seat(position(), 0, wisdom=[8]), 0)["moving"]["free"] == 4
    assert walk_from_pe(give_cards(with_seat(position(), 0, wisdom=[8]), 0, "U"), 0)["moving"]["free"] == 5
    state = with_seat(explore(position(), paths={"A": [0], "B": []}), 0, wisdom=[8], members=9)
    state, _ = advance(state, "climb_next")
    assert state["moving"]["free"] == 4


def test_B_W9_sage_of_the_storehouse_keeps_two_more():
    """B-W9: five offerings may be kept."""
    state = with_seat(position(), 0, offerings=vec("jade", "jade", "tea", "tea", "gold"), wisdom=[9])
    state, _ = advance({**state, "step": "window", "actor": -1}, "storage_start")
    assert "done" in legal_types(state, 0)


def test_hidden_cards_are_seen_by_their_owner_only_until_played():
    """Section 4: a blind card is private; playing it makes it public."""
    state = give_cards(position(), 0, "P", hidden=True)
    assert ENGINE.view(state, 0)["players"][0]["hand"] == ["P"]
    other = ENGINE.view(state, 1)["players"][0]
    assert "hand" not in other and other["cards_hidden"] == 1 and other["cards_known"] == []
    state, _ = act(state, 0, {"type": "play", "card": "P"})
    assert ENGINE.view(state, 1)["players"][0]["cards_known"] == ["P"]


def test_B_K_26_interactive_cards_option():
    """B-K-26: without interactive cards the deck has 20 cards."""
    from engines.dragon_boats.setup import deck_for
    assert len(deck_for({"interactive_cards": False})) == 20 and len(deck_for({})) == 26


def test_the_interactive_cards_option_names_the_cards_it_keeps():
    """B-V3: the create form says which cards the option keeps by name, not by bare letters."""
    words = ENGINE.options()["properties"]["interactive_cards"]["description"]
    assert all(f"{letter} {data.CARDS[letter]['name']}" in words for letter in data.INTERACTIVE), words


@pytest.mark.parametrize("letter, windows", [
    ("A", {"before_steer"}), ("B", {"bid", "turn", "before_mountain"}), ("C", {"before_disembark"}),
    ("D", {"bid"}), ("F", {"bid", "turn"}), ("G", {"bid", "turn", "before_mountain", "before_disembark"}),
    ("H", {"before_mountain"}), ("I", {"bid", "turn", "before_mountain"}), ("P", {"bid", "turn"}),
    ("R", {"before_mountain"}), ("S", {"bid", "turn"}),
])
def test_A21_each_one_time_card_has_its_windows(letter, windows):
    """A21 / B-X15: T = own turns (bidding, resolutions, final boarding), W1/W2/W3 explore points."""
    from engines.dragon_boats.cards import fits
    points = {"bid", "turn", "before_mountain", "before_steer", "before_disembark"}
    assert {point for point in points if fits(letter, point)} == windows


def test_B_X15_the_interrupted_seats_wait_while_the_card_holder_decides():
    """B-X15: between two passengers of other seats, only the G holder acts; the walkers wait."""
    state = boat_seats(boat_seats(position(), 1, [1, 2, None]), 3, [0, None, None])
    state, _ = advance(explore(give_cards(state, 0, "G")), "depart_next")
    state, _ = act(state, 2, {"type": "steer", "port": "N.PE"})
    assert ENGINE.to_act(state) == {0} and state["moving"] is None
    state, _ = act(state, 0, {"type": "pass"})
    assert ENGINE.to_act(state) == {1} and state["moving"]["seat"] == 1
    state, _ = act(state, 1, {"type": "stop"})
    assert ENGINE.to_act(state) == {0}  # asked again before the next passenger
    with pytest.raises(IllegalAction):
        act(state, 2, {"type": "stop"})
