"""Each game's end in words, for the end screen of every finished table: how the result came
about (the game's end condition) and each seat's score counted from its parts, in the active
language, from the engine's outcome and the seats' names."""
from __future__ import annotations

from django.utils.translation import gettext, ngettext


def signed(number: int) -> str:
    """A number as the boards write it: a true minus sign below zero (a rat costs "−1")."""
    return f"−{-number}" if number < 0 else str(number)


def _names(outcome: dict, names: list[str]) -> str:
    return ", ".join(names[seat] for seat in outcome.get("winners", []))


def _dunhuang_scores(outcome: dict, names: list[str]) -> list[str]:
    rows = outcome.get("breakdown") or []
    if outcome.get("reason") == "top_merchant":
        lines = [gettext("%(name)s became the top merchant at the end of a turn, with enough majority tokens and "
                         "four different goods in hand, and won at once: the points below no longer count.")
                 % {"name": _names(outcome, names)}]
    else:
        lines = [gettext("The goods deck ran out, so the points decide: 2 for each majority token, 1 for each "
                         "prestige, and the hand cards.")]
    for row in rows:
        cards = " + ".join(str(card) for card in row["scored_cards"]) or "0"
        lines.append(gettext("%(name)s: %(total)d = %(token_points)d for %(tokens)d majority tokens + %(prestige)d "
                             "prestige + %(hand)d for the hand cards scored (%(cards)s).")
                     % {"name": names[row["seat"]], "total": row["total"], "token_points": row["token_points"],
                        "tokens": row["tokens"], "prestige": row["prestige_points"], "hand": row["hand_points"],
                        "cards": cards})
    return lines  # the hand points' rule and the tie-break are the end table's note and column


def _dschunke_scores(outcome: dict, names: list[str]) -> list[str]:
    lines = [gettext("After ten rounds the Yuan decide: the money earned, 8 for each end-of-game special card whose "
                     "condition is met, and the end bonus of 4 for each junk where a player shows a crate (25 for all "
                     "five).")]
    for row in outcome.get("breakdown") or []:
        lines.append(gettext("%(name)s: %(total)d = %(money)d Yuan earned + %(specials)d for special cards + %(bonus)d "
                             "end bonus.")
                     % {"name": names[row["seat"]], "total": row["money"] + row["specials_bonus"] + row["end_bonus"],
                        "money": row["money"], "specials": row["specials_bonus"], "bonus": row["end_bonus"]})
    lines.append(gettext("With equal Yuan, the player with more goods cards in hand wins."))
    return lines


def _tiles_scores(outcome: dict, names: list[str]) -> list[str]:
    lines = [gettext("The last tile is placed. Only what is seen from above counts: each group of two or more "
                     "touching symbols of one kind and colour scores, and each visible rat costs its colour a point.")]
    for row in outcome.get("breakdown") or []:
        values = {"name": names[row["seat"]], "total": signed(row["total"]), "groups": row["group_points"],
                  "rats": row["rats"], "sizes": ", ".join(str(group["size"]) for group in row["groups"])}
        if row["groups"]:
            lines.append(gettext("%(name)s: %(total)s = %(groups)d for groups of %(sizes)s symbols − %(rats)d for "
                                 "visible rats.") % values)
        else:
            lines.append(gettext("%(name)s: %(total)s = no group − %(rats)d for visible rats.") % values)
    lines.append(gettext("A group of 2 scores 3, of 3 scores 6, of 4 scores 10: each symbol more adds one point more."))
    return lines


def _boats_scores(outcome: dict, names: list[str]) -> list[str]:
    lines = [gettext("After the last round everyone scores farm sets, farmer groups, bonus cards, wisdom tiles and a "
                     "point for each offering and treasure left.")]
    for row in outcome.get("breakdown") or []:
        lines.append(gettext("%(name)s: %(total)d = %(farms)d for farm sets + %(groups)d for farmer groups + %(cards)d "
                             "for bonus cards + %(wisdom)d for wisdom tiles + %(left)d for offerings and treasures.")
                     % {"name": names[row["seat"]], "total": row["total"], "farms": row["farm_points"],
                        "groups": row["group_points"], "cards": row["bonus_card_points"],
                        "wisdom": row["wisdom_tile_points"], "left": row["offering_points"] + row["treasure_points"]})
    lines.append(gettext("A farm set and a farmer group score their size squared. With equal points, the most money "
                         "wins."))
    return lines


def _market_scores(outcome: dict, names: list[str]) -> list[str]:
    """Each seat's count only: the end screen's reason already says how the game ended and who won."""
    lines = []
    held = outcome.get("goods_held") or []
    for seat, done in enumerate(outcome.get("scores") or []):
        goods = held[seat] if seat < len(held) else 0
        lines.append(gettext("%(name)s: %(objectives)s, %(goods)s.") % {
            "name": names[seat],
            "objectives": ngettext("%(count)d objective completed", "%(count)d objectives completed", done)
            % {"count": done},
            "goods": ngettext("%(count)d goods token held", "%(count)d goods tokens held", goods) % {"count": goods}})
    return lines


# Per game: (outcome, the seats' names) -> its sentences.
EXPLAINED = {
    "dunhuang": _dunhuang_scores,
    "dschunke": _dschunke_scores,
    "dschunke_tiles": _tiles_scores,
    "dragon_boats": _boats_scores,
    "dragon_market": _market_scores,
}


def explain(game: str, outcome: dict | None, names: list[str]) -> list[str]:
    """How a finished game's result came about, a sentence a line ([] before the end)."""
    if not outcome or not outcome.get("scores") or game not in EXPLAINED:
        return []
    return EXPLAINED[game](outcome, names)
