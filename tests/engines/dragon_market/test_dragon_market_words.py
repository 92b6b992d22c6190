"""The board's words for Dragon Market in each language."""
import random

import pytest

from engines import registry
from engines.core import start
from engines.dragon_market import data, text
from engines.i18n import LANGUAGES, language


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_goods_disc_has_a_mark_of_its_own_in_every_language(code):
    """Discs show two letters, not the name: in German "PA" stood for both Parfüm and
    Papierlaterne when marks were cut from the names."""
    with language(code):
        marks = text.glossary()["goods_marks"]
    assert len(marks) == len(data.GOODS) and len(set(marks)) == len(marks), marks
    assert all(len(mark) == 2 and mark.isupper() for mark in marks), marks


def test_a_moved_boat_is_named_in_the_log_as_the_board_names_it():
    """The board writes C1-C5 and E1-E5 on the boats: "slides boat 4" named none of them."""
    engine = registry.get("dragon_market")
    rng = random.Random(3)
    state, _ = start(engine, 2, engine.bots_only_options, rng)
    moved = []
    while engine.outcome(state) is None and len(moved) < 20:
        seat = min(engine.to_act(state))
        for event in engine.decide(state, seat, rng.choice(engine.legal_actions(state, seat)), rng):
            if isinstance(event.get("boat"), int) and event["type"] != "goods_taken":  # a boat moved
                name = state["boats"][event["boat"]]["id"]
                moved.append(name)
                assert f" boat {name}" in engine.describe(event), engine.describe(event)
            state = engine.evolve(state, event)
    assert moved


# How each boat move's line ends: where the sailor is, which way the boat points, or both.
SAYS = {"boat_slid": ("cell",), "boat_hopped": ("cell",), "boat_shifted": ("cell",), "boat_rotated": ("dir",),
        "boat_half_turned": ("dir",), "boat_turned_far": ("cell", "dir")}


def test_a_turned_boat_is_logged_with_the_way_it_now_points():
    """A quarter turn read "turns boat C2 a quarter turn": which way, and where the boat lay after,
    could not be told from the log, unlike a slide's new sailor square."""
    engine = registry.get("dragon_market")
    state, _ = start(engine, 2, {**engine.bots_only_options, "variant": "advanced"}, random.Random(5))
    seen = set()
    rng = random.Random(5)
    for _step in range(3000):
        if engine.outcome(state) is not None or {"boat_rotated", "boat_slid"} <= seen:
            break
        seat = min(engine.to_act(state))
        for event in engine.decide(state, seat, rng.choice(engine.legal_actions(state, seat)), rng):
            if event["type"] in SAYS:
                seen.add(event["type"])
                cell = f"({event['s'][0]}, {event['s'][1]})"
                facing = {"N": "north", "E": "east", "S": "south", "W": "west"}[data.DIR_NAMES[tuple(event["d"])]]
                line = engine.describe(event)
                words = {"cell": cell, "dir": f"point{'s' if 'now points' in line else 'ing'} {facing}"}
                assert all(words[part] in line for part in SAYS[event["type"]]), line
            state = engine.evolve(state, event)
    assert {"boat_rotated", "boat_slid"} <= seen
