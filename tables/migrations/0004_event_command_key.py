"""Command ids are stored as keys scoped by actor and seat (tables.commands.command_key): wider.

SQLite does not enforce a varchar's length, and rebuilding the table there would drop its
append-only triggers, so only PostgreSQL's column changes."""
from django.db import migrations, models


def widen(length: int):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"ALTER TABLE tables_event ALTER COLUMN command_id TYPE varchar({length})")

    return apply


class Migration(migrations.Migration):
    dependencies = [("tables", "0003_table_turn_began")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event", name="command_id", field=models.CharField(blank=True, max_length=120)
                ),
            ],
            database_operations=[migrations.RunPython(widen(120), widen(100))],
        )
    ]
