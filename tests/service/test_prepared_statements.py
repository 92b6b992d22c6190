"""A loop's connection prepares each statement it is sent once, outside any transaction, and is
sent EXECUTEs of it from then on; a statement PostgreSQL cannot prepare goes as text
(tables.moves_on_loop.Prepared)."""
import pytest
from asgiref.sync import async_to_sync

from engines import registry
from tables import moves_on_loop, publish, store
from tables.models import Event, Seat, Table
from tests.service.test_held_heads import loop_move, moves_fold, stored_seqs, sync

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def one_connection(monkeypatch):
    """The loop's pool holds one connection, so that each transaction finds what the last prepared."""
    monkeypatch.setattr(moves_on_loop, "POOL_SIZE", 1)


def test_placeholders_are_numbered_as_prepare_takes_them():
    assert moves_on_loop.numbered("SELECT 1 FROM t WHERE a LIKE 'x%%' AND b = %s AND c IN (%s, %s)") == (
        "SELECT 1 FROM t WHERE a LIKE 'x%' AND b = $1 AND c IN ($2, $3)")


async def prepared_here() -> dict[str, int]:
    """The statements prepared on the loop's connection: their text, and how often each ran."""
    async with moves_on_loop.transaction() as tx:
        async with tx.connection.cursor() as cursor:
            await cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
            return dict(await cursor.fetchall())


def test_a_loops_moves_are_executed_from_statements_prepared_once(tiny_table):
    def seats_written_elsewhere():
        Seat.objects.filter(table_id=tiny_table).update(timeouts=0)  # the table's version moves on

    async def run():
        try:
            for command in "ab":  # the tiny game lasts four moves
                await loop_move(tiny_table, command)()
            before = await prepared_here()
            await sync(seats_written_elsewhere)()
            await loop_move(tiny_table, "c")()
            return before, await prepared_here()
        finally:
            await publish.sent()
            await moves_on_loop.close_pool()

    before, after = async_to_sync(run)()
    event_insert = next(text for text in after if "INSERT INTO tables_event" in text)
    lock = next(text for text in after if "version = $2 FOR UPDATE" in text)
    assert "$1" in event_insert and before[event_insert] >= 1
    assert lock not in before and after[lock] == 1  # prepared after move b; move c's found the version moved
    assert stored_seqs(tiny_table) == list(range(1, Table.objects.get(pk=tiny_table).head_seq + 1))
    head, engine = Table.objects.get(pk=tiny_table), registry.get("tiny")
    events = Event.objects.filter(table_id=tiny_table).order_by("seq").values_list("payload", flat=True)
    assert Event.objects.filter(table_id=tiny_table, command_id__endswith=":c").exists()
    assert engine.dump(engine.load(head.snapshot)) == engine.dump(moves_fold(engine, events))


def test_a_statement_postgresql_cannot_prepare_goes_as_text(caplog):
    batch = store.Batch()
    batch.add("SELECT %s + %s", [1, 2])  # unknown + unknown: no operator to prepare with

    async def run():
        try:
            answers = []
            for _ in range(3):
                async with moves_on_loop.transaction() as tx:
                    answers.append(await tx.run(batch, commit=True))
            async with moves_on_loop.transaction() as tx:
                names = tx.prepared.executes
            return answers, names
        finally:
            await moves_on_loop.close_pool()

    answers, names = async_to_sync(run)()
    assert answers == [[[(3,)]]] * 3
    assert names == {"SELECT %s + %s": None}  # tried once, then sent as text
    assert [record.message for record in caplog.records] == ["statement left unprepared: SELECT %s + %s"]
