"""A whole Dschunke game played by four websocket clients; no frame leaks another seat's secrets."""
import asyncio
import random

import pytest
from asgiref.sync import sync_to_async

from engines import bots, registry
from engines.core import find_leaks
from tables import lifecycle
from tables.models import Table
from tables.reading import head_state

from .helpers import new_table
from .wsclients import SOCKET_TEST_MARKS, communicator, session_cookie

pytestmark = SOCKET_TEST_MARKS
ENGINE = registry.get("dschunke")


@pytest.fixture
def dschunke_table(make_user, client_for):
    users = [make_user() for _ in range(4)]
    table = new_table(client_for(users[0]), game="dschunke", players=4)
    for user in users[1:]:
        lifecycle.join(table["id"], user)
    lifecycle.start_table(table["id"], users[0])
    stored = Table.objects.get(pk=table["id"])
    return table["id"], [session_cookie(u) for u in users], ENGINE.private_keys(head_state(stored))


async def play_seat(table_id: int, cookie: bytes, private_keys, counts: dict) -> dict:
    """Play one seat to the end with a random bot, checking every frame for leaks.

    Event frames are checked when the sync frame after them shows the game still running;
    a game over reveals everything, so the events of the final command are not scanned.
    """
    client = communicator(table_id, cookie)
    assert (await client.connect())[0]
    rng = random.Random(cookie)
    last_sent, waiting, seat, unchecked = None, False, None, []
    while True:
        frame = await client.receive_json_from(timeout=30)
        assert frame["type"] != "error", frame  # not even in simultaneous phases: sent at one seq, all land
        if frame["type"] == "event":
            unchecked.append(frame)
            if frame["seat"] == seat and last_sent is not None and frame["seq"] > last_sent:
                waiting = False  # this seat's own action has landed
            continue
        seat = frame["seat"]
        if frame["outcome"] is not None:
            await client.disconnect()
            return frame
        for checked in unchecked + [frame]:
            assert find_leaks(checked, seat, private_keys) == [], checked
        counts["frames"] += len(unchecked) + 1
        unchecked = []
        if frame["legal_actions"] and not waiting:
            action = bots.choose(ENGINE, "random", frame["view"], seat, frame["legal_actions"], rng)
            await client.send_json_to({"type": "action", "action": action, "expected_seq": frame["seq"],
                                       "command_id": f"seat{seat}-{frame['seq']}"})
            last_sent, waiting = frame["seq"], True


async def test_four_websocket_players_finish_a_dschunke_game_without_leaks(dschunke_table, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "actions": "1000/s"}  # bots' pace, not a person's
    table_id, cookies, private_keys = dschunke_table
    counts = {"frames": 0}
    finals = await asyncio.wait_for(
        asyncio.gather(*(play_seat(table_id, cookie, private_keys, counts) for cookie in cookies)), timeout=200
    )
    table = await sync_to_async(Table.objects.get)(pk=table_id)
    assert table.status == Table.Status.FINISHED
    assert all(final["outcome"] == finals[0]["outcome"] for final in finals)
    assert {final["seat"] for final in finals} == {0, 1, 2, 3}
    print(f"dschunke by websockets: {table.head_seq} events, {counts['frames']} frames checked")
