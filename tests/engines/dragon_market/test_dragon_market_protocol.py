"""Protocol checks at every player count: replay, determinism, snapshots, legal actions, junk,
leaks, sample, outcome, log lines."""
import json
import random

import pytest

from engines.core import IllegalAction, find_leaks, fold, start
from engines.dragon_market import data, geometry
from engines.dragon_market import ENGINE, evolve, scoring, text
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, boat, legal, position, random_game, snapshot)

CONFIGS = [
    (2, {"turn_limit": 3}), (3, {"turn_limit": 3}), (4, {"turn_limit": 3}),
    (2, {"turn_limit": 3, "variant": "advanced", "boat_setup": "random"}),
    (3, {"turn_limit": 3, "variant": "advanced"}),
    (4, {"turn_limit": 3, "variant": "advanced", "boat_setup": "random"}),
    (4, {"turn_limit": 3, "teams": True}),
    (4, {"turn_limit": 3, "teams": True, "variant": "advanced", "boat_setup": "random"}),
]


@pytest.mark.parametrize("players, options", CONFIGS)
def test_random_games_replay_from_their_events_and_every_action_is_accepted(players, options):
    """Fold of setup + events equals the state; every listed action is accepted; outcome at the end."""
    seen_types = set()

    def check(before, seat, action, events, after):
        for other in ENGINE.to_act(before):
            for candidate in legal(before, other):
                ENGINE.decide(before, other, candidate, random.Random(0))  # must not raise
        seen_types.update(a["type"] for a in legal(before, seat))

    state, log = random_game(players, options, players * 7, on_step=check)
    assert fold(ENGINE, log) == state
    result = ENGINE.outcome(state)
    assert result is not None and ENGINE.to_act(state) == frozenset()
    assert sorted(result["ranking"]) == list(range(players)) and set(result["winners"]) <= set(range(players))
    assert {"slide", "rotate", "end_turn"} <= seen_types


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_are_deterministic_for_a_given_rng(players):
    first = random_game(players, {"turn_limit": 2}, 5)
    second = random_game(players, {"turn_limit": 2}, 5)
    assert first == second



MALFORMED = [
    None, "slide", 3, [], {}, {"boat": 1}, {"type": 7}, {"type": "fly"}, {"type": "slide"},
    {"type": "slide", "boat": 0}, {"type": "slide", "boat": "0", "by": 1}, {"type": "slide", "boat": True, "by": 1},
    {"type": "slide", "boat": 0, "by": 0}, {"type": "slide", "boat": 0, "by": 1.0},
    {"type": "slide", "boat": 0, "by": 1, "extra": 1}, {"type": "rotate", "boat": 0, "turn": "left"},
    {"type": "step", "to": [1]}, {"type": "step", "to": "1,0"}, {"type": "step", "to": [1, True]},
    {"type": "step", "to": [1.0, 0]}, {"type": "end_turn", "now": True}, {"type": "reroll", "die": 2},
    {"type": "keep", "card": 3}, {"type": "pick_boat", "kind": "junk"}, {"type": "facing", "dir": "up"},
    {"type": "coin_from", "seat": None}, {"type": "buy_mp", "count": 2},
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_actions_raise_and_change_nothing(action):
    state = position(boats=[boat("centre", (4, 4), "E")], heirs=[(0, 0), (0, 9), (9, 9), (9, 0)])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, action)
    assert error.value.code in {"malformed", "unknown_action"} and error.value.message
    assert snapshot(state) == before


@pytest.mark.parametrize("action", [
    {"type": "slide", "boat": 9, "by": 1}, {"type": "slide", "boat": -1, "by": 1}, {"type": "slide", "boat": 0, "by": 9},
    {"type": "step", "to": [50, 50]}, {"type": "step", "to": [-1, 0]}, {"type": "step", "to": [5, 5]},
    {"type": "keep", "card": "B01"}, {"type": "coin_from", "seat": 1}, {"type": "pick_boat", "kind": "end"},
    {"type": "hop", "boat": 0, "by": 1}, {"type": "swap_heir", "seat": 1}, {"type": "reroll", "die": 0},
    {"type": "swap_stacks", "boat": 0}, {"type": "half_turn", "boat": 0}, {"type": "turn_far", "boat": 0, "turn": "cw"},
    {"type": "shift", "boat": 0, "by": 1}, {"type": "back"},
])
def test_illegal_actions_raise_with_a_message_and_change_nothing(action):
    state = position(boats=[boat("centre", (4, 4), "E")], heirs=[(0, 0), (0, 9), (9, 9), (9, 0)])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 0, action)
    assert error.value.message and snapshot(state) == before


@pytest.mark.parametrize("seat, code", [(1, "not_your_turn"), (4, "bad_seat"), (-1, "bad_seat"), ("0", "bad_seat"),
                                        (True, "bad_seat"), (None, "bad_seat")])
def test_wrong_seats_raise(seat, code):
    state = position(boats=[boat("centre", (4, 4), "E")])
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "end_turn"})
    assert error.value.code == code


@pytest.mark.parametrize("players, options", CONFIGS)
def test_no_leaks_in_views_and_redacted_events_for_any_viewer(players, options):
    def check(before, seat, action, events, after):
        if ENGINE.outcome(after) is not None:
            return
        keys = ENGINE.private_keys(after)
        for viewer in [None] + list(range(players)):
            assert find_leaks(ENGINE.view(after, viewer), viewer, keys) == []
            for event in events:
                assert find_leaks(ENGINE.redact(event, viewer), viewer, keys) == []

    random_game(players, options, 3, on_step=check)
    state, events = start(ENGINE, players, options, random.Random(1))
    for viewer in [None] + list(range(players)):
        for event in events:
            assert find_leaks(ENGINE.redact(event, viewer), viewer, ENGINE.private_keys(state)) == []


@pytest.mark.parametrize("players, options", CONFIGS)
def test_sample_matches_the_view_and_plays_to_the_end(players, options):
    """sample: consistent with the seat's view (sent as JSON), hidden cards redrawn, playable."""
    samples_checked = [0]

    def check(before, seat, action, events, after):
        if ENGINE.outcome(after) is not None or not ENGINE.to_act(after) or random.Random(len(events)).random() > 0.3:
            return
        viewer = min(ENGINE.to_act(after))
        seen = json.loads(json.dumps(ENGINE.view(after, viewer)))
        imagined = ENGINE.sample(seen, viewer, random.Random(samples_checked[0]))
        assert ENGINE.view(imagined, viewer) == seen
        for unit, held in enumerate(imagined["held"]):
            if imagined["objective"][unit]:
                from engines.dragon_market import data
                assert set(held) <= set(data.CARDS[imagined["objective"][unit]])
        if samples_checked[0] % 5 == 0:
            state, rng = imagined, random.Random(1)
            while ENGINE.outcome(state) is None:
                mover = min(ENGINE.to_act(state))
                state = fold(ENGINE, ENGINE.decide(state, mover, rng.choice(legal(state, mover)), rng), state)
        samples_checked[0] += 1

    random_game(players, options, 8, on_step=check)
    assert samples_checked[0] > 3


def test_sample_redraws_the_hidden_objectives():
    state, _ = start(ENGINE, 4, {"boat_setup": "random", "variant": "advanced"}, random.Random(3))
    for seat in range(4):
        state, _ = act(state, seat, {"type": "keep", "card": state["offers"][seat][0]})
    seen = ENGINE.view(state, 2)
    worlds = [ENGINE.sample(seen, 2, random.Random(seed)) for seed in range(8)]
    assert all(world["objective"][2] == state["objective"][2] for world in worlds)
    assert len({tuple(world["objective"]) for world in worlds}) > 1


def test_view_carries_what_a_board_renderer_needs():
    state = position(boats=[boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]), counts=(1, 2))],
                     heirs=[(1, 0), (0, 9), (9, 9), (9, 0)], coins=[1, 2, 3, 0], held=[[K["necklace"]], [], [], []])
    seen = ENGINE.view(state, 1)
    assert seen["size"] == 10 and seen["boats"][0] == {
        "id": "E1", "kind": "end", "s": [3, 0], "d": [-1, 0], "dir": "W", "cells": [[3, 0], [2, 0], [1, 0]],
        "goods": [[K["necklace"], 1], [K["ring"], 2]]}
    assert seen["heirs"][0] == [1, 0] and seen["dice"] == [3, 4] and seen["mp"] == 7 and seen["bank"] == 6
    assert seen["units"][0]["objective"] == "B01" and seen["units"][0]["held"] == [K["necklace"]]
    assert [row["coins"] for row in seen["units"]] == [1, 2, 3, 0]
    assert seen["pontoons"][0] == {"cell": [0, 0], "owner": 0} and seen["pile_size"] == len(state["deck"])
    assert seen["to_act"] == [0] and seen["goods_names"][K["necklace"]] == "necklace" and "deck" not in seen


def test_describe_names_seats_with_placeholders_and_every_event_has_a_line():
    assert set(text.LINES) | text.SILENT == set(evolve.HANDLERS) and not set(text.LINES) & text.SILENT
    state, events = start(ENGINE, 3, {"boat_setup": "random"}, random.Random(1))
    line = ENGINE.describe(events[0])
    assert "{seat%d} is the first player" % events[0]["first_player"] in line
    assert ENGINE.describe({"type": "heir_moved", "seat": 2, "from": [0, 0], "to": [1, 0], "how": "step",
                            "cost": 1}) == "{seat2}'s heir steps to (1, 0)."
    for event in events:
        assert ENGINE.describe(ENGINE.redact(event, None)) or event["type"] in text.SILENT


def test_evaluate_prefers_goods_held_and_a_shorter_way():
    others = [boat("centre", (5, 5), "E", goods=(K["frog"], K["Buddha statue"])),
              boat("centre", (5, 7), "E", goods=(K["snake"], K["teapot"]))]
    dock = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))
    near = position(boats=[dock] + others, heirs=[(1, 0), (0, 9), (9, 9), (9, 0)])
    far = position(boats=[boat("end", (6, 2), "W", goods=(K["necklace"], K["ring"]))] + others)
    held = position(boats=[dock] + others, heirs=[(2, 0), (0, 9), (9, 9), (9, 0)], held=[[K["necklace"]], [], [], []])
    assert ENGINE.evaluate(near, 0) > ENGINE.evaluate(far, 0)
    assert ENGINE.evaluate(held, 0) > ENGINE.evaluate(near, 0)


def test_M_T12_M_T14_the_route_estimate_never_crosses_a_sailor():
    """The necklace lies two squares from seat 0's pontoon (0, 0): behind the boat's sailor it is
    reached only round through the water; with the boat turned the other way, in two steps."""
    necklace, ring, others = K["necklace"], K["ring"], (K["frog"], K["Buddha statue"])
    far_boat = boat("centre", (5, 5), "E", goods=others)
    sailor_first = position(boats=[boat("end", (1, 0), "E", goods=(necklace, ring)), far_boat])
    goods_first = position(boats=[boat("end", (3, 0), "W", goods=(necklace, ring)), far_boat])
    for state in (sailor_first, goods_first):
        assert tuple(state["heirs"][0]) == (0, 0)

    def costs(state):
        grid = geometry.flat_grid(state["boats"])
        return scoring.route_costs([(0, 0)], 0, grid, geometry.goods_reach(state["boats"]))

    blocked, open_way = costs(sailor_first), costs(goods_first)
    assert blocked[1 * data.SIZE] == scoring.UNREACHED  # the sailor square itself
    assert open_way[2 * data.SIZE] == 2  # two steps onto the necklace
    gaps = geometry.goods_reach(sailor_first["boats"])
    water = [scoring.WATER if square in gaps else scoring.FAR_WATER for square in (1, 11, 21)]
    assert blocked[2 * data.SIZE] == sum(water) + 1  # (0,1), (1,1), (2,1) are water, then down to (2,0)
    assert scoring.route(sailor_first, 0) > scoring.route(goods_first, 0)


def test_M_T9_the_route_estimate_lets_the_heir_ride_its_boat():
    """An heir on a boat may slide it (1 MP) and be carried: the square it is carried to is that
    near, however far the slide."""
    carried = position(boats=[boat("end", (1, 5), "E", goods=(K["necklace"], K["ring"]))],
                       heirs=[(3, 5), (0, 9), (9, 9), (9, 0)])
    grid = geometry.flat_grid(carried["boats"])
    gaps = geometry.goods_reach(carried["boats"])
    dist = scoring.ride_routes(carried["boats"], (3, 5), 0, grid, gaps)
    assert dist[9 * data.SIZE + 5] == 1  # slid 6 squares east, the heir rides to (9, 5)
    assert dist[3 * data.SIZE + 6] > scoring.FAR_WATER  # north: only from a ride's end, through water
    assert scoring.ride_routes(carried["boats"], (0, 9), 0, grid, gaps) is None  # not on a boat


def test_M_T9_a_ride_never_passes_its_own_sailor():
    """Riding an end boat sailor first, the heir cannot step on past the sailor it follows:
    the squares the sailor comes to are blocked for the rides."""
    boats = [boat("end", (5, 2), "S", goods=(K["necklace"], K["ring"]))]  # sailor (5, 2), heir on (5, 1)
    grid = geometry.flat_grid(boats)
    dist = scoring.ride_routes(boats, (5, 1), 0, grid, geometry.goods_reach(boats))
    assert dist[5 * data.SIZE + 8] == 1  # slid 7 north, the heir rides to (5, 8)
    assert dist[5 * data.SIZE + 9] > 2  # its sailor is there then: round by the water


def test_M_T11_goods_on_the_heirs_own_boat_are_reached_on_foot():
    """A ride carries the boat's goods too: the far stack of a centre boat stays behind its
    sailor whatever the boat does, so the estimate goes round (the heir steps off)."""
    necklace, ring = K["necklace"], K["ring"]
    state = position(boats=[boat("centre", (2, 2), "E", goods=(necklace, ring))],
                     heirs=[(3, 2), (0, 9), (9, 9), (9, 0)])
    state["objective"][0] = next(card for card, goods in data.CARDS.items() if necklace in goods)
    state["held"][0] = [kind for kind in data.CARDS[state["objective"][0]] if kind != necklace]
    on_foot = scoring.route_costs([(3 * data.SIZE + 2, 0)], 0, geometry.flat_grid(state["boats"]),
                                  geometry.goods_reach(state["boats"]))
    assert scoring.route(state, 0) >= on_foot[1 * data.SIZE + 2] > 2


def test_the_route_estimate_tells_water_one_boat_move_bridges():
    """A gap a slide fills costs less than one no single move reaches."""
    state = position(boats=[boat("end", (5, 5), "E", goods=(K["necklace"], K["ring"]))])
    gaps = geometry.goods_reach(state["boats"])
    assert 8 * data.SIZE + 5 in gaps  # slid 2 east, its far end covers (8, 5)
    assert 5 * data.SIZE + 6 in gaps  # turned north about its sailor
    assert 5 * data.SIZE + 8 not in gaps and 6 * data.SIZE + 6 not in gaps
