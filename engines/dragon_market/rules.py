"""Who acts, what is legal, and decide (validation, then the events of the action)."""
from __future__ import annotations

import random

from engines.core import IllegalAction, refuse_fields
from engines.dragon_market import data, flow, geometry
from engines.dragon_market.actions import PLAY, coin_from, keep, listed_plain_move, place
from engines.dragon_market.evolve import fold
from engines.dragon_market.geometry import boat_occupancy
from engines.dragon_market.moves import heir_options, swap_targets, takeable, usable_powers
from engines.dragon_market.setup import next_boat_id
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

NOBODY = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(data.MAX_PLAYERS))

# Action type -> its fields besides "type".
FIELDS = {
    "pick_boat": ("kind",), "sailor_at": ("cell",), "facing": ("dir",), "back": (),
    "keep": ("card",), "coin_from": ("seat",),
    "slide": ("boat", "by"), "rotate": ("boat", "turn"), "step": ("to",),
    "hop": ("boat", "by"), "shift": ("boat", "by"), "half_turn": ("boat",), "turn_far": ("boat", "turn"),
    "swap_stacks": ("boat",), "swap_heir": ("seat",), "reroll": ("die",), "buy_mp": (), "end_turn": (),
    "take": (),
}
ACTION_KEYS = {kind: frozenset(("type", *fields)) for kind, fields in FIELDS.items()}
PHASE_ACTIONS = {
    "place": frozenset({"pick_boat", "sailor_at", "facing", "back"}),
    "choose": frozenset({"keep"}),
    "keep": frozenset({"keep"}),
    "coin_from": frozenset({"coin_from"}),
    "play": frozenset({"slide", "rotate", "step", "hop", "shift", "half_turn", "turn_far", "swap_stacks",
                       "swap_heir", "reroll", "buy_mp", "end_turn", "take"}),
}
CROSSING_ACTIONS = frozenset({"step", "buy_mp", "take"})
# What an action of each type does, in words that follow "You cannot … now".
ACTION_WORDS = {
    "pick_boat": N_("choose a boat kind"), "sailor_at": N_("choose the sailor's square"),
    "facing": N_("choose which way a boat faces"), "back": N_("go back"), "keep": N_("keep an objective card"),
    "coin_from": N_("choose whom to take a coin from"), "slide": N_("slide a boat"), "rotate": N_("turn a boat"),
    "step": N_("move your heir"), "hop": N_("slide a boat over another boat"), "shift": N_("move a boat sideways"),
    "half_turn": N_("turn a boat half a turn"), "turn_far": N_("turn a boat about its far end"),
    "swap_stacks": N_("swap the goods stacks of a boat"), "swap_heir": N_("swap places with another heir"),
    "reroll": N_("reroll a die"), "buy_mp": N_("buy a movement point"), "end_turn": N_("end your turn"),
    "take": N_("collect goods"),
}
BUY = {"type": "buy_mp"}
TAKE = {"type": "take"}
END = {"type": "end_turn"}


# ----------------------------------------------------------------------------- who acts


def to_act(state: dict) -> frozenset:
    phase = state["phase"]
    if phase in ("play", "keep", "coin_from", "place"):
        return ONLY[state["turn"]]
    if phase == "choose":
        return frozenset(seat for seat, offer in enumerate(state["offers"]) if offer)
    return NOBODY


# ----------------------------------------------------------------------------- legal actions


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "play":
        return _play_actions(state, seat)
    if phase in ("keep", "choose"):
        return [{"type": "keep", "card": card} for card in state["offers"][seat]]
    if phase == "coin_from":
        return [{"type": "coin_from", "seat": unit} for unit in state["richest"] if state["coins"][unit] > 0]
    return _place_actions(state)


def _place_actions(state: dict) -> list[dict]:
    placing, boats = state["placing"], state["boats"]
    if not placing:
        return [{"type": "pick_boat", "kind": kind} for kind in data.BOAT_KINDS
                if next_boat_id(state, kind) and geometry.open_placements(kind, boats)]
    spots = geometry.open_placements(placing["kind"], boats)
    if "cell" not in placing:
        return [{"type": "sailor_at", "cell": list(cell)} for cell in sorted(spots)] + [{"type": "back"}]
    return [{"type": "facing", "dir": name} for name in spots.get(tuple(placing["cell"]), [])] + [{"type": "back"}]


def _play_actions(state: dict, seat: int) -> list[dict]:
    boats = state["boats"]
    grid = geometry.boat_grid(boats)
    powers = usable_powers(state, seat)
    steps = [{"type": "step", "to": list(cell)} for cell in heir_options(state, seat, grid, powers)]
    buy = [BUY] if flow.can_buy(state, seat) else []
    take = [TAKE] if takeable(state, seat, grid) else []
    if flow.crossing(state):
        return take + steps + buy
    actions = list(take)
    if not state["spent"] and "reroll" in powers and not state["options"].get("fixed_mp"):
        actions += [{"type": "reroll", "die": 0}, {"type": "reroll", "die": 1}]
    if state["mp"] >= 1:
        for moves, _ in geometry.per_boat_moves(boats):
            actions += moves
        if powers:
            actions += _power_actions(state, seat, powers)
    return actions + steps + buy + [END]


def _power_actions(state: dict, seat: int, powers: set) -> list[dict]:
    """The boat moves and swaps the seat's powers allow (advanced game)."""
    boats = state["boats"]
    occ = boat_occupancy(boats)
    actions = []
    for index in range(len(boats)):
        if "hop" in powers:
            actions += [{"type": "hop", "boat": index, "by": by} for by in geometry.slides(boats, index, occ, hop=True)]
        if "shift" in powers:
            actions += [{"type": "shift", "boat": index, "by": by} for by in geometry.shifts(boats, index, occ)]
        if "half_turn" in powers and geometry.half_turn(boats, index, occ):
            actions.append({"type": "half_turn", "boat": index})
        if "turn_far" in powers:
            actions += [{"type": "turn_far", "boat": index, "turn": name} for name in geometry.far_turns(boats, index, occ)]
        if "swap_stacks" in powers and any(count for _, count in boats[index]["goods"]):
            actions.append({"type": "swap_stacks", "boat": index})
    if "swap_heir" in powers:
        actions += [{"type": "swap_heir", "seat": other} for other in swap_targets(state, seat, occ)]
    return actions


# ----------------------------------------------------------------------------- decide


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cell(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


# Per field: whether a value is well formed, and what the field must be (for hand-written clients).
CHECKS = {
    "kind": (lambda v: v in data.BOAT_KINDS, N_('The "kind" must be "centre" or "end".')),
    "cell": (_is_cell, N_('The "cell" must be a square [x, y].')),
    "to": (_is_cell, N_('The "to" must be a square [x, y].')),
    "dir": (lambda v: isinstance(v, str) and v in data.DIRS, N_('The "dir" must be "N", "E", "S" or "W".')),
    "card": (lambda v: isinstance(v, str), N_('The "card" must be a card id such as "B01".')),
    "seat": (_is_int, N_('The "seat" must be a seat number.')),
    "boat": (_is_int, N_('The "boat" must be a boat number.')),
    "by": (lambda v: _is_int(v) and v != 0, N_('The "by" must be a non-zero whole number of squares.')),
    "turn": (lambda v: isinstance(v, str) and v in geometry.TURNS, N_('The "turn" must be "cw" or "ccw".')),
    "die": (lambda v: _is_int(v) and v in (0, 1), N_('The "die" must be 0 or 1.')),
}


def check_shape(action) -> str:
    # Only a hand-written client sends a malformed action: these messages name the JSON fields.
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed", _('An action is an object with a "type".'))
    kind = action["type"]
    if kind not in FIELDS:
        raise IllegalAction("unknown_action", _("This game has no such action."))
    if action.keys() != ACTION_KEYS[kind]:
        refuse_fields(action, FIELDS[kind])
    for field in FIELDS[kind]:
        ok, words = CHECKS[field]
        if not ok(action[field]):
            raise IllegalAction("malformed", _(words))
    return kind


def decide(state: dict, seat: int, action: dict, rng: random.Random) -> list[dict]:
    kind = check_shape(action)
    phase = state["phase"]
    if kind not in PHASE_ACTIONS.get(phase, ()):
        raise IllegalAction("wrong_phase", _("You cannot {action} now.").format(action=_(ACTION_WORDS[kind])))
    if phase == "place":
        return place(state, seat, action, rng)
    if phase in ("choose", "keep"):
        return keep(state, seat, action, rng)
    if phase == "coin_from":
        return coin_from(state, seat, action, rng)
    if flow.crossing(state) and kind not in CROSSING_ACTIONS:
        raise IllegalAction("crossing", _("Your heir stands on another heir's square: it must step on first."))
    events = PLAY[kind](state, seat, action, rng)
    return events + flow.settle(fold(state, events), rng)


def decide_listed(state: dict, seat: int, action: dict, rng: random.Random) -> list[dict]:
    """`decide` for an action that legal_actions lists: its shape, phase and the crossing rule
    hold by construction, so only the play's own handler runs (the bots' path)."""
    if state["phase"] != "play":
        return decide(state, seat, action, rng)
    events = LISTED_PLAY.get(action["type"], PLAY[action["type"]])(state, seat, action, rng)
    return events + flow.settle(fold(state, events), rng)


LISTED_PLAY = {"slide": listed_plain_move, "rotate": listed_plain_move}
