"""Online backups of the SQLite database and restoring one of them.

Every function takes explicit paths (the commands pass the configured database and
``var/backups``), so they work on any file and tests can use temporary ones. Copies go
through SQLite's backup API (:meth:`sqlite3.Connection.backup`), which reads a consistent
snapshot while the web server keeps writing (WAL mode), unlike copying the file.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.utils import timezone
from django.utils.translation import gettext as _

BACKUP_NAME = re.compile(r"^db-(\d{8}-\d{6})(?:-(\d+))?\.sqlite3$")
# A restore refuses files without these: they are what makes a file one of our databases.
REQUIRED_TABLES = ("django_migrations", "tournaments_tournament", "sheets_handrecord")


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, for the organiser."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    size: int
    removed: list[Path]


def _stamp(now: datetime | None) -> str:
    return timezone.localtime(now or timezone.now()).strftime("%Y%m%d-%H%M%S")


def _copy(source: Path, target: Path) -> None:
    """Copy ``source`` into a new file ``target`` with the backup API, as one plain file."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            # The copy carries the source's WAL flag; a backup is one self-contained file.
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def verify(path: Path) -> None:
    """Raise :class:`BackupError` unless ``path`` is a sound SQLite database of ours."""
    if not Path(path).is_file():
        raise BackupError(_("File %(path)s does not exist.") % {"path": path})
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = con.execute("PRAGMA integrity_check").fetchall()
            tables = {row[0] for row in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(_("%(path)s is not a SQLite database (%(error)s).")
                          % {"path": path, "error": exc}) from exc
    if result != [("ok",)]:
        raise BackupError(_("%(path)s is damaged: %(problems)s")
                          % {"path": path, "problems": "; ".join(r[0] for r in result[:5])})
    missing = [name for name in REQUIRED_TABLES if name not in tables]
    if missing:
        raise BackupError(_("%(path)s is not a database of this system (missing tables: "
                            "%(tables)s).") % {"path": path, "tables": ", ".join(missing)})


def backups(directory: Path) -> list[Path]:
    """The regular backups in ``directory``, oldest first (copies put aside by a restore are
    not among them and are never rotated away)."""
    found = []
    for path in Path(directory).glob("db-*.sqlite3"):
        match = BACKUP_NAME.match(path.name)
        if match:
            found.append(((match.group(1), int(match.group(2) or 1)), path))
    return [path for _key, path in sorted(found)]


def rotate(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups; returns the deleted files."""
    existing = backups(directory)
    removed = existing[: max(len(existing) - keep, 0)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def backup(database: Path, directory: Path, *, keep: int = 24,
           now: datetime | None = None) -> BackupResult:
    """Copy ``database`` to ``directory/db-YYYYmmdd-HHMMSS.sqlite3``, verify the copy and keep
    the newest ``keep`` backups. A copy that fails the check is deleted and reported."""
    if keep < 1:
        raise BackupError(_("Keep at least one backup."))
    database = Path(database)
    if not database.is_file():
        raise BackupError(_("Database %(path)s does not exist.") % {"path": database})
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    stamp = _stamp(now)
    target = directory / f"db-{stamp}.sqlite3"
    counter = 1
    while target.exists():  # two backups within a second
        counter += 1
        target = directory / f"db-{stamp}-{counter}.sqlite3"
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        _copy(database, partial)
        verify(partial)
    except (sqlite3.Error, BackupError) as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(_("The backup failed: %(error)s") % {"error": exc}) from exc
    partial.rename(target)
    removed = rotate(directory, keep)
    return BackupResult(target, target.stat().st_size, removed)


def restore(source: Path, database: Path, directory: Path, *,
            now: datetime | None = None) -> Path:
    """Replace the contents of ``database`` with the backup ``source``.

    The backup is checked first; the current database is copied aside to
    ``directory/db-before-restore-YYYYmmdd-HHMMSS.sqlite3`` (returned), so a restore of the
    wrong file can itself be undone. The pages are written with the backup API into the live
    file, so its WAL state stays consistent for the next server start.
    """
    source, database, directory = Path(source), Path(database), Path(directory)
    verify(source)
    if source.resolve() == database.resolve():
        raise BackupError(_("That file is the database itself."))
    directory.mkdir(parents=True, exist_ok=True)
    aside = directory / f"db-before-restore-{_stamp(now)}.sqlite3"
    counter = 1
    while aside.exists():
        counter += 1
        aside = directory / f"db-before-restore-{_stamp(now)}-{counter}.sqlite3"
    if database.is_file():
        try:
            _copy(database, aside)
        except sqlite3.Error as exc:
            aside.unlink(missing_ok=True)
            raise BackupError(_("The current database could not be copied aside (%(error)s); "
                                "nothing was restored.") % {"error": exc}) from exc
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(database)
        try:
            src.backup(dst)
        finally:
            dst.close()
    except sqlite3.Error as exc:
        raise BackupError(_("The restore failed (%(error)s); the previous database is in "
                            "%(aside)s.") % {"error": exc, "aside": aside}) from exc
    finally:
        src.close()
    return aside
