"""Who acts, what is legal, and decide: an action is legal when it is one of legal_actions."""
from __future__ import annotations

import random

from engines.core import IllegalAction, refuse_fields
from engines.dragon_boats import actions, cards, data, flow, moves
from engines.dragon_boats.state import NOBODY, stall_price, storage_limit
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

# Action type -> its fields besides "type", and each field's JSON type(s).
FIELDS = {
    "start_disc": {"card": int}, "start_offering": {"kind": str}, "bid": {"stall": str}, "private": {"space": str},
    "play": {"card": str}, "choose": {"value": (str, int, list)}, "pay": {"kind": str}, "buy": {"kind": str},
    "take_money": {}, "exchange": {"kind": str}, "draw_card": {"slot": (int, str)},
    "board": {"boat": int, "place": int, "omit": (str, type(None))}, "path": {"path": str}, "done": {},
    "pass": {}, "steer": {"port": str}, "step": {"node": str}, "stop": {}, "sell": {"kind": str},
    "sell_treasure": {},
}
KEYS = {kind: frozenset(("type", *fields)) for kind, fields in FIELDS.items()}
# What an action of each type does, in words that follow "You cannot … now".
ACTION_WORDS = {
    "start_disc": N_("place a start disc"), "start_offering": N_("choose a start offering"),
    "bid": N_("place a disc"), "private": N_("take a private action"), "play": N_("play a bonus card"),
    "choose": N_("make a bonus card's choice"), "pay": N_("pay for a mountain path"), "buy": N_("buy at a stall"),
    "take_money": N_("take 1 money instead of buying"), "exchange": N_("exchange an offering at stall V"),
    "draw_card": N_("trade a treasure for a bonus card"), "board": N_("board a boat"),
    "path": N_("head for a mountain path"), "done": N_("finish"), "pass": N_("pass"), "steer": N_("steer a boat"),
    "step": N_("take a step"), "stop": N_("stop here"), "sell": N_("sell an offering"),
    "sell_treasure": N_("sell a treasure"),
}
ONLY = tuple(frozenset((seat,)) for seat in range(4))
NONE = frozenset()


def to_act(state: dict) -> frozenset[int]:
    if state["result"] is not None:
        return NONE
    if state["step"] == "storage":
        return frozenset(seat for seat, row in enumerate(state["seats"]) if not row["stored"])
    actor = state["actor"]
    return NONE if actor == NOBODY else ONLY[actor]


# ----------------------------------------------------------------------------- legal actions


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    pending = state["pending"]
    if pending is not None:
        return [{"type": "choose", "value": value}
                for value in cards.options(state, seat, pending["card"], pending["picks"])]
    row = state["seats"][seat]
    if state["paying"] is not None:
        return [{"type": "pay", "kind": kind} for kind, count in zip(data.KINDS, row["offerings"]) if count]
    step = state["step"]
    if step == "start_disc":
        return [{"type": "start_disc", "card": card} for card in state["rounds"]
                if not data.ROUND_CARDS[card]["restricted"]]
    if step == "start_offering":
        return [{"type": "start_offering", "kind": kind} for kind, count in zip(data.KINDS, state["bag"]) if count]
    if step == "bid":
        out = [{"type": "bid", "stall": stall} for stall in data.STALLS]
        out += [{"type": "private", "space": space} for space in data.PRIVATE_SPACES if space not in row["private"]]
        return out + _plays(state, seat, "bid")
    if step == "resolve":
        return _resolve_actions(state, seat) + _turn_actions(state, seat) + _done_option(state)
    if step == "final":
        return _turn_actions(state, seat) + [{"type": "done"}]
    if step == "window":
        return _plays(state, seat, state["window"]["point"]) + [{"type": "pass"}]
    if step == "steer":
        return [{"type": "steer", "port": port} for port in flow.steer_options(state)]
    if step == "move":
        return [{"type": "step", "node": node} for node in moves.step_options(state)] + [{"type": "stop"}]
    if step == "storage":
        out = [{"type": "sell", "kind": kind} for kind, count in zip(data.KINDS, row["offerings"]) if count]
        if row["treasure"]:
            out.append({"type": "sell_treasure"})
        if sum(row["offerings"]) <= storage_limit(state, seat):
            out.append({"type": "done"})
        return out
    return []


def _turn_actions(state: dict, seat: int) -> list[dict]:
    """B-P11: what a seat may do on any of its payment-phase turns, besides its stall's choices."""
    return _boarding(state, seat) + _plays(state, seat, "turn")


def _asked_on_turn(state: dict, seat: int) -> bool:
    """Whether the seat is asked on its payment-phase turn even when its stall leaves it one
    choice: it may board or play a card, or it holds a hidden card (B-P11, see cards.asked)."""
    return _can_board(state, seat) or cards.asked(state, seat, "turn")


def stall_only_action(state: dict, seat: int) -> dict | None:
    """At a disc's turn with no card or path payment open: the one legal action when the stall
    offers exactly one and the seat is not asked (_asked_on_turn), else None."""
    own = _resolve_actions(state, seat) + _done_option(state)
    if len(own) != 1 or _asked_on_turn(state, seat):
        return None
    return own[0]


def only_done(state: dict, seat: int) -> bool:
    """In the final boarding round with no card or path payment open: `seat` is skipped."""
    return not _asked_on_turn(state, seat)


def _plays(state: dict, seat: int, where: str) -> list[dict]:
    return [{"type": "play", "card": letter} for letter in cards.playable(state, seat, where)]


def _done_option(state: dict) -> list[dict]:
    return [{"type": "done"}] if state["resolving"]["decided"] else []


def _price(state: dict) -> int:
    return stall_price(state, state["resolving"]["stall"])


def _resolve_actions(state: dict, seat: int) -> list[dict]:
    """B-P4, B-P5, B-P7, B-P8: a disc's choices at its stall."""
    resolving = state["resolving"]
    stall, decided, used = resolving["stall"], resolving["decided"], resolving["used"]
    row = state["seats"][seat]
    price = _price(state)
    out = []
    if stall < data.GOODS_STALLS:
        if decided:
            return out
        if row["money"] >= price:
            out += [{"type": "buy", "kind": kind} for kind in sorted(set(state["stalls"][stall]))]
        return out + [{"type": "take_money"}]
    if decided and not used:
        return out  # took the refund
    charged = bool(used) or not state["options"].get("stall_v_price", True)
    affordable = charged or row["money"] >= price
    if affordable and "exchange" not in used:
        out += [{"type": "exchange", "kind": kind} for kind, count in zip(data.KINDS, row["offerings"]) if count]
    if affordable and "card" not in used and row["treasure"]:
        out += [{"type": "draw_card", "slot": slot} for slot in range(len(state["display"]))]
        if state["deck"]:
            out.append({"type": "draw_card", "slot": "deck"})
    if not decided:
        out.append({"type": "take_money"})
    return out


def _boarding(state: dict, seat: int) -> list[dict]:
    """B-P12..B-P17: boarding an empty seat, or a mountain path."""
    row = state["seats"][seat]
    have = row["offerings"]
    count = sum(have)
    if not row["members"] or not count:
        return []  # every seat and path costs a member and offerings
    out = []
    for index, boat in enumerate(state["boats"]):
        if boat["sailed"] or None not in boat["seats"]:
            continue
        side_fits, middle_omits = _affordable(boat["topper"], have)
        for place, occupant in enumerate(boat["seats"]):
            if occupant is not None:
                continue
            if place == data.MIDDLE:
                out += [{"type": "board", "boat": index, "place": place, "omit": omit} for omit in middle_omits]
            elif side_fits:
                out.append({"type": "board", "boat": index, "place": place, "omit": None})
    if count >= 3:
        out += [{"type": "path", "path": path} for path in data.PATHS]
    return out


def _can_board(state: dict, seat: int) -> bool:
    """Whether _boarding(state, seat) is not empty (found without listing it)."""
    row = state["seats"][seat]
    have = row["offerings"]
    count = sum(have)
    if not row["members"] or not count:
        return False  # every seat and path costs a member and offerings
    if count >= 3:
        return True  # a mountain path
    for boat in state["boats"]:
        if boat["sailed"] or None not in boat["seats"]:
            continue
        side_fits, middle_omits = _affordable(boat["topper"], have)
        if side_fits or (middle_omits and boat["seats"][data.MIDDLE] is None):
            return True
    return False


# Each topper's cost as (kind index, count) pairs, and its kinds in name order.
COST_COUNTS = {beats: tuple((index, topper["cost"].count(kind)) for index, kind in enumerate(data.KINDS)
                            if kind in topper["cost"])
               for beats, topper in data.TOPPERS.items()}
COST_KINDS = {beats: tuple(sorted(set(topper["cost"]))) for beats, topper in data.TOPPERS.items()}


def _affordable(topper: int, have: list[int]) -> tuple[bool, tuple[str, ...]]:
    """Whether offerings `have` pay a side seat of a boat with `topper`, and the kinds the middle
    seat (whose cost leaves one offering out) may leave out and still be paid for."""
    short = None  # the one kind `have` lacks a single offering of
    for index, count in COST_COUNTS[topper]:
        missing = count - have[index]
        if missing > 0:
            if missing > 1 or short is not None:
                return False, ()
            short = index
    if short is None:
        return True, COST_KINDS[topper]
    return False, (data.KINDS[short],)


# ----------------------------------------------------------------------------- decide


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def check_shape(action) -> str:
    # Only a hand-written client sends a malformed action: these messages name the JSON fields.
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed", _('An action is an object with a "type".'))
    kind = action["type"]
    if kind not in FIELDS:
        raise IllegalAction("unknown_action", _("This game has no such action."))
    if action.keys() != KEYS[kind]:
        refuse_fields(action, FIELDS[kind])
    for field, types in FIELDS[kind].items():
        value = action[field]
        if isinstance(value, bool) or not isinstance(value, types):
            raise IllegalAction("malformed", _('The "{field}" of this action has the wrong type.').format(field=field))
    return kind


# Whether a well-shaped action is one of legal_actions(state, seat), answered for the common
# kinds without listing everything (test_quick_legality_check_agrees_with_the_list keeps each
# answer equal to the list's). A kind missing here is looked up in the list itself.


def _has(vector: list[int], kind: str) -> bool:
    index = data.KIND_INDEX.get(kind)
    return index is not None and vector[index] > 0


def _board_listed(state: dict, seat: int, action: dict) -> bool:
    row = state["seats"][seat]
    if state["step"] not in ("resolve", "final") or not row["members"]:
        return False
    index, place = action["boat"], action["place"]
    if not (0 <= index < len(state["boats"]) and 0 <= place < len(data.BOAT_PLACES)):
        return False
    boat = state["boats"][index]
    if boat["sailed"] or boat["seats"][place] is not None:
        return False
    side_fits, middle_omits = _affordable(boat["topper"], row["offerings"])
    if place == data.MIDDLE:
        return action["omit"] in middle_omits
    return side_fits and action["omit"] is None


def _path_listed(state: dict, seat: int, action: dict) -> bool:
    row = state["seats"][seat]
    return (state["step"] in ("resolve", "final") and row["members"] > 0 and sum(row["offerings"]) >= 3
            and action["path"] in data.PATHS)


def _buy_listed(state: dict, seat: int, action: dict) -> bool:
    if state["step"] != "resolve":
        return False
    resolving = state["resolving"]
    stall = resolving["stall"]
    return (stall < data.GOODS_STALLS and not resolving["decided"]
            and state["seats"][seat]["money"] >= _price(state) and action["kind"] in state["stalls"][stall])


def _done_listed(state: dict, seat: int, action: dict) -> bool:
    step = state["step"]
    if step == "resolve":
        return state["resolving"]["decided"]
    if step == "storage":
        return sum(state["seats"][seat]["offerings"]) <= storage_limit(state, seat)
    return step == "final"


def _private_listed(state: dict, seat: int, action: dict) -> bool:
    space = action["space"]
    return state["step"] == "bid" and space in data.PRIVATE_SPACES and space not in state["seats"][seat]["private"]


def _sell_listed(state: dict, seat: int, action: dict) -> bool:
    return state["step"] == "storage" and _has(state["seats"][seat]["offerings"], action["kind"])


QUICK_CHECKS = {
    "start_offering": lambda state, seat, action: (state["step"] == "start_offering"
                                                   and _has(state["bag"], action["kind"])),
    "bid": lambda state, seat, action: state["step"] == "bid" and action["stall"] in data.STALLS,
    "private": _private_listed,
    "buy": _buy_listed,
    "take_money": lambda state, seat, action: state["step"] == "resolve" and not state["resolving"]["decided"],
    "board": _board_listed,
    "path": _path_listed,
    "pay": lambda state, seat, action: _has(state["seats"][seat]["offerings"], action["kind"]),
    "done": _done_listed,
    "step": lambda state, seat, action: state["step"] == "move" and action["node"] in moves.step_options(state),
    "stop": lambda state, seat, action: state["step"] == "move",
    "steer": lambda state, seat, action: state["step"] == "steer" and action["port"] in flow.steer_options(state),
    "sell": _sell_listed,
    "sell_treasure": lambda state, seat, action: state["step"] == "storage" and state["seats"][seat]["treasure"] > 0,
}


def is_listed(state: dict, seat: int, action: dict) -> bool:
    """Whether `action`, shaped as check_shape demands, is one of legal_actions(state, seat)."""
    kind = action["type"]
    quick = QUICK_CHECKS.get(kind)
    if quick is None:
        return any(_same(action, option) for option in legal_actions(state, seat))
    if seat not in to_act(state) or state["pending"] is not None:
        return False
    if (state["paying"] is not None) != (kind == "pay"):
        return False  # while a path is being paid for, paying is all there is to do
    return quick(state, seat, action)


def refuse(state: dict, seat: int, kind: str) -> None:
    """Raise why an action of `kind` that is not listed is refused."""
    action = _(ACTION_WORDS[kind])
    if not any(option["type"] == kind for option in legal_actions(state, seat)):
        raise IllegalAction("wrong_step", _("You cannot {action} now.").format(action=action))
    raise IllegalAction("illegal", _("You cannot {action} like that now.").format(action=action))


def decide(state: dict, seat: int, action, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """The events of `seat` playing `action`, and the state after each of them."""
    kind = check_shape(action)
    if not is_listed(state, seat, action):
        refuse(state, seat, kind)
    return decide_listed(state, seat, action, rng)


def decide_listed(state: dict, seat: int, action: dict, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """`decide` for an action of `legal_actions(state, seat)`, which passes its checks by
    construction (test_decide_listed_agrees_with_decide_on_every_listed_action)."""
    events, stage = actions.HANDLERS[action["type"]](state, seat, action, rng)
    states = []
    for event in events:
        state = flow.evolve(state, event)
        states.append(state)
    automatic, then = flow.run(state, stage, rng)
    return events + automatic, states + then
