import random

import pytest

from engines import bots
from engines.core import start
from tests.engines.toy_game import TOY


@pytest.mark.parametrize("strength", bots.STRENGTHS)
def test_every_bot_picks_a_legal_action_from_the_view_alone(strength):
    state, _ = start(TOY, 3, None, random.Random(5))
    seat = min(TOY.to_act(state))
    legal = TOY.legal_actions(state, seat)
    view = TOY.view(state, seat)
    action = bots.choose(TOY, strength, view, seat, legal, random.Random(1))
    assert action in legal


@pytest.mark.parametrize("strength", ["random", "greedy"])
def test_bots_are_deterministic_for_a_given_rng(strength):
    state, _ = start(TOY, 4, None, random.Random(9))
    seat = min(TOY.to_act(state))
    args = (TOY, strength, TOY.view(state, seat), seat, TOY.legal_actions(state, seat))
    assert bots.choose(*args, random.Random(3)) == bots.choose(*args, random.Random(3))


def test_a_single_choice_needs_no_thought():
    only = [{"type": "play", "card": 1}]
    assert bots.choose(TOY, "search", {}, 0, only, random.Random(0)) is only[0]


def test_unknown_strength_and_empty_choice_are_refused():
    state, _ = start(TOY, 2, None, random.Random(2))
    seat = min(TOY.to_act(state))
    legal = TOY.legal_actions(state, seat)
    with pytest.raises(ValueError, match="unknown bot strength"):
        bots.choose(TOY, "grandmaster", TOY.view(state, seat), seat, legal, random.Random(0))
    with pytest.raises(ValueError, match="no legal action"):
        bots.choose(TOY, "random", TOY.view(state, seat), seat, [], random.Random(0))
