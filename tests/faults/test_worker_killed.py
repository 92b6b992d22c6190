"""kill -9 the Celery worker while an all-AI table is playing: a new worker takes over and every
AI turn still happens exactly once (the deadline outbox re-sends the turn the dead worker held)."""
import time

import pytest

from engines import registry
from engines.core import fold

from tests.bench.harness import Service

pytestmark = pytest.mark.slow  # a real service whose worker is killed and started again
KILL_AFTER_SEQ = 25
PLAY_ON_EVENTS = 40  # after the restart: a fixed point well past the killed turn
TIMEOUT = 120


def head(service: Service, table: int) -> tuple[str, int]:
    return service.sql("SELECT status, head_seq FROM tables_table WHERE id = %s", (table,))[0]


def wait_for(check, seconds: float = TIMEOUT, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def assert_log_is_whole(service: Service, table: int) -> None:
    """Seqs 1..head once each; each bot command appended once, after the seq it expected with
    only other seats' moves in between (simultaneous decisions)."""
    rows = service.sql("SELECT seq, command_id, payload, seat FROM tables_event WHERE table_id = %s ORDER BY seq",
                       (table,))
    status, head_seq = head(service, table)
    assert [seq for seq, *_ in rows] == list(range(1, head_seq + 1))
    first_seq_of = {}
    for seq, command_id, _, _ in rows:
        first_seq_of.setdefault(command_id, seq)
    for command_id, first in first_seq_of.items():
        if command_id.startswith("bot:"):
            _, seat, expected = command_id.split(":")
            between = rows[int(expected):first - 1]  # the events after `expected`, before this command's
            assert int(expected) < first and all(row[3] != int(seat) for row in between), command_id
    commands = [command_id for _, command_id, _, _ in rows]
    runs = [c for i, c in enumerate(commands) if i == 0 or commands[i - 1] != c]
    assert len(runs) == len(set(runs)), "a command's events are split: it was applied twice"
    engine = registry.get("dschunke")
    snapshot = service.sql("SELECT snapshot FROM tables_table WHERE id = %s", (table,))[0][0]
    assert engine.dump(fold(engine, [payload for _, _, payload, _ in rows])) == snapshot


def test_a_killed_worker_loses_no_ai_turn_and_doubles_none():
    with Service(asgi_servers=1, env={"SAMPAN_AI_REDISPATCH_SECONDS": "2"}) as service:
        owner = service.call("tests.bench.seeding:make_players", count=1)[0]["username"]
        table = service.call("tests.bench.seeding:make_ai_table", game="dschunke", owner=owner, strength="random")
        wait_for(lambda: head(service, table)[1] >= KILL_AFTER_SEQ, what="the AI turns to start")

        service.kill_worker()
        killed_at = head(service, table)[1]
        time.sleep(1)
        assert head(service, table)[1] == killed_at, "nothing plays while no worker runs"
        service.start_worker()

        target = killed_at + PLAY_ON_EVENTS
        wait_for(lambda: head(service, table)[1] >= target or head(service, table)[0] == "finished",
                 what=f"the game to go past seq {target}\n{service.logs()}")
        service.kill_worker()  # a fixed point: nothing moves while the log is checked
        assert_log_is_whole(service, table)
