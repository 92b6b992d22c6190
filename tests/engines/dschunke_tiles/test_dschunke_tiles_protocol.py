"""Protocol details: junk input, purity, snapshots, views, redaction, sample, log lines, back."""
import json
import random

import pytest

from dschunke_tiles_helpers import ENGINE, act, place, position, random_game, snapshot, types
from engines.core import IllegalAction, find_leaks, fold, start
from engines.dschunke_tiles import data, evolve, text

MALFORMED = [
    None, "select", 3, [], {}, {"tile": 5}, {"type": 7}, {"type": "fly"}, {"type": "select"},
    {"type": "select", "tile": "5"}, {"type": "select", "tile": True}, {"type": "select", "tile": 5.0},
    {"type": "select", "tile": 5, "extra": 1}, {"type": "anchor", "cell": [0]}, {"type": "anchor", "cell": "0,1"},
    {"type": "anchor", "cell": [0, None]}, {"type": "anchor", "cell": {"x": 0}}, {"type": "orient", "dir": "NE"},
    {"type": "orient", "dir": 1}, {"type": "orient"}, {"type": "back", "to": "anchor"},
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_actions_raise_and_change_nothing(action):
    state = position(waiting=(5, 6), turn=1)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 1, action)
    assert error.value.code in {"malformed", "unknown_action", "wrong_step"} and error.value.message
    assert snapshot(state) == before


@pytest.mark.parametrize("seat, code", [(0, "not_your_turn"), (2, "bad_seat"), (-1, "bad_seat"), ("1", "bad_seat"),
                                        (True, "bad_seat"), (None, "bad_seat")])
def test_wrong_seats_raise(seat, code):
    state = position(waiting=(5, 6), turn=1)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "select", "tile": 5})
    assert error.value.code == code and snapshot(state) == before


@pytest.mark.parametrize("fields, action, code", [
    ({}, {"type": "select", "tile": 7}, "bad_tile"),
    ({}, {"type": "anchor", "cell": [0, 1]}, "wrong_step"),
    ({}, {"type": "orient", "dir": "E"}, "wrong_step"),
    ({}, {"type": "back"}, "wrong_step"),
    ({"selected": 5}, {"type": "select", "tile": 6}, "wrong_step"),
    ({"selected": 5}, {"type": "anchor", "cell": [0, 0]}, "bad_cell"),
    ({"selected": 5}, {"type": "anchor", "cell": [10**30, -10**30]}, "bad_cell"),
    ({"selected": 5, "anchor": (2, 0)}, {"type": "orient", "dir": "W"}, "bad_direction"),
    ({"selected": 5, "anchor": (2, 0)}, {"type": "anchor", "cell": [2, 1]}, "wrong_step"),
    ({"selected": 5, "anchor": (2, 0), "backs": data.BACKS_PER_TILE}, {"type": "back"}, "no_more_undo"),
])
def test_illegal_actions_raise_with_a_code_and_change_nothing(fields, action, code):
    state = position(waiting=(5, 6), turn=1, **fields)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, 1, action)
    assert error.value.code == code and error.value.message
    assert snapshot(state) == before


def test_back_undoes_the_anchor_then_the_tile_a_limited_number_of_times():
    """spec §5 'back' (A12): undo a pending choice; never a placed tile; BACKS_PER_TILE per tile."""
    state = position(waiting=(5, 6), turn=1)
    state, _ = act(state, 1, {"type": "select", "tile": 5})
    state, _ = act(state, 1, {"type": "anchor", "cell": [2, 0]})
    assert {"type": "back"} in ENGINE.legal_actions(state, 1)
    state, events = act(state, 1, {"type": "back"})
    assert events[0]["undone"] == "anchor" and state["anchor"] is None and state["selected"] == 5
    state, events = act(state, 1, {"type": "back"})
    assert events[0]["undone"] == "tile" and state["selected"] is None
    state, _ = act(state, 1, {"type": "select", "tile": 6})
    state, _ = act(state, 1, {"type": "anchor", "cell": [2, 0]})
    assert state["backs"] == 2 and {"type": "back"} in ENGINE.legal_actions(state, 1)
    state, _ = act(state, 1, {"type": "back"})
    assert {"type": "back"} not in ENGINE.legal_actions(state, 1)
    state, _ = place(state, 1, (2, 0), "E")
    assert state["backs"] == 0 and state["selected"] == 5  # the other tile, auto-selected
    assert {"type": "back"} not in ENGINE.legal_actions(state, 1)  # one tile left: nothing to undo
    with pytest.raises(IllegalAction) as error:
        act(state, 1, {"type": "back"})
    assert error.value.code == "nothing_to_undo"



def test_dump_load_round_trip_through_json():
    state, _ = random_game(3)
    mid = position(rows=[(1, 2, 0, "E")], waiting=(5, 6), turn=1, selected=5, anchor=(0, 0), backs=1)
    for each in (state, mid, start(ENGINE, 2, None, random.Random(9))[0]):
        payload = json.loads(json.dumps(ENGINE.dump(each)))
        assert ENGINE.load(payload) == each
    for junk in ({"turn": 2}, None, [], {**ENGINE.dump(mid), "placed": [[1, "x"]]}):
        with pytest.raises(IllegalAction) as error:
            ENGINE.load(junk)
        assert error.value.code == "bad_snapshot"


def test_view_carries_what_the_table_page_needs():
    """spec §4 and §7: tiles with cells and levels, the top symbol per cell, scores, groups with
    their cells, the waiting tiles, step, pile size; nothing secret."""
    rows = [(35, 1, 1, "W"), (1, 2, 0, "E")]
    state = position(rows=rows, waiting=(5, 6), turn=1, red=0)
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert find_leaks(view, viewer, ENGINE.private_keys(state)) == []
        assert "deck" not in json.dumps(view)
    view = ENGINE.view(state, 1)
    assert [t["name"] for t in view["tiles"]] == ["S", "T35", "T01"]
    assert view["tiles"][1]["cells"] == [[1, 1], [0, 1], [-1, 1]] and view["tiles"][1]["level"] == 0
    top = {tuple(c["cell"]): c for c in view["cells"]}
    assert len(top) == 9 and top[(0, 1)]["kind"] == "rice" and top[(0, 1)]["colour"] == "red"
    assert top[(0, 1)]["level"] == 0 and top[(0, 1)]["tile"] == 1
    assert view["groups"] == [{"colour": "red", "kind": "rice", "size": 2, "points": 3, "cells": [[0, 1], [1, 1]]}]
    assert view["rat_cells"] == {"red": [[2, 0]], "green": []}
    assert view["scores"] == [2, 0] and view["players"][0]["colour"] == "red"
    assert view["players"][0]["group_points"] == 3 and view["players"][0]["rats"] == 1
    assert [w["name"] for w in view["waiting"]] == ["T05", "T06"] and view["waiting"][0]["symbols"][0] == {
        "colour": "red", "kind": "fish"}
    assert (view["step"], view["to_act"], view["seat_to_move"], view["turn"], view["turns"]) == ("select", [1], 1, 1, 22)
    assert view["pile_size"] == len(state["deck"]) and view["bounds"] == {"min": [-1, 0], "max": [4, 1]}
    assert view["last_placed"] == 2 and view["outcome"] is None and view["backs_left"] == data.BACKS_PER_TILE
    assert ENGINE.view(state, None) == ENGINE.view(state, 0) == view  # nothing private


def test_redacted_events_hide_only_the_pile_order():
    state, log = random_game(1)
    for event in log:
        for viewer in (None, 0, 1):
            shown = ENGINE.redact(event, viewer)
            assert find_leaks(shown, viewer, ENGINE.private_keys(state)) == []
            if event["type"] != "pile_shuffled":
                assert shown == event
            assert ENGINE.describe(shown) or event["type"] in text.SILENT


def test_sample_matches_the_view_and_reshuffles_the_pile():
    """spec §4: sample reshuffles the remaining tiles; everything else is known."""
    state, _ = start(ENGINE, 2, None, random.Random(3))
    rng = random.Random(8)
    for _ in range(9):
        seat = min(ENGINE.to_act(state))
        state = fold(ENGINE, ENGINE.decide(state, seat, rng.choice(ENGINE.legal_actions(state, seat)), rng), state)
    seat = min(ENGINE.to_act(state))
    seen = json.loads(json.dumps(ENGINE.view(state, 1 - seat)))
    samples = [ENGINE.sample(seen, 1 - seat, random.Random(n)) for n in range(5)]
    for imagined in samples:
        assert ENGINE.view(imagined, 1 - seat) == seen
        assert sorted(imagined["deck"]) == sorted(state["deck"])
        assert imagined["top"] == state["top"] and imagined["fps"] == state["fps"]
    assert len({tuple(s["deck"]) for s in samples}) > 1


def test_describe_names_seats_with_placeholders():
    state, log = random_game(2)
    lines = [ENGINE.describe(ENGINE.redact(event, 0)) for event in log]
    assert "{seat%d} plays red" % state["red"] in lines[0]
    placed = next(line for event, line in zip(log, lines) if event["type"] == "tile_placed")
    assert "places T" in placed and "{seat" in placed
    assert ENGINE.describe({"type": "tile_placed", "seat": 1, "tile": 23, "dir": "N", "anchor": [0, 1], "level": 2,
                            "cells": [[0, 1], [0, 2], [0, 3]],
                            "symbols": [{"colour": "red", "kind": "fish"}] * 3}) == \
        "{seat1} places T23 (red fish, red fish, red fish) on level 2, from (0, 1) to (0, 3)."
    assert set(text.LINES) | text.SILENT == set(evolve.HANDLERS) and not set(text.LINES) & text.SILENT
    assert types(log).count("game_ended") == 1 and "Final scores" in lines[-1]


def test_evaluate_sees_the_best_placement_of_an_open_choice():
    """The bots' heuristic: live score, plus the best way to finish the mover's pending tile."""
    from engines.dschunke_tiles.heuristic import STEP_COST

    state = position(rows=[(35, 1, 1, "W")], waiting=(37,), turn=2, red=0)  # red sack, red sack, green aub.
    assert ENGINE.evaluate(state, 0) == 3 + 3 - 2 * STEP_COST  # the rice pair, a sack pair to lay, 2 steps
    anchored, _ = act(state, 0, {"type": "anchor", "cell": [2, 1]})
    after = [act(anchored, 0, o)[0]["scores"] for o in ENGINE.legal_actions(anchored, 0) if o["type"] == "orient"]
    best = max(after, key=lambda scores: scores[0] - scores[1])
    assert ENGINE.evaluate(anchored, 0) == best[0] - STEP_COST and best[0] >= 3 + 3
    assert ENGINE.evaluate(anchored, 1) == best[1]


def test_evaluate_never_prefers_taking_a_choice_back():
    """At the best anchor, going back is worth strictly less than staying (so greedy moves on)."""
    state = position(rows=[(35, 1, 1, "W")], waiting=(36, 37), turn=2, red=0)
    state, _ = act(state, 0, {"type": "select", "tile": 37})
    margin = lambda s: ENGINE.evaluate(s, 0) - ENGINE.evaluate(s, 1)  # noqa: E731
    anchored = [act(state, 0, a)[0] for a in ENGINE.legal_actions(state, 0) if a["type"] == "anchor"]
    best = max(anchored, key=margin)
    back, _ = act(best, 0, {"type": "back"})
    assert margin(best) > margin(back)
    assert margin(state) == margin(back)
