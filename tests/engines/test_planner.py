"""The expert's whole-turn planning (engines/bots/planner.py), for games whose turn is many moves."""
import random
import time

import pytest

from engines import bots, registry
from engines.bots import planner
from engines.bots.playout import advance, bot_actions
from engines.core import Engine, IllegalAction, check_seat, start


class TwoMoveTurns(Engine):
    """Each turn the seat makes two moves: "take" scores 1 at once; "prepare" costs 1 now and
    makes "cash" (worth 5) legal for the rest of the turn. Two rounds, nothing hidden."""
    name = "two_move_turns"
    title = "Two-move turns"
    min_players = max_players = 2
    plans_turns = True

    def options(self):
        return {"type": "object", "properties": {}, "additionalProperties": False}

    def setup(self, players, options, rng):
        return [{"type": "setup", "players": players}]

    def evolve(self, state, event):
        if event["type"] == "setup":
            return {"scores": [0] * event["players"], "turn": 0, "moves": 0, "prepared": False, "turns": 0}
        state = {**state, "scores": list(state["scores"])}
        state["scores"][state["turn"]] += {"take": 1, "prepare": -1, "cash": 5}[event["type"]]
        state["prepared"] = state["prepared"] or event["type"] == "prepare"
        state["moves"] += 1
        if state["moves"] == 2:
            state.update(turn=1 - state["turn"], moves=0, prepared=False, turns=state["turns"] + 1)
        return state

    def decide(self, state, seat, action, rng):
        check_seat(self, state, seat)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not_legal", "Not now.")
        return [{"type": action["type"]}]

    def to_act(self, state):
        return frozenset() if state["turns"] >= 4 else frozenset({state["turn"]})

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "take"}, {"type": "prepare"}] + ([{"type": "cash"}] if state["prepared"] else [])

    def view(self, state, viewer):
        return dict(state)

    def redact(self, event, viewer):
        return dict(event)

    def outcome(self, state):
        if state["turns"] < 4:
            return None
        best = max(state["scores"])
        return {"scores": state["scores"], "winners": [s for s, score in enumerate(state["scores"]) if score == best]}

    def players(self, state):
        return len(state["scores"])

    def evaluate(self, state, seat):
        return float(state["scores"][seat])

    def sample(self, view, seat, rng):
        return dict(view)

    def dump(self, state):
        return dict(state)

    def load(self, data):
        return dict(data)


TWO_MOVES = TwoMoveTurns()


def _first_position():
    state, _ = start(TWO_MOVES, 2, None, random.Random(0))
    return state, TWO_MOVES.view(state, 0), TWO_MOVES.legal_actions(state, 0)


def test_the_planner_finds_the_pair_of_moves_that_a_look_one_move_ahead_misses():
    state, view, legal = _first_position()
    assert bots.choose(TWO_MOVES, "greedy", view, 0, legal, random.Random(1)) == {"type": "take"}
    assert bots.choose(TWO_MOVES, "expert", view, 0, legal, random.Random(1)) == {"type": "prepare"}
    # A beam of one is greedy's view; a beam of two keeps the move that looks worse at first.
    narrow, wide = (planner.best_turn(TWO_MOVES, state, 0, width, random.Random(1)) for width in (1, 2))
    assert [action for action, _ in narrow] == [{"type": "take"}, {"type": "take"}]
    assert [action for action, _ in wide] == [{"type": "prepare"}, {"type": "cash"}]


def test_the_rest_of_a_plan_is_played_from_memory_while_the_game_goes_as_imagined(monkeypatch):
    state, view, legal = _first_position()
    first = planner.choose_planned(TWO_MOVES, view, 0, legal, random.Random(2), budget_s=1.0)
    state = advance(TWO_MOVES, state, 0, first, random.Random(2))

    def no_new_plan(*args, **kwargs):
        raise AssertionError("the turn was planned again")

    monkeypatch.setattr(planner, "best_turn", no_new_plan)
    assert planner.choose_planned(TWO_MOVES, TWO_MOVES.view(state, 0), 0, TWO_MOVES.legal_actions(state, 0),
                                  random.Random(3), budget_s=1.0) == {"type": "cash"}
    # A position the plan did not pass through is planned afresh.
    with pytest.raises(AssertionError, match="planned again"):
        other = {**state, "scores": [7, 0]}
        planner.choose_planned(TWO_MOVES, TWO_MOVES.view(other, 0), 0, TWO_MOVES.legal_actions(other, 0),
                               random.Random(3), budget_s=1.0)


def test_the_beam_widens_while_the_budget_lasts_and_the_first_pass_always_finishes(monkeypatch):
    state, view, legal = _first_position()
    finished = []
    real = planner.best_turn

    def recording(engine, state, seat, width, rng, stop_at=None):
        plan = real(engine, state, seat, width, rng, stop_at)
        finished.append(width)
        return plan

    monkeypatch.setattr(planner, "best_turn", recording)
    planner.choose_planned(TWO_MOVES, view, 0, legal, random.Random(4), budget_s=30.0)
    assert finished == [1, 2, 4, 8] and planner.MAX_WIDTH == 8
    finished.clear()
    planner._next_moves.clear()
    assert planner.choose_planned(TWO_MOVES, view, 0, legal, random.Random(4), budget_s=0.0) == {"type": "take"}
    assert finished == [1]


def _dragon_market_turn_start(seed):
    engine = registry.get("dragon_market")
    state, _ = start(engine, 4, None, random.Random(seed))
    rng = random.Random(seed)
    while state["phase"] != "play":
        seat = min(engine.to_act(state))
        state = advance(engine, state, seat, rng.choice(bot_actions(engine, state, seat)), rng)
    return engine, state


def test_the_dragon_market_expert_plans_its_turn_within_its_budget():
    engine, state = _dragon_market_turn_start(6)
    assert engine.plans_turns
    seat = state["turn"]
    legal = engine.legal_actions(state, seat)
    planner._next_moves.clear()
    began = time.monotonic()
    action = planner.choose_planned(engine, engine.view(state, seat), seat, legal, random.Random(1), budget_s=0.3)
    assert time.monotonic() - began < 0.3 + 1.0  # the budget, and at most one pass of width 1
    assert action in legal and action["type"] != "back"
    # The rest of the turn comes from the plan: legal at every step, and the turn ends.
    rng = random.Random(2)
    for _ in range(planner.MAX_MOVES):
        state = advance(engine, state, seat, action, rng)
        if state["turn"] != seat or engine.outcome(state) is not None:
            break
        legal = engine.legal_actions(state, seat)
        action = planner.choose_planned(engine, engine.view(state, seat), seat, legal, rng, budget_s=0.3)
        assert action in legal
    assert state["turn"] != seat or engine.outcome(state) is not None
