"""The table foreign keys of events, seats and deadlines lose their own indexes: each is the
first column of a unique index, which serves every lookup by table."""
import importlib

import django.db.models.deletion
from django.db import migrations, models

APPEND_ONLY = importlib.import_module("tables.migrations.0002_event_append_only")


def append_only_again(apps, schema_editor):
    """SQLite alters a column by rebuilding its table, and the event log's triggers go with the
    old one: they are made again (PostgreSQL keeps them)."""
    if schema_editor.connection.vendor == "sqlite":
        for statement in APPEND_ONLY.SQLITE_UP:
            schema_editor.execute(statement.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS"), params=None)


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0007_community'),
    ]

    operations = [
        migrations.AlterField(
            model_name='deadline',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='deadlines', to='tables.table'),
        ),
        migrations.AlterField(
            model_name='event',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='tables.table'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tables.table'),
        ),
        migrations.RunPython(append_only_again, migrations.RunPython.noop),
    ]
