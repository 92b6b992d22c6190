"""decide's handlers: the events of each action once its shape is checked (rules.decide)."""
from __future__ import annotations

from engines.core import IllegalAction
from engines.dragon_market import data, flow, geometry
from engines.dragon_market.evolve import fold
from engines.dragon_market.geometry import boat_grid, boat_occupancy
from engines.dragon_market.moves import heir_options, swap_targets, takeable, usable_powers
from engines.dragon_market.setup import after_placement, next_boat_id, start_play
from engines.dragon_market.state import unit_of
from engines.i18n import N_, catalog

_, _ngettext = catalog(__file__)

BOAT_EVENTS = {"slide": "boat_slid", "rotate": "boat_rotated", "hop": "boat_hopped", "shift": "boat_shifted",
               "half_turn": "boat_half_turned", "turn_far": "boat_turned_far"}
# The powers a move or a swap uses, by the names text.POWER_WORDS gives them.
POWER_NAMES = {"hop": N_("Hop"), "shift": N_("Shift"), "half_turn": N_("Half turn"), "turn_far": N_("Far turn"),
               "swap_heir": N_("Swap heirs"), "swap_stacks": N_("Swap stacks"), "reroll": N_("Reroll")}
ALL_PLACED = {"centre": N_("Every centre-sailor boat is already on the board."),
              "end": N_("Every end-sailor boat is already on the board.")}


def place(state, seat, action, rng):
    kind = action["type"]
    placing = state["placing"]
    if kind == "back":
        if not placing:
            raise IllegalAction("nothing_to_undo", _("No boat is being placed."))
        return [{"type": "placement_back", "seat": seat}]
    if kind == "pick_boat":
        if placing:
            raise IllegalAction("wrong_step", _("A boat is already being placed; choose its sailor's square or go"
                                                " back."))
        if not next_boat_id(state, action["kind"]):
            raise IllegalAction("no_boat", _(ALL_PLACED[action["kind"]]))
        if not geometry.open_placements(action["kind"], state["boats"]):
            raise IllegalAction("no_room", _("There is no room left for such a boat."))
        return [{"type": "boat_kind_picked", "seat": seat, "kind": action["kind"]}]
    if not placing:
        raise IllegalAction("wrong_step", _("Choose a boat kind first."))
    spots = geometry.open_placements(placing["kind"], state["boats"])
    if kind == "sailor_at":
        if "cell" in placing:
            raise IllegalAction("wrong_step", _("The sailor's square is chosen; choose which way the boat faces or go"
                                                " back."))
        if tuple(action["cell"]) not in spots:  # M-S5, M-S6
            raise IllegalAction("bad_cell", _("The boat cannot be placed with its sailor there."))
        return [{"type": "boat_sailor_set", "seat": seat, "cell": list(action["cell"])}]
    if "cell" not in placing:
        raise IllegalAction("wrong_step", _("Choose the sailor's square first."))
    if action["dir"] not in spots.get(tuple(placing["cell"]), []):
        raise IllegalAction("bad_facing", _("The boat does not fit that way."))
    boat = {"id": next_boat_id(state, placing["kind"]), "kind": placing["kind"], "s": list(placing["cell"]),
            "d": list(data.DIRS[action["dir"]])}
    events = [{"type": "boat_placed", "seat": seat, "boat": boat}]
    if len(state["boats"]) + 1 == data.BOATS:
        events += after_placement(fold(state, events), rng)
    return events


def keep(state, seat, action, rng):
    if action["card"] not in state["offers"][seat]:
        raise IllegalAction("bad_card", _("Keep one of the cards you were offered."))
    events = [flow.kept_event(state, seat, action["card"])]
    after = fold(state, events)
    if state["phase"] == "choose":
        if any(after["offers"]):
            return events
        deck = list(after["deck"])
        rng.shuffle(deck)
        events.append({"type": "pile_shuffled", "deck": deck, "size": len(deck)})
        return events + start_play(fold(after, events[-1:]), rng)
    deck = list(after["deck"])
    rng.shuffle(deck)
    events.append({"type": "pile_shuffled", "deck": deck, "size": len(deck)})
    return events + flow.settle(fold(after, events[-1:]), rng)


def coin_from(state, seat, action, rng):
    source = action["seat"]
    if source not in state["richest"] or not 0 <= source < len(state["coins"]) or state["coins"][source] <= 0:
        raise IllegalAction("bad_source", _("Take the coin from one of the richest players who still has coins."))
    unit = unit_of(state, seat)
    events = [{"type": "coins_paid", "seat": seat, "unit": unit, "from": source, "amount": 1}]
    after = fold(state, events)
    more, waiting = flow.take_from_richest(after, seat, after["owed"], after["richest"], state["resume"], True)
    events += more
    if waiting:
        return events
    after = fold(after, more)
    rest = flow.resume_events(after, rng, state["resume"])
    events += rest
    return events + flow.settle(fold(after, rest), rng)


def _boat(state: dict, action: dict) -> int:
    index = action["boat"]
    if not 0 <= index < len(state["boats"]):
        raise IllegalAction("bad_boat", _("The boats are numbered 0 to {last}.").format(last=len(state["boats"]) - 1))
    if state["mp"] < data.BOAT_ACTION_COST:
        raise IllegalAction("no_mp", _("You have no movement point left; buy one or end your turn."))
    return index


def _power(state: dict, seat: int, power: str) -> None:
    if power not in usable_powers(state, seat):
        raise IllegalAction("no_power", _('You cannot use the power "{power}" now.').format(power=_(POWER_NAMES[power])))


def _boat_event(state, kind, seat, index, target, power=None):
    s, d = target
    event = {"type": BOAT_EVENTS[kind], "seat": seat, "boat": index, "id": state["boats"][index]["id"],
             "from": list(state["boats"][index]["s"]),
             "s": list(s), "d": list(d), "cost": data.BOAT_ACTION_COST}
    if power:
        event["power"] = power
    return event


def _move_boat(state, seat, action, rng):
    kind = action["type"]
    index = _boat(state, action)
    power = None if kind in ("slide", "rotate") else kind
    if power:
        _power(state, seat, power)
    boats, occ = state["boats"], boat_occupancy(state["boats"])
    if kind in ("slide", "rotate"):  # the moves legal_actions listed for this very boat list
        key = action["by"] if kind == "slide" else action["turn"]
        target = geometry.plain_move(boats, index, kind, key)
        options = {key: target} if target else {}
    elif kind == "hop":
        options, key = geometry.slides(boats, index, occ, hop=True), action["by"]
    elif kind == "shift":
        options, key = geometry.shifts(boats, index, occ), action["by"]
    elif kind == "turn_far":
        options, key = geometry.far_turns(boats, index, occ), action["turn"]
    else:
        target = geometry.half_turn(boats, index, occ)
        options, key = ({0: target} if target else {}), 0
    if key not in options:  # M-T4, M-T6, M-T7
        raise IllegalAction("blocked", _("Boat {boat} cannot make that move: the way is not free.").format(
            boat=boats[index]["id"]))
    return [_boat_event(state, kind, seat, index, options[key], power)]


def listed_plain_move(state, seat, action, rng):
    """A slide or rotate that legal_actions listed: its way is free, so only its target is
    worked out (geometry.plain_move without the check)."""
    index, kind = action["boat"], action["type"]
    boat = state["boats"][index]
    s, d = tuple(boat["s"]), tuple(boat["d"])
    if kind == "slide":
        target = geometry.add(s, geometry.axis(d), action["by"]), d
    else:
        target = s, geometry.TURNS[action["turn"]](d)
    return [_boat_event(state, kind, seat, index, target)]


def _swap_stacks(state, seat, action, rng):
    index = _boat(state, action)
    _power(state, seat, "swap_stacks")
    if not any(count for _, count in state["boats"][index]["goods"]):
        raise IllegalAction("pointless", _("That boat carries no goods."))
    return [{"type": "stacks_swapped", "seat": seat, "boat": index, "id": state["boats"][index]["id"],
             "cost": data.SWAP_COST}]


def _swap_heir(state, seat, action, rng):
    if state["mp"] < data.SWAP_COST:
        raise IllegalAction("no_mp", _("You have no movement point left."))
    _power(state, seat, "swap_heir")
    if action["seat"] not in swap_targets(state, seat, boat_occupancy(state["boats"])):
        raise IllegalAction("bad_target", _("You may only swap with an heir on your boat."))
    return [{"type": "heirs_swapped", "seat": seat, "other": action["seat"], "cost": data.SWAP_COST,
             "from": list(state["heirs"][seat]), "to": list(state["heirs"][action["seat"]])}]


def _step(state, seat, action, rng):
    cell = tuple(action["to"])
    found = heir_options(state, seat).get(cell)
    if found is None:  # M-T11 to M-T14
        raise IllegalAction("bad_step", _("Your heir cannot step there."))
    how, cost = found
    return [{"type": "heir_moved", "seat": seat, "from": list(state["heirs"][seat]), "to": list(cell),
             "how": how, "cost": cost}]


def _take(state, seat, action, rng):
    found = takeable(state, seat, boat_grid(state["boats"]))
    if found is None:  # M-T16, M-T17
        raise IllegalAction("nothing_to_take", _("There is no good here that your objective needs and you do not"
                                                 " hold yet."))
    index, slot, kind = found
    return [{"type": "goods_taken", "seat": seat, "unit": unit_of(state, seat), "kind": kind, "boat": index,
             "slot": slot}]


def _reroll(state, seat, action, rng):
    _power(state, seat, "reroll")
    if state["spent"] or state["options"].get("fixed_mp"):  # M-B10
        raise IllegalAction("too_late", _("A die may only be rerolled before any movement point is spent or bought."))
    return [{"type": "die_rerolled", "seat": seat, "die": action["die"], "value": rng.choice(data.DIE_FACES)}]


def _buy(state, seat, action, rng):
    if not flow.can_buy(state, seat):  # M-T20
        raise IllegalAction("cannot_buy", _("You may buy at most 2 movement points a turn, for 1 coin each."))
    return [{"type": "mp_bought", "seat": seat}]


def _end(state, seat, action, rng):
    return flow.end_turn_events(state, rng)


PLAY = {
    "slide": _move_boat, "rotate": _move_boat, "hop": _move_boat, "shift": _move_boat,
    "half_turn": _move_boat, "turn_far": _move_boat, "swap_stacks": _swap_stacks, "swap_heir": _swap_heir,
    "step": _step, "take": _take, "reroll": _reroll, "buy_mp": _buy, "end_turn": _end,
}
