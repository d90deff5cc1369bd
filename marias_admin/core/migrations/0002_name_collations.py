"""The collations ``marias_cs`` and ``marias_sk`` on PostgreSQL (see core/ordering.py).

ICU's ``cs-CZ`` and ``sk-SK`` when the server has ICU (Debian's PostgreSQL does); else the
operating system's locale; else byte order with a warning, so that a server without either
still runs (its lists are then sorted as before this migration). SQLite gets the collations
on every connection instead, nothing to store.
"""

from django.db import migrations

# Frozen here (a migration must not change with the code): core.ordering.COLLATIONS.
ICU_LOCALES = {"marias_cs": "cs-CZ", "marias_sk": "sk-SK"}

CREATE = """
DO $$
BEGIN
    CREATE COLLATION IF NOT EXISTS {name} (provider = icu, locale = '{icu}');
EXCEPTION WHEN OTHERS THEN
    BEGIN
        CREATE COLLATION IF NOT EXISTS {name} (provider = libc, locale = '{libc}');
    EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'No ICU and no locale {libc}: collation {name} sorts by bytes.';
        CREATE COLLATION IF NOT EXISTS {name} FROM "C";
    END;
END
$$;
"""


def create_collations(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, icu in ICU_LOCALES.items():
        schema_editor.execute(CREATE.format(name=name, icu=icu,
                                            libc=icu.replace("-", "_") + ".UTF-8"))


def drop_collations(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in ICU_LOCALES:
        schema_editor.execute(f"DROP COLLATION IF EXISTS {name}")


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(create_collations, drop_collations, elidable=False),
    ]
