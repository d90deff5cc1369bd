"""Issue 21 point 5: an archive is validated like typed input.

A played tournament is built and exported once per module (then rolled back); each test imports
that archive, often changed, into an otherwise empty database. A hostile archive is refused
whole with a message naming its first bad row and writes nothing; an archive never gives a
local account anything by its name; a good archive round-trips byte for byte.
"""

from __future__ import annotations

import io
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import translation

from marias_admin.archive import validation
from marias_admin.archive.exporting import dumps, export_tournament
from marias_admin.archive.importing import import_archive, import_tournament
from marias_admin.archive.validation import ArchiveError
from marias_admin.audit.models import AuditEntry
from marias_admin.sheets.models import HandRecord, SheetWriter, TableSheet
from marias_admin.tournaments.models import Role, TournamentRole
from tests.web.archive_helpers import played_tournament, standings


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture(scope="module")
def archived(django_db_setup, django_db_blocker):
    """The played tournament's archive text and standings; the database is left empty."""
    with django_db_blocker.unblock(), translation.override("en"), transaction.atomic():
        setup = played_tournament()
        text = dumps(export_tournament(setup.tournament))
        table = standings(setup.tournament)
        transaction.set_rollback(True)
    return text, table


@pytest.fixture
def document(archived, db):
    return json.loads(archived[0])


def counts():
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def _hand(document, sheet=1, number=1):
    return next(h for h in document["hands"] if h["sheet"] == sheet and h["number"] == number)


def _set(path, value):
    def change(document):
        *keys, last = path
        target = document
        for key in keys:
            target = target[key]
        target[last] = value
    return change


def _shift_money(document):
    hand = _hand(document)
    hand["money_1"] += 10
    hand["money_2"] -= 10


def _foreign_audit(document):
    entry = next(e for e in document["audit"] if e["object_type"] == "sheets.handrecord")
    entry["object"], entry["object_id"] = None, "1"
    entry["summary"] = "INJECTED: referee changed this hand"


def _audit_out_of_range(document):
    entry = next(e for e in document["audit"] if e["object_type"] == "sheets.handrecord")
    entry["object"] = 999


def _audit_unknown_type(document):
    entry = next(e for e in document["audit"] if e["object_type"] == "sheets.handrecord")
    entry["object_type"] = "auth.user"


HOSTILE = [
    ("pb", _set(("hands", 0, "pb_1"), "1e999999"),
     r"hands row 1 \(round 1, table 1, hand 1\): pb_1 '1e999999'"),
    ("pb-nan", _set(("hands", 0, "pb_1"), "NaN"), r"hands row 1 .*pb_1 'NaN'"),
    ("hand-text", _set(("hands", 0, "hand"), "not a hand"),
     r"hands row 1 \(round 1, table 1, hand 1\): the hand cannot be read"),
    ("hand-evil", _set(("hands", 0, "hand"), {"evil": 1}),
     r"hands row 1 \(round 1, table 1, hand 1\): the hand cannot be read"),
    ("money-engine", _shift_money,
     r"hands row 1 \(round 1, table 1, hand 1\): the stored amounts .* differ from the "
     r"engine's"),
    ("explanation", _set(("hands", 0, "explanation"), ["<script>alert(1)</script>"]),
     r"hands row 1 .*the stored explanation differs"),
    ("money-huge", _set(("hands", 0, "money_1"), 10**30), r"hands row 1 .*money_1"),
    ("description", _set(("hands", 0, "description"), "<b>7 vyhrál</b>"),
     r"hands row 1 .*the stored description"),
    ("round-state", _set(("rounds", 0, "state"), "bogus"),
     r"rounds row 1 \(round 1\): state 'bogus' is not one of draft, seated"),
    ("sheet-state", _set(("sheets", 1, "state"), "bogus"),
     r"sheets row 2 \(round 1, table 2\): state 'bogus' is not one of draft, submitted"),
    ("sheet-mode", _set(("sheets", 0, "mode"), 7), r"sheets row 1 .*mode 7"),
    ("ruling-kind", _set(("rulings", 0, "kind"), "hanged"),
     r"rulings row 1 \(round 1, table 1\): kind 'hanged' is not one of"),
    ("ruling-outcome", _set(("rulings", 0, "outcome"), "bogus"), r"rulings row 1 .*outcome"),
    ("registration-status", _set(("registrations", 0, "status"), "boss"),
     r"registrations row 1: status 'boss'"),
    ("pin", _set(("registrations", 0, "pin"), "<script>"),
     r"registrations row 1: the PIN '<script>'"),
    ("long-note", _set(("registrations", 0, "note"), "x" * 201), r"registrations row 1: note"),
    ("date", _set(("hands", 0, "created_at"), "yesterday"), r"hands row 1 .*created_at"),
    ("ruleset", _set(("tournament", "ruleset_code"), "poker"),
     r"tournament: ruleset_code 'poker' is not one of"),
    ("overrides", _set(("tournament", "ruleset_overrides"), {"no_such_rule": 1}),
     r"tournament: the rules 'csm-licitovany-2023' with these overrides cannot be used"),
    ("standings-rules", _set(("tournament", "standings_rules"), {"table_points": "x"}),
     r"tournament: standings_rules are not valid"),
    ("seating-report", _set(("rounds", 0, "report"), {"repeat_count": "many"}),
     r"rounds row 1 \(round 1\): report 'repeat_count' 'many'"),
    ("ruling-changes", _set(("rulings", 0, "changes"), "everything"),
     r"rulings row 1 .*changes is not an object"),
    ("seat-ref", _set(("seats", 0, "registration"), 999),
     r"seats row 1 \(round 1, table 1\): registration refers to registrations 999"),
    ("waiver-ref", _set(("hands", 0, "pb_waiver"), 999), r"hands row 1 .*pb_waiver refers"),
    ("audit-foreign", _foreign_audit,
     r"audit row \d+: the entry points at 'sheets.handrecord' '1' outside the archive"),
    ("audit-number", _audit_out_of_range, r"audit row \d+: the entry points at"),
    ("audit-type", _audit_unknown_type, r"audit row \d+: the entry points at 'auth.user'"),
    ("deep", _set(("hands", 0, "hand"), json.loads("[" * 100 + "]" * 100)),
     r"nested deeper than 64 levels"),
]


@pytest.mark.parametrize(("change", "message"), [case[1:] for case in HOSTILE],
                         ids=[case[0] for case in HOSTILE])
def test_hostile_archive_is_refused_naming_the_row_and_writes_nothing(document, change,
                                                                       message):
    change(document)
    before = counts()
    with pytest.raises(ArchiveError, match=message):
        import_tournament(document)
    assert counts() == before


def test_the_good_archive_imports_and_round_trips(archived, document):
    """The baseline of the cases above: unchanged, the same archive is accepted, and with
    its users mapped explicitly it exports to the same bytes with the same standings."""
    for name in ("organiser", "scorekeeper", "referee"):
        get_user_model().objects.create_user(name)
    copy = import_tournament(document, role_users={n: n for n in ("organiser", "scorekeeper",
                                                                  "referee")})
    assert dumps(export_tournament(copy)) == archived[0]
    assert standings(copy) == archived[1]
    # The issue-21 references came along: writers, waivers, who confirmed.
    assert SheetWriter.objects.filter(sheet__table__round__tournament=copy).exists()
    assert HandRecord.objects.filter(sheet__table__round__tournament=copy,
                                     pb_waiver__isnull=False).exists()
    assert TableSheet.objects.filter(table__round__tournament=copy, state="confirmed").exists()


def test_names_never_reach_local_accounts(archived, document):
    """Roles naming the local admin are left out; the people of the history become inactive
    placeholders even where an account of that name exists, and export under their names."""
    User = get_user_model()
    admin = User.objects.create_superuser("admin", password="tajne-heslo")
    referee = User.objects.create_user("referee", password="tajne-heslo")
    document["roles"][0]["user"] = "admin"  # and "referee" (the importer) has a role too
    assert "referee" in {role["user"] for role in document["roles"]}
    report = import_archive(document, user=referee)
    assert report.roles_given == 0 and report.roles_skipped == len(document["roles"]) > 0
    assert not TournamentRole.objects.exists()  # admin, the importer: nobody got a role
    assert not AuditEntry.objects.filter(user=admin).exists() and admin.is_superuser
    ruling = copy_ruling(report.tournament)
    assert ruling.by != referee and not ruling.by.is_active
    assert not ruling.by.has_usable_password()
    assert ruling.by.username == "referee~archive1"
    assert not AuditEntry.objects.filter(tournament=report.tournament, user=referee).exclude(
        action="tournament.import").exists()
    again = json.loads(dumps(export_tournament(report.tournament)))
    original = json.loads(archived[0])
    assert again["roles"] == []
    for kind in ("rulings", "sheets", "hands", "writers"):
        assert again[kind] == original[kind]  # the archived names, not the placeholders'
    assert [e["user"] for e in again["audit"]] == [e["user"] for e in original["audit"]]


def copy_ruling(tournament):
    from marias_admin.sheets.models import Ruling

    return Ruling.objects.select_related("by").get(sheet__table__round__tournament=tournament,
                                                   kind="yellow_card")


def test_role_user_mapping_gives_the_role(archived, tmp_path, db):
    User = get_user_model()
    User.objects.create_user("hlavni-poradatel")
    User.objects.create_user("organiser")  # a namesake here: gets nothing
    path = tmp_path / "a.json"
    path.write_text(archived[0], encoding="utf-8")
    out = io.StringIO()
    call_command("import_tournament", str(path), "--role-user", "organiser=hlavni-poradatel",
                 stdout=out)
    assert list(TournamentRole.objects.values_list("user__username", "role")) == [
        ("hlavni-poradatel", Role.ORGANISER)]
    assert "2 roles were left out" in out.getvalue()
    with pytest.raises(CommandError, match="There is no user nikdo"):
        call_command("import_tournament", str(path), "--rename", "B",
                     "--role-user", "organiser=nikdo")
    with pytest.raises(CommandError, match="The archive names no user admin"):
        call_command("import_tournament", str(path), "--rename", "B",
                     "--role-user", "admin=hlavni-poradatel")


def _run(*argv, capsys, monkeypatch):
    """manage.py as run from a shell: the exit code and what it printed (the test's database
    connection is kept open)."""
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", *argv]).execute()
    captured = capsys.readouterr()
    return exited.value.code, captured.err


def test_command_refuses_nested_oversize_and_bad_files_cleanly(archived, db, tmp_path, capsys,
                                                              monkeypatch):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(validation.MAX_BYTES + 1)  # sparse: nothing is read
    bad = tmp_path / "bad.json"
    document = json.loads(archived[0])
    document["sheets"][1]["state"] = "bogus"
    bad.write_text(json.dumps(document), encoding="utf-8")
    before = counts()
    for path, message in ((deep, "nested deeper than 64 levels"), (big, "larger than 50 MB"),
                          (bad, "sheets row 2 (round 1, table 2): state 'bogus'")):
        code, err = _run("import_tournament", str(path), capsys=capsys,
                         monkeypatch=monkeypatch)
        assert code != 0
        assert message in err and "Traceback" not in err
    assert counts() == before


def test_loads_bounds_depth_without_recursion():
    with pytest.raises(ArchiveError, match="nested deeper"):
        validation.loads('{"a": ' * 10_000 + "1" + "}" * 10_000)
    # Brackets inside strings are text, not nesting.
    assert validation.loads(json.dumps({"a": "[" * 1000})) == {"a": "[" * 1000}
    with pytest.raises(ArchiveError, match="cannot be read"):
        validation.loads(b"\xff\xfe")
    with pytest.raises(ArchiveError, match="version 99"):
        import_tournament({"format": "marias-tournament-archive", "version": 99})


def test_a_version_1_archive_still_imports(document):
    """Written before the sheet writers and the issue-21 references: they are simply none."""
    document["version"] = 1
    del document["writers"]
    for kind, names in (("sheets", ("confirmed_registration", "changed_by_ruling",
                                    "paper_ruling")),
                        ("hands", ("pb_waiver", "created_registration"))):
        for row in document[kind]:
            for name in names:
                del row[name]
    copy = import_tournament(document)
    assert not SheetWriter.objects.filter(sheet__table__round__tournament=copy).exists()
    assert HandRecord.objects.filter(sheet__table__round__tournament=copy).count() == len(
        document["hands"])


def test_szmk_forgiven_renonce_is_checked_over_the_round(db):
    """SZMK D.1: the first menší renonce of a player in a round is forgiven. Each hand alone
    may settle as stored and the round still be forged: the marks are recomputed per sheet."""
    from marias_admin.sheets.services import sheet_for
    from scoring import settle
    from scoring.jsonio import hand_from_dict
    from scoring.notation import format_hand
    from tests.factories import make_tournament, make_user, seat
    from tests.web.helpers import renonce

    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=9, ruleset_code="szmk-voleny-2024",
                                 rounds_planned=6)
    seat(tournament, 1, organiser, method="szmk")
    world = {"sheet": sheet_for(tournament.rounds.get(number=1).tables.get(number=1)),
             "org": organiser}
    renonce(world, 2)
    renonce(world, 2)
    document = export_tournament(tournament)
    assert [h["hand"]["renonc"].get("forgiven") for h in document["hands"]] == [True, None]
    good = json.loads(json.dumps(document))
    good["tournament"]["name"] = "Kopie"
    import_tournament(good)  # the honest archive is accepted

    # Forged: the second renonce also forgiven, its amounts made to match that hand.
    second = document["hands"][1]
    second["hand"]["renonc"]["forgiven"] = True
    hand = hand_from_dict(second["hand"])
    ruleset = tournament.ruleset()
    result = settle(hand, ruleset)
    for s, money in result.money.items():
        second[f"money_{s}"] = money
    second["description"] = format_hand(hand, ruleset)[:400]
    second["explanation"] = [line.as_dict(ruleset, ruleset.language)["text"]
                             for line in result.lines]
    document["tournament"]["name"] = "Padělek"
    before = counts()
    with pytest.raises(ArchiveError, match=r"hands row 2 \(round 1, table 1, hand 2\): the "
                                           r"forgiven renonce is not marked as the rules"):
        import_tournament(document)
    assert counts() == before
