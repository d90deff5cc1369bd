# Tournaments and registrations in Czech alphabetical order (core/ordering.py); no change to
# the tables.

import django.db.models.expressions
import django.db.models.functions.comparison
from django.db import migrations


def _czech(field):
    return django.db.models.expressions.OrderBy(django.db.models.functions.comparison.Collate(
        django.db.models.expressions.F(field), "marias_cs"))


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0002_name_collations"),
        ("tournaments", "0005_registration_pin"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="tournament",
            options={
                "ordering": ("-date", _czech("name")),
                "verbose_name": "tournament",
                "verbose_name_plural": "tournaments",
            },
        ),
        migrations.AlterModelOptions(
            name="registration",
            options={
                "ordering": [_czech("player__last_name"), _czech("player__first_name")],
                "verbose_name": "registration",
                "verbose_name_plural": "registrations",
            },
        ),
    ]
