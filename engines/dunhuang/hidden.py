"""Hidden information: what each seat sees (view, redact) and imagined states (sample).

Private items sit under PRIVATE keys inside an object whose "seat" is their owner: a hand,
the cards drawn to choose from ("drafted") and the cards removed unseen or shown to two
players only ("secret"). The deck order is never shown.
"""
from __future__ import annotations

import random
from collections import Counter

from engines.core import strip_private
from engines.dunhuang import data, faces, rules, scoring
from engines.dunhuang.state import NO_SEAT, cards_of, counts_of, last_player

PRIVATE = frozenset({"hand", "drafted", "secret"})
# Turn fields shown as they are (they name seats, steps and public choices).
TURN_FIELDS = ("turn", "step", "steps", "pick", "opponent", "giver", "exchange", "to_give",
               "fee_good", "resume", "final_round", "result")


def view(state: dict, viewer: int | None) -> dict:
    over = state["step"] == "over"
    players = [_player_view(state, seat, over or seat == viewer) for seat in range(state["n"])]
    camel = state["camel"]
    circle = [
        {"tile": tile, "face": face, "action": data.FACE_TEXT[face], "goods": state["market"][tile],
         "camel": tile == camel}
        for tile, face in enumerate(state["faces"])
    ]
    shown = {
        "game": "dunhuang",
        "options": dict(state["options"]),
        "players": players,
        "circle": circle,
        "camel": camel,
        "deck_size": len(state["deck"]),
        "discards": list(state["discards"]),
        "goods": list(data.GOODS_BY_PLAYERS[state["n"]]),
        "bank_tokens": [good for good in data.GOODS_BY_PLAYERS[state["n"]] if state["tokens"][good] == NO_SEAT],
        "tokens_to_win": data.TOKENS_TO_WIN[state["n"]],
        "first_player": state["first_player"],
        "last_player": last_player(state),
        "to_act": sorted(rules.to_act(state)),
        "outcome": scoring.outcome(state),
        # Why the character under the camel cannot act, for the seat that may use it alone (some
        # reasons tell of its hand): the page says so instead of offering it.
        "cannot_use": faces.why_unusable(state, viewer) if state["step"] == "act" and viewer == state["turn"] else None,
    }
    shown.update({field: state[field] for field in TURN_FIELDS})
    return shown


def _player_view(state: dict, seat: int, open_hand: bool) -> dict:
    tokens = [good for good, holder in enumerate(state["tokens"]) if holder == seat]
    row = {
        "seat": seat,
        "coins": state["coins"][seat],
        "prestige": state["prestige"][seat],
        "shop": cards_of(state["shops"][seat]),
        "tokens": tokens,
        "guards": [{"good": good, "guard": state["guards"][good]} for good in tokens if state["guards"][good]],
        "hand_size": sum(state["hands"][seat]),
        "drafted_size": len(state["pending"][seat]),
        "removed_size": len(state["boxed"][seat]),
    }
    if open_hand:
        row["hand"] = cards_of(state["hands"][seat])
        row["drafted"] = list(state["pending"][seat])
        row["secret"] = list(state["boxed"][seat])
    return row


def redact(payload, viewer: int | None):
    """`payload` without the deck order and without private items of seats other than `viewer`."""
    return strip_private(payload, viewer, PRIVATE)


SAMPLE_TRIES = 200


def sample(shown: dict, seat: int, rng: random.Random) -> dict:
    """A full state that `seat` cannot tell from the real one: unseen cards dealt at random.

    A seat in the middle of a two-pick action (General, Maid) has shown that its hidden hand
    allows the second pick; deals that break this are drawn again.
    """
    for _ in range(SAMPLE_TRIES):
        state = _deal(shown, rng)
        if all(rules.legal_actions(state, actor) for actor in rules.to_act(state)):
            break
    return state


def _deal(shown: dict, rng: random.Random) -> dict:
    rows = shown["players"]
    players = len(rows)
    known = [good for slot in shown["circle"] for good in [slot["goods"]] if good] + list(shown["discards"])
    for row in rows:
        known += row["shop"] + row.get("hand", []) + row.get("drafted", []) + row.get("secret", [])
    unseen = list((Counter(data.deck_for(players)) - Counter(known)).elements())
    rng.shuffle(unseen)
    hands, pending, boxed = [], [], []
    for row in rows:
        hand, drafted, secret = (row.get(key) for key in ("hand", "drafted", "secret"))
        if hand is None:
            hand, unseen = unseen[: row["hand_size"]], unseen[row["hand_size"]:]
            drafted, unseen = unseen[: row["drafted_size"]], unseen[row["drafted_size"]:]
            secret, unseen = unseen[: row["removed_size"]], unseen[row["removed_size"]:]
        hands.append(counts_of(hand))
        pending.append(list(drafted))
        boxed.append(list(secret))
    tokens = [NO_SEAT] * (data.MAX_GOOD + 1)
    guards = [None] * (data.MAX_GOOD + 1)
    for row in rows:
        for good in row["tokens"]:
            tokens[good] = row["seat"]
        for guarded in row["guards"]:
            guards[guarded["good"]] = guarded["guard"]
    state = {
        "n": players,
        "options": dict(shown["options"]),
        "first_player": shown["first_player"],
        "faces": [slot["face"] for slot in shown["circle"]],
        "market": [slot["goods"] for slot in shown["circle"]],
        "deck": unseen,
        "camel": shown["camel"],
        "hands": hands,
        "shops": [counts_of(row["shop"]) for row in rows],
        "tokens": tokens,
        "guards": guards,
        "coins": [row["coins"] for row in rows],
        "prestige": [row["prestige"] for row in rows],
        "pending": pending,
        "boxed": boxed,
        "discards": list(shown["discards"]),
    }
    state.update({field: shown[field] for field in TURN_FIELDS})
    return state
