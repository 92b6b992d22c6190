"""What the leak scans of the service share.

A table of real players: seat 0 is played by the test (random legal moves through the REST API),
the other seats belong to players whose seats bots play (stand-ins, through the inline dispatch),
so that every seat is a viewer with a seat; a spectator and an anonymous visitor watch too. Each
viewer reads every path: the REST table, view, events and export, the table page, the websocket
frames, and the replay view at past seqs. Every payload is scanned with engines.core.find_leaks
against the engine's private keys, and every view and event in it is recorded, to be held equal
to what the engine shows that viewer (`agree_with_the_engine`): a path that passed a viewer more
than the engine's view or redacted event would be a leak that the private keys do not name.
"""
from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async

from engines import registry
from engines.core import find_leaks
from frontend.glossary import glossaries
from tables import lifecycle
from tables.models import Event, Seat, Table
from tests.service.wsclients import communicator, session_cookie

PAGE_DATA = re.compile(r'<script id="page-data" type="application/json">(.*?)</script>', re.S)


def seat_of(viewer) -> int | None:
    """The seat a viewer watches from (None: a spectator or an anonymous visitor)."""
    return viewer if isinstance(viewer, int) else None


def plain(payload):
    return json.loads(json.dumps(payload))


@dataclass
class Scanner:
    engine: object
    keys: frozenset = frozenset()
    leaks: list = field(default_factory=list)
    scanned: int = 0
    views: list = field(default_factory=list)  # (where, seat, seq, payload with view and legal_actions)
    events: list = field(default_factory=list)  # (where, seat, seq, event as shown)

    def learn_keys(self, state) -> None:
        self.keys |= self.engine.private_keys(state)

    def check(self, payload, viewer, where: str) -> None:
        self.scanned += 1
        self.leaks += [f"{where} (viewer {viewer}): {path}" for path in find_leaks(payload, viewer, self.keys)]

    def saw_view(self, payload: dict, viewer, where: str) -> None:
        """A payload of a position ({seq, view, legal_actions, ...}): scanned and recorded."""
        self.check(payload, viewer, where)
        if payload.get("view") is not None:
            self.views.append((where, viewer, payload["seq"], payload))

    def saw_events(self, rows: list[dict], viewer, where: str) -> None:
        """Event rows as the service sends them ({seq, event, ...}): scanned and recorded."""
        self.check(rows, viewer, where)
        self.events += [(where, viewer, row["seq"], row["event"]) for row in rows]


@dataclass
class Game:
    """A table and everyone who looks at it."""
    engine: object
    table_id: int
    viewers: dict  # viewer (a seat, "spectator", "anonymous") -> API client
    sockets: dict  # viewer -> websocket communicator
    scanner: Scanner

    @property
    def base(self) -> str:
        return f"/api/tables/{self.table_id}"


def make_table(game: str, players: int, options: dict, seat_users, client) -> int:
    seats = [{"kind": "me"}] + [{"kind": "invite", "username": u.username} for u in seat_users[1:]]
    response = client.post("/api/tables/", {
        "game": game, "players": players, "options": options, "time_control": {"kind": "live", "seconds": 600},
        "seats": seats}, format="json")
    assert response.status_code == 201, response.content
    table_id = response.json()["id"]
    for user in seat_users[1:]:
        lifecycle.join(table_id, user)
    # Their players stay seated viewers; bots play the seats (as after repeated timeouts).
    Seat.objects.filter(table_id=table_id, index__gt=0).update(standin=True, strength="random")
    return table_id


@dataclass
class People:
    """Users for the seats and a spectator, with their session cookies (a person may sit at many
    tables, one after another)."""
    seats: list
    stranger: object
    cookies: dict  # viewer -> Cookie header value (None: anonymous)


async def people(make_user, seats: int) -> People:
    users = [await sync_to_async(make_user)("seat") for _ in range(seats)]
    stranger = await sync_to_async(make_user)("watcher")
    cookies = {i: await sync_to_async(session_cookie)(user) for i, user in enumerate(users)}
    cookies.update(spectator=await sync_to_async(session_cookie)(stranger), anonymous=None)
    return People(users, stranger, cookies)


async def open_game(name: str, players: int, options: dict, everyone: People, client_for,
                    sockets: bool = True) -> Game:
    """A started table with every viewer's client, and their sockets connected before the start
    (without `sockets`, none)."""
    engine = registry.get(name)
    seat_users = everyone.seats[:players]
    clients = await sync_to_async(lambda: [client_for(user) for user in [*seat_users, everyone.stranger, None]])()
    viewers = {**dict(enumerate(clients[:players])), "spectator": clients[players], "anonymous": clients[players + 1]}
    table_id = await sync_to_async(make_table)(name, players, options, seat_users, viewers[0])
    sockets = {viewer: communicator(table_id, everyone.cookies[viewer]) for viewer in viewers} if sockets else {}
    for socket in sockets.values():
        assert (await socket.connect())[0]
    scanner = Scanner(engine)
    assert (await sync_to_async(viewers[0].post)(f"/api/tables/{table_id}/start/")).status_code == 200
    state = await sync_to_async(lambda: engine.load(Table.objects.get(pk=table_id).snapshot))()
    scanner.learn_keys(state)
    return Game(engine, table_id, viewers, sockets, scanner)


def scan_running_paths(game: Game) -> None:
    """Every REST path and the table page, as each viewer, at this moment of a running game."""
    for viewer, client in game.viewers.items():
        seat = seat_of(viewer)
        table = client.get(f"{game.base}/")
        assert table.status_code == 200, table.content
        game.scanner.check(table.json(), seat, "table")
        view = client.get(f"{game.base}/view/")
        assert view.status_code == 200, view.content
        game.scanner.saw_view(view.json(), seat, "view")
        events = client.get(f"{game.base}/events/?after=0")
        assert events.status_code == 200, events.content
        game.scanner.saw_events(events.json()["events"], seat, "events")
        assert client.get(f"{game.base}/export/").status_code == 409  # no export while the game runs
        page = json.loads(PAGE_DATA.search(client.get(f"/tables/{game.table_id}/").content.decode()).group(1))
        assert page.pop("glossaries") == glossaries("en")  # the rules' words, the same on every page
        game.scanner.check(page, seat, "table page")


def play_seat_zero(game: Game, scan_every: int | None, until=None) -> int:
    """Play seat 0 (bots answer inline) until the game ends, or until `until(table)`; every
    `scan_every` of its moves (None: never), scan every running path. Returns how many moves it
    made."""
    rng, moves = random.Random(game.table_id), 0
    while (table := Table.objects.get(pk=game.table_id)).status == Table.Status.RUNNING:
        if until is not None and until(table):
            break
        if scan_every and moves % scan_every == 0:
            scan_running_paths(game)
        view = game.viewers[0].get(f"{game.base}/view/").json()
        assert view["legal_actions"], view
        body = {"action": rng.choice(view["legal_actions"]), "expected_seq": view["seq"], "command_id": f"m{moves}"}
        response = game.viewers[0].post(f"{game.base}/actions/", body, format="json")
        while response.status_code == 429:  # over a person's action rate: wait as a client would
            time.sleep(float(response.headers.get("Retry-After", 1)))
            response = game.viewers[0].post(f"{game.base}/actions/", body, format="json")
        assert response.status_code == 200, response.content
        moves += 1
    return moves


def events_past_the_first_secret(game: Game, count: int):
    """A test of a table: whether its head is `count` events past the first event that holds
    something hidden from some viewer (a pile's order, a seat's private item)."""
    first = []

    def passed(table: Table) -> bool:
        if not first:
            rows = Event.objects.filter(table_id=game.table_id).order_by("seq").values_list("seq", "payload")
            first.extend(seq for seq, payload in rows if find_leaks(payload, None, game.scanner.keys))
        return bool(first) and table.head_seq >= first[0] + count

    return passed


def stored_events(game: Game) -> list[tuple[int, str, dict]]:
    rows = Event.objects.filter(table_id=game.table_id).order_by("seq")
    return list(rows.values_list("seq", "command_id", "payload"))


def last_secret_seq(game: Game, rows) -> int:
    """The last seq whose payloads must hide the secrets: the head of an abandoned game (nothing
    was revealed), else the seq before the command that ended the game (a game over shows all)."""
    if Table.objects.get(pk=game.table_id).status == Table.Status.ABANDONED:
        return rows[-1][0]
    last_command = rows[-1][1]
    return min(seq for seq, command_id, _ in rows if command_id == last_command) - 1


def states_by_seq(game: Game, rows) -> dict:
    """The state after each seq (and learn the private keys of each)."""
    states, state = {}, None
    for seq, _, payload in rows:
        state = game.engine.evolve(state, payload)
        game.scanner.learn_keys(state)
        states[seq] = state
    return states


def scan_log_and_export(game: Game, last: int) -> None:
    """As each viewer, the whole event log and the export of an ended game, up to `last`."""
    for viewer, client in game.viewers.items():
        seat = seat_of(viewer)
        events = client.get(f"{game.base}/events/?after=0").json()["events"]
        game.scanner.saw_events([e for e in events if e["seq"] <= last], seat, "events after the end")
        export = client.get(f"{game.base}/export/")
        assert export.status_code == 200
        lines = [json.loads(line) for line in export.content.decode().splitlines()]
        game.scanner.saw_events([e for e in lines[1:] if e["seq"] <= last], seat, "export")


def scan_replays(game: Game, last: int, every: int = 1) -> None:
    """The replay view at every `every`-th seq up to `last`, the viewers taking turns."""
    order = list(game.viewers.items())
    for turn, at in enumerate(range(0, last + 1, every)):
        viewer, client = order[turn % len(order)]
        game.scanner.saw_view(client.get(f"{game.base}/view/?at={at}").json(), seat_of(viewer), f"replay view at {at}")


async def frames_until(socket, done) -> list[dict]:
    """Every frame the socket is sent, up to the first for which `done(frame)` holds."""
    frames = []
    while not (frames and done(frames[-1])):
        frames.append(await socket.receive_json_from(timeout=30))
    return frames


async def scan_sockets(game: Game, last: int, head: int) -> None:
    """Every frame each viewer's socket was sent up to the head's last sync frame (`head`; after
    an abandon, the one that shows nobody to act), those of seqs up to `last` scanned."""
    def done(frame) -> bool:
        return frame["type"] == "sync" and frame["seq"] == head and (frame["outcome"] or not frame["to_act"])

    for viewer, socket in game.sockets.items():
        seat = seat_of(viewer)
        for frame in await frames_until(socket, done):
            if frame["type"] == "sync" and frame["seq"] <= last:
                game.scanner.saw_view(frame, seat, f"sync frame {frame['seq']}")
            elif frame["type"] == "event" and frame["seq"] <= last:
                game.scanner.saw_events([frame], seat, f"event frame {frame['seq']}")
        await socket.disconnect()


def agree_with_the_engine(game: Game, states: dict, rows, last: int) -> list[str]:
    """Where a recorded view or event is not what the engine shows that viewer: its view of the
    state at that seq, legal actions only to the seat to act (they may tell its secrets), and
    each event as `redact` gives it."""
    engine, wrong, views = game.engine, [], {}
    payloads = {seq: payload for seq, _, payload in rows}
    for where, seat, seq, payload in game.scanner.views:
        if seq > last:
            continue
        state = states[seq]
        if (seq, seat) not in views:
            views[seq, seat] = plain(engine.view(state, seat))
        if payload["view"] != views[seq, seat]:
            wrong.append(f"{where} (viewer {seat}): view")
        if payload["legal_actions"] and (seat is None or seat not in engine.to_act(state)
                                         or payload["legal_actions"] != plain(engine.legal_actions(state, seat))):
            wrong.append(f"{where} (viewer {seat}): legal actions")
    for where, seat, seq, event in game.scanner.events:
        if seq <= last and event != plain(engine.redact(payloads[seq], seat)):
            wrong.append(f"{where} (viewer {seat}): event {seq}")
    return wrong
