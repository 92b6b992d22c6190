"""Words for players, in the language in use (engines.i18n): log lines, where seats appear as
"{seat0}" placeholders for the caller to name, and the board's glossary."""
from __future__ import annotations

from engines.dschunke import data
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)

# The end screen's columns: the parts of scoring.breakdown, in their order.
SCORE_COLUMNS = {"money": N_("Money"), "specials_bonus": N_("Special cards' bonus"), "end_bonus": N_("End bonus"),
                 "hand": N_("Goods cards in hand (breaks a tie)")}


# What each special card does, for the board's tooltips (the rulings are in RULES.md).
SPECIAL_EFFECTS = {
    "extra_supply": N_("Permanent: one more goods card in each resupply."),
    "exchange": N_("Permanent: at the start of each round, up to two swaps of a hand card for a card of another"
                   " kind from a stock."),
    "bargain": N_("Permanent: when you win a kind, one of your bid cards comes back to your hand."),
    "extra_money": N_("One use: earn money on this junk during your turn, before or after your action."),
    "extra_goods": N_("One use: take goods on this junk during your turn (on the grey junk, choose the stock)."),
    "move_strip": N_("One use: move a strip from the top layer of a junk onto another junk."),
    "extra_load": N_("One use: load one of your strips on any junk during your turn."),
    "junk_master": N_("End of game: 8 Yuan if nobody has more visible crates on this junk."),
    "harbour_master": N_("End of game: 8 Yuan if nobody has more visible crates over all five junks."),
    "wholesaler": N_("End of game: 8 Yuan for at least 2 cards of each kind in your hand."),
    "hoarder": N_("End of game: 8 Yuan if nobody holds more goods cards."),
}


def seat(index) -> str:
    return "{seat%d}" % index


def junk(name: str) -> str:
    return _(data.JUNK_WORDS[name])


def goods(kind: str) -> str:
    """The goods a kind of card stands for, e.g. "fish" for brown."""
    return _(data.GOODS_WORDS[data.GOODS[data.KIND_INDEX[kind]]])


def special(card: int) -> str:
    kind, _timing, on_junk = data.SPECIALS[card]
    title = _(data.SPECIAL_TITLES[kind])
    return _("{title} ({junk} junk)").format(title=title, junk=junk(data.JUNKS[on_junk])) if on_junk >= 0 else title


# A count of goods cards of one colour: the colour agrees with the cards in number (and gender).
CARD_COUNTS = {
    "grey": lambda n: ngettext("{n} grey card", "{n} grey cards", n),
    "brown": lambda n: ngettext("{n} brown card", "{n} brown cards", n),
    "white": lambda n: ngettext("{n} white card", "{n} white cards", n),
    "purple": lambda n: ngettext("{n} purple card", "{n} purple cards", n),
    "orange": lambda n: ngettext("{n} orange card", "{n} orange cards", n),
}


def counted_cards(kind: str, count: int) -> str:
    """Cards of one kind with their goods, e.g. "3 white cards (rice)": the prompts and the pages
    teach the goods, the cards show the colour."""
    return _("{cards} ({goods})").format(cards=CARD_COUNTS[kind](count).format(n=count), goods=goods(kind))


def kind_words(kind: str) -> str:
    """A kind of goods by its goods and colour, e.g. "rice (white)"."""
    return _("{goods} ({colour})").format(goods=goods(kind), colour=junk(kind))


def cards(bid: dict) -> str:
    parts = [counted_cards(kind, count) for kind, count in bid.items()]
    return _(" and ").join(parts) or _("nothing")


def _started(e):
    return _("The game begins with {players} players; {who} starts.").format(players=e["players"],
                                                                             who=seat(e["start_player"]))


def _round(e):
    """The market card is turned up by itself: the line names the start player without making it
    the one who acted."""
    values = ", ".join(f"{kind_words(kind)} {value}" for kind, value in e["values"].items())
    return _("Round {round} begins, {who} first. The market card pays: {values}.").format(
        round=e["round"], who=seat(e["start_player"]), values=values)


def _worker(e):
    worker = _(data.WORKER_USED_WORDS[e["worker"]])
    action = _(data.ACTION_WORDS[e["action"]])
    return _("{who} uses {worker} to {action} on the {junk} junk.").format(
        who=seat(e["seat"]), worker=worker, action=action, junk=junk(e["junk"]))


def strip_place(layer: int, slot: int) -> str:
    """Where a strip lies in a hold, as the board shows it (its crates carry the layer's number)."""
    return _(data.STRIP_PLACES[layer & 1][slot]).format(layer=layer + 1)


def _strip(e) -> dict:
    """The words of a strip event: who, the strip's colour, the junk, and where in its hold."""
    words = {"who": seat(e["seat"]), "owner": _(data.COLOUR_WORDS[data.COLOURS[e["owner"]]]), "junk": junk(e["junk"])}
    if "layer" in e:  # a log from before events named the layer has none
        words["place"] = strip_place(e["layer"], e["slot"])
    return words


def _placed(e):
    words = _strip(e)
    if "place" not in words:
        return _("{who} loads a {owner} strip on the {junk} junk (slot {slot}).").format(**words, slot=e["slot"] + 1)
    return _("{who} loads a {owner} strip on the {junk} junk ({place}).").format(**words)


def _lifted(e):
    words = _strip(e)
    if "place" not in words:
        return _("{who} lifts the {owner} strip off the {junk} junk.").format(**words)
    return _("{who} lifts the {owner} strip off the {junk} junk ({place}).").format(**words)


def _taken(e):
    return _("{who} takes {cards}.").format(who=seat(e["seat"]), cards=counted_cards(e["kind"], e["count"]))


def _special_taken(e):
    card = e.get("specials")
    what = _("the special card {name}").format(name=special(card[0])) if card else _("a special card")
    return _("{who} takes {what} from stack {stack}.").format(who=seat(e["seat"]), what=what, stack=e["stack"] + 1)


def _bid_words(bid: dict) -> str:
    if bid["void"]:
        return _("{who} void bid of {cards}").format(who=seat(bid["seat"]), cards=cards(bid["cards"]))
    return f"{seat(bid['seat'])} {cards(bid['cards'])}"


def _payment(result: dict) -> str:
    tied = len(result["winners"]) > 1
    if result["value"] == "S":
        return _("(tie: no special card)") if tied else _("(a special card)")
    return (_("({n} Yuan each)") if tied else _("({n} Yuan)")).format(n=result["each"])


def _in_a_row(items) -> str:
    """Items of a log line apart by a semicolon, spaced as the language spaces one."""
    return _("; ").join(items)


def _revealed(e):
    bids = _in_a_row(_bid_words(bid) for bid in e["revealed_bids"])
    results = _in_a_row(_("{kind} to {winners} {payment}").format(
        kind=kind_words(r["kind"]), winners=", ".join(seat(w) for w in r["winners"]), payment=_payment(r)) for r in e["results"])
    if results:
        return _("Bids revealed: {bids}. Sold: {results}.").format(bids=bids, results=results)
    return _("Bids revealed: {bids}. Nothing sold.").format(bids=bids)


def _merchants_revealed(e):
    places = ", ".join(_("{worker} on the {junk} junk").format(worker=_(data.WORKER_WORDS[data.WORKERS[worker]]),
                                                              junk=junk(on_junk))
                       for worker, on_junk in enumerate(e["merchants"]))
    return _("The merchants are turned face up: {places}.").format(places=places)


def _ended(e):
    scores = ", ".join(f"{seat(i)} {score}" for i, score in enumerate(e["scores"]))
    winners = ", ".join(seat(w) for w in e["winners"])
    return ngettext("The game is over: {scores}. Winner: {winners}.", "The game is over: {scores}. Winners: {winners}.",
                    len(e["winners"])).format(scores=scores, winners=winners)


TEMPLATES = {
    "game_started": _started,
    "cards_dealt": lambda e: _("Every player is dealt 8 goods cards; the rest go to the junks' stocks."),
    "market_shuffled": lambda e: _("The market cards are shuffled."),
    "specials_shuffled": lambda e: _("The special cards are shuffled into four stacks."),
    "merchants_shuffled": lambda e: _("The three merchants are mixed face down."),
    "merchant_placed": lambda e: _("{who} puts a face-down merchant on the {junk} junk.").format(
        who=seat(e["seat"]), junk=junk(e["junk"])),
    "merchants_revealed": _merchants_revealed,
    "round_started": _round,
    "goods_exchanged": lambda e: _("{who} exchanges a card of {give} for a card of {take}.").format(
        who=seat(e["seat"]), give=kind_words(e["give"]), take=kind_words(e["take"])),
    "exchange_done": lambda e: _("{who} is done exchanging.").format(who=seat(e["seat"])),
    "stack_searched": lambda e: _("{who} searches stack {stack} of special cards.").format(who=seat(e["seat"]),
                                                                                          stack=e["stack"] + 1),
    "special_taken": _special_taken,
    "money_declared": lambda e: _("Money is declared: {amounts}.").format(
        amounts=", ".join(_("{who} {n} Yuan").format(who=seat(i), n=m) for i, m in enumerate(e["declared"]))),
    "worker_used": _worker,
    "passed": lambda e: _("{who} has no action left and passes.").format(who=seat(e["seat"])),
    "strip_placed": _placed,
    "goods_taken": _taken,
    "goods_lost": lambda e: ngettext("{who} finds no goods left; {n} card is lost.",
                                     "{who} finds no goods left; {n} cards are lost.", e["count"]).format(
        who=seat(e["seat"]), n=e["count"]),
    "money_earned": lambda e: _("{who} earns {n} Yuan on the {junk} junk.").format(who=seat(e["seat"]), n=e["amount"],
                                                                                  junk=junk(e["junk"])),
    "special_played": lambda e: _("{who} plays the special card {name}.").format(who=seat(e["seat"]),
                                                                                name=special(e["card"])),
    "strip_lifted": _lifted,
    "bid_placed": lambda e: (_("{who} bids {cards}.").format(who=seat(e["seat"]), cards=cards(e["bid"])) if "bid" in e
                             else _("{who} bids in secret.").format(who=seat(e["seat"]))),
    "bids_revealed": _revealed,
    "reward_chosen": lambda e: (_("{who} takes 3 Yuan instead of a special card.") if e["choice"] == "yuan"
                                else _("{who} chooses a special card rather than 3 Yuan.")).format(who=seat(e["seat"])),
    "round_ended": lambda e: _("Round {round} ends: the merchants move on and {who} becomes start player.").format(
        round=e["round"], who=seat(e["start_player"])),
    "game_ended": _ended,
}


# The end of a turn tells nothing the next turn does not show.
SILENT = frozenset({"turn_ended"})


def describe(event: dict) -> str:
    if event["type"] in SILENT:
        return ""
    template = TEMPLATES.get(event["type"])
    return template(event) if template else event["type"].replace("_", " ")


def glossary() -> dict:
    """What the board page names by id: special cards, goods, junks, the actions of the workers."""
    return {
        # title: the card's whole name; name and junk: its two parts, as a card writes them on two lines
        "specials": [{"title": special(card), "name": _(data.SPECIAL_TITLES[kind]), "timing": timing,
                      "junk": _("{junk} junk").format(junk=junk(data.JUNKS[on_junk])) if on_junk >= 0 else None,
                      "text": _(SPECIAL_EFFECTS[kind])}
                     for card, (kind, timing, on_junk) in enumerate(data.SPECIALS)],
        "goods": {kind: _(data.GOODS_WORDS[name]) for kind, name in zip(data.KINDS, data.GOODS)},
        "junks": {name: _(word) for name, word in data.JUNK_WORDS.items()},
        "actions": {key: _(word) for key, word in data.ACTION_WORDS.items()},
        "workers": {key: _(word) for key, word in data.WORKER_WORDS.items()},
        "workers_used": {key: _(word) for key, word in data.WORKER_USED_WORDS.items()},
        "last_round_s_yuan": data.LAST_ROUND_S_YUAN,
        "rounds": data.ROUNDS,
        # Per layer parity and slot, where a strip lies, "{layer}" its number (the board's words
        # for a slot, as the log's).
        "strip_places": [[_(word) for word in places] for places in data.STRIP_PLACES],
        "end_reasons": {"rounds_played": _("All {rounds} rounds have been played.").format(rounds=data.ROUNDS)},
        # The end table's columns: the parts of a score, by their key in the outcome's breakdown.
        "score_columns": {key: _(word) for key, word in SCORE_COLUMNS.items()},
    }
