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

from tables import moves_on_loop
from tables.models import Table

if TYPE_CHECKING:
    from tables.consumers import TableConsumer

log = logging.getLogger(__name__)


def heads_of(table_ids: list[int]) -> dict[int, int]:
    """The head seq of each table (one array parameter, however many tables are watched)."""
    if connection.vendor != "postgresql":
        return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "head_seq"))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, head_seq FROM {Table._meta.db_table} WHERE id = ANY(%s)", [list(set(table_ids))])
        return dict(cursor.fetchall())


class HeadWatch:
    """Pushes are at-most-once (a Redis restart loses some). One per event loop: every
    WS_HEAD_CHECK_SECONDS it reads the heads of all tables watched here in one query. A
    consumer that has stayed behind its head at the same seq for WS_STUCK_SECONDS is stuck:
    it catches up from the store, at most CATCH_UP_LIMIT of them per look. Under load a push
    may take a while to arrive, and a consumer merely waiting for it is not stuck: reading the
    store for it would be work thrown away, more of it the busier the process."""

    CATCH_UP_LIMIT = 50

    def __init__(self):
        self.consumers: set["TableConsumer"] = set()
        self.behind: dict["TableConsumer", tuple[int, float]] = {}  # consumer: (its seq, since when) while behind
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self):
        while True:
            await asyncio.sleep(settings.WS_HEAD_CHECK_SECONDS)
            try:
                await self.look()
            except Exception:  # keep watching: the next look may succeed
                log.exception("head check failed")

    async def look(self):
        read_heads = database_sync_to_async(heads_of, thread_sensitive=False, executor=HEAD_READS)
        heads = await read_heads([c.table_id for c in self.consumers])
        now = time.monotonic()
        behind = {}
        for c in self.consumers:
            if c.seq < heads.get(c.table_id, -1):
                seq, since = self.behind.get(c, (c.seq, now))
                behind[c] = (seq, since) if seq == c.seq else (c.seq, now)
        self.behind = behind
        stuck = [c for c, (seq, since) in behind.items()
                 if now - since >= settings.WS_STUCK_SECONDS and not c.sending.locked()][:self.CATCH_UP_LIMIT]
        await asyncio.gather(*(c.catch_up(heads.get(c.table_id)) for c in stuck), return_exceptions=True)


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
    head_watch.consumers.discard(consumer)
    if not head_watch.consumers:
        head_watch.task.cancel()
        del _watches[asyncio.get_running_loop()]
        await moves_on_loop.close_pool()
