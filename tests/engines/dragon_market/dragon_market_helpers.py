"""Shared pieces of the Dragon Market tests: hand-made positions and one-call play."""
from __future__ import annotations

import json
import random

from engines.core import fold, play
from engines.dragon_market import ENGINE, data
from engines.dragon_market.state import new_state

K = data.KIND


def boat(kind: str, s, facing: str, goods=(0, 1), counts=(2, 2), ident: str | None = None) -> dict:
    return {"id": ident or "", "kind": kind, "s": list(s), "d": list(data.DIRS[facing]),
            "goods": [[goods[0], counts[0]], [goods[1], counts[1]]]}


def _name(boats: list) -> list:
    numbers = {"centre": 0, "end": 0}
    named = []
    for b in boats:
        if not b["id"]:
            numbers[b["kind"]] += 1
            b = {**b, "id": ("C" if b["kind"] == "centre" else "E") + str(numbers[b["kind"]])}
        named.append(b)
    return named


def position(players: int = 4, boats=(), heirs=None, objective=None, held=None, coins=None, bank=None,
             mp: int = 7, turn: int = 0, options: dict | None = None, **fields) -> dict:
    """A hand-made state at `turn`'s turn in the play phase, first player seat 0."""
    opts = {"variant": "basic", "teams": False, "long_game": "auto", "boat_setup": "random", "fixed_mp": False,
            "mp_cost_special_steps": 2, "turn_limit": 0, **(options or {})}
    from engines.dragon_market.setup import target_for

    state = new_state(players, opts, 0, target_for(players, opts))
    units = len(state["coins"])
    coins = list(coins) if coins is not None else [0] * units
    state.update({
        "phase": "play", "turn": turn, "turns": 1, "boats": _name(list(boats)), "mp": mp, "dice": [3, 4],
        "coins": coins, "bank": data.COINS_TOTAL - sum(coins) if bank is None else bank,
        "objective": list(objective) if objective is not None else ["B01"] + ["B02", "B03", "B04"][: units - 1],
        "deck": [card for card in sorted(data.RED if opts["variant"] == "advanced" else data.BLUE)
                 if card not in (objective or ["B01", "B02", "B03", "B04"])],
    })
    if heirs is not None:
        state["heirs"] = [list(h) for h in heirs]
    if held is not None:
        state["held"] = [list(h) for h in held]
    state.update(fields)
    return state


def act(state: dict, seat: int, action: dict, seed: int = 0):
    return play(ENGINE, state, seat, action, random.Random(seed))


def acts(state: dict, seat: int, *actions: dict):
    events = []
    for action in actions:
        state, new = act(state, seat, action)
        events += new
    return state, events


def types(events: list) -> list:
    return [event["type"] for event in events]


def snapshot(state: dict) -> str:
    return json.dumps(ENGINE.dump(state), sort_keys=True)


def legal(state: dict, seat: int | None = None) -> list:
    return ENGINE.legal_actions(state, state["turn"] if seat is None else seat)


def of_type(state: dict, kind: str, seat: int | None = None) -> list:
    return [a for a in legal(state, seat) if a["type"] == kind]


def steps_to(state: dict, seat: int | None = None) -> set:
    return {tuple(a["to"]) for a in of_type(state, "step", seat)}


def refold(events: list) -> dict:
    return fold(ENGINE, events)


def random_game(players: int, options: dict, seed: int, on_step=None):
    """A random game to the end (a turn limit must be set); returns the final state and the log."""
    from engines.core import start

    rng = random.Random(seed)
    state, log = start(ENGINE, players, options, rng)
    log = list(log)
    while ENGINE.outcome(state) is None:
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        actions = ENGINE.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = rng.choice(actions)
        events = ENGINE.decide(state, seat, action, rng)
        new_state_ = fold(ENGINE, events, state)
        if on_step:
            on_step(state, seat, action, events, new_state_)
        state = new_state_
        log.extend(events)
    return state, log
