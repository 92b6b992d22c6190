"""Hints at practice tables: the move the expert bot would make for a player's seat now.

Only at an unrated table where the player sits with bots alone, so that a hint can help no one
against another person and changes no rating. The hint is the expert's choice from exactly what
an AI seat in the player's place is given (`reading.bot_position`: the seat's view and legal
actions, never the state), so it tells nothing the seat may not see. It reads the head and writes
nothing: no event, no change to the table. The expert thinks about a second: with Celery
(settings.AI_DISPATCH) in a worker of the thinking bots' queue, so that no server process spends
its core and its interpreter's lock on it while its event loop moves other tables, the request
waiting for the answer in Redis; inline, in the request's own thread. One hint at a time per
player, and settings.RATE_LIMITS["hints"] of them.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import uuid

import redis
from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from engines import bots
from engines.bots.expert import Advice
from tables import ratelimit, store
from tables.errors import Refused, not_found
from tables.heads import seats_of
from tables.models import Seat, Table
from tables.reading import bot_position

# How long a player's hint holds their lock at most (a hint takes about a second; a process that
# dies while working one out must not keep its player from hints for long).
BUSY_SECONDS = 30
REPLY_SECONDS = 10  # how long a request waits for a worker's hint
TASK = "ai_workers.tasks.work_out_hint"


def hint(table_id: int, user) -> dict:
    """{seq, action, reason} of the expert's move for `user`'s seat at the head."""
    table = store.read_head(table_id, lock=False)
    if table is None:
        raise not_found()
    seat = allowed_seat(table, user)
    busy = f"hint:{user.pk}"
    if not cache.add(busy, 1, BUSY_SECONDS):
        raise Refused("hint_busy", _("Your last hint is still being worked out: wait for it."), 429)
    try:
        wait = ratelimit.hit("hints", user.pk)
        if wait is not None:
            raise Refused("throttled", _("Too many hints: try again in %(seconds)d s.") % {"seconds": int(wait) + 1},
                          429, retry_after=int(wait) + 1)
        advice = work_out(table, seat) if settings.AI_DISPATCH != "celery" else from_worker(table, seat)
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


def work_out(table: Table, seat: int) -> Advice:
    """The expert's advice for `seat` at `table`'s head."""
    engine, view, legal, rng = bot_position(table, seat)
    if not legal:
        raise not_your_turn()
    return bots.advise(engine, view, seat, legal, rng)


def from_worker(table: Table, seat: int) -> Advice:
    """`work_out` in a worker of the thinking bots' queue, its answer waited for in Redis."""
    reply_to = f"{ratelimit.key_prefix()}hint-reply:{uuid.uuid4().hex}"
    current_app.send_task(TASK, [table.pk, seat, table.head_seq, reply_to], queue=settings.AI_SEARCH_QUEUE)
    answer = replies(settings.REDIS_URL).blpop([reply_to], timeout=REPLY_SECONDS)
    if answer is None:
        raise Refused("hint_late", _("No hint came in time: try again in a moment."), 503)
    advice = json.loads(answer[1])
    if advice is None:
        raise Refused("stale_seq", _("The game has moved on: ask again."), 409)
    return Advice(**advice)


@functools.cache
def replies(url: str) -> redis.Redis:
    """The hints' way through Redis: its reads wait out REPLY_SECONDS (redis-py's own socket
    timeout, 5 s, is shorter)."""
    return redis.Redis.from_url(url, socket_timeout=REPLY_SECONDS + 5)


def work_out_stored(table_id: int, seat: int, head_seq: int, reply_to: str) -> None:
    """The worker's part of `from_worker`: the advice at head `head_seq` into `reply_to`
    (null when the table has moved on since the request)."""
    table = store.read_head(table_id, lock=False)
    moved_on = table is None or table.head_seq != head_seq or table.status != Table.Status.RUNNING
    try:
        advice = None if moved_on else dataclasses.asdict(work_out(table, seat))
    except Refused:
        advice = None
    replies(settings.REDIS_URL).pipeline().rpush(reply_to, json.dumps(advice)).expire(reply_to, REPLY_SECONDS).execute()
