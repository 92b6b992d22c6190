"""Each action's events (decide has checked it against legal_actions) and the flow stage that follows."""
from __future__ import annotations

from engines.dragon_boats import cards, data, flow, moves
from engines.dragon_boats.setup import draw_offerings
from engines.dragon_boats.state import NOBODY, stall_price


def _price(state: dict) -> int:
    return stall_price(state, state["resolving"]["stall"])


def _after_card(state: dict) -> str | None:
    return {"resolve": "resolve_check", "final": "final_check", "window": "window_next"}.get(state["step"])


def _start_disc(s, seat, a, rng):
    card = data.ROUND_CARDS[a["card"]]
    event = {"type": "start_disc_placed", "seat": seat, "card": a["card"], "money": card["money"],
             "food": min(card["food"], s["food"]), "treasure": min(card["treasure"], s["treasure"]),
             "owed": card["offerings"]}
    return [event], None if card["offerings"] else "start_next"


def _start_offering(s, seat, a, rng):
    last = s["seats"][seat]["owed"] == 1
    return [{"type": "start_offering_taken", "seat": seat, "kind": a["kind"]}], "start_next" if last else None


def _bid(s, seat, a, rng):
    return [{"type": "disc_placed", "seat": seat, "stall": data.STALLS.index(a["stall"])}], "bid_next"


def _private(s, seat, a, rng):
    """B-B6, B-B7: +2 money (never doubled), +1 food or +1 random offering, at once."""
    space = a["space"]
    event = {"type": "private_action", "seat": seat, "space": space, "money": 0, "food": 0, "offerings": []}
    if space == "money":
        event["money"] = data.PRIVATE_MONEY
    elif space == "food":
        event["food"] = min(1, s["food"])
    else:
        event["offerings"] = draw_offerings(s["bag"], 1, rng)
    return [event], "bid_next"


def _play(s, seat, a, rng):
    played = {"type": "card_played", "seat": seat, "card": a["card"]}
    after = flow.evolve(s, played)
    if cards.picks_needed(after, after["pending"]) == 0:
        return [played] + cards.effect(after, after["pending"], rng), _after_card(s)
    return [played], None


def _choose(s, seat, a, rng):
    picked = {"type": "card_picked", "seat": seat, "value": a["value"]}
    after = flow.evolve(s, picked)
    pending = after["pending"]
    if len(pending["picks"]) < cards.picks_needed(after, pending):
        return [picked], None
    return [picked] + cards.effect(after, pending, rng), _after_card(s)


def _pay(s, seat, a, rng):
    return [{"type": "path_paid", "seat": seat, "kind": a["kind"], "path": s["paying"]["path"]}], _after_card(s)


def _buy(s, seat, a, rng):
    return [{"type": "bought", "seat": seat, "stall": s["resolving"]["stall"], "kind": a["kind"],
             "price": _price(s)}], "resolve_check"


def _take_money(s, seat, a, rng):
    return [{"type": "took_money", "seat": seat, "stall": s["resolving"]["stall"]}], "resolve_check"


def _charge(s) -> int:
    if s["resolving"]["used"] or not s["options"].get("stall_v_price", True):
        return 0
    return _price(s)


def _exchange(s, seat, a, rng):
    """B-P7(i), B-P9: the given offering goes into the bag, then one is drawn."""
    bag = list(s["bag"])
    bag[data.KIND_INDEX[a["kind"]]] += 1
    got = draw_offerings(bag, 1, rng)
    return [{"type": "exchanged", "seat": seat, "give": a["kind"], "got": got[0] if got else None,
             "food": min(1, s["food"]), "price": _charge(s)}], "resolve_check"


def _draw_card(s, seat, a, rng):
    """B-P7(ii), B-P10: a displayed card (refilled at once) or the deck's top, blind."""
    slot = a["slot"]
    event = {"type": "card_bought", "seat": seat, "slot": slot, "price": _charge(s)}
    events = [event]
    if slot == "deck":
        letter = rng.choice(sorted(s["deck"]))
        event["hand"] = letter
        if data.CARDS[letter]["type"] == "permanent":
            events.append({"type": "card_revealed", "seat": seat, "card": letter})
    else:
        event["card"] = s["display"][slot]
        event["refill"] = rng.choice(sorted(s["deck"])) if s["deck"] else None
    return events, "resolve_check"


def _board(s, seat, a, rng):
    cost = list(data.TOPPERS[s["boats"][a["boat"]]["topper"]]["cost"])
    if a["omit"] is not None:
        cost.remove(a["omit"])
    event = {"type": "boarded", "seat": seat, "boat": a["boat"], "place": a["place"], "paid": sorted(cost)}
    return [event], _after_card(s)


def _path(s, seat, a, rng):
    return [{"type": "path_started", "seat": seat, "path": a["path"]}], None


def _done(s, seat, a, rng):
    if s["step"] == "resolve":
        return [{"type": "disc_returned", "seat": seat, "stall": s["resolving"]["stall"]}], "resolve_next"
    if s["step"] == "final":
        return [flow.turn(actor=NOBODY, last=seat)], "final_next"
    return [{"type": "stored", "seat": seat}], "storage_check"


def _pass(s, seat, a, rng):
    return [{"type": "passed", "seat": seat}], "window_next"


def _steer(s, seat, a, rng):
    return [{"type": "boat_departed", "boat": s["arrived"], "port": a["port"], "seat": seat}], "disembark_window"


def _step(s, seat, a, rng):
    events = moves.step_events(s, a["node"], rng)
    return events, "after_move" if events[1:2] and events[1]["type"] == "hex_taken" else "move_check"


def _stop(s, seat, a, rng):
    return [{"type": "member_returned", "seat": seat, "node": s["moving"]["node"]}], "after_move"


def _sell(s, seat, a, rng):
    return [{"type": "sold", "seat": seat, "kind": a["kind"]}], None


def _sell_treasure(s, seat, a, rng):
    return [{"type": "treasure_sold", "seat": seat}], None


HANDLERS = {
    "start_disc": _start_disc, "start_offering": _start_offering, "bid": _bid, "private": _private, "play": _play,
    "choose": _choose, "pay": _pay, "buy": _buy, "take_money": _take_money, "exchange": _exchange,
    "draw_card": _draw_card, "board": _board, "path": _path, "done": _done, "pass": _pass, "steer": _steer,
    "step": _step, "stop": _stop, "sell": _sell, "sell_treasure": _sell_treasure,
}
