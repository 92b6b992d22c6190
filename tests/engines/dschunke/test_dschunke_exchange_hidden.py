"""Issue 13 item 9 (1): holding "Exchange goods" stays secret until the card is used.

Phase 1 asks every seat holding a special card not yet known to all, so being asked, and
declining, reveals nothing; the card is shown on its holder's first swap.
"""
import random

from engines import registry
from engines.core import find_leaks
from engines.dschunke import data
from engines.simulate import play_game
from tests.engines.dschunke.helpers import ENGINE, act, at, edit, give_specials, new_game, phase, play_until

EXCHANGE, EXTRA_SUPPLY, EXTRA_LOAD = 4, 0, 20


def exchange_round(holder_cards=(EXCHANGE,), other_cards=(EXTRA_LOAD,), seed=5, empty_stacks=False):
    """Round 2's phase 1 at four players: the start player holds `holder_cards`, the next seat
    `other_cards`, nobody else a special card (with `empty_stacks`, nobody can gain one)."""
    state = play_until(new_game(4, seed=seed)[0], at("bartering", 1))
    s_kind = data.MARKET_CARDS[state.market].index(data.S)
    state = edit(state, covered=1 << s_kind,  # nobody wins a special card in this bartering
                 specials=[[], [], [], []], shown=[[], [], [], []],
                 stacks=[list(range(8)), list(range(8, 16)), list(range(16, 23)), list(range(23, 30))])
    first = (state.start + 1) % 4  # start player of round 2
    state = give_specials(state, first, *holder_cards)
    state = give_specials(state, (first + 1) % 4, *other_cards)
    if empty_stacks:
        state = edit(state, discarded=[c for stack in state.stacks for c in stack], stacks=[[], [], [], []])
    state = play_until(state, at("exchange", 2))
    return state, first, (first + 1) % 4


def first_swap(state, seat):
    hand = state.hands[seat]
    give = next(k for k in range(4) if hand[k])
    take = next(k for k in range(4) if k != give and state.stocks[k])
    return act(state, seat, {"type": "exchange", "give": data.KINDS[give], "take": data.KINDS[take]})


def test_every_seat_with_an_unknown_special_card_is_asked_in_turn_order():
    state, holder, other = exchange_round()
    assert state.queue == (holder, other)
    assert state.shown[holder] == ()  # being asked shows nothing
    for viewer in (other, (holder + 2) % 4, None):
        seen = ENGINE.view(state, viewer)
        assert seen["players"][holder]["shown_specials"] == []
        assert seen["to_act"] == [holder]
        assert seen["swaps_left"] is None
    assert ENGINE.view(state, holder)["swaps_left"] == 2
    kinds = {action["type"] for action in ENGINE.legal_actions(state, holder)}
    assert kinds == {"exchange", "done"}


def test_a_seat_without_exchange_goods_is_asked_and_may_only_continue():
    state, holder, other = exchange_round()
    state, events = act(state, holder, {"type": "done"})
    assert [e["type"] for e in events] == ["exchange_done"]
    assert state.queue == (other,) and phase(state) == "exchange"
    assert ENGINE.legal_actions(state, other) == [{"type": "done"}]
    assert ENGINE.view(state, other)["swaps_left"] == 0
    state, events = act(state, other, {"type": "done"})
    assert events[0] == {"type": "exchange_done", "seat": other}
    assert phase(state) == "actions"


def test_declining_keeps_the_card_hidden():
    state, holder, other = exchange_round()
    state, events = act(state, holder, {"type": "done"})
    assert events[0] == {"type": "exchange_done", "seat": holder}
    assert state.shown[holder] == ()
    state = play_until(state, at("exchange", 3))
    assert state.shown[holder] == () and holder in state.queue


def test_the_card_is_shown_on_its_holders_first_swap():
    state, holder, other = exchange_round()
    state, events = first_swap(state, holder)
    assert state.shown[holder] == (EXCHANGE,)
    for viewer in [*range(4), None]:
        seen = ENGINE.view(state, viewer)
        assert seen["players"][holder]["shown_specials"] == [EXCHANGE]
        assert seen["swaps_left"] == 1 and seen["exchanged"] == [holder]


def test_the_views_of_a_holder_and_of_a_non_holder_being_asked_are_alike():
    holding, holder, _ = exchange_round((EXCHANGE,))
    not_holding, same_seat, _ = exchange_round((EXTRA_SUPPLY,))
    assert same_seat == holder and holding.queue == not_holding.queue == (holder, (holder + 1) % 4)
    for viewer in [seat for seat in range(4) if seat != holder] + [None]:
        assert ENGINE.view(holding, viewer) == ENGINE.view(not_holding, viewer)


def test_a_round_without_unknown_special_cards_skips_the_exchange():
    state, holder, other = exchange_round((EXTRA_SUPPLY,), (EXTRA_SUPPLY + 1,), empty_stacks=True)
    state, _ = act(state, holder, {"type": "done"})
    state, _ = act(state, other, {"type": "done"})
    state = play_until(state, lambda s: s.round == 3)
    assert state.shown[holder] == (EXTRA_SUPPLY,)  # shown when the resupply started
    assert phase(state) == "actions" and state.queue[0] == other


def test_a_shown_exchange_card_is_still_asked_for():
    state, holder, other = exchange_round((EXCHANGE,), (EXTRA_SUPPLY,), empty_stacks=True)
    state, _ = first_swap(state, holder)
    state = play_until(state, lambda s: s.round == 3)
    assert phase(state) == "exchange" and state.queue == (holder,)
    assert state.shown[holder] == (EXCHANGE,) and state.shown[other] == (EXTRA_SUPPLY,)
    # Its swaps stay private until it swaps this round: it could hold a second, hidden copy.
    assert ENGINE.view(state, other)["swaps_left"] is None
    assert ENGINE.view(state, holder)["swaps_left"] == 2


def test_sampling_does_not_assume_that_being_asked_means_holding_the_card():
    state, holder, other = exchange_round()
    viewer = (holder + 2) % 4
    seen = ENGINE.view(state, viewer)
    held = set()
    rng = random.Random(3)
    for _ in range(200):
        sampled = ENGINE.sample(seen, viewer, rng)
        assert ENGINE.view(sampled, viewer) == seen
        has = any(data.SPECIALS[c][0] == "exchange" for c in sampled.specials[holder])
        held.add(has)
        assert has == any(a["type"] == "exchange" for a in ENGINE.legal_actions(sampled, holder))
        assert sampled.swaps == 2 * has
    assert held == {True, False}


def test_sampling_after_a_swap_deals_no_hidden_exchange_card_to_the_swapper():
    state, holder, other = exchange_round((EXCHANGE, EXTRA_LOAD), (EXTRA_SUPPLY,))
    state, _ = first_swap(state, holder)
    viewer = (holder + 2) % 4
    seen = ENGINE.view(state, viewer)
    assert seen["swaps_left"] == 1
    rng = random.Random(4)
    for _ in range(100):
        sampled = ENGINE.sample(seen, viewer, rng)
        assert ENGINE.view(sampled, viewer) == seen and sampled.swaps == 1
        assert EXCHANGE in sampled.specials[holder] and EXCHANGE + 1 not in sampled.specials[holder]
    state, _ = act(state, holder, {"type": "done"})
    assert state.queue == (other,)
    seen = ENGINE.view(state, viewer)
    others = set()
    for _ in range(100):
        sampled = ENGINE.sample(seen, viewer, rng)
        assert ENGINE.view(sampled, viewer) == seen
        assert EXCHANGE + 1 not in sampled.specials[holder]  # it swapped this round: all its copies show
        others.add(EXCHANGE + 1 in sampled.specials[other])
    assert others == {True, False}


def test_no_view_or_event_of_the_exchange_leaks():
    state, holder, other = exchange_round()
    keys = ENGINE.private_keys(state)
    state, events = act(state, holder, {"type": "done"})
    for viewer in [*range(4), None]:
        assert find_leaks(ENGINE.view(state, viewer), viewer, keys) == []
        for event in events:
            assert find_leaks(ENGINE.redact(event, viewer), viewer, keys) == []
            assert ENGINE.describe(ENGINE.redact(event, viewer))


def test_bots_still_play_whole_games():
    engine = registry.get("dschunke")
    for players in (3, 4):
        for variant in (False, True):
            result = play_game(engine, ["random"] * players, seed=players, options={"setup_variant": variant})
            assert result["outcome"]["winners"]
    result = play_game(engine, ["greedy", "random", "greedy"], seed=1, options={"setup_variant": True})
    assert result["outcome"]["winners"]
    result = play_game(engine, ["greedy", "random", "random", "greedy"], seed=2)
    assert result["outcome"]["winners"]
