"""The fold: one handler per event type. No validation, no randomness; inputs are never changed."""
from __future__ import annotations

from engines.dragon_boats import data, setup
from engines.dragon_boats.state import NOBODY, add_vec, new_state, with_seat


def _cap(money: int) -> int:
    return min(money, data.MAX_MONEY)


def game_created(state, e):
    s = new_state(e["players"], e["options"])
    s.update(first=e["first"], rounds=list(e["rounds"]), last=NOBODY, deck=setup.deck_for(e["options"]))
    return s


def toppers_placed(s, e):
    boats = [{"topper": beats, "seats": [None, None, None], "sailed": False, "port": None, "first": False,
              "sent": False} for beats in e["boats"]]
    return {**s, "boats": boats, "toppers": list(e["pile"])}


def wisdom_placed(s, e):
    return {**s, "tiles": {**s["tiles"], **e["tiles"]}}


def farms_placed(s, e):
    return {**s, "tiles": {**s["tiles"], **e["tiles"]}, "farm_bag": list(e["farm_bag"])}


def stalls_filled(s, e):
    bag = list(s["bag"])
    for tiles in e["stalls"]:
        bag = add_vec(bag, tiles, -1)
    return {**s, "stalls": [list(tiles) for tiles in e["stalls"]], "bag": bag}


def bonus_display(s, e):
    return {**s, "display": list(e["display"]), "deck": list(e["deck"])}


def turn(s, e):
    """Set the flow fields the event carries (flow.turn makes it of step, actor, resolving, queue,
    window, arrived, cut and last only)."""
    s = dict(s)
    for key, value in e.items():
        if key != "type":
            s[key] = value
    return s


def start_disc_placed(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, start_card=e["card"], money=_cap(row["money"] + e["money"]), food=row["food"] + e["food"],
                  treasure=row["treasure"] + e["treasure"], owed=e["owed"])
    s = {**s, "food": s["food"] - e["food"], "treasure": s["treasure"] - e["treasure"]}
    if e["owed"]:
        return {**s, "step": "start_offering"}
    return {**s, "actor": NOBODY, "last": seat}


def start_offering_taken(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, offerings=add_vec(row["offerings"], [e["kind"]]), owed=row["owed"] - 1)
    s = {**s, "bag": add_vec(s["bag"], [e["kind"]], -1)}
    if row["owed"] == 1:
        return {**s, "actor": NOBODY, "last": seat}
    return s


def round_started(s, e):
    seats = []
    for seat, row in enumerate(s["seats"]):
        seats.append({**row, "discs": e["discs"][seat], "private": [], "stored": False})
    stacks = [[data.NEUTRAL] if index in e["neutral"] else [] for index in range(len(data.STALLS))]
    return {**s, "round": e["round"], "first": e["first"], "seats": seats, "stacks": stacks, "reached": [],
            "step": "bid", "actor": NOBODY, "last": (e["first"] - 1) % s["n"]}


def disc_placed(s, e):
    seat = e["seat"]
    s = with_seat(s, seat, discs=s["seats"][seat]["discs"] - 1)
    stacks = list(s["stacks"])
    stacks[e["stall"]] = stacks[e["stall"]] + [seat]
    return {**s, "stacks": stacks, "actor": NOBODY, "last": seat}


def gained(s, e):
    """Money, food, treasure and offerings gained (food/treasure from the supply, offerings from the bag)."""
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, money=_cap(row["money"] + e.get("money", 0)), food=row["food"] + e.get("food", 0),
                  treasure=row["treasure"] + e.get("treasure", 0),
                  offerings=add_vec(row["offerings"], e.get("offerings", [])))
    return {**s, "food": s["food"] - e.get("food", 0), "treasure": s["treasure"] - e.get("treasure", 0),
            "bag": add_vec(s["bag"], e.get("offerings", []), -1)}


def private_action(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, discs=row["discs"] - 1, private=row["private"] + [e["space"]])
    s = gained(s, e)
    return {**s, "actor": NOBODY, "last": seat}


def neutral_removed(s, e):
    stacks = list(s["stacks"])
    stacks[e["stall"]] = stacks[e["stall"]][:-1]
    return {**s, "stacks": stacks}


def bought(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, money=row["money"] - e["price"], offerings=add_vec(row["offerings"], [e["kind"]]))
    stalls = list(s["stalls"])
    tiles = list(stalls[e["stall"]])
    tiles.remove(e["kind"])
    stalls[e["stall"]] = tiles
    return {**s, "stalls": stalls, "resolving": {**s["resolving"], "decided": True}}


def took_money(s, e):
    seat = e["seat"]
    s = with_seat(s, seat, money=_cap(s["seats"][seat]["money"] + 1))
    return {**s, "resolving": {**s["resolving"], "decided": True}}


def exchanged(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    offerings = add_vec(row["offerings"], [e["give"]], -1)
    s = with_seat(s, seat, money=row["money"] - e["price"], offerings=offerings)
    s = {**s, "bag": add_vec(s["bag"], [e["give"]])}
    s = gained(s, {"seat": seat, "food": e["food"], "offerings": [e["got"]] if e["got"] else []})
    resolving = s["resolving"]
    return {**s, "resolving": {**resolving, "decided": True, "used": resolving["used"] + ["exchange"]}}


def _take_card(s, seat, letter, hidden):
    row = s["seats"][seat]
    changes = {"cards": row["cards"] + [letter]}
    if hidden:
        changes["hidden"] = row["hidden"] + [letter]
    return with_seat(s, seat, **changes)


def card_bought(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, money=row["money"] - e["price"], treasure=row["treasure"] - 1)
    s = {**s, "treasure": s["treasure"] + 1}
    if e["slot"] == "deck":
        letter = e["hand"]
        deck = list(s["deck"])
        deck.remove(letter)
        s = {**s, "deck": deck}
    else:
        letter = e["card"]
        display = list(s["display"])
        display.remove(letter)
        deck = list(s["deck"])
        if e.get("refill"):
            display.append(e["refill"])
            deck.remove(e["refill"])
        s = {**s, "display": display, "deck": deck}
    s = _take_card(s, seat, letter, e["slot"] == "deck")
    resolving = s["resolving"]
    return {**s, "resolving": {**resolving, "decided": True, "used": resolving["used"] + ["card"]}}


def card_drawn(s, e):
    """A blind draw from the deck (island reward): the card is known to its owner only."""
    deck = list(s["deck"])
    deck.remove(e["hand"])
    return _take_card({**s, "deck": deck}, e["seat"], e["hand"], True)


def card_revealed(s, e):
    seat = e["seat"]
    hidden = list(s["seats"][seat]["hidden"])
    hidden.remove(e["card"])
    return with_seat(s, seat, hidden=hidden)


def disc_returned(s, e):
    stacks = list(s["stacks"])
    stacks[e["stall"]] = stacks[e["stall"]][:-1]
    resolving = {"stall": e["stall"], "decided": False, "used": []}
    return {**s, "stacks": stacks, "resolving": resolving, "actor": NOBODY, "last": e["seat"]}


def boarded(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, offerings=add_vec(row["offerings"], e["paid"], -1), members=row["members"] - 1)
    boats = list(s["boats"])
    boat = dict(boats[e["boat"]])
    boat["seats"] = list(boat["seats"])
    boat["seats"][e["place"]] = seat
    boats[e["boat"]] = boat
    return {**s, "boats": boats, "bag": add_vec(s["bag"], e["paid"])}


def path_started(s, e):
    return {**s, "paying": {"seat": e["seat"], "path": e["path"], "left": 3}}


def path_paid(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, offerings=add_vec(row["offerings"], [e["kind"]], -1))
    s = {**s, "bag": add_vec(s["bag"], [e["kind"]])}
    paying = s["paying"]
    if paying["left"] > 1:
        return {**s, "paying": {**paying, "left": paying["left"] - 1}}
    s = with_seat(s, seat, members=s["seats"][seat]["members"] - 1)
    paths = dict(s["paths"])
    paths[paying["path"]] = paths[paying["path"]] + [seat]
    return {**s, "paths": paths, "paying": None}


def stored(s, e):
    return with_seat(s, e["seat"], stored=True)


def sold(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, offerings=add_vec(row["offerings"], [e["kind"]], -1), money=_cap(row["money"] + 1))
    return {**s, "bag": add_vec(s["bag"], [e["kind"]])}


def treasure_sold(s, e):
    seat = e["seat"]
    row = s["seats"][seat]
    s = with_seat(s, seat, treasure=row["treasure"] - 1, money=_cap(row["money"] + 2))
    return {**s, "treasure": s["treasure"] + 1}


def boats_returned(s, e):
    boats, discards = [], list(s["topper_discards"])
    for boat in s["boats"]:
        if boat["sailed"]:
            discards.append(boat["topper"])
            boat = {**boat, "topper": None, "sailed": False, "port": None}
        boats.append({**boat, "first": False, "sent": False})
    return {**s, "boats": boats, "topper_discards": discards, "reached": [], "arrived": None, "cut": None}


def topper_drawn(s, e):
    pile, discards = list(s["toppers"]), list(s["topper_discards"])
    if e["reshuffled"]:
        pile, discards = sorted(pile + discards), []
    pile.remove(e["beats"])
    boats = list(s["boats"])
    boats[e["boat"]] = {**boats[e["boat"]], "topper": e["beats"]}
    return {**s, "toppers": pile, "topper_discards": discards, "boats": boats}


def stall_refilled(s, e):
    stalls = list(s["stalls"])
    stalls[e["stall"]] = stalls[e["stall"]] + list(e["tiles"])
    return {**s, "stalls": stalls, "bag": add_vec(s["bag"], e["tiles"], -1)}


def game_ended(s, e):
    return {**s, "result": dict(e["result"]), "step": "over", "actor": NOBODY}


from engines.dragon_boats import evolve_walk  # noqa: E402  (the explore and card handlers)

HANDLERS = {name: handler for name, handler in dict(globals()).items()
            if callable(handler) and not name.startswith("_") and name not in
            {"add_vec", "new_state", "with_seat", "annotations", "evolve_walk"}}
HANDLERS.update(evolve_walk.HANDLERS)


def evolve(state, event):
    return HANDLERS[event["type"]](state, event)
