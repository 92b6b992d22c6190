"""A correspondence move is not emailed to a player who has the table's page open and in sight
(tables.presence): what the page's socket says, through the real cache (Redis) and websocket."""
import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.core import mail

from tables import lifecycle, notices, presence

from .helpers import act, new_table
from .wsclients import SOCKET_TEST_MARKS, communicator, session_cookie

pytestmark = SOCKET_TEST_MARKS


@pytest.fixture
def correspondence(make_user, client_for):
    """A started correspondence table of the tiny game: alice (seat 0) to move, bob waiting."""
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a, time_control={"kind": "correspondence", "days": 2}, options={"cards": 3})  # six moves
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    mail.outbox.clear()
    return table["id"], alice, bob, a, b


def move(client, table_id: int, command_id: str) -> None:
    """The seat's first legal move, at the table's head."""
    frame = client.get(f"/api/tables/{table_id}/view/").json()
    assert act(client, table_id, frame["legal_actions"][0], frame["seq"], command_id).status_code == 200


async def until_in_sight(table_id: int, user, wanted: bool) -> None:
    """The socket's word is kept off the socket's loop: wait for it to land."""
    for _ in range(100):
        if await sync_to_async(presence.in_sight)(table_id, user.pk) == wanted:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"in sight did not become {wanted}")


def emailed() -> list[str]:
    return [message.to[0] for message in mail.outbox]


async def test_a_move_is_emailed_only_while_the_players_page_is_out_of_sight(correspondence):
    table_id, alice, bob, a, b = correspondence
    page = communicator(table_id, await sync_to_async(session_cookie)(bob))
    assert (await page.connect())[0]
    await page.send_json_to({"type": "presence", "in_sight": True})
    await until_in_sight(table_id, bob, True)
    await sync_to_async(move)(a, table_id, "a1")  # bob's turn, bob looking: no email
    assert emailed() == []
    await sync_to_async(move)(b, table_id, "b1")  # alice's turn, alice on no page of the table
    assert emailed() == [alice.email]

    await page.send_json_to({"type": "presence", "in_sight": False})  # bob's tab in the background
    await until_in_sight(table_id, bob, False)
    await sync_to_async(move)(a, table_id, "a2")
    assert emailed() == [alice.email, bob.email]

    await page.send_json_to({"type": "presence", "in_sight": True})
    await until_in_sight(table_id, bob, True)
    await page.disconnect()  # the page closed
    await until_in_sight(table_id, bob, False)
    await sync_to_async(move)(b, table_id, "b2")
    await sync_to_async(move)(a, table_id, "a3")
    assert emailed() == [alice.email, bob.email, alice.email, bob.email]


async def test_a_page_of_one_user_counts_for_nobody_else_and_a_visitors_for_nobody(correspondence):
    table_id, alice, bob, a, b = correspondence
    visitor = communicator(table_id)
    assert (await visitor.connect())[0]
    await visitor.receive_json_from(timeout=5)  # its sync
    await visitor.send_json_to({"type": "presence", "in_sight": True})
    assert await visitor.receive_nothing(0.3)  # taken without an error, and kept for nobody
    alices = communicator(table_id, await sync_to_async(session_cookie)(alice))
    assert (await alices.connect())[0]
    await alices.send_json_to({"type": "presence", "in_sight": True})
    await until_in_sight(table_id, alice, True)
    await sync_to_async(move)(a, table_id, "a1")
    assert emailed() == [bob.email]
    assert not await sync_to_async(presence.in_sight)(table_id, bob.pk)
    for socket in (visitor, alices):
        await socket.disconnect()


async def test_a_word_of_presence_that_is_not_true_or_false_gets_an_error_frame(correspondence):
    table_id, alice, bob, a, b = correspondence
    page = communicator(table_id, await sync_to_async(session_cookie)(bob))
    assert (await page.connect())[0]
    await page.receive_json_from(timeout=5)  # its sync
    for wrong in ({"type": "presence"}, {"type": "presence", "in_sight": "yes"}, {"type": "presence", "in_sight": 1}):
        await page.send_json_to(wrong)
        frame = await page.receive_json_from(timeout=5)
        assert frame["type"] == "error" and frame["code"] == "bad_frame" and "in_sight" in frame["detail"]
    assert not await sync_to_async(presence.in_sight)(table_id, bob.pk)
    await page.disconnect()


async def test_a_page_lost_without_a_word_stops_counting_once_its_word_expires(correspondence, monkeypatch):
    table_id, alice, bob, a, b = correspondence
    monkeypatch.setattr(presence, "EXPIRY_SECONDS", 1)
    await sync_to_async(presence.tell)(table_id, bob.pk, "a-socket-gone-silent", True)
    assert await sync_to_async(presence.in_sight)(table_id, bob.pk)
    await asyncio.sleep(1.1)
    assert not await sync_to_async(presence.in_sight)(table_id, bob.pk)
    await sync_to_async(move)(a, table_id, "a1")
    assert emailed() == [bob.email]


async def test_no_reminder_goes_to_a_player_looking_at_the_table(correspondence):
    table_id, alice, bob, a, b = correspondence
    await sync_to_async(presence.tell)(table_id, alice.pk, "alices-page", True)
    await sync_to_async(notices.send_reminder)(table_id, 0)
    assert emailed() == []
    await sync_to_async(presence.tell)(table_id, alice.pk, "alices-page", False)
    await sync_to_async(notices.send_reminder)(table_id, 0)
    assert emailed() == [alice.email]
