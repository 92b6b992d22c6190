"""Being asked tells nothing about a hidden bonus card (B-X15, B-P11, B-K-A..B-K-Z).

A seat holding a card the others cannot see is asked at every card window and on every
payment-phase turn, whether it can use that card there or not. So two games that differ only in
which cards a seat holds hidden look the same to everyone else, prompt for prompt, until that
seat plays one of them (which shows it, B-K: played cards are public).
"""
import random

import pytest

from dragon_boats_helpers import (ENGINE, act, advance, boat_seats, explore, give_cards, legal_types, position,
                                  types)
from test_dragon_boats_properties import options_for
from engines.core import command_rng, fold
from engines.dragon_boats import data
from engines.dragon_boats.setup import deck_for

# Where the table could tell a hidden card from another if only its users were asked.
PROMPT_POINTS = {"before_mountain", "before_steer", "before_disembark", "resolve", "final"}


def with_hand(state: dict, seat: int, hand: list[str]) -> dict:
    """`state` where `seat`'s hidden cards are `hand` instead; nothing else changes."""
    row = state["seats"][seat]
    shown = list(row["cards"])
    for letter in row["hidden"]:
        shown.remove(letter)
    seats = list(state["seats"])
    seats[seat] = {**row, "cards": shown + hand, "hidden": list(hand)}
    return {**state, "seats": seats}


def hideable(state: dict, seat: int) -> list[str]:
    """The letters a hidden card of `seat` may be: never a permanent card (shown when drawn)."""
    mine = set(state["seats"][seat]["cards"])
    return [letter for letter in deck_for(state["options"])
            if data.CARDS[letter]["type"] != "permanent" and letter not in mine]


def others(state: dict, seat: int) -> list:
    return [viewer for viewer in range(state["n"]) if viewer != seat] + [None]


def observe(state: dict, seat: int, events: list[dict]) -> dict:
    """What everyone but `seat` sees: its views, the seats to act and the events as redacted for it."""
    return {"to_act": sorted(ENGINE.to_act(state)),
            "views": {viewer: ENGINE.view(state, viewer) for viewer in others(state, seat)},
            "events": {viewer: [ENGINE.redact(event, viewer) for event in events] for viewer in others(state, seat)}}


def round_as_seen(state: dict, seat: int, table: str, seed: int, asked_at: set) -> list[dict]:
    """Play to the next round (or the game's end) at random, `seat` never playing a card, and
    return what the other seats and spectators saw at each step. The points where `seat` was
    asked with a single choice and no card to play are added to `asked_at`."""
    chooser = random.Random(seed)
    start = state["round"]
    seen = [observe(state, seat, [])]
    for number in range(2000):
        if ENGINE.outcome(state) is not None or state["round"] != start:
            return seen
        actor = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, actor)
        if actor == seat:
            plays = [action for action in legal if action["type"] == "play"]
            legal = [action for action in legal if action["type"] != "play"]
            if not plays and len(legal) == 1:  # a prompt that would say which card is held
                asked_at.add(state["window"]["point"] if state["step"] == "window" else state["step"])
        events = ENGINE.decide(state, actor, chooser.choice(legal), command_rng(table, number))
        state = fold(ENGINE, events, state)
        if ENGINE.outcome(state) is not None:
            return seen  # the end shows every hand
        seen.append(observe(state, seat, events))
    raise AssertionError("the round did not end")


def round_starts(players: int, seed: int):
    """The first bidding state of each round of a seeded random game."""
    table = f"h{seed}"
    state = fold(ENGINE, ENGINE.setup(players, options_for(players, seed), command_rng(table, 0)))
    chooser = random.Random(seed)
    last = 0
    for number in range(3000):
        if ENGINE.outcome(state) is not None:
            return
        if state["round"] != last and state["step"] == "bid":
            last = state["round"]
            yield state
        seat = min(ENGINE.to_act(state))
        events = ENGINE.decide(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)),
                               command_rng(table, number + 1))
        state = fold(ENGINE, events, state)


def assert_hands_look_alike(state: dict, seat: int, hands: list[list[str]], table: str, seed: int,
                            asked_at: set) -> None:
    """Each hand held hidden by `seat` shows the others the same round as the first hand does,
    so every pair of the hands does too."""
    reference = round_as_seen(with_hand(state, seat, hands[0]), seat, table, seed, asked_at)
    for hand in hands[1:]:
        seen = round_as_seen(with_hand(state, seat, hand), seat, table, seed, asked_at)
        for step, (got, wanted) in enumerate(zip(seen, reference)):
            assert got == wanted, f"seat {seat} holding {hand} instead of {hands[0]}: step {step} differs"
        assert len(seen) == len(reference)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_B_X15_B_P11_a_hidden_card_changes_nothing_others_see_until_it_is_played(players, seed):
    """B-X15, B-P11: for each round's start and each seat, the seat holding any one hidden card
    (one-time or end-game) gives the other seats and spectators the same views, the same seats
    to act and the same events over the whole round, at every card window and payment turn."""
    asked_at = set()
    for number, state in enumerate(round_starts(players, seed)):
        seat = number % players
        hands = [[letter] for letter in hideable(state, seat)]
        assert_hands_look_alike(state, seat, hands, f"h{seed}-{number}", seed, asked_at)
    assert PROMPT_POINTS <= asked_at, asked_at  # every such point was met with nothing to play


def test_B_X15_B_P11_two_hidden_cards_change_nothing_others_see_either():
    """B-X15, B-P11: the same with two hidden cards, every pair of letters, in one round."""
    state = list(round_starts(2, 5))[2]
    letters = hideable(state, 1)
    hands = [[a, b] for index, a in enumerate(letters) for b in letters[index + 1:]]
    assert_hands_look_alike(state, 1, hands, "h5-pairs", 5, set())


def test_B_X15_a_hidden_end_game_card_is_asked_with_only_pass():
    """B-X15: a seat whose hidden card is an end-game one is asked at W1 all the same, and may only pass."""
    state = boat_seats(position(first=1), 1, [2, None, None])
    state = give_cards(state, 0, "L", hidden=True)
    state = explore(state, window={"point": "before_mountain", "passed": [], "then": "climb_next"})
    state, _ = advance(state, "window_next")
    assert ENGINE.to_act(state) == {0}
    assert ENGINE.legal_actions(state, 0) == [{"type": "pass"}]
    state, events = act(state, 0, {"type": "pass"})
    assert "passed" in types(events) and state["step"] != "window"


def test_B_P11_a_hidden_card_holder_is_asked_on_a_turn_with_one_choice():
    """B-P11: a disc at an empty stall with no boarding possible closes by itself, unless its
    owner holds a hidden card: then it is asked (take 1 money, then Done), whatever the card."""
    for letter, extra in (("L", set()), ("P", {"play"})):
        state = position(stacks=[[0], [], [], [], []], stalls=[[], [], [], []])
        state = give_cards(state, 1, "Q", hidden=True)  # another seat's hidden card changes nothing
        state, _ = advance({**state, "step": "resolve", "actor": -1,
                            "resolving": {"stall": 0, "decided": False, "used": []}}, "resolve_next")
        assert state["step"] == "final" and ENGINE.to_act(state) == {1}  # seat 0 was not asked; seat 1 is
        state = position(stacks=[[0], [], [], [], []], stalls=[[], [], [], []])
        state = give_cards(state, 0, letter, hidden=True)
        state, _ = advance({**state, "step": "resolve", "actor": -1,
                            "resolving": {"stall": 0, "decided": False, "used": []}}, "resolve_next")
        assert ENGINE.to_act(state) == {0} and legal_types(state, 0) == {"take_money"} | extra
        state, _ = act(state, 0, {"type": "take_money"})
        assert ENGINE.to_act(state) == {0} and legal_types(state, 0) == {"done"} | extra


def test_B_X15_playing_a_hidden_card_shows_it():
    """B-K-H: the hidden card is shown when played, and from then on the table knows it."""
    state = boat_seats(position(first=1), 1, [2, None, 0])
    state = give_cards(state, 0, "H", hidden=True)
    state = explore(state, window={"point": "before_mountain", "passed": [], "then": "climb_next"})
    state, _ = advance(state, "window_next")
    assert ENGINE.view(state, 1)["players"][0]["cards_hidden"] == 1
    state, events = act(state, 0, {"type": "play", "card": "H"})
    assert ENGINE.redact(events[0], 1) == {"type": "card_played", "seat": 0, "card": "H"}
    shown = ENGINE.view(state, 1)["players"][0]
    assert shown["cards_known"] == ["H"] and shown["cards_hidden"] == 0
