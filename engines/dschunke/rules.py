"""Checking an action (decide), and the automatic events that follow a player's action until
somebody has to decide again (the legal actions themselves: actions.py)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from engines.core import IllegalAction
from engines.dschunke import data, evolve, flow, scoring
from engines.dschunke.data import JUNKS, KINDS, SPECIALS, WORKERS
from engines.dschunke.state import (
    ACTIONS, BETWEEN, BID, DECLARE, EXCHANGE, OVER, PHASE_NAMES, PLACE, ROUND_END, SUPPLY, State,
    free_slots, open_layer,
)
from engines.dschunke.actions import legal_actions, usable_specials, usable_workers, worker_uses
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

# ----------------------------------------------------------------------------- checking

FIELDS: Final[dict[str, dict[str, type]]] = {
    "use": {"worker": str, "junk": str},
    "place": {"junk": str, "slot": int},
    "take": {"kind": str},
    "lift": {"junk": str, "slot": int},
    "exchange": {"give": str, "take": str},
    "done": {},
    "place_merchant": {"junk": str},
    "search": {"stack": int},
    "pick": {"card": int},
    "reward": {"choice": str},
    "play_special": {"card": int},
    "end_turn": {},
    "pass": {},
    "bid": {"cards": dict},
}
ALLOWED_VALUES: Final = {
    "worker": frozenset(WORKERS),
    "junk": frozenset(JUNKS),
    "kind": frozenset(KINDS),
    "give": frozenset(KINDS),
    "take": frozenset(KINDS),
    "slot": range(3),
    "stack": range(4),
    "card": range(len(SPECIALS)),
    "choice": frozenset(("yuan", "card")),
}
WORKER_INDEX: Final = {name: index for index, name in enumerate(WORKERS)}
# A field of the wrong JSON type, and a value no action takes, per field.
TYPE_WORDS: Final = {
    str: N_('The "{field}" of this action must be text.'),
    int: N_('The "{field}" of this action must be a whole number.'),
    dict: N_('The "{field}" of this action must be an object.'),
}
NO_SUCH: Final = {
    "worker": N_("There is no such worker."),
    "junk": N_("There is no such junk."),
    "kind": N_("There is no such kind of goods."),
    "give": N_("There is no such kind of goods."),
    "take": N_("There is no such kind of goods."),
    "slot": N_("There is no such slot."),
    "stack": N_("There is no such stack of special cards."),
    "card": N_("There is no such special card."),
    "choice": N_("Choose the Yuan or a special card."),
}
# What an action of each type does, in words that follow "You cannot … now".
ACTION_WORDS: Final = {
    "use": N_("use a worker"),
    "place": N_("load a strip"),
    "take": N_("take goods cards"),
    "lift": N_("move a strip"),
    "exchange": N_("exchange goods cards"),
    "done": N_("end your exchanges"),
    "place_merchant": N_("place a merchant"),
    "search": N_("search a stack of special cards"),
    "pick": N_("take a special card from the stack"),
    "reward": N_("choose your reward"),
    "play_special": N_("play a special card"),
    "end_turn": N_("end your turn"),
    "pass": N_("pass"),
    "bid": N_("bid"),
}
NOT_NOW: Final = {
    "use": N_("That worker is already used this round, offers nothing you can do, or does not act on that junk."),
    "place": N_("A strip goes into a free slot of the top layer of an allowed junk, next to a strip already in that layer."),
    "take": N_("There are no goods cards of that kind left to take."),
    "lift": N_("Only a strip in the top layer of a junk can be moved."),
    "exchange": N_("You can only give a card you hold for a card of another kind that a junk still has."),
    "place_merchant": N_("That junk already has a merchant: choose another one."),
    "search": N_("That stack is empty or already taken in this event."),
    "pick": N_("That special card is not in the stack you are searching."),
    "reward": N_("There is no special card left to take; take the Yuan."),
    "play_special": N_("You do not hold that one-use special card, or it cannot be used now."),
}


# Per action type: (field, exact type, allowed values or None), in the order they are checked.
FIELD_CHECKS: Final = {
    kind: tuple((name, expected, ALLOWED_VALUES.get(name)) for name, expected in fields.items())
    for kind, fields in FIELDS.items()
}


def check_fields(action: Any) -> str:
    # Only a hand-written client sends a malformed action: these messages name the JSON fields.
    if type(action) is not dict:
        raise IllegalAction("malformed", _('An action is an object with a "type".'))
    kind: Any = action.get("type")
    checks = FIELD_CHECKS.get(kind) if type(kind) is str else None
    if checks is None:
        raise IllegalAction("unknown_action", _("This game has no such action."))
    if len(action) != len(checks) + 1:
        extra = set(action) - set(FIELDS[kind]) - {"type"}
        if extra:
            raise IllegalAction("unknown_field", _('This action takes no "{field}".').format(
                field=min(map(str, extra))))
    for name, expected, allowed in checks:
        try:
            value = action[name]
        except KeyError:
            raise IllegalAction("missing_field", _('This action is missing its "{field}".').format(field=name)) from None
        if type(value) is not expected:  # exact JSON types: True is not a number here
            raise IllegalAction("bad_field", _(TYPE_WORDS[expected]).format(field=name))
        if allowed is not None and value not in allowed:
            raise IllegalAction("bad_value", _(NO_SUCH[name]))
    return kind


def whole(value) -> bool:
    """A JSON whole number: an int but not a bool (a plain int, the usual case, answers at once)."""
    return type(value) is int or isinstance(value, int) and not isinstance(value, bool)


def check_turn(state: State, seat) -> None:
    if not whole(seat) or not 0 <= seat < state.n:
        raise IllegalAction("bad_seat", _("There is no seat {seat} at this table.").format(seat=seat))
    phase = state.phase
    if phase == OVER:
        raise IllegalAction("game_over", _("The game is over."))
    if phase == BID:
        its_turn = state.bids[seat] is None
    else:
        its_turn = bool(state.queue) and state.queue[0] == seat
    if not its_turn:
        raise IllegalAction("not_your_turn", _("It is not your turn."))


def check_bid(state: State, seat: int, cards: dict) -> tuple:
    if not cards:  # an empty fist: nothing to check
        return flow.NO_CARDS
    counts = [0, 0, 0, 0]
    for name, count in cards.items():
        kind = data.KIND_INDEX.get(name)
        if kind is None:
            raise IllegalAction("bad_bid", _("There is no such kind of goods."))
        if not whole(count) or count < 0:
            raise IllegalAction("bad_bid", _("The number of cards of each kind in a bid must be a whole number,"
                                             " zero or more."))
        counts[kind] = count
    hand = state.hands[seat]
    if counts[0] > hand[0] or counts[1] > hand[1] or counts[2] > hand[2] or counts[3] > hand[3]:
        raise IllegalAction("bad_bid", _("You cannot bid more cards than you hold."))
    return tuple(counts)


# Whether an action of each kind is in legal_actions(state, seat), for a seat that may act now,
# answered without listing everything (test_quick_legality_check_agrees_with_the_list keeps
# each answer equal to the list's). A kind missing here is looked up in the list itself.


def use_listed(state: State, seat: int, action: dict) -> bool:
    if state.phase != ACTIONS or state.step is not None or state.main_done:
        return False
    return action in worker_uses(state, seat)


def place_listed(state: State, seat: int, action: dict) -> bool:
    step = state.step
    if step is None or step[0] != "place":
        return False
    junk = data.JUNK_INDEX[action["junk"]]
    if junk == step[4] or (step[2] >= 0 and junk != step[2]):
        return False
    return action["slot"] in free_slots(state.junks[junk], state.phase == PLACE)


def take_listed(state: State, seat: int, action: dict) -> bool:
    step = state.step
    return step is not None and step[0] == "take" and state.stocks[data.KIND_INDEX[action["kind"]]] > 0


def done_listed(state: State, seat: int, action: dict) -> bool:
    return state.step is None and state.phase == EXCHANGE


def exchange_listed(state: State, seat: int, action: dict) -> bool:
    if state.step is not None or state.phase != EXCHANGE or state.swaps <= 0:
        return False
    give, take = data.KIND_INDEX[action["give"]], data.KIND_INDEX[action["take"]]
    return give != take and bool(state.hands[seat][give]) and bool(state.stocks[take])


def end_turn_listed(state: State, seat: int, action: dict) -> bool:
    return state.step is None and state.phase == ACTIONS and state.main_done


def play_special_listed(state: State, seat: int, action: dict) -> bool:
    return state.step is None and state.phase == ACTIONS and action["card"] in usable_specials(state, seat)


def search_listed(state: State, seat: int, action: dict) -> bool:
    step = state.step
    return step is not None and step[0] == "search" and action["stack"] in flow.available_stacks(state)


def pick_listed(state: State, seat: int, action: dict) -> bool:
    step = state.step
    return step is not None and step[0] == "pick" and action["card"] in state.stacks[step[1]]


QUICK_CHECKS: Final = {
    "use": use_listed,
    "place": place_listed,
    "take": take_listed,
    "done": done_listed,
    "exchange": exchange_listed,
    "end_turn": end_turn_listed,
    "play_special": play_special_listed,
    "search": search_listed,
    "pick": pick_listed,
}


def is_listed(state: State, seat: int, kind: str, action: dict) -> bool:
    quick = QUICK_CHECKS.get(kind)
    return quick(state, seat, action) if quick is not None else action in legal_actions(state, seat)


def refuse(state: State, seat: int, kind: str) -> None:
    """Raise why an action of `kind` that is not listed is refused."""
    if not any(option["type"] == kind for option in legal_actions(state, seat)):
        raise IllegalAction("not_now", _("You cannot {action} now.").format(action=_(ACTION_WORDS[kind])))
    raise IllegalAction("not_allowed", _(NOT_NOW[kind]))


# ----------------------------------------------------------------------------- events


def bid_events(state: State, seat: int, action: dict) -> list:
    if state.phase != BID:
        raise IllegalAction("not_now", _("Bids are only made in the bartering phase."))
    cards = read_bid(check_bid(state, seat, action["cards"]))[0]
    return [{"type": "bid_placed", "seat": seat, "bid": cards.copy()}]


def place_events(state: State, seat: int, action: dict) -> list:
    layer = open_layer(state.junks[data.JUNK_INDEX[action["junk"]]])
    return [{"type": "strip_placed", "seat": seat, "owner": state.step[3], "junk": action["junk"], "slot": action["slot"],
             "layer": layer}]


def take_events(state: State, seat: int, action: dict) -> list:
    _, remaining, _, one_by_one = state.step
    count = 1 if one_by_one else min(remaining, state.stocks[data.KIND_INDEX[action["kind"]]])
    return [{"type": "goods_taken", "seat": seat, "kind": action["kind"], "count": count}]


def lift_events(state: State, seat: int, action: dict) -> list:
    hold = state.junks[data.JUNK_INDEX[action["junk"]]]
    return [{"type": "strip_lifted", "seat": seat, "junk": action["junk"], "slot": action["slot"],
             "owner": hold[-1][action["slot"]], "layer": len(hold) - 1}]


def use_events(state: State, seat: int, action: dict) -> list:
    act = flow.worker_action(state, WORKER_INDEX[action["worker"]])
    events = [{"type": "worker_used", "seat": seat, "worker": action["worker"], "junk": action["junk"],
               "action": data.ACTION_KEYS[act]}]
    if act == data.MONEY_ACTION:
        junk = data.JUNK_INDEX[action["junk"]]
        events.append({"type": "money_earned", "seat": seat, "junk": action["junk"],
                       "amount": flow.entitlement(state, junk, seat)})
    return events


def special_events(state: State, seat: int, card: int) -> list:
    kind, _, junk = SPECIALS[card]
    events = [{"type": "special_played", "seat": seat, "card": card, "name": data.special_title(card)}]
    if kind == "extra_money":
        events.append({"type": "money_earned", "seat": seat, "junk": JUNKS[junk],
                       "amount": flow.entitlement(state, junk, seat)})
    return events


EVENT_MAKERS: Final = {
    "use": use_events,
    "place": place_events,
    "take": take_events,
    "lift": lift_events,
    "exchange": lambda state, seat, action: [
        {"type": "goods_exchanged", "seat": seat, "give": action["give"], "take": action["take"]}],
    "done": lambda state, seat, action: [{"type": "exchange_done", "seat": seat}],
    "place_merchant": lambda state, seat, action: [{"type": "merchant_placed", "seat": seat, "junk": action["junk"]}],
    "search": lambda state, seat, action: [{"type": "stack_searched", "seat": seat, "stack": action["stack"]}],
    "pick": lambda state, seat, action: [
        {"type": "special_taken", "seat": seat, "stack": state.step[1], "specials": [action["card"]]}],
    "reward": lambda state, seat, action: [{"type": "reward_chosen", "seat": seat, "choice": action["choice"]}],
    "play_special": lambda state, seat, action: special_events(state, seat, action["card"]),
    "end_turn": lambda state, seat, action: [{"type": "turn_ended", "seat": seat}],
    "pass": lambda state, seat, action: [{"type": "passed", "seat": seat}],
    # a listed bid: its cards in kind order, none of them zero (bid_events reads any other)
    "bid": lambda state, seat, action: [{"type": "bid_placed", "seat": seat, "bid": action["cards"].copy()}],
}


# ----------------------------------------------------------------------------- automatic events


@lru_cache(maxsize=1024)
def read_bid(counts: tuple) -> tuple:
    """A bid's `cards` in kind order (copied before use), its first kind (-1: an empty fist) and
    whether it names several kinds. Few different bids are made: each is read once."""
    cards = {KINDS[kind]: count for kind, count in enumerate(counts) if count}
    first = next((kind for kind, count in enumerate(counts) if count), -1)
    return cards, first, len(cards) > 1


def resolve_bids(state: State) -> dict:
    """The reveal: every bid at once, who wins each kind, and what is paid."""
    revealed: list = []
    valid: dict[int, list] = {}
    covered = state.covered
    for seat, counts in enumerate(state.bids):
        cards, first, several = read_bid(counts)
        # Void: several kinds, or a kind already covered (an empty fist is never void nor valid).
        void = several or (first >= 0 and covered >> first & 1 == 1)
        revealed.append({"seat": seat, "cards": cards.copy(), "void": void})
        if first >= 0 and not void:
            valid.setdefault(first, []).append((counts[first], seat))
    results, kept, s_winner = [], [], None
    values = data.MARKET_CARDS[state.market]
    for kind in sorted(valid):
        top = max(valid[kind])[0]
        winners = [seat for count, seat in valid[kind] if count == top]
        value = values[kind]
        each = value // len(winners) if value != data.S else 0
        if value == data.S and len(winners) == 1:
            s_winner = winners[0]
        results.append({"kind": KINDS[kind], "value": "S" if value == data.S else value, "winners": winners, "each": each})
        for seat in winners:
            if state.specials[seat] and flow.count_specials(state, seat, "bargain"):
                kept.append({"seat": seat, "kind": KINDS[kind]})
    return {"type": "bids_revealed", "revealed_bids": revealed, "results": results, "kept": kept,
            "s_winner": s_winner, "any_bid": bool(valid)}


def market_values(card: int) -> dict:
    return {KINDS[k]: ("S" if v == data.S else v) for k, v in enumerate(data.MARKET_CARDS[card])}


def between_event(state: State) -> dict:
    card = state.deck[0]
    return {"type": "round_started", "round": state.round + 1, "start_player": state.start,
            "card": card, "values": market_values(card)}


def declare_event(state: State) -> dict:
    return {"type": "money_declared", "declared": list(state.money)}


def place_event(state: State) -> dict | None:
    if not state.queue:  # set-up variant: the last strip is placed
        return {"type": "merchants_revealed", "merchants": [JUNKS[junk] for junk in state.merchants]}
    return None


def round_end_event(state: State) -> dict:
    if state.round == data.ROUNDS:
        return {"type": "game_ended", **scoring.final_result(state)}
    return {"type": "round_ended", "round": state.round,
            "merchants": [JUNKS[(junk + 1) % 5] for junk in state.merchants],
            "start_player": (state.start + 1) % state.n}


def bid_event(state: State) -> dict | None:
    return resolve_bids(state) if None not in state.bids else None


def turn_auto_event(state: State) -> dict | None:
    seat, step = state.queue[0], state.step
    if step is not None:
        if step[0] == "take":
            source = step[2]
            if source >= 0 and state.stocks[source]:
                return {"type": "goods_taken", "seat": seat, "kind": KINDS[source],
                        "count": min(step[1], state.stocks[source])}
            if not any(state.stocks):
                return {"type": "goods_lost", "seat": seat, "count": step[1]}
        return None
    if state.phase == ACTIONS and not flow.waits_for(state, seat):
        if state.main_done:
            return {"type": "turn_ended", "seat": seat}
        if not usable_workers(state, seat):
            return {"type": "passed", "seat": seat}
    return None


# Per phase, what makes its automatic event (None: the phase waits for a player); a tuple
# indexed by phase, read after every event.
AUTO_EVENTS: Final = tuple({
    BETWEEN: between_event,
    DECLARE: declare_event,
    PLACE: place_event,
    ROUND_END: round_end_event,
    BID: bid_event,
    ACTIONS: turn_auto_event,
    SUPPLY: turn_auto_event,
}.get(phase) for phase in range(len(PHASE_NAMES)))


def run(state: State, events: list) -> list:
    """Fold `events` onto `state`, then append the automatic events that follow (the loop folds
    them too as the list grows).

    decide has to fold its events anyway to find the automatic ones; the caller then folds the
    very same event objects onto the very same state: each state keeps its successor for that
    (evolve.evolve). The memo lives on the state, not in a global, so threads and interleaved
    games cannot see each other's; a mismatch (another event object, a state decided on twice)
    just folds afresh.
    """
    handlers = evolve.HANDLERS
    for event in events:
        after = handlers[event["type"]](state.copy(), event)  # evolve.apply, inline at every event
        state.folded = (event, after)
        state = after
        if event is events[-1]:
            make = AUTO_EVENTS[state.phase]
            follow = make(state) if make is not None else None
            if follow is not None:
                events.append(follow)
    return events


def decide(state: State, seat, action, rng=None) -> list:
    """The events of `action`; `rng` is not used, as Dschunke draws no chance after setup."""
    kind = check_fields(action)
    check_turn(state, seat)
    if kind == "bid":  # any fist of cards the hand holds, read into the list's form
        return run(state, bid_events(state, seat, action))
    if not is_listed(state, seat, kind, action):
        refuse(state, seat, kind)
    return decide_listed(state, seat, action)


def decide_listed(state: State, seat: int, action: dict, rng=None) -> list:
    """`decide` for an action of `legal_actions(state, seat)`, which passes its checks by
    construction (test_decide_listed_agrees_with_decide_on_every_listed_action), so they are
    not made again: the bots' path."""
    return run(state, EVENT_MAKERS[action["type"]](state, seat, action))
