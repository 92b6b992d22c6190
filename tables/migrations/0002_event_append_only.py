"""Refuse UPDATE and DELETE of event rows in the database itself."""
from django.db import migrations

POSTGRES_UP = [
    """CREATE OR REPLACE FUNCTION tables_event_append_only() RETURNS trigger AS $$
       BEGIN
           RAISE EXCEPTION 'tables_event rows are append-only (% refused)', TG_OP;
       END;
       $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER tables_event_append_only BEFORE UPDATE OR DELETE ON tables_event
       FOR EACH ROW EXECUTE FUNCTION tables_event_append_only()""",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS tables_event_append_only ON tables_event",
    "DROP FUNCTION IF EXISTS tables_event_append_only()",
]
SQLITE_UP = [
    """CREATE TRIGGER tables_event_no_update BEFORE UPDATE ON tables_event
       BEGIN SELECT RAISE(ABORT, 'tables_event rows are append-only (UPDATE refused)'); END""",
    """CREATE TRIGGER tables_event_no_delete BEFORE DELETE ON tables_event
       BEGIN SELECT RAISE(ABORT, 'tables_event rows are append-only (DELETE refused)'); END""",
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS tables_event_no_update", "DROP TRIGGER IF EXISTS tables_event_no_delete"]


def run(statements_by_vendor):
    def apply(apps, schema_editor):
        statements = statements_by_vendor.get(schema_editor.connection.vendor)
        if statements is None:
            raise RuntimeError(f"No statements for {schema_editor.connection.vendor}.")
        for statement in statements:
            schema_editor.execute(statement, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]

    operations = [
        migrations.RunPython(
            run({"postgresql": POSTGRES_UP, "sqlite": SQLITE_UP}),
            run({"postgresql": POSTGRES_DOWN, "sqlite": SQLITE_DOWN}),
        )
    ]
