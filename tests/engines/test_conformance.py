"""One conformance suite for every registered engine at every player count (in the spirit of
OpenSpiel's random simulation test): random games checked against the protocol of engines/core.py.
Per-game test folders keep only what is particular to their game."""
import json
import random

import pytest

from engines import registry
from engines.core import IllegalAction, find_leaks, fold, start

MAX_STEPS = 5000
GAMES = 2
WORDED_GAMES = 8  # games whose every event is worded
CHECK_EVERY = 5  # the costly checks (every legal action, sample) run at every fifth step
JUNK = [None, "move", 3, 2.5, True, [], {}, {"type": None}, {"type": 7}, {"type": "no_such_action"},
        {"type": ["list"]}, {"type": {"nested": 1}}]


def cases() -> list:
    return [pytest.param(name, players, id=f"{name}-{players}p") for name in registry.names()
            for players in range(registry.get(name).min_players, registry.get(name).max_players + 1)]


CASES = cases()


def snapshot(engine, state) -> str:
    return json.dumps(engine.dump(state), sort_keys=True)


def random_game(engine, players: int, seed: int, check):
    """Play a random game from `seed`, calling `check(state, events, step, rng)` before each move."""
    rng = random.Random(seed)
    state, events = start(engine, players, engine.bots_only_options, rng)  # a table of bots
    log = list(events)
    for step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return state, log
        check(state, log, step, rng)
        seat = rng.choice(sorted(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        new = engine.decide(state, seat, action, rng)
        for event in new:
            state = engine.evolve(state, event)
        log += new
    raise AssertionError(f"{engine.name} did not end within {MAX_STEPS} steps (seed {seed})")


@pytest.mark.parametrize("name, players", CASES)
def test_random_games_end_with_an_outcome_and_replay_from_their_events(name, players):
    engine = registry.get(name)
    for seed in range(GAMES):
        state, log = random_game(engine, players, seed, lambda *_: None)
        outcome = engine.outcome(state)
        assert engine.to_act(state) == frozenset()
        assert len(outcome["scores"]) == players and outcome["winners"]
        assert set(outcome["winners"]) <= set(range(players))
        assert outcome["reason"] in engine.glossary()["end_reasons"]  # the end screen says why it ended
        assert snapshot(engine, fold(engine, log)) == snapshot(engine, state)
        again, again_log = random_game(engine, players, seed, lambda *_: None)
        assert again_log == log, "the same seed and actions must give the same events"


@pytest.mark.parametrize("name, players", CASES)
def test_every_state_round_trips_and_refuses_junk_without_change(name, players):
    engine = registry.get(name)

    def check(state, log, step, rng):
        dumped = json.loads(json.dumps(engine.dump(state)))
        assert snapshot(engine, engine.load(dumped)) == snapshot(engine, state)
        assert snapshot(engine, fold(engine, log)) == snapshot(engine, state)
        before = snapshot(engine, state)
        seat = min(engine.to_act(state))
        for junk in JUNK:
            with pytest.raises(IllegalAction):
                engine.decide(state, seat, junk, rng)
        for wrong_seat in (-1, players, "0", None, True):
            with pytest.raises(IllegalAction):
                engine.decide(state, wrong_seat, engine.legal_actions(state, seat)[0], rng)
        assert snapshot(engine, state) == before

    random_game(engine, players, 11, check)


@pytest.mark.parametrize("name, players", CASES)
def test_every_listed_action_is_accepted_and_changes_nothing_in_place(name, players):
    """decide accepts every listed action, and decide_listed (the bots' path, which may skip
    the checks) gives the same events for it."""
    engine = registry.get(name)

    def check(state, log, step, rng):
        if step % CHECK_EVERY:
            return
        before = snapshot(engine, state)
        for seat in sorted(engine.to_act(state)):
            for action in engine.legal_actions(state, seat):
                events = engine.decide(state, seat, action, random.Random(step))
                assert events, (seat, action)
                assert engine.decide_listed(state, seat, action, random.Random(step)) == events, (seat, action)
        assert snapshot(engine, state) == before

    random_game(engine, players, 12, check)


@pytest.mark.parametrize("name, players", CASES)
def test_views_and_redacted_events_leak_nothing_to_any_viewer(name, players):
    engine = registry.get(name)
    viewers = [None, *range(players)]

    def check(state, log, step, rng):
        keys = engine.private_keys(state)
        for viewer in viewers:
            seen = json.loads(json.dumps(engine.view(state, viewer)))
            assert find_leaks(seen, viewer, keys) == [], (viewer, step)
        for event in log[-12:] if step else log:
            for viewer in viewers:
                shown = engine.redact(event, viewer)
                assert shown is None or find_leaks(shown, viewer, keys) == [], (viewer, event["type"])

    random_game(engine, players, 13, check)


@pytest.mark.parametrize("name, players", CASES)
def test_sampled_states_agree_with_the_view_and_play_to_the_end(name, players):
    engine = registry.get(name)

    def check(state, log, step, rng):
        if step % (CHECK_EVERY * 3):
            return
        seat = rng.choice(sorted(engine.to_act(state)))
        seen = json.loads(json.dumps(engine.view(state, seat)))
        imagined = engine.sample(seen, seat, rng)
        assert json.loads(json.dumps(engine.view(imagined, seat))) == seen
        assert engine.legal_actions(imagined, seat) == engine.legal_actions(state, seat)
        for _ in range(MAX_STEPS):
            if engine.outcome(imagined) is not None:
                break
            actor = rng.choice(sorted(engine.to_act(imagined)))
            for event in engine.decide(imagined, actor, rng.choice(engine.legal_actions(imagined, actor)), rng):
                imagined = engine.evolve(imagined, event)
        assert engine.outcome(imagined) is not None

    random_game(engine, players, 14, check)


@pytest.mark.parametrize("name, players", CASES)
def test_every_event_has_a_log_line_with_seat_placeholders(name, players):
    """Over several games, so that rarer events (a card played, its picks) come up: each event,
    as it is and as another seat sees it, is worded, but for the silent ones (no filler lines)."""
    engine = registry.get(name)
    for seed in range(15, 15 + WORDED_GAMES):
        _, log = random_game(engine, players, seed, lambda *_: None)
        for event in log:
            for seen in (event, engine.redact(event, ((event.get("seat") or 0) + 1) % players)):
                line = engine.describe(seen)
                assert isinstance(line, str) and bool(line.strip()) != (seen["type"] in engine.silent_events), seen
                for index in range(players):
                    line = line.replace("{seat%d}" % index, "name")
                assert "{seat" not in line, (seen["type"], line)  # only seats of this table are named
