from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("seating", "0004_bye"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="clock_paused_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="clock paused"),
        ),
        migrations.AddField(
            model_name="round",
            name="clock_paused_seconds",
            field=models.PositiveIntegerField(default=0, verbose_name="seconds paused"),
        ),
    ]
