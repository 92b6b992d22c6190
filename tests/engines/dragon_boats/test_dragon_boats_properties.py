"""Property tests over seeded random games at 2, 3 and 4 players (all options), and the bots."""
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragon_boats_helpers import ENGINE
from engines.bots import search
from engines.core import IllegalAction, command_rng, find_leaks, fold, resolve_options
from engines.dragon_boats import data
from engines.simulate import play_game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
MAX_ACTIONS = 3000


def options_for(players: int, seed: int) -> dict:
    chooser = random.Random(seed)
    options = {"interactive_cards": chooser.random() < 0.7, "stall_v_price": chooser.random() < 0.8}
    if players == 4 and chooser.random() < 0.3:
        options.update(short_game=True, short_cards=chooser.choice(["random", "fixed"]))
    return resolve_options(ENGINE, options)


def check_invariants(state: dict) -> None:
    """Section 8 conservation: offerings, food, treasure, cards, members, toppers."""
    kinds = Counter()
    for index, kind in enumerate(data.KINDS):
        kinds[kind] += state["bag"][index] + sum(row["offerings"][index] for row in state["seats"])
    for tiles in state["stalls"]:
        kinds.update(tiles)
    assert kinds == Counter({kind: 16 for kind in data.KINDS})
    assert state["food"] + sum(row["food"] for row in state["seats"]) == 12
    assert state["treasure"] + sum(row["treasure"] for row in state["seats"]) == 12
    deck = 26 if state["options"]["interactive_cards"] else 20
    assert len(state["deck"]) + len(state["display"]) + sum(len(row["cards"]) for row in state["seats"]) == deck
    farmers = list(state["farmers"].values())
    for seat, row in enumerate(state["seats"]):
        members = (row["members"] + sum(boat["seats"].count(seat) for boat in state["boats"])
                   + state["paths"]["A"].count(seat) + state["paths"]["B"].count(seat) + farmers.count(seat)
                   + (1 if state["moving"] and state["moving"]["seat"] == seat else 0))
        assert members == 10
        assert row["money"] >= 0 and row["food"] >= 0 and min(row["offerings"]) >= 0
        assert sum(row["farms"]) + len(row["wisdom"]) == farmers.count(seat)
        assert set(row["hidden"]) <= set(row["cards"]) and set(row["used"]) <= set(row["cards"])
    toppers = len(state["toppers"]) + len(state["topper_discards"]) + sum(1 for b in state["boats"] if b["topper"])
    assert toppers == 20
    assert len(state["farmers"]) + len(state["tiles"]) == 38


def random_game(players: int, seed: int, each_step=None):
    table = f"t{seed}"
    options = options_for(players, seed)
    log = ENGINE.setup(players, options, command_rng(table, 0))
    state = fold(ENGINE, log)
    chooser = random.Random(seed)
    for number in range(MAX_ACTIONS):
        if ENGINE.outcome(state) is not None:
            return state, log
        if each_step:
            each_step(state, number)
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        legal = ENGINE.legal_actions(state, seat)
        assert legal, f"no legal action for seat {seat} at step {state['step']}"
        events = ENGINE.decide(state, seat, chooser.choice(legal), command_rng(table, number + 1))
        state = fold(ENGINE, events, state)
        log += events
    raise AssertionError("the game did not end")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_end_conserve_components_and_fold_to_the_state(players, seed):
    state, log = random_game(players, seed, lambda s, _: check_invariants(s))
    check_invariants(state)
    assert fold(ENGINE, log) == state
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
    result = ENGINE.outcome(state)
    assert sorted(result["ranking"]) == list(range(players)) and result["winners"]
    assert ENGINE.to_act(state) == frozenset()
    assert state["round"] == len(state["rounds"])


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_same_seed_and_actions_give_identical_events(players, seed):
    assert random_game(players, seed)[1] == random_game(players, seed)[1]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_views_and_redacted_events_never_leak_and_every_legal_action_is_accepted(players, seed):
    keys = None

    def check(state, number):
        nonlocal keys
        keys = ENGINE.private_keys(state)
        for viewer in [None, *range(players)]:
            assert find_leaks(ENGINE.view(state, viewer), viewer, keys) == []
        if number % 17 == 0:
            for seat in ENGINE.to_act(state):
                for action in ENGINE.legal_actions(state, seat):
                    ENGINE.decide(state, seat, action, random.Random(number))

    state, log = random_game(players, seed, check)
    for event in log:
        for viewer in [None, *range(players)]:
            assert find_leaks(ENGINE.redact(event, viewer), viewer, keys) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_decide_listed_agrees_with_decide_on_every_listed_action(players, seed):
    """The bots' path skips decide's checks only for what the list offers: there the checks
    always pass and the events are the same."""
    def check(state, number):
        for seat in sorted(ENGINE.to_act(state)):
            for action in ENGINE.legal_actions(state, seat):
                listed = ENGINE.decide_listed(state, seat, action, random.Random(number))
                checked = ENGINE.decide(state, seat, action, random.Random(number))
                assert json.dumps(listed) == json.dumps(checked), action  # the same keys in the same order

    random_game(players, seed, check)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_sample_is_consistent_with_the_view_and_playable_to_the_end(players, seed):
    def check(state, number):
        if number % 29:
            return
        seat = min(ENGINE.to_act(state))
        shown = json.loads(json.dumps(ENGINE.view(state, seat)))
        imagined = ENGINE.sample(shown, seat, random.Random(number))
        assert json.loads(json.dumps(ENGINE.view(imagined, seat))) == shown
        rng = random.Random(number)
        for _ in range(MAX_ACTIONS):
            if ENGINE.outcome(imagined) is not None:
                break
            actor = rng.choice(sorted(ENGINE.to_act(imagined)))
            action = rng.choice(ENGINE.legal_actions(imagined, actor))
            imagined = fold(ENGINE, ENGINE.decide(imagined, actor, action, rng), imagined)
        assert ENGINE.outcome(imagined) is not None

    random_game(players, seed, check)


def test_random_greedy_and_search_bots_finish(monkeypatch):
    monkeypatch.setattr(search, "PLAYOUTS", 6)
    monkeypatch.setattr(search, "HORIZON_STEPS", 10)
    for players, bots in ((2, ["search", "greedy"]), (3, ["greedy", "random", "search"]),
                          (4, ["random", "greedy", "random", "greedy"])):
        result = play_game(ENGINE, bots, 3, None)
        assert result["outcome"]["winners"] and result["actions"] > 50


def test_greedy_beats_random_in_four_player_games():
    """One greedy seat against three random ones, rotated: greedy should win at least 70%."""
    games, wins = 12, 0
    for number in range(games):
        seat = number % 4
        bots = ["random"] * 4
        bots[seat] = "greedy"
        result = play_game(ENGINE, bots, 1000 + number, None)
        wins += seat in result["outcome"]["winners"]
    assert wins / games >= 0.7


def deal_all_cards(state: dict, rng: random.Random) -> dict:
    """Every bonus card dealt out at once (one-time cards hidden), so that random play uses them all."""
    deck = list(state["deck"])
    rng.shuffle(deck)
    seats = []
    for seat, row in enumerate(state["seats"]):
        mine = deck[seat::state["n"]]
        seats.append({**row, "cards": mine,
                      "hidden": [letter for letter in mine if data.CARDS[letter]["type"] != "permanent"]})
    return {**state, "seats": seats, "deck": []}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_card_heavy_random_games_play_every_card_and_keep_the_invariants(players, seed):
    """B-X15 and every one-time card under random play: windows, picks and effects never break the game."""
    table = f"c{seed}"
    state = deal_all_cards(fold(ENGINE, ENGINE.setup(players, options_for(players, seed), command_rng(table, 0))),
                           random.Random(seed))
    chooser = random.Random(seed)
    played = set()
    for number in range(MAX_ACTIONS):
        if ENGINE.outcome(state) is not None:
            break
        check_invariants(state)
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        legal = ENGINE.legal_actions(state, seat)
        plays = [action for action in legal if action["type"] == "play"]
        action = chooser.choice(plays if plays and chooser.random() < 0.6 else legal)
        if action["type"] == "play":
            played.add(action["card"])
        if number % 11 == 0:
            shown = json.loads(json.dumps(ENGINE.view(state, seat)))
            assert json.loads(json.dumps(ENGINE.view(ENGINE.sample(shown, seat, chooser), seat))) == shown
        state = fold(ENGINE, ENGINE.decide(state, seat, action, command_rng(table, number + 1)), state)
    assert ENGINE.outcome(state) is not None
    assert played  # some one-time card was always playable


JUNK_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False),
                        st.sampled_from(["I", "V", "jade", "A", "N.a", "deck", "money", "B", "x"]),
                        st.lists(st.integers(-1, 4), max_size=3))
JUNK = st.one_of(
    JUNK_VALUES,
    st.dictionaries(st.sampled_from(["type", "stall", "kind", "card", "value", "boat", "place", "omit", "node",
                                     "port", "slot", "space", "path", "extra"]), JUNK_VALUES, max_size=4),
    st.builds(lambda kind, extra: {"type": kind, **extra},
              st.sampled_from(["bid", "private", "play", "choose", "pay", "buy", "take_money", "exchange",
                               "draw_card", "board", "path", "done", "pass", "steer", "step", "stop", "sell",
                               "sell_treasure", "start_disc", "start_offering", "nope"]),
              st.dictionaries(st.sampled_from(["stall", "kind", "card", "value", "boat", "place", "omit", "node",
                                               "port", "slot", "space", "path"]), JUNK_VALUES, max_size=3)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), moves=st.integers(0, 200), action=JUNK)
def test_junk_is_refused_with_illegal_action_and_changes_nothing(seed, moves, action):
    """Any action is either one of legal_actions or refused with IllegalAction, leaving the state as it was."""
    players = 2 + seed % 3
    table = f"j{seed}"
    state = fold(ENGINE, ENGINE.setup(players, options_for(players, seed), command_rng(table, 0)))
    chooser = random.Random(seed)
    for number in range(moves):
        if ENGINE.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        state = fold(ENGINE, ENGINE.decide(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)),
                                           command_rng(table, number + 1)), state)
    seat = min(ENGINE.to_act(state) or {0})
    before = json.dumps(state, sort_keys=True)
    legal = ENGINE.legal_actions(state, seat)
    try:
        ENGINE.decide(state, seat, action, random.Random(0))
    except IllegalAction as error:
        assert error.code and error.message
    else:
        assert action in legal and not any(isinstance(v, bool) for v in action.values())
    assert json.dumps(state, sort_keys=True) == before
