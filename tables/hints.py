"""Hints at practice tables: the move the expert bot would make for a player's seat now.

Only at an unrated table where the player sits with bots alone, so that a hint can help no one
against another person and changes no rating. The hint is the expert's choice from exactly what
an AI seat in the player's place is given (`reading.bot_position`: the seat's view and legal
actions, never the state), so it tells nothing the seat may not see. It reads the head and writes
nothing: no event, no change to the table. The search takes about a second, in the request's
own thread (Django runs a sync view off the event loop); one hint at a time per player, and
settings.RATE_LIMITS["hints"] of them.
"""
from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import gettext as _

from engines import bots
from tables import ratelimit, store
from tables.errors import Refused, not_found
from tables.heads import seats_of
from tables.models import Seat, Table
from tables.reading import bot_position

# How long a player's hint holds their lock at most (a hint takes about a second; a process that
# dies while working one out must not keep its player from hints for long).
BUSY_SECONDS = 30


def hint(table_id: int, user) -> dict:
    """{seq, action, reason} of the expert's move for `user`'s seat at the head."""
    table = store.read_head(table_id, lock=False)
    if table is None:
        raise not_found()
    seat = allowed_seat(table, user)
    engine, view, legal, rng = bot_position(table, seat)
    if not legal:
        raise not_your_turn()
    busy = f"hint:{user.pk}"
    if not cache.add(busy, 1, BUSY_SECONDS):
        raise Refused("hint_busy", _("Your last hint is still being worked out: wait for it."), 429)
    try:
        wait = ratelimit.hit("hints", user.pk)
        if wait is not None:
            raise Refused("throttled", _("Too many hints: try again in %(seconds)d s.") % {"seconds": int(wait) + 1},
                          429, retry_after=int(wait) + 1)
        advice = bots.advise(engine, view, seat, legal, rng)
    finally:
        cache.delete(busy)
    return {"seq": table.head_seq, "action": advice.action, "reason": bots.explain(advice)}


def allowed_seat(table: Table, user) -> int:
    """`user`'s seat, when a hint may be given there now; else refused with the reason."""
    seats = seats_of(table)
    mine = next((seat for seat in seats if seat.kind == Seat.Kind.HUMAN and seat.user_id == user.pk), None)
    if mine is None:
        raise Refused("not_seated", _("Hints are for the players seated at the table."), 403)
    if table.rated:
        raise Refused("rated_table", _("There are no hints at a rated table."), 403)
    if any(seat.kind != Seat.Kind.AI for seat in seats if seat is not mine):
        raise Refused("not_alone", _("Hints are only for games against bots alone: another person has a seat here."),
                      403)
    if table.status != Table.Status.RUNNING:
        raise Refused("not_running", _("The game is not running."), 409)
    if mine.index not in table.to_act or mine.bot_plays:
        raise not_your_turn()
    return mine.index


def not_your_turn() -> Refused:
    return Refused("not_your_turn", _("A hint is for your own turn: it is not your turn now."), 409)
