"""Loading strips: 3x3 holds, crossed layers, visibility from above."""
from engines import i18n
from engines.dschunke import data
from engines.dschunke.state import free_slots, lift, place, top_cells, visible_counts
from tests.engines.dschunke.helpers import ENGINE, act, edit, new_game


def test_second_layer_lies_across_the_first():
    junk = ((0, 1, 2),)
    junk = place(junk, 0, 3)
    assert junk == ((0, 1, 2), (3, -1, -1))
    cells = top_cells(junk)
    # the crossing strip covers one crate of each strip below (cells x=0..2, y=0)
    assert [cells[3 * x] for x in range(3)] == [(3, 1)] * 3
    assert cells[1] == (0, 0) and cells[5] == (1, 0) and cells[8] == (2, 0)
    assert visible_counts(junk, 4) == (2, 2, 2, 3)


def test_third_layer_runs_like_the_first():
    junk = ((0, 0, 0), (1, 1, 1), (2, -1, -1))
    assert visible_counts(junk, 3) == (0, 6, 3)


def test_only_visible_crates_count():
    junk = ((0, 0, 0), (1, 1, 1))
    assert visible_counts(junk, 2) == (0, 9)


def test_a_strip_goes_next_to_one_in_the_open_layer():
    assert free_slots(()) == (0, 1, 2)
    assert free_slots(((0, -1, -1),)) == (1,)
    assert free_slots(((-1, 0, -1),)) == (0, 2)
    assert free_slots(((0, 1, 2),)) == (0, 1, 2)  # a full layer: the next one starts anywhere
    assert free_slots(((0, 1, 2),), first_layer_only=True) == ()


def test_a_new_layer_starts_only_when_the_top_one_is_full():
    junk = ((0, 1, -1),)
    assert place(junk, 2, 3) == ((0, 1, 3),)
    assert place(place(junk, 2, 3), 1, 0) == ((0, 1, 3), (-1, 0, -1))


def test_lifting_the_top_strip_shows_the_crates_below():
    junk = ((0, 0, 0), (1, -1, -1))
    assert lift(junk, 0) == ((0, 0, 0),)
    assert visible_counts(lift(junk, 0), 2) == (9, 0)
    assert lift(((0, 0, 0), (1, 2, 1)), 1) == ((0, 0, 0), (1, -1, 1))


def load_merchant_turn(strips=None):
    state, _ = new_game(4, seed=1)
    seat = state.queue[0]
    if strips is not None:
        left = list(state.strips)
        left[seat] = strips
        state = edit(state, strips=left)
    return state, seat


def test_load_merchant_places_two_strips_on_his_junk():
    state, seat = load_merchant_turn()
    state, events = act(state, seat, {"type": "use", "worker": "load_merchant", "junk": "purple"})
    assert events[0]["action"] == "load2"
    purple = data.JUNK_INDEX["purple"]
    # purple holds blue and green in slots 0 and 1: only slot 2 touches them
    assert ENGINE.legal_actions(state, seat) == [{"type": "place", "junk": "purple", "slot": 2}]
    state, _ = act(state, seat, {"type": "place", "junk": "purple", "slot": 2})
    # FAQ Q3: the second strip must be loaded too; the next layer may start in any slot
    assert {a["type"] for a in ENGINE.legal_actions(state, seat)} == {"place"}
    state, _ = act(state, seat, {"type": "place", "junk": "purple", "slot": 0})
    assert state.junks[purple] == ((1, 2, seat), (seat, -1, -1))
    assert state.strips[seat] == 15
    assert state.queue[0] != seat  # the turn passed on


def test_the_log_names_a_strip_by_its_layer_and_its_column_or_row_as_the_board_draws_the_hold():
    """The board draws a hold from above with each crate's layer number: the first layer's strips
    are its columns, the second's cross them as rows (cells x=0..2, y=0 is the top row)."""
    state, seat = load_merchant_turn()
    state, _ = act(state, seat, {"type": "use", "worker": "load_merchant", "junk": "purple"})
    state, first = act(state, seat, {"type": "place", "junk": "purple", "slot": 2})
    state, second = act(state, seat, {"type": "place", "junk": "purple", "slot": 0})
    assert (first[0]["layer"], second[0]["layer"]) == (0, 1)
    assert ENGINE.describe(first[0]).endswith("on the purple junk (layer 1, right column).")
    assert ENGINE.describe(second[0]).endswith("on the purple junk (layer 2, top row).")
    assert ENGINE.glossary()["strip_places"][1][0] == "layer {layer}, top row"  # the board's words
    with i18n.language("fr"):
        assert ENGINE.describe(second[0]).endswith("sur la jonque violette (couche 2, rangée du haut).")
    with i18n.language("de"):
        assert ENGINE.describe(second[0]).endswith("auf die Dschunke Lila (Lage 2, obere Reihe).")
    # An older log's event, without the layer, keeps its slot number.
    older = {key: value for key, value in second[0].items() if key != "layer"}
    assert ENGINE.describe(older).endswith("on the purple junk (slot 1).")


def test_a_player_with_one_strip_loads_only_one():
    state, seat = load_merchant_turn(strips=1)
    state, _ = act(state, seat, {"type": "use", "worker": "load_merchant", "junk": "purple"})
    state, _ = act(state, seat, {"type": "place", "junk": "purple", "slot": 2})
    assert state.strips[seat] == 0 and state.queue[0] != seat


def test_a_player_without_strips_cannot_load():
    state, seat = load_merchant_turn(strips=0)
    workers = {a["worker"] for a in ENGINE.legal_actions(state, seat) if a["type"] == "use"}
    assert "load_merchant" not in workers and "trainee" not in workers  # the trainee loads 1 in round 1
    assert "goods_merchant" in workers


def test_the_trainee_loads_one_strip_on_a_junk_without_merchant():
    state, seat = load_merchant_turn()
    state, _ = act(state, seat, {"type": "use", "worker": "trainee", "junk": "orange"})
    assert {a["junk"] for a in ENGINE.legal_actions(state, seat)} == {"orange"}
    state, _ = act(state, seat, {"type": "place", "junk": "orange", "slot": 2})
    assert state.strips[seat] == 16 and state.queue[0] != seat
