"""Issue 13 item 9 (2): the set-up variant by the book. The three merchants are mixed face down
and put on three different junks the players choose (in turn from the start player), the
passed strips are placed, then the merchants are turned face up."""
import random

import pytest

from engines import core
from engines.core import IllegalAction, find_leaks
from engines.dschunke import data
from tests.engines.dschunke.helpers import ENGINE, act, new_game, phase

MERCHANTS = ["load_merchant", "goods_merchant", "money_merchant"]


def variant(players=4, seed=11):
    return new_game(players, seed=seed, setup_variant=True)


def choose(state, junks):
    """The seats in turn put the next face-down merchant on each of `junks`; returns the state
    and every event."""
    log = []
    for junk in junks:
        state, events = act(state, state.queue[0], {"type": "place_merchant", "junk": junk})
        log += events
    return state, log


def place_all(state):
    """Every passed strip placed, each on the first junk and slot offered."""
    log = []
    while phase(state) == "placement":
        seat = state.queue[0]
        state, events = act(state, seat, ENGINE.legal_actions(state, seat)[0])
        log.append(events)
    return state, log


def test_setup_shuffles_the_merchants_face_down_in_secret():
    state, events = variant()
    assert [e["type"] for e in events] == [
        "game_started", "cards_dealt", "market_shuffled", "specials_shuffled", "merchants_shuffled"]
    assert events[0]["merchants"] is None  # nobody knows yet where they go
    shuffled = events[-1]
    assert sorted(shuffled["deck_order"]) == sorted(MERCHANTS) and shuffled["count"] == 3
    keys = ENGINE.private_keys(state)
    for viewer in [*range(4), None]:
        assert find_leaks(shuffled, viewer, keys)  # the order is a secret key: caught if it leaked
        assert ENGINE.redact(shuffled, viewer) == {"type": "merchants_shuffled", "count": 3}
        assert ENGINE.describe(ENGINE.redact(shuffled, viewer))
    orders = {tuple(variant(seed=seed)[1][-1]["deck_order"]) for seed in range(30)}
    assert len(orders) > 3


def test_players_choose_three_different_junks_in_turn_from_the_start_player():
    state, events = variant(4)
    start = state.start
    assert phase(state) == "merchant choice" and state.queue == tuple((start + i) % 4 for i in range(3))
    assert all(not junk for junk in state.junks)
    assert ENGINE.legal_actions(state, start) == [{"type": "place_merchant", "junk": j} for j in data.JUNKS]
    state, log = choose(state, ["white"])
    assert log == [{"type": "merchant_placed", "seat": start, "junk": "white"}]
    assert state.queue[0] == (start + 1) % 4
    assert {"type": "place_merchant", "junk": "white"} not in ENGINE.legal_actions(state, state.queue[0])
    with pytest.raises(IllegalAction):
        act(state, state.queue[0], {"type": "place_merchant", "junk": "white"})
    with pytest.raises(IllegalAction):
        act(state, (start + 3) % 4, {"type": "place_merchant", "junk": "grey"})
    state, log = choose(state, ["grey", "orange"])
    assert [e["seat"] for e in log] == [(start + 1) % 4, (start + 2) % 4]  # the fourth seat never chooses
    assert phase(state) == "placement" and state.queue[0] == start
    order = [data.WORKERS.index(name) for name in events[-1]["deck_order"]]
    chosen = [data.JUNK_INDEX[j] for j in ("white", "grey", "orange")]
    assert [state.merchants[worker] for worker in order] == chosen  # the next face-down one each time


def test_at_three_players_each_player_chooses_one_junk():
    state, _ = variant(3, seed=2)
    assert sorted(state.queue) == [0, 1, 2]
    state, _ = choose(state, ["brown", "purple", "grey"])
    assert phase(state) == "placement"


def test_views_show_face_down_merchants_and_not_which_is_which():
    state, events = variant(4, seed=5)
    other_events = [dict(e) for e in events]
    other_events[-1]["deck_order"] = list(reversed(events[-1]["deck_order"]))
    other = core.fold(ENGINE, other_events)
    state, _ = choose(state, ["purple", "brown"])
    other, _ = choose(other, ["purple", "brown"])
    assert state.merchants != other.merchants
    for viewer in [*range(4), None]:
        seen = ENGINE.view(state, viewer)
        assert seen == ENGINE.view(other, viewer)
        assert [j["name"] for j in seen["junks"] if j["face_down_merchant"]] == ["brown", "purple"]
        assert [w["junks"] for w in seen["workers"][:3]] == [[], [], []]
        assert find_leaks(seen, viewer, ENGINE.private_keys(state)) == []


def test_the_last_strip_placed_turns_the_merchants_face_up():
    state, _ = variant(4, seed=7)
    state, _ = choose(state, ["orange", "grey", "white"])
    hidden = state.merchants
    state, log = place_all(state)
    assert all(e["type"] == "strip_placed" for events in log[:-1] for e in events)
    last = log[-1]
    assert [e["type"] for e in last[:3]] == ["strip_placed", "merchants_revealed", "round_started"]
    revealed = last[1]
    assert revealed["merchants"] == [data.JUNKS[j] for j in hidden]
    for viewer in [*range(4), None]:
        assert ENGINE.redact(revealed, viewer) == revealed  # public
    assert ENGINE.describe(revealed) == (
        f"The merchants are turned face up: load merchant on the {data.JUNKS[hidden[0]]} junk, goods merchant on "
        f"the {data.JUNKS[hidden[1]]} junk, money merchant on the {data.JUNKS[hidden[2]]} junk.")
    seen = ENGINE.view(state, 0)
    assert [w["junks"] for w in seen["workers"][:3]] == [[data.JUNKS[j]] for j in hidden]
    assert not any(j["face_down_merchant"] for j in seen["junks"])
    assert state.round == 1 and sum(20 - left for left in state.strips) == 12


@pytest.mark.parametrize("choices", [1, 3])
def test_sampling_randomises_the_hidden_merchants_consistently_with_the_view(choices):
    state, _ = variant(4, seed=9)
    state, _ = choose(state, ["grey", "white", "purple"][:choices])
    viewer = state.queue[0]
    seen = ENGINE.view(state, viewer)
    rng = random.Random(1)
    assignments = set()
    for _ in range(60):
        sampled = ENGINE.sample(seen, viewer, rng)
        assert ENGINE.view(sampled, viewer) == seen
        assert ENGINE.legal_actions(sampled, viewer) == ENGINE.legal_actions(state, viewer)
        assert sorted(sampled.facedown) == [0, 1, 2]
        on_board = {sampled.merchants[w] for w in sampled.facedown[:choices]}
        assert on_board == {data.JUNK_INDEX[j] for j in ["grey", "white", "purple"][:choices]}
        assert all(sampled.merchants[w] == -1 for w in sampled.facedown[choices:])
        assignments.add(sampled.merchants)
        if choices == 3:
            finished, _ = place_all(sampled)
            assert not finished.facedown and finished.round == 1
    assert len(assignments) > 1


def test_describe_the_merchant_choice():
    assert ENGINE.describe({"type": "merchant_placed", "seat": 2, "junk": "grey"}) == (
        "{seat2} puts a face-down merchant on the grey junk.")
    assert ENGINE.describe({"type": "merchants_shuffled", "count": 3}) == "The three merchants are mixed face down."


def test_older_snapshots_and_variant_logs_still_load():
    state, events = variant(4, seed=3)
    old = ENGINE.dump(state)
    del old["facedown"], old["exchanged"]
    loaded = ENGINE.load(old)
    assert loaded.facedown == () and loaded.exchanged == 0
    # a log from before the face-down choice: merchants placed at once, then the strips
    old_log = [dict(e) for e in events[:-1]]
    old_log[0]["merchants"] = ["grey", "brown", "white"]
    state = core.fold(ENGINE, old_log)
    assert phase(state) == "placement" and state.merchants == (0, 1, 2) and not state.facedown
    assert [w["junks"] for w in ENGINE.view(state, 0)["workers"][:3]] == [["grey"], ["brown"], ["white"]]
    state, log = place_all(state)
    assert "merchants_revealed" not in [e["type"] for events in log for e in events] and state.round == 1
