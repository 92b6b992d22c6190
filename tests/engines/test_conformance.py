"""One conformance suite for every registered engine at every player count (in the spirit of
OpenSpiel's random simulation test): random games checked against the protocol of engines/core.py,
with the options of tables of bots; the tests of hidden information and replays also with every
variant the engine's options() offer. Per-game test folders keep only what is particular to their
game."""
import copy
import json
import random

import pytest

from engines import registry
from engines.core import IllegalAction, find_leaks, fold, start
from tests.engine_variants import label, player_counts, plays, variants

MAX_STEPS = 5000
GAMES = 2
WORDED_GAMES = 8  # games whose every event is worded
CHECK_EVERY = 5  # the costly checks (every legal action, sample) run at every fifth step
VARIANT_VIEWS_EVERY = 2  # of steps: the views of a variant's game are scanned (its events all)
INFER_EVERY = 6  # of steps: a twin state per seat, tried with a few actions of each seat to act
ACTIONS_TRIED = 3
JUNK = [None, "move", 3, 2.5, True, [], {}, {"type": None}, {"type": 7}, {"type": "no_such_action"},
        {"type": ["list"]}, {"type": {"nested": 1}}]
# Variants' games are cut short where random play runs long (a variant's own rules come up early).
SHORTER = {"dragon_market": {"turn_limit": 10}}


def table_options(engine, variant: dict | None) -> dict:
    """A table of bots' options: the engine's safety net, and for a variant a shorter game."""
    return {**engine.bots_only_options, **(SHORTER.get(engine.name, {}) if variant else {}), **(variant or {})}


def cases() -> list:
    return [pytest.param(name, players, None, id=f"{name}-{players}p") for name in registry.names()
            for players in player_counts(registry.get(name))]


def variant_cases() -> list:
    return [pytest.param(name, players, variant, id=f"{name}-{players}p-{label(variant)}")
            for name in registry.names() for variant in variants(registry.get(name))
            for players in player_counts(registry.get(name))
            if plays(registry.get(name), players, table_options(registry.get(name), variant))]


CASES = cases()
ALL_CASES = CASES + variant_cases()


def snapshot(engine, state) -> str:
    return json.dumps(engine.dump(state), sort_keys=True)


def random_game(engine, players: int, seed: int, check, variant: dict | None = None):
    """Play a random game from `seed`, calling `check(state, events, step, rng)` before each move."""
    rng = random.Random(seed)
    state, events = start(engine, players, table_options(engine, variant), rng)  # a table of bots
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


@pytest.mark.parametrize("name, players, variant", ALL_CASES)
def test_random_games_end_with_an_outcome_and_replay_from_their_events(name, players, variant):
    engine = registry.get(name)
    for seed in range(GAMES):
        state, log = random_game(engine, players, seed, lambda *_: None, variant)
        outcome = engine.outcome(state)
        assert engine.to_act(state) == frozenset()
        assert len(outcome["scores"]) == players and outcome["winners"]
        assert set(outcome["winners"]) <= set(range(players))
        places = outcome["places"]  # the winners share the first place; the ranking lists the places in order
        assert {seat for seat in range(players) if places[seat] == 1} == set(outcome["winners"])
        assert sorted(outcome["ranking"]) == list(range(players))
        assert [places[seat] for seat in outcome["ranking"]] == sorted(places)
        assert outcome["reason"] in engine.glossary()["end_reasons"]  # the end screen says why it ended
        assert snapshot(engine, fold(engine, log)) == snapshot(engine, state)
        again, again_log = random_game(engine, players, seed, lambda *_: None, variant)
        assert again_log == log, "the same seed and actions must give the same events"


@pytest.mark.parametrize("name, players, variant", CASES)
def test_every_state_round_trips_and_refuses_junk_without_change(name, players, variant):
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

    random_game(engine, players, 11, check, variant)


@pytest.mark.parametrize("name, players, variant", CASES)
def test_every_listed_action_is_accepted_and_changes_nothing_in_place(name, players, variant):
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

    random_game(engine, players, 12, check, variant)


@pytest.mark.parametrize("name, players, variant", CASES)
def test_evolve_changes_neither_the_state_nor_the_event_it_folds(name, players, variant):
    """States are shared (a bot's search tree, the service's cache): folding one must leave it,
    caches and memos included, as it was."""
    engine = registry.get(name)

    def check(state, log, step, rng):
        if step % CHECK_EVERY:
            return
        seat = min(engine.to_act(state))
        events = engine.decide(state, seat, engine.legal_actions(state, seat)[-1], random.Random(step))
        for event in events:
            # A copy is folded afresh (decide's memo, if the engine keeps one, is for the original).
            fresh, sent = copy.deepcopy(state), copy.deepcopy(event)
            following = engine.evolve(fresh, event)
            assert fresh == state and event == sent, (step, event["type"])
            state = engine.evolve(state, event)
            assert state == following, (step, event["type"])

    random_game(engine, players, 14, check, variant)


@pytest.mark.parametrize("name", registry.names())
def test_load_refuses_what_is_not_a_state_of_its_game(name):
    engine = registry.get(name)
    others = [other for other in registry.names() if other != name]
    foreign = registry.get(others[0])
    foreign_state, _ = start(foreign, foreign.min_players, foreign.bots_only_options, random.Random(1))
    own_state, _ = start(engine, engine.min_players, engine.bots_only_options, random.Random(1))
    truncated = dict(list(json.loads(json.dumps(engine.dump(own_state))).items())[1:])
    for junk in (None, [], "state", 3, {}, {"n": 2}, truncated, json.loads(json.dumps(foreign.dump(foreign_state)))):
        with pytest.raises(IllegalAction) as error:
            engine.load(junk)
        assert error.value.code == "bad_snapshot", junk


@pytest.mark.parametrize("name, players, variant", ALL_CASES)
def test_views_and_redacted_events_leak_nothing_to_any_viewer(name, players, variant):
    engine = registry.get(name)
    viewers = [None, *range(players)]
    every = 1 if variant is None else VARIANT_VIEWS_EVERY
    scanned = [0]  # events of the log scanned so far

    def check(state, log, step, rng):
        if step % every:
            return
        keys = engine.private_keys(state)
        for viewer in viewers:
            seen = json.loads(json.dumps(engine.view(state, viewer)))
            assert find_leaks(seen, viewer, keys) == [], (viewer, step)
        for event in log[scanned[0]:]:
            for viewer in viewers:
                shown = engine.redact(event, viewer)
                assert shown is None or find_leaks(shown, viewer, keys) == [], (viewer, event["type"])
        scanned[0] = len(log)

    random_game(engine, players, 13, check, variant)


@pytest.mark.parametrize("name, players, variant", ALL_CASES)
def test_sampled_states_agree_with_the_view_and_play_to_the_end(name, players, variant):
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

    random_game(engine, players, 14, check, variant)


def as_seen(engine, state, events: list, viewer) -> tuple[list, bool]:
    """`events` as `viewer` sees them, up to the one that ends the game (a game over shows
    everything), and whether one did."""
    seen = []
    for event in events:
        state = engine.evolve(state, event)
        if engine.outcome(state) is not None:
            return seen, True
        seen.append(json.loads(json.dumps(engine.redact(event, viewer))))
    return seen, False


def kinds(seen: list) -> list:
    return [None if event is None else event["type"] for event in seen]


def alike_as_seen(engine, state, events, twin, twin_events, viewer) -> bool:
    """Assert that two outcomes of one action look alike to `viewer`: the same event types until
    the first event whose content differs (a reveal, or a draw from a pile whose order nobody
    sees: from there on, what follows may rightly depend on what it showed). Returns whether
    every event looked the same."""
    seen, ended = as_seen(engine, state, events, viewer)
    twin_seen, twin_ended = as_seen(engine, twin, twin_events, viewer)
    for one, other in zip(seen, twin_seen):
        assert kinds([one]) == kinds([other]), (viewer, kinds(seen), kinds(twin_seen))
        if one != other:
            return False
    if ended or twin_ended:  # the end shows everything, whatever ended it
        return False
    assert len(seen) == len(twin_seen), (viewer, kinds(seen), kinds(twin_seen))
    return True


@pytest.mark.parametrize("name, players, variant", ALL_CASES)
def test_who_is_asked_and_what_happens_by_itself_do_not_depend_on_what_a_seat_cannot_see(name, players, variant):
    """Inference leaks: for a seat w and a state S' that w cannot tell from S (sampled from w's view),
    the same seats are asked to act, w has the same choices, spectators see the same, and an
    action legal in both leads to events of the same types as w and spectators see them, and to
    the same seats asked next while those events look the same. Else being asked, or what the
    engine does by itself, would tell w something its view hides."""
    engine = registry.get(name)
    checked = [0]

    def check(state, log, step, rng):
        if step % INFER_EVERY:
            return
        to_act = engine.to_act(state)
        spectators_see = json.loads(json.dumps(engine.view(state, None)))
        for seat in range(players):
            twin = engine.sample(json.loads(json.dumps(engine.view(state, seat))), seat, rng)
            assert engine.to_act(twin) == to_act, (seat, step)
            assert json.loads(json.dumps(engine.view(twin, None))) == spectators_see, (seat, step)
            if seat in to_act:
                assert engine.legal_actions(twin, seat) == engine.legal_actions(state, seat), (seat, step)
            for actor in sorted(to_act):
                in_twin = {json.dumps(action, sort_keys=True) for action in engine.legal_actions(twin, actor)}
                both = [a for a in engine.legal_actions(state, actor) if json.dumps(a, sort_keys=True) in in_twin]
                for action in rng.sample(both, min(ACTIONS_TRIED, len(both))):
                    seed = rng.randrange(2**32)
                    events = engine.decide(state, actor, action, random.Random(seed))
                    twin_events = engine.decide(twin, actor, action, random.Random(seed))
                    looked_alike = [alike_as_seen(engine, state, events, twin, twin_events, viewer)
                                    for viewer in (seat, None)]
                    # Who is asked next is compared while the events looked the same, the views
                    # after the move not at all: a view may rightly show what the move made known
                    # without an event of its own (a stock found empty, a card that took effect).
                    if any(looked_alike):
                        after, twin_after = fold(engine, events, state), fold(engine, twin_events, twin)
                        assert engine.to_act(after) == engine.to_act(twin_after), \
                            (seat, actor, action, [e["type"] for e in events])
                    checked[0] += 1

    random_game(engine, players, 16, check, variant)
    assert checked[0] > 20


@pytest.mark.parametrize("name, players, variant", CASES)
def test_every_event_has_a_log_line_with_seat_placeholders(name, players, variant):
    """Over several games, so that rarer events (a card played, its picks) come up: each event,
    as it is and as another seat sees it, is worded, but for the silent ones (no filler lines)."""
    engine = registry.get(name)
    for seed in range(15, 15 + WORDED_GAMES):
        _, log = random_game(engine, players, seed, lambda *_: None, variant)
        for event in log:
            for seen in (event, engine.redact(event, ((event.get("seat") or 0) + 1) % players)):
                line = engine.describe(seen)
                assert isinstance(line, str) and bool(line.strip()) != (seen["type"] in engine.silent_events), seen
                for index in range(players):
                    line = line.replace("{seat%d}" % index, "name")
                assert "{seat" not in line, (seen["type"], line)  # only seats of this table are named
