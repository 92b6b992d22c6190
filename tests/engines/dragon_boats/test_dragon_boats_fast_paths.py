"""The engine's quick computations give what the plain rule (the full list of legal actions) gives."""
import itertools
import json
import random

from hypothesis import HealthCheck, given, settings

from dragon_boats_helpers import ENGINE
from engines.core import command_rng, fold
from engines.dragon_boats import data, rules
from test_dragon_boats_properties import PLAYERS, SEEDS, deal_all_cards, options_for

GAME_SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def states_of_a_random_game(players: int, seed: int):
    """Every state of a random game, after each event, half of the games dealt every bonus card
    so that cards get played."""
    state = fold(ENGINE, ENGINE.setup(players, options_for(players, seed), command_rng(f"f{seed}", 0)))
    chooser = random.Random(seed)
    if seed % 2:
        state = deal_all_cards(state, chooser)
    while ENGINE.outcome(state) is None:
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        legal = ENGINE.legal_actions(state, seat)
        plays = [action for action in legal if action["type"] == "play"]
        action = chooser.choice(plays if plays and chooser.random() < 0.6 else legal)
        for event in ENGINE.decide(state, seat, action, chooser):
            state = ENGINE.evolve(state, event)
            yield state


def pays(have, cost) -> bool:
    return all(have[data.KIND_INDEX[kind]] >= cost.count(kind) for kind in cost)


def test_B_P12_B_P13_affordable_seats_match_paying_the_cost():
    """B-P12 a side seat costs the topper's offerings; B-P13 the middle seat leaves one printed kind out."""
    for topper, have in itertools.product(data.TOPPERS, itertools.product(range(4), repeat=len(data.KINDS))):
        cost = data.TOPPERS[topper]["cost"]
        middle = tuple(kind for kind in sorted(set(cost))
                       if pays(have, [other for index, other in enumerate(cost) if index != cost.index(kind)]))
        assert rules._affordable(topper, list(have)) == (pays(have, cost), middle), (topper, have)


@GAME_SETTINGS
@given(players=PLAYERS, seed=SEEDS)
def test_B_P12_B_P17_a_seat_can_board_exactly_when_it_has_boarding_actions(players, seed):
    """B-P12..B-P17: the quick yes/no agrees with the listed boats, seats and mountain paths."""
    for state in states_of_a_random_game(players, seed):
        if any(boat["topper"] is None for boat in state["boats"]):
            continue  # boats home, new toppers not drawn yet: no one acts here
        for seat in range(players):
            assert rules._can_board(state, seat) == bool(rules._boarding(state, seat))


@GAME_SETTINGS
@given(players=PLAYERS, seed=SEEDS)
def test_B_P11_the_flow_probes_agree_with_the_list(players, seed):
    """B-P11: a disc's turn closes by itself, and the final boarding round skips a seat, exactly
    when the full list holds the one action that does it and the seat holds no hidden card (a
    seat with one is asked all the same, so that skipping it tells nothing about the card)."""
    for state in states_of_a_random_game(players, seed):
        if state["pending"] or state["paying"]:
            continue
        if state["step"] == "resolve" and state["actor"] != -1:
            seat = state["actor"]
            only = rules.stall_only_action(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            secret = bool(state["seats"][seat]["hidden"])
            assert (only is not None) == (len(legal) == 1 and not secret) and (only is None or legal == [only])
        if state["step"] == "final":
            for seat in range(players):
                probe = {**state, "actor": seat}
                nothing = ENGINE.legal_actions(probe, seat) == [{"type": "done"}]
                assert rules.only_done(state, seat) == (nothing and not state["seats"][seat]["hidden"])


KINDS = [*data.KINDS, "x"]
CANDIDATES = (
    [{"type": "start_offering", "kind": kind} for kind in KINDS]
    + [{"type": "bid", "stall": stall} for stall in (*data.STALLS, "VI")]
    + [{"type": "private", "space": space} for space in (*data.PRIVATE_SPACES, "x")]
    + [{"type": kind, "kind": value} for kind in ("buy", "pay", "sell") for value in KINDS]
    + [{"type": "board", "boat": boat, "place": place, "omit": omit}
       for boat in range(-1, 5) for place in range(-1, 4) for omit in (None, *KINDS)]
    + [{"type": "path", "path": path} for path in (*data.PATHS, "C")]
    + [{"type": "step", "node": node} for node in (*data.NEIGHBOURS, "x")]
    + [{"type": "steer", "port": port} for port in (*data.PORTS, "x")]
    + [{"type": kind} for kind in ("take_money", "done", "stop", "sell_treasure", "pass")]
    + [{"type": "start_disc", "card": card} for card in range(8)]
)


@settings(GAME_SETTINGS, max_examples=12)
@given(players=PLAYERS, seed=SEEDS)
def test_quick_legality_check_agrees_with_the_list(players, seed):
    for state in states_of_a_random_game(players, seed):
        for seat in range(players):
            legal = ENGINE.legal_actions(state, seat)
            for action in CANDIDATES:
                assert rules.is_listed(state, seat, action) == (action in legal), (action, state["step"])


def test_folding_decides_own_events_equals_folding_copies():
    for seed in range(6):
        players = 2 + seed % 3
        state = fold(ENGINE, ENGINE.setup(players, options_for(players, seed), command_rng(f"m{seed}", 0)))
        chooser = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = chooser.choice(sorted(ENGINE.to_act(state)))
            events = ENGINE.decide(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)), chooser)
            for event in events:
                if event["type"] == "turn":  # the turn handler sets every field the event carries
                    assert set(event) <= {"type", "step", "actor", "resolving", "queue", "window", "arrived", "cut",
                                          "last"}
            copies = json.loads(json.dumps(events))
            remembered = fold(ENGINE, events, state)
            assert fold(ENGINE, copies, state) == remembered
            state = remembered
