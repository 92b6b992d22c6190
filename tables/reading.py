"""Reads of game state for one viewer: state at any seq, views, redacted events, log lines.

Every payload that leaves the server for a viewer passes through `view`/`redact` here.
"""
from __future__ import annotations

from typing import Any

from engines import registry
from engines.core import Engine, fold

from tables.models import Deadline, Event, Seat, Table


def engine_of(table: Table) -> Engine:
    return registry.get(table.game)


def head_state(table: Table) -> Any:
    """The state at the head (None before the game starts)."""
    if table.snapshot is None:
        return None
    return engine_of(table).load(table.snapshot)


def state_at(table: Table, seq: int) -> Any:
    """The fold of the table's events up to and including `seq`."""
    if seq == table.head_seq:
        return head_state(table)
    payloads = Event.objects.filter(table=table, seq__lte=seq).order_by("seq").values_list("payload", flat=True)
    return fold(engine_of(table), payloads)


def seat_of(table: Table, user) -> int | None:
    """The seat `user` holds at `table` (None for spectators)."""
    if not getattr(user, "is_authenticated", False):
        return None
    seat = table.seats.filter(user=user, kind=Seat.Kind.HUMAN).values_list("index", flat=True).first()
    return seat


def seat_names(table: Table) -> list[str]:
    names = []
    for seat in table.seats.select_related("user"):
        if seat.user and seat.kind == Seat.Kind.HUMAN:
            names.append(seat.user.username)
        elif seat.kind == Seat.Kind.AI:
            names.append(f"AI {seat.index + 1} ({seat.strength})")
        else:
            names.append(f"Seat {seat.index + 1}")
    return names


def colours(table: Table) -> dict[int, str]:
    """Each seat's colour in the game, where the game gives seats colours (after the start)."""
    state = head_state(table)
    if state is None:
        return {}
    players = engine_of(table).view(state, None).get("players", [])
    return {p["seat"]: p["colour"] for p in players if isinstance(p, dict) and p.get("colour")}


def log_line(engine: Engine, event: dict | None, names: list[str]) -> str:
    if event is None:
        return ""
    text = engine.describe(event)
    for index, name in enumerate(names):
        text = text.replace("{seat%d}" % index, name)
    return text


def redacted_events(table: Table, viewer: int | None, after: int, upto: int | None = None) -> list[dict]:
    """Events after `after` as `viewer` may see them; an event hidden from them has event None."""
    rows = Event.objects.filter(table=table, seq__gt=after).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    rows = list(rows)
    if not rows:
        return []
    engine = engine_of(table)
    names = seat_names(table)
    result = []
    for row in rows:
        event = engine.redact(row.payload, viewer)
        result.append(
            {
                "seq": row.seq,
                "type": row.type,
                "event": event,
                "text": log_line(engine, event, names),
                "seat": row.seat,
                "at": row.created_at.isoformat(),
            }
        )
    return result


def deadline_of(table: Table, seat: int | None = None) -> str | None:
    """When the next move of the table (or of `seat`) is due, as ISO time."""
    rows = Deadline.objects.filter(table=table, kind=Deadline.Kind.MOVE)
    if seat is not None and seat in table.to_act:
        rows = rows.filter(seat=seat)
    due = rows.order_by("due_at").values_list("due_at", flat=True).first()
    return due.isoformat() if due else None


def view_payload(table: Table, viewer: int | None, at: int | None = None) -> dict:
    """{seq, seat, view, legal_actions, to_act, outcome} for `viewer` at seq `at` (head by default)."""
    seq = table.head_seq if at is None else at
    engine = engine_of(table)
    state = state_at(table, seq)
    if state is None:
        return {"seq": seq, "seat": viewer, "view": None, "legal_actions": [], "to_act": [], "outcome": None}
    at_head = seq == table.head_seq and table.status == Table.Status.RUNNING
    legal = engine.legal_actions(state, viewer) if at_head and viewer in engine.to_act(state) else []
    return {
        "seq": seq,
        "seat": viewer,
        "view": engine.view(state, viewer),
        "legal_actions": legal,
        "to_act": sorted(engine.to_act(state)) if table.status == Table.Status.RUNNING else [],
        "outcome": engine.outcome(state),
    }


def sync_frame(table: Table, viewer: int | None) -> dict:
    return {"type": "sync", **view_payload(table, viewer), "deadline": deadline_of(table, viewer)}
