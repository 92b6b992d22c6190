"""Property tests over thousands of seeded random games at 2, 3 and 4 players."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dunhuang_helpers import ENGINE
from engines.core import IllegalAction, command_rng, find_leaks, fold, resolve_options, start
from engines.dunhuang import data, rules
from engines.dunhuang.majority import has_most
from engines.dunhuang.state import counts_of

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
MAX_ACTIONS = 2000  # far above any real game; a loop is a bug
DEFAULTS = resolve_options(ENGINE, None)  # validated once: schema checks dominate a game's set-up time


def card_counts(state: dict) -> list[int]:
    """How many cards of each good exist anywhere in the game (market, deck, hands, shops …)."""
    counts = [0] * (data.MAX_GOOD + 1)
    for cards in [state["market"], state["deck"], state["discards"], *state["pending"], *state["boxed"]]:
        for good in cards:
            counts[good] += 1
    for row in state["hands"] + state["shops"]:
        for good, count in enumerate(row):
            counts[good] += count
    counts[0] = 0  # empty market slots
    return counts


FULL_DECK = {players: counts_of(data.deck_for(players)) for players in (2, 3, 4)}


def check_invariants(state: dict) -> None:
    assert card_counts(state) == FULL_DECK[state["n"]]
    assert min(state["coins"]) >= 0
    for good, holder in enumerate(state["tokens"]):
        if holder >= 0:
            assert has_most(state["shops"], holder, good)
        else:
            assert state["guards"][good] is None


def random_game(players: int, seed: int, each_step=None) -> tuple[dict, list[dict]]:
    """A game of random legal actions; `each_step(state)` runs before every action."""
    table = f"t{seed}"
    log = ENGINE.setup(players, DEFAULTS, command_rng(table, 0))  # start() would re-validate options
    state = fold(ENGINE, log)
    chooser = random.Random(seed)
    for number in range(MAX_ACTIONS):
        if ENGINE.outcome(state) is not None:
            return state, log
        if each_step:
            each_step(state)
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        legal = ENGINE.legal_actions(state, seat)
        assert legal, f"no legal action for seat {seat} at step {state['step']}"
        events = ENGINE.decide(state, seat, chooser.choice(legal), command_rng(table, number + 1))
        state = fold(ENGINE, events, state)
        log += events
    raise AssertionError("the game did not end")


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_end_conserve_cards_and_fold_to_the_state(players, seed):
    state, log = random_game(players, seed, check_invariants)
    check_invariants(state)
    assert fold(ENGINE, log) == state
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
    result = ENGINE.outcome(state)
    assert result["reason"] in ("top_merchant", "deck_out")
    assert sorted(result["ranking"]) == list(range(players)) and result["winners"]


@settings(max_examples=300, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_same_seed_and_actions_give_identical_events(players, seed):
    assert random_game(players, seed)[1] == random_game(players, seed)[1]


def check_hidden(state: dict) -> None:
    keys = ENGINE.private_keys(state)
    rng = random.Random(len(state["deck"]))
    for viewer in range(state["n"]):
        seen = ENGINE.view(state, viewer)
        assert find_leaks(seen, viewer, keys) == []
        imagined = ENGINE.sample(seen, viewer, rng)
        assert ENGINE.view(imagined, viewer) == seen
        check_invariants(imagined)
        assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(imagined)))) == imagined
        for seat in ENGINE.to_act(imagined):  # the imagined state is playable
            action = rng.choice(ENGINE.legal_actions(imagined, seat))
            fold(ENGINE, ENGINE.decide(imagined, seat, action, rng), imagined)
    assert find_leaks(ENGINE.view(state, None), None, keys) == []


@settings(max_examples=80, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_views_and_events_never_leak_and_samples_match_every_view(players, seed):
    state, log = random_game(players, seed, check_hidden)
    keys = ENGINE.private_keys(state)
    for event in log:
        for viewer in [None, *range(players)]:
            assert find_leaks(ENGINE.redact(event, viewer), viewer, keys) == []
            assert ENGINE.describe(ENGINE.redact(event, viewer)) or event["type"] in ENGINE.silent_events


def test_samples_play_on_to_the_end():
    rng = random.Random(1)
    for seed in range(30):
        state, _ = start(ENGINE, 2 + seed % 3, None, random.Random(seed))
        for _ in range(40 + seed):
            if ENGINE.outcome(state) is not None:
                break
            seat = min(ENGINE.to_act(state))
            state = fold(ENGINE, ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng), state)
        seat = seed % state["n"]
        imagined = ENGINE.sample(ENGINE.view(state, seat), seat, rng)
        for _ in range(MAX_ACTIONS):
            if ENGINE.outcome(imagined) is not None:
                break
            actor = min(ENGINE.to_act(imagined))
            action = rng.choice(ENGINE.legal_actions(imagined, actor))
            imagined = fold(ENGINE, ENGINE.decide(imagined, actor, action, rng), imagined)
        assert ENGINE.outcome(imagined) is not None


def candidate_actions():
    """Every well-formed action with field values in and around their ranges."""
    values = range(-1, 12)
    for kind, fields in rules.FIELDS.items():
        if not fields:
            yield {"type": kind}
        elif fields == ("to",):
            yield from ({"type": kind, "to": to} for to in rules.TAKE_TO)
        else:
            yield from ({"type": kind, fields[0]: value} for value in values)


CANDIDATES = list(candidate_actions())


def test_legal_actions_are_exactly_the_actions_decide_accepts():
    def compare(state):
        for seat in range(state["n"]):
            legal = ENGINE.legal_actions(state, seat)
            accepted = []
            for action in CANDIDATES:
                try:
                    ENGINE.decide(state, seat, action, random.Random(0))
                except IllegalAction:
                    continue
                accepted.append(action)
            assert sorted(map(str, accepted)) == sorted(map(str, legal))

    for seed in range(9):
        random_game(2 + seed % 3, seed, compare)
