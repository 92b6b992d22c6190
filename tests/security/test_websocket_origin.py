"""The table websocket refuses a handshake whose Origin is not one of the service's hosts (a page
of another site would otherwise ride on the player's session cookie)."""
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.service.wsclients import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_consumer_connections")]


def client(origin: bytes, cookie: bytes) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"host", b"testserver"), (b"cookie", cookie)]
    return WebsocketCommunicator(application, "/ws/tables/1/", headers=headers)


@pytest.mark.parametrize("origin", [b"http://evil.example", b"https://testserver.evil.example", b"null"])
async def test_a_foreign_origin_is_refused(make_user, origin):
    cookie = await sync_to_async(session_cookie)(await sync_to_async(make_user)())
    connected, _ = await client(origin, cookie).connect()
    assert not connected


async def test_the_services_own_origin_is_accepted(make_user):
    cookie = await sync_to_async(session_cookie)(await sync_to_async(make_user)())
    socket = client(b"http://testserver", cookie)
    connected, _ = await socket.connect()
    assert connected
    await socket.disconnect()
