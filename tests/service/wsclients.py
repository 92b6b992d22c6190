"""Websocket clients of the ASGI application for the tests (real channels_redis layer)."""
import asyncio
import collections
import json

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections

from config.asgi import application
from tables import head_watch, moves_on_loop


def session_cookie(user) -> bytes:
    """A logged-in session for `user`, as a Cookie header value."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}".encode()


class FrameCommunicator(WebsocketCommunicator):
    """Hands out frames one at a time: a move's frames for a viewer come as one message, a JSON
    array (`receive_from` still gives the messages as sent)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = collections.deque()

    async def receive_json_from(self, timeout=1):
        if not self.pending:
            message = json.loads(await self.receive_from(timeout))
            self.pending.extend(message if isinstance(message, list) else [message])
        return self.pending.popleft()

    async def receive_nothing(self, timeout=0.1, interval=0.01):
        return not self.pending and await super().receive_nothing(timeout, interval)


def communicator(table_id: int, cookie: bytes | None = None) -> FrameCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", cookie))
    return FrameCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)


async def frames_until_the_end(client: WebsocketCommunicator, timeout: float = 30) -> list[dict]:
    """Every frame the client is sent, up to the sync frame that shows the game's outcome."""
    frames = []
    while not (frames and frames[-1]["type"] == "sync" and frames[-1]["outcome"]):
        frames.append(await client.receive_json_from(timeout=timeout))
    return frames


# The marks of a module of websocket tests: a real database the consumers' threads can see, the
# asyncio runner, and their connections closed after each test.
SOCKET_TEST_MARKS = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_consumer_connections"),
]


@pytest_asyncio.fixture
async def close_consumer_connections():
    """Consumers query from asgiref's shared sync thread, the head watch's thread and the
    loop's pool of move connections; close their connections after the test so the test
    database can be dropped."""
    yield
    await moves_on_loop.close_pool()
    await sync_to_async(connections.close_all)()
    await asyncio.get_running_loop().run_in_executor(head_watch.HEAD_READS, connections.close_all)


async def frames_until_sync(client) -> list[dict]:
    """The frames a client gets up to its next sync (or error)."""
    frames = []
    while not frames or frames[-1]["type"] not in ("sync", "error"):
        frames.append(await client.receive_json_from(timeout=5))
    return frames
