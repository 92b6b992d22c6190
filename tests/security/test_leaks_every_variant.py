"""No path shows a viewer another seat's secrets, in every variant at every player count.

For each engine, each option set (the defaults, and each variant its options() schema offers:
tests/engine_variants.py) and each player count it plays at, a table opens and runs past its
first secrets: the deal, the pile, the first hidden choices (see leak_scan for the table and its
viewers). Then its creator abandons the table, which ends it without a game over, so nothing is
revealed: all its events must hide every secret to the last. At every player count the event
log and the export are read as each viewer. At one player count per option set (a different one
from set to set, so that each count of each engine comes up), every path is read: the REST paths
and the table page as each viewer before the abandon, every viewer's websocket frames, and the
replay view at every seq. Everything is scanned with find_leaks and held equal to the engine's
views and redacted events; the engine's views and events of every variant at every player count,
move by move, are scanned in tests/engines/test_conformance.py.

The team game: a partner sees the team's hidden cards (its objective, the cards offered to either
partner) on every path, exactly those, and the other team none (Dragon Market RULES.md, "Team
game"; spec M-G2, M-G3).
"""
import pytest
from asgiref.sync import sync_to_async

from engines import registry
from engines.dragon_market.state import seats_of, unit_of
from tests.engine_variants import label, player_counts, plays, variants
from tests.security.leak_scan import (
    People, agree_with_the_engine, events_past_the_first_secret, last_secret_seq, open_game, people, play_seat_zero,
    scan_log_and_export, scan_replays, scan_running_paths, scan_sockets, seat_of, states_by_seq, stored_events)

pytestmark = [
    pytest.mark.slow,  # every option set of every game at every player count
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_consumer_connections"),
    pytest.mark.timeout(300),
]
# A table is abandoned this many events after the first that hides something (the deal, the pile).
EVENTS_PAST_THE_FIRST_SECRET = 15
# Added to a variant that does not set them: the players' placement of Dragon Market's boats
# (before anything is dealt) hides nothing, and the defaults' games read it.
QUICKER = {"dragon_market": {"boat_setup": "random"}}


def tables(engine) -> list[tuple[dict, int, bool]]:
    """(options, players, whether every path is read) of every option set at every player count;
    every path at one count per option set, the next count from one set to the next."""
    found = []
    for index, options in enumerate([{}, *variants(engine)]):
        counts = [players for players in player_counts(engine) if plays(engine, players, options)]
        played = {**QUICKER.get(engine.name, {}), **options} if options else options
        found += [(played, players, players == counts[index % len(counts)]) for players in counts]
    return found


async def abandoned_early(name: str, players: int, options: dict, everyone: People, client_for,
                          every_path: bool):
    """A table played past its first secrets, abandoned by its creator, its paths scanned (the
    REST paths, sockets and replays only on `every_path`); returns the game, its states by seq,
    its stored events and the last seq scanned."""
    game = await open_game(name, players, options, everyone, client_for, sockets=every_path)
    await sync_to_async(play_seat_zero)(game, None, events_past_the_first_secret(game, EVENTS_PAST_THE_FIRST_SECRET))
    if every_path:
        await sync_to_async(scan_running_paths)(game)
    assert (await sync_to_async(game.viewers[0].post)(f"{game.base}/abandon/")).status_code == 200
    rows = await sync_to_async(stored_events)(game)
    last = await sync_to_async(last_secret_seq)(game, rows)
    states = states_by_seq(game, rows)
    if every_path:
        await scan_sockets(game, last, rows[-1][0])
        await sync_to_async(scan_replays)(game, last)
    await sync_to_async(scan_log_and_export)(game, last)
    return game, states, rows, last


# One test per engine, its tables one after another: the test database is emptied between tests.
@pytest.mark.parametrize("name", registry.names())
async def test_every_variant_at_every_player_count_hides_each_seats_secrets_on_every_path(name, make_user, client_for):
    engine = registry.get(name)
    everyone = await people(make_user, engine.max_players)
    every_path_counts = {}
    for options, players, every_path in tables(engine):
        game, states, rows, last = await abandoned_early(name, players, options, everyone, client_for, every_path)
        table = (label(options), players)
        assert last >= EVENTS_PAST_THE_FIRST_SECRET, table
        assert game.scanner.leaks == [], (table, game.scanner.leaks[:20])
        assert agree_with_the_engine(game, states, rows, last) == [], table
        every_path_counts[players] = every_path_counts.get(players, 0) + every_path
    assert all(every_path_counts.values())  # every player count was read on every path


def private_items(payload, viewer: int, keys: frozenset, owner=None) -> set:
    """(key, value) of every private item in `payload` inside an object of the viewer's seat."""
    found = set()
    if isinstance(payload, dict):
        owner = payload["seat"] if isinstance(payload.get("seat"), int) else owner
        for key, value in payload.items():
            if key in keys and value is not None and owner == viewer:
                found.add((key, repr(value)))
            else:
                found |= private_items(value, viewer, keys, owner)
    elif isinstance(payload, list):
        for item in payload:
            found |= private_items(item, viewer, keys, owner)
    return found


def team_secrets(state: dict, seat: int) -> set:
    """What the seat's team hides from the other: its objective and the cards offered to either partner."""
    unit = unit_of(state, seat)
    items = {("offer", repr(state["offers"][partner])) for partner in seats_of(state, unit) if state["offers"][partner]}
    if state["objective"][unit]:
        items.add(("secret", repr(state["objective"][unit])))
    return items


def scan_replays_as_everyone(game, last: int) -> None:
    """Every viewer's replay view at every seq up to `last`: a partner bot may keep the team's
    objective in the same run of bot moves that offered it, so no live view of the other
    partner falls between the two."""
    for viewer, client in game.viewers.items():
        for at in range(last + 1):
            game.scanner.saw_view(client.get(f"{game.base}/view/?at={at}").json(), seat_of(viewer), f"replay at {at}")


async def test_a_partner_sees_the_teams_secrets_on_every_path_and_the_other_team_none(make_user, client_for):
    game, states, rows, last = await abandoned_early(
        "dragon_market", 4, {"variant": "advanced", "teams": True}, await people(make_user, 4), client_for, True)
    await sync_to_async(scan_replays_as_everyone)(game, last)
    assert game.scanner.leaks == []
    assert agree_with_the_engine(game, states, rows, last) == []
    keys, seen_by = game.scanner.keys, {0: set(), 1: set(), 2: set(), 3: set()}
    for where, seat, seq, payload in game.scanner.views:
        if seat is not None and seq <= last:
            seen = private_items(payload["view"], seat, keys)
            assert seen == team_secrets(states[seq], seat), (where, seat)
            seen_by[seat] |= seen
    for seat in range(4):  # both partners of each team saw their objective and an offer
        assert {key for key, _ in seen_by[seat]} == {"secret", "offer"}, seat
    for where, seat, seq, event in game.scanner.events:
        if seat is not None and event and event["type"] in ("objective_offered", "objective_kept"):
            mine = seat % 2 == event["seat"] % 2
            assert bool(private_items(event, seat, keys)) == mine, (where, seat, event)
