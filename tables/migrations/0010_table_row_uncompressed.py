"""A table's row stays inline and uncompressed up to a page's size (PostgreSQL): every move
rewrites it, and its snapshot (a few kB as jsonb) would otherwise be compressed again at each
move, CPU that the space it saves does not repay."""
from django.db import migrations


def set_toast_tuple_target(size: int | None):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        option = f"SET (toast_tuple_target = {size})" if size else "RESET (toast_tuple_target)"
        schema_editor.execute(f"ALTER TABLE tables_table {option}")

    return apply


class Migration(migrations.Migration):
    dependencies = [("tables", "0009_table_version")]

    operations = [migrations.RunPython(set_toast_tuple_target(8160), set_toast_tuple_target(None))]
