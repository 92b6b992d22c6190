"""The websocket of one viewer at one table: views and redacted events pushed by seq, actions in.

Every frame is built for this consumer's own viewer (their seat, or None for spectators). A
move's frames arrive ready-made on the table's group (tables.publish) and go out as one
websocket message, a JSON array; the store is read only on connect, on resync, and to fill a
gap.
"""
import asyncio
import logging
import math
import time

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from engines.core import IllegalAction
from tables import chat, moves, moves_on_loop, payloads, presence
from tables.head_watch import unwatch, watch
from tables.errors import Refused
from tables.models import Table
from tables.publish import group_name, listen_here, stop_listening, viewer_key
from tables.ratelimit import action_wait
from tables.language import scope_language, speaking
from tables.reading import engine_of, frame_text, redacted_events, reword, seat_of, seat_names, sync_frame, viewer_of


log = logging.getLogger(__name__)


def error_frame(code: str, detail: str, command_id=None) -> dict:
    return {"type": "error", "code": code, "detail": detail, "command_id": command_id}


def frames_after(table_id: int, user, after: int | None, seat: int | None = None) -> tuple[list[dict], tuple] | None:
    """The event frames after seq `after` (none for None) and a sync frame, for `user` (None: no
    such table), and what rewording pushes takes: the table's engine and seat names.

    `seat`: the seat whose view the user reads, when already known (it changes once a game has
    started only when they resign it: the push that says so makes the consumer read it again).
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    if seat is None:
        seat = viewer_of(table, user)
    reads_events = after is not None and table.snapshot is not None
    events = redacted_events(table, seat, after, table.head_seq) if reads_events else []
    frames = [{"type": "event", "seq": e["seq"], "seat": e["seat"], "by": e["by"], "event": e["event"], "text": e["text"]}
              for e in events]
    return frames + [sync_frame(table, seat)], (engine_of(table), seat_names(table))


def submit_as(table_id: int, user, seat: int | None, frame: dict) -> None:
    if seat is None:
        table = Table.objects.filter(pk=table_id).first()
        seat = seat_of(table, user) if table else None
    if seat is None:
        raise Refused("forbidden", _("You have no seat at this table."), 403)
    moves.submit(table_id, seat, frame.get("action"), frame.get("expected_seq"), frame.get("command_id"))


class TableConsumer(AsyncJsonWebsocketConsumer):
    @classmethod
    async def encode_json(cls, content):
        return frame_text(content)

    # Pushes whose frames come worded: their handlers enter the reader's language only where
    # words are made (`_send_frames`, `_send_push`), as entering it at every push of every
    # socket costs more than the rest of sending it.
    PUSHES = frozenset({"table.frames", "table.moved"})

    async def dispatch(self, message):
        """As Channels' own, less its close_old_connections before every message: a hop to the
        one thread of sync work, which every push to every socket of the process queued behind.
        Each database call here goes through database_sync_to_async, which closes stale
        connections on its own thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if message["type"] in self.PUSHES:
            await handler(message)
            return
        with speaking(self.language):
            await handler(message)

    @property
    def language(self) -> str:
        """The reader's language (the page's cookie, else the browser's), read once."""
        if "_language" not in self.__dict__:
            self._language = scope_language(self.scope)
        return self._language

    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user = self.scope.get("user")
        self.seq = 0
        self.moved_at = time.monotonic()  # when self.seq last moved (tables.head_watch)
        self.seat = None  # known once the game has started and this viewer holds a seat
        self.viewer_key = None  # which frames of a push are this viewer's (tables.publish)
        self.sending = asyncio.Lock()  # frames of one catch-up are never interleaved with another's
        self.early: dict[int, dict] = {}  # pushes that came before an earlier one, by first seq
        self.wording = None  # (engine, seat names) for rewording English pushes; None in English
        self.told_in_sight, self.told_at = False, -math.inf  # what this page last said of itself (tables.presence)
        self.muted = await database_sync_to_async(chat.muted_by)(self.user)  # writers this reader muted
        await self.accept()
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        listen_here(group_name(self.table_id), self)
        if not await self.send_frames_after(None):  # the client asks for the log it lacks
            await self.send_json(error_frame("not_found", _("There is no such table.")))
            await self.close(code=4404)
            return
        watch(self)

    async def disconnect(self, code):
        stop_listening(group_name(self.table_id), self)
        if self.told_in_sight:
            await self.keep_presence(False)
        await unwatch(self)
        await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)

    async def send_frames_after(self, after: int | None) -> bool:
        """Send the events after `after` (the client's own choice; None: none) and a sync frame."""
        async with self.sending:
            return await self._send_frames(after)

    async def catch_up(self, head: int | None = None) -> None:
        """Send what this viewer has not been sent yet, then a sync frame.

        `self.seq` is read under the lock, so catch-ups that race (a push, the head watch) never
        send an event twice. With `head` given, nothing is sent when the viewer has already been
        sent that far.
        """
        async with self.sending:
            if head is None or head > self.seq:
                await self._send_frames(self.seq)

    async def _send_frames(self, after: int | None) -> bool:
        """The caller holds `self.sending`."""
        with speaking(self.language):  # the frames' words are made on the way
            found = await database_sync_to_async(frames_after)(self.table_id, self.user, after, self.seat)
        if found is None:
            return False
        frames, wording = found
        self.wording = None if self.language == settings.LANGUAGE_CODE else wording
        for frame in frames:
            await self.send_json(frame)
        sync = frames[-1]
        self.seq, self.moved_at = sync["seq"], time.monotonic()
        if sync["view"] is not None:
            self.seat = sync["seat"]
        self.viewer_key = viewer_key(sync["seat"])  # the seat this user holds now, or spectators
        await self._send_early()
        return True

    async def table_frames(self, message):
        """A new head's frames: this viewer's are sent as they are, in one message, when they
        follow on from what this viewer has. A push that arrives before an earlier one (two
        processes commit a table's moves in turn, and publish each on its own) waits for it;
        a push overlapping what was sent, or too many waiting, are settled from the store."""
        async with self.sending:
            if message["head_seq"] <= self.seq:
                return
            if message["first_seq"] > self.seq + 1 and len(self.early) < self.EARLY_LIMIT:
                self.early[message["first_seq"]] = message
                return
            if message["first_seq"] == self.seq + 1:
                await self._send_push(message)
                await self._send_early()
            else:
                await self._send_frames(self.seq)

    async def table_moved(self, message):
        """The head moved, and its frames went to the process where the move was made (no
        consumer of this table was known elsewhere): read them from the store."""
        if message["head_seq"] > self.seq:  # else it has them (the lock's check settles a race)
            await self.catch_up(message["head_seq"])

    EARLY_LIMIT = 32  # pushes held for an earlier one; the head watch settles a lost one from the store

    async def _send_push(self, message) -> None:
        texts = message["frames"].get(self.viewer_key)
        if texts is None:  # made when no spectator watched (publish.spectators_may_watch)
            await self._send_frames(self.seq)
            return
        if self.wording is not None:
            with speaking(self.language):
                texts = reword(texts, *self.wording)
        await self.send(text_data="[" + ",".join(texts) + "]")
        self.seq, self.moved_at = message["head_seq"], time.monotonic()

    async def _send_early(self) -> None:
        """Send the held pushes that now follow on; forget those already covered."""
        if not self.early:
            return
        while (message := self.early.pop(self.seq + 1, None)) is not None:
            await self._send_push(message)
        self.early = {first: message for first, message in self.early.items() if message["head_seq"] > self.seq}

    async def table_changed(self, message):
        """The seats or the status changed without new events: re-read them (a player who resigned
        reads a spectator's view from now on) and send a sync."""
        async with self.sending:
            self.seat = None
            await self._send_frames(self.seq)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None or len(text_data) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            await self.send_json(error_frame("bad_frame", "Send JSON text frames of at most 64 KiB."))
            return
        try:
            frame = payloads.parse(text_data)
        except ValueError as error:
            await self.send_json(error_frame("bad_json", f"The frame is not JSON we accept: {error}"))
            return
        await self.receive_json(frame)

    async def receive_json(self, frame, **kwargs):
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind == "action":
            await self.act(frame)
        elif kind == "chat":
            await self.chat(frame)
        elif kind == "presence":
            await self.tell_presence(frame)
        elif kind == "resync":
            after = frame.get("after")
            if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= payloads.MAX_INT:
                await self.send_json(error_frame("bad_frame", "resync needs a seq 'after' >= 0."))
                return
            await self.send_frames_after(after)
        else:
            await self.send_json(error_frame("bad_frame", 'A frame\'s "type" is "action", "chat", "presence" or "resync".'))

    async def tell_presence(self, frame: dict):
        """Whether this page is in sight (tables.presence); a visitor's page counts for nobody."""
        in_sight = frame.get("in_sight")
        if not isinstance(in_sight, bool):
            await self.send_json(error_frame("bad_frame", 'presence needs "in_sight": true or false.'))
            return
        if self.user is None or not self.user.is_authenticated:
            return
        if in_sight == self.told_in_sight and time.monotonic() - self.told_at < presence.REFRESH_SECONDS / 2:
            return  # said already: a page that says it more often writes no more
        await self.keep_presence(in_sight)

    async def keep_presence(self, in_sight: bool) -> None:
        self.told_in_sight, self.told_at = in_sight, time.monotonic()
        await sync_to_async(presence.tell, thread_sensitive=False)(self.table_id, self.user.pk, self.channel_name, in_sight)

    async def act(self, frame: dict):
        """Submit; the new head's frames come back on the table's group like everyone else's."""
        command_id = frame.get("command_id") if isinstance(frame.get("command_id"), str) else None
        try:
            await self.within_rate()
            if self.seat is not None and moves_on_loop.available():
                await moves_on_loop.submit(self.table_id, self.seat, frame.get("action"), frame.get("expected_seq"),
                                           frame.get("command_id"))
            else:  # not seated (yet), or SQLite: the sync path finds the seat or the refusal
                await database_sync_to_async(submit_as)(self.table_id, self.user, self.seat, frame)
        except Refused as refusal:
            await self.send_json({**error_frame(refusal.code, refusal.detail, command_id), **refusal.extra})
        except IllegalAction as illegal:
            await self.send_json(error_frame(illegal.code, illegal.message, command_id))

    async def chat(self, frame: dict):
        """Post a chat line; it comes back on the table's group like everyone else's."""
        try:
            await database_sync_to_async(chat.post)(self.table_id, self.user, frame.get("text"))
        except Refused as refusal:
            await self.send_json({**error_frame(refusal.code, refusal.detail), **refusal.extra, "about": "chat"})

    async def chat_line(self, message):
        if message["from"] not in self.muted:
            await self.send_json(message["line"])

    async def within_rate(self) -> None:
        """Refuses an action over the user's rate (decided on the event loop, tables.ratelimit)."""
        wait = await action_wait(self.user)
        if wait is not None:
            raise Refused("throttled", _("Too many actions: try again in %(seconds)d s.") % {"seconds": math.ceil(wait)}, 429,
                          retry_after=math.ceil(wait))
