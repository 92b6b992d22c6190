"""The fold: how each event changes the state.

Steps (State.step) that a seat must resolve:
    ("place", remaining, junk or -1 for any, owner, junk excluded or -1, from_reserve)
    ("take", remaining, kind to take first or -1 for a free choice, one_card_at_a_time)
    ("lift",)  ("search",)  ("pick", stack)  ("choose",)
evolve never validates and never draws chance. Phase changes that follow from the state alone
(who acts next, skipping an empty phase: flow.py) happen as it folds; events that need a
decision or carry news (the market card, a reveal) are produced in rules.py.
"""
from __future__ import annotations

from typing import Any, Callable, Final

from engines.dschunke import data
from engines.dschunke.data import JUNK_KIND, KIND_INDEX, KINDS, JUNK_INDEX, SPECIALS
from engines.dschunke.flow import (
    NO_CARDS, add_cards, available_stacks, card_counts, continue_bidding, enter_actions, enter_placement,
    enter_round, enter_supply, entitlement, merchants_chosen, next_exchanger, replace, set_place_step,
    set_supply_step, show, take_cards, worker_action,
)
from engines.dschunke.state import (
    BETWEEN, MERCHANT_CHOICE, OVER, PLACE, REWARD, SETUP, SUPPLY, State, lift, place, visible_counts,
)


# ----------------------------------------------------------------------------- evolve


def game_started(_, event: dict) -> State:
    n = event["players"]
    options = event["options"]
    s = State.blank()
    s.n = n
    s.public_money = bool(options["public_money"])
    s.variant = bool(options["setup_variant"])
    s.round, s.phase, s.start, s.queue, s.step = 0, SETUP, event["start_player"], (), None
    s.main_done, s.used = False, 0
    # Set-up variant: no merchant is on a junk until the players choose the junks.
    merchants = event["merchants"]
    s.merchants = (-1, -1, -1) if merchants is None else tuple(JUNK_INDEX[name] for name in merchants)
    s.deck, s.market, s.revealed, s.covered = (), -1, (), 0
    s.hands = ((0, 0, 0, 0),) * n
    s.stocks = (0, 0, 0, 0)
    s.money = (data.START_MONEY,) * n
    s.declared = None
    junks: list[tuple] = [()] * 5
    if not s.variant:
        for name, seats in data.START_LAYOUT[n].items():
            junks[JUNK_INDEX[name]] = (tuple(seats) + (-1,) * (3 - len(seats)),)
    s.junks = tuple(junks)
    s.vis = tuple(visible_counts(junk, n) for junk in s.junks)
    on_board = [sum(1 for junk in s.junks for layer in junk for o in layer if o == seat) for seat in range(n)]
    s.strips = tuple(data.STRIPS_PER_PLAYER - count for count in on_board)
    s.specials = ((),) * n
    s.shown = ((),) * n
    s.discarded, s.stacks, s.taken, s.swaps = (), ((),) * 4, 0, 0
    s.bids = (None,) * n
    s.last_reveal = None
    s.exchanged = 0
    s.facedown = ()
    return s


def cards_dealt(s: State, event: dict) -> State:
    hands = [None] * s.n
    for entry in event["hands"]:
        hands[entry["seat"]] = tuple(entry["hand"][kind] for kind in KINDS)
    s.hands = tuple(hands)
    s.stocks = tuple(event["stocks"][kind] for kind in KINDS)
    return s


def market_shuffled(s: State, event: dict) -> State:
    s.deck = tuple(event["deck"])
    return s


def specials_shuffled(s: State, event: dict) -> State:
    s.stacks = tuple(tuple(stack) for stack in event["stacks_order"])
    if not s.variant:
        s.phase = BETWEEN
    elif -1 not in s.merchants:  # a log from before the merchants were chosen face down
        enter_placement(s)
    return s  # else the merchants are shuffled next


def merchants_shuffled(s: State, event: dict) -> State:
    """Set-up variant: the merchants face down; from the start player, three seats choose junks."""
    s.facedown = tuple(data.WORKERS.index(name) for name in event["deck_order"])
    s.phase, s.queue, s.step = MERCHANT_CHOICE, s.order()[:len(s.facedown)], None
    return s


def merchant_placed(s: State, event: dict) -> State:
    worker = s.facedown[merchants_chosen(s)]
    s.merchants = replace(s.merchants, worker, JUNK_INDEX[event["junk"]])
    s.queue = s.queue[1:]
    if not s.queue:
        enter_placement(s)
    return s


def merchants_revealed(s: State, event: dict) -> State:
    s.merchants = tuple(JUNK_INDEX[name] for name in event["merchants"])
    s.facedown = ()
    s.phase = BETWEEN
    return s


def round_started(s: State, event: dict) -> State:
    s.round = event["round"]
    s.market, s.deck = s.deck[0], s.deck[1:]
    s.revealed = s.revealed + (s.market,)
    s.covered, s.used = 0, 0
    enter_round(s)
    return s


def goods_exchanged(s: State, event: dict) -> State:
    seat, give, take = event["seat"], KIND_INDEX[event["give"]], KIND_INDEX[event["take"]]
    take_cards(s, seat, give, -1)
    take_cards(s, seat, take, 1)
    if not s.exchanged >> seat & 1:  # the first swap: the table sees the card(s) now
        s.exchanged |= 1 << seat
        show(s, "exchange", (seat,))
    s.swaps -= 1
    if not s.swaps:
        next_exchanger(s)
    return s


def exchange_done(s: State, event: dict) -> State:
    next_exchanger(s)
    return s


def stack_searched(s: State, event: dict) -> State:
    s.step = ("pick", event["stack"])
    return s


def special_taken(s: State, event: dict) -> State:
    seat, stack, card = event["seat"], event["stack"], event["specials"][0]
    cards = list(s.stacks[stack])
    cards.remove(card)
    s.stacks = replace(s.stacks, stack, tuple(cards))
    s.specials = replace(s.specials, seat, s.specials[seat] + (card,))
    if s.phase == REWARD:
        continue_bidding(s, True)
        return s
    s.taken |= 1 << stack
    s.queue = s.queue[1:]
    s.step = ("search",)
    if not s.queue or not available_stacks(s):
        enter_actions(s)
    return s


def money_declared(s: State, event: dict) -> State:
    s.declared = tuple(event["declared"])
    enter_actions(s)
    return s


def worker_used(s: State, event: dict) -> State:
    seat, worker, junk = event["seat"], data.WORKERS.index(event["worker"]), JUNK_INDEX[event["junk"]]
    s.used |= 1 << worker
    s.main_done = True
    action = worker_action(s, worker)
    if action in (data.LOAD1, data.LOAD2):
        count = min(2 if action == data.LOAD2 else 1, s.strips[seat])
        s.step = ("place", count, junk, seat, -1, True)
    elif action == data.GOODS_ACTION:
        s.step = ("take", entitlement(s, junk, seat), JUNK_KIND[junk], False)
    return s


def passed(s: State, event: dict) -> State:
    s.main_done = True
    return s


def strip_placed(s: State, event: dict) -> State:
    junk, slot = JUNK_INDEX[event["junk"]], event["slot"]
    _, remaining, fixed, owner, excluded, from_reserve = s.step
    s.junks = replace(s.junks, junk, place(s.junks[junk], slot, owner))
    s.vis = replace(s.vis, junk, visible_counts(s.junks[junk], s.n))
    if from_reserve:
        s.strips = replace(s.strips, owner, s.strips[owner] - 1)
    if s.phase == PLACE:
        s.queue = s.queue[1:]
        set_place_step(s)
    elif remaining > 1:
        s.step = ("place", remaining - 1, fixed, owner, excluded, from_reserve)
    else:
        s.step = None
    return s


def goods_taken(s: State, event: dict) -> State:
    seat, kind, count = event["seat"], KIND_INDEX[event["kind"]], event["count"]
    take_cards(s, seat, kind, count)
    _, remaining, _, one_by_one = s.step
    if remaining > count:
        s.step = ("take", remaining - count, -1, one_by_one)
    else:
        end_take(s)
    return s


def goods_lost(s: State, event: dict) -> State:
    end_take(s)
    return s


def end_take(s: State) -> None:
    if s.phase == SUPPLY:
        s.queue = s.queue[1:]
        set_supply_step(s)
    else:
        s.step = None


def money_earned(s: State, event: dict) -> State:
    seat = event["seat"]
    s.money = replace(s.money, seat, s.money[seat] + event["amount"])
    return s


def special_played(s: State, event: dict) -> State:
    seat, card = event["seat"], event["card"]
    s.specials = replace(s.specials, seat, tuple(c for c in s.specials[seat] if c != card))
    s.discarded = s.discarded + (card,)
    kind, _, junk = SPECIALS[card]
    if kind == "extra_goods":
        s.step = ("take", entitlement(s, junk, seat), JUNK_KIND[junk], False)
    elif kind == "move_strip":
        s.step = ("lift",)
    elif kind == "extra_load":
        s.step = ("place", 1, -1, seat, -1, True)
    return s


def strip_lifted(s: State, event: dict) -> State:
    junk, slot = JUNK_INDEX[event["junk"]], event["slot"]
    owner = s.junks[junk][-1][slot]
    s.junks = replace(s.junks, junk, lift(s.junks[junk], slot))
    s.vis = replace(s.vis, junk, visible_counts(s.junks[junk], s.n))
    s.step = ("place", 1, -1, owner, junk, False)
    return s


def turn_ended(s: State, event: dict) -> State:
    s.queue, s.step, s.main_done = s.queue[1:], None, False
    if not s.queue:
        enter_supply(s)
    return s


def bid_placed(s: State, event: dict) -> State:
    seat = event["seat"]
    s.bids = replace(s.bids, seat, card_counts(event["bid"]))
    return s


def bids_revealed(s: State, event: dict) -> State:
    hands, stocks, money = list(s.hands), list(s.stocks), list(s.money)
    reveal = []
    for entry in event["revealed_bids"]:
        cards = card_counts(entry["cards"])
        reveal.append((cards, entry["void"]))
        if cards is not NO_CARDS and not entry["void"]:
            seat, hand = entry["seat"], hands[entry["seat"]]
            hands[seat] = (hand[0] - cards[0], hand[1] - cards[1], hand[2] - cards[2], hand[3] - cards[3])
            stocks = [stocks[0] + cards[0], stocks[1] + cards[1], stocks[2] + cards[2], stocks[3] + cards[3]]
    for result in event["results"]:
        s.covered |= 1 << KIND_INDEX[result["kind"]]
        for seat in result["winners"]:
            money[seat] += result["each"]
    for entry in event["kept"]:
        kind = KIND_INDEX[entry["kind"]]
        hands[entry["seat"]] = add_cards(hands[entry["seat"]], kind, 1)
        stocks[kind] -= 1
    s.hands, s.stocks, s.money = tuple(hands), tuple(stocks), tuple(money)
    if event["kept"]:
        show(s, "bargain", [entry["seat"] for entry in event["kept"]])
    s.bids = (None,) * s.n
    s.last_reveal = tuple(reveal)
    winner = event["s_winner"]
    if winner is not None:
        s.phase, s.queue = REWARD, (winner,)
        s.step = ("choose",) if s.round == data.ROUNDS else ("search",)
        if s.step == ("search",) and not available_stacks(s):
            continue_bidding(s, True)
    else:
        continue_bidding(s, event["any_bid"])
    return s


def reward_chosen(s: State, event: dict) -> State:
    if event["choice"] == "yuan":
        seat = event["seat"]
        s.money = replace(s.money, seat, s.money[seat] + data.LAST_ROUND_S_YUAN)
        continue_bidding(s, True)
    else:
        s.step = ("search",)
    return s


def round_ended(s: State, event: dict) -> State:
    s.merchants = tuple(JUNK_INDEX[name] for name in event["merchants"])
    s.start = event["start_player"]
    s.phase, s.queue, s.step, s.used = BETWEEN, (), None, 0
    return s


def game_ended(s: State, event: dict) -> State:
    s.phase, s.queue, s.step = OVER, (), None
    return s


# Each handler changes its state (a copy; None before the first event) and returns it.
HANDLERS: Final[dict[str, Callable[[Any, dict], State]]] = {
    "game_started": game_started,
    "cards_dealt": cards_dealt,
    "market_shuffled": market_shuffled,
    "specials_shuffled": specials_shuffled,
    "merchants_shuffled": merchants_shuffled,
    "merchant_placed": merchant_placed,
    "merchants_revealed": merchants_revealed,
    "round_started": round_started,
    "goods_exchanged": goods_exchanged,
    "exchange_done": exchange_done,
    "stack_searched": stack_searched,
    "special_taken": special_taken,
    "money_declared": money_declared,
    "worker_used": worker_used,
    "passed": passed,
    "strip_placed": strip_placed,
    "goods_taken": goods_taken,
    "goods_lost": goods_lost,
    "money_earned": money_earned,
    "special_played": special_played,
    "strip_lifted": strip_lifted,
    "turn_ended": turn_ended,
    "bid_placed": bid_placed,
    "bids_revealed": bids_revealed,
    "reward_chosen": reward_chosen,
    "round_ended": round_ended,
    "game_ended": game_ended,
}


def apply(state: State | None, event: dict) -> State:
    """The state after `event`: a copy of `state` with the event's changes."""
    return HANDLERS[event["type"]](state.copy() if state is not None else None, event)


def evolve(state: State | None, event: dict) -> State:
    """`apply`, or the state that decide remembered for this very event (rules.run)."""
    if state is not None:
        known = state.folded
        if known is not None and known[0] is event:
            # Used once: dropping it keeps a state from holding its successors alive.
            state.folded = None
            return known[1]
    return apply(state, event)
