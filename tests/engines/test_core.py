import random

import pytest

from engines import registry
from engines.core import (
    IllegalAction, check_seat, command_rng, find_leaks, fold, play, resolve_options, seed_hash, start,
)
from tests.tiny_engine import TINY


def test_resolve_options_fills_defaults():
    assert resolve_options(TINY, None) == {"cards": 2}
    assert resolve_options(TINY, {"cards": 3}) == {"cards": 3}


@pytest.mark.parametrize("options, code", [({"slow": True}, "unknown_option"), ({"cards": "yes"}, "bad_option"), ({"cards": 9}, "bad_option")])
def test_resolve_options_rejects_bad_options(options, code):
    with pytest.raises(IllegalAction) as error:
        resolve_options(TINY, options)
    assert error.value.code == code
    assert error.value.message


def options_for_some_counts():
    """(engine, option, its player counts) for every option a game allows at some counts only."""
    return [(name, option, spec["x-players"]) for name in registry.names()
            for option, spec in registry.get(name).options()["properties"].items() if "x-players" in spec]


def test_the_team_game_and_the_short_game_are_options_for_four():
    assert {(name, option) for name, option, _ in options_for_some_counts()} == {
        ("dragon_market", "teams"), ("dragon_boats", "short_game")}


@pytest.mark.parametrize("name, option, counts", options_for_some_counts())
def test_an_option_for_some_player_counts_is_refused_at_the_others(name, option, counts):
    """M-G1 (the team game is for four), B-V1 (the short game is for four)."""
    engine = registry.get(name)
    value = not engine.options()["properties"][option]["default"]
    for players in range(engine.min_players, engine.max_players + 1):
        if players in counts:
            state, _ = start(engine, players, {option: value}, random.Random(1))
            assert engine.players(state) == players
            continue
        with pytest.raises(IllegalAction) as error:
            resolve_options(engine, {option: value}, players)
        assert error.value.code == "bad_option" and "for 4 players only" in error.value.message
        with pytest.raises(IllegalAction):
            start(engine, players, {option: value}, random.Random(1))
        assert resolve_options(engine, {option: not value}, players)[option] == (not value)  # the default passes


def options_that_need_others():
    """(engine, option, {other option: value it needs}) for every option with "x-requires"."""
    return [(name, option, spec["x-requires"]) for name in registry.names()
            for option, spec in registry.get(name).options()["properties"].items() if "x-requires" in spec]


def test_the_options_that_need_others_are_named():
    """B-V1's round cards belong to the short game; M-V1's long game to the basic game without
    teams (M-G7, M-A6 set their own targets); the special steps' cost to the advanced game's powers."""
    assert {(name, option): needs for name, option, needs in options_that_need_others()} == {
        ("dragon_boats", "short_cards"): {"short_game": True},
        ("dragon_market", "long_game"): {"variant": "basic", "teams": False},
        ("dragon_market", "mp_cost_special_steps"): {"variant": "advanced"},
    }
    for name, option, needs in options_that_need_others():  # the form settles the options needed first
        order = list(registry.get(name).options()["properties"])
        assert all(order.index(other) < order.index(option) for other in needs)


def other_value(spec: dict):
    """A value of the option other than its default."""
    return next(value for value in spec.get("enum", [True, False]) if value != spec["default"])


@pytest.mark.parametrize("name, option, needs", options_that_need_others())
def test_an_option_is_refused_without_the_values_it_needs_and_played_with_them(name, option, needs):
    engine = registry.get(name)
    properties = engine.options()["properties"]
    value = other_value(properties[option])
    players = engine.max_players
    state, _ = start(engine, players, {option: value, **needs}, random.Random(1))
    assert engine.players(state) == players
    for other, needed in needs.items():
        unmet = {option: value, **needs, other: other_value({**properties[other], "default": needed})}
        with pytest.raises(IllegalAction) as error:
            resolve_options(engine, unmet, players)
        assert error.value.code == "bad_option" and "has no effect" in error.value.message
        assert properties[other]["title"] in error.value.message
        with pytest.raises(IllegalAction):
            start(engine, players, unmet, random.Random(1))
        assert resolve_options(engine, {**unmet, option: properties[option]["default"]}, players)  # the default passes


def test_start_rejects_a_player_count_outside_the_game():
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        start(TINY, 5, None, random.Random(1))


def test_command_rng_is_a_function_of_seed_and_seq():
    draws = lambda seed, seq: [command_rng(seed, seq).random() for _ in range(3)]  # noqa: E731
    assert draws("s", 4) == draws("s", 4)
    assert draws("s", 4) != draws("s", 5)
    assert draws("s", 4) != draws("t", 4)


def test_seed_hash_is_sha256_hex():
    assert seed_hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_fold_of_setup_and_play_events_rebuilds_the_state():
    state, events = start(TINY, 3, None, random.Random(7))
    seat = min(TINY.to_act(state))
    card = state["hands"][seat][0]
    after, new_events = play(TINY, state, seat, {"type": "play", "card": card}, random.Random(0))
    assert fold(TINY, events + new_events) == after
    assert card in after["played"][seat] and card not in after["hands"][seat]


def test_check_seat_names_the_problem():
    state, _ = start(TINY, 2, None, random.Random(1))
    with pytest.raises(IllegalAction) as error:
        check_seat(TINY, state, 5)
    assert error.value.code == "bad_seat"
    with pytest.raises(IllegalAction) as error:
        check_seat(TINY, state, 1 - state["turn"])
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as error:
        check_seat(TINY, state, True)
    assert error.value.code == "bad_seat"


def test_find_leaks_flags_private_items_of_other_seats_only():
    state, events = start(TINY, 3, None, random.Random(3))
    keys = TINY.private_keys(state)
    assert find_leaks(TINY.view(state, 1), 1, keys) == []
    assert find_leaks(TINY.view(state, None), None, keys) == []
    leaky = {"players": [{"seat": 0, "hand": [1, 2]}, {"seat": 1, "hand": None}]}
    assert find_leaks(leaky, 1, keys) == ["$.players[0].hand"]
    assert find_leaks(leaky, 0, keys) == []
    assert find_leaks(leaky, 1, frozenset()) == []  # a game whose hands are public
    assert find_leaks({"deck": [3, 4]}, 0, keys) == ["$.deck"]
    assert find_leaks(events[1], 1 - events[1]["seat"] or 2, keys) == ["$.hand"]
    assert [find_leaks(TINY.redact(event, 2), 2, keys) for event in events] == [[]] * len(events)
