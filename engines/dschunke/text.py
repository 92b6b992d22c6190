"""Log lines in words; seats appear as "{seat0}" placeholders for the caller to name."""
from __future__ import annotations

from engines.dschunke import data


def seat(index) -> str:
    return "{seat%d}" % index


def cards(bid: dict) -> str:
    return " and ".join(f"{count} {kind}" for kind, count in bid.items()) or "nothing"


def _started(e):
    return f"The game begins with {e['players']} players; {seat(e['start_player'])} starts."


def _round(e):
    values = ", ".join(f"{kind} {value}" for kind, value in e["values"].items())
    return f"Round {e['round']}: {seat(e['start_player'])} reveals the market card ({values})."


def _worker(e):
    title = data.WORKER_TITLES[data.WORKERS.index(e["worker"])]
    action = data.ACTION_NAMES[data.ACTION_KEYS.index(e["action"])]
    return f"{seat(e['seat'])} uses the {title} to {action} on the {e['junk']} junk."


def _placed(e):
    owner = data.COLOURS[e["owner"]]
    return f"{seat(e['seat'])} loads a {owner} strip on the {e['junk']} junk (slot {e['slot'] + 1})."


def _taken(e):
    plural = "s" if e["count"] != 1 else ""
    return f"{seat(e['seat'])} takes {e['count']} {e['kind']} ({data.GOODS[data.KIND_INDEX[e['kind']]]}) card{plural}."


def _special_taken(e):
    card = e.get("specials")
    what = data.special_title(card[0]) if card else "a special card"
    return f"{seat(e['seat'])} takes {what} from stack {e['stack'] + 1}."


def _revealed(e):
    bids = "; ".join(
        f"{seat(b['seat'])} {'void bid of ' if b['void'] else ''}{cards(b['cards'])}" for b in e["revealed_bids"]
    )
    results = "; ".join(f"{r['kind']} to {', '.join(seat(w) for w in r['winners'])} {_payment(r)}" for r in e["results"])
    return f"Bids revealed: {bids}." + (f" Sold: {results}." if results else " Nothing sold.")


def _payment(result: dict) -> str:
    tied = len(result["winners"]) > 1
    if result["value"] == "S":
        return "(tie: no special card)" if tied else "(a special card)"
    return f"({result['each']} Yuan each)" if tied else f"({result['each']} Yuan)"


def _merchants_revealed(e):
    places = ", ".join(
        f"{data.WORKER_TITLES[worker]} on the {junk} junk" for worker, junk in enumerate(e["merchants"]))
    return f"The merchants are turned face up: {places}."


def _ended(e):
    scores = ", ".join(f"{seat(i)} {score}" for i, score in enumerate(e["scores"]))
    label = "Winners" if len(e["winners"]) > 1 else "Winner"
    return f"The game is over: {scores}. {label}: {', '.join(seat(w) for w in e['winners'])}."


TEMPLATES = {
    "game_started": _started,
    "cards_dealt": lambda e: "Every player is dealt 8 goods cards; the rest go to the junks' stocks.",
    "market_shuffled": lambda e: "The market cards are shuffled.",
    "specials_shuffled": lambda e: "The special cards are shuffled into four stacks.",
    "merchants_shuffled": lambda e: "The three merchants are mixed face down.",
    "merchant_placed": lambda e: f"{seat(e['seat'])} puts a face-down merchant on the {e['junk']} junk.",
    "merchants_revealed": _merchants_revealed,
    "round_started": _round,
    "goods_exchanged": lambda e: f"{seat(e['seat'])} exchanges a {e['give']} card for a {e['take']} card.",
    "exchange_done": lambda e: f"{seat(e['seat'])} makes no (more) exchanges.",
    "stack_searched": lambda e: f"{seat(e['seat'])} searches stack {e['stack'] + 1} of special cards.",
    "special_taken": _special_taken,
    "money_declared": lambda e: "Money is declared: " + ", ".join(f"{seat(i)} {m} Yuan" for i, m in enumerate(e["declared"])) + ".",
    "worker_used": _worker,
    "passed": lambda e: f"{seat(e['seat'])} has no action left and passes.",
    "strip_placed": _placed,
    "goods_taken": _taken,
    "goods_lost": lambda e: f"{seat(e['seat'])} finds no goods left; {e['count']} card(s) are lost.",
    "money_earned": lambda e: f"{seat(e['seat'])} earns {e['amount']} Yuan on the {e['junk']} junk.",
    "special_played": lambda e: f"{seat(e['seat'])} plays the special card {e['name']}.",
    "strip_lifted": lambda e: f"{seat(e['seat'])} lifts the {data.COLOURS[e['owner']]} strip off the {e['junk']} junk.",
    "turn_ended": lambda e: f"{seat(e['seat'])} ends the turn.",
    "bid_placed": lambda e: f"{seat(e['seat'])} bids " + (cards(e["bid"]) if "bid" in e else "in secret") + ".",
    "bids_revealed": _revealed,
    "reward_chosen": lambda e: f"{seat(e['seat'])} takes " + ("3 Yuan" if e["choice"] == "yuan" else "a special card") + " for the S.",
    "round_ended": lambda e: f"Round {e['round']} ends: the merchants move on and {seat(e['start_player'])} becomes start player.",
    "game_ended": _ended,
}


def describe(event: dict) -> str:
    template = TEMPLATES.get(event["type"])
    return template(event) if template else event["type"].replace("_", " ")


def glossary() -> dict:
    """What the board page names by id: special cards, goods, the actions of the workers."""
    return {
        "specials": [{"title": data.special_title(card), "timing": timing}
                     for card, (_, timing, _) in enumerate(data.SPECIALS)],
        "goods": dict(zip(data.KINDS, data.GOODS)),
        "actions": dict(zip(data.ACTION_KEYS, data.ACTION_NAMES)),
        "last_round_s_yuan": data.LAST_ROUND_S_YUAN,
    }
