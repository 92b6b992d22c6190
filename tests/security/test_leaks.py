"""No path shows a viewer the secrets of another seat while the game runs: whole games.

One whole game per engine (see leak_scan for the table, its viewers and the paths), the variant
with the most secrets where there is a choice, the short game where there is one. While the game
runs, every fifteenth move of seat 0, every REST path and the table page are read as each viewer;
websocket frames are collected from connect to the end; at the end, the replay view at every
other seq, the event log and the export are read too. Everything is scanned with find_leaks and
held equal to the engine's views and redacted events. A game over reveals everything, so the
last command's events and the final views are not scanned. Every variant at every player count
is scanned in test_leaks_every_variant.
"""
import time

import pytest
from asgiref.sync import sync_to_async

from tests.security.leak_scan import (
    agree_with_the_engine, last_secret_seq, open_game, people, play_seat_zero, scan_log_and_export, scan_replays,
    scan_sockets, states_by_seq, stored_events)
from tests.selection import once_by_default

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_consumer_connections"),
    pytest.mark.timeout(300),
]
SCAN_EVERY_TURNS = 15  # of seat 0's turns: a full REST scan
REPLAY_EVERY = 2  # of seqs (every seq of a game's start: test_leaks_every_variant)
GAMES = [  # each engine's variant with the most secrets, in a short game where there is one
    ("dragon_market", 4, {"variant": "advanced", "turn_limit": 8}),  # random play runs to the round limit
    ("dragon_boats", 4, {"short_game": True}),
    ("dschunke", 3, {"setup_variant": True}),  # face-down merchants besides the hands and the money
    ("dunhuang", 4, {}),
    ("dschunke_tiles", 2, {}),
]


# By default Dragon Boats (hidden hands and bonus cards, unseen farms, the bag's order: 11 s);
# Dschunke's scan takes 57 s and runs among the slow tests with the others.
@pytest.mark.parametrize("name, players, options", once_by_default(GAMES, "dragon_boats"))
async def test_no_viewer_sees_another_seats_secrets_on_any_path(name, players, options, make_user, client_for):
    game = await open_game(name, players, options, await people(make_user, players), client_for)
    began = time.monotonic()
    moves = await sync_to_async(play_seat_zero)(game, SCAN_EVERY_TURNS)
    print(f"played in {time.monotonic() - began:.1f} s")
    rows = await sync_to_async(stored_events)(game)
    last = await sync_to_async(last_secret_seq)(game, rows)
    states = states_by_seq(game, rows)
    await scan_sockets(game, last, rows[-1][0])
    began = time.monotonic()
    await sync_to_async(scan_replays)(game, last, REPLAY_EVERY)
    await sync_to_async(scan_log_and_export)(game, last)
    print(f"replayed in {time.monotonic() - began:.1f} s")

    assert moves > 3 and last > 20
    assert game.scanner.leaks == [], game.scanner.leaks[:20]
    assert game.scanner.views and game.scanner.events
    assert agree_with_the_engine(game, states, rows, last) == []
    print(f"{name}: {game.scanner.scanned} payloads scanned, {last} running events, keys {sorted(game.scanner.keys)}")
