"""Final scoring: tokens, prestige, then the hand comparison capped by tokens; ties by cash.

Scores are the points alone. A top merchant wins and ranks first whatever its points; the
other seats rank by points, then cash.
"""
from __future__ import annotations

from engines.core import places
from engines.dunhuang import data
from engines.dunhuang.state import NO_SEAT, tokens_held


def hand_cards_scored(state: dict) -> list[list[int]]:
    """Per seat, the hand cards that score.

    For each good from gold upward, every seat with the most cards of it (ties included) keeps
    one; then a seat keeps only as many cards as it holds majority tokens, the highest ones.
    """
    hands = state["hands"]
    kept: list[list[int]] = [[] for _ in hands]
    for good in range(1, data.MAX_GOOD + 1):
        most = max(hand[good] for hand in hands)
        if most:
            for seat, hand in enumerate(hands):
                if hand[good] == most:
                    kept[seat].append(good)
    return [sorted(cards, reverse=True)[: tokens_held(state, seat)] for seat, cards in enumerate(kept)]


def breakdown(state: dict) -> list[dict]:
    scored = hand_cards_scored(state)
    winner = state["result"]["winner"] if state["result"] else NO_SEAT
    rows = []
    for seat in range(state["n"]):
        tokens = tokens_held(state, seat)
        row = {
            "seat": seat,
            "tokens": tokens,
            "token_points": tokens * data.POINTS_PER_TOKEN,
            "prestige_points": state["prestige"][seat] * data.POINTS_PER_PRESTIGE,
            "scored_cards": scored[seat],
            "hand_points": sum(scored[seat]),
            "top_merchant": seat == winner,
            "cash": state["coins"][seat],
        }
        row["total"] = row["token_points"] + row["prestige_points"] + row["hand_points"]
        rows.append(row)
    return rows


def outcome(state: dict) -> dict | None:
    result = state["result"]
    if result is None:
        return None
    rows = breakdown(state)
    scores = [row["total"] for row in rows]
    players, first = state["n"], state["first_player"]

    def rank_key(seat: int) -> tuple:
        # The top merchant first; then points, then cash; seats equal on both in turn order.
        return (not rows[seat]["top_merchant"], -scores[seat], -rows[seat]["cash"], (seat - first) % players)

    ranking = sorted(range(players), key=rank_key)
    if result["reason"] == "top_merchant":
        winners = [result["winner"]]
    else:
        best = rank_key(ranking[0])[:3]
        winners = [seat for seat in ranking if rank_key(seat)[:3] == best]
    return {
        "scores": scores,
        "winners": winners,
        "ranking": ranking,
        "places": places([rank_key(seat)[:3] for seat in range(players)]),
        "breakdown": rows,
        "reason": result["reason"],
    }
