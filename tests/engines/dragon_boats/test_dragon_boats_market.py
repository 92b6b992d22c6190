"""Bidding (B-R2, B-B1..B-B8) and payment (B-P1..B-P18): examples A-D and the 2-player stall."""
import pytest

from dragon_boats_helpers import (ENGINE, act, acts, advance, boat_seats, give_cards, legal_types, position, types,
                                  vec, with_seat)
from engines.core import IllegalAction
from engines.dragon_boats import data

ORANGE, BLUE, PINK = 0, 1, 2


def payment(state, stacks):
    """Jump to the payment phase with `stacks` (bottom to top) and resolve up to the first prompt."""
    state = {**state, "step": "resolve", "actor": -1, "stacks": stacks,
             "resolving": {"stall": 0, "decided": False, "used": []}}
    state = {**state, "seats": [{**row, "discs": 0} for row in state["seats"]]}
    return advance(state, "resolve_next")


def test_B_R2_B_B1_bidding_goes_clockwise_one_disc_a_turn_and_skips_empty_hands():
    """B-R2 clockwise from the first player; B-B1 one disc per turn, seats without discs skipped, no pass."""
    state = position(first=2, actor=2, last=1)
    state = with_seat(state, 3, discs=0)
    order = []
    while state["step"] == "bid":
        seat = state["actor"]
        order.append(seat)
        assert "pass" not in legal_types(state, seat) and "done" not in legal_types(state, seat)
        state, _ = act(state, seat, {"type": "bid", "stall": "I"})
    assert order == [2, 0, 1, 2, 0, 1, 2, 0, 1]
    assert state["step"] != "bid"


def test_B_B2_three_discs_in_round_one():
    """B-B2: every seat bids with 3 discs in round 1 (its fourth is on a round card)."""
    state = position()
    assert [row["discs"] for row in state["seats"]] == [3, 3, 3, 3]
    placed = 0
    while state["step"] == "bid":
        state, _ = act(state, state["actor"], {"type": "private", "space": "money"} if placed % 5 == 0 else
                       {"type": "bid", "stall": data.STALLS[placed % 5]})
        placed += 1
    assert placed == 12


def test_B_B3_B_B4_B_B5_one_stack_per_stall_without_height_limit():
    """B-B3 a disc goes on a stall or a private space; B-B4 one stack per stall; B-B5 no limit (Example C)."""
    state = position()
    for seat in (0, 1, 2, 3, 0):
        state, _ = act(state, seat, {"type": "bid", "stall": "III"})
    assert state["stacks"][2] == [0, 1, 2, 3, 0]
    assert ENGINE.view(state, None)["stalls"][2]["price"] == 5
    assert {a["type"] for a in ENGINE.legal_actions(state, 1)} >= {"bid", "private"}


def test_X1_example_A_top_disc_resolves_first_and_pays_the_stack():
    """X1 (Example A): Orange on empty stall II, Blue on top; Blue first pays 2, Orange then pays 1."""
    state = position()
    state, _ = act(state, ORANGE, {"type": "bid", "stall": "II"})
    state, _ = act(state, BLUE, {"type": "bid", "stall": "II"})
    assert state["stacks"][1] == [ORANGE, BLUE]
    state, _ = payment(state, [[], [ORANGE, BLUE], [], [], []])
    assert state["actor"] == BLUE and state["resolving"]["stall"] == 1
    options = {a["kind"] for a in ENGINE.legal_actions(state, BLUE) if a["type"] == "buy"}
    assert options == {"cinnabar", "leather", "tea"}  # any of the 3 tiles


def test_X3_example_C_payment_blue_pays_two_orange_one_from_two_left():
    """X3 (Example C): Blue -2 money +1 tile, disc removed; Orange -1 money, chooses among the 2 left."""
    state = position()
    state, _ = payment(state, [[], [ORANGE, BLUE], [], [], []])
    state, events = act(state, BLUE, {"type": "buy", "kind": "tea"})
    assert state["seats"][BLUE]["money"] == 8 and state["seats"][BLUE]["offerings"] == vec("tea")
    if state["actor"] == BLUE:
        state, events = act(state, BLUE, {"type": "done"})
    assert state["stacks"][1] == [ORANGE] and state["actor"] == ORANGE
    assert {a["kind"] for a in ENGINE.legal_actions(state, ORANGE) if a["type"] == "buy"} == {"cinnabar", "leather"}
    state, _ = act(state, ORANGE, {"type": "buy", "kind": "leather"})
    assert state["seats"][ORANGE]["money"] == 9


def test_X2_example_B_private_money_space():
    """X2 (Example B) / B-B6: 1 tea stored and 3 money, the +2 money space -> 5 money, tea kept."""
    state = with_seat(position(), ORANGE, money=3, offerings=vec("tea"))
    state, _ = act(state, ORANGE, {"type": "private", "space": "money"})
    row = state["seats"][ORANGE]
    assert row["money"] == 5 and row["offerings"] == vec("tea") and row["discs"] == 2
    assert row["private"] == ["money"]


def test_B_B6_private_spaces_once_a_round_food_and_offering():
    """B-B6: each private space takes one disc a round; +1 food; +1 random offering from the bag."""
    state = position()
    state, _ = act(state, ORANGE, {"type": "private", "space": "food"})
    assert state["seats"][ORANGE]["food"] == 1 and state["food"] == 11
    state, _ = act(state, BLUE, {"type": "bid", "stall": "I"})
    state, _ = act(state, PINK, {"type": "bid", "stall": "I"})
    state, _ = act(state, 3, {"type": "bid", "stall": "I"})
    with pytest.raises(IllegalAction):
        act(state, ORANGE, {"type": "private", "space": "food"})
    bag = sum(state["bag"])
    state, _ = act(state, ORANGE, {"type": "private", "space": "offering"})
    assert sum(state["seats"][ORANGE]["offerings"]) == 1 and sum(state["bag"]) == bag - 1


def test_B_B7_card_M_does_not_double_the_private_money():
    """B-B7 / B-K-M: the private +2 money stays 2 with card M."""
    state = give_cards(with_seat(position(), ORANGE, money=0), ORANGE, "M")
    state, _ = act(state, ORANGE, {"type": "private", "space": "money"})
    assert state["seats"][ORANGE]["money"] == 2


def test_B_B8_a_stall_is_always_available():
    """B-B8: with every private space used, the five stalls remain."""
    state = with_seat(position(), ORANGE, private=list(data.PRIVATE_SPACES))
    assert {a["stall"] for a in ENGINE.legal_actions(state, ORANGE) if a["type"] == "bid"} == set(data.STALLS)


def test_B_P1_B_P2_stalls_resolve_I_to_V_top_down():
    """B-P1 stalls I..V in order; B-P2 each stack top down, each disc a turn of its owner."""
    state = position()
    state, _ = payment(state, [[2], [0, 1], [], [3], []])
    seen = []
    while state["step"] == "resolve":
        seat, stall = state["actor"], state["resolving"]["stall"]
        seen.append((data.STALLS[stall], seat))
        state, _ = act(state, seat, {"type": "take_money"})
        if state["step"] == "resolve" and state["actor"] == seat and state["resolving"]["stall"] == stall:
            state, _ = act(state, seat, {"type": "done"})
    assert seen == [("I", 2), ("II", 1), ("II", 0), ("IV", 3)]


def test_B_P3_X9_neutral_discs_raise_the_price_and_leave_without_effect():
    """B-P3 price = discs in the stack, neutral included; X9 / B-P6: a 2-player neutral disc adds 1."""
    state = position(players=2)
    assert state["stacks"][1] == [data.NEUTRAL]
    state, _ = payment(state, [[], [data.NEUTRAL, 0], [], [data.NEUTRAL], []])
    assert state["actor"] == 0 and state["resolving"]["stall"] == 1
    state, events = act(state, 0, {"type": "buy", "kind": "tea"})
    assert state["seats"][0]["money"] == 8  # 2 discs: own + neutral
    assert "neutral_removed" in types(events)
    assert all(owner != data.NEUTRAL for stack in state["stacks"][:2] for owner in stack)


def test_B_P4_one_tile_per_disc_from_its_own_stall():
    """B-P4: a buy takes one tile of the disc's stall; then only boarding or done remain."""
    state = position()
    state, _ = payment(state, [[0], [], [], [], []])
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "buy", "kind": "leather"})  # not in stall I
    state, _ = act(state, 0, {"type": "buy", "kind": "jade"})
    assert state["stalls"][0] == ["gold", "tea"]
    assert state["seats"][0]["offerings"] == vec("jade") and state["seats"][0]["money"] == 9


def test_B_P5_A20_refund_is_always_allowed_and_forced_when_the_stall_is_empty():
    """B-P5 / A20: not buying gives 1 money; with an empty stall or no money it is the only choice."""
    state = position(stalls=[[], ["tea"], ["jade"], ["gold"]])
    state = with_seat(state, 1, money=0)
    state, events = payment(state, [[0], [1], [2], [], []])
    # seats 0 and 1 had no choice: refunds taken automatically
    assert [e["seat"] for e in events if e["type"] == "took_money"] == [0, 1]
    assert state["seats"][0]["money"] == 11 and state["seats"][1]["money"] == 1
    assert state["actor"] == 2 and legal_types(state, 2) >= {"buy", "take_money"}


def test_B_P7_B_P8_B_P9_stall_V_exchange_charges_the_price_once():
    """B-P7(i) give an offering, draw one and a food; B-P8 the stack price once; B-P9 into the bag first."""
    state = with_seat(position(), 0, offerings=vec("jade"), treasure=1, money=5)
    state, _ = payment(state, [[], [], [], [], [1, 0]])
    assert state["actor"] == 0
    bag = list(state["bag"])
    state, events = act(state, 0, {"type": "exchange", "kind": "jade"}, seed=3)
    exchanged = events[0]
    assert exchanged["price"] == 2 and state["seats"][0]["money"] == 3 and state["seats"][0]["food"] == 1
    assert sum(state["seats"][0]["offerings"]) == 1 and sum(state["bag"]) == sum(bag)
    state, events = act(state, 0, {"type": "draw_card", "slot": 0}, seed=3)
    assert events[0]["price"] == 0 and state["seats"][0]["money"] == 3  # both options: one price
    assert "A" in state["seats"][0]["cards"] and state["seats"][0]["treasure"] == 0


def test_B_P9_the_given_offering_can_come_back():
    """B-P9: the given kind is in the bag when drawing, so it can be drawn again."""
    state = with_seat(position(bag=[0, 0, 0, 0, 0]), 0, offerings=vec("jade"))
    state, _ = payment(state, [[], [], [], [], [0]])
    state, events = act(state, 0, {"type": "exchange", "kind": "jade"})
    assert events[0]["got"] == "jade" and state["seats"][0]["offerings"] == vec("jade")


def test_B_P8_stall_V_without_an_option_refunds_and_price_option():
    """B-P8: no option used -> 1 money; A11: option stall_v_price = false makes stall V free."""
    state = with_seat(position(), 0, offerings=vec("jade"), money=0)
    state, events = payment(state, [[], [], [], [], [1, 0]])
    # it cannot pay 2, so the refund is its only choice and is taken at once
    assert [e["type"] for e in events if e.get("seat") == 0][:1] == ["took_money"]
    assert state["seats"][0]["money"] == 1
    free = with_seat(position(options={"stall_v_price": False}), 0, offerings=vec("jade"), money=0)
    free, _ = payment(free, [[], [], [], [], [1, 0]])
    free, events = act(free, 0, {"type": "exchange", "kind": "jade"})
    assert events[0]["price"] == 0


def test_B_P10_displayed_card_replaced_at_once_and_deck_draw_is_blind():
    """B-P10 the display refills from the deck; a deck draw is private to its owner (B-P7(ii))."""
    state = with_seat(position(), 0, treasure=2, money=9)
    state, _ = payment(state, [[], [], [], [], [0]])
    state, events = act(state, 0, {"type": "draw_card", "slot": 1})
    assert len(state["display"]) == 2 and "B" not in state["display"] and "B" in state["seats"][0]["cards"]
    assert events[0]["refill"] in state["display"]
    state = with_seat(position(), 0, treasure=1, money=9)
    state, _ = payment(state, [[], [], [], [], [0]])
    state, events = act(state, 0, {"type": "draw_card", "slot": "deck"}, seed=5)
    letter = events[0]["hand"]
    assert letter in state["seats"][0]["cards"] and state["display"] == ["A", "B"]
    assert "hand" not in ENGINE.redact(events[0], 1) and ENGINE.redact(events[0], 0)["hand"] == letter


def test_B_P11_boarding_during_resolution_and_in_the_final_round():
    """B-P11: board before or after the buy decision, and once more in the final boarding round."""
    state = with_seat(position(), 0, offerings=vec("gold", "leather", "tea", "cinnabar", "leather"))
    state, _ = payment(state, [[0], [], [], [], []])
    assert "board" in legal_types(state, 0) and "buy" in legal_types(state, 0)
    state, _ = act(state, 0, {"type": "board", "boat": 0, "place": 0, "omit": None})
    assert state["boats"][0]["seats"][0] == 0 and state["actor"] == 0
    state, _ = act(state, 0, {"type": "buy", "kind": "jade"})
    state, _ = act(state, 0, {"type": "done"})
    assert state["step"] == "final" and state["actor"] == 0  # can still board boat 3 (cinnabar + leather)
    assert legal_types(state, 0) >= {"board", "done"}
    state, _ = act(state, 0, {"type": "board", "boat": 3, "place": 2, "omit": None})
    assert state["boats"][3]["seats"][2] == 0
    assert state["step"] != "final"


def test_B_P12_B_P18_boarding_pays_the_exact_cost_back_into_the_bag():
    """B-P12 pay the topper's offerings; B-P18 they return to the bag; B-P17 a member from supply."""
    state = with_seat(position(), 0, offerings=vec("gold", "leather", "tea"))
    state, _ = payment(state, [[0], [], [], [], []])
    bag = list(state["bag"])
    state, events = act(state, 0, {"type": "board", "boat": 0, "place": 2, "omit": None})
    assert events[0]["paid"] == ["gold", "leather", "tea"] and state["seats"][0]["offerings"] == vec()
    assert [b - a for a, b in zip(bag, state["bag"])] == vec("gold", "leather", "tea")
    assert state["seats"][0]["members"] == 9


def test_X4_example_D_middle_seat_omits_one_printed_offering():
    """X4 (Example D) / B-P13: the middle seat of a jade+gold boat pays without the jade or without the gold."""
    state = with_seat(position(), PINK, offerings=vec("gold", "tea"))
    state, _ = payment(state, [[PINK], [], [], [], []])  # boat 2 costs gold + jade + tea
    boards = [a for a in ENGINE.legal_actions(state, PINK) if a["type"] == "board" and a["boat"] == 2]
    assert boards == [{"type": "board", "boat": 2, "place": 1, "omit": "jade"}]
    state = with_seat(state, PINK, offerings=vec("gold", "jade", "tea"))
    boards = [a for a in ENGINE.legal_actions(state, PINK) if a["type"] == "board" and a["boat"] == 2]
    assert {(a["place"], a["omit"]) for a in boards} == {(0, None), (2, None), (1, "gold"), (1, "jade"), (1, "tea")}
    state, events = act(state, PINK, {"type": "board", "boat": 2, "place": 1, "omit": "gold"})
    assert events[0]["paid"] == ["jade", "tea"] and state["seats"][PINK]["offerings"] == vec("gold")


def test_B_P14_several_boats_and_several_seats_of_one_boat():
    """B-P14: a seat may board several boats and, here, several seats of one boat."""
    state = with_seat(position(), 0, offerings=vec("cinnabar", "leather", "cinnabar", "leather", "cinnabar"))
    state, _ = payment(state, [[0], [], [], [], []])
    state, _ = act(state, 0, {"type": "board", "boat": 3, "place": 0, "omit": None})
    state, _ = act(state, 0, {"type": "board", "boat": 3, "place": 2, "omit": None})
    state, _ = act(state, 0, {"type": "board", "boat": 3, "place": 1, "omit": "leather"})
    assert state["boats"][3]["seats"] == [0, 0, 0]


def test_B_P15_a_boat_that_stayed_keeps_its_passengers_and_fills_up():
    """B-P15: a docked boat with members from an earlier round can be boarded on its empty seats."""
    state = boat_seats(position(), 2, [1, None, None])
    state = with_seat(state, 0, offerings=vec("gold", "jade", "tea"))
    state, _ = payment(state, [[0], [], [], [], []])
    places = {a["place"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "board" and a["boat"] == 2}
    assert places == {1, 2}


def test_B_P16_mountain_path_costs_any_three_offerings():
    """B-P16: pay any 3 offerings (one at a time) and wait on path A or B; any number per path."""
    state = with_seat(position(), 0, offerings=vec("jade", "jade", "tea", "gold"))
    state, _ = payment(state, [[0], [], [], [], []])
    state, _ = act(state, 0, {"type": "path", "path": "B"})
    assert legal_types(state, 0) == {"pay"}
    state, _ = acts(state, 0, {"type": "pay", "kind": "jade"}, {"type": "pay", "kind": "jade"},
                    {"type": "pay", "kind": "gold"})
    assert state["paths"]["B"] == [0] and state["seats"][0]["offerings"] == vec("tea")
    assert state["paying"] is None and state["seats"][0]["members"] == 9
    assert "path" not in legal_types(state, 0)


def test_B_P17_no_member_in_supply_no_boarding():
    """B-P17: boarding and paths need a house member in supply."""
    state = with_seat(position(), 0, offerings=vec("gold", "leather", "tea", "jade"), members=0)
    state, _ = payment(state, [[0], [], [], [], []])
    assert not legal_types(state, 0) & {"board", "path"}


def test_A35_no_boarding_while_bidding():
    """A35: boarding belongs to the payment phase."""
    state = with_seat(position(), 0, offerings=vec("gold", "leather", "tea"))
    assert not legal_types(state, 0) & {"board", "path", "buy"}
