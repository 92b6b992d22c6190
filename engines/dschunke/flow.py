"""What follows from the state alone: counts the rules read, and the phase flow (who acts next,
an empty phase skipped), applied by the fold (evolve.py) as it goes."""
from __future__ import annotations

from typing import Final

from functools import lru_cache

from engines.dschunke import data
from engines.dschunke.data import KINDS, SPECIALS
from engines.dschunke.state import (
    ACTIONS, BETWEEN, BID, DECLARE, EVENT_S, EXCHANGE, PLACE, ROUND_END,
    SUPPLY, State,
)

ALL_KINDS: Final = 0b1111


# These run at many events: a list changed in place makes fewer objects than slices joined.


def replace(values: tuple, index: int, value) -> tuple:
    items = list(values)
    items[index] = value
    return tuple(items)


def add_cards(hand: tuple, kind: int, count: int) -> tuple:
    counts = list(hand)
    counts[kind] += count
    return tuple(counts)


def take_cards(state: State, seat: int, kind: int, count: int) -> None:
    """`count` goods cards of `kind` from the junks' stock into `seat`'s hand (fewer than 0: back)."""
    hands, stocks = list(state.hands), list(state.stocks)
    hand = list(hands[seat])
    hand[kind] += count
    stocks[kind] -= count
    hands[seat] = tuple(hand)
    state.hands, state.stocks = tuple(hands), tuple(stocks)


NO_CARDS: Final = (0, 0, 0, 0)
_BROWN: Final = KINDS[0]
_WHITE: Final = KINDS[1]
_ORANGE: Final = KINDS[2]
_PURPLE: Final = KINDS[3]


def card_counts(cards: dict) -> tuple:
    """Per kind the count of a {kind name: count} dict, the form of bids in events."""
    if not cards:  # an empty fist
        return NO_CARDS
    get = cards.get
    return (get(_BROWN, 0), get(_WHITE, 0), get(_ORANGE, 0), get(_PURPLE, 0))


def count_specials(state: State, seat: int, kind: str) -> int:
    held = state.specials[seat]
    return sum(1 for card in held if SPECIALS[card][0] == kind) if held else 0


def entitlement(state: State, junk: int, seat: int) -> int:
    """Cards or Yuan for a goods or money action: one per visible own crate, at least 3."""
    return max(data.MINIMUM_TAKE, state.vis[junk][seat])


def available_stacks(state: State) -> tuple:
    return _available_stacks(tuple(map(bool, state.stacks)), state.taken)


@lru_cache(maxsize=256)
def _available_stacks(filled: tuple, taken: int) -> tuple:
    """The stacks with cards (per stack, whether it has some) not taken yet in this event."""
    return tuple(i for i, stack in enumerate(filled) if stack and not taken >> i & 1)


def free_junks(state: State) -> tuple:
    """The two junks without a merchant, where the trainees act."""
    return tuple(j for j in range(5) if j not in state.merchants)


def round_worker_action(round_: int, worker: int) -> int:
    if worker < 3:
        return data.MERCHANT_ACTIONS[worker]
    return data.TRAINEE_TRACKS[worker - 3][round_ - 1]


# Per round (0: before the first) and worker, its action (round_worker_action), read at every
# use of a worker.
WORKER_ACTIONS: Final = tuple(
    tuple(round_worker_action(round_, worker) for worker in range(5)) for round_ in range(data.ROUNDS + 1)
)


def worker_action(state: State, worker: int) -> int:
    return WORKER_ACTIONS[state.round][worker]


def workers_in_play(state: State) -> int:
    return 3 + data.TRAINEES_IN_PLAY[state.n]


def show(state: State, kind: str, seats) -> None:
    """Mark the permanent cards of `kind` held by `seats` as known to all (they took effect)."""
    shown = list(state.shown)
    for seat in seats:
        if not state.specials[seat]:  # most seats hold no special card
            continue
        cards = tuple(c for c in state.specials[seat] if SPECIALS[c][0] == kind and c not in shown[seat])
        if cards:
            shown[seat] = tuple(sorted(shown[seat] + cards))
    state.shown = tuple(shown)


# ----------------------------------------------------------------------------- phase flow


def asked_in_exchange(state: State, seat: int) -> bool:
    """Phase 1 asks a seat that holds a special card not known to all (its count minus its shown
    cards, a public fact) or a shown "Exchange goods": being asked tells nobody anything."""
    held = state.specials[seat]
    if not held:  # most seats hold no special card
        return False
    shown = state.shown[seat]
    return len(held) > len(shown) or any(SPECIALS[card][0] == "exchange" for card in shown)


def waits_for(state: State, seat: int) -> bool:
    """An action turn waits for the seat (end_turn, pass) while it holds a special card not known
    to all (a public fact: its count minus its shown cards; a one-use card is never shown while
    held). Ending the turn by itself only when the seat can play none would tell the table that
    it holds no playable one-use card."""
    held = state.specials[seat]
    return bool(held) and len(held) > len(state.shown[seat])


def exchange_allowance(state: State, seat: int) -> int:
    """Swaps the seat may make in phase 1: two per "Exchange goods" card, 0 for any other seat asked."""
    return data.EXCHANGE_SWAPS * count_specials(state, seat, "exchange")


def enter_round(state: State) -> None:
    state.exchanged = 0
    asked = tuple(seat for seat in state.order() if asked_in_exchange(state, seat))
    if asked:
        state.phase, state.queue = EXCHANGE, asked
        state.swaps = exchange_allowance(state, asked[0])
    else:
        enter_event(state)


def next_exchanger(state: State) -> None:
    state.queue = state.queue[1:]
    if state.queue:
        state.swaps = exchange_allowance(state, state.queue[0])
    else:
        state.swaps = 0
        enter_event(state)


def enter_event(state: State) -> None:
    event = data.EVENTS.get(state.round)
    if event == "S":
        state.phase, state.queue, state.taken, state.step = EVENT_S, state.order(), 0, ("search",)
        if not available_stacks(state):
            enter_actions(state)
    elif event == "Y":
        state.phase, state.queue, state.step = DECLARE, (), None
    else:
        enter_actions(state)


def enter_actions(state: State) -> None:
    state.phase, state.queue, state.step, state.main_done = ACTIONS, state.order(), None, False
    state.taken = 0


def enter_supply(state: State) -> None:
    state.phase, state.queue = SUPPLY, state.order()
    show(state, "extra_supply", state.queue)
    set_supply_step(state)


def set_supply_step(state: State) -> None:
    if state.queue:
        seat = state.queue[0]
        state.step = ("take", data.SUPPLY_CARDS + count_specials(state, seat, "extra_supply"), -1, True)
    else:
        state.step = None
        enter_bidding(state)


def enter_bidding(state: State) -> None:
    """A new sealed-bid round; a seat with no cards at all shows an empty fist at once."""
    if state.covered == ALL_KINDS or not any(map(sum, state.hands)):
        state.phase, state.queue, state.step = ROUND_END, (), None
        return
    state.phase, state.queue, state.step = BID, (), None
    state.bids = tuple([None if sum(hand) else (0, 0, 0, 0) for hand in state.hands])


def continue_bidding(state: State, anybody_bid: bool) -> None:
    if state.covered == ALL_KINDS or not anybody_bid:
        state.phase, state.queue, state.step = ROUND_END, (), None
    else:
        enter_bidding(state)


def enter_placement(state: State) -> None:
    """Set-up variant: from the start player, each places one strip passed to him at a time."""
    state.phase = PLACE
    state.queue = state.order() * data.VARIANT_STRIPS_PASSED
    set_place_step(state)


def set_place_step(state: State) -> None:
    """Set-up variant: the seat to place puts a strip of the player on his right. After the last
    strip, face-down merchants wait in PLACE for the merchants_revealed event (rules.AUTO_EVENTS)."""
    if state.queue:
        seat = state.queue[0]
        state.step = ("place", 1, -1, (seat - 1) % state.n, -1, True)
    else:
        state.step = None
        if not state.facedown:
            state.phase = BETWEEN


def merchants_chosen(state: State) -> int:
    return sum(1 for junk in state.merchants if junk >= 0)
