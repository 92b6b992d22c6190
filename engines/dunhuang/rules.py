"""The turn: the five steps of a turn, and the checks that close it."""
from __future__ import annotations

import random

from engines.core import IllegalAction, refuse_fields
from engines.dunhuang import data, faces
from engines.dunhuang.evolve import evolve
from engines.dunhuang.majority import fee_events, majority_events
from engines.dunhuang.state import STEPS, draw, last_player, tokens_held
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

# Action type -> its fields besides "type".
FIELDS = {
    "keep": ("card",), "place_camel": ("tile",), "move": ("steps",), "take": ("to",),
    "coins": (), "use": (), "pay_guard": (), "refuse_guard": (),
    "pick_shop": ("card",), "pick_hand": ("card",), "pick_slot": ("slot",),
    "pick_token": ("good",), "pick_opponent": ("opponent",), "give": ("card",),
}
STEP_ACTIONS = {
    "draft": ("keep",), "place_camel": ("place_camel",), "move": ("move",), "take": ("take",),
    "act": ("use", "coins"), "guard_fee": ("pay_guard", "refuse_guard"), "keep": ("keep",),
    "pick_shop": ("pick_shop",), "pick_hand": ("pick_hand",), "pick_slot": ("pick_slot",),
    "pick_token": ("pick_token",), "pick_opponent": ("pick_opponent",), "give": ("give",),
    "domestic": ("pick_shop", "pick_hand"),
}
# Steps whose actions never close a turn: the character step always comes after them.
OPENING_STEPS = frozenset({"draft", "place_camel", "move", "take"})
PICK_STEPS = frozenset({"keep", "pick_shop", "pick_hand", "pick_slot", "pick_token", "pick_opponent", "give", "domestic"})
TAKE_TO = ("hand", "shop")
ACTION_KEYS = {kind: frozenset(("type", *fields)) for kind, fields in FIELDS.items()}

# Actions that never change, built once (callers must not modify them).
MOVES = tuple({"type": "move", "steps": steps} for steps in range(1, data.MAX_CAMEL_STEPS + 1))
TAKES = tuple({"type": "take", "to": to} for to in TAKE_TO)
PLACES = tuple({"type": "place_camel", "tile": tile} for tile in range(data.TILES))
USE_OR_COINS = ({"type": "use"}, {"type": "coins"})
FEE_ANSWERS = ({"type": "pay_guard"}, {"type": "refuse_guard"})
# The steps in which the seat whose turn it is acts (a Merchant's opponent gives in "give").
TURN_STEPS = frozenset(STEPS) - {"setup", "draft", "place_camel", "give", "end_turn", "over"}
ONLY = tuple(frozenset((seat,)) for seat in range(data.MAX_PLAYERS))  # to_act of one seat, built once
NOBODY = frozenset()


# ----------------------------------------------------------------------------- who acts, what is legal


def to_act(state: dict) -> frozenset[int]:
    step = state["step"]
    if step in TURN_STEPS:
        return ONLY[state["turn"]]
    if step == "draft":
        return frozenset(seat for seat, cards in enumerate(state["pending"]) if cards)
    if step == "place_camel":
        return ONLY[last_player(state)]
    if step == "give":
        return ONLY[state["giver"]]
    return NOBODY  # set-up, the end of a turn, the game over


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    step = state["step"]
    if step == "move":
        return list(MOVES[: _max_steps(state, seat)])
    if step == "take":
        return list(TAKES)
    if step == "act":
        return list(USE_OR_COINS if faces.can_use(state, seat) else USE_OR_COINS[1:])
    if step == "draft":
        return [{"type": "keep", "card": good} for good in sorted(set(state["pending"][seat]))]
    if step == "place_camel":
        return list(PLACES)
    if step == "guard_fee":
        return list(FEE_ANSWERS)
    return faces.pick_options(state, seat)


def _max_steps(state: dict, seat: int) -> int:
    return min(data.MAX_CAMEL_STEPS, data.FREE_CAMEL_STEPS + state["coins"][seat])


# ----------------------------------------------------------------------------- decide


def check_shape(action) -> str:
    """The action's type, once its fields are well formed (only a hand-written client sends a
    malformed action: these messages name the JSON fields)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed", _('An action is an object with a "type".'))
    kind = action["type"]
    if kind not in FIELDS:
        raise IllegalAction("unknown_action", _("This game has no such action."))
    if action.keys() != ACTION_KEYS[kind]:
        refuse_fields(action, FIELDS[kind])
    for field in FIELDS[kind]:
        value = action[field]
        if field == "to":
            if value not in TAKE_TO:
                raise IllegalAction("malformed", _('The "to" must be "hand" or "shop".'))
        elif isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction("malformed", _('The "{field}" must be a whole number.').format(field=field))
    return kind


def decide(state: dict, seat: int, action: dict, rng: random.Random) -> list[dict]:
    kind = check_shape(action)
    step = state["step"]
    if kind not in STEP_ACTIONS.get(step, ()):
        raise IllegalAction("wrong_step", _("That is not what the game asks now. {prompt}").format(prompt=_(PROMPTS[step])))
    if step in PICK_STEPS:
        events = faces.pick_events(state, seat, action, rng)
    else:
        events = STEP_HANDLERS[step](state, seat, action)
    if step in OPENING_STEPS:
        return events
    after = state
    for event in events:
        after = evolve(after, event)
    if after["step"] == "end_turn":
        events += end_turn_events(after)
    return events


PROMPTS = {
    "draft": N_("Keep one of the three cards you drew."),
    "place_camel": N_("Place the camel on a character."),
    "move": N_("Move the camel: the first step is free, each further step costs 1 coin."),
    "take": N_("Put the goods in your hand or your shop."),
    "act": N_("Use the character or take 3 coins."),
    "guard_fee": N_("Pay the guard fee or leave the token."),
    "over": N_("The game is over: read the final scores."),
    **faces.PICK_HELP,
}


def _keep_drafted(state: dict, seat: int, action: dict) -> list[dict]:
    pending = list(state["pending"][seat])
    if action["card"] not in pending:
        raise IllegalAction("bad_card", _("Keep one of the cards you drew: {cards}.").format(
            cards=", ".join(map(str, sorted(pending)))))
    pending.remove(action["card"])
    return [{"type": "draft_kept", "seat": seat, "hand": action["card"], "secret": pending, "removed": len(pending)}]


def _place_camel(state: dict, seat: int, action: dict) -> list[dict]:
    tile = action["tile"]
    if not 0 <= tile < data.TILES:
        raise IllegalAction("bad_tile", _("The characters are tiles 0 to {last}.").format(last=data.TILES - 1))
    return [{"type": "camel_placed", "seat": seat, "tile": tile}]


def _move(state: dict, seat: int, action: dict) -> list[dict]:
    steps = action["steps"]
    if not 1 <= steps <= data.MAX_CAMEL_STEPS:
        raise IllegalAction("bad_steps", _("The camel moves 1 to {most} tiles.").format(most=data.MAX_CAMEL_STEPS))
    cost = steps - data.FREE_CAMEL_STEPS
    if cost > state["coins"][seat]:
        raise IllegalAction("too_poor", ngettext("Moving {steps} tiles costs {cost} coin; you have {coins}.",
                                                "Moving {steps} tiles costs {cost} coins; you have {coins}.", cost).format(
            steps=steps, cost=cost, coins=state["coins"][seat]))
    tile = (state["camel"] + steps) % data.TILES
    return [{"type": "camel_moved", "seat": seat, "steps": steps, "from_tile": state["camel"], "tile": tile, "cost": cost}]


def _take(state: dict, seat: int, action: dict) -> list[dict]:
    tile = state["camel"]
    good = state["market"][tile]
    taken = {"type": "goods_taken", "seat": seat, "good": good, "to": action["to"], "tile": tile}
    if action["to"] == "hand":
        return [taken]
    return [taken] + majority_events(evolve(state, taken), seat, gained=good, resume="act")


def _act(state: dict, seat: int, action: dict) -> list[dict]:
    if action["type"] == "coins":
        return [{"type": "coins_taken", "seat": seat, "amount": data.MONEY_ACTION_COINS}]
    reason = faces.why_unusable(state, seat)
    if reason is not None:  # the actor's own reason, as its view gives it
        face = state["faces"][state["camel"]]
        raise IllegalAction("cannot_use", _(faces.UNUSABLE[reason]).format(face=_(data.FACE_NAMES[face])))
    return faces.use_events(state, seat)


def _guard_fee(state: dict, seat: int, action: dict) -> list[dict]:
    return fee_events(state, seat, pay=action["type"] == "pay_guard")


STEP_HANDLERS = {
    "draft": _keep_drafted,
    "place_camel": _place_camel,
    "move": _move,
    "take": _take,
    "act": _act,
    "guard_fee": _guard_fee,
}


# ----------------------------------------------------------------------------- end of a turn


def is_top_merchant(state: dict, seat: int) -> bool:
    if tokens_held(state, seat) < data.TOKENS_TO_WIN[state["n"]]:
        return False
    kinds_in_hand = sum(1 for count in state["hands"][seat] if count)
    return kinds_in_hand >= data.KINDS_IN_HAND_TO_WIN


def end_turn_events(state: dict) -> list[dict]:
    """Step four (the top-merchant check) and step five (refill), then the next turn or the end."""
    seat = state["turn"]
    if is_top_merchant(state, seat):
        return [{"type": "top_merchant", "seat": seat}]
    events = []
    deck = state["deck"]
    empty = [slot for slot, good in enumerate(state["market"]) if not good]
    count = min(len(empty), len(deck))
    if count:
        events.append({"type": "market_refilled", "slots": empty[:count], "cards": draw(deck, count)})
    final_round = state["final_round"]
    if not final_round and len(deck) == count:
        events.append({"type": "final_round"})
        final_round = True
    if final_round and seat == last_player(state):
        events.append({"type": "game_ended"})
    else:
        events.append({"type": "turn_started", "seat": (seat + 1) % state["n"]})
    return events
