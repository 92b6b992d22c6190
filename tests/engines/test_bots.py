import random
import time

import pytest

from engines import bots
from engines.core import start
from tests.tiny_engine import TINY


@pytest.mark.parametrize("strength", bots.STRENGTHS)
def test_every_bot_picks_a_legal_action_from_the_view_alone(strength):
    state, _ = start(TINY, 3, None, random.Random(5))
    seat = min(TINY.to_act(state))
    legal = TINY.legal_actions(state, seat)
    view = TINY.view(state, seat)
    action = bots.choose(TINY, strength, view, seat, legal, random.Random(1))
    assert action in legal


@pytest.mark.parametrize("strength", ["random", "greedy"])
def test_bots_are_deterministic_for_a_given_rng(strength):
    state, _ = start(TINY, 4, None, random.Random(9))
    seat = min(TINY.to_act(state))
    args = (TINY, strength, TINY.view(state, seat), seat, TINY.legal_actions(state, seat))
    assert bots.choose(*args, random.Random(3)) == bots.choose(*args, random.Random(3))


def test_a_single_choice_needs_no_thought():
    only = [{"type": "play", "card": 1}]
    assert bots.choose(TINY, "search", {}, 0, only, random.Random(0)) is only[0]


def test_unknown_strength_and_empty_choice_are_refused():
    state, _ = start(TINY, 2, None, random.Random(2))
    seat = min(TINY.to_act(state))
    legal = TINY.legal_actions(state, seat)
    with pytest.raises(ValueError, match="unknown bot strength"):
        bots.choose(TINY, "grandmaster", TINY.view(state, seat), seat, legal, random.Random(0))
    with pytest.raises(ValueError, match="no legal action"):
        bots.choose(TINY, "random", TINY.view(state, seat), seat, [], random.Random(0))


def test_the_expert_search_is_anytime_and_repeatable_for_a_fixed_number_of_iterations():
    from engines.bots.ismcts import choose_ismcts

    state, _ = start(TINY, 3, None, random.Random(4))
    seat = min(TINY.to_act(state))
    view, legal = TINY.view(state, seat), TINY.legal_actions(state, seat)
    began = time.monotonic()
    assert choose_ismcts(TINY, view, seat, legal, random.Random(1), budget_s=0.05) in legal
    assert time.monotonic() - began < 0.5  # the budget bounds it
    fixed = {"budget_s": 60, "iterations": 300}
    assert choose_ismcts(TINY, view, seat, legal, random.Random(2), **fixed) == \
        choose_ismcts(TINY, view, seat, legal, random.Random(2), **fixed)



def test_the_expert_search_beats_random_play(monkeypatch):
    """A fixed number of iterations (no clock) makes the games repeatable."""
    from engines.bots import ismcts
    from engines.tournament import tournament

    monkeypatch.setattr(ismcts, "MAX_ITERATIONS", 150)
    summary = tournament("dunhuang", ["expert", "random"], games=4, seed=11, budget_s=60)
    assert summary["bots"]["expert"]["wins"] == 4, summary
