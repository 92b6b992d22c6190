"""Every finished game says why it ended (the outcome's "reason"), for the end screen."""
import random

import pytest

from engines import registry
from engines.core import start
from engines.dragon_boats.text import TIE_BREAK_COLUMN


def finished(game: str, players: int, seed: int, options: dict | None = None) -> dict:
    engine = registry.get(game)
    rng = random.Random(seed)
    state, _ = start(engine, players, options, rng)
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
    assert finished("dragon_market", 4, 2)["reason"] == "objective"  # a people's table has no round limit
    assert finished("dragon_market", 3, 0, {"turn_limit": 1})["reason"] == "turn_limit"


@pytest.mark.parametrize("game, players", [("dschunke", 3), ("dschunke_tiles", 2), ("dunhuang", 3)])
def test_the_score_columns_the_end_table_names_are_in_the_breakdown(game, players):
    outcome = finished(game, players, 0)
    parts = registry.get(game).glossary()["score_columns"]
    assert all(set(parts) <= set(row) for row in outcome["breakdown"])


@pytest.mark.parametrize("game", registry.names())
def test_no_score_column_repeats_the_score(game):
    """The end table shows each score already: no column is a second copy of it."""
    assert "total" not in registry.get(game).glossary().get("score_columns", {})


def test_dragon_boats_score_columns_add_up_to_the_score():
    """B-E2: the end table's columns are the headings of the count, so a player can add them up;
    B-E11: the last column, money, only breaks a tie."""
    columns = registry.get("dragon_boats").glossary()["score_columns"]
    assert list(columns)[-1] == TIE_BREAK_COLUMN
    parts = [key for key in columns if key != TIE_BREAK_COLUMN]
    for seed in range(3):
        outcome = finished("dragon_boats", 2 + seed, seed)
        for row, score in zip(outcome["breakdown"], outcome["scores"]):
            assert sum(row[key] for key in parts) == score


def test_the_legespiel_signs_what_the_rats_cost():
    """L-C13: each visible rat costs its colour a point; the end table shows it as a minus."""
    for row in finished("dschunke_tiles", 2, 1)["breakdown"]:
        assert row["rat_points"] == -row["rats"] and row["total"] == row["group_points"] + row["rat_points"]
