"""The team game (M-G1 to M-G8), with its own leak check: a partner sees the team's secret card,
the other team never does."""
import json
import random

import pytest

from engines.core import IllegalAction, find_leaks, start
from engines.dragon_market import ENGINE, data
from tests.engines.dragon_market.dragon_market_helpers import (
    K, act, acts, boat, of_type, position, random_game, types)

B01 = [K["necklace"], K["frog"], K["Buddha statue"], K["snake"]]
BOATS = [boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"])),  # (2,0), (1,0)
         boat("centre", (5, 5), "E", goods=(K["frog"], K["Buddha statue"])),
         boat("centre", (5, 7), "E", goods=(K["snake"], K["teapot"])),
         boat("end", (9, 7), "S", goods=(K["perfume"], K["kite"]))]  # (9,6), (9,5)


def team(objective=("B01", "B03"), coins=(2, 4), **fields):
    return position(options={"teams": True, **fields.pop("options", {})}, objective=list(objective),
                    coins=list(coins), boats=fields.pop("boats", BOATS), **fields)


def test_M_G1_partners_sit_in_opposite_corners_and_turns_alternate_teams():
    """M-G1: seats 0 & 2 and 1 & 3; clockwise order alternates the teams."""
    state, _ = start(ENGINE, 4, {"teams": True, "boat_setup": "random"}, random.Random(1))
    seen = ENGINE.view(state, None)
    assert [row["unit"] for row in seen["players"]] == [0, 1, 0, 1]
    assert [row["seats"] for row in seen["units"]] == [[0, 2], [1, 3]]
    assert [tuple(row["pontoon"]) for row in seen["players"]] == list(data.PONTOONS)


def test_M_G3_basic_each_seat_draws_one_face_up_and_the_team_keeps_one():
    """M-G3: 2 cards per team, face up; the team's first seat in turn order keeps one."""
    state, _ = start(ENGINE, 4, {"teams": True, "boat_setup": "random"}, random.Random(4))
    first = state["first"]
    choosers = {first, (first + 1) % 4}
    assert state["phase"] == "choose" and ENGINE.to_act(state) == frozenset(choosers)
    assert all(len(state["offers"][seat]) == 2 for seat in choosers)
    assert ENGINE.view(state, None)["players"][first]["offered"] == state["offers"][first]
    for seat in sorted(choosers):
        state, events = act(state, seat, {"type": "keep", "card": state["offers"][seat][0]})
    assert state["phase"] == "play" and len(state["deck"]) == 8 and all(state["objective"])


def test_M_G3_advanced_the_team_sees_four_cards_and_keeps_one_unseen_by_the_others():
    """M-G3 (advanced): 2 cards per seat, all 4 seen by both partners only."""
    state, events = start(ENGINE, 4, {"teams": True, "variant": "advanced", "boat_setup": "random"}, random.Random(2))
    chooser = state["first"]
    partner, rival = (chooser + 2) % 4, (chooser + 1) % 4
    cards = state["offers"][chooser]
    assert len(cards) == 4
    assert ENGINE.view(state, partner)["players"][chooser]["offer_copies"] == [{"seat": partner, "offer": cards}]
    assert "offer_copies" not in ENGINE.view(state, rival)["players"][chooser]
    offered = [e for e in events if e["type"] == "objective_offered" and e["seat"] == chooser][0]
    assert ENGINE.redact(offered, partner)["copies"][1] == {"seat": partner, "offer": cards}
    assert ENGINE.redact(offered, rival)["copies"] == [{"seat": chooser}, {"seat": partner}]
    with pytest.raises(IllegalAction):
        act(state, partner, {"type": "keep", "card": cards[0]})


def test_M_G2_M_G6_one_objective_collected_by_both_partners_delivered_by_either():
    """M-G2: the team's "already held" test is shared. M-G6: either heir completes at its own pontoon."""
    state = team(heirs=[(0, 0), (0, 9), (1, 0), (9, 0)], turn=2, held=[[K["necklace"]], []])
    after, events = act(state, 2, {"type": "step", "to": [2, 0]})  # seat 0 already took a necklace
    assert of_type(after, "take") == [] and after["held"][0] == [K["necklace"]]
    walker = team(heirs=[(0, 0), (0, 9), (9, 4), (9, 0)], turn=2, held=[[K["necklace"], K["frog"], K["Buddha statue"]], []],
                  boats=BOATS[:3] + [boat("end", (9, 7), "S", goods=(K["snake"], K["kite"]))])
    after, events = act(walker, 2, {"type": "step", "to": [9, 5]})  # kite: not needed
    after, events = acts(after, 2, {"type": "step", "to": [9, 6]}, {"type": "take"})
    assert events[-1]["type"] == "goods_taken" and events[-1]["unit"] == 0 and len(after["held"][0]) == 4
    after, events = act(after, 2, {"type": "step", "to": [9, 5]})
    assert "objective_completed" not in types(events)  # seat 2's pontoon is (9, 9): not there yet


def test_M_G6_A10_a_partner_waiting_at_home_completes_at_the_start_of_its_turn():
    """M-G6 / A10: completion is checked at the start of the turn too."""
    state = team(heirs=[(0, 0), (0, 9), (9, 4), (9, 0)], turn=3, held=[B01, []], coins=(2, 0))
    after, events = act(state, 3, {"type": "end_turn"})
    assert types(events)[-3:] == ["dice_rolled", "objective_completed", "objective_dealt"]
    assert after["completed"][0] == ["B01"] and after["turn"] == 0


def test_M_G4_M_G7_completion_draws_one_card_and_the_fourth_wins():
    """M-G4: a basic completion draws one face up for the team. M-G7: the 4th completion wins."""
    state = team(heirs=[(1, 0), (0, 9), (9, 4), (9, 0)], held=[B01, []])
    after, events = act(state, 0, {"type": "step", "to": [0, 0]})
    assert types(events)[-1] == "objective_dealt" and events[-1]["unit"] == 0
    winning = team(heirs=[(1, 0), (0, 9), (9, 4), (9, 0)], held=[B01, []],
                   completed=[["B02", "B04", "B05"], []])
    after, events = act(winning, 0, {"type": "step", "to": [0, 0]})
    assert types(events)[-1] == "game_ended" and ENGINE.outcome(after)["winners"] == [0, 2]
    assert ENGINE.outcome(after)["scores"] == [4, 0, 4, 0]


def test_M_G4_advanced_the_completing_seat_chooses_and_the_partner_sees_the_offer():
    state = team(objective=("R07", "R08"), options={"variant": "advanced"}, heirs=[(0, 0), (0, 9), (9, 4), (1, 0)],
                 held=[[], [K["baby dragon"], K["goldfish bowl"], K["frog"]]], turn=3, completed=[[], []],
                 boats=BOATS + [boat("centre", (2, 4), "N", goods=(K["baby dragon"], K["goldfish bowl"]))])
    state = {**state, "heirs": [[0, 0], [1, 9], [9, 4], [9, 1]]}
    boats = state["boats"] + [boat("end", (3, 9), "W", goods=(K["bonsai"], K["carpet"]))]  # (2,9), (1,9)
    state = {**state, "boats": boats, "turn": 1}
    after, events = act(state, 1, {"type": "step", "to": [0, 9]})
    assert after["phase"] == "keep" and ENGINE.to_act(after) == frozenset({1})
    offered = events[-1]
    assert [copy["seat"] for copy in offered["copies"]] == [1, 3]
    assert ENGINE.view(after, 3)["players"][1]["offer_copies"][0]["offer"] == after["offers"][1]
    assert "offer_copies" not in ENGINE.view(after, 0)["players"][1]


def test_M_G5_coins_are_a_team_pool():
    """M-G5: start pools 0 + 2 and 1 + 3; buying and unused MP use the pool; the richest is the other team."""
    state, _ = start(ENGINE, 4, {"teams": True, "boat_setup": "random"}, random.Random(4))
    for seat in sorted(ENGINE.to_act(state)):
        state, _ = act(state, seat, {"type": "keep", "card": state["offers"][seat][0]})
    first = state["first"]
    assert state["coins"][first % 2] == 2 and state["coins"][(first + 1) % 2] == 4 and state["bank"] == 6
    pooled = team(heirs=[(0, 0), (0, 9), (9, 9), (9, 0)], turn=2, coins=(2, 9), bank=1, mp=3)
    after, _ = act(pooled, 2, {"type": "buy_mp"})
    assert after["coins"] == [1, 9]
    after, events = act(after, 2, {"type": "end_turn"})
    assert [(e["from"], e["amount"]) for e in events if e["type"] == "coins_paid"] == [("bank", 2), (1, 2)]
    assert after["coins"] == [5, 7] and "shortfall_started" not in types(events)


def test_M_G8_one_partner_uses_powers_in_a_round():
    """M-G8: once a partner has used a power this round, the other may use none until the next round."""
    boats = [boat("centre", (4, 4), "E", goods=(K["perfume"], K["baby dragon"])),
             boat("end", (7, 7), "W", goods=(K["necklace"], K["paper lantern"]))]
    state = team(objective=("R07", "R08"), options={"variant": "advanced", "fixed_mp": True}, boats=boats,
                 completed=[["R02"], []], coins=(0, 0), heirs=[(0, 0), (0, 9), (9, 9), (9, 0)])
    state, _ = act(state, 0, {"type": "shift", "boat": 0, "by": 1})
    assert state["power_seat"] == [0, None]
    state, _ = act(state, 0, {"type": "end_turn"})
    state, _ = act(state, 1, {"type": "end_turn"})
    assert state["turn"] == 2 and of_type(state, "shift") == []
    state, _ = act(state, 2, {"type": "end_turn"})
    state, _ = act(state, 3, {"type": "end_turn"})
    assert state["turn"] == 0 and state["power_seat"] == [None, None] and of_type(state, "shift")


def _strings(payload):
    if isinstance(payload, dict):
        return [s for value in payload.values() for s in _strings(value)]
    if isinstance(payload, list):
        return [s for value in payload for s in _strings(value)]
    return [payload] if isinstance(payload, str) else []


@pytest.mark.parametrize("seed", range(3))
def test_team_leak_check_partners_see_the_team_card_rivals_never_do(seed):
    """The team variant's own leak check: in a running advanced team game, each viewer's view and
    redacted events show a team's hidden card (objective or offer) exactly when the viewer is on
    that team; find_leaks passes too (one copy per partner)."""
    options = {"teams": True, "variant": "advanced", "boat_setup": "random", "turn_limit": 6}
    checked = [0]

    def check(before, seat, action, events, after):
        if ENGINE.outcome(after) is not None:
            return
        for viewer in (None, 0, 1, 2, 3):
            seen = ENGINE.view(after, viewer)
            assert find_leaks(seen, viewer, ENGINE.private_keys(after)) == []
            visible = set(_strings(seen))
            for unit in (0, 1):
                secret = set(after["offers"][unit] + after["offers"][unit + 2])
                if after["objective"][unit]:
                    secret.add(after["objective"][unit])
                mine = viewer is not None and viewer % 2 == unit
                assert (secret <= visible) if mine else not (secret & visible), (viewer, unit)
            for event in events:
                shown = ENGINE.redact(event, viewer)
                assert find_leaks(shown, viewer, ENGINE.private_keys(after)) == []
                if event["type"] in ("objective_offered", "objective_kept") and viewer is not None \
                        and viewer % 2 != event["seat"] % 2:
                    assert not set(_strings(shown)) & set(data.RED), json.dumps(shown)
        checked[0] += 1

    random_game(4, options, seed, on_step=check)
    assert checked[0] > 20
