"""What a seat may do now: who is to act, and the complete list of its legal actions."""
from __future__ import annotations

from engines.dschunke import data, flow
from engines.dschunke.data import JUNKS, KINDS, SPECIALS, WORKERS
from engines.dschunke.state import (
    ACTIONS, BID, EXCHANGE, MERCHANT_CHOICE, OVER, PLACE, State,
    free_slots,
)

# ----------------------------------------------------------------------------- legal actions


LOAD_ACTIONS = (data.LOAD1, data.LOAD2)


def usable_specials(state: State, seat: int) -> list:
    """One-use cards the seat may play now."""
    held = state.specials[seat]
    if not held:  # the usual case, asked after every event of an action turn
        return []
    return [
        card for card in sorted(held)
        if SPECIALS[card][1] == data.ONCE and (SPECIALS[card][0] != "extra_load" or state.strips[seat])
    ]


def usable_workers(state: State, seat: int) -> list:
    """Workers unused this round whose action the seat can take (each acts on at least one junk)."""
    without_strips = not state.strips[seat]
    return [
        worker for worker in range(flow.workers_in_play(state))
        if not state.used >> worker & 1
        and not (without_strips and flow.worker_action(state, worker) in LOAD_ACTIONS)
    ]


def worker_options(state: State, seat: int) -> list:
    options = []
    free = flow.free_junks(state)
    for worker in usable_workers(state, seat):
        junks = (state.merchants[worker],) if worker < 3 else free
        name = WORKERS[worker]
        options += [{"type": "use", "worker": name, "junk": JUNKS[j]} for j in junks]
    return options


def turn_options(state: State, seat: int) -> list:
    options = [] if state.main_done else worker_options(state, seat)
    if state.main_done:
        options.append({"type": "end_turn"})
    elif not options:
        options.append({"type": "pass"})
    options.extend({"type": "play_special", "card": card} for card in usable_specials(state, seat))
    return options


def place_options(state: State) -> list:
    _, _, fixed, _, excluded, _ = state.step
    junks = (fixed,) if fixed >= 0 else [j for j in range(5) if j != excluded]
    first_only = state.phase == PLACE
    return [
        {"type": "place", "junk": JUNKS[j], "slot": slot}
        for j in junks
        for slot in free_slots(state.junks[j], first_only)
    ]


def take_options(state: State) -> list:
    return [{"type": "take", "kind": KINDS[k]} for k in range(4) if state.stocks[k]]


def lift_options(state: State) -> list:
    return [
        {"type": "lift", "junk": JUNKS[j], "slot": slot}
        for j, junk in enumerate(state.junks) if junk
        for slot in range(3) if junk[-1][slot] >= 0
    ]


def exchange_options(state: State, seat: int) -> list:
    """Swaps while the seat has some left (only a holder of Exchange goods has any), then "done":
    the one choice of every other seat asked in phase 1."""
    hand = state.hands[seat]
    options = [
        {"type": "exchange", "give": KINDS[give], "take": KINDS[take]}
        for give in range(4) if hand[give]
        for take in range(4) if take != give and state.stocks[take]
    ] if state.swaps > 0 else []
    options.append({"type": "done"})
    return options


def merchant_options(state: State) -> list:
    """Set-up variant: any junk without a face-down merchant yet."""
    return [{"type": "place_merchant", "junk": JUNKS[j]} for j in range(5) if j not in state.merchants]


def search_options(state: State) -> list:
    return [{"type": "search", "stack": stack} for stack in flow.available_stacks(state)]


def pick_options(state: State) -> list:
    return [{"type": "pick", "card": card} for card in sorted(state.stacks[state.step[1]])]


def reward_options(state: State) -> list:
    options = [{"type": "reward", "choice": "yuan"}]
    if flow.available_stacks(state):
        options.append({"type": "reward", "choice": "card"})
    return options


def bid_options(state: State, seat: int) -> list:
    hand = state.hands[seat]
    options = [{"type": "bid", "cards": {}}]
    for kind in range(4):
        if not state.covered >> kind & 1:
            name = KINDS[kind]
            options += [{"type": "bid", "cards": {name: count}} for count in range(1, hand[kind] + 1)]
    held = [kind for kind in range(4) if hand[kind]]
    sold = [kind for kind in held if state.covered >> kind & 1]
    # One void bid (a bluff) is enough to make void bids reachable.
    if len(held) >= 2:
        options.append({"type": "bid", "cards": {KINDS[held[0]]: 1, KINDS[held[1]]: 1}})
    elif sold:
        options.append({"type": "bid", "cards": {KINDS[sold[0]]: 1}})
    return options


STEP_OPTIONS = {
    "place": lambda state, seat: place_options(state),
    "take": lambda state, seat: take_options(state),
    "lift": lambda state, seat: lift_options(state),
    "search": lambda state, seat: search_options(state),
    "pick": lambda state, seat: pick_options(state),
    "choose": lambda state, seat: reward_options(state),
}


def legal_actions(state: State, seat: int) -> list:
    if state.phase == BID:
        return bid_options(state, seat) if 0 <= seat < state.n and state.bids[seat] is None else []
    if not state.queue or state.queue[0] != seat:
        return []
    if state.step is not None:
        return STEP_OPTIONS[state.step[0]](state, seat)
    if state.phase == ACTIONS:
        return turn_options(state, seat)
    if state.phase == EXCHANGE:
        return exchange_options(state, seat)
    if state.phase == MERCHANT_CHOICE:
        return merchant_options(state)
    return []


NOBODY = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(4))


def to_act(state: State) -> frozenset:
    if state.phase == BID:
        return frozenset([seat for seat, bid in enumerate(state.bids) if bid is None])
    if state.phase == OVER or not state.queue:
        return NOBODY
    return ONLY[state.queue[0]]


def may_act(state: State, seat: int) -> bool:
    if state.phase == BID:
        return state.bids[seat] is None
    return bool(state.queue) and state.queue[0] == seat
