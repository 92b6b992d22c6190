"""Every finished game says why it ended (the outcome's "reason"), for the end screen."""
import random

import pytest

from engines import registry
from engines.core import start


def finished(game: str, players: int, seed: int) -> dict:
    engine = registry.get(game)
    rng = random.Random(seed)
    state, _ = start(engine, players, None, rng)
    while engine.outcome(state) is None:
        seat = rng.choice(sorted(engine.to_act(state)))
        for event in engine.decide(state, seat, rng.choice(engine.legal_actions(state, seat)), rng):
            state = engine.evolve(state, event)
    return engine.outcome(state)


@pytest.mark.parametrize("game, players, reason", [
    ("dschunke", 3, "rounds_played"),  # the game's only ending: the tenth round is over
    ("dschunke_tiles", 2, "tiles_placed"),  # L-E1: the 42nd tile is placed
    ("dragon_boats", 2, "rounds_played"),  # B-E1: the last round's storage
])
def test_a_game_with_one_ending_names_it(game, players, reason):
    for seed in range(2):
        assert finished(game, players, seed)["reason"] == reason


def test_dunhuang_names_the_empty_deck_or_the_top_merchant():
    """The market closes with the deck, unless a top merchant wins at once first."""
    reasons = {finished("dunhuang", 2 + seed % 3, seed)["reason"] for seed in range(6)}
    assert reasons and reasons <= {"deck_out", "top_merchant"}


def test_dragon_market_names_the_objectives_or_the_round_limit():
    reasons = {finished("dragon_market", 2 + seed % 3, seed)["reason"] for seed in range(3)}
    assert reasons and reasons <= {"objective", "turn_limit"}
