import random

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
