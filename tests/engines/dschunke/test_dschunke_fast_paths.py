"""The engine's fast paths give what the plain computation gives."""
import json
import random

import pytest

from engines import core
from engines.dschunke import data, evolve, rules, state as states
from tests.engines.dschunke.helpers import ENGINE, new_game


def counted_from_top_cells(junk, players):
    counts = [0] * players
    for top in states.top_cells(junk):
        if top is not None:
            counts[top[0]] += 1
    return tuple(counts)


def random_junk(rng, players: int, most_layers: int) -> tuple:
    """A hold of up to `most_layers - 1` layers, each slot empty or any seat's strip."""
    return tuple(tuple(rng.choice([-1, *range(players)]) for _ in range(3)) for _ in range(rng.randrange(most_layers)))


def test_visible_counts_match_the_top_cells():
    rng = random.Random(7)
    for _ in range(5000):
        players = rng.choice([3, 4])
        junk = random_junk(rng, players, 9)
        assert states.visible_counts(junk, players) == counted_from_top_cells(junk, players), junk


def test_folding_decides_own_events_equals_folding_copies():
    for seed in range(6):
        rng = random.Random(seed)
        state, _ = new_game(players=3 + seed % 2, seed=seed)
        while ENGINE.outcome(state) is None:
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            events = ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng)
            copies = json.loads(json.dumps(events))
            remembered = core.fold(ENGINE, events, state)
            assert core.fold(ENGINE, copies, state) == remembered
            assert remembered.folded is None
            state = remembered


def test_a_remembered_state_is_used_once_and_only_for_its_own_event():
    state, _ = new_game(players=4, seed=3)
    seat = min(ENGINE.to_act(state))
    action = ENGINE.legal_actions(state, seat)[0]
    events = ENGINE.decide(state, seat, action, random.Random(0))
    assert state.folded is not None and state.folded[0] is events[0]
    other = dict(events[0])  # an equal event, but not the one decide produced
    assert ENGINE.evolve(state, other) == evolve.apply(state, events[0])
    assert state.folded is not None  # not taken by the other event
    after = ENGINE.evolve(state, events[0])
    assert state.folded is None and after == evolve.apply(state, events[0])


def careful_free_slots(junk, first_layer_only=False):
    """free_slots worked out from the junk alone, without the table of layers."""
    index = states.open_layer(junk)
    if first_layer_only and index > 0:
        return ()
    layer = junk[index] if index < len(junk) else (-1, -1, -1)
    if layer == (-1, -1, -1):
        return (0, 1, 2)
    return tuple(slot for slot in range(3) if layer[slot] == -1
                 and any(0 <= beside < 3 and layer[beside] >= 0 for beside in (slot - 1, slot + 1)))


def test_free_slots_from_the_table_match_the_careful_rule():
    rng = random.Random(11)
    for _ in range(5000):
        players = rng.choice([3, 4])
        junk = random_junk(rng, players, 6)
        for first_only in (False, True):
            assert states.free_slots(junk, first_only) == careful_free_slots(junk, first_only), junk


def careful_bid_options(hand, covered):
    """Every bid of one kind not covered, the empty fist first, then one void bid if any is possible."""
    options = [{"type": "bid", "cards": {}}]
    options += [{"type": "bid", "cards": {name: number}}
                for kind, name in enumerate(data.KINDS) if not covered >> kind & 1
                for number in range(1, hand[kind] + 1)]
    held = [kind for kind in range(4) if hand[kind]]
    if len(held) >= 2:
        options.append({"type": "bid", "cards": {data.KINDS[held[0]]: 1, data.KINDS[held[1]]: 1}})
    elif held and covered >> held[0] & 1:
        options.append({"type": "bid", "cards": {data.KINDS[held[0]]: 1}})
    return options


def test_bid_options_and_bidders_match_the_careful_computation():
    rng = random.Random(12)
    state, _ = new_game(players=4, seed=12)
    for _ in range(3000):
        players = rng.choice([3, 4])
        hands = tuple(tuple(rng.choice([0, 0, 1, 2, 5, data.CARDS_PER_KIND]) for _ in range(4)) for _ in range(players))
        bids = tuple(rng.choice([None, (0, 0, 0, 0), (1, 0, 0, 0)]) for _ in range(players))
        covered = rng.randrange(16)
        trial = states.load({**ENGINE.dump(state), "n": players, "phase": states.BID, "covered": covered,
                             "hands": hands, "bids": bids})
        assert ENGINE.to_act(trial) == frozenset(seat for seat, bid in enumerate(bids) if bid is None)
        for seat in range(players):
            if bids[seat] is None:
                assert ENGINE.legal_actions(trial, seat) == careful_bid_options(hands[seat], covered)


def test_a_bid_is_read_as_the_careful_loop_reads_it():
    rng = random.Random(13)
    for _ in range(2000):
        counts = tuple(rng.choice([0, 0, 0, 1, 3]) for _ in range(4))
        cards = {data.KINDS[kind]: count for kind, count in enumerate(counts) if count}
        first = min((kind for kind in range(4) if counts[kind]), default=-1)
        assert rules.read_bid(counts) == (cards, first, len(cards) > 1)


def test_seats_of_other_int_types_are_judged_as_before():
    state, _ = new_game(players=4, seed=5)
    seat = min(ENGINE.to_act(state))
    action = ENGINE.legal_actions(state, seat)[0]

    class Seat(int):
        pass

    assert ENGINE.decide(state, Seat(seat), action, random.Random(0))  # an int subclass is a seat
    for bad in (True, False, 1.0, "0", -1, 4):
        with pytest.raises(core.IllegalAction) as refused:
            ENGINE.decide(state, bad, action, random.Random(0))
        assert refused.value.code == "bad_seat"
