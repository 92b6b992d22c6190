"""What a seat may do now: who is to act, and the complete list of its legal actions."""
from __future__ import annotations

from typing import Final

from functools import lru_cache

from engines.dschunke import data, flow
from engines.dschunke.data import JUNKS, KINDS, SPECIALS, WORKERS
from engines.dschunke.state import (
    ACTIONS, BID, EXCHANGE, MERCHANT_CHOICE, OVER, PLACE, State,
    free_slots,
)

# ----------------------------------------------------------------------------- legal actions


LOAD_ACTIONS: Final = (data.LOAD1, data.LOAD2)

# Every action a list can offer, built once and shared by every list (nobody changes a listed
# action): a list is made of references, not of new dicts.
END_TURN: Final = {"type": "end_turn"}
PASS: Final = {"type": "pass"}
DONE: Final = {"type": "done"}
USES: Final = tuple(tuple({"type": "use", "worker": worker, "junk": junk} for junk in JUNKS) for worker in WORKERS)
PLACES: Final = tuple(tuple({"type": "place", "junk": junk, "slot": slot} for slot in range(3)) for junk in JUNKS)
LIFTS: Final = tuple(tuple({"type": "lift", "junk": junk, "slot": slot} for slot in range(3)) for junk in JUNKS)
TAKES: Final = tuple({"type": "take", "kind": kind} for kind in KINDS)
EXCHANGES: Final = tuple(tuple({"type": "exchange", "give": give, "take": take} for take in KINDS) for give in KINDS)
PLAYS: Final = tuple({"type": "play_special", "card": card} for card in range(len(SPECIALS)))
SEARCHES: Final = tuple({"type": "search", "stack": stack} for stack in range(len(data.SPECIAL_STACK_SIZES)))
PICKS: Final = tuple({"type": "pick", "card": card} for card in range(len(SPECIALS)))
YUAN_REWARD: Final = {"type": "reward", "choice": "yuan"}
CARD_REWARD: Final = {"type": "reward", "choice": "card"}
MERCHANT_PLACES: Final = tuple({"type": "place_merchant", "junk": junk} for junk in JUNKS)

ONCE_CARDS: Final = frozenset(card for card, (_, timing, _) in enumerate(SPECIALS) if timing == data.ONCE)
EXTRA_LOAD_CARDS: Final = frozenset(card for card, (kind, _, _) in enumerate(SPECIALS) if kind == "extra_load")


def usable_specials(state: State, seat: int) -> tuple:
    """One-use cards the seat may play now."""
    held = state.specials[seat]
    if not held:  # the usual case, asked after every event of an action turn
        return ()
    return _usable_specials(held, bool(state.strips[seat]))


# The answers below depend on a few small values only, and every turn asks them again: they are
# computed once per combination (the caches stay small: a game visits a few hundred).


@lru_cache(maxsize=4096)
def _usable_specials(held: tuple, with_strips: bool) -> tuple:
    return tuple(
        card for card in sorted(held)
        if card in ONCE_CARDS and (card not in EXTRA_LOAD_CARDS or with_strips)
    )


@lru_cache(maxsize=4096)
def _usable_workers(players: int, round_: int, used: int, without_strips: bool) -> tuple:
    return tuple(
        worker for worker in range(3 + data.TRAINEES_IN_PLAY[players])
        if not used >> worker & 1
        and not (without_strips and flow.WORKER_ACTIONS[round_][worker] in LOAD_ACTIONS)
    )


def usable_workers(state: State, seat: int) -> tuple:
    """Workers unused this round whose action the seat can take (each acts on at least one junk)."""
    return _usable_workers(state.n, state.round, state.used, not state.strips[seat])


@lru_cache(maxsize=4096)
def _worker_uses(workers: tuple, merchants: tuple) -> tuple:
    """The use action of each use of `workers`: a merchant on its junk, a trainee on each junk
    without a merchant."""
    free = tuple(j for j in range(5) if j not in merchants)
    return tuple(
        USES[worker][j]
        for worker in workers
        for j in ((merchants[worker],) if worker < 3 else free)
    )


def worker_uses(state: State, seat: int) -> tuple:
    """The use action of each worker use open to the seat."""
    return _worker_uses(usable_workers(state, seat), state.merchants)


def turn_options(state: State, seat: int) -> list:
    if state.main_done:
        options = [END_TURN]
    else:
        options = list(worker_uses(state, seat)) or [PASS]
    if state.specials[seat]:
        options += [PLAYS[card] for card in usable_specials(state, seat)]
    return options


def place_options(state: State, seat: int) -> list:
    _, _, fixed, _, excluded, _ = state.step
    junks = (fixed,) if fixed >= 0 else [j for j in range(5) if j != excluded]
    first_only = state.phase == PLACE
    return [PLACES[j][slot] for j in junks for slot in free_slots(state.junks[j], first_only)]


def take_options(state: State, seat: int) -> list:
    stocks = state.stocks
    if all(stocks):  # the usual case: every junk still has goods
        return list(TAKES)
    return [take for take, stock in zip(TAKES, stocks) if stock]


def lift_options(state: State, seat: int) -> list:
    return [
        LIFTS[j][slot]
        for j, junk in enumerate(state.junks) if junk
        for slot in range(3) if junk[-1][slot] >= 0
    ]


@lru_cache(maxsize=256)
def _swaps(held: tuple, in_stock: tuple) -> tuple:
    """The exchange action of each swap: a card held for a kind another junk still has (per kind,
    whether the hand holds some and whether the stock has some: the counts vary too much to be
    remembered)."""
    return tuple(
        EXCHANGES[give][take]
        for give in range(4) if held[give]
        for take in range(4) if take != give and in_stock[take]
    )


def exchange_options(state: State, seat: int) -> list:
    """Swaps while the seat has some left (only a holder of Exchange goods has any), then "done":
    the one choice of every other seat asked in phase 1."""
    if state.swaps <= 0:
        return [DONE]
    return [*_swaps(tuple(map(bool, state.hands[seat])), tuple(map(bool, state.stocks))), DONE]


def merchant_options(state: State, seat: int) -> list:
    """Set-up variant: any junk without a face-down merchant yet."""
    return [MERCHANT_PLACES[j] for j in range(5) if j not in state.merchants]


def search_options(state: State, seat: int) -> list:
    return [SEARCHES[stack] for stack in flow.available_stacks(state)]


def pick_options(state: State, seat: int) -> list:
    return [PICKS[card] for card in sorted(state.stacks[state.step[1]])]


def reward_options(state: State, seat: int) -> list:
    return [YUAN_REWARD, CARD_REWARD] if flow.available_stacks(state) else [YUAN_REWARD]


# The bids (shared like the actions above; an event copies their cards): the empty fist, per kind
# its bids of 1 to CARDS_PER_KIND cards (a hand holds at most that many), and per two kinds the
# bluff of one card of each.
EMPTY_BID: Final = {"type": "bid", "cards": {}}
KIND_BIDS: Final = tuple(
    tuple({"type": "bid", "cards": {name: number}} for number in range(1, data.CARDS_PER_KIND + 1)) for name in KINDS
)
TWO_KIND_BIDS: Final = {(first, second): {"type": "bid", "cards": {KINDS[first]: 1, KINDS[second]: 1}}
                 for first in range(4) for second in range(first + 1, 4)}


def bid_options(state: State, seat: int) -> list:
    hand, covered = state.hands[seat], state.covered
    options = [EMPTY_BID]
    held = []  # the kinds in hand
    for kind in range(4):
        count = hand[kind]
        if count:
            held.append(kind)
            if not covered >> kind & 1:
                options += KIND_BIDS[kind][:count]
    # One void bid (a bluff) is enough to make void bids reachable.
    if len(held) >= 2:
        options.append(TWO_KIND_BIDS[held[0], held[1]])
    elif held and covered >> held[0] & 1:
        options.append(KIND_BIDS[held[0]][0])
    return options


STEP_OPTIONS: Final = {
    "place": place_options,
    "take": take_options,
    "lift": lift_options,
    "search": search_options,
    "pick": pick_options,
    "choose": reward_options,
}
# Options of a seat to act without a pending step, per phase (the other phases offer nothing).
PHASE_OPTIONS: Final = {ACTIONS: turn_options, EXCHANGE: exchange_options, MERCHANT_CHOICE: merchant_options}


def legal_actions(state: State, seat: int) -> list:
    if state.phase == BID:
        return bid_options(state, seat) if 0 <= seat < state.n and state.bids[seat] is None else []
    queue = state.queue
    if not queue or queue[0] != seat:
        return []
    step = state.step
    if step is not None:
        return STEP_OPTIONS[step[0]](state, seat)
    options = PHASE_OPTIONS.get(state.phase)
    return options(state, seat) if options is not None else []


NOBODY: Final[frozenset] = frozenset()
ONLY: Final = tuple(frozenset((seat,)) for seat in range(4))


# Per bit mask of seats, the set of those seats.
SEAT_SETS: Final = tuple(frozenset(seat for seat in range(4) if mask >> seat & 1) for mask in range(16))


def seats_to_bid(bids: tuple) -> frozenset:
    """The seats whose bid is None (a mask from unrolled tests: cheaper than a comprehension)."""
    mask = (bids[0] is None) | (bids[1] is None) << 1 | (bids[2] is None) << 2
    if len(bids) == 4:
        mask |= (bids[3] is None) << 3
    return SEAT_SETS[mask]


def to_act(state: State) -> frozenset:
    if state.phase == BID:
        return seats_to_bid(state.bids)
    if state.phase == OVER or not state.queue:
        return NOBODY
    return ONLY[state.queue[0]]

