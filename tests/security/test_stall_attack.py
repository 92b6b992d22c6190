"""A seated player cannot freeze a table by taking the command id a bot or the clock will use.

The engine is open source, so a player can predict the head seq at which a bot (or an expired
clock) will move next and the id it will move under. The attacker sends a move of their own
under that id, over REST and over the websocket, through a real server (uvicorn, a Celery
worker and beat): the bot and the clock must still play on.
"""
import asyncio
import json
import time
import uuid

import pytest
import requests
import websockets

from engines import registry
from engines.core import command_rng
from tests.bench.harness import Service

pytestmark = pytest.mark.slow  # a real service (uvicorn, a worker, beat) waits out bots and clocks
GAME = "dunhuang"
TIMEOUT = 60
ENGINE = registry.get(GAME)


def make_table(owner: str, other: dict, seconds: int) -> int:
    """A started two-seat table: `owner` in seat 0 and `other` (an AI seat or an invited player) in seat 1.
    An idle seat stays the clock's to play (a stand-in bot would move under a bot's id), for as
    many timeouts as a table allows. Runs inside the service's Django (tests.bench.django_call)."""
    from django.contrib.auth import get_user_model

    from tables import lifecycle

    User = get_user_model()
    user = User.objects.get(username=owner)
    table = lifecycle.create_table(user, {
        "game": GAME, "players": 2, "options": {}, "time_control": {"kind": "live", "seconds": seconds, "max_timeouts": 20},
        "seats": [{"kind": "me"}, other], "fill_with_ai": False,
    })
    if other["kind"] == "invite":
        lifecycle.join(table.pk, User.objects.get(username=other["username"]))
    lifecycle.start_table(table.pk, user)
    return table.pk


def head(service: Service, table: int) -> tuple[int, list, dict, str]:
    return service.sql("SELECT head_seq, to_act, snapshot, seed FROM tables_table WHERE id = %s", (table,))[0]


def wait_for(check, what: str, service: Service) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}\n{service.logs()}"
        time.sleep(0.2)


def stolen_move(service: Service, table: int, victim: str) -> tuple[dict, int, str] | None:
    """When seat 0 is to act and seat 1 acts right after: seat 0's move, the head it expects and
    the id that seat 1's `victim` ("bot" or "timeout") will use next. None: not such a moment."""
    seq, to_act, snapshot, seed = head(service, table)
    if to_act != [0]:
        return None
    state = ENGINE.load(snapshot)
    action = ENGINE.legal_actions(state, 0)[0]
    events = ENGINE.decide(state, 0, action, command_rng(seed, seq))
    after = state
    for event in events:
        after = ENGINE.evolve(after, event)
    if ENGINE.to_act(after) != frozenset({1}):
        return None
    return action, seq, f"{victim}:1:{seq + len(events)}"


def commands_of(service: Service, table: int) -> list[str]:
    return [row[0] for row in service.sql("SELECT command_id FROM tables_event WHERE table_id = %s", (table,))]


def attack(service: Service, table: int, victim: str, send) -> None:
    """Seat 0 moves under the id that seat 1's `victim` will use; then `victim` must move under it.
    A move of seat 0 that its own clock overtook (a slow machine) is refused as stale: the attack
    goes on from the new head."""
    while True:
        while (stolen := stolen_move(service, table, victim)) is None:
            seq, to_act, snapshot, _ = head(service, table)
            if to_act == [0]:  # seat 1 does not move next: an ordinary move
                send(ENGINE.legal_actions(ENGINE.load(snapshot), 0)[0], seq, uuid.uuid4().hex)
            wait_for(lambda: head(service, table)[0] > seq, "the game to move on", service)
        action, seq, victims_id = stolen
        if send(action, seq, victims_id):
            break
    wait_for(lambda: f"player:0:{victims_id}" in commands_of(service, table), "the attacker's move", service)
    wait_for(lambda: victims_id in commands_of(service, table), f"{victims_id} to be played", service)


def rest_sender(service: Service, table: int, token: str):
    def send(action, expected_seq, command_id) -> bool:
        """Whether the move was played (False: the head had moved on)."""
        response = requests.post(f"{service.http_urls[0]}/api/tables/{table}/actions/",
                                 headers={"Authorization": f"Token {token}"},
                                 json={"action": action, "expected_seq": expected_seq, "command_id": command_id})
        if response.status_code == 409 and response.json()["code"] == "stale_seq":
            return False
        assert response.status_code == 200, response.text
        return True
    return send


def socket_sender(service: Service, table: int, cookie: str):
    def send(action, expected_seq, command_id) -> bool:
        """Whether the move was played (False: the head had moved on)."""
        return asyncio.run(send_frame(service, table, cookie, {
            "type": "action", "action": action, "expected_seq": expected_seq, "command_id": command_id}))
    return send


async def send_frame(service: Service, table: int, cookie: str, frame: dict) -> bool:
    """Whether the move was played: an event of seat 0's player came after it (the other seat is
    a bot or the clock); False when it was refused as stale."""
    async with websockets.connect(f"{service.ws_urls[0]}/ws/tables/{table}/", origin=service.http_urls[0],
                                  additional_headers={"Cookie": cookie}) as socket:
        await socket.send(json.dumps(frame))
        while True:
            reply = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
            for pushed in reply if isinstance(reply, list) else [reply]:  # frames come one by one or batched
                if pushed["type"] == "error":
                    assert pushed.get("code") == "stale_seq", pushed
                    return False
                if pushed["type"] == "event" and pushed["seq"] > frame["expected_seq"] and pushed["by"] == "player":
                    return True


def test_a_player_cannot_take_the_bots_or_the_clocks_command_id():
    with Service(asgi_servers=1) as service:
        attacker, idler = service.call("tests.bench.seeding:make_players", count=2)
        bot_table = service.call("tests.security.test_stall_attack:make_table", owner=attacker["username"],
                                 other={"kind": "ai", "strength": "random"}, seconds=3600)
        attack(service, bot_table, "bot", rest_sender(service, bot_table, attacker["token"]))
        attack(service, bot_table, "bot", socket_sender(service, bot_table, attacker["cookie"]))

        for sender in (rest_sender, socket_sender):  # a table each: an idle seat is taken over after its timeouts
            clock_table = service.call("tests.security.test_stall_attack:make_table", owner=attacker["username"],
                                       other={"kind": "invite", "username": idler["username"]}, seconds=5)
            credential = attacker["token"] if sender is rest_sender else attacker["cookie"]
            attack(service, clock_table, "timeout", sender(service, clock_table, credential))
