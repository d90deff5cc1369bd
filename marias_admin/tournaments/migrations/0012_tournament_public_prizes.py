# The prize list published on the tournament's public home (issue 24, item 3): off by default,
# an organiser publishes it once the winners are known.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0011_tournament_team_separation'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='public_prizes',
            field=models.BooleanField(default=False, help_text="Publish the prize list with its winners (drawn from the confirmed results) on the tournament's public page.", verbose_name='public prize list'),
        ),
    ]
