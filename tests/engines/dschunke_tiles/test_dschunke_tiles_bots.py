"""Bots play the game through the protocol: random, greedy and search finish; greedy beats random.

The full measurement (400 seat-rotated games, default bot settings) is run by hand, see RULES.md;
here a small sample with a lighter greedy keeps the suite fast.
"""
import pytest

from dschunke_tiles_helpers import ENGINE, steps_per_second
from engines.bots import greedy, search
from engines.simulate import play_game


@pytest.fixture
def light_bots(monkeypatch):
    monkeypatch.setattr(greedy, "SAMPLES", 1)
    monkeypatch.setattr(search, "PLAYOUTS", 6)
    monkeypatch.setattr(search, "HORIZON_STEPS", 6)


def test_every_bot_finishes_a_game(light_bots):
    """L-E1 via bots: 42 placements, an outcome, for random, greedy and search."""
    for number, bots in enumerate((["random", "random"], ["greedy", "search"], ["search", "random"])):
        result = play_game(ENGINE, bots, seed=number)
        assert result["outcome"] is not None and len(result["outcome"]["scores"]) == 2
        assert 42 * 2 < result["actions"] < 42 * 3 * (1 + 2 * 3)


def test_greedy_beats_random_seat_rotated(light_bots):
    wins = 0
    games = 8
    for number in range(games):
        seat = number % 2
        bots = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        outcome = play_game(ENGINE, bots, seed=100 + number)["outcome"]
        wins += outcome["winners"] == [seat]
    assert wins / games >= 0.7


def test_random_play_is_fast():
    """legal_actions + decide + evolve stay cheap as the table grows (a loose floor)."""
    assert steps_per_second(games=3) > 500


def test_candidate_placements_are_kept_incrementally(monkeypatch):
    """legal_actions reads the kept set of legal footprints (no scan of the table), and a placement
    re-tests only the footprints through and beside the new tile, however large the table."""
    from dschunke_tiles_helpers import act, position
    from engines.dschunke_tiles import geometry

    rows = [(tile, -4 - 3 * i, 0, "E") for i, tile in enumerate(range(1, 21))]  # 60 cells wide
    state = position(rows=rows, waiting=(21, 22), turn=2)
    calls = []
    real = geometry.level_of
    monkeypatch.setattr(geometry, "level_of", lambda top, fp: calls.append(fp) or real(top, fp))
    state, _ = act(state, 0, {"type": "select", "tile": 21})
    anchors = ENGINE.legal_actions(state, 0)
    assert len(anchors) > 100 and calls == []
    state, _ = act(state, 0, {"type": "anchor", "cell": [2, 0]})
    calls.clear()
    state, _ = act(state, 0, {"type": "orient", "dir": "E"})
    assert 0 < len(calls) <= 2 * 3 * (3 + 8) + 1  # footprints through the 3 cells and their 8 neighbours
