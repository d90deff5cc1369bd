"""Issue 12 item 6: recovery — SQLite backups and restore, one tournament moved as an archive.

An exported tournament imported again (here into the same database, renamed or with the
original moved aside) exports to the same bytes and has the same standings; a damaged archive
saves nothing. Backups are taken with SQLite's backup API, checked, rotated and restored.
"""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import translation

from marias_admin.archive import backup as backups
from marias_admin.archive.exporting import dumps, export_tournament
from marias_admin.archive.importing import import_tournament
from marias_admin.archive.validation import ArchiveError
from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Club, Player
from marias_admin.sheets.models import HandRecord
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import tournament_update
from tests.web.archive_helpers import played_tournament, standings


@pytest.fixture(autouse=True)
def _english():
    """Messages are matched in their English source (the site's default is Czech)."""
    with translation.override("en"):
        yield


sqlite_only = pytest.mark.skipif("connection.vendor != 'sqlite'",
                                 reason="backups copy the SQLite file; PostgreSQL uses pg_dump")


@pytest.fixture
def played(db):
    return played_tournament()


STAFF = ("organiser", "scorekeeper", "referee")
STAFF_MAPPING = [arg for name in STAFF for arg in ("--role-user", f"{name}={name}")]


def test_export_import_export_is_byte_identical(played, tmp_path):
    first = tmp_path / "first.json"
    call_command("export_tournament", str(played.tournament.pk), str(first), stdout=io.StringIO())
    data = json.loads(first.read_text(encoding="utf-8"))
    assert data["version"] == 2
    assert data["writers"] and data["sheets"][0]["confirmed_registration"] is None
    assert any(h["deleted_at"] and h["delete_reason"] == "zapsáno omylem" for h in data["hands"])
    assert any(h["paper_money"] == [1, -1, 0, 0] for h in data["hands"])
    assert any(h["explanation"] for h in data["hands"])
    assert "yellow_card" in [r["kind"] for r in data["rulings"]]
    assert "confirmed" in {s["state"] for s in data["sheets"]}
    assert data["audit"]
    # The tournament's name and date are taken: refused without a new name, nothing saved.
    count = Tournament.objects.count()
    with pytest.raises(CommandError, match="--rename"):
        call_command("import_tournament", str(first), stdout=io.StringIO())
    assert Tournament.objects.count() == count

    # The same accounts, mapped explicitly: an archive never gives a local name anything.
    call_command("import_tournament", str(first), "--rename", "Kopie", "--user", "organiser",
                 *STAFF_MAPPING, stdout=io.StringIO())
    copy = Tournament.objects.get(name="Kopie")
    second = tmp_path / "second.json"
    call_command("export_tournament", str(copy.pk), str(second), stdout=io.StringIO())
    again = json.loads(second.read_text(encoding="utf-8"))
    assert again["tournament"]["name"] == "Kopie"
    again["tournament"]["name"] = data["tournament"]["name"]
    assert dumps(again) == first.read_text(encoding="utf-8")  # all but the new name
    assert standings(copy) == standings(played.tournament)
    assert standings(copy)
    entry = AuditEntry.objects.get(tournament=copy, action="tournament.import")
    assert entry.summary == "tournament imported from an archive"
    assert entry.user == played.staff.organiser
    # The same players were matched, not created again.
    assert Player.objects.filter(registration_number="120").count() == 1
    assert copy.registrations.count() == played.tournament.registrations.count()


def test_import_under_the_original_name_gives_the_same_bytes(played, tmp_path):
    """With the original renamed out of the way the copy's archive equals the original's."""
    original = dumps(export_tournament(played.tournament))
    tournament_update(user=played.staff.organiser, tournament=played.tournament,
                      name="Původní turnaj")
    copy = import_tournament(json.loads(original), user=played.staff.organiser,
                             role_users={name: name for name in STAFF})
    assert copy.name == "Turnaj"
    assert dumps(export_tournament(copy)) == original
    assert copy.pk != played.tournament.pk


def test_missing_users_are_created_inactive_and_unknown_players_created(played):
    document = export_tournament(played.tournament)
    document["rulings"][0]["by"] = "cizi-rozhodci"
    document["tournament"]["name"] = "Jinde"
    known = next(p for p in document["players"] if p["registration_number"] == "120")
    known["first_name"] = "Jiné jméno"  # still the same player: the number decides
    stranger = next(p for p in document["players"] if p["registration_number"] == "121")
    stranger["registration_number"], stranger["last_name"] = "999", "Nový"
    clubs = set(Club.objects.values_list("pk", flat=True))
    copy = import_tournament(document)
    user = get_user_model().objects.get(username="cizi-rozhodci")
    assert not user.is_active and not user.has_usable_password()
    assert copy.roles.count() == 0  # not mapped: left out
    new = Player.objects.get(registration_number="999")
    assert (new.last_name, new.club.name) == ("Nový", "ŠK Plzeň")
    assert set(Club.objects.values_list("pk", flat=True)) == clubs  # the club was matched
    assert copy.registrations.filter(player__registration_number="120",
                                     player__first_name="Ota").exists()
    entry = AuditEntry.objects.get(tournament=copy, action="tournament.import")
    assert entry.after["new_players"] == 1 and "cizi-rozhodci" in entry.after["new_users"]
    assert entry.after["roles_skipped"] == len(document["roles"])


def test_broken_archive_saves_nothing(played):
    document = export_tournament(played.tournament)
    document["tournament"]["name"] = "Rozbitý"
    document["hands"][0]["money_1"] += 1
    counts = (Tournament.objects.count(), HandRecord.objects.count(), AuditEntry.objects.count())
    with pytest.raises(ArchiveError, match="does not sum to zero"):
        import_tournament(document)
    document["hands"][0]["money_1"] -= 1
    document["version"] = 99
    with pytest.raises(ArchiveError, match="version"):
        import_tournament(document)
    document["version"] = 2
    document["seats"][0]["registration"] = 999  # a reference to nothing
    with pytest.raises(ArchiveError, match="damaged"):
        import_tournament(document)
    assert (Tournament.objects.count(), HandRecord.objects.count(),
            AuditEntry.objects.count()) == counts
    assert not Tournament.objects.filter(name="Rozbitý").exists()


def test_import_command_refuses_a_file_that_is_not_an_archive(db, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="cannot be read"):
        call_command("import_tournament", str(path))
    path.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(CommandError, match="not a tournament archive"):
        call_command("import_tournament", str(path))


# --- backups ------------------------------------------------------------------------------

@pytest.fixture
def database(db, tmp_path):
    """A SQLite file with this system's schema (a backup of the test database), not in use."""
    path = tmp_path / "db.sqlite3"
    src = sqlite3.connect(connection.settings_dict["NAME"])
    dst = sqlite3.connect(path)
    src.backup(dst)
    dst.execute("PRAGMA journal_mode=WAL")
    src.close()
    dst.close()
    return path


def _clubs(path):
    con = sqlite3.connect(path)
    try:
        return [row[0] for row in con.execute("SELECT name FROM players_club ORDER BY name")]
    finally:
        con.close()


@sqlite_only
def test_backup_is_a_checked_copy_and_rotation_keeps_n(database, tmp_path):
    con = sqlite3.connect(database)
    con.execute("INSERT INTO players_club (name, city) VALUES ('KM Plzeň', 'Plzeň')")
    con.commit()
    con.execute("INSERT INTO players_club (name, city) VALUES ('Rozepsaný', '')")
    # ... and the server is in the middle of another write: the copy holds what was committed.
    directory = tmp_path / "backups"
    start = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
    results = [backups.backup(database, directory, keep=3, now=start + timedelta(minutes=5 * i))
               for i in range(5)]
    con.rollback()
    con.close()
    kept = backups.backups(directory)
    assert kept == [r.path for r in results[2:]]
    assert results[0].path.name.startswith("db-20261121-")
    assert not results[0].path.exists() and results[4].removed == [results[1].path]
    backups.verify(kept[-1])
    assert _clubs(kept[-1]) == ["KM Plzeň"]
    assert not list(directory.glob("*.partial"))


@sqlite_only
def test_restore_brings_back_a_deleted_row(database, tmp_path):
    con = sqlite3.connect(database)
    con.execute("INSERT INTO players_club (name, city) VALUES ('KM Plzeň', 'Plzeň')")
    con.commit()
    directory = tmp_path / "backups"
    saved = backups.backup(database, directory).path
    con.execute("DELETE FROM players_club")
    con.commit()
    con.close()
    assert _clubs(database) == []
    aside = backups.restore(saved, database, directory)
    assert _clubs(database) == ["KM Plzeň"]
    assert aside.name.startswith("db-before-restore-") and _clubs(aside) == []
    assert backups.backups(directory) == [saved]  # the copy aside is never rotated away


@sqlite_only
def test_restore_refuses_what_is_not_our_database(database, tmp_path):
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.close()
    with pytest.raises(backups.BackupError, match="missing tables"):
        backups.restore(other, database, tmp_path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(backups.BackupError, match="not a SQLite database"):
        backups.restore(junk, database, tmp_path)


@sqlite_only
def test_commands_back_up_and_restore_asks_for_yes(db, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    out = io.StringIO()
    call_command("backup", "--keep", "2", stdout=out)
    made = backups.backups(tmp_path / "backups")
    assert len(made) == 1 and str(made[0]) in out.getvalue()
    with pytest.raises(CommandError, match="--yes"):
        call_command("restore", str(made[0]))


def test_backup_on_postgresql_points_to_pg_dump(db):
    if connection.vendor == "sqlite":
        pytest.skip("the refusal concerns PostgreSQL")
    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup")
