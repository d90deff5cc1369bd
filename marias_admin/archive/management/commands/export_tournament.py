"""``manage.py export_tournament <id> <file.json>``: one tournament as an archive file."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from marias_admin.archive.exporting import dumps, export_tournament
from marias_admin.tournaments.models import Tournament


class Command(BaseCommand):
    help = _("Write one tournament with everything it owns to a JSON archive file.")

    def add_arguments(self, parser):
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(pk=options["tournament_id"]).first()
        if tournament is None:
            raise CommandError(_("There is no tournament %(id)s.")
                               % {"id": options["tournament_id"]})
        document = export_tournament(tournament)
        path: Path = options["file"]
        try:
            path.write_text(dumps(document), encoding="utf-8")
        except OSError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(_("Wrote %(path)s: %(tournament)s, %(registrations)d players, "
                            "%(hands)d hands.")
                          % {"path": path, "tournament": tournament,
                             "registrations": len(document["registrations"]),
                             "hands": len(document["hands"])})
