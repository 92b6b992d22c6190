"""Property tests over many seeded random games at 3 and 4 players."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engines import core
from engines.dschunke import data, rules
from tests.engines.dschunke.helpers import ENGINE

GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from([3, 4]),
    "setup_variant": st.booleans(),
    "public_money": st.booleans(),
})


def property_settings(examples):
    return settings(max_examples=examples, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(game, on_step=None):
    """Play a random game to the end; returns the final state and the whole event log."""
    rng = random.Random(game["seed"])
    options = {"setup_variant": game["setup_variant"], "public_money": game["public_money"]}
    state, log = core.start(ENGINE, game["players"], options, rng)
    log = list(log)
    while ENGINE.outcome(state) is None:
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        actions = ENGINE.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        events = ENGINE.decide(state, seat, rng.choice(actions), rng)
        new_state = core.fold(ENGINE, events, state)
        if on_step:
            on_step(state, seat, events, new_state, rng)
        state = new_state
        log.extend(events)
    return state, log


def assert_conserved(state):
    for kind in range(4):
        assert sum(hand[kind] for hand in state.hands) + state.stocks[kind] == data.CARDS_PER_KIND
    assert all(min(hand) >= 0 for hand in state.hands) and min(state.stocks) >= 0
    held = sum(len(cards) for cards in state.specials) + sum(len(stack) for stack in state.stacks)
    assert held + len(state.discarded) == len(data.SPECIALS)
    for seat in range(state.n):
        on_board = sum(layer.count(seat) for junk in state.junks for layer in junk)
        in_hand = int(state.step is not None and state.step[0] == "place" and not state.step[5] and state.step[3] == seat)
        assert on_board + state.strips[seat] + in_hand == data.STRIPS_PER_PLAYER


@property_settings(500)
@given(GAMES)
def test_random_games_run_conserve_and_replay(game):
    def check(before, seat, events, after, rng):
        assert_conserved(after)

    state, log = random_game(game, check)
    assert core.fold(ENGINE, json.loads(json.dumps(log))) == state  # the log is plain JSON and replays
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
    result = ENGINE.outcome(state)
    assert sorted(result["ranking"]) == list(range(game["players"])) and result["winners"]
    assert state.round == data.ROUNDS


@property_settings(150)
@given(GAMES)
def test_same_seed_and_actions_give_the_same_events(game):
    _, first = random_game(game)
    _, second = random_game(game)
    assert first == second


@property_settings(150)
@given(GAMES)
def test_snapshots_round_trip_mid_game(game):
    def check(before, seat, events, after, rng):
        if rng.random() < 0.1:
            snapshot = json.dumps(ENGINE.dump(before))
            copy = ENGINE.load(json.loads(snapshot))
            assert copy == before
            assert core.fold(ENGINE, ENGINE.decide(copy, seat, _last_action(before, seat, events), rng), copy) == after
            assert json.dumps(ENGINE.dump(before)) == snapshot  # deciding and folding never mutate a state

    random_game(game, check)


@property_settings(150)
@given(GAMES)
def test_every_listed_action_is_accepted(game):
    def check(before, seat, events, after, rng):
        if rng.random() < 0.1:
            for other in sorted(ENGINE.to_act(before)):
                for action in ENGINE.legal_actions(before, other):
                    assert ENGINE.decide(before, other, action, rng)

    random_game(game, check)


def _last_action(state, seat, events):
    """Re-deciding needs the action: find the legal action whose events match."""
    for action in ENGINE.legal_actions(state, seat):
        try:
            if ENGINE.decide(state, seat, action, random.Random(0)) == events:
                return action
        except core.IllegalAction:
            continue
    raise AssertionError("no legal action reproduces the events")


@property_settings(100)
@given(GAMES)
def test_no_seat_ever_sees_hidden_items_of_another(game):
    players = game["players"]

    def check(before, seat, events, after, rng):
        if ENGINE.outcome(after) is not None:
            return
        keys = ENGINE.private_keys(after)
        viewer = rng.choice([*range(players), None])
        view = ENGINE.view(after, viewer)
        assert core.find_leaks(view, viewer, keys) == []
        assert json.loads(json.dumps(view)) == view  # plain JSON
        for event in events:
            for viewer in [*range(players), None]:
                seen = ENGINE.redact(event, viewer)
                assert core.find_leaks(seen, viewer, keys) == []
                assert ENGINE.describe(seen) or seen["type"] in ENGINE.silent_events  # each has a log line or is filler

    random_game(game, check)


@property_settings(150)
@given(GAMES)
def test_sampled_states_match_the_view_and_play_on(game):
    samples = []

    def check(before, seat, events, after, rng):
        if ENGINE.outcome(after) is None and rng.random() < 0.02:
            seat = rng.choice(sorted(ENGINE.to_act(after))) if rng.random() < 0.7 else rng.randrange(game["players"])
            view = ENGINE.view(after, seat)
            sampled = ENGINE.sample(view, seat, random.Random(game["seed"]))
            assert ENGINE.view(sampled, seat) == view
            assert ENGINE.legal_actions(sampled, seat) == ENGINE.legal_actions(after, seat)
            assert_conserved(sampled)
            samples.append(sampled)

    random_game(game, check)
    rng = random.Random(game["seed"])
    for state in samples[:2]:
        while ENGINE.outcome(state) is None:
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            state = core.fold(ENGINE, ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng), state)


CANDIDATES = (
    [{"type": "use", "worker": worker, "junk": junk} for worker in data.WORKERS for junk in data.JUNKS]
    + [{"type": "place", "junk": junk, "slot": slot} for junk in data.JUNKS for slot in range(3)]
    + [{"type": "take", "kind": kind} for kind in data.KINDS]
    + [{"type": "exchange", "give": give, "take": take} for give in data.KINDS for take in data.KINDS]
    + [{"type": "done"}, {"type": "end_turn"}]
    + [{"type": "search", "stack": stack} for stack in range(4)]
    + [{"type": kind, "card": card} for kind in ("pick", "play_special") for card in range(len(data.SPECIALS))]
)


@property_settings(100)
@given(GAMES)
def test_quick_legality_check_agrees_with_the_list(game):
    def check(before, seat, events, after, rng):
        for other in sorted(ENGINE.to_act(after)):
            listed = ENGINE.legal_actions(after, other)
            for action in CANDIDATES:
                assert rules.is_listed(after, other, action["type"], action) == (action in listed), action

    random_game(game, check)


@property_settings(100)
@given(GAMES)
def test_decide_listed_agrees_with_decide_on_every_listed_action(game):
    """The bots' path skips decide's checks only for what the list offers: there the checks
    always pass and the events are the same."""
    def check(before, seat, events, after, rng):
        for other in sorted(ENGINE.to_act(after)):
            for action in ENGINE.legal_actions(after, other):
                listed, checked = ENGINE.decide_listed(after, other, action), ENGINE.decide(after, other, action)
                assert json.dumps(listed) == json.dumps(checked), action  # the same keys in the same order

    random_game(game, check)
