"""Websocket clients of the ASGI application for the tests (real channels_redis layer)."""
import asyncio

import pytest_asyncio
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections

from config.asgi import application
from tables import consumers


def session_cookie(user) -> bytes:
    """A logged-in session for `user`, as a Cookie header value."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}".encode()


def communicator(table_id: int, cookie: bytes | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)


async def frames_until_the_end(client: WebsocketCommunicator, timeout: float = 30) -> list[dict]:
    """Every frame the client is sent, up to the sync frame that shows the game's outcome."""
    frames = []
    while not (frames and frames[-1]["type"] == "sync" and frames[-1]["outcome"]):
        frames.append(await client.receive_json_from(timeout=timeout))
    return frames


@pytest_asyncio.fixture
async def close_consumer_connections():
    """Consumers query from asgiref's shared sync thread and the head watch's thread; close
    their connections after the test so the test database can be dropped."""
    yield
    await sync_to_async(connections.close_all)()
    await asyncio.get_running_loop().run_in_executor(consumers.HEAD_READS, connections.close_all)
