"""Whole-turn planning, for games whose turn is many small moves by one seat.

In Dragon Market a turn is six to ten single-MP moves, and one move rarely shows its worth on
its own: a boat is slid so that a later step reaches a good. So the planner searches the seat's
own moves up to the end of its turn, on a state drawn with `engine.sample`, by beam search:
every legal move of every kept position is tried; the positions where the seat still acts are
ranked by the engine's estimate for the seat (`evaluate`) and the best `width` distinct ones are
kept; a finished turn is judged by the seat's estimate against its rivals' (`turn_value`). The first move of the
best finished turn is played.

Anytime: passes of width 1, 2, 4, ... while the budget lasts (the first always finishes), the
widest finished pass deciding. The chosen plan is remembered by the views it passes through, so
the rest of the turn is played at once while the game goes as imagined; when it does not (a card
drawn from the real deck, say), the view differs and the turn is planned again.

Where the estimate is flat because a piece is boxed in, no plan of one turn improves it; the
engine's `unblocking_moves` then name a way out, played first and remembered like a plan.
"""
from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from engines.bots.playout import WIN_VALUE, advance, bot_actions
from engines.core import Action, Engine, Seat

MAX_WIDTH = 8
# A finished turn is judged by the seat's estimate against its best rival's, the rival's counted
# at this weight: a boat slid across a rival's way is moved back by one move of theirs, so a
# full weight makes two seats spend their turns undoing each other's slides (a 2-player game
# then stalls).
RIVAL_WEIGHT = 0.5
MAX_MOVES = 32  # a turn longer than this is judged where the plan stops
PLANS_KEPT = 4096  # remembered next moves; the memory is emptied when it grows past this

Step = tuple[Action, Any]  # a move and the state after it
_next_moves: dict[bytes, Action] = {}  # a view's digest -> the plan's move from there


class _OutOfTime(Exception):
    pass


def choose_planned(engine: Engine, view: dict, seat: Seat, legal_actions: list[Action], rng,
                   budget_s: float, widest: int = MAX_WIDTH) -> Action:
    remembered = _next_moves.pop(_view_key(view, seat), None)
    if remembered is not None and remembered in legal_actions:
        return remembered
    stop_at = time.monotonic() + budget_s
    state = engine.sample(view, seat, rng)
    way_out = engine.unblocking_moves(state, seat)
    if way_out and way_out[0] in legal_actions:
        _remember(engine, seat, _walk(engine, state, seat, way_out, rng))
        return way_out[0]
    plan = best_turn(engine, state, seat, 1, rng)
    width = 2
    while width <= widest:
        try:
            plan = best_turn(engine, state, seat, width, rng, stop_at)
        except _OutOfTime:
            break
        width *= 2
    if plan[0][0] not in legal_actions:
        return rng.choice(legal_actions)
    _remember(engine, seat, plan)
    return plan[0][0]


def _walk(engine: Engine, state: Any, seat: Seat, actions: list[Action], rng) -> tuple[Step, ...]:
    """The steps of `actions` made in turn while the seat acts and each is legal."""
    steps = []
    for action in actions:
        if seat not in engine.to_act(state) or action not in engine.legal_actions(state, seat):
            break
        state = advance(engine, state, seat, action, rng)
        steps.append((action, state))
    return tuple(steps)


def best_turn(engine: Engine, state: Any, seat: Seat, width: int, rng,
              stop_at: float | None = None) -> tuple[Step, ...]:
    """The best sequence of the seat's moves to the end of its turn found by a beam of `width`."""
    frontier: list[tuple[Any, tuple[Step, ...]]] = [(state, ())]
    best_value, best_plan = float("-inf"), ()
    for _ in range(MAX_MOVES):
        grown = []
        for position, plan in frontier:
            if stop_at is not None and time.monotonic() > stop_at:
                raise _OutOfTime
            for action in bot_actions(engine, position, seat):
                after = advance(engine, position, seat, action, rng)
                longer = plan + ((action, after),)
                if engine.outcome(after) is not None or seat not in engine.to_act(after):
                    value = turn_value(engine, after, seat)
                    if value > best_value:
                        best_value, best_plan = value, longer
                else:
                    grown.append((engine.evaluate(after, seat), rng.random(), after, longer))
        if not grown:
            return best_plan
        frontier = _distinct_best(engine, grown, width)
    for position, plan in frontier:
        value = turn_value(engine, position, seat)
        if value > best_value:
            best_value, best_plan = value, plan
    return best_plan


def turn_value(engine: Engine, state: Any, seat: Seat) -> float:
    """A won or lost game first; else the seat's estimate less RIVAL_WEIGHT times its best rival's."""
    result = engine.outcome(state)
    if result is not None:
        return WIN_VALUE if seat in result["winners"] else -WIN_VALUE
    values = [engine.evaluate(state, other) for other in range(engine.players(state))]
    return values[seat] - RIVAL_WEIGHT * max(value for other, value in enumerate(values) if other != seat)


def _distinct_best(engine: Engine, grown: list, width: int) -> list:
    """The `width` best positions, one of each (moves made in another order meet again)."""
    grown.sort(key=lambda entry: entry[:2], reverse=True)
    kept, seen = [], set()
    for _, _, position, plan in grown:
        key = json.dumps(engine.dump(position), sort_keys=True, separators=(",", ":"))
        if key not in seen:
            seen.add(key)
            kept.append((position, plan))
            if len(kept) == width:
                break
    return kept


def _remember(engine: Engine, seat: Seat, plan: tuple[Step, ...]) -> None:
    if len(_next_moves) > PLANS_KEPT:
        _next_moves.clear()
    for (_, after), (next_action, _) in zip(plan, plan[1:]):
        _next_moves[_view_key(engine.view(after, seat), seat)] = next_action


def _view_key(view: dict, seat: Seat) -> bytes:
    text = f"{seat}:{json.dumps(view, sort_keys=True, separators=(',', ':'))}"
    return hashlib.blake2b(text.encode(), digest_size=16).digest()
