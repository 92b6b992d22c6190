"""A table's version: moved on by the database itself with every write of the table's row or of
its seats, whoever writes them (tables.moves_on_loop writes on a held copy of the head only
while the version it read still holds)."""
import importlib

from django.db import migrations, models

run = importlib.import_module("tables.migrations.0002_event_append_only").run  # statements by vendor

POSTGRES_UP = [
    """CREATE OR REPLACE FUNCTION tables_table_version() RETURNS trigger AS $$
       BEGIN
           NEW.version := OLD.version + 1;
           RETURN NEW;
       END;
       $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER tables_table_version BEFORE UPDATE ON tables_table
       FOR EACH ROW EXECUTE FUNCTION tables_table_version()""",
    """CREATE OR REPLACE FUNCTION tables_seat_version() RETURNS trigger AS $$
       BEGIN
           UPDATE tables_table SET version = version + 1 WHERE id = COALESCE(NEW.table_id, OLD.table_id);
           RETURN NULL;
       END;
       $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER tables_seat_version AFTER INSERT OR UPDATE OR DELETE ON tables_seat
       FOR EACH ROW EXECUTE FUNCTION tables_seat_version()""",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS tables_seat_version ON tables_seat",
    "DROP FUNCTION IF EXISTS tables_seat_version()",
    "DROP TRIGGER IF EXISTS tables_table_version ON tables_table",
    "DROP FUNCTION IF EXISTS tables_table_version()",
]
# SQLite runs no trigger from within itself (recursive_triggers is off): the table's own
# trigger bumps the version once, and the seats' bump is not seen by it.
SQLITE_UP = [
    """CREATE TRIGGER tables_table_version AFTER UPDATE ON tables_table WHEN NEW.version <= OLD.version
       BEGIN UPDATE tables_table SET version = OLD.version + 1 WHERE id = NEW.id; END""",
    """CREATE TRIGGER tables_seat_version_insert AFTER INSERT ON tables_seat
       BEGIN UPDATE tables_table SET version = version + 1 WHERE id = NEW.table_id; END""",
    """CREATE TRIGGER tables_seat_version_update AFTER UPDATE ON tables_seat
       BEGIN UPDATE tables_table SET version = version + 1 WHERE id = NEW.table_id; END""",
    """CREATE TRIGGER tables_seat_version_delete AFTER DELETE ON tables_seat
       BEGIN UPDATE tables_table SET version = version + 1 WHERE id = OLD.table_id; END""",
]
SQLITE_DOWN = [f"DROP TRIGGER IF EXISTS {name}" for name in (
    "tables_table_version", "tables_seat_version_insert", "tables_seat_version_update", "tables_seat_version_delete")]


class Migration(migrations.Migration):
    dependencies = [("tables", "0008_drop_indexes_covered_by_unique")]

    operations = [
        migrations.AddField(model_name="table", name="version", field=models.BigIntegerField(default=0)),
        migrations.RunPython(
            run({"postgresql": POSTGRES_UP, "sqlite": SQLITE_UP}),
            run({"postgresql": POSTGRES_DOWN, "sqlite": SQLITE_DOWN}),
        ),
    ]
