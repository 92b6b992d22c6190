"""Set-up (L-S1 … L-S5), components and the face table (spec §1)."""
import random
from collections import Counter

import pytest

from dschunke_tiles_helpers import DEFAULTS, ENGINE, RED_FIRST, types
from engines.core import IllegalAction, find_leaks, fold, resolve_options, start
from engines.dschunke_tiles import data, geometry


def test_L_S1_exactly_two_seats():
    """L-S1: min = max = 2; other player counts are refused."""
    assert ENGINE.min_players == ENGINE.max_players == 2
    for players in (1, 3, 4):
        with pytest.raises(IllegalAction) as error:
            start(ENGINE, players, None, random.Random(0))
        assert error.value.code == "bad_player_count"


def test_L_S2_colours_drawn_at_random_and_recorded():
    """L-S2: red is drawn in setup and recorded in game_created; option seat0_red fixes it."""
    reds = Counter(start(ENGINE, 2, None, random.Random(seed))[0]["red"] for seed in range(40))
    assert set(reds) == {0, 1}
    state, events = start(ENGINE, 2, None, random.Random(5))
    assert events[0]["type"] == "game_created" and events[0]["red"] == state["red"]
    for seed in range(10):
        assert start(ENGINE, 2, {"colours": "seat0_red"}, random.Random(seed))[0]["red"] == 0
    with pytest.raises(IllegalAction):
        resolve_options(ENGINE, {"colours": "blue"})
    with pytest.raises(IllegalAction):
        resolve_options(ENGINE, {"tiles": 10})
    assert ENGINE.options()["additionalProperties"] is False
    assert DEFAULTS == {"colours": "random"}


def test_L_S3_start_tile_alone_in_the_middle():
    """L-S3 (and A13): the start tile lies at (-1,0) (0,0) (1,0), level 0, emblem in the middle."""
    state, _ = start(ENGINE, 2, None, random.Random(1))
    view = ENGINE.view(state, None)
    assert len(view["tiles"]) == 1
    start_tile = view["tiles"][0]
    assert start_tile["name"] == "S" and start_tile["level"] == 0
    assert start_tile["cells"] == [[-1, 0], [0, 0], [1, 0]]
    shown = {tuple(cell["cell"]): (cell["colour"], cell["kind"]) for cell in view["cells"]}
    assert shown == {(-1, 0): ("red", "fish"), (0, 0): (None, "emblem"), (1, 0): ("green", "fish")}


def test_L_S4_pile_of_42_shuffled_and_secret():
    """L-S4: the 42 goods tiles are shuffled into one pile whose order no view or redacted event shows."""
    state, events = start(ENGINE, 2, None, random.Random(2))
    shuffled = events[1]
    assert shuffled["type"] == "pile_shuffled" and sorted(shuffled["deck"]) == list(range(1, 43))
    orders = {tuple(start(ENGINE, 2, None, random.Random(seed))[1][1]["deck"]) for seed in range(5)}
    assert len(orders) == 5
    for viewer in (None, 0, 1):
        redacted = ENGINE.redact(shuffled, viewer)
        assert "deck" not in redacted and redacted["pile_size"] == 42
        view = ENGINE.view(state, viewer)
        assert find_leaks(view, viewer, ENGINE.private_keys(state)) == []
        assert "deck" not in view and view["pile_size"] == 41
        assert view["pile_tiles"] == sorted(state["deck"])  # the remaining faces, never their order


def test_L_S5_scores_start_at_zero_and_only_reds_tile_is_drawn():
    """L-S5: both scores 0; nothing dealt but red's first single tile (L-T2)."""
    state, events = start(ENGINE, 2, RED_FIRST, random.Random(3))
    assert types(events) == ["game_created", "pile_shuffled", "tiles_drawn"]
    assert ENGINE.view(state, None)["scores"] == [0, 0]
    assert events[2]["seat"] == 0 and len(events[2]["tiles"]) == 1 and state["waiting"] == events[2]["tiles"]
    assert fold(ENGINE, events) == state


def test_face_table_totals_pairs_and_palindromes():
    """Spec §1: per colour 14 of each goods kind and 7 rats; pairs are colour swaps; faces unique;
    14 tiles carry a rat; 6 carry a ready-made same-colour pair; palindromes T23 T24 T39 T40."""
    counts = Counter(symbol for tile in data.GOODS_TILES for symbol in data.FACES[tile])
    for colour in data.COLOURS:
        for kind in ("sack", "rice", "aubergine", "fish"):
            assert counts[(colour, kind)] == 14
        assert counts[(colour, "rat")] == 7
    swap = {"red": "green", "green": "red"}
    for odd in range(1, 42, 2):
        assert data.FACES[odd + 1] == tuple((swap[c], k) for c, k in data.FACES[odd])
    assert len({face for face in data.FACES.values()} | {face[::-1] for face in data.FACES.values()}) == 42 * 2 - 4
    assert sum(1 for face in data.FACES.values() if any(k == "rat" for _, k in face)) == 14
    assert sum(1 for face in data.FACES.values() if face[0] == face[1] or face[1] == face[2]) == 6
    assert data.PALINDROMES == {23, 24, 39, 40}
    assert data.FACES_SOURCE == "proposal" and data.TILE_LENGTH == 3 == geometry.L
    assert data.START_FACE == (("red", "fish"), (None, "emblem"), ("green", "fish"))
