"""Reads of game state for one viewer: state at any seq, views, redacted events, log lines.

Every payload that leaves the server for a viewer passes through `view`/`redact` here.
"""
from __future__ import annotations

import logging
import random
import re
from typing import Any

import orjson
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from engines import registry
from engines.bots import label
from engines.core import Action, Engine, bot_rng, fold, is_table_event

from tables.language import speaking
from tables.models import Deadline, Event, Seat, Table

log = logging.getLogger(__name__)


def engine_of(table: Table) -> Engine:
    return registry.get(table.game)


def head_state(table: Table) -> Any:
    """The state at the head (None before the game starts), loaded once per snapshot: a head held
    from move to move (tables.moves_on_loop) keeps the state its last move left (`keep_state`)."""
    if table.snapshot is None:
        return None
    kept = table.__dict__.get("_head_state")
    if kept is not None and kept[0] is table.snapshot:
        return kept[1]
    state = engine_of(table).load(table.snapshot)
    keep_state(table, state)
    return state


def keep_state(table: Table, state: Any) -> None:
    """`state` is the one `table.snapshot` holds (engine states are never changed in place)."""
    table._head_state = (table.snapshot, state)


def bot_position(table: Table, seat: int) -> tuple[Engine, dict, list[Action], random.Random]:
    """What a bot choosing `seat`'s move at the head is given: the engine, the seat's view and
    legal actions (never the state itself), and the generator of that seat's move."""
    engine = engine_of(table)
    state = head_state(table)
    rng = bot_rng(table.seed, seat, table.head_seq)
    return engine, engine.view(state, seat), engine.legal_actions(state, seat), rng


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


def viewer_of(table: Table, user) -> int | None:
    """The seat whose hidden things `user` may read (None: a spectator's view): the seat they
    hold, but not one they resigned while its game runs on, as a bot plays it for the rest of
    the game and what it draws is no longer theirs to see (their own view comes back at the end)."""
    if not getattr(user, "is_authenticated", False):
        return None
    seat = table.seats.filter(user=user, kind=Seat.Kind.HUMAN).values_list("index", "resigned").first()
    if seat is None:
        return None
    index, resigned = seat
    return None if resigned and table.status == Table.Status.RUNNING else index


def seat_names(table: Table) -> list[str]:
    return names_of(table.seats.select_related("user"))


def names_of(seats) -> list[str]:
    """How each seat is called in logs: its player's name, its bot, or its number while open."""
    names = []
    for seat in seats:
        if seat.user and seat.kind == Seat.Kind.HUMAN:
            names.append(seat.user.username)
        elif seat.kind == Seat.Kind.AI:
            names.append(_("AI %(number)d (%(strength)s)") % {"number": seat.index + 1,
                                                              "strength": label(seat.strength)[0]})
        else:
            names.append(_("Seat %(number)d") % {"number": seat.index + 1})
    return names


def colours(table: Table) -> dict[int, str]:
    """Each seat's colour in the game, where the game gives seats colours (after the start)."""
    state = head_state(table)
    if state is None:
        return {}
    players = engine_of(table).view(state, None).get("players", [])
    return {p["seat"]: p["colour"] for p in players if isinstance(p, dict) and p.get("colour")}


def log_line(engine: Engine, event: dict | None, names: list[str]) -> str:
    """The event's line of the game log, seats named. An event the engine fails to word gets its
    type instead (and the failure is logged): the line is read after the move has committed,
    and a table whose frames cannot be built would stand still for everyone."""
    if event is None:
        return ""
    try:
        text = table_event_line(event) if is_table_event(event) else engine.describe(event)
    except Exception:
        log.exception("%s could not word a %r event", engine.name, event.get("type"))
        text = str(event.get("type"))
    return name_seats(text, names)


# French drops the e of "de" and "que" before a word that begins with a vowel: a line reads
# "Tour d’IA 2", "l’héritier d’alice", not "de IA 2". Only before a name put in for a seat: the
# catalogs elide their own words.
FRENCH_ELIDED_BEFORE_SEAT = re.compile(r"\b([Dd]|[Qq]u)e \{seat(\d+)\}")
VOWELS = frozenset("aeiouyàâäéèêëîïôöûüœæ")


def name_seats(text: str, names: list[str]) -> str:
    """`text` with each "{seatN}" replaced by the seat's name, in the language in use."""
    if (translation.get_language() or "").startswith("fr"):
        def elide(match):
            seat = int(match[2])
            name = names[seat] if seat < len(names) else ""
            return f"{match[1]}’{{seat{seat}}}" if name[:1].lower() in VOWELS else match[0]
        text = FRENCH_ELIDED_BEFORE_SEAT.sub(elide, text)
    for index, name in enumerate(names):
        text = text.replace("{seat%d}" % index, name)
    return text


def table_event_line(event: dict) -> str:
    """The log line of an event the service writes about a seat (engines.core.TABLE_EVENTS)."""
    if event.get("forfeits"):
        return _("{seat%(seat)d} resigned and forfeits the game.") % {"seat": event["seat"]}
    return _("{seat%(seat)d} resigned; a bot plays the seat to the end.") % {"seat": event["seat"]}


def mover(command_key: str, seat: int | None) -> str | None:
    """Who made a seat's move, from its stored command key: "player", "bot" (an AI seat or a
    stand-in) or "timeout" (the clock ran out); None for the set-up."""
    if seat is None:
        return None
    kind = command_key.split(":", 1)[0]
    return kind if kind in ("bot", "timeout") else "player"


def event_frame(engine: Engine, seq: int, payload: dict, actor: int | None, viewer: int | None,
                names: list[str], by: str | None) -> dict:
    """The websocket frame of one event as `viewer` may see it (event None when hidden from them).
    Who acted (`seat`, None for set-up, and `by` whom: see `mover`) is public: the log names them."""
    event = payload if is_table_event(payload) else engine.redact(payload, viewer)
    return {"type": "event", "seq": seq, "seat": actor, "by": by, "event": event,
            "text": log_line(engine, event, names)}


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
    return [
        {**event_frame(engine, row.seq, row.payload, row.seat, viewer, names, mover(row.command_id, row.seat)),
         "type": row.type,
         "at": row.created_at.isoformat()}
        for row in rows
    ]


def move_deadlines(table: Table) -> dict[int, Any]:
    """When each seat's move is due (seats with a running clock only), from the table's deadlines
    as a list of tables prefetched them, else as stored now."""
    return {row.seat: row.due_at for row in table.deadlines.all() if row.kind == Deadline.Kind.MOVE}


def deadline_for(due: dict[int, Any], to_act: list[int], seat: int | None) -> str | None:
    """When `seat`'s move is due if it is to act, else when the table's next move is due (ISO time)."""
    if seat is not None and seat in to_act:
        at = due.get(seat)
    else:
        at = min(due.values(), default=None)
    return at.isoformat() if at else None


def deadline_of(table: Table, seat: int | None = None) -> str | None:
    return deadline_for(move_deadlines(table), table.to_act, seat)


def payload_of(engine: Engine, table: Table, state: Any, seq: int, viewer: int | None, view: dict | None = None) -> dict:
    """{seq, seat, view, legal_actions, to_act, outcome} of `state` (the state at `seq`) for `viewer`
    (`view`: the engine's view for them, when already built)."""
    if state is None:
        return {"seq": seq, "seat": viewer, "view": None, "legal_actions": [], "to_act": [], "outcome": None}
    running = table.status == Table.Status.RUNNING
    to_act = sorted(engine.to_act(state)) if running else []
    at_head = seq == table.head_seq and running
    return {
        "seq": seq,
        "seat": viewer,
        "view": engine.view(state, viewer) if view is None else view,
        "legal_actions": engine.legal_actions(state, viewer) if at_head and viewer in to_act else [],
        "to_act": to_act,
        "outcome": engine.outcome(state),
    }


def view_payload(table: Table, viewer: int | None, at: int | None = None) -> dict:
    """`payload_of` for `viewer` at seq `at` (head by default), read from the store."""
    seq = table.head_seq if at is None else at
    return payload_of(engine_of(table), table, state_at(table, seq), seq, viewer)


def head_sync(engine: Engine, table: Table, state: Any, viewer: int | None, view: dict | None = None) -> dict:
    """The sync frame of the head for `viewer`, but for its deadline."""
    return {"type": "sync", **payload_of(engine, table, state, table.head_seq, viewer, view)}


def sync_frame(table: Table, viewer: int | None) -> dict:
    return {**head_sync(engine_of(table), table, head_state(table), viewer), "deadline": deadline_of(table, viewer)}


def frame_text(frame: dict) -> str:
    """A frame as JSON text (orjson: a move's frames are most of a command's own work)."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def viewers(table: Table, spectators: bool = True) -> list[int | None]:
    """Everyone a table's frames are built for: each seat, and spectators (None)."""
    return [*range(table.players), None] if spectators else [*range(table.players)]


def new_head_frames(engine: Engine, table: Table, state: Any, events: list[tuple[int, dict]], actor: int | None,
                    by: str | None, seats, spectators: bool = True) -> dict[int | None, list[dict]]:
    """Per viewer, the frames that bring them from before `events` to the head, their sync frame
    last and still without its deadline (`head_frame_texts` adds it): built once by the writer,
    so that no websocket consumer reads the store for a move, and before the move's commit
    returns, since nothing in them waits on it. Their words are English, whoever moved: a
    consumer of another language rewords them (`reword`). Spectators' frames only with
    `spectators` (none may be watching: publish.spectators_may_watch)."""
    built_for = viewers(table, spectators)
    with speaking(settings.LANGUAGE_CODE):
        names = names_of(seats)
        views = engine.views(state, built_for) if state is not None else {}
        return {
            viewer: [*(event_frame(engine, seq, payload, actor, viewer, names, by) for seq, payload in events),
                     head_sync(engine, table, state, viewer, views.get(viewer))]
            for viewer in built_for
        }


def head_frame_texts(frames: dict[int | None, list[dict]], table: Table,
                     due: dict[int, Any]) -> dict[int | None, list[str]]:
    """`new_head_frames` as JSON text, each sync frame with its viewer's deadline (`due`, read
    back from the move's writes)."""
    for viewer, viewer_frames in frames.items():
        viewer_frames[-1]["deadline"] = deadline_for(due, table.to_act, viewer)
    return {viewer: [frame_text(frame) for frame in viewer_frames] for viewer, viewer_frames in frames.items()}


def reword(texts: list[str], engine: Engine, names: list[str]) -> list[str]:
    """Pushed frames (JSON text, worded in English) with each event's log line worded again in
    the language in use, for `names` (the seats' names worded likewise)."""
    frames = [orjson.loads(text) for text in texts]
    for frame in frames:
        if frame.get("type") == "event":
            frame["text"] = log_line(engine, frame.get("event"), names)
    return [frame_text(frame) for frame in frames]
