"""The reads and writes of a command in one round trip each.

A command reads its table's head row (locked) and seats, then a move appends its events, moves the table's head row and re-aims the table's deadlines:
through the ORM that is six to eight statements, each a round trip (about half a
millisecond apiece on loopback here, more than the rest of the move together). A `Batch`
sends them as one string, which PostgreSQL runs in order inside the command's transaction,
and hands back what each statement returned. SQLite takes one statement per call, so there
they go one by one. Values are adapted by the model fields themselves, as the ORM would (but
JSON for PostgreSQL is encoded by orjson).
"""
from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass
from typing import Any

import orjson
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import JSONField, Model
from psycopg.types.json import Jsonb

from tables.models import Event, Seat, Table


class Batch:
    def __init__(self):
        self.statements: list[tuple[str, list]] = []

    def add(self, sql: str, params: list) -> int:
        """Queue a statement; returns its index in the results of `run`."""
        self.statements.append((sql, params))
        return len(self.statements) - 1

    def joined(self, before: str = "", after: str = "") -> tuple[str, list]:
        """The statements as one string (PostgreSQL runs it in order), and their parameters;
        `before`/`after`: statements without parameters around them (BEGIN, COMMIT)."""
        around = [before] if before else [], [after] if after else []
        sql = ";\n".join(around[0] + [sql for sql, _ in self.statements] + around[1])
        return sql, [value for _, params in self.statements for value in params]

    def run(self) -> list[list[tuple]]:
        """Run every statement in order; the rows each returned (empty without RETURNING)."""
        if not self.statements:
            return []
        with connection.cursor() as cursor:
            if connection.vendor != "postgresql":
                return [self._one(cursor, sql, params) for sql, params in self.statements]
            cursor.execute(*self.joined())
            return self._all_rows(cursor)

    def run_in_one_transaction(self) -> list[list[tuple]]:
        """Run the statements from BEGIN to COMMIT in one round trip (PostgreSQL, outside Django's
        transactions); the rows each returned. When one fails the transaction is rolled back
        and the error raised."""
        with connection.cursor() as cursor:
            try:
                cursor.execute(*self.joined("BEGIN", "COMMIT"))
            except DatabaseError:
                with contextlib.suppress(DatabaseError):  # a broken connection: Django drops it
                    cursor.execute("ROLLBACK")
                raise
            return self._all_rows(cursor)[1:-1]

    def _all_rows(self, cursor) -> list[list[tuple]]:
        results = [self._rows(cursor)]
        while cursor.nextset():
            results.append(self._rows(cursor))
        return results

    def _one(self, cursor, sql: str, params: list) -> list[tuple]:
        cursor.execute(sql, params)
        return self._rows(cursor)

    @staticmethod
    def _rows(cursor) -> list[tuple]:
        return cursor.fetchall() if cursor.description else []


@functools.cache
def adapting() -> BaseDatabaseWrapper:
    """A connection object of the database kept only to adapt values to it and from it, never
    opened. Django keeps a connection object per asyncio task: looking one up in the task that
    plays a move on an event loop would build a new one for every move."""
    return connections.create_connection(DEFAULT_DB_ALIAS)


def column_values(model: type[Model], field_names: list[str], values: list[Any]) -> list:
    """`values` of the model's `field_names`, adapted for this database."""
    db = adapting()
    adapters = _adapters(model, tuple(field_names), db.vendor)
    return [adapt(value, db) for adapt, value in zip(adapters, values)]


@functools.cache
def _adapters(model: type[Model], field_names: tuple, vendor: str) -> list:
    """Per field, how a value is adapted: as the field itself would (`get_db_prep_save`), but
    JSON for PostgreSQL is encoded by orjson (a move's snapshot is its largest parameter)."""
    return [_jsonb if vendor == "postgresql" and isinstance(field, JSONField) and field.encoder is None
            else field.get_db_prep_save for field in _fields(model, field_names)]


def _jsonb(value: Any, db) -> Jsonb | None:
    return None if value is None else Jsonb(value, dumps=_json_bytes)


_json_bytes = functools.partial(orjson.dumps, option=orjson.OPT_NON_STR_KEYS)


@functools.cache
def _fields(model: type[Model], field_names: tuple) -> list:
    return [model._meta.get_field(name) for name in field_names]


@functools.cache
def _columns(model: type[Model], field_names: tuple, alias: str) -> list[str]:
    return [connections[alias].ops.quote_name(field.column) for field in _fields(model, field_names)]


def insert(batch: Batch, model: type[Model], field_names: list[str], rows: list[list[Any]], suffix: str = "") -> int:
    """INSERT `rows` (values in the order of `field_names`); `suffix` adds ON CONFLICT / RETURNING."""
    columns = ", ".join(_columns(model, tuple(field_names), DEFAULT_DB_ALIAS))
    row_sql = "(" + ", ".join(["%s"] * len(field_names)) + ")"
    sql = f"INSERT INTO {model._meta.db_table} ({columns}) VALUES {', '.join([row_sql] * len(rows))} {suffix}"
    return batch.add(sql, [value for row in rows for value in column_values(model, field_names, row)])


def update(batch: Batch, model: type[Model], changes: dict[str, Any], where: str, where_params: list,
           suffix: str = "") -> int:
    """UPDATE the rows matching `where` (SQL over column names) with `changes` (field name: value)."""
    names = list(changes)
    assignments = ", ".join(f"{column} = %s" for column in _columns(model, tuple(names), DEFAULT_DB_ALIAS))
    sql = f"UPDATE {model._meta.db_table} SET {assignments} WHERE {where} {suffix}"
    return batch.add(sql, column_values(model, names, [changes[n] for n in names]) + where_params)


def delete(batch: Batch, model: type[Model], where: str, where_params: list) -> int:
    return batch.add(f"DELETE FROM {model._meta.db_table} WHERE {where}", where_params)


def from_row(model: type[Model], fields: tuple, row: tuple) -> Model:
    """A model instance from raw column values, converted as the ORM converts them."""
    db = adapting()
    values = list(row)
    for i, converters in _converters(model, fields, DEFAULT_DB_ALIAS):
        for convert, column in converters:
            values[i] = convert(values[i], column, db)
    return model.from_db(DEFAULT_DB_ALIAS, _attnames(fields), values)


@functools.cache
def _attnames(fields: tuple) -> list[str]:
    return [field.attname for field in fields]


@functools.cache
def _converters(model: type[Model], fields: tuple, alias: str) -> list[tuple[int, list]]:
    """Per column that needs one, the ORM's conversions of it as read from the database (JSON
    decoding, SQLite's dates). Cached: the lookups cost more than the conversions."""
    found = []
    for i, field in enumerate(fields):
        column = field.get_col(model._meta.db_table)
        converters = connections[alias].ops.get_db_converters(column) + field.get_db_converters(connections[alias])
        if converters:
            found.append((i, [(convert, column) for convert in converters]))
    return found


def select_sql(fields: list, alias: str) -> str:
    return ", ".join(f"{alias}.{connection.ops.quote_name(field.column)}" for field in fields)


@dataclass(frozen=True)
class HeadQueries:
    """The SQL of `read_head` and the fields of its rows, built once per database."""

    table_fields: tuple
    seat_fields: tuple
    event_fields: tuple
    table_sql: str
    lock: str
    seats_sql: str
    events_sql: str


@functools.cache
def head_queries(alias: str) -> HeadQueries:
    db = connections[alias]
    user_model = get_user_model()
    username = user_model._meta.get_field(user_model.USERNAME_FIELD)
    table_fields, seat_fields = tuple(Table._meta.concrete_fields), tuple(Seat._meta.concrete_fields)
    # In the model's own order, as Model.from_db expects when fields are left out.
    event_fields = tuple(field for field in Event._meta.concrete_fields if field.name in ("seq", "payload", "seat"))
    lock = " FOR UPDATE" if db.features.has_select_for_update else ""
    quote = db.ops.quote_name
    return HeadQueries(
        table_fields, seat_fields, event_fields,
        f"SELECT {select_sql(table_fields, 't')} FROM {Table._meta.db_table} t WHERE t.id = %s",
        lock,
        f"SELECT {select_sql(seat_fields, 's')}, u.{quote(username.column)} "
        f"FROM {Seat._meta.db_table} s LEFT JOIN {user_model._meta.db_table} u ON u.id = s.user_id "
        f"WHERE s.table_id = %s ORDER BY s.{quote('index')}",
        f"SELECT {select_sql(event_fields, 'e')} FROM {Event._meta.db_table} e "
        "WHERE e.table_id = %s AND e.command_id = %s ORDER BY e.seq",
    )


def read_head(table_id: int, command_id: str | None = None, lock: bool = True) -> Table | None:
    """The table's row (with `lock`, locked until the transaction ends) with its seats (and their
    players' names) in `seat_rows` and, given a command id, the events already appended under it
    in `command_rows`: one round trip where the ORM takes three and builds whole users."""
    return head_from_rows(head_batch(table_id, command_id, lock).run())


def head_batch(table_id: int, command_id: str | None = None, lock: bool = True) -> Batch:
    """The reads of `read_head`."""
    queries = head_queries(DEFAULT_DB_ALIAS)
    batch = Batch()
    batch.add(queries.table_sql + (queries.lock if lock else ""), [table_id])
    batch.add(queries.seats_sql, [table_id])
    if command_id is not None:
        batch.add(queries.events_sql, [table_id, command_id])
    return batch


def head_from_rows(results: list[list[tuple]]) -> Table | None:
    """The table of `read_head` from what its batch returned (None: no such table)."""
    queries = head_queries(DEFAULT_DB_ALIAS)
    table_rows, seat_rows, *command_rows = results
    if not table_rows:
        return None
    table = from_row(Table, queries.table_fields, table_rows[0])
    table.seat_rows = [seat_with_player(queries.seat_fields, row) for row in seat_rows]
    if command_rows:
        table.command_rows = [from_row(Event, queries.event_fields, row) for row in command_rows[0]]
    return table


def seat_with_player(seat_fields: tuple, row: tuple) -> Seat:
    """A seat whose `user` holds only its id and name (as `.only()` would load it)."""
    seat = from_row(Seat, seat_fields, row[:-1])
    if seat.user_id is not None:
        user_model = get_user_model()
        seat.user = user_model.from_db(seat._state.db, ["id", user_model.USERNAME_FIELD], [seat.user_id, row[-1]])
    return seat
