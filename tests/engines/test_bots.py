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


def test_a_hint_is_the_experts_own_choice_with_its_estimate(monkeypatch):
    """Bounded by iterations rather than the clock, the advice and the expert's move agree."""
    from engines.bots import ismcts

    monkeypatch.setattr(ismcts, "MAX_ITERATIONS", 200)
    state, _ = start(TINY, 3, None, random.Random(6))
    seat = min(TINY.to_act(state))
    args = (TINY.view(state, seat), seat, TINY.legal_actions(state, seat))
    advice = bots.advise(TINY, *args, random.Random(3))
    assert advice.action == bots.choose(TINY, "expert", *args, random.Random(3))
    assert 0 <= advice.chance <= 1 and 0 < advice.games <= 200
    assert f"about {round(100 * advice.chance)}%" in bots.explain(advice)
    only = bots.advise(TINY, args[0], seat, args[2][:1], random.Random(3))
    assert only.action == args[2][0] and bots.explain(only) == "There is no other move to weigh here."


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


def _legespiel_anchor_step():
    """A Legespiel state where the seat to act chooses an anchor among many, or goes back."""
    from engines import registry

    engine = registry.get("dschunke_tiles")
    state, _ = start(engine, 2, None, random.Random(3))
    rng = random.Random(0)
    while True:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if {"type": "back"} in legal and legal[0]["type"] == "anchor":
            return engine, state, seat, legal
        action = rng.choice([action for action in legal if action["type"] != "back"])
        for event in engine.decide(state, seat, action, rng):
            state = engine.evolve(state, event)


@pytest.mark.parametrize("strength", bots.STRENGTHS)
def test_no_bot_takes_back_a_choice(strength, monkeypatch):
    from engines.bots import ismcts

    monkeypatch.setattr(ismcts, "MAX_ITERATIONS", 40)
    engine, state, seat, legal = _legespiel_anchor_step()
    view = engine.view(state, seat)
    for number in range(3):
        action = bots.choose(engine, strength, view, seat, legal, random.Random(number))
        assert action in legal and action["type"] != "back"
    # Only the undo itself left: it is still played rather than nothing.
    assert bots.choose(engine, strength, view, seat, [{"type": "back"}], random.Random(0)) == {"type": "back"}


def test_random_playouts_never_take_back_a_choice(monkeypatch):
    from engines.bots.playout import random_step

    engine, state, _, _ = _legespiel_anchor_step()
    played, offered = [], 0
    decide_listed = engine.decide_listed  # the playouts' path

    def recording_decide(state, seat, action, rng):
        played.append(action)
        return decide_listed(state, seat, action, rng)

    monkeypatch.setattr(engine, "decide_listed", recording_decide)
    rng = random.Random(8)
    while engine.outcome(state) is None:
        offered += {"type": "back"} in engine.legal_actions(state, min(engine.to_act(state)))
        state = random_step(engine, state, rng)
    assert offered > 20  # going back was possible at many steps ...
    assert played and {"type": "back"} not in played  # ... and never taken


def test_the_expert_tries_only_the_best_ranked_moves_of_a_long_list_at_first():
    from engines.bots import ismcts

    engine, state, seat, legal = _legespiel_anchor_step()
    view = engine.view(state, seat)
    choices = [action for action in legal if action["type"] != "back"]
    assert len(choices) >= ismcts.WIDEN_FROM
    ranked = ismcts._ranked_keys(engine, view, seat, choices, random.Random(5))
    assert sorted(ranked) == sorted(ismcts.action_key(action) for action in choices)
    # With few iterations the tree's pick comes from the head of the ranking, not the whole list.
    iterations = 9
    width = ismcts.WIDEN_BASE + int(ismcts.WIDEN_RATE * (iterations - 1) ** ismcts.WIDEN_POWER)
    picked = ismcts.choose_ismcts(engine, view, seat, choices, random.Random(5), budget_s=60, iterations=iterations)
    assert ismcts.action_key(picked) in ranked[:width]
    assert width < len(ranked)
