"""The sixteen character faces: when each may be used, and the picks that carry it out.

Using a face is one click ("use"); a face that needs choices then asks for them one pick at a
time (the step names what is picked). A face may only be used when it can be carried out.
"""
from __future__ import annotations

import random

from engines.core import IllegalAction
from engines.dunhuang import data
from engines.dunhuang.evolve import evolve
from engines.dunhuang.majority import majority_events
from engines.dunhuang.state import cards_of, current_face, draw, tokens_held
from engines.i18n import N_, catalog

_, ngettext = catalog(__file__)


def _goods(counts: list[int]) -> list[int]:
    return [good for good, count in enumerate(counts) if count]


def _market_goods(state: dict) -> set[int]:
    return {good for good in state["market"] if good}


def _swappable(counts: list[int], others: set[int]) -> list[int]:
    """Goods of `counts` that can be swapped for some good of another kind in `others`."""
    return [good for good in _goods(counts) if others - {good}]


def _neighbour_slots(state: dict) -> list[int]:
    camel = state["camel"]
    slots = sorted({(camel - 1) % data.TILES, (camel + 1) % data.TILES})
    return [slot for slot in slots if state["market"][slot]]


def _farmer_slot(state: dict) -> int:
    return (state["camel"] + state["steps"]) % data.TILES


def _guardable(state: dict, seat: int) -> list[int]:
    return [good for good, holder in enumerate(state["tokens"]) if holder == seat and state["guards"][good] is None]


def exchange_size(state: dict, seat: int, opponent: int) -> int:
    hands = state["hands"]
    return min(data.EXCHANGE_CARDS, sum(hands[seat]), sum(hands[opponent]))


def _partners(state: dict, seat: int) -> list[int]:
    return [other for other in range(state["n"]) if other != seat and exchange_size(state, seat, other)]


def _draw_size(state: dict, face: str) -> int:
    wanted = state["steps"] if face == "interpreter" else data.DIPLOMAT_DRAW
    return min(wanted, len(state["deck"]))


# ----------------------------------------------------------------------------- availability


def can_use(state: dict, seat: int) -> bool:
    return USABLE[current_face(state)](state, seat)


def _can_swap_with_market(state: dict, counts: list[int]) -> bool:
    return bool(_swappable(counts, _market_goods(state)))


# Face -> whether `seat` can carry it out now (RULES.md, "The sixteen faces").
USABLE = {
    "interpreter": lambda state, seat: bool(state["deck"]),
    "diplomat": lambda state, seat: bool(state["deck"]),
    "soldier": lambda state, seat: _can_swap_with_market(state, state["shops"][seat]),
    "general": lambda state, seat: _can_swap_with_market(state, state["hands"][seat]),
    "shepherd": lambda state, seat: bool(_neighbour_slots(state)),
    "farmer": lambda state, seat: bool(state["market"][_farmer_slot(state)]),
    "manichean": lambda state, seat: bool(_guardable(state, seat)),
    "buddhist": lambda state, seat: bool(_guardable(state, seat)),
    "princess": lambda state, seat: tokens_held(state, seat) > 0,
    "dancer": lambda state, seat: True,
    "painter": lambda state, seat: any(state["hands"][seat]),
    "musician": lambda state, seat: any(state["shops"][seat]),
    "trader": lambda state, seat: bool(_partners(state, seat)),
    "merchant": lambda state, seat: bool(_partners(state, seat)),
    "maid": lambda state, seat: bool(_swappable(state["shops"][seat], set(_goods(state["hands"][seat])))),
    "domestic": lambda state, seat: any(state["hands"][seat]) or any(state["shops"][seat]),
}


# Why a face cannot act for a seat now, by reason (`why_unusable`): a sentence for the player,
# "{face}" named by the page.
UNUSABLE = {
    "deck_empty": N_("The {face} can do nothing for you: the goods deck is empty."),
    "market_empty": N_("The {face} can do nothing for you: the market holds no goods."),
    "shop_same_kind": N_("The {face} can do nothing for you: no market card is of another kind than the cards in"
                         " your shop."),
    "hand_same_kind": N_("The {face} can do nothing for you: no market card is of another kind than the cards in"
                         " your hand."),
    "neighbours_empty": N_("The {face} can do nothing for you: neither neighbouring tile has goods."),
    "farmer_empty": N_("The {face} can do nothing for you: the tile as far ahead of the camel as it moved has no"
                       " goods."),
    "no_token": N_("The {face} can do nothing for you: you hold no majority token."),
    "tokens_guarded": N_("The {face} can do nothing for you: every majority token you hold has a guard already."),
    "hand_empty": N_("The {face} can do nothing for you: your hand is empty."),
    "shop_empty": N_("The {face} can do nothing for you: your shop is empty."),
    "no_partner": N_("The {face} can do nothing for you: no other player has cards in hand."),
    "same_kind": N_("The {face} can do nothing for you: your shop and your hand hold only one and the same kind"
                    " of goods."),
    "nothing_to_move": N_("The {face} can do nothing for you: your hand and your shop are empty."),
}


def why_unusable(state: dict, seat: int) -> str | None:
    """The key in UNUSABLE of why the face under the camel cannot act for `seat` now; None when
    it can. Read where the seat may see it only: some reasons tell of its hand."""
    if can_use(state, seat):
        return None
    face = current_face(state)
    hand, shop = any(state["hands"][seat]), any(state["shops"][seat])
    if face in ("interpreter", "diplomat"):
        return "deck_empty"
    if face in ("soldier", "general"):
        mine, zone = (shop, "shop") if face == "soldier" else (hand, "hand")
        if not mine:
            return f"{zone}_empty"
        return f"{zone}_same_kind" if _market_goods(state) else "market_empty"
    if face in ("manichean", "buddhist", "princess"):
        return "tokens_guarded" if tokens_held(state, seat) else "no_token"
    if face in ("painter", "trader", "merchant") and not hand:
        return "hand_empty"
    if face in ("musician", "maid") and not shop:
        return "shop_empty"
    if face == "maid":
        return "same_kind" if hand else "hand_empty"
    return {"shepherd": "neighbours_empty", "farmer": "farmer_empty", "trader": "no_partner",
            "merchant": "no_partner", "domestic": "nothing_to_move"}[face]


def use_events(state: dict, seat: int) -> list[dict]:
    """The events of choosing to use the face under the camel (the picks follow)."""
    face = current_face(state)
    events = [{"type": "character_used", "seat": seat, "face": face}]
    if face in ("interpreter", "diplomat"):
        drawn = draw(state["deck"], _draw_size(state, face))
        events.append({"type": "cards_drawn", "seat": seat, "count": len(drawn), "drafted": drawn})
    elif face == "farmer":
        slot = _farmer_slot(state)
        events.append({"type": "extra_goods_taken", "seat": seat, "slot": slot, "good": state["market"][slot]})
    elif face == "princess":
        amount = tokens_held(state, seat) * data.PRINCESS_PRESTIGE_PER_TOKEN
        events.append({"type": "prestige_gained", "seat": seat, "amount": amount})
    elif face == "dancer":
        events.append({"type": "prestige_gained", "seat": seat, "amount": data.DANCER_PRESTIGE})
    return events


# ----------------------------------------------------------------------------- picks


def pick_options(state: dict, seat: int) -> list[dict]:
    """Every legal pick for the face's current step."""
    step, face = state["step"], current_face(state)
    hand, shop = state["hands"][seat], state["shops"][seat]
    if step == "keep":
        return [{"type": "keep", "card": good} for good in sorted(set(state["pending"][seat]))]
    if step == "give":
        return [{"type": "give", "card": good} for good in _goods(hand)]
    if step == "pick_token":
        return [{"type": "pick_token", "good": good} for good in _guardable(state, seat)]
    if step == "pick_opponent":
        return [{"type": "pick_opponent", "opponent": other} for other in _partners(state, seat)]
    if step == "pick_slot":
        return [{"type": "pick_slot", "slot": slot} for slot in _slot_choices(state, face)]
    if step == "domestic":
        return [{"type": "pick_shop", "card": good} for good in _goods(shop)] + [
            {"type": "pick_hand", "card": good} for good in _goods(hand)]
    if step == "pick_shop":
        goods = _goods(shop)
        if face == "soldier":
            goods = _swappable(shop, _market_goods(state))
        elif face == "maid":
            goods = _swappable(shop, set(_goods(hand)))
        return [{"type": "pick_shop", "card": good} for good in goods]
    goods = _goods(hand)  # pick_hand
    if face == "general":
        goods = _swappable(hand, _market_goods(state))
    elif face == "maid":
        goods = [good for good in goods if good != state["pick"]]
    return [{"type": "pick_hand", "card": good} for good in goods]


def _slot_choices(state: dict, face: str) -> list[int]:
    if face == "shepherd":
        return _neighbour_slots(state)
    return [slot for slot, good in enumerate(state["market"]) if good and good != state["pick"]]


PICK_HELP = {
    "keep": N_("Keep one of the cards you drew."),
    "give": N_("Give a card that is in your hand."),
    "pick_token": N_("Choose one of your majority tokens that has no guard."),
    "pick_opponent": N_("Choose an opponent with cards in hand (you need cards in hand too)."),
    "pick_slot": N_("Choose a market slot this character allows."),
    "pick_shop": N_("Choose a card of your shop that this character can use."),
    "pick_hand": N_("Choose a card of your hand that this character can use."),
    "domestic": N_("Choose a card to move: one of your shop goes to your hand, one of your hand to your shop."),
}


def pick_events(state: dict, seat: int, action: dict, rng: random.Random) -> list[dict]:
    if action not in pick_options(state, seat):
        raise IllegalAction("bad_choice", _(PICK_HELP[state["step"]]))
    kind, face = action["type"], current_face(state)
    if kind == "keep":
        return [_kept(state, seat, action["card"])]
    if kind == "give":
        return [_given(state, seat, action["card"])]
    if kind == "pick_token":
        return [{"type": "guard_placed", "seat": seat, "good": action["good"], "guard": face}]
    if kind == "pick_opponent":
        return _exchange_events(state, seat, action["opponent"], face, rng)
    if kind == "pick_slot":
        return _slot_events(state, seat, action["slot"], face)
    return _card_events(state, seat, kind, action["card"], face)


def _kept(state: dict, seat: int, good: int) -> dict:
    rest = list(state["pending"][seat])
    rest.remove(good)
    return {"type": "drawn_kept", "seat": seat, "hand": good, "secret": rest, "returned": len(rest)}


def _given(state: dict, giver: int, good: int) -> dict:
    receiver = state["opponent"] if giver == state["turn"] else state["turn"]
    return {"type": "card_given", "seat": giver, "to": receiver,
            "private": [{"seat": giver, "secret": good}, {"seat": receiver, "secret": good}]}


def _exchange_events(state: dict, seat: int, opponent: int, face: str, rng: random.Random) -> list[dict]:
    count = exchange_size(state, seat, opponent)
    if face == "merchant":
        return [{"type": "prestige_gained", "seat": seat, "amount": data.MERCHANT_PRESTIGE},
                {"type": "exchange_started", "seat": seat, "from": opponent, "count": count}]
    taken = sorted(rng.sample(cards_of(state["hands"][opponent]), count))
    return [{"type": "cards_snatched", "seat": seat, "from": opponent, "count": count,
             "private": [{"seat": seat, "secret": taken}, {"seat": opponent, "secret": taken}]}]


def _slot_events(state: dict, seat: int, slot: int, face: str) -> list[dict]:
    took = state["market"][slot]
    if face == "shepherd":
        return [{"type": "extra_goods_taken", "seat": seat, "slot": slot, "good": took}]
    zone = "shop" if face == "soldier" else "hand"
    swap = {"type": "market_swapped", "seat": seat, "zone": zone, "slot": slot, "gave": state["pick"], "took": took}
    if zone == "hand":
        return [swap]
    return _with_majority(state, seat, swap, gained=took, lost=state["pick"])


def _card_events(state: dict, seat: int, kind: str, good: int, face: str) -> list[dict]:
    zone = "shop" if kind == "pick_shop" else "hand"
    if face in ("soldier", "general") or (face == "maid" and zone == "shop"):
        return [{"type": "picked", "seat": seat, "zone": zone, "good": good}]
    if face in ("painter", "musician"):
        discard = {"type": "card_discarded", "seat": seat, "zone": zone, "good": good,
                   "prestige": data.ARTIST_PRESTIGE}
        return _with_majority(state, seat, discard, lost=good) if zone == "shop" else [discard]
    if face == "maid":
        swap = {"type": "shop_hand_swapped", "seat": seat, "to_hand": state["pick"], "to_shop": good}
        return _with_majority(state, seat, swap, gained=good, lost=state["pick"])
    to = "hand" if zone == "shop" else "shop"  # the domestic moves the card across
    move = {"type": "card_moved", "seat": seat, "good": good, "to": to}
    return _with_majority(state, seat, move, gained=good if to == "shop" else 0, lost=good if to == "hand" else 0)


def _with_majority(state: dict, seat: int, event: dict, gained: int = 0, lost: int = 0) -> list[dict]:
    return [event] + majority_events(evolve(state, event), seat, gained, lost)
