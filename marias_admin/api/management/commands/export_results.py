"""``manage.py export_results <tournament id> [-o file]``: the results exchange file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from marias_admin.api.exchange.document import dumps, export_results
from marias_admin.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's results exchange file (docs/exchange-format.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", type=int, help="The tournament's number (id).")
        parser.add_argument("-o", "--output", help="The file to write (default: stdout).")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["tournament"]).first()
        if tournament is None:
            raise CommandError(f"No tournament {options['tournament']}.")
        text = dumps(export_results(tournament))
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stderr.write(f"Written {options['output']}")
        else:
            self.stdout.write(text, ending="")
