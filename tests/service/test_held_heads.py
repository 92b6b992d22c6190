"""A move on the websocket's event loop is written on the head that loop holds from its last
move at the table, in one round trip, only while the table's version still holds; otherwise
it is planned again from the store (tables.moves_on_loop)."""
import asyncio
import json
import random
import threading

import pytest
from asgiref.sync import async_to_sync
from django.db import connection

from engines import registry
from tables import moves, moves_on_loop, publish, store
from tables.errors import Refused
from tables.models import Event, Seat, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(tiny_table):
    return tiny_table


@pytest.fixture
def reads(monkeypatch):
    """How many times a move read its head from the store."""
    count = [0]
    head_batch = store.head_batch

    def counted(*args, **kwargs):
        count[0] += 1
        return head_batch(*args, **kwargs)

    monkeypatch.setattr(store, "head_batch", counted)
    return count


def next_move(table_id: int) -> tuple[int, dict, int]:
    """The seat to act, a legal action of it, and the head seq."""
    head = Table.objects.get(pk=table_id)
    engine = registry.get("tiny")
    state = engine.load(head.snapshot)
    seat = min(engine.to_act(state))
    return seat, engine.legal_actions(state, seat)[0], head.head_seq


def on_one_loop(*steps):
    """Run `steps` (functions returning a coroutine, or plain functions) in order on one event
    loop, as one server process does; returns what each returned (or the Refused it raised)."""
    async def run():
        outcomes = []
        try:
            for step in steps:
                try:
                    outcome = step()
                    if hasattr(outcome, "__await__"):
                        outcome = await outcome
                    outcomes.append(outcome)
                except Refused as refused:
                    outcomes.append(refused)
            return outcomes
        finally:
            await publish.sent()
            await moves_on_loop.close_pool()
    return async_to_sync(run)()


def loop_move(table_id: int, command_id: str):
    async def move():
        seat, action, seq = await sync(next_move)(table_id)
        return await moves_on_loop.submit(table_id, seat, action, seq, command_id)
    return move


def sync(function):
    """`function` on a thread of its own, as another process would write (its own connection,
    closed after)."""
    def on_its_own_connection(*args):
        try:
            return function(*args)
        finally:
            connection.close()

    async def call(*args):
        return await asyncio.to_thread(on_its_own_connection, *args)
    return call


def stored_seqs(table_id: int) -> list[int]:
    return list(Event.objects.filter(table_id=table_id).order_by("seq").values_list("seq", flat=True))


def test_the_next_move_on_the_loop_is_written_on_the_held_head_in_one_round_trip(table, reads):
    held = []
    on_one_loop(loop_move(table, "a"), lambda: held.append(moves_on_loop.held_heads()[table].version),
                loop_move(table, "b"), lambda: held.append(moves_on_loop.held_heads()[table].version))
    assert reads[0] == 1  # the first move read its head; the second wrote on the held one
    assert held[-1] == Table.objects.get(pk=table).version > held[0]
    assert stored_seqs(table) == list(range(1, Table.objects.get(pk=table).head_seq + 1))
    head = Table.objects.get(pk=table)
    engine = registry.get("tiny")
    events = Event.objects.filter(table_id=table).order_by("seq").values_list("payload", flat=True)
    assert engine.dump(engine.load(head.snapshot)) == engine.dump(moves_fold(engine, events))


def test_a_move_on_the_held_head_plans_on_the_state_the_last_one_left(table, monkeypatch):
    """No snapshot is loaded again: the held head keeps its state from move to move."""
    engine, loads = registry.get("tiny"), []
    load = engine.load
    monkeypatch.setattr(engine, "load", lambda snapshot: loads.append(1) or load(snapshot))
    on_one_loop(loop_move(table, "a"), loop_move(table, "b"), loop_move(table, "c"))
    assert len(loads) == 1 + 3  # the first move's head, and the test's own look at each head (`next_move`)


def test_a_moves_frames_are_built_while_its_write_is_on_its_way():
    """The frames need nothing the write returns but the deadlines, which are added after."""
    steps = []

    class Write:
        async def run(self, batch, commit=False):
            steps.append("sent")
            await asyncio.sleep(0.05)
            steps.append("committed")
            return [[("version",)]]

    class Move:
        def prepare_frames(self):
            steps.append("frames built")

    async def write():
        return await moves_on_loop.committed_while_framing(Write(), store.Batch(), [Move(), Move()])

    assert async_to_sync(write)() == [[("version",)]]
    assert steps == ["sent", "frames built", "frames built", "committed"]


def moves_fold(engine, events):
    from engines.core import fold
    return fold(engine, list(events))


def two_moves_ahead(table_id: int) -> list[tuple[int, dict, int]]:
    """The next move and the one after it, each with the head seq it is sent at."""
    head = Table.objects.get(pk=table_id)
    engine = registry.get("tiny")
    state, seq, chosen = engine.load(head.snapshot), head.head_seq, []
    for _ in range(2):
        seat = min(engine.to_act(state))
        action = engine.legal_actions(state, seat)[0]
        chosen.append((seat, action, seq))
        for event in engine.decide(state, seat, action, random.Random(0)):
            state, seq = engine.evolve(state, event), seq + 1
    return chosen


@pytest.fixture
def writes(monkeypatch):
    """The batches written on this loop (each one round trip), as the number of moves in each."""
    written = []
    run = moves_on_loop.Transaction.run

    async def counted(self, batch, commit=False):
        if commit:
            written.append(sum(sql.startswith("INSERT INTO tables_event") for sql, _ in batch.statements))
        return await run(self, batch, commit)

    monkeypatch.setattr(moves_on_loop.Transaction, "run", counted)
    return written


@pytest.fixture
def pushes(monkeypatch):
    """The pushes sent from this loop, in order."""
    sent = []
    send_on_loop = publish.send_on_loop
    monkeypatch.setattr(publish, "send_on_loop", lambda batch: sent.extend(batch) or send_on_loop(batch))
    return sent


def at_once(table_id: int, chosen, keys):
    """The moves `chosen` (seat, action, seq) sent together under `keys`; what each ended in."""
    async def send():
        return await asyncio.gather(*(moves_on_loop.submit(table_id, seat, action, seq, key)
                                      for (seat, action, seq), key in zip(chosen, keys)), return_exceptions=True)
    return send


def test_moves_sent_at_once_to_one_table_are_written_together_on_the_held_head(table, reads, writes, pushes):
    """Two seats' moves arrive together (the second sent at the head the first leaves): the
    second is planned on the head the first left and both go in one round trip, reading
    nothing; each move's push holds its own events and a sync frame of the head it left."""
    async def both_at_once():
        chosen = await sync(two_moves_ahead)(table)
        return await at_once(table, chosen, ["at-once-1", "at-once-2"])()

    _, played, in_flight = on_one_loop(loop_move(table, "a"), both_at_once, lambda: dict(moves_on_loop.moves_in_flight()))
    assert in_flight == {}
    assert reads[0] == 1  # only "a" read its head
    assert writes == [1, 2]  # "a", then both moves in one write
    head = Table.objects.get(pk=table)
    assert stored_seqs(table) == list(range(1, head.head_seq + 1))
    first, second = played
    assert first.move.table.head_seq < second.move.table.head_seq == head.head_seq
    frames = [message for _, message in pushes if message["type"] == "table.frames"][-2:]
    assert [(m["first_seq"], m["head_seq"]) for m in frames] == [
        (frames[0]["first_seq"], first.move.table.head_seq), (first.move.table.head_seq + 1, head.head_seq)]
    for message in frames:  # each viewer's last frame is the sync of the head its move left
        for texts in message["frames"].values():
            assert json.loads(texts[-1])["seq"] == message["head_seq"]


def test_a_move_refused_on_the_head_the_one_before_it_left_is_refused_alone(table, writes):
    """The second of two moves sent together is not legal on the head the first leaves: the
    first is written, the second is refused from the store and writes nothing."""
    async def with_a_bad_one():
        chosen = await sync(two_moves_ahead)(table)
        seat, _, seq = chosen[1]
        return await at_once(table, [chosen[0], (seat, {"no": "such action"}, seq)], ["good", "bad"])()

    _, (good, bad) = on_one_loop(loop_move(table, "a"), with_a_bad_one)
    assert good.move is not None and isinstance(bad, Exception)
    assert writes == [1, 1]
    assert Event.objects.filter(table_id=table, command_id__endswith=":good").exists()
    assert not Event.objects.filter(table_id=table, command_id__endswith=":bad").exists()
    assert stored_seqs(table) == list(range(1, Table.objects.get(pk=table).head_seq + 1))


def test_one_command_sent_twice_at_once_is_played_once(table, writes):
    """The same command twice in one queue: the second is not planned beside the first, and
    gets the first's result from the store."""
    async def twice():
        seat, action, seq = await sync(next_move)(table)
        return await at_once(table, [(seat, action, seq)] * 2, ["same", "same"])()

    _, (first, again) = on_one_loop(loop_move(table, "a"), twice)
    assert first.move is not None and again.move is None
    assert again.earlier["seq"] == first.move.table.head_seq
    assert Event.objects.filter(table_id=table, command_id__endswith=":same").count() == len(again.earlier["events"])
    assert writes == [1, 1]


def test_moves_sent_together_on_a_head_moved_elsewhere_are_each_played_from_the_store(table, reads, writes):
    def move_elsewhere():
        seat, action, seq = next_move(table)
        moves.submit(table, seat, action, seq, "elsewhere")

    async def both_at_once():
        chosen = await sync(two_moves_ahead)(table)
        return await at_once(table, chosen, ["together-1", "together-2"])()

    *_, played = on_one_loop(loop_move(table, "a"), sync(move_elsewhere), both_at_once)
    assert all(move.move is not None for move in played)
    assert reads[0] == 3  # "a", the move elsewhere, and the first of the two: the held copy was behind
    assert writes == [1, 1, 1]  # the second went on the head the first left, held again
    assert stored_seqs(table) == list(range(1, Table.objects.get(pk=table).head_seq + 1))


def test_a_head_moved_elsewhere_is_read_again_not_written_on(table, reads):
    def move_elsewhere():  # the sync path: a REST call, a bot in the worker, the clock
        seat, action, seq = next_move(table)
        moves.submit(table, seat, action, seq, "elsewhere")

    on_one_loop(loop_move(table, "a"), sync(move_elsewhere), loop_move(table, "b"))
    assert reads[0] == 3  # "a", the move elsewhere, and "b": the held copy was behind, the store decided
    assert stored_seqs(table) == list(range(1, Table.objects.get(pk=table).head_seq + 1))
    assert Event.objects.filter(table_id=table, command_id__endswith=":b").exists()


def test_a_seat_changed_elsewhere_moves_the_version_and_the_held_copy_is_not_trusted(table):
    def forfeit_next_seat():
        seat, _, _ = next_move(table)
        Seat.objects.filter(table_id=table, index=seat).update(forfeited=True)

    before = Table.objects.get(pk=table).version
    *_, refused = on_one_loop(loop_move(table, "a"), sync(forfeit_next_seat), loop_move(table, "b"))
    assert Table.objects.get(pk=table).version > before + 1
    assert isinstance(refused, Refused) and refused.code == "forbidden"  # the held copy did not know
    assert not Event.objects.filter(table_id=table, command_id__endswith=":b").exists()


def test_a_repeated_command_on_a_held_head_that_holds_appends_nothing(table, reads):
    """Seat 0 moves under "x" elsewhere, seat 1 on the loop (which then holds the head), and
    seat 0 sends "x" again on the loop: the held head holds, but the key is taken."""
    def move_elsewhere():
        seat, action, seq = next_move(table)
        return moves.play(table, seat, action, seq, moves.player_key(seat, "x"), "player").result()

    def repeat():
        async def move():
            seat, action, seq = await sync(next_move)(table)
            assert table in moves_on_loop.held_heads()
            return await moves_on_loop.submit(table, seat, action, seq, "x")
        return move()

    first, _, again = on_one_loop(sync(move_elsewhere), loop_move(table, "b"), repeat)
    assert again.earlier == first and again.move is None
    assert reads[0] == 3  # "x", "b", and "x" again: the key refused the held write, the store gave the result
    assert Event.objects.filter(table_id=table, command_id__startswith="player:0:x").count() == len(first["events"])
    assert stored_seqs(table) == list(range(1, Table.objects.get(pk=table).head_seq + 1))


def test_every_write_of_a_table_or_its_seats_moves_its_version(table):
    version = Table.objects.get(pk=table).version
    Table.objects.filter(pk=table).update(rated=False)
    assert Table.objects.get(pk=table).version == version + 1
    Seat.objects.filter(table_id=table, index=0).update(timeouts=1)
    assert Table.objects.get(pk=table).version == version + 2
    stale = Table.objects.get(pk=table)
    stale.version = 0
    stale.save()  # a write never takes the version back
    assert Table.objects.get(pk=table).version == version + 3


def test_a_move_on_the_loop_builds_no_connection_object_of_its_own(table, monkeypatch):
    """Django keeps a connection object per asyncio task, and each move is played in a task of
    its own: adapting its values must not build one (store.adapting)."""
    from django.db import connections

    built_on = []
    create = connections.create_connection
    monkeypatch.setattr(connections, "create_connection",
                        lambda alias: built_on.append(threading.get_ident()) or create(alias))
    built_here = []

    def count():
        built_here.append(built_on.count(threading.get_ident()))

    on_one_loop(loop_move(table, "a"), count, loop_move(table, "b"), loop_move(table, "c"), count)
    assert stored_seqs(table)[-1] == Table.objects.get(pk=table).head_seq
    assert built_here[0] == built_here[1]  # the first move's pool and adapter were the last built
