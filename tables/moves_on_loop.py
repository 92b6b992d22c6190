"""The websocket's moves on the event loop (PostgreSQL): `moves.move_steps`, its round trips
awaited rather than run on the process's one thread of sync work.

On that thread a process had one move in flight, and each of its round trips waited for the
GIL behind the event loop on its way back. Here several moves of a process wait on PostgreSQL
at once. The steps are the same generator as the sync path's; only the transaction is held
differently: BEGIN goes in the string of the locked read and COMMIT in that of the writes, so a
move is two round trips, not four.

Each event loop has a small pool of connections with Django's own parameters and adapters,
closed when the loop's last consumer leaves. A connection prepares each statement it is sent
(PREPARE, once per connection, in a round trip of its own outside any transaction) and is
then sent EXECUTEs of it: parsing and planning were half of PostgreSQL's CPU a move.

A loop also holds the head of each table it has just moved (the row with its seats, and the
version the move left). The next move there is planned on that copy and written in one round trip, BEGIN
to COMMIT, whose first statement locks the row only if its version is still the one held, and
whose second finds no event under the command's key; either failing aborts the transaction.
The version moves with every write of the row or of its seats, by whomever (triggers, migration
0009), so a copy that another process, the worker or a REST call has overtaken is never written
on: the move is planned again from the store, as any move is without a held head. Any process
may take a table over at any time; it pays the read once. A loop's moves at one table take
turns, so that each finds the head the one before it left; those that arrive while a move is
on its way (the seats of a simultaneous decision) are planned one after another on the held
head and written together in the next round trip.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import re
import weakref
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg import AsyncClientCursor, errors, pq
from psycopg_pool import AsyncConnectionPool

from tables import moves, publish, store
from tables.heads import HeadMove, head_copy
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


PREPARED_LIMIT = 200  # statements prepared per connection; any beyond go as text


class Prepared:
    """The statements prepared on one connection: for each text, the EXECUTE that runs it (its
    parameters in the same places), or None for a text that goes as it is (past the limit, or
    one PostgreSQL could not prepare). A text new to the connection is sent as it is inside a
    transaction (a failed PREPARE would abort it) and prepared before the connection's next
    transaction begins. A parameter takes the type PostgreSQL infers from where it stands (the
    column it is compared with or written to), so a statement must not select a bare
    parameter: it would come back as text."""

    def __init__(self):
        self.executes: dict[str, str | None] = {}
        self.pending: dict[str, None] = {}  # texts seen, to prepare outside a transaction

    def executed(self, batch: store.Batch) -> store.Batch:
        """`batch` with each statement prepared here as an EXECUTE of it, the same parameters."""
        sent = store.Batch()
        for sql, params in batch.statements:
            execute = self.executes.get(sql)
            if execute is None and sql not in self.executes:
                self.pending[sql] = None
            sent.add(execute or sql, params)
        return sent

    async def prepare_pending(self, connection) -> None:
        """PREPARE the texts seen since the last time, one round trip each (once per connection
        and statement), in autocommit: one that fails goes as text from now on."""
        pending, self.pending = self.pending, {}
        for sql in pending:
            self.executes[sql] = None
            if len(self.executes) > PREPARED_LIMIT:
                continue
            name = f"sampan_{len(self.executes)}"
            count = sum(found.group() == "%s" for found in PLACEHOLDER.finditer(sql))
            try:
                await connection.execute(f"PREPARE {name} AS {numbered(sql)}")
            except errors.Error:
                log.warning("statement left unprepared: %s", sql, exc_info=True)
                continue
            self.executes[sql] = f"EXECUTE {name}({', '.join(['%s'] * count)})" if count else f"EXECUTE {name}"


PLACEHOLDER = re.compile(r"%[s%]")  # psycopg's: a parameter, or a percent sign


def numbered(sql: str) -> str:
    """`sql` with psycopg's placeholders (%s) numbered as PREPARE takes them ($1, $2...)."""
    count = 0

    def placeholder(found: re.Match) -> str:
        nonlocal count
        if found.group() == "%%":
            return "%"
        count += 1
        return f"${count}"

    return PLACEHOLDER.sub(placeholder, sql)


_prepared: "weakref.WeakKeyDictionary[Any, Prepared]" = weakref.WeakKeyDictionary()


class Transaction:
    """One transaction on one connection: BEGIN rides with the first batch, COMMIT with the last."""

    def __init__(self, connection):
        self.connection = connection
        self.prepared = _prepared.setdefault(connection, Prepared())
        self.begun = False

    async def run(self, batch: store.Batch, commit: bool = False) -> list[list[tuple]]:
        """`batch`'s statements in this transaction; the rows each returned."""
        if not self.begun and self.prepared.pending:
            await self.prepared.prepare_pending(self.connection)
        sql, params = self.prepared.executed(batch).joined("" if self.begun else "BEGIN", "COMMIT" if commit else "")
        async with self.connection.cursor() as cursor:
            await cursor.execute(sql, params)
            results = [await _rows(cursor)]
            while cursor.nextset():
                results.append(await _rows(cursor))
        if not self.begun:
            results, self.begun = results[1:], True
        return results[:-1] if commit else results

    async def rollback(self) -> None:
        """End the transaction, keeping nothing of it; the next batch begins another."""
        await self.connection.execute("ROLLBACK")
        self.begun = False


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


@dataclass
class Order:
    """A move sent on this loop, waiting for its table's turn; `played` gets its end."""

    seat: int
    action: Any
    expected_seq: Any
    key: str  # the command's key (moves.player_key)
    played: asyncio.Future


async def submit(table_id: int, seat: int, action, expected_seq, command_id) -> moves.Played:
    """`moves.submit` on the running event loop: the same steps (`moves.move_steps`), their
    batches awaited, or one round trip on the head this loop holds, shared with the moves of
    the table waiting beside it. Returns the move played; a websocket needs nothing of it (its
    frames come back on the table's group), so what the seat is told (`Played.result`) is built
    only on demand."""
    order = Order(seat, action, expected_seq, moves.player_key(seat, command_id),
                  asyncio.get_running_loop().create_future())
    moving = moves_in_flight()
    moving[table_id] += 1
    try:
        queue(table_id, order)
        played = await asyncio.shield(order.played)  # a caller gone leaves its move to be played
    finally:
        moving[table_id] -= 1
        if not moving[table_id]:
            del moving[table_id]
    if played.after is not None and played.after.tasks:
        await database_sync_to_async(run_tasks)(played.after.tasks)
    return played


_in_flight: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, collections.Counter]" = weakref.WeakKeyDictionary()
_queues: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, list[Order]]]" = weakref.WeakKeyDictionary()
_servers: set[asyncio.Task] = set()  # the loop holds its tasks weakly


def moves_in_flight() -> "collections.Counter[int]":
    """The tables with moves under way on this loop, and how many: their pushes are coming
    (the head watch leaves their sockets alone meanwhile)."""
    return _in_flight.setdefault(asyncio.get_running_loop(), collections.Counter())


def queue(table_id: int, order: Order) -> None:
    """Queue `order` behind the table's moves on this loop; the first to queue starts the
    task that plays them (`serve`)."""
    loop = asyncio.get_running_loop()
    queues = _queues.setdefault(loop, {})
    if table_id not in queues:
        queues[table_id] = []
        task = loop.create_task(serve(table_id, queues))
        _servers.add(task)
        task.add_done_callback(_servers.discard)
    queues[table_id].append(order)


async def serve(table_id: int, queues: dict[int, list[Order]]) -> None:
    """Play the table's queued moves in the order they came until none is left, all those
    waiting together in one round trip when the held head takes them: each finds the head the
    one before it left (several seats act at once in some phases), and none holds a connection
    while it waits for the row lock of another."""
    orders: list[Order] = []
    try:
        while queues[table_id]:
            orders, queues[table_id] = queues[table_id], []
            while orders:
                orders = orders[await play_some(table_id, orders):]
    except BaseException:  # the loop is closing: the moves not played end with it
        for order in orders + queues[table_id]:
            order.played.cancel()
        raise
    finally:
        del queues[table_id]


async def play_some(table_id: int, orders: list[Order]) -> int:
    """Play the first of `orders` and as many after it as one round trip on the held head
    takes; push each once committed, and settle its future. Returns how many were settled."""
    try:
        played = await play(table_id, orders)
    except Exception as refusal:  # Refused, IllegalAction, a lost connection: the first order's alone
        orders[0].played.set_exception(refusal)
        return 1
    for order, move in zip(orders, played):
        if move.after is not None and move.after.pushes:
            publish.send_on_loop(move.after.pushes)
        order.played.set_result(move)
    return len(played)


async def play(table_id: int, orders: list[Order]) -> list[moves.Played]:
    """On the held head if there is one, as many of `orders` as it takes; else (or when that
    fails) the first alone, through the store's two round trips: either way on one connection
    of the pool, taken once."""
    held = held_heads().pop(table_id, None)
    try:
        async with transaction() as tx:
            if held is not None:
                played = await play_on_held(held, orders, tx)
                if played:
                    return played
            first = orders[0]
            steps = moves.move_steps(table_id, first.seat, first.action, first.expected_seq, first.key, "player")
            return [await run_steps(steps, tx, table_id)]
    except errors.UniqueViolation:
        raise moves.seq_taken(await head_seq(table_id)) from None


HELD_LIMIT = 5000  # heads held per loop (the least recently moved are let go)
_held: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, collections.OrderedDict]" = weakref.WeakKeyDictionary()


def held_heads() -> "collections.OrderedDict[int, Table]":
    """Each table's head as this loop's last move there left it: valid while its version holds."""
    return _held.setdefault(asyncio.get_running_loop(), collections.OrderedDict())


def hold(table: Table, version: int) -> None:
    table.version = version
    heads = held_heads()
    heads[table.pk] = table
    heads.move_to_end(table.pk)
    while len(heads) > HELD_LIMIT:
        heads.popitem(last=False)


async def play_on_held(table: Table, orders: list[Order], tx: Transaction) -> list[moves.Played]:
    """`orders`, as far as the held head takes them, planned in turn on it and written in one
    round trip; [] when the head has moved on elsewhere, a command was made before, or the
    first order is refused there (the refusal may come from the held copy being behind): the
    store then decides."""
    planned = planned_in_turn(table, orders)
    if not planned:
        return []
    batch, spans = moves.written_on_head(table, planned)
    try:
        results = await committed_while_framing(tx, batch, [move for move, _ in planned])
    except (errors.DivisionByZero, errors.UniqueViolation):
        await tx.rollback()
        return []
    hold(table, results[-1][0][0])
    return [moves.Played(None, move, move.finish(results[span])) for (move, _), span in zip(planned, spans)]


def planned_in_turn(table: Table, orders: list[Order]) -> list[tuple[HeadMove, str]]:
    """The moves of `orders` planned one after another on `table`, each on the head the one
    before it left, up to the first refused there or whose key comes twice. A move followed by
    another keeps a copy of the head it left, which its frames and pushes are built from."""
    planned = []
    for order in orders:
        if any(key == order.key for _, key in planned):
            break
        left = head_copy(table) if planned else None
        move = moves.plan_on_head(table, order.seat, order.action, order.expected_seq, order.key, "player")
        if move is None:
            break
        if left is not None:
            planned[-1][0].table = left
        planned.append((move, order.key))
    return planned


async def committed_while_framing(tx: Transaction, batch: store.Batch, planned: list[HeadMove]) -> list[list[tuple]]:
    """`batch` run to its COMMIT, the moves' frames built while PostgreSQL works on it."""
    write = asyncio.ensure_future(tx.run(batch, commit=True))
    await asyncio.sleep(0)  # the batch goes out on the write's first step
    try:
        for move in planned:
            move.prepare_frames()
    finally:
        await asyncio.wait([write])  # the connection is never left with a statement in flight
    return write.result()


async def run_steps(steps, tx: Transaction, table_id: int) -> moves.Played:
    """Drive `moves.move_steps` in `tx`: BEGIN rides with the read, COMMIT with the writes (and
    the read of the version they leave: the loop holds the head it has written)."""
    rows = await tx.run(next(steps))
    try:
        writes = steps.send(rows)
    except StopIteration as repeated:
        return repeated.value
    version = writes.add(moves.head_checks()[2], [table_id])
    results = await tx.run(writes, commit=True)
    try:
        steps.send(results)
    except StopIteration as end:
        hold(end.value.move.table, results[version][0][0])
        return end.value
    raise RuntimeError("a move yields two batches")


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
