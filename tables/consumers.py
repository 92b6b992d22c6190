"""The websocket of one viewer at one table: views and redacted events pushed by seq, actions in.

Every frame is built for this consumer's own viewer (their seat, or None for spectators).
"""
import asyncio
import json
import logging
import math

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from engines.core import IllegalAction
from tables import commands
from tables.errors import Refused
from tables.models import Table
from tables.publish import group_name
from tables.ratelimit import action_wait
from tables.reading import redacted_events, seat_of, sync_frame


log = logging.getLogger(__name__)
MAX_HEAD_CHECK_SECONDS = 60


def error_frame(code: str, detail: str, command_id=None) -> dict:
    return {"type": "error", "code": code, "detail": detail, "command_id": command_id}


def frames_after(table_id: int, user, after: int, seat: int | None = None) -> list[dict] | None:
    """The event frames after seq `after` and a sync frame, for `user` (None: no such table).

    `seat`: the user's seat when already known (seats do not change once a game has started).
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    if seat is None:
        seat = seat_of(table, user)
    events = redacted_events(table, seat, after, table.head_seq) if table.snapshot is not None else []
    frames = [{"type": "event", "seq": e["seq"], "event": e["event"], "text": e["text"]} for e in events]
    return frames + [sync_frame(table, seat)]


def head_seq_of(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("head_seq", flat=True).first()


def submit_as(table_id: int, user, seat: int | None, frame: dict) -> None:
    if seat is None:
        table = Table.objects.filter(pk=table_id).first()
        seat = seat_of(table, user) if table else None
    if seat is None:
        raise Refused("forbidden", "You have no seat at this table.", 403)
    wait = action_wait(user)
    if wait is not None:
        raise Refused("throttled", f"Too many actions: try again in {math.ceil(wait)} s.", 429, retry_after=math.ceil(wait))
    commands.submit(table_id, seat, frame.get("action"), frame.get("expected_seq"), frame.get("command_id"))


class TableConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user = self.scope.get("user")
        self.seq = 0
        self.seat = None  # known once the game has started and this viewer holds a seat
        self.sending = asyncio.Lock()  # frames of one catch-up are never interleaved with another's
        self.watcher = None
        await self.accept()
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        if not await self.send_frames_after(0, only_sync=True):
            await self.send_json(error_frame("not_found", "There is no such table."))
            await self.close(code=4404)
            return
        self.watcher = asyncio.create_task(self.watch_head())

    async def disconnect(self, code):
        if self.watcher:
            self.watcher.cancel()
        await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)

    async def watch_head(self):
        """Pushes are at-most-once (a Redis restart loses some): look at the head now and then,
        soon after the last news and ever more rarely while the table is quiet."""
        quiet = settings.WS_HEAD_CHECK_SECONDS
        while True:
            seen = self.seq
            await asyncio.sleep(quiet)
            try:
                head = await database_sync_to_async(head_seq_of)(self.table_id)
                if head is not None:
                    await self.catch_up(head)
            except Exception:  # keep watching: the next look may succeed
                log.exception("head check of table %s failed", self.table_id)
            moved = self.seq != seen
            quiet = settings.WS_HEAD_CHECK_SECONDS if moved else min(quiet * 2, MAX_HEAD_CHECK_SECONDS)

    async def send_frames_after(self, after: int, only_sync: bool = False) -> bool:
        """Send the events after `after` (the client's own choice) and a sync frame."""
        async with self.sending:
            return await self._send_frames(after, only_sync)

    async def catch_up(self, head: int | None = None) -> None:
        """Send what this viewer has not been sent yet, then a sync frame.

        `self.seq` is read under the lock, so catch-ups that race (a push, the head watcher, the
        answer to an action) never send an event twice. With `head` given, nothing is sent when
        the viewer has already been sent that far.
        """
        async with self.sending:
            if head is None or head > self.seq:
                await self._send_frames(self.seq)

    async def _send_frames(self, after: int, only_sync: bool = False) -> bool:
        """The caller holds `self.sending`."""
        frames = await database_sync_to_async(frames_after)(self.table_id, self.user, after, self.seat)
        if frames is None:
            return False
        for frame in frames[-1:] if only_sync else frames:
            await self.send_json(frame)
        sync = frames[-1]
        self.seq = sync["seq"]
        if sync["view"] is not None:
            self.seat = sync["seat"]
        return True

    async def table_changed(self, message):
        """Pushed after a commit: send what this viewer has not seen yet, then a sync."""
        await self.catch_up(None if message["seats_changed"] else message["head_seq"])

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None or len(text_data) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            await self.send_json(error_frame("bad_frame", "Send JSON text frames of at most 64 KiB."))
            return
        try:
            frame = json.loads(text_data)
        except ValueError:
            await self.send_json(error_frame("bad_json", "The frame is not valid JSON."))
            return
        await self.receive_json(frame)

    async def receive_json(self, frame, **kwargs):
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind == "action":
            await self.act(frame)
        elif kind == "resync":
            after = frame.get("after")
            if isinstance(after, bool) or not isinstance(after, int) or after < 0:
                await self.send_json(error_frame("bad_frame", "resync needs a seq 'after' >= 0."))
                return
            await self.send_frames_after(after)
        else:
            await self.send_json(error_frame("bad_frame", 'A frame\'s "type" is "action" or "resync".'))

    async def act(self, frame: dict):
        command_id = frame.get("command_id") if isinstance(frame.get("command_id"), str) else None
        try:
            await database_sync_to_async(submit_as)(self.table_id, self.user, self.seat, frame)
        except Refused as refusal:
            await self.send_json({**error_frame(refusal.code, refusal.detail, command_id), **refusal.extra})
            return
        except IllegalAction as illegal:
            await self.send_json(error_frame(illegal.code, illegal.message, command_id))
            return
        await self.catch_up()  # do not wait for the push: it may be lost
