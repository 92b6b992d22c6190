"""The websocket's moves on the event loop (PostgreSQL): `moves.move_steps`, its round trips
awaited rather than run on the process's one thread of sync work.

On that thread a process had one move in flight, and each of its round trips waited for the
GIL behind the event loop on its way back. Here several moves of a process wait on PostgreSQL
at once. The steps are the same generator as the sync path's; only the transaction is held
differently: BEGIN goes in the string of the locked read and COMMIT in that of the writes, so a
move is two round trips, not four.

Each event loop has a small pool of connections with Django's own parameters and adapters,
closed when the loop's last consumer leaves.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import weakref
from dataclasses import dataclass

from channels.db import database_sync_to_async
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg import AsyncClientCursor, errors, pq
from psycopg_pool import AsyncConnectionPool

from tables import moves, publish, store
from tables.models import Table

log = logging.getLogger(__name__)
POOL_SIZE = 8  # per event loop: moves of one process in flight at once


@dataclass
class LoopPool:
    """A loop's connections, and as many slots: moves queue for a slot, a cheap wait, rather
    than inside the pool, whose every wait and return goes through its lock."""

    pool: AsyncConnectionPool
    slots: asyncio.Semaphore


_pools: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopPool]" = weakref.WeakKeyDictionary()


@functools.cache
def available() -> bool:
    """The path needs PostgreSQL (the embedded profile's SQLite takes the sync one)."""
    return connections[DEFAULT_DB_ALIAS].vendor == "postgresql"


def _pool() -> LoopPool:
    loop = asyncio.get_running_loop()
    if loop not in _pools:
        params = connections[DEFAULT_DB_ALIAS].get_connection_params()  # with Django's adapters (jsonb as text)
        params.update(cursor_factory=AsyncClientCursor, autocommit=True)
        pool = AsyncConnectionPool(kwargs=params, min_size=1, max_size=POOL_SIZE, open=False, name="moves")
        _pools[loop] = LoopPool(pool, asyncio.Semaphore(POOL_SIZE))
    return _pools[loop]


async def close_pool() -> None:
    """Close this loop's pool (its last consumer has left)."""
    found = _pools.pop(asyncio.get_running_loop(), None)
    if found is not None:
        await found.pool.close()


class Transaction:
    """One transaction on one connection: BEGIN rides with the first batch, COMMIT with the last."""

    def __init__(self, connection):
        self.connection = connection
        self.begun = False

    async def run(self, batch: store.Batch, commit: bool = False) -> list[list[tuple]]:
        """`batch`'s statements in this transaction; the rows each returned."""
        sql, params = batch.joined("" if self.begun else "BEGIN", "COMMIT" if commit else "")
        async with self.connection.cursor() as cursor:
            await cursor.execute(sql, params)
            results = [await _rows(cursor)]
            while cursor.nextset():
                results.append(await _rows(cursor))
        if not self.begun:
            results, self.begun = results[1:], True
        return results[:-1] if commit else results


async def _rows(cursor) -> list[tuple]:
    return await cursor.fetchall() if cursor.description else []


@contextlib.asynccontextmanager
async def transaction():
    found = _pool()
    if found.pool.closed:  # new (opening twice is harmless)
        await found.pool.open()
    async with found.slots, found.pool.connection() as connection:
        try:
            yield Transaction(connection)
        finally:  # a refusal, an error, or a read-only end: nothing of it stays
            if connection.info.transaction_status in (pq.TransactionStatus.INTRANS, pq.TransactionStatus.INERROR):
                await connection.execute("ROLLBACK")


async def submit(table_id: int, seat: int, action, expected_seq, command_id, gate=None) -> dict:
    """`moves.submit` on the running event loop: the same steps (`moves.move_steps`), their
    batches awaited. `gate`: a check that may refuse the move (the rate limit, a round trip of
    its own to Redis), awaited alongside the read of the head rather than before it."""
    steps = moves.move_steps(table_id, seat, action, expected_seq, moves.player_key(seat, command_id), "player")
    try:
        async with transaction() as tx:
            played = await run_steps(steps, tx, gate)
    except errors.UniqueViolation:
        raise moves.seq_taken(await head_seq(table_id)) from None
    if played.after is not None and played.after.pushes:
        publish.send_on_loop(played.after.pushes)
    if played.after is not None and played.after.tasks:
        await database_sync_to_async(run_tasks)(played.after.tasks)
    return played.result()


async def run_steps(steps, tx: Transaction, gate) -> moves.Played:
    """Drive `moves.move_steps` in `tx`: BEGIN rides with the read, COMMIT with the writes."""
    try:
        rows = await alongside(tx.run(next(steps)), gate)
        writes = steps.send(rows)
        steps.send(await tx.run(writes, commit=True))
    except StopIteration as end:
        return end.value
    raise RuntimeError("a move yields two batches")


async def alongside(read, gate):
    """What `read` returns, once `gate` (if any) has passed; both finish before this returns,
    so that the transaction's connection is never left with a read in flight."""
    if gate is None:
        return await read
    rows, passed = await asyncio.gather(read, gate(), return_exceptions=True)
    for outcome in (passed, rows):
        if isinstance(outcome, BaseException):
            raise outcome
    return rows


async def head_seq(table_id: int) -> int | None:
    batch = store.Batch()
    batch.add(f"SELECT head_seq FROM {Table._meta.db_table} WHERE id = %s", [table_id])
    async with transaction() as tx:
        rows, = await tx.run(batch)
    return rows[0][0] if rows else None


def run_tasks(tasks: list) -> None:
    """Each task as Django's robust on_commit runs it: a failure is logged, the rest still run."""
    for task in tasks:
        try:
            task()
        except Exception:
            log.exception("after-commit task %r failed", task)
