"""``manage.py import_results <file> --competition <id> [--dry-run]``: a results exchange file
into a season. ``--dry-run`` prints the preview (players matched, new, conflicts) and writes
nothing; without it the file is imported (all or nothing, audited; the same file twice changes
nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from marias_admin.api.exchange.importing import MatchKind, import_results, preview
from marias_admin.api.exchange.validation import ExchangeError, loads
from marias_admin.seasons.models import Competition


class Command(BaseCommand):
    help = "Import a results exchange file into a competition (season)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--competition", type=int, required=True,
                            help="The competition's number (id).")
        parser.add_argument("--dry-run", action="store_true",
                            help="Only show the preview; write nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        competition = Competition.objects.filter(pk=options["competition"]).first()
        if competition is None:
            raise CommandError(f"No competition {options['competition']}.")
        try:
            document = loads(Path(options["file"]).read_bytes())
            if options["dry_run"]:
                self._show(preview(document))
                return
            report = import_results(document, competition)
        except OSError as exc:
            raise CommandError(str(exc)) from exc
        except ExchangeError as exc:
            raise CommandError(str(exc)) from exc
        if report.created:
            self.stdout.write(f"Imported as tournament {report.tournament.pk} "
                              f"({report.matched_players} players matched, "
                              f"{report.new_players} new) into {competition}.")
        else:
            self.stdout.write(f"Already imported as tournament {report.tournament.pk}: "
                              "nothing changed.")

    def _show(self, checked: Any) -> None:
        for match in checked.matches:
            mark = {MatchKind.MATCHED: "=", MatchKind.NEW: "+", MatchKind.CONFLICT: "!"}
            self.stdout.write(f"{mark[match.kind]} {match.row:>4} {match.last_name} "
                              f"{match.first_name} {match.registration_number or ''} "
                              f"{match.note}".rstrip())
        if checked.already is not None:
            self.stdout.write(f"Already imported as tournament {checked.already.tournament.pk}.")
        for conflict in checked.conflicts:
            self.stdout.write(f"CONFLICT {conflict}")
        self.stdout.write(f"{checked.matched_players} matched, {checked.new_players} new, "
                          f"{len(checked.conflicts)} conflicts.")
