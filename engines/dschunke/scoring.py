"""Final scoring, the outcome, and a heuristic estimate for bots."""
from __future__ import annotations

from engines.core import places
from engines.dschunke import data
from engines.dschunke.data import SPECIALS
from engines.dschunke.state import OVER, State


def end_bonus(state: State, seat: int) -> int:
    junks = sum(1 for vis in state.vis if vis[seat])
    return data.END_BONUS_ALL_JUNKS if junks == 5 else data.END_BONUS_PER_JUNK * junks


def _best(values: list, seat: int) -> bool:
    """Nobody has more than `seat`, and `seat` has something (ties count for everybody tied)."""
    return values[seat] > 0 and values[seat] == max(values)


def special_holds(state: State, seat: int, card: int) -> bool:
    kind, _, junk = SPECIALS[card]
    if kind == "junk_master":
        return _best(list(state.vis[junk]), seat)
    if kind == "harbour_master":
        return _best([sum(vis[s] for vis in state.vis) for s in range(state.n)], seat)
    if kind == "wholesaler":
        return min(state.hands[seat]) >= 2
    if kind == "hoarder":
        return _best([sum(hand) for hand in state.hands], seat)
    return False


def specials_bonus(state: State, seat: int) -> int:
    return sum(data.SPECIAL_BONUS for card in state.specials[seat] if special_holds(state, seat, card))


def breakdown(state: State) -> list:
    return [
        {
            "seat": seat,
            "money": state.money[seat],
            "specials_bonus": specials_bonus(state, seat),
            "end_bonus": end_bonus(state, seat),
            "hand": sum(state.hands[seat]),
        }
        for seat in range(state.n)
    ]


def final_result(state: State) -> dict:
    parts = breakdown(state)
    scores = [p["money"] + p["specials_bonus"] + p["end_bonus"] for p in parts]
    # Tie-break: the larger hand of goods cards; still equal -> a shared place.
    keys = [(-scores[seat], -parts[seat]["hand"]) for seat in range(state.n)]
    ranking = sorted(range(state.n), key=lambda seat: (keys[seat], seat))
    winners = [seat for seat in range(state.n) if keys[seat] == keys[ranking[0]]]
    return {"scores": scores, "winners": winners, "ranking": ranking, "places": places(keys), "breakdown": parts}


def outcome(state: State) -> dict | None:
    """The final result once the last round is played (the game's only ending)."""
    return {**final_result(state), "reason": "rounds_played"} if state.phase == OVER else None


def evaluate(state: State, seat: int) -> float:
    """Money, plus the end bonus and card bonuses as they stand, plus a little for what is still to be used."""
    rounds_left = max(0, data.ROUNDS - state.round)
    value = state.money[seat] + end_bonus(state, seat) + specials_bonus(state, seat)
    value += 0.5 * sum(state.hands[seat])
    value += 0.4 * min(state.strips[seat], 2 * rounds_left)
    once = sum(1 for card in state.specials[seat] if SPECIALS[card][1] == data.ONCE)
    return float(value + (3.0 * once if rounds_left else 0.0))
