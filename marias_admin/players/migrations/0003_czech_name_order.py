# Clubs and players in Czech alphabetical order (core/ordering.py); no change to the tables.

import django.db.models.expressions
import django.db.models.functions.comparison
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0002_name_collations"),
        ("players", "0002_player_user"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="club",
            options={
                "ordering": [django.db.models.expressions.OrderBy(
                    django.db.models.functions.comparison.Collate(
                        django.db.models.expressions.F("name"), "marias_cs"))],
                "verbose_name": "club",
                "verbose_name_plural": "clubs",
            },
        ),
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": (
                    django.db.models.expressions.OrderBy(
                        django.db.models.functions.comparison.Collate(
                            django.db.models.expressions.F("last_name"), "marias_cs")),
                    django.db.models.expressions.OrderBy(
                        django.db.models.functions.comparison.Collate(
                            django.db.models.expressions.F("first_name"), "marias_cs")),
                    "id",
                ),
                "verbose_name": "player",
                "verbose_name_plural": "players",
            },
        ),
    ]
