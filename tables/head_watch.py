"""Pushes are at-most-once (a Redis restart loses some): each event loop watches the heads of
the tables its websockets show, and a socket left behind catches up from the store."""
from __future__ import annotations

import asyncio
import logging
import time
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.utils import timezone

from tables import moves_on_loop
from tables.models import Event, Table

if TYPE_CHECKING:
    from tables.consumers import TableConsumer

log = logging.getLogger(__name__)


def heads_of(positions: set[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, float]]:
    """For each (table, seq) a consumer stands at: the table's head seq, and how many seconds
    ago the event after that seq was written (0 when there is none). One query, with array
    parameters however many are asked about."""
    if connection.vendor != "postgresql":
        now, found = timezone.now(), {}
        for table, seq in positions:
            head = Table.objects.filter(pk=table).values_list("head_seq", flat=True).first()
            written = Event.objects.filter(table_id=table, seq=seq + 1).values_list("created_at", flat=True).first()
            if head is not None:
                found[table, seq] = (head, (now - written).total_seconds() if written else 0.0)
        return found
    tables, seqs = zip(*positions) if positions else ((), ())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT p.table_id, p.seq, t.head_seq, coalesce(extract(epoch FROM now() - e.created_at)::float8, 0) "
            "FROM unnest(%s::integer[], %s::integer[]) AS p(table_id, seq) "
            f"JOIN {Table._meta.db_table} t ON t.id = p.table_id "
            f"LEFT JOIN {Event._meta.db_table} e ON e.table_id = p.table_id AND e.seq = p.seq + 1",
            [list(tables), list(seqs)])
        return {(table, seq): (head, age) for table, seq, head, age in cursor.fetchall()}


class HeadWatch:
    """One per event loop. A consumer whose seq has not moved for WS_STUCK_SECONDS is looked at:
    when its table's head is past it and the first event it lacks was written WS_STUCK_SECONDS
    ago or more, the push that should have brought it is lost, and the consumer catches up
    from the store (at most CATCH_UP_LIMIT of them per look). An event written more recently
    may still have its push on the way (under load a push takes a while), and reading the store
    for it would be work thrown away.

    Consumers that keep moving with their tables are never looked at, so a look costs nothing for the
    tables in play, however many there are. A quiet consumer found level is looked at again
    after half its quiet time (WS_HEAD_CHECK_SECONDS at least, WS_QUIET_CHECK_MAX_SECONDS at
    most): a lost push at a live table is found within seconds, and ten thousand idle sockets
    cost a look at each every half minute."""

    CATCH_UP_LIMIT = 50

    def __init__(self):
        self.consumers: set["TableConsumer"] = set()
        self.next_look: dict["TableConsumer", float] = {}  # a quiet consumer: when to look at it again
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self):
        while True:
            await asyncio.sleep(settings.WS_HEAD_CHECK_SECONDS)
            try:
                await self.look()
            except Exception:  # keep watching: the next look may succeed
                log.exception("head check failed")

    def due(self, now: float) -> list["TableConsumer"]:
        """The quiet consumers (their seq still since WS_STUCK_SECONDS) whose time to be looked
        at has come, but for those of tables with a move under way here (its push is coming)."""
        quiet_from, moving = now - settings.WS_STUCK_SECONDS, moves_on_loop.moves_in_flight()
        return [c for c in self.consumers
                if c.moved_at <= quiet_from and self.next_look.get(c, 0.0) <= now and c.table_id not in moving]

    async def look(self):
        now = time.monotonic()
        due = self.due(now)
        if not due:
            return
        read_heads = database_sync_to_async(heads_of, thread_sensitive=False, executor=HEAD_READS)
        heads = await read_heads({(c.table_id, c.seq) for c in due})
        stuck = []
        for c in due:
            head, age = heads.get((c.table_id, c.seq), (-1, 0.0))
            if c.seq < head and age >= settings.WS_STUCK_SECONDS and not c.sending.locked():
                stuck.append((c, head))
            quiet = now - c.moved_at
            self.next_look[c] = now + min(max(quiet / 2, settings.WS_HEAD_CHECK_SECONDS),
                                          settings.WS_QUIET_CHECK_MAX_SECONDS)
        stuck = stuck[:self.CATCH_UP_LIMIT]
        for c, _ in stuck:
            self.next_look.pop(c, None)  # looked at again at the next look, if still behind
        await asyncio.gather(*(c.catch_up(head) for c, head in stuck), return_exceptions=True)

    def forget(self, consumer: "TableConsumer") -> None:
        self.consumers.discard(consumer)
        self.next_look.pop(consumer, None)


# The head watches' own thread: on the one thread of sync work a look would wait behind every
# queued move.
HEAD_READS = ThreadPoolExecutor(1, thread_name_prefix="head-watch")
_watches: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, HeadWatch]" = weakref.WeakKeyDictionary()


def watch(consumer: "TableConsumer") -> None:
    loop = asyncio.get_running_loop()
    if loop not in _watches:
        _watches[loop] = HeadWatch()
    _watches[loop].consumers.add(consumer)


async def unwatch(consumer: "TableConsumer") -> None:
    """The loop's last consumer leaving stops its head watch and closes its pool of move
    connections."""
    head_watch = _watches.get(asyncio.get_running_loop())
    if head_watch is None:
        return
    head_watch.forget(consumer)
    if not head_watch.consumers:
        head_watch.task.cancel()
        del _watches[asyncio.get_running_loop()]
        await moves_on_loop.close_pool()
