"""Words for players, in the language in use (engines.i18n): log lines, where seats appear as
"{seat0}", "{seat1}" … for the caller to name, and the board page's names."""
from __future__ import annotations

from engines.dragon_boats import data
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

KIND_WORDS = {"cinnabar": N_("cinnabar"), "gold": N_("gold"), "jade": N_("jade"), "leather": N_("leather"),
              "tea": N_("tea")}
FARM_WORDS = {"poultry": N_("poultry"), "fish": N_("fish"), "pork": N_("pork"), "rice": N_("rice"), "soy": N_("soy")}
PLACE_WORDS = {"front": N_("front"), "middle": N_("middle"), "rear": N_("rear")}
# The end screen's columns: the parts of scoring.seat_breakdown, in their order, then the tie-break.
SCORE_COLUMNS = {"farm_points": N_("Farm sets"), "group_points": N_("Farmer groups"),
                 "bonus_card_points": N_("Bonus cards"), "wisdom_tile_points": N_("Wisdom tiles"),
                 "offering_points": N_("Offerings"), "treasure_points": N_("Treasure"),
                 "money": N_("Money (breaks a tie)")}
TIE_BREAK_COLUMN = "money"  # not a part of the score


def _s(seat) -> str:
    return _("a neutral disc") if seat == data.NEUTRAL else f"{{seat{seat}}}"


def _list(items) -> str:
    items = [str(item) for item in items]
    return ", ".join(items) if items else _("nothing")


def _kind(kind) -> str:
    """An offering kind or a farm, worded; anything else as it is."""
    word = (KIND_WORDS.get(kind) or FARM_WORDS.get(kind)) if isinstance(kind, str) else None
    return _(word) if word else str(kind)


def _tile(tile) -> str:
    """A land tile: a farm, or on the mountain a wisdom tile by its number (as the board marks it)."""
    if isinstance(tile, int):
        return _("wisdom tile W{n}, {name}").format(n=tile, name=_(data.WISDOM[tile]["name"]))
    return _kind(tile)


def _pick(value) -> str:
    """A card's pick, worded: a place on a boat ([boat, place]), a boat's new order of occupants,
    a space of the board, a kind or a farm; a number (a boat, a stack, a seat's disc) as it is."""
    if isinstance(value, list) and len(value) == 2:
        return _spot(value)
    if isinstance(value, list):
        return " / ".join("—" if seat is None else _s(seat) for seat in value)
    if value in data.GRAPH:
        return _node(value)
    return _kind(value)


def _gain(e) -> str:
    parts = []
    if e.get("money"):
        parts.append(_("{n} money").format(n=e["money"]))
    if e.get("food"):
        parts.append(_("{n} food").format(n=e["food"]))
    if e.get("treasure"):
        parts.append(ngettext("{n} treasure", "{n} treasures", e["treasure"]).format(n=e["treasure"]))
    parts += [_kind(kind) for kind in e.get("offerings", [])]
    return _list(parts)


def _card(letter) -> str:
    return _("card {letter} ({name})").format(letter=letter, name=_(data.CARDS[letter]["name"]))


# The outer islands are named by the compass point they lie at, written as that point's initial
# in the reader's language (the west island is O in French, the east one O in German).
DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}


def island_letter(island: str) -> str:
    return _(DIRECTIONS[island])[0].upper()


def dock_letters(dock: str) -> str:
    """A dock of the central island by its corner ("CNW": the north-west one), in initials."""
    return "".join(island_letter(point) for point in dock[1:])


# An island's ports are named by the side they face: PW is the west port of the north and south
# islands and the north port of the east and west ones (drawn turned), PE the one opposite.
PORT_WORDS = {
    ("PW", True): N_("the west port of island {island}"), ("PE", True): N_("the east port of island {island}"),
    ("PW", False): N_("the north port of island {island}"), ("PE", False): N_("the south port of island {island}"),
}


# The board letters no road space and numbers no field: a road space is named by the reward it
# shows and the port it lies nearer to (unique on an island), a field by its row and its place in
# it. The east and west islands are drawn turned a quarter, their rows then running north-south.
NEAR_PORT_WORDS = {
    ("PW", True): N_("near the west port of island {island}"), ("PE", True): N_("near the east port of island {island}"),
    ("PW", False): N_("near the north port of island {island}"), ("PE", False): N_("near the south port of island {island}"),
}
FIELD_ROW_WORDS = {
    (4, True): N_("field {n} from the west in the north row of island {island}"),
    (3, True): N_("field {n} from the west in the south row of island {island}"),
    (4, False): N_("field {n} from the north in the east column of island {island}"),
    (3, False): N_("field {n} from the north in the west column of island {island}"),
}
FIELD_PLACES = {"F1": (4, 1), "F2": (4, 2), "F3": (4, 3), "F4": (4, 4), "F5": (3, 1), "F6": (3, 2), "F7": (3, 3)}
NEARER_PORT = {"a": "PW", "b": "PW", "c": "PW", "j": "PW", "k": "PW", "e": "PE", "f": "PE", "g": "PE", "h": "PE", "i": "PE"}


def _node(node: str) -> str:
    """A space of the board in words, as the board page names it (its glossary's "nodes")."""
    info = data.GRAPH[node]
    island, _dot, space = node.rpartition(".")
    upright = island in ("N", "S")
    letter = island_letter(island) if island else ""
    if info["kind"] == "port":
        return _(PORT_WORDS[space, upright]).format(island=letter)
    if not island:  # the mountain: its hexes W1-W10 and the spaces of paths A and B
        if info["kind"] == "land":  # unnumbered: the board marks a mountain hex with its wisdom tile
            return _("a mountain hex")
        return _("space {n} of path {path}").format(n=space[1:], path=space[0])
    if info["kind"] == "land":
        row, place = FIELD_PLACES[space]
        return _(FIELD_ROW_WORDS[row, upright]).format(n=place, island=letter)
    if info["reward"] == "card":
        return _("the bonus card space of island {island}").format(island=letter)
    near = _(NEAR_PORT_WORDS[NEARER_PORT[space], upright]).format(island=letter)
    if info["reward"] is None:
        return _("the road space without a reward {near}").format(near=near)
    return _("the {reward} space {near}").format(reward=_(ROAD_REWARD_WORDS[info["reward"]]), near=near)


def _spot(spot) -> str:
    return _("boat {boat} ({place})").format(boat=spot[0] + 1, place=_(PLACE_WORDS[data.BOAT_PLACES[spot[1]]]))


STEP_WORDS = {
    "start_disc": N_("place a start disc"), "start_offering": N_("choose a start offering"), "bid": N_("place a disc"),
    "resolve": N_("resolve a disc"), "final": N_("board or pass"), "window": N_("play a card or pass"),
    "steer": N_("steer"), "move": N_("move"), "storage": N_("store"), "over": N_("see the result"),
}


def _who(e, key="seat") -> str:
    return _s(e[key])


def _departed(e) -> str:
    """A departure names its steerer (the rearmost passenger); a port set by card A has none."""
    if e["seat"] >= 0:
        return _("{who} steers boat {boat} to {port}.").format(who=_who(e), boat=e["boat"] + 1, port=_node(e["port"]))
    return _("Boat {boat} sails to {port}.").format(boat=e["boat"] + 1, port=_node(e["port"]))


def _stall(e) -> str:
    return data.STALLS[e["stall"]]


def _exchanged(e) -> str:
    got = _kind(e["got"]) if e["got"] else _("nothing")
    return _("{who} gives {give} and draws {got} and {food} food at stall V.").format(
        who=_who(e), give=_kind(e["give"]), got=got, food=e["food"])


def _card_bought(e) -> str:
    if "card" in e:
        return _("{who} trades a treasure for {card}.").format(who=_who(e), card=_card(e["card"]))
    return _("{who} trades a treasure for a card from the deck.").format(who=_who(e))


def _card_drawn(e) -> str:
    if "hand" in e:
        return _("{who} draws a bonus card: {card}.").format(who=_who(e), card=_card(e["hand"]))
    return _("{who} draws a bonus card.").format(who=_who(e))


def _moved(e) -> str:
    if e["food"]:
        return _("{who} steps to {node} (1 food).").format(who=_who(e), node=_node(e["node"]))
    return _("{who} steps to {node}.").format(who=_who(e), node=_node(e["node"]))


def _hex_taken(e) -> str:
    if isinstance(e["tile"], int):  # the mountain, whose hex the tile names as the board does
        return _("{who} settles on the mountain and takes {tile}.").format(who=_who(e), tile=_tile(e["tile"]))
    return _("{who} settles on {node} and takes its tile ({tile}).").format(who=_who(e), node=_node(e["node"]),
                                                                          tile=_tile(e["tile"]))


def _flagged(e) -> str:
    if e["flag"] == "first":
        return _("{who} has boat {boat} leave first.").format(who=_who(e), boat=e["boat"] + 1)
    return _("{who} has boat {boat} leave this round.").format(who=_who(e), boat=e["boat"] + 1)


LINES = {
    "game_created": lambda e: ngettext("Dragon Boats for {players} players over {rounds} round; {first} is the first player.",
                                       "Dragon Boats for {players} players over {rounds} rounds; {first} is the first player.",
                                       len(e["rounds"])).format(players=e["players"], rounds=len(e["rounds"]),
                                                                first=_s(e["first"])),
    "toppers_placed": lambda e: _("Toppers on the boats: {toppers}.").format(
        toppers=_list(_("{n} beats").format(n=beats) for beats in e["boats"])),
    "wisdom_placed": lambda e: _("The wisdom tiles are laid on the mountain."),
    "farms_placed": lambda e: _("The farm tiles are laid on the islands; 7 stay in the bag."),
    "stalls_filled": lambda e: _("The market stalls are filled."),
    "bonus_display": lambda e: _("Bonus cards on display: {cards}.").format(cards=_list(e["display"])),
    "start_disc_placed": lambda e: _("{who} puts a start disc on round card {card}.").format(who=_who(e), card=e["card"]),
    "start_offering_taken": lambda e: _("{who} takes a start offering: {kind}.").format(who=_who(e), kind=_kind(e["kind"])),
    "round_started": lambda e: _("Round {round} begins; {first} is the first player.").format(round=e["round"],
                                                                                            first=_s(e["first"])),
    "disc_placed": lambda e: _("{who} places a disc on stall {stall}.").format(who=_who(e), stall=_stall(e)),
    "private_action": lambda e: _("{who} takes the private action {space}: {gain}.").format(
        who=_who(e), space=_(PRIVATE_WORDS.get(e["space"], e["space"])), gain=_gain(e)),
    "gained": lambda e: _("{who} gains {gain}.").format(who=_who(e), gain=_gain(e)),
    "neutral_removed": lambda e: _("The neutral disc leaves stall {stall}.").format(stall=_stall(e)),
    "bought": lambda e: _("{who} buys {kind} at stall {stall} for {price} money.").format(
        who=_who(e), kind=_kind(e["kind"]), stall=_stall(e), price=e["price"]),
    "took_money": lambda e: _("{who} takes 1 money instead of buying.").format(who=_who(e)),
    "exchanged": _exchanged,
    "card_bought": _card_bought,
    "card_drawn": _card_drawn,
    "card_revealed": lambda e: _("{who} shows {card}.").format(who=_who(e), card=_card(e["card"])),
    "disc_returned": lambda e: _("{who} takes back the disc from stall {stall}.").format(who=_who(e), stall=_stall(e)),
    "boarded": lambda e: _("{who} boards {spot}, paying {paid}.").format(
        who=_who(e), spot=_spot([e["boat"], e["place"]]), paid=_list(_kind(kind) for kind in e["paid"])),
    "path_started": lambda e: _("{who} heads for mountain path {path}.").format(who=_who(e), path=e["path"]),
    "path_paid": lambda e: _("{who} offers {kind} for path {path}.").format(who=_who(e), kind=_kind(e["kind"]),
                                                                           path=e["path"]),
    "stored": lambda e: _("{who} has stored their offerings.").format(who=_who(e)),
    "sold": lambda e: _("{who} sells {kind} for 1 money.").format(who=_who(e), kind=_kind(e["kind"])),
    "treasure_sold": lambda e: _("{who} sells a treasure for 2 money.").format(who=_who(e)),
    "boats_returned": lambda e: _("The boats return to their docks."),
    "topper_drawn": lambda e: _("Boat {boat} gets a new topper: {n} beats.").format(boat=e["boat"] + 1, n=e["beats"]),
    "stall_refilled": lambda e: _("Stall {stall} is refilled: {tiles}.").format(
        stall=_stall(e), tiles=_list(_kind(tile) for tile in e["tiles"])),
    "game_ended": lambda e: _("The game ends. Scores: {scores}.").format(scores=_list(e["result"]["scores"])),
    "climb_started": lambda e: _("{who} starts up mountain path {path}.").format(who=_who(e), path=e["path"]),
    "boat_departed": _departed,
    "disembarked": lambda e: _("{who} goes ashore at {node}.").format(who=_who(e), node=_node(e["node"])),
    "moved": _moved,
    "hex_taken": _hex_taken,
    "member_returned": lambda e: _("{who}'s house member goes home.").format(who=_who(e)),
    "passed": lambda e: _("{who} plays no card.").format(who=_who(e)),
    "card_played": lambda e: _("{who} plays {card}.").format(who=_who(e), card=_card(e["card"])),
    "card_picked": lambda e: _("{who} chooses {value}.").format(who=_who(e), value=_pick(e["value"])),
    "steered": lambda e: _("{who} sends boat {boat} to {port}.").format(who=_who(e), boat=e["boat"] + 1,
                                                                       port=_node(e["port"])),
    "boat_rearranged": lambda e: _("{who} re-seats boat {boat}.").format(who=_who(e), boat=e["boat"] + 1),
    "cut_in_line": lambda e: _("{who} goes ashore first.").format(who=_who(e)),
    "stack_reordered": lambda e: _("{who} re-stacks the discs of stall {stall}.").format(who=_who(e), stall=_stall(e)),
    "traded": lambda e: _("{who} takes {take} from {other} and gives {give}.").format(
        who=_who(e), take=_kind(e["take"]), other=_s(e["opponent"]), give=_kind(e["give"])),
    "member_switched": lambda e: _("{who} moves a member from {a} to {b}.").format(who=_who(e), a=_spot(e["from"]),
                                                                                  b=_spot(e["to"])),
    "members_swapped": lambda e: _("{who} swaps the members on {a} and {b}.").format(who=_who(e), a=_spot(e["a"]),
                                                                                    b=_spot(e["b"])),
    "boat_flagged": _flagged,
    "farmers_swapped": lambda e: _("{who} swaps the farmers of {a} and {b}.").format(who=_who(e), a=_node(e["a"]),
                                                                                    b=_node(e["b"])),
}
PRIVATE_WORDS = {"money": N_("money"), "food": N_("food"), "offering": N_("offering")}
ROAD_REWARD_WORDS = {**PRIVATE_WORDS, "treasure": N_("treasure")}  # the bonus card space is named apart


# Whose turn it is next shows above the board; a card's end follows its effect, whose line names it.
SILENT = frozenset({"turn", "card_resolved"})


def describe(event: dict) -> str:
    if event.get("type") in SILENT:
        return ""
    line = LINES.get(event.get("type"))
    return line(event) if line else str(event.get("type", "")).replace("_", " ")


# ----------------------------------------------------------------------------- the board page's names

CARD_TEXT = {
    "A": N_("Before a boat is steered: send it to any port not reached this round."),
    "B": N_("Your turn or before the mountain: re-seat one docked boat's occupants in any order."),
    "C": N_("Before a landed boat's next passenger goes ashore: one of your members on it goes next."),
    "D": N_("Your bidding turn: re-stack one stall, choosing the disc owners from top to bottom."),
    "E": N_("Permanent: store 1 more offering."),
    "F": N_("Your turn: take an offering of your choice from a player and give it one of yours."),
    "G": N_("Your turn, before the mountain or before going ashore: move one of your members to an empty place"
         " on another boat."),
    "H": N_("Before the mountain: a ready boat with one of your members leaves first."),
    "I": N_("Your turn or before the mountain: swap two members of different colours on two docked boats."),
    "J": N_("Permanent: food reward spaces give 2."),
    "K": N_("Permanent: treasure reward spaces give 2."),
    "L": N_("End: +1 VP per bonus card you own (this one included)."),
    "M": N_("Permanent: money reward spaces give 2."),
    "N": N_("End: each single farmer scores 2."),
    "O": N_("End: 1 VP per 2 money."),
    "P": N_("Your turn: take a random offering, a food and a treasure."),
    "Q": N_("End: 2 VP per food, at most 8 VP."),
    "R": N_("Before the mountain: a docked boat with exactly one passenger departs this round."),
    "S": N_("Your turn: two single farmers of different colours swap places."),
    "T": N_("End: your first 4 treasures score 2 VP each, not 1."),
    "U": N_("Permanent: 4 free steps."),
    "V": N_("End: counts as one more pork farm."),
    "W": N_("End: counts as one more fish farm."),
    "X": N_("End: counts as one more poultry farm."),
    "Y": N_("End: +1 VP per soy farm."),
    "Z": N_("End: +1 VP per rice farm."),
}

WINDOW_WORDS = {
    "before_mountain": N_("before the mountain climbs and the boats leave"),
    "before_steer": N_("before the departing boat is steered"),
    "before_disembark": N_("before the next passenger goes ashore"),
}


def glossary() -> dict:
    """What the board page names by id: bonus cards, wisdom tiles, round cards, spaces, rewards."""
    return {
        "cards": {letter: {"name": _(card["name"]), "type": card["type"], "vp": card["vp"],
                           "text": _(CARD_TEXT[letter])} for letter, card in data.CARDS.items()},
        "wisdom": {str(number): {**tile, "name": _(tile["name"]), "text": _(tile["text"])}
                   for number, tile in data.WISDOM.items()},
        "round_cards": {str(number): dict(card) for number, card in data.ROUND_CARDS.items()},
        "private_spaces": {"money": _("+{n} money").format(n=data.PRIVATE_MONEY), "food": _("+1 food"),
                           "offering": _("+1 random offering")},
        "places": [_(PLACE_WORDS[place]) for place in data.BOAT_PLACES],
        "nodes": {node: _node(node) for node in data.GRAPH},
        "islands": {island: island_letter(island) for island in DIRECTIONS},
        "docks": {dock: dock_letters(dock) for dock in data.DOCKS},
        "kinds": {kind: _(word) for kind, word in KIND_WORDS.items()},
        "farms": {farm: _(word) for farm, word in FARM_WORDS.items()},
        "windows": {key: _(word) for key, word in WINDOW_WORDS.items()},
        "steps": {key: _(word) for key, word in STEP_WORDS.items()},
        "neutral": data.NEUTRAL,
        "goods_stalls": data.GOODS_STALLS,
        "end_reasons": {"rounds_played": _("All rounds have been played.")},
        "score_columns": {key: _(word) for key, word in SCORE_COLUMNS.items()},
    }
