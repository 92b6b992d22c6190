"""Phase 3 (resupply) and phase 4 (the sealed-bid auction)."""
import pytest

from engines.core import IllegalAction, find_leaks
from tests.engines.dschunke.helpers import ENGINE, act, at, edit, new_game, phase, play_until, snapshot

EXTRA_SUPPLY, BARGAIN = 0, 6  # card ids (see data.SPECIALS)


def at_resupply(**fields):
    state = play_until(new_game(4, seed=2)[0], at("resupply", 1))
    return edit(state, **fields) if fields else state


def test_resupply_in_turn_order_one_card_per_supply_card():
    state = at_resupply()
    order = state.order()
    assert state.queue == order
    for seat in order:
        hand = sum(state.hands[seat])
        assert ENGINE.to_act(state) == {seat}
        for _ in range(2):
            state, events = act(state, seat, {"type": "take", "kind": "white"})
            assert events[0]["count"] == 1
        assert sum(state.hands[seat]) == hand + 2
    assert phase(state) == "bartering"


def test_extra_supply_card_adds_a_card_and_is_shown():
    state = play_until(new_game(4, seed=2)[0], at("actions", 1))
    seat = state.start
    specials = [list(s) for s in state.specials]
    specials[seat] = [EXTRA_SUPPLY]
    stacks = [[c for c in stack if c != EXTRA_SUPPLY] for stack in state.stacks]
    state = play_until(edit(state, specials=specials, stacks=stacks), at("resupply", 1))
    assert state.shown[seat] == (EXTRA_SUPPLY,)
    assert state.step == ("take", 3, -1, True)
    assert ENGINE.view(state, (seat + 1) % 4)["players"][seat]["supply_cards"] == 3


def at_bidding(market=1, hands=None, **fields):
    state = play_until(new_game(4, seed=3)[0], at("bartering", 1))
    hands = hands or state.hands
    bids = [None if sum(hand) else [0, 0, 0, 0] for hand in hands]  # an empty hand shows an empty fist
    return edit(state, market=market, hands=hands, bids=bids, money=[0, 0, 0, 0], **fields)


def bid(state, seat, **cards):
    return act(state, seat, {"type": "bid", "cards": cards})


def test_bartering_example_of_the_book():
    """Card brown/S, white/4, orange/1, purple/2. A bids 1 white, B and C 3 orange each, D 4 brown."""
    hands = [[0, 2, 1, 1], [0, 0, 3, 1], [1, 0, 3, 2], [4, 0, 0, 1]]
    state = at_bidding(market=1, hands=hands)
    assert ENGINE.to_act(state) == {0, 1, 2, 3}
    state, _ = bid(state, 0, white=1)
    state, _ = bid(state, 1, orange=3)
    state, _ = bid(state, 2, orange=3)
    stocks = state.stocks
    state, events = bid(state, 3, brown=4)
    reveal = events[1]
    assert reveal["type"] == "bids_revealed"
    assert [b["cards"] for b in reveal["revealed_bids"]] == [{"white": 1}, {"orange": 3}, {"orange": 3}, {"brown": 4}]
    assert state.money == (4, 0, 0, 0)  # B and C split 1 Yuan: the fractions are lost
    assert reveal["s_winner"] == 3
    line = ENGINE.describe(reveal)
    assert "fish (brown) to {seat3} (a special card)" in line and "rice (white) to {seat0} (4 Yuan)" in line
    assert "spice (orange) to {seat1}, {seat2} (0 Yuan each)" in line
    # every card bid goes back to its junk, won or lost
    assert state.stocks == (stocks[0] + 4, stocks[1] + 1, stocks[2] + 6, stocks[3])
    assert state.hands == ((0, 1, 1, 1), (0, 0, 0, 1), (1, 0, 0, 2), (0, 0, 0, 1))
    # D searches a stack of his choice for a special card
    assert phase(state) == "special reward" and ENGINE.to_act(state) == {3}
    state, _ = act(state, 3, {"type": "search", "stack": 2})
    card = ENGINE.legal_actions(state, 3)[0]["card"]
    state, _ = act(state, 3, {"type": "pick", "card": card})
    assert card in state.specials[3]
    # brown, white and orange are covered; a last bidding round only for purple
    assert ENGINE.view(state, 0)["market"]["covered"] == ["brown", "white", "orange"]
    assert phase(state) == "bartering"
    kinds = {kind for a in ENGINE.legal_actions(state, 2) for kind in a["cards"]}
    assert {a["type"] for a in ENGINE.legal_actions(state, 2)} == {"bid"}
    assert [a["cards"] for a in ENGINE.legal_actions(state, 2)][:3] == [{}, {"purple": 1}, {"purple": 2}]
    assert kinds == {"purple", "brown"}  # brown only in the one void (bluff) option
    for seat, count in enumerate([0, 1, 2, 0]):
        state, events = bid(state, seat, **({"purple": count} if count else {}))
    assert state.money == (4, 0, 2, 0)
    # round 2's phase 1 asks D, who holds a special card nobody else knows (issue 13)
    assert phase(state) == "exchange" and state.round == 2 and state.queue == (3,)
    state, _ = act(state, 3, {"type": "done"})
    assert phase(state) == "actions"


def test_a_tie_on_the_special_card_gives_nothing():
    hands = [[3, 0, 0, 1], [3, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1]]
    state = at_bidding(market=1, hands=hands)
    specials = [len(s) for s in state.specials]
    for seat, cards in enumerate([{"brown": 3}, {"brown": 3}, {}, {}]):
        state, events = bid(state, seat, **cards)
    reveal = next(e for e in events if e["type"] == "bids_revealed")
    assert reveal["s_winner"] is None and reveal["results"][0]["winners"] == [0, 1]
    assert [len(s) for s in state.specials] == specials
    assert "brown" in ENGINE.view(state, 0)["market"]["covered"]


def test_money_is_split_between_tied_winners():
    hands = [[0, 2, 0, 0], [0, 2, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    state = at_bidding(market=1, hands=hands)
    for seat, cards in enumerate([{"white": 2}, {"white": 2}, {}, {}]):
        state, _ = bid(state, seat, **cards)
    assert state.money[:2] == (2, 2)


def test_a_bid_of_two_kinds_is_void_and_returns_to_the_hand():
    hands = [[1, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    state = at_bidding(market=1, hands=hands)
    state, _ = bid(state, 0, brown=1, white=1)
    state, _ = bid(state, 1, white=1)
    state, events = bid(state, 3)
    reveal = events[1]
    assert reveal["revealed_bids"][0] == {"seat": 0, "cards": {"brown": 1, "white": 1}, "void": True}
    assert state.hands[0] == (1, 1, 0, 0) and state.money[1] == 4


def test_a_bid_on_a_sold_kind_is_void():
    hands = [[0, 1, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]]
    state = at_bidding(market=1, hands=hands, covered=0b0010)
    state, _ = bid(state, 0, white=1)
    state, _ = bid(state, 1)
    state, _ = bid(state, 2)
    state, events = bid(state, 3)
    assert events[1]["revealed_bids"][0]["void"] is True and state.hands[0] == (0, 1, 0, 0)
    assert events[1]["any_bid"] is False and phase(state) != "bartering"  # nobody bid: the auction ends


def test_bids_stay_hidden_until_everybody_has_bid():
    hands = [[0, 2, 0, 0], [0, 0, 2, 0], [2, 0, 0, 0], [0, 0, 0, 2]]
    state = at_bidding(market=1, hands=hands)
    state, events = bid(state, 0, white=2)
    assert len(events) == 1
    for viewer in (1, 2, 3, None):
        seen = ENGINE.redact(events[0], viewer)
        assert "bid" not in seen and not find_leaks(seen, viewer, ENGINE.private_keys(state))
        view = ENGINE.view(state, viewer)
        assert view["players"][0]["has_bid"] is True and "bid" not in view["players"][0]
        assert not find_leaks(view, viewer, ENGINE.private_keys(state))
    assert ENGINE.view(state, 0)["players"][0]["bid"] == {"brown": 0, "white": 2, "orange": 0, "purple": 0}
    assert ENGINE.to_act(state) == {1, 2, 3}
    state, _ = bid(state, 1, orange=1)
    state, events = bid(state, 2)
    assert len(events) == 1
    state, events = bid(state, 3, purple=2)
    assert [e["type"] for e in events][:2] == ["bid_placed", "bids_revealed"]
    assert sum(e["type"] == "bids_revealed" for e in events) == 1


def test_bidding_repeats_until_every_kind_is_sold():
    hands = [[0, 2, 0, 0], [0, 0, 2, 0], [2, 0, 0, 0], [0, 0, 0, 2]]
    state = at_bidding(market=2, hands=hands)  # card 3: brown 4, white 2, orange S, purple 1
    state, _ = bid(state, 0, white=1)
    for seat in (1, 2, 3):
        state, _ = bid(state, seat)
    assert phase(state) == "bartering" and ENGINE.view(state, 0)["market"]["covered"] == ["white"]
    for seat, cards in enumerate([{}, {"orange": 1}, {"brown": 1}, {"purple": 1}]):
        state, _ = bid(state, seat, **cards)
    assert phase(state) == "special reward"


def test_bargain_keeps_one_bid_card_when_winning():
    hands = [[0, 2, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    specials = [[BARGAIN], [], [], []]
    state = at_bidding(market=1, hands=hands)
    stacks = [[c for c in stack if c != BARGAIN] for stack in state.stacks]
    state = edit(state, specials=specials, stacks=stacks)
    state, _ = bid(state, 0, white=2)
    state, events = bid(state, 1, white=1)
    assert events[1]["kept"] == [{"seat": 0, "kind": "white"}]
    assert state.hands[0] == (0, 1, 0, 0) and state.shown[0] == (BARGAIN,)


def test_an_s_won_in_round_ten_may_be_taken_as_three_yuan():
    state = play_until(new_game(4, seed=3)[0], at("bartering", 10))
    hands = [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    state = edit(state, market=1, hands=hands, bids=[None, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], covered=0)
    money = state.money[0]
    state, _ = bid(state, 0, brown=1)
    assert state.step == ("choose",)  # FAQ Q7: decide before choosing a stack
    assert ENGINE.legal_actions(state, 0) == [{"type": "reward", "choice": "yuan"}, {"type": "reward", "choice": "card"}]
    state, _ = act(state, 0, {"type": "reward", "choice": "yuan"})
    assert state.money[0] == money + 3


@pytest.mark.parametrize("cards, code", [
    ({"gold": 1}, "bad_bid"),
    ({"white": -1}, "bad_bid"),
    ({"white": 9}, "bad_bid"),
    ({"white": 1.5}, "bad_bid"),
    ({"white": True}, "bad_bid"),
])
def test_a_malformed_bid_is_refused(cards, code):
    state = at_bidding(hands=[[0, 2, 0, 0]] * 4)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, {"type": "bid", "cards": cards})
    assert error.value.code == code and snapshot(state) == before


def test_a_seat_cannot_bid_twice():
    state = at_bidding(hands=[[0, 2, 0, 0]] * 4)
    state, _ = bid(state, 0, white=1)
    with pytest.raises(IllegalAction) as error:
        bid(state, 0, white=1)
    assert error.value.code == "not_your_turn"


def test_market_card_example_pays_its_values():
    """The phase-1 example card: brown 2 Yuan, white 1, orange 4, purple a special card."""
    state = at_bidding(market=0, hands=[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    assert ENGINE.view(state, 0)["market"]["values"] == {"brown": 2, "white": 1, "orange": 4, "purple": "S"}
    for seat, kind in enumerate(("brown", "white", "orange", "purple")):
        state, events = bid(state, seat, **{kind: 1})
    assert state.money == (2, 1, 4, 0)
    assert events[-1]["s_winner"] == 3 and phase(state) == "special reward"
