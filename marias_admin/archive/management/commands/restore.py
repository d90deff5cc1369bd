"""``manage.py restore <file> --yes``: put a backup back in place of the SQLite database."""

from __future__ import annotations

from pathlib import Path

from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _

from marias_admin.archive.backup import BackupError, restore
from marias_admin.archive.management.commands.backup import backup_dir, sqlite_database


class Command(BaseCommand):
    help = _("Replace the SQLite database with a backup; the current one is copied aside "
             "first. Stop the server before.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--yes", action="store_true",
                            help=_("Confirm that the server is stopped and the database "
                                   "may be replaced."))

    def handle(self, *args, **options):
        database = sqlite_database()
        if not options["yes"]:
            raise CommandError(_("This replaces the whole database. Stop the server (and the "
                                 "backup loop) first, then run the command again with --yes."))
        connection.close()  # no open handle of ours on the file being replaced
        try:
            aside = restore(options["file"], database, backup_dir())
        except BackupError as exc:
            raise CommandError(_("Nothing was restored. %(error)s") % {"error": exc}) from exc
        # Cached public pages were rendered from the replaced data (the page cache's
        # generations live in the cache, not in the database): start afresh.
        cache.clear()
        self.stdout.write(_("Restored %(file)s into %(database)s; the previous database is "
                            "in %(aside)s.")
                          % {"file": options["file"], "database": database, "aside": aside})
