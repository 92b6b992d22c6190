"""A websocket player that behaves like the browser client: it applies events strictly in seq
order and exactly once, asks for what it missed when it sees a gap, reconnects (to the next
server) when its socket drops and then catches up, and plays random legal moves."""
from __future__ import annotations

import asyncio
import json
import random
import urllib.request

import websockets

RECONNECT_PAUSE = 0.2


class Player:
    def __init__(self, urls: list[str], table: int, cookie: str, seed: int, think: float = 0.05):
        self.urls = urls  # ws://host:port of the servers, tried in turn
        self.server = 0
        self.table = table
        self.cookie = cookie
        self.rng = random.Random(seed)
        self.think = think
        self.seq = 0  # the last event applied
        self.events: dict[int, dict] = {}  # seq -> event frame, applied once each
        self.sync: dict | None = None
        self.acting = True
        self.sent_for: int | None = None
        self.asked_after: int | None = None
        self.connections = 0
        self.errors: list[dict] = []

    def __repr__(self) -> str:
        sync = self.sync or {}
        return (f"Player(seq={self.seq}, sync_seq={sync.get('seq')}, may_act={bool(sync.get('legal_actions'))}, "
                f"sent_for={self.sent_for}, connections={self.connections}, errors={self.errors[-2:]})")

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            url = f"{self.urls[self.server]}/ws/tables/{self.table}/"
            try:
                async with websockets.connect(url, origin=self.urls[self.server].replace("ws://", "http://"),
                                              additional_headers={"Cookie": self.cookie}, compression=None,
                                              open_timeout=5, max_size=2**24) as socket:
                    self.connections += 1
                    self.asked_after = None
                    self.sent_for = None  # an action sent to a dead server may be lost: send again
                    await self.resync(socket)
                    await self.session(socket, stop)
            except (OSError, asyncio.TimeoutError, websockets.WebSocketException):
                self.server = (self.server + 1) % len(self.urls)
                await asyncio.sleep(RECONNECT_PAUSE)

    async def resync(self, socket) -> None:
        if self.asked_after != self.seq:
            self.asked_after = self.seq
            await socket.send(json.dumps({"type": "resync", "after": self.seq}))

    async def session(self, socket, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=0.2))
            except (asyncio.TimeoutError, TimeoutError):
                continue
            for frame in message if isinstance(message, list) else [message]:  # a move's frames come as one
                await self.handle(socket, frame)

    async def handle(self, socket, frame: dict) -> None:
        if frame["type"] == "event":
            if frame["seq"] == self.seq + 1:
                self.events[frame["seq"]] = frame
                self.seq = frame["seq"]
            elif frame["seq"] > self.seq + 1:
                await self.resync(socket)
        elif frame["type"] == "sync":
            if frame["seq"] > self.seq:
                await self.resync(socket)
            elif frame["seq"] == self.seq:
                self.sync = frame
                await self.maybe_act(socket, frame)
        elif frame["type"] == "error":
            self.errors.append(frame)

    async def maybe_act(self, socket, sync: dict) -> None:
        if not (self.acting and sync["legal_actions"] and self.sent_for != sync["seq"]):
            return
        self.sent_for = sync["seq"]
        await asyncio.sleep(self.think)
        if not self.acting:  # told to stop while thinking
            self.sent_for = None
            return
        await socket.send(json.dumps({
            "type": "action", "action": self.rng.choice(sync["legal_actions"]), "expected_seq": sync["seq"],
            # One command id per seq: a repeat after a reconnect is answered, never applied twice.
            "command_id": f"{self.cookie[-8:]}-{sync['seq']}"}))


def rest_events(http_url: str, table: int, token: str) -> dict:
    """GET /api/tables/<id>/events/?after=0 as the token's user: {"head_seq", "events"}."""
    request = urllib.request.Request(f"{http_url}/api/tables/{table}/events/?after=0",
                                     headers={"Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = json.load(response)
    return body


async def play_until(players: list[Player], seconds: float) -> asyncio.Event:
    """Start the players; returns the event that stops them (they keep running in the background)."""
    stop = asyncio.Event()
    for player in players:
        player.task = asyncio.create_task(player.run(stop))
    await asyncio.sleep(seconds)
    return stop


async def settle(players: list[Player], head_of, timeout: float = 15) -> None:
    """Stop moving, then wait until every player has applied every event up to the head (the
    same head twice in a row: a move already on its way when the players stopped lands too)."""
    for player in players:
        player.acting = False
    loop = asyncio.get_running_loop()
    deadline, settled_at = loop.time() + timeout, None
    while loop.time() < deadline:
        head = head_of()
        if all(player.seq == head for player in players):
            if settled_at == head:
                return
            settled_at = head
        await asyncio.sleep(0.5)
