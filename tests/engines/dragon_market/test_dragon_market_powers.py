"""The bonus powers of the red cards (M-B1 to M-B14, M-A9)."""
import random

import pytest

from engines.core import IllegalAction
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, boat, legal, of_type, position, steps_to, types)

HOME = [(0, 0), (0, 9), (9, 9), (9, 0)]


def adv(power_card, boats, heirs=HOME, objective=("R07", "R08", "R09", "R10"), **fields):
    return position(options={"variant": "advanced", **fields.pop("options", {})}, objective=list(objective),
                    completed=[[power_card] if power_card else [], [], [], []], boats=boats, heirs=heirs, **fields)


HOP_BOATS = [boat("centre", (3, 4), "E", goods=(1, 2)), boat("end", (5, 3), "N", goods=(3, 4))]


def test_M_B1_hop_over_exactly_one_boat_to_free_water():
    """M-B1: once per turn a slide may pass over one other boat; landing squares must be free."""
    state = adv("R01", HOP_BOATS)
    assert sorted(a["by"] for a in of_type(state, "hop") if a["boat"] == 0) == [4, 5]
    assert [a["by"] for a in of_type(state, "slide") if a["boat"] == 0 and a["by"] > 0] == []
    after, events = act(state, 0, {"type": "hop", "boat": 0, "by": 4})
    assert events[0]["type"] == "boat_hopped" and after["boats"][0]["s"] == [7, 4] and after["mp"] == 6
    assert of_type(after, "hop") == []  # M-A9: once per turn
    with pytest.raises(IllegalAction) as error:
        act(after, 0, {"type": "hop", "boat": 1, "by": 1})
    assert error.value.code == "no_power"
    two = adv("R01", HOP_BOATS + [boat("end", (7, 3), "N", goods=(5, 6))])
    assert sorted(a["by"] for a in of_type(two, "hop") if a["boat"] == 0 and a["by"] > 0) == []  # A23
    plain = adv(None, HOP_BOATS)
    assert of_type(plain, "hop") == []
    with pytest.raises(IllegalAction):
        act(plain, 0, {"type": "hop", "boat": 0, "by": 4})


def test_M_B2_half_turn_ignores_the_sweep_and_carries_heirs_and_goods():
    """M-B2: 180 degrees about the sailor, only the landing squares must be free."""
    boats = [boat("end", (4, 4), "E", goods=(1, 2)), boat("end", (4, 5), "N", goods=(3, 4)),
             boat("end", (4, 3), "S", goods=(5, 6))]
    state = adv("R07", boats, heirs=[(0, 0), (5, 4), (9, 9), (9, 0)])
    assert [a for a in of_type(state, "rotate") if a["boat"] == 0] == []
    assert {"type": "half_turn", "boat": 0} in legal(state)
    after, events = act(state, 0, {"type": "half_turn", "boat": 0})
    assert events[0]["type"] == "boat_half_turned" and after["boats"][0]["d"] == [-1, 0]
    assert after["heirs"][1] == [3, 4] and after["boats"][0]["goods"] == [[1, 2], [2, 2]]
    centre = adv("R07", [boat("centre", (4, 4), "E", goods=(1, 2))], heirs=[(0, 0), (3, 4), (9, 9), (9, 0)])
    after, _ = act(centre, 0, {"type": "half_turn", "boat": 0})
    assert after["heirs"][1] == [5, 4]  # the stacks and the heir change ends
    blocked = adv("R07", [boat("end", (4, 4), "E"), boat("end", (3, 2), "N", goods=(3, 4))])
    assert {"type": "half_turn", "boat": 0} not in legal(blocked)  # (3, 4) is taken


def test_M_B3_sideways_through_free_squares_never_a_centre_sailor_on_the_border():
    """M-B3: perpendicular moves any distance through free squares."""
    state = adv("R02", [boat("centre", (4, 4), "E")])
    assert sorted(a["by"] for a in of_type(state, "shift")) == [-3, -2, -1, 1, 2, 3, 4]
    after, events = act(state, 0, {"type": "shift", "boat": 0, "by": 2})
    assert events[0]["type"] == "boat_shifted" and after["boats"][0]["s"] == [4, 6]
    end = adv("R02", [boat("end", (4, 4), "E")])
    assert -4 in [a["by"] for a in of_type(end, "shift")]  # an end boat may lie along the edge
    blocked = adv("R02", [boat("centre", (4, 4), "E"), boat("end", (3, 6), "E", goods=(3, 4))])
    assert sorted(a["by"] for a in of_type(blocked, "shift") if a["boat"] == 0 and a["by"] > 0) == [1]


SAILOR_BOATS = [boat("centre", (5, 4), "E", goods=(K["necklace"], K["ring"])),  # (4,4) (5,4)S (6,4)
                boat("end", (2, 7), "S", goods=(K["perfume"], K["toadstools"])),  # (2,6), (2,5)... not near
                boat("end", (2, 2), "N", goods=(K["bonsai"], K["frog"]))]  # (2,2)S (2,3) (2,4)


def test_M_B4_cross_one_sailor_for_two_mp():
    """M-B4: the heir crosses a sailor in a straight line to the square beyond, 2 MP (A9)."""
    state = adv("R06", SAILOR_BOATS, heirs=[(4, 4), (0, 9), (9, 9), (9, 0)])
    assert (6, 4) in steps_to(state)
    after, events = act(state, 0, {"type": "step", "to": [6, 4]})
    assert events[0]["how"] == "cross_sailor" and events[0]["cost"] == 2 and after["mp"] == 5
    assert (4, 4) not in steps_to(after)  # once per turn
    cheap = adv("R06", SAILOR_BOATS, heirs=[(4, 4), (0, 9), (9, 9), (9, 0)], options={"mp_cost_special_steps": 1})
    assert act(cheap, 0, {"type": "step", "to": [6, 4]})[0]["mp"] == 6
    assert (6, 4) not in steps_to(adv(None, SAILOR_BOATS, heirs=[(4, 4), (0, 9), (9, 9), (9, 0)]))


def test_M_B5_one_diagonal_step_per_turn():
    """M-B5: one diagonal step onto a walkable square, 1 MP."""
    boats = [boat("centre", (5, 4), "E"), boat("end", (5, 7), "S", goods=(3, 4))]  # (5,6), (5,5)
    state = adv("R03", boats, heirs=[(4, 4), (0, 9), (9, 9), (9, 0)])
    assert steps_to(state) == {(5, 5)}
    after, events = act(state, 0, {"type": "step", "to": [5, 5]})
    assert events[0]["how"] == "diagonal" and after["mp"] == 6
    back, _ = act(after, 0, {"type": "step", "to": [5, 6]})
    assert (4, 5) not in steps_to(back) and "diagonal" in back["used"]


def test_M_B6_leap_over_one_water_square_for_two_mp():
    """M-B6: the heir jumps one water square in a straight line (2 MP, A9)."""
    state = adv("R04", SAILOR_BOATS, heirs=[(2, 4), (0, 9), (9, 9), (9, 0)])  # (3,4) water, (4,4) boat
    assert (4, 4) in steps_to(state)
    after, events = act(state, 0, {"type": "step", "to": [4, 4]})
    assert events[0]["how"] == "leap" and after["mp"] == 5
    assert types(events)[-1] != "goods_taken" or events[-1]["kind"] == K["necklace"]


def test_M_B7_swap_with_an_heir_on_the_same_boat_and_collect_there():
    """M-B7: 1 MP; the active heir may take the good of its new square, the other takes nothing."""
    state = adv("R09", SAILOR_BOATS, heirs=[(4, 4), (6, 4), (9, 9), (9, 0)],
                objective=("R06", "R06", "R09", "R10"))  # R06 needs necklace, ring ...
    assert of_type(state, "swap_heir") == [{"type": "swap_heir", "seat": 1}]
    after, events = act(state, 0, {"type": "swap_heir", "seat": 1})
    assert types(events) == ["heirs_swapped"] and of_type(after, "take") == [{"type": "take"}]
    after, events = act(after, 0, {"type": "take"})
    assert types(events) == ["goods_taken"] and events[0]["kind"] == K["ring"]
    assert after["heirs"][:2] == [[6, 4], [4, 4]] and after["held"][1] == [] and after["mp"] == 6
    elsewhere = adv("R09", SAILOR_BOATS, heirs=[(4, 4), (2, 4), (9, 9), (9, 0)])
    assert of_type(elsewhere, "swap_heir") == []
    with pytest.raises(IllegalAction):
        act(elsewhere, 0, {"type": "swap_heir", "seat": 1})


def test_M_B8_turn_an_end_boat_about_its_far_end():
    """M-B8: the far end is the pivot; the sweep rule holds there; the sailor moves."""
    state = adv("R08", [boat("end", (4, 4), "E", goods=(1, 2))], heirs=[(0, 0), (5, 4), (9, 9), (9, 0)])
    assert sorted(a["turn"] for a in of_type(state, "turn_far")) == ["ccw", "cw"]
    after, events = act(state, 0, {"type": "turn_far", "boat": 0, "turn": "cw"})
    assert events[0]["type"] == "boat_turned_far"
    assert after["boats"][0]["s"] == [6, 6] and after["boats"][0]["d"] == [0, -1]
    assert after["heirs"][1] == [6, 5]  # the middle square swung about (6, 4)
    assert of_type(adv("R08", [boat("centre", (4, 4), "E")]), "turn_far") == []


def test_M_B9_swap_the_two_stacks_of_a_boat():
    """M-B9: the stacks change places, the heirs stay, 1 MP."""
    state = adv("R10", [boat("end", (4, 4), "E", goods=(1, 2), counts=(1, 2))], heirs=[(0, 0), (5, 4), (9, 9), (9, 0)])
    after, events = act(state, 0, {"type": "swap_stacks", "boat": 0})
    assert after["boats"][0]["goods"] == [[2, 2], [1, 1]] and after["heirs"][1] == [5, 4] and after["mp"] == 6


def test_M_B10_reroll_one_die_before_anything_is_spent():
    """M-B10: 0 MP, the new value replaces the old; only before any MP is spent or bought."""
    state = adv("R05", [boat("end", (4, 4), "E")], dice=[3, 3], mp=6)
    assert of_type(state, "reroll") == [{"type": "reroll", "die": 0}, {"type": "reroll", "die": 1}]
    rolled = [act(state, 0, {"type": "reroll", "die": 1}, seed)[0] for seed in range(40)]
    assert {tuple(s["dice"]) for s in rolled} == {(3, 3), (3, 4)}
    assert all(s["mp"] == sum(s["dice"]) and of_type(s, "reroll") == [] for s in rolled)
    spent, _ = act(state, 0, {"type": "slide", "boat": 0, "by": 1})
    assert of_type(spent, "reroll") == []
    with pytest.raises(IllegalAction):
        act(spent, 0, {"type": "reroll", "die": 0})
    fixed = adv("R05", [boat("end", (4, 4), "E")], options={"fixed_mp": True})
    assert of_type(fixed, "reroll") == []


B_ALL = [boat("end", (3, 0), "W", goods=(K["goldfish bowl"], K["ring"])),  # (2,0), (1,0)
         boat("centre", (5, 5), "E", goods=(K["snake"], K["porcelain bowl"])),
         boat("centre", (5, 7), "E", goods=(K["frog"], K["teapot"]))]


def test_M_B11_M_B14_the_next_objective_may_miss_one_good_once():
    """M-B11: after R11, the next objective counts with one good missing. M-B14: only that once."""
    state = adv(None, B_ALL, heirs=[(1, 0), (0, 9), (9, 9), (9, 0)], objective=("R11", "R08", "R09", "R10"),
                held=[[K["goldfish bowl"], K["snake"], K["porcelain bowl"]], [], [], []], deck=["R03"])
    after, _ = act(state, 0, {"type": "step", "to": [0, 0]})
    assert after["ease"][0] == 1
    after, _ = act(after, 0, {"type": "keep", "card": "R03"})  # perfume, flower vase, frog, porcelain bowl
    assert after["ease"][0] == 2
    after = {**after, "held": [[K["perfume"], K["flower vase"], K["porcelain bowl"]], [], [], []], "deck": ["R01", "R02"]}
    out, _ = act(after, 0, {"type": "step", "to": [1, 0]})
    done, events = act(out, 0, {"type": "step", "to": [0, 0]})  # frog still on a boat: missing
    assert "objective_completed" in types(events) and done["ease"][0] == 0
    assert done["completed"][0] == ["R11", "R03"]


def test_M_B14_draw_three_is_spent_after_its_own_completion():
    """M-B14: a one-time bonus acts once: later completions draw 2 again."""
    state = adv("R12", B_ALL, heirs=[(1, 0), (0, 9), (9, 9), (9, 0)], objective=("R07", "R08", "R09", "R10"),
                held=[[K["perfume"], K["toadstools"], K["bonsai"]], [], [], []])
    after, _ = act(state, 0, {"type": "step", "to": [0, 0]})
    assert len(after["offers"][0]) == 2


def test_M_A9_powers_refresh_each_turn():
    """M-A9: a once-per-turn power is usable again in the owner's next turn."""
    boats = [boat("centre", (4, 4), "E", goods=(K["perfume"], K["baby dragon"])),
             boat("end", (7, 7), "W", goods=(K["necklace"], K["paper lantern"]))]  # one good of each card left
    state = adv("R02", boats, coins=[0, 0, 0, 0], options={"fixed_mp": True})
    state, _ = act(state, 0, {"type": "shift", "boat": 0, "by": 1})
    assert of_type(state, "shift") == []
    for seat in (0, 1, 2, 3):
        state, _ = act(state, seat, {"type": "end_turn"})
    assert state["turn"] == 0 and of_type(state, "shift")


@pytest.mark.parametrize("seed", range(6))
def test_with_every_power_each_listed_action_is_accepted(seed):
    """M-B1 to M-B10 together on random layouts: every listed action (powers included) is accepted
    by decide and keeps boats legal; the unlisted power moves are refused."""
    from engines.core import start
    from engines.dragon_market import ENGINE, geometry
    from tests.engines.dragon_market.test_dragon_market_properties import check_invariants

    state, _ = start(ENGINE, 4, {"boat_setup": "random", "variant": "advanced"}, random.Random(seed))
    for seat in range(4):
        state, _ = act(state, seat, {"type": "keep", "card": state["offers"][seat][0]})
    seat = state["turn"]
    spots = [c for b in state["boats"] for c in geometry.boat_cells(b)[1:]]
    rng = random.Random(seed)
    heirs = [list(c) for c in rng.sample(spots, 4)]
    powers = ["R0%d" % k for k in range(1, 10)] + ["R10"]
    completed = [[] for _ in range(4)]
    completed[seat] = [card for card in powers if card != state["objective"][seat]]
    state = {**state, "heirs": heirs, "completed": completed, "coins": [1, 1, 1, 1], "bank": 8}
    listed = legal(state)
    kinds = {a["type"] for a in listed}
    assert {"hop", "shift", "half_turn", "turn_far", "swap_stacks", "reroll"} & kinds
    for action in listed:
        after, _ = act(state, seat, action)
        check_invariants(after)
    for kind in ("hop", "shift"):
        for index in range(10):
            for by in range(-9, 10):
                action = {"type": kind, "boat": index, "by": by}
                if by and action not in listed:
                    with pytest.raises(IllegalAction):
                        act(state, seat, action)
