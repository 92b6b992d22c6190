"""Websocket players across faults of the push path: an ASGI process killed, Redis restarted.
Every player must end with every event of the table, once each, as the REST log shows it."""
import asyncio
import time

import pytest

from tests.bench.harness import Service

from .players import Player, play_until, rest_events, settle

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]  # processes killed and restarted
PLAY_SECONDS = 4
REDIS_DOWN_SECONDS = 1.0
# After a Redis restart the game resumes within seconds, not at once: channels_redis pauses a
# second before each new try to subscribe, and a push lost meanwhile waits for the head watch
# (a socket behind for 2 s). Seen here: the sixth move after a restart came from under a second
# to over four seconds after it.
RECOVERY_SECONDS = 10


def seated_table(service: Service) -> tuple[int, list[dict]]:
    players = service.call("tests.bench.seeding:make_players", count=4)
    table = service.call("tests.bench.seeding:make_human_table", game="dschunke",
                         usernames=[p["username"] for p in players])
    return table, players


def head_of(service: Service, table: int):
    return lambda: service.sql("SELECT head_seq FROM tables_table WHERE id = %s", (table,))[0][0]


def assert_every_player_has_the_whole_log(service: Service, table: int, players: list[Player], accounts: list[dict]):
    head = head_of(service, table)()
    for player, account in zip(players, accounts):
        assert sorted(player.events) == list(range(1, head + 1)), f"{account['username']}, head {head}: {player}"
        logged = {e["seq"]: e["event"] for e in rest_events(service.http_urls[-1], table, account["token"])["events"]}
        assert {seq: frame["event"] for seq, frame in player.events.items()} == logged


async def stop(players: list[Player], stopper: asyncio.Event) -> None:
    stopper.set()
    await asyncio.gather(*(player.task for player in players))


async def kill_one_server(service: Service, table: int, accounts: list[dict]) -> list[Player]:
    urls = service.ws_urls
    players = [Player(urls[i % 2:] + urls[:i % 2], table, a["cookie"], seed=i) for i, a in enumerate(accounts)]
    stopper = await play_until(players, PLAY_SECONDS)
    before = head_of(service, table)()
    service.kill_asgi(0)
    await asyncio.sleep(PLAY_SECONDS)
    to_act = service.sql("SELECT to_act FROM tables_table WHERE id = %s", (table,))[0][0]
    assert head_of(service, table)() > before + 5, f"the game stalled after the server died: {to_act} {players}"
    await settle(players, head_of(service, table))
    await stop(players, stopper)
    assert all(player.connections >= 2 for player in players[0::2]), "the killed server's players reconnected"
    return players


def test_players_of_a_killed_asgi_process_reconnect_and_miss_nothing():
    with Service(worker=False, beat=False) as service:
        table, accounts = seated_table(service)
        players = asyncio.run(kill_one_server(service, table, accounts))
        assert_every_player_has_the_whole_log(service, table, players, accounts)


async def restart_redis(service: Service, table: int, accounts: list[dict]) -> list[Player]:
    """Stop Redis for a second in the middle of play and start it again: moves go on, and
    every player catches up on whatever the outage kept from it."""
    urls = service.ws_urls
    players = [Player(urls[i % 2:] + urls[:i % 2], table, a["cookie"], seed=i) for i, a in enumerate(accounts)]
    stopper = await play_until(players, PLAY_SECONDS)
    service.stop_redis()
    await asyncio.sleep(REDIS_DOWN_SECONDS)
    await asyncio.to_thread(service.start_redis_server)
    head = head_of(service, table)
    before, restarted = head(), time.monotonic()
    while head() - before <= 5 and time.monotonic() - restarted < RECOVERY_SECONDS:
        await asyncio.sleep(0.25)
    progressed = head() - before
    await settle(players, head)
    await stop(players, stopper)
    assert progressed > 5, f"the game stalled after the Redis restart (head {before} -> +{progressed} in "\
                           f"{RECOVERY_SECONDS} s): {players}"
    return players


def test_players_resync_after_a_redis_restart_and_miss_nothing():
    with Service(worker=False, beat=False, private_redis=True) as service:
        table, accounts = seated_table(service)
        players = asyncio.run(restart_redis(service, table, accounts))
        assert_every_player_has_the_whole_log(service, table, players, accounts)
