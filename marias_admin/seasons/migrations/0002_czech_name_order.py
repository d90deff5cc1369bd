# Competitions in Czech alphabetical order (core/ordering.py); no change to the tables.

import django.db.models.expressions
import django.db.models.functions.comparison
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0002_name_collations"),
        ("seasons", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="competition",
            options={
                "ordering": ("ordering", "-season", django.db.models.expressions.OrderBy(
                    django.db.models.functions.comparison.Collate(
                        django.db.models.expressions.F("name"), "marias_cs")), "id"),
                "verbose_name": "competition",
                "verbose_name_plural": "competitions",
            },
        ),
    ]
