"""Majority tokens: the events that follow a change to one shop.

Only the shop that changed is checked. A shop that loses its most-or-tied-most count of a good
returns that token to the bank; a shop that gains cards and then has the most or ties for the
most claims the token, subject to the guard on it (RULES.md, "Majority tokens").
"""
from __future__ import annotations

from engines.dunhuang import data
from engines.dunhuang.state import NO_SEAT


def has_most(shops: list[list[int]], seat: int, good: int) -> bool:
    mine = shops[seat][good]
    return mine > 0 and all(mine >= shop[good] for shop in shops)


def majority_events(state: dict, seat: int, gained: int = 0, lost: int = 0, resume: str = "end_turn") -> list[dict]:
    """Token events after `seat`'s shop gained one card of `gained` and/or lost one of `lost`.

    `state` is the state after the change; `resume` is the step that follows a fee decision.
    """
    events = []
    shops, tokens = state["shops"], state["tokens"]
    if lost and tokens[lost] == seat and not has_most(shops, seat, lost):
        events.append({"type": "token_returned", "seat": seat, "good": lost})
    if gained and tokens[gained] != seat and has_most(shops, seat, gained):
        claim = _claim(state, seat, gained, resume)
        if claim:
            events.append(claim)
    return events


def _claim(state: dict, seat: int, good: int, resume: str) -> dict | None:
    holder = state["tokens"][good]
    guard = state["guards"][good]
    shops = state["shops"]
    exceeds = holder == NO_SEAT or shops[seat][good] > shops[holder][good]
    if exceeds or guard is None:
        return {"type": "token_taken", "seat": seat, "good": good, "from": holder, "paid": 0}
    if guard == "manichean":  # the guard holds once, then is turned back
        return {"type": "guard_blocked", "seat": seat, "good": good, "holder": holder}
    if state["coins"][seat] >= data.BUDDHIST_FEE:
        return {"type": "guard_fee_due", "seat": seat, "good": good, "holder": holder, "resume": resume}
    return None  # a Buddhist guard and no money for the fee: the token stays


def fee_events(state: dict, seat: int, pay: bool) -> list[dict]:
    """The answer to a Buddhist fee: pay and take the token, or leave it."""
    good = state["fee_good"]
    if pay:
        holder = state["tokens"][good]
        return [{"type": "token_taken", "seat": seat, "good": good, "from": holder, "paid": data.BUDDHIST_FEE}]
    return [{"type": "guard_fee_refused", "seat": seat, "good": good}]
