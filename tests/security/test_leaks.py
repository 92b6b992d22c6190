"""No path shows a viewer the secrets of another seat while the game runs.

Full games of every registered engine: seat 0 is played by the test (random legal moves through
the REST API), the other seats belong to players whose seats bots play (stand-ins, through the inline
dispatch), so all four are viewers with a seat. While the game runs, every time seat 0 is to
move, every REST path (table, view, events, export, the table page) is read as each viewer.
Websocket frames are collected from connect to the end; at the end, the replay view at every
seq and the export are read too. Everything is scanned with engines.core.find_leaks against
the engine's private keys. A game over reveals everything, so the last command's events and
the final views are not scanned.
"""
import json
import random
import re
import time

import pytest
from asgiref.sync import sync_to_async

from engines import registry
from engines.core import find_leaks
from frontend.glossary import glossaries
from tables import lifecycle
from tables.models import Event, Seat, Table

from tests.service.wsclients import communicator, frames_until_the_end, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_consumer_connections"),
    pytest.mark.timeout(300),
]
SCAN_EVERY_TURNS = 10  # of seat 0's turns: a full REST scan
# The variant with the most secrets; a short Dragon Market (random play runs to the round limit).
OPTIONS = {"dragon_market": {"variant": "advanced", "turn_limit": 15}}
PAGE_DATA = re.compile(r'<script id="page-data" type="application/json">(.*?)</script>', re.S)


class Scanner:
    def __init__(self, engine):
        self.engine = engine
        self.keys = frozenset()
        self.leaks: list[str] = []
        self.scanned = 0

    def learn_keys(self, state) -> None:
        self.keys |= self.engine.private_keys(state)

    def check(self, payload, viewer, where: str) -> None:
        self.scanned += 1
        self.leaks += [f"{where} (viewer {viewer}): {path}" for path in find_leaks(payload, viewer, self.keys)]


def make_table(game: str, seat_users, client) -> int:
    seats = [{"kind": "me"}] + [{"kind": "invite", "username": u.username} for u in seat_users[1:]]
    response = client.post("/api/tables/", {
        "game": game, "players": len(seat_users), "options": OPTIONS.get(game, {}), "time_control": {"kind": "live", "seconds": 600},
        "seats": seats}, format="json")
    assert response.status_code == 201, response.content
    table_id = response.json()["id"]
    for user in seat_users[1:]:
        lifecycle.join(table_id, user)
    # Their players stay seated viewers; bots play the seats (as after repeated timeouts).
    Seat.objects.filter(table_id=table_id, index__gt=0).update(standin=True, strength="random")
    return table_id


def scan_running_paths(scanner: Scanner, table_id: int, viewers: dict) -> None:
    """Every REST path and the table page, as each viewer, at this moment of a running game."""
    base = f"/api/tables/{table_id}"
    for viewer, client in viewers.items():
        seat = viewer if isinstance(viewer, int) else None
        for path in (f"{base}/", f"{base}/view/", f"{base}/events/?after=0"):
            response = client.get(path)
            assert response.status_code == 200, (path, response.content)
            scanner.check(response.json(), seat, path)
        assert client.get(f"{base}/export/").status_code == 409  # no export while the game runs
        page = json.loads(PAGE_DATA.search(client.get(f"/tables/{table_id}/").content.decode()).group(1))
        assert page.pop("glossaries") == glossaries("en")  # the rules' words, the same on every page
        scanner.check(page, seat, "table page")


def play_seat_zero(scanner: Scanner, table_id: int, viewers: dict) -> int:
    """Play seat 0 until the game ends (bots answer inline); returns how many moves it made."""
    rng, moves = random.Random(table_id), 0
    base = f"/api/tables/{table_id}"
    while Table.objects.get(pk=table_id).status == Table.Status.RUNNING:
        if moves % SCAN_EVERY_TURNS == 0:
            scan_running_paths(scanner, table_id, viewers)
        view = viewers[0].get(f"{base}/view/").json()
        assert view["legal_actions"], view
        body = {"action": rng.choice(view["legal_actions"]), "expected_seq": view["seq"], "command_id": f"m{moves}"}
        response = viewers[0].post(f"{base}/actions/", body, format="json")
        while response.status_code == 429:  # over a person's action rate: wait as a client would
            time.sleep(float(response.headers.get("Retry-After", 1)))
            response = viewers[0].post(f"{base}/actions/", body, format="json")
        assert response.status_code == 200, response.content
        moves += 1
    return moves


def running_seqs(engine, table_id: int, scanner: Scanner) -> int:
    """The last seq that is scanned: before the command that ended the game."""
    rows = list(Event.objects.filter(table_id=table_id).order_by("seq").values_list("seq", "command_id", "payload"))
    state = None
    for _, _, payload in rows:
        state = engine.evolve(state, payload)
        scanner.learn_keys(state)
    last_command = rows[-1][1]
    return min(seq for seq, command_id, _ in rows if command_id == last_command) - 1


def scan_after_the_end(scanner: Scanner, table_id: int, viewers: dict, last_running: int) -> None:
    """The replay view at every seq (the viewers take turns: each sees every sixth seq), the
    whole event log and the export."""
    base = f"/api/tables/{table_id}"
    order = list(viewers.items())
    for at in range(0, last_running + 1):
        viewer, client = order[at % len(order)]
        seat = viewer if isinstance(viewer, int) else None
        scanner.check(client.get(f"{base}/view/?at={at}").json(), seat, f"replay view at {at}")
    for viewer, client in viewers.items():
        seat = viewer if isinstance(viewer, int) else None
        events = client.get(f"{base}/events/?after=0").json()["events"]
        scanner.check([e for e in events if e["seq"] <= last_running], seat, "events after the end")
        export = client.get(f"{base}/export/")
        assert export.status_code == 200
        lines = [json.loads(line) for line in export.content.decode().splitlines()]
        scanner.check([e for e in lines[1:] if e["seq"] <= last_running], seat, "export")


def scan_frames(scanner: Scanner, frames: list[dict], seat, last_running: int) -> None:
    for frame in frames:
        if frame["type"] == "sync" and frame["outcome"] is None and frame["seq"] <= last_running:
            scanner.check(frame, seat, f"sync frame {frame['seq']}")
        elif frame["type"] == "event" and frame["seq"] <= last_running:
            scanner.check(frame, seat, f"event frame {frame['seq']}")


@pytest.mark.parametrize("game", registry.names())
async def test_no_viewer_sees_another_seats_secrets_on_any_path(game, make_user, client_for):
    engine = registry.get(game)
    players = min(4, engine.max_players)
    seat_users = [await sync_to_async(make_user)("seat") for _ in range(players)]
    stranger = await sync_to_async(make_user)("watcher")
    clients = await sync_to_async(lambda: [client_for(user) for user in [*seat_users, stranger, None]])()
    viewers = {**dict(enumerate(clients[:players])), "spectator": clients[players], "anonymous": clients[players + 1]}
    table_id = await sync_to_async(make_table)(game, seat_users, viewers[0])
    cookies = {i: await sync_to_async(session_cookie)(user) for i, user in enumerate(seat_users)}
    cookies.update(spectator=await sync_to_async(session_cookie)(stranger), anonymous=None)
    sockets = {viewer: communicator(table_id, cookie) for viewer, cookie in cookies.items()}
    for socket in sockets.values():
        assert (await socket.connect())[0]

    scanner = Scanner(engine)
    assert (await sync_to_async(viewers[0].post)(f"/api/tables/{table_id}/start/")).status_code == 200
    state = await sync_to_async(lambda: engine.load(Table.objects.get(pk=table_id).snapshot))()
    scanner.learn_keys(state)
    began = time.monotonic()
    moves = await sync_to_async(play_seat_zero)(scanner, table_id, viewers)
    print(f"played in {time.monotonic() - began:.1f} s")
    last_running = await sync_to_async(running_seqs)(engine, table_id, scanner)
    for viewer, socket in sockets.items():
        frames = await frames_until_the_end(socket)
        scan_frames(scanner, frames, viewer if isinstance(viewer, int) else None, last_running)
        await socket.disconnect()
    began = time.monotonic()
    await sync_to_async(scan_after_the_end)(scanner, table_id, viewers, last_running)
    print(f"replayed in {time.monotonic() - began:.1f} s")

    assert moves > 3 and last_running > 20
    assert scanner.leaks == [], scanner.leaks[:20]
    print(f"{game}: {scanner.scanned} payloads scanned, {last_running} running events, keys {sorted(scanner.keys)}")
