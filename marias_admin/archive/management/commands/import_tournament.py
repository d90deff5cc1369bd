"""``manage.py import_tournament <file.json> [--rename NAME]``: create an archived tournament."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from marias_admin.archive.services import ArchiveError, import_tournament


class Command(BaseCommand):
    help = _("Create a tournament from a JSON archive written by export_tournament.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--rename", metavar="NAME",
                            help=_("Import under this name (when the name and date are taken)."))
        parser.add_argument("--user", metavar="USERNAME",
                            help=_("Who imports it, for the audit log."))

    def handle(self, *args, **options):
        user = None
        if options["user"]:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(_("There is no user %(name)s.") % {"name": options["user"]})
        path: Path = options["file"]
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(_("%(path)s cannot be read: %(error)s")
                               % {"path": path, "error": exc}) from exc
        try:
            tournament = import_tournament(document, rename=options["rename"], user=user)
        except ArchiveError as exc:
            raise CommandError(_("Nothing was imported. %(error)s") % {"error": exc}) from exc
        self.stdout.write(_("Imported %(tournament)s as tournament %(id)s.")
                          % {"tournament": tournament, "id": tournament.pk})
