"""Shared helpers for the Dschunke engine tests."""
import json
import random

from engines import core, registry
from engines.dschunke import state as states

ENGINE = registry.get("dschunke")


def new_game(players=4, seed=0, **options):
    return core.start(ENGINE, players, options, random.Random(seed))


def edit(state, **fields):
    """A copy of `state` with some fields replaced (given in their JSON form)."""
    data = json.loads(json.dumps(ENGINE.dump(state)))
    data.update(fields)
    if "junks" in fields:  # the visible crates follow the holds
        data["vis"] = [states.visible_counts(states.from_json(junk), data["n"]) for junk in data["junks"]]
    return ENGINE.load(json.loads(json.dumps(data)))


def act(state, seat, action, seed=0):
    """Decide and apply one action; returns the new state and its events."""
    return core.play(ENGINE, state, seat, action, random.Random(seed))


def random_step(state, rng):
    seat = rng.choice(sorted(ENGINE.to_act(state)))
    action = rng.choice(ENGINE.legal_actions(state, seat))
    events = ENGINE.decide(state, seat, action, rng)
    return core.fold(ENGINE, events, state), events


def play_until(state, condition, seed=0, limit=5000):
    """Random play from `state` until `condition(state)` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if condition(state):
            return state
        state, _ = random_step(state, rng)
    raise AssertionError("condition never reached")


def phase(state):
    return states.PHASE_NAMES[state.phase]


def at(phase_name, round_=None):
    return lambda s: phase(s) == phase_name and (round_ is None or s.round == round_)


def play_to_end(state, seed=0):
    return play_until(state, lambda s: ENGINE.outcome(s) is not None, seed)


def snapshot(state):
    return json.dumps(ENGINE.dump(state), sort_keys=True)


def give_specials(state, seat, *cards):
    """`state` with special `cards` moved from the stacks into `seat`'s hand."""
    specials = [list(s) for s in state.specials]
    specials[seat] += list(cards)
    stacks = [[c for c in stack if c not in cards] for stack in state.stacks]
    return edit(state, specials=specials, stacks=stacks)
