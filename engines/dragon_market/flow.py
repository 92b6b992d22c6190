"""What follows an action on its own: completions, the end of a turn, coins, the next turn.

`settle` runs after every action of the active seat (and at the start of a turn): it completes
the objective when the heir is home with every good (M-T21), and ends the turn when no MP is
left and none can be bought (M-T23).
"""
from __future__ import annotations

import random

from engines.dragon_market import data
from engines.dragon_market.evolve import fold
from engines.dragon_market.moves import on_goods
from engines.dragon_market.state import next_seat, objective_done, pontoon, round_of, seats_of, unit_of


def offer_event(state: dict, seat: int, cards: list, drawn_by: list | None = None) -> dict:
    """Cards a seat chooses from: public in the basic team game, else seen by the team only."""
    event = {"type": "objective_offered", "seat": seat, "count": len(cards)}
    if drawn_by:
        event["drawn_by"] = list(drawn_by)
    if state["options"].get("variant") == "advanced":
        event["copies"] = [{"seat": partner, "offer": list(cards)} for partner in _team_first(state, seat)]
    else:
        event["cards"] = list(cards)
    return event


def kept_event(state: dict, seat: int, card: str) -> dict:
    event = {"type": "objective_kept", "seat": seat, "returned": len(state["offers"][seat]) - 1}
    if state["options"].get("variant") == "advanced":
        event["copies"] = [{"seat": partner, "secret": card} for partner in _team_first(state, seat)]
    else:
        event["card"] = card
    return event


def _team_first(state: dict, seat: int) -> list:
    partners = seats_of(state, unit_of(state, seat))
    return [seat] + [other for other in partners if other != seat]


def crossing(state: dict) -> bool:
    """M-T13: the active heir stands on a square another heir holds."""
    heirs = state["heirs"]
    return heirs.count(heirs[state["turn"]]) > 1  # the active heir counts itself once


def can_buy(state: dict, seat: int) -> bool:
    return state["bought"] < data.MAX_BOUGHT and state["coins"][unit_of(state, seat)] > 0


def begin_turn(state: dict, seat: int, rng: random.Random) -> list[dict]:
    """M-T1: the dice (or the fixed MP of the house rule)."""
    if state["options"].get("fixed_mp"):
        dice, mp = [0, 0], data.FIXED_MP
    else:
        dice = [rng.choice(data.DIE_FACES), rng.choice(data.DIE_FACES)]
        mp = sum(dice)
    return [{"type": "dice_rolled", "seat": seat, "dice": dice, "mp": mp}]


def settle(state: dict, rng: random.Random) -> list[dict]:
    events = []
    while state["phase"] == "play":
        seat = state["turn"]
        unit = unit_of(state, seat)
        if tuple(state["heirs"][seat]) == pontoon(state, seat) and objective_done(state, unit):
            new = completion_events(state, seat, rng)
        elif state["mp"] <= 0 and not can_buy(state, seat) and not crossing(state) and not on_goods(state, seat):
            new = end_turn_events(state, rng)
        else:
            break
        events += new
        state = fold(state, new)
    return events


def completion_events(state: dict, seat: int, rng: random.Random) -> list[dict]:
    """M-T21, M-T27, M-A4: the card is done; the game ends or a new objective is drawn."""
    unit = unit_of(state, seat)
    card = state["objective"][unit]
    events = [{"type": "objective_completed", "seat": seat, "unit": unit, "card": card,
               "goods": list(state["held"][unit])}]
    if len(state["completed"][unit]) + 1 >= state["target"]:
        return events + [{"type": "game_ended", "reason": "objective", "winners": seats_of(state, unit),
                          "round": round_of(state)}]
    after = fold(state, events)
    if data.BONUS.get(card) == "three_coins" and state["options"].get("variant") == "advanced":
        paid, waiting = pay_events(after, seat, data.BONUS_COINS, "draw")
        events += paid
        if waiting:
            return events
        after = fold(after, paid)
    return events + draw_events(after, seat)


def draw_events(state: dict, seat: int) -> list[dict]:
    unit = unit_of(state, seat)
    deck = state["deck"]
    if not deck:
        return []
    if state["options"].get("variant") != "advanced":
        return [{"type": "objective_dealt", "seat": seat, "unit": unit, "card": deck[-1]}]
    last = state["completed"][unit][-1] if state["completed"][unit] else None
    count = data.ADVANCED_DRAW_BONUS if data.BONUS.get(last) == "draw_three" else data.ADVANCED_DRAW
    count = min(count, len(deck))  # M-A8
    return [offer_event(state, seat, deck[len(deck) - count:][::-1])]


def end_turn_events(state: dict, rng: random.Random) -> list[dict]:
    """M-T24: unused MP become coins; then the next turn."""
    seat = state["turn"]
    events = [{"type": "turn_ended", "seat": seat, "unused": state["mp"]}]
    after = fold(state, events)
    paid, waiting = pay_events(after, seat, state["mp"], "next_turn")
    events += paid
    if waiting:
        return events
    return events + next_turn_events(fold(after, paid), rng)


def next_turn_events(state: dict, rng: random.Random) -> list[dict]:
    """The next seat's dice, unless the turn that just ended was the last of the limit's round."""
    limit = state["options"].get("turn_limit") or 0
    if limit and state["turns"] >= limit * state["n"]:
        return [{"type": "game_ended", "reason": "turn_limit", "winners": leaders(state), "round": round_of(state)}]
    return begin_turn(state, next_seat(state, state["turn"]), rng)


def leaders(state: dict) -> list[int]:
    """At the turn limit: most objectives, then most goods held; ties share."""
    keys = [(len(done), len(held)) for done, held in zip(state["completed"], state["held"])]
    best = max(keys)
    return sorted(seat for seat in range(state["n"]) if keys[unit_of(state, seat)] == best)


def pay_events(state: dict, seat: int, amount: int, resume: str) -> tuple[list[dict], bool]:
    """Coins from the bank, the rest from the richest others (M-T25). Returns the events and
    whether the seat must now choose whom to take from."""
    unit = unit_of(state, seat)
    events = []
    from_bank = min(amount, state["bank"])
    if from_bank:
        events.append({"type": "coins_paid", "seat": seat, "unit": unit, "from": "bank", "amount": from_bank})
    if amount == from_bank:
        return events, False
    more, waiting = take_from_richest(state, seat, amount - from_bank, [], resume, in_shortfall=False)
    return events + more, waiting


def take_from_richest(state: dict, seat: int, owed: int, richest: list, resume: str,
                      in_shortfall: bool) -> tuple[list[dict], bool]:
    unit = unit_of(state, seat)
    coins = list(state["coins"])
    events = []
    while owed > 0:
        members = [other for other in richest if coins[other] > 0]
        if not members:
            others = [other for other in range(len(coins)) if other != unit and coins[other] > 0]
            if not others:
                break  # nobody else has coins: the rest is lost
            top = max(coins[other] for other in others)
            richest = [other for other in others if coins[other] == top]
            continue
        if len(members) == 1 or owed >= sum(coins[other] for other in members):
            for other in members:
                take = min(owed, coins[other])
                if take:
                    events.append({"type": "coins_paid", "seat": seat, "unit": unit, "from": other, "amount": take})
                    coins[other] -= take
                    owed -= take
            continue
        events.append({"type": "shortfall_started", "seat": seat, "owed": owed, "richest": list(richest),
                       "resume": resume})
        return events, True
    if in_shortfall:
        events.append({"type": "shortfall_ended", "seat": seat})
    return events, False


def resume_events(state: dict, rng: random.Random, resume: str) -> list[dict]:
    if resume == "next_turn":
        return next_turn_events(state, rng)
    return draw_events(state, state["turn"])
