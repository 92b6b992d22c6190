"""The engine's fast paths give what the plain computation gives."""
import json
import random

from engines import core
from engines.dschunke import evolve, state as states
from tests.engines.dschunke.helpers import ENGINE, new_game


def counted_from_top_cells(junk, players):
    counts = [0] * players
    for top in states.top_cells(junk):
        if top is not None:
            counts[top[0]] += 1
    return tuple(counts)


def test_visible_counts_match_the_top_cells():
    rng = random.Random(7)
    for _ in range(5000):
        players = rng.choice([3, 4])
        junk = tuple(
            tuple(rng.choice([-1, *range(players)]) for _ in range(3)) for _ in range(rng.randrange(9))
        )
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
