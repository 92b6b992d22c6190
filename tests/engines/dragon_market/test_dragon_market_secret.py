"""The advanced game's secret objective (M-A2, spec section 4): taking a good is the owner's choice
(M-T16, M-T18), so until the owner takes, nothing anyone else sees depends on the secret card —
not the views, not the events, not who acts nor what happens by itself."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engines.core import start
from engines.dragon_market import ENGINE, data
from engines.dragon_market.state import seats_of, unit_of
from tests.engines.dragon_market.dragon_market_helpers import K, act, acts, boat, of_type, position

CASES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from([2, 3, 4]),
    "teams": st.booleans(),
    "warm_up": st.integers(0, 80),
    "steps": st.integers(10, 80),
})


def _non_take(state, seat, rng):
    """A random legal action other than taking, with a lean towards heir steps so that heirs
    often stand on goods."""
    actions = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "take"]
    steps = [a for a in actions if a["type"] == "step"]
    return rng.choice(steps if steps and rng.random() < 0.6 else actions)


def _twin(state, unit, rng):
    """`state` with the unit's secret card swapped for another unseen red card (the unit holds no
    goods yet, so any card is consistent with what the others saw)."""
    card = state["objective"][unit]
    other = rng.choice(state["deck"])
    deck = [card if c == other else c for c in state["deck"]]
    objective = list(state["objective"])
    objective[unit] = other
    return {**state, "objective": objective, "deck": deck}


def _seen_alike(first, second, first_events, second_events, viewers):
    for viewer in viewers:
        assert ENGINE.view(first, viewer) == ENGINE.view(second, viewer)
        assert [ENGINE.redact(e, viewer) for e in first_events] == [ENGINE.redact(e, viewer) for e in second_events]
        if viewer is not None:
            assert ENGINE.legal_actions(first, viewer) == ENGINE.legal_actions(second, viewer)
    assert ENGINE.to_act(first) == ENGINE.to_act(second)


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CASES)
def test_two_games_that_differ_only_in_a_secret_objective_look_the_same_until_its_owner_takes(case):
    players = 4 if case["teams"] else case["players"]
    rng = random.Random(case["seed"])
    state, _ = start(ENGINE, players, {"variant": "advanced", "teams": case["teams"], "boat_setup": "random",
                                      "turn_limit": 0}, rng)
    owner_unit = rng.randrange(len(state["coins"]))
    owners = set(seats_of(state, owner_unit))
    others = [seat for seat in range(players) if seat not in owners] + [None]
    steps = 0
    while state["phase"] != "play" or steps < case["warm_up"]:  # the owner's unit takes nothing
        seat = min(ENGINE.to_act(state))
        if seat in owners or state["phase"] != "play":
            action = _non_take(state, seat, rng)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state, _ = act(state, seat, action, rng.randrange(2**32))
        steps += 1
    twin = _twin(state, owner_unit, rng)
    _seen_alike(state, twin, [], [], others)
    for _ in range(case["steps"]):
        if ENGINE.outcome(state) is not None or state["completed"] != twin["completed"]:
            break  # a completion draws from the pile, where the two cards lie swapped
        seat = min(ENGINE.to_act(state))
        seed = rng.randrange(2**32)
        if seat in owners:
            action = _non_take(state, seat, rng)
            mine = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "take"]
            assert mine == [a for a in ENGINE.legal_actions(twin, seat) if a["type"] != "take"]
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state, events = act(state, seat, action, seed)
        twin, twin_events = act(twin, seat, action, seed)
        _seen_alike(state, twin, events, twin_events, others)


def test_stepping_onto_a_good_of_the_secret_card_shows_nothing_until_the_owner_takes_it():
    """The case the property is about: seat 0's heir steps onto a necklace. With card R06 (necklace,
    ring, silk scroll, kite) it may take it; with R07 (perfume, toadstools, bonsai) it may not. The
    others see the same until seat 0 takes; then the necklace is public (M-T19)."""
    dock = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))  # (2,0) necklace, (1,0) ring
    needs, not_needed = (position(players=2, boats=[dock], heirs=[(0, 0), (9, 9)], objective=[card, "R01"],
                                  options={"variant": "advanced"}) for card in ("R06", "R07"))
    needs, seen = act(needs, 0, {"type": "step", "to": [1, 0]})
    not_needed, other_seen = act(not_needed, 0, {"type": "step", "to": [1, 0]})
    needs, more = act(needs, 0, {"type": "step", "to": [2, 0]})
    not_needed, other_more = act(not_needed, 0, {"type": "step", "to": [2, 0]})
    _seen_alike(needs, not_needed, seen + more, other_seen + other_more, [1, None])
    assert of_type(needs, "take") == [{"type": "take"}] and of_type(not_needed, "take") == []
    taken, events = act(needs, 0, {"type": "take"})
    assert ENGINE.redact(events[0], 1)["kind"] == K["necklace"]
    assert ENGINE.view(taken, None)["units"][unit_of(taken, 0)]["held"] == [K["necklace"]]
    assert data.KIND["necklace"] in data.CARDS["R06"]


def test_the_bots_take_a_good_their_objective_needs_and_only_such_a_good():
    """M-T16: greedy takes the necklace its card B01 needs where its heir stands; the turn planner
    (expert) takes it within its planned turn; with card B02 nothing is offered."""
    import random as chance

    from engines import bots
    from engines.bots.planner import best_turn

    dock = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))  # (2,0) necklace, (1,0) ring
    rest = [boat("centre", (5, 5), "N", goods=(K["frog"], K["Buddha statue"])),
            boat("centre", (7, 3), "E", goods=(K["snake"], K["teapot"]))]  # the rest of B01, further on
    state = position(players=2, boats=[dock, *rest], heirs=[(2, 0), (9, 9)], objective=["B01", "B04"])
    legal = ENGINE.legal_actions(state, 0)
    assert {"type": "take"} in legal
    assert bots.choose(ENGINE, "greedy", ENGINE.view(state, 0), 0, legal, chance.Random(1)) == {"type": "take"}
    plan = best_turn(ENGINE, state, 0, 2, chance.Random(1))
    assert {"type": "take"} in [action for action, _ in plan]
    other = position(players=2, boats=[dock, *rest], heirs=[(2, 0), (9, 9)], objective=["B03", "B04"])
    assert {"type": "take"} not in ENGINE.legal_actions(other, 0)


def test_a_turn_out_of_mp_on_a_good_waits_whatever_the_secret_card_says():
    """With its last MP seat 0's heir steps onto the necklace: the turn waits for seat 0 whether
    its secret card needs the necklace (R06, offered `take`) or not (R07): an end by itself for
    the one and not the other would tell the table."""
    dock = boat("end", (3, 0), "W", goods=(K["necklace"], K["ring"]))
    needs, not_needed = (position(players=2, boats=[dock], heirs=[(0, 0), (9, 9)], objective=[card, "R01"], mp=2,
                                  coins=[0, 0], options={"variant": "advanced"}) for card in ("R06", "R07"))
    needs, seen = acts(needs, 0, {"type": "step", "to": [1, 0]}, {"type": "step", "to": [2, 0]})
    not_needed, other_seen = acts(not_needed, 0, {"type": "step", "to": [1, 0]}, {"type": "step", "to": [2, 0]})
    _seen_alike(needs, not_needed, seen, other_seen, [1, None])
    assert ENGINE.to_act(needs) == frozenset({0}) and needs["mp"] == 0
    assert of_type(needs, "take") == [{"type": "take"}] and of_type(not_needed, "take") == []
