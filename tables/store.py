"""The reads and writes of a command in one round trip each.

A command reads its table's head row (locked) and seats, then a move appends its events, moves the table's head row and re-aims the table's deadlines:
through the ORM that is six to eight statements, each a round trip (about half a
millisecond apiece on loopback here, more than the rest of the move together). A `Batch`
sends them as one string, which PostgreSQL runs in order inside the command's transaction,
and hands back what each statement returned. SQLite takes one statement per call, so there
they go one by one. Values are adapted by the model fields themselves, as the ORM would.
"""
from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, connections
from django.db.models import Model

from tables.models import Event, Seat, Table


class Batch:
    def __init__(self):
        self.statements: list[tuple[str, list]] = []

    def add(self, sql: str, params: list) -> int:
        """Queue a statement; returns its index in the results of `run`."""
        self.statements.append((sql, params))
        return len(self.statements) - 1

    def run(self) -> list[list[tuple]]:
        """Run every statement in order; the rows each returned (empty without RETURNING)."""
        if not self.statements:
            return []
        with connection.cursor() as cursor:
            if connection.vendor != "postgresql":
                return [self._one(cursor, sql, params) for sql, params in self.statements]
            cursor.execute(";\n".join(sql for sql, _ in self.statements),
                           [value for _, params in self.statements for value in params])
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


def column_values(model: type[Model], field_names: list[str], values: list[Any]) -> list:
    """`values` of the model's `field_names`, adapted for this database."""
    fields = [model._meta.get_field(name) for name in field_names]
    return [field.get_db_prep_save(value, connection) for field, value in zip(fields, values)]


def insert(batch: Batch, model: type[Model], field_names: list[str], rows: list[list[Any]], suffix: str = "") -> int:
    """INSERT `rows` (values in the order of `field_names`); `suffix` adds ON CONFLICT / RETURNING."""
    columns = ", ".join(connection.ops.quote_name(model._meta.get_field(name).column) for name in field_names)
    row_sql = "(" + ", ".join(["%s"] * len(field_names)) + ")"
    sql = f"INSERT INTO {model._meta.db_table} ({columns}) VALUES {', '.join([row_sql] * len(rows))} {suffix}"
    return batch.add(sql, [value for row in rows for value in column_values(model, field_names, row)])


def update(batch: Batch, model: type[Model], changes: dict[str, Any], where: str, where_params: list,
           suffix: str = "") -> int:
    """UPDATE the rows matching `where` (SQL over column names) with `changes` (field name: value)."""
    names = list(changes)
    assignments = ", ".join(f"{connection.ops.quote_name(model._meta.get_field(n).column)} = %s" for n in names)
    sql = f"UPDATE {model._meta.db_table} SET {assignments} WHERE {where} {suffix}"
    return batch.add(sql, column_values(model, names, [changes[n] for n in names]) + where_params)


def delete(batch: Batch, model: type[Model], where: str, where_params: list) -> int:
    return batch.add(f"DELETE FROM {model._meta.db_table} WHERE {where}", where_params)


def from_row(model: type[Model], fields: list, row: tuple) -> Model:
    """A model instance from raw column values, converted as the ORM converts them."""
    values = list(row)
    for i, field in enumerate(fields):
        for convert, column in _converters(model, field.attname, connection.alias):
            values[i] = convert(values[i], column, connection)
    return model.from_db(connection.alias, [field.attname for field in fields], values)


@functools.cache
def _converters(model: type[Model], attname: str, alias: str) -> list:
    """The ORM's conversions of a column read from the database (JSON decoding, SQLite's dates)."""
    field = next(f for f in model._meta.concrete_fields if f.attname == attname)
    column = field.get_col(model._meta.db_table)
    return [(convert, column) for convert in connections[alias].ops.get_db_converters(column)
            + field.get_db_converters(connections[alias])]


def select_sql(fields: list, alias: str) -> str:
    return ", ".join(f"{alias}.{connection.ops.quote_name(field.column)}" for field in fields)


def read_head(table_id: int, command_id: str | None = None) -> Table | None:
    """The table's row, locked until the transaction ends, with its seats (and their players'
    names) in `seat_rows` and, given a command id, the events already appended under it in
    `command_rows`: one round trip where the ORM takes three and builds whole users."""
    user_model = get_user_model()
    username = user_model._meta.get_field(user_model.USERNAME_FIELD)
    table_fields, seat_fields = Table._meta.concrete_fields, Seat._meta.concrete_fields
    # In the model's own order, as Model.from_db expects when fields are left out.
    event_fields = [field for field in Event._meta.concrete_fields if field.name in ("seq", "payload", "seat")]
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    batch = Batch()
    batch.add(f"SELECT {select_sql(table_fields, 't')} FROM {Table._meta.db_table} t WHERE t.id = %s{lock}",
              [table_id])
    batch.add(
        f"SELECT {select_sql(seat_fields, 's')}, u.{connection.ops.quote_name(username.column)} "
        f"FROM {Seat._meta.db_table} s LEFT JOIN {user_model._meta.db_table} u ON u.id = s.user_id "
        f"WHERE s.table_id = %s ORDER BY s.{connection.ops.quote_name('index')}",
        [table_id],
    )
    if command_id is not None:
        batch.add(f"SELECT {select_sql(event_fields, 'e')} FROM {Event._meta.db_table} e "
                  "WHERE e.table_id = %s AND e.command_id = %s ORDER BY e.seq", [table_id, command_id])
    table_rows, seat_rows, *command_rows = batch.run()
    if not table_rows:
        return None
    table = from_row(Table, table_fields, table_rows[0])
    table.seat_rows = [seat_with_player(seat_fields, row, username) for row in seat_rows]
    if command_rows:
        table.command_rows = [from_row(Event, event_fields, row) for row in command_rows[0]]
    return table


def seat_with_player(seat_fields: list, row: tuple, username) -> Seat:
    """A seat whose `user` holds only its id and name (as `.only()` would load it)."""
    seat = from_row(Seat, seat_fields, row[:-1])
    if seat.user_id is not None:
        user_model = get_user_model()
        seat.user = user_model.from_db(connection.alias, ["id", username.attname], [seat.user_id, row[-1]])
    return seat
