"""Events (S, Y) and the special cards, with the FAQ rulings."""
import pytest

from engines.core import IllegalAction
from engines.dschunke import data
from tests.engines.dschunke.helpers import (
    ENGINE, act, at, edit, give_specials, new_game, phase, play_until, snapshot,
)

EXCHANGE, EXTRA_MONEY_ORANGE, EXTRA_GOODS_GREY, MOVE_STRIP, EXTRA_LOAD = 4, 8, 17, 18, 20
GREY, BROWN, WHITE, PURPLE, ORANGE = range(5)


def test_s_event_each_player_searches_a_different_stack():
    state = play_until(new_game(4, seed=4)[0], at("special event", 3))
    order = state.order()
    assert state.queue == order
    taken = []
    for seat in order:
        options = ENGINE.legal_actions(state, seat)
        assert {o["stack"] for o in options}.isdisjoint(taken)
        stack = options[0]["stack"]
        state, _ = act(state, seat, {"type": "search", "stack": stack})
        view = ENGINE.view(state, seat)
        assert view["search"] == {"seat": seat, "stack": stack, "offer": list(state.stacks[stack])}
        assert "search" not in ENGINE.view(state, (seat + 1) % 4)
        count = len(state.specials[seat])
        card = ENGINE.legal_actions(state, seat)[-1]["card"]
        state, events = act(state, seat, {"type": "pick", "card": card})
        assert "specials" not in ENGINE.redact(events[0], (seat + 1) % 4)
        assert len(state.specials[seat]) == count + 1
        taken.append(stack)
    assert phase(state) == "actions"


def test_y_event_declares_money_publicly():
    state = play_until(new_game(4, seed=4)[0], lambda s: s.round == 4 and phase(s) == "bartering")
    state = play_until(state, at("actions", 5))
    assert state.declared is not None
    declared = ENGINE.view(state, 1)["declared"]
    assert len(declared) == 4 and declared[2] == state.declared[2]
    assert "money" not in ENGINE.view(state, 1)["players"][2]


def test_exchange_goods_acts_after_the_market_card_before_the_event():
    state = play_until(new_game(4, seed=5)[0], at("bartering", 2))
    holder = (state.start + 1) % 4  # start player of round 3
    state = give_specials(state, holder, EXCHANGE)
    state = play_until(state, at("exchange", 3))
    # Every seat with an unknown special card is asked, from the start player; the card is shown
    # only when it is used (issue 13).
    assert state.market >= 0 and state.queue[0] == holder and state.shown[holder] == ()
    hand, stocks = state.hands[holder], state.stocks
    give = next(k for k in range(4) if hand[k])
    take = (give + 1) % 4
    state, _ = act(state, holder, {"type": "exchange", "give": data.KINDS[give], "take": data.KINDS[take]})
    assert state.shown[holder] == (EXCHANGE,)
    # FAQ Q2: a single card may be exchanged
    state, _ = act(state, holder, {"type": "done"})
    assert state.hands[holder][give] == hand[give] - 1 and state.hands[holder][take] == hand[take] + 1
    assert state.stocks[give] == stocks[give] + 1
    for seat in state.queue:  # the others asked have nothing to exchange
        assert ENGINE.legal_actions(state, seat) == [{"type": "done"}]
        state, _ = act(state, seat, {"type": "done"})
    assert phase(state) == "special event"  # round 3: the S event comes after the exchange


def test_exchange_card_taken_in_the_s_event_waits_for_the_next_round():
    """FAQ Q1."""
    state = play_until(new_game(4, seed=5)[0], at("special event", 3))
    seat = state.queue[0]
    stack = next(i for i, s in enumerate(state.stacks) if EXCHANGE in s)
    state, _ = act(state, seat, {"type": "search", "stack": stack})
    state, _ = act(state, seat, {"type": "pick", "card": EXCHANGE})
    state = play_until(state, lambda s: s.round == 4)
    assert phase(state) == "exchange" and seat in state.queue


def test_exchange_swaps_at_most_two_cards_per_card():
    state = play_until(new_game(4, seed=5)[0], at("bartering", 1))
    holder = (state.start + 1) % 4
    state = give_specials(state, holder, EXCHANGE)
    state = play_until(state, at("exchange", 2))
    hands = [list(h) for h in state.hands]
    hands[holder] = [3, 0, 0, 0]
    state = edit(state, hands=hands, stocks=[10, 10, 10, 10])
    for _ in range(2):
        state, _ = act(state, holder, {"type": "exchange", "give": "brown", "take": "white"})
    assert holder not in state.queue  # its turn ends; others with unknown cards may still be asked


def actions_turn(seed=6):
    state = play_until(new_game(4, seed=seed)[0], at("actions", 1))
    return state, state.queue[0]


def test_extra_money_card_is_an_extra_earn_action_before_or_after():
    state, seat = actions_turn()
    state = give_specials(state, seat, EXTRA_MONEY_ORANGE)
    state, _ = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    assert ENGINE.legal_actions(state, seat) == [{"type": "end_turn"}, {"type": "play_special", "card": EXTRA_MONEY_ORANGE}]
    money = state.money[seat]
    state, events = act(state, seat, {"type": "play_special", "card": EXTRA_MONEY_ORANGE})
    assert events[1]["type"] == "money_earned" and events[1]["junk"] == "orange"
    assert state.money[seat] == money + max(3, state.vis[ORANGE][seat])
    assert EXTRA_MONEY_ORANGE in state.discarded and state.queue[0] != seat  # nothing left: turn ends


def test_extra_goods_on_grey_lets_the_player_choose_the_junk():
    state, seat = actions_turn()
    state = give_specials(state, seat, EXTRA_GOODS_GREY)
    state, _ = act(state, seat, {"type": "play_special", "card": EXTRA_GOODS_GREY})
    assert [a["type"] for a in ENGINE.legal_actions(state, seat)] == ["take"] * 4
    state, events = act(state, seat, {"type": "take", "kind": "purple"})
    assert events[0]["count"] == max(3, state.vis[GREY][seat])
    assert any(a["type"] == "use" for a in ENGINE.legal_actions(state, seat))  # main action still to come


def test_move_strip_takes_only_a_top_layer_strip():
    """FAQ Q5."""
    state, seat = actions_turn()
    junks = [list(map(list, junk)) for junk in state.junks]
    junks[BROWN] = [[0, 1, 2], [3, -1, -1]]
    state = give_specials(edit(state, junks=junks), seat, MOVE_STRIP)
    state, _ = act(state, seat, {"type": "play_special", "card": MOVE_STRIP})
    lifts = ENGINE.legal_actions(state, seat)
    assert {"type": "lift", "junk": "brown", "slot": 0} in lifts
    assert {"type": "lift", "junk": "brown", "slot": 1} not in lifts
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, seat, {"type": "lift", "junk": "brown", "slot": 1})
    assert snapshot(state) == before
    strips = state.strips
    state, _ = act(state, seat, {"type": "lift", "junk": "brown", "slot": 0})
    assert state.junks[BROWN] == ((0, 1, 2),) and state.vis[BROWN][3] == 0
    assert all(a["junk"] != "brown" for a in ENGINE.legal_actions(state, seat))
    state, _ = act(state, seat, {"type": "place", "junk": "white", "slot": 2})
    assert state.junks[WHITE][0][2] == 3 and state.strips == strips


def test_extra_load_places_one_own_strip_anywhere():
    state, seat = actions_turn()
    state = give_specials(state, seat, EXTRA_LOAD)
    state, _ = act(state, seat, {"type": "play_special", "card": EXTRA_LOAD})
    junks = {a["junk"] for a in ENGINE.legal_actions(state, seat)}
    assert junks == set(data.JUNKS)
    left = state.strips[seat]
    state, _ = act(state, seat, {"type": "place", "junk": "grey", "slot": 0})
    assert state.strips[seat] == left - 1 and state.junks[GREY][-1][0] == seat


def test_special_cards_are_hidden_but_their_count_is_public():
    state, seat = actions_turn()
    state = give_specials(state, seat, EXTRA_LOAD)
    other = ENGINE.view(state, (seat + 1) % 4)["players"][seat]
    assert other["specials_count"] == 1 and "specials" not in other
    assert ENGINE.view(state, seat)["players"][seat]["specials"] == [EXTRA_LOAD]


def test_s_event_with_one_stack_left_serves_only_the_first_player():
    state = play_until(new_game(4, seed=7)[0], at("bartering", 2))
    held = {card for cards in state.specials for card in cards}
    state = edit(state, stacks=[[c for c in range(30) if c not in held], [], [], []])
    state = play_until(state, at("special event", 3))
    first = state.queue[0]
    assert ENGINE.legal_actions(state, first) == [{"type": "search", "stack": 0}]
    state, _ = act(state, first, {"type": "search", "stack": 0})
    state, _ = act(state, first, {"type": "pick", "card": state.stacks[0][0]})
    assert phase(state) == "actions"  # nobody else finds a stack


def test_both_y_events_declare_money():
    state = new_game(3, seed=8)[0]
    for round_ in (5, 9):
        state = play_until(state, at("actions", round_ - 1))
        assert state.declared is None or round_ == 9
        state = play_until(state, at("actions", round_))
        assert state.declared == state.money


def test_pass_when_no_worker_is_left_but_a_card_could_be_played():
    state, seat = actions_turn()
    strips = list(state.strips)
    strips[seat] = 0
    # goods and money merchants and the upper trainee are used; the load merchant and the
    # trainee (loading in round 1) are useless without strips
    state = give_specials(edit(state, strips=strips, used=0b10110), seat, EXTRA_MONEY_ORANGE)
    assert ENGINE.legal_actions(state, seat) == [{"type": "pass"}, {"type": "play_special", "card": EXTRA_MONEY_ORANGE}]
    state, events = act(state, seat, {"type": "pass"})
    assert [e["type"] for e in events] == ["passed"] and ENGINE.legal_actions(state, seat)[0] == {"type": "end_turn"}


HARBOUR_MASTER = 27


@pytest.mark.parametrize("card", [EXTRA_MONEY_ORANGE, HARBOUR_MASTER])
def test_the_turn_waits_alike_for_a_hidden_one_use_card_and_a_hidden_end_card(card):
    """RULES.md, "Who is asked" and "Hidden information": hands of special cards are face down.
    After the action the turn waits for a seat holding a card not known to all, whether or not it
    could play it; ending the turn by itself only without a playable one-use card would tell the
    table that the seat holds none."""
    state, seat = actions_turn()
    state = give_specials(state, seat, card)
    state, events = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    assert [e["type"] for e in events] == ["worker_used", "money_earned"]
    assert ENGINE.to_act(state) == {seat} and ENGINE.legal_actions(state, seat)[0] == {"type": "end_turn"}
    others = [ENGINE.view(state, viewer) for viewer in (None, (seat + 1) % 4)]
    for view in others:
        assert view["players"][seat]["specials_count"] == 1 and view["players"][seat]["shown_specials"] == []
    state, events = act(state, seat, {"type": "end_turn"})
    assert events[0] == {"type": "turn_ended", "seat": seat} and ENGINE.to_act(state) != {seat}


def test_a_seat_whose_special_cards_are_all_shown_ends_its_turn_by_itself():
    """A shown permanent card hides nothing: the turn ends with the action, as without cards."""
    state, seat = actions_turn()
    state = edit(give_specials(state, seat, EXCHANGE), shown=[[EXCHANGE] if s == seat else [] for s in range(4)])
    state, events = act(state, seat, {"type": "use", "worker": "money_merchant", "junk": "grey"})
    assert [e["type"] for e in events] == ["worker_used", "money_earned", "turn_ended"]


def test_a_seat_without_a_usable_worker_is_asked_to_pass_while_it_holds_a_hidden_card():
    state, seat = actions_turn()
    strips = list(state.strips)
    strips[seat] = 0
    state = give_specials(edit(state, strips=strips, used=0b10110), seat, HARBOUR_MASTER)
    assert ENGINE.legal_actions(state, seat) == [{"type": "pass"}]
    state, events = act(state, seat, {"type": "pass"})
    assert [e["type"] for e in events] == ["passed"] and ENGINE.legal_actions(state, seat) == [{"type": "end_turn"}]
