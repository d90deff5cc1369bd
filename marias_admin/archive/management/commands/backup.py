"""``manage.py backup [--keep N] [--every MINUTES]``: online copies of the SQLite database.

Copies go to ``var/backups/db-YYYYmmdd-HHMMSS.sqlite3`` (see :mod:`marias_admin.archive.backup`).
``--every`` keeps running beside the server (``make run`` starts it so), until it is stopped
(Ctrl+C, SIGTERM), the process that started it ends, or ``--hours`` have passed. On
PostgreSQL it refuses: pg_dump is the tool there.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _

from marias_admin.archive.backup import BackupError, backup


class _Stop(Exception):
    pass


def sqlite_database() -> Path:
    """The SQLite file of the default database; refuses any other engine."""
    if connection.vendor != "sqlite":
        raise CommandError(_(
            "The database is not SQLite. Back up PostgreSQL with its own tool, for example: "
            "pg_dump --format=custom --file=marias.dump \"$DATABASE_URL\" (and pg_restore to "
            "restore)."))
    return Path(connection.settings_dict["NAME"])


def backup_dir() -> Path:
    return Path(settings.VAR_DIR) / "backups"


class Command(BaseCommand):
    help = _("Copy the SQLite database to var/backups while the server runs, keeping the "
             "newest copies.")

    def add_arguments(self, parser):
        parser.add_argument("--keep", type=int, default=24,
                            help=_("How many backups to keep (default 24)."))
        parser.add_argument("--every", type=float, metavar="MINUTES",
                            help=_("Repeat every so many minutes until stopped."))
        parser.add_argument("--hours", type=float, default=48,
                            help=_("With --every: stop after so many hours (default 48)."))
        parser.add_argument("--dir", type=Path, help=_("Directory (default var/backups)."))

    def handle(self, *args, **options):
        database = sqlite_database()
        directory = options["dir"] or backup_dir()
        keep = options["keep"]
        if keep < 1:
            raise CommandError(_("Keep at least one backup."))
        every = options["every"]
        if every is None:
            self._once(database, directory, keep, fail=True)
            return
        if every <= 0:
            raise CommandError(_("--every needs a positive number of minutes."))
        self._loop(database, directory, keep, every * 60, options["hours"] * 3600)

    def _once(self, database: Path, directory: Path, keep: int, *, fail: bool) -> None:
        try:
            result = backup(database, directory, keep=keep)
        except BackupError as exc:
            if fail:
                raise CommandError(str(exc)) from exc
            self.stderr.write(str(exc))  # the loop goes on: the next copy may succeed
            return
        self.stdout.write(_("Backup %(path)s (%(size)d kB, checked)")
                          % {"path": result.path, "size": result.size // 1024}
                          + "".join(_("; removed %(path)s") % {"path": p.name}
                                    for p in result.removed))

    def _loop(self, database: Path, directory: Path, keep: int, interval: float,
              limit: float) -> None:
        def stop(signum, frame):
            raise _Stop

        signal.signal(signal.SIGTERM, stop)
        parent = os.getppid()
        deadline = time.monotonic() + limit
        try:
            while True:
                self._once(database, directory, keep, fail=False)
                next_at = time.monotonic() + interval
                while time.monotonic() < next_at:
                    if os.getppid() != parent or time.monotonic() >= deadline:
                        return  # the server's shell is gone, or the time is up
                    time.sleep(min(5.0, max(next_at - time.monotonic(), 0.0)))
        except (_Stop, KeyboardInterrupt):
            pass
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
