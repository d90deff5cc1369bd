"""Player import (xlsx/csv → preview → confirm) and the registration export (xlsx)."""

from __future__ import annotations

import io
import os
import zipfile
from datetime import date, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook, load_workbook

from marias_admin.audit.models import AuditEntry
from marias_admin.players.importing import (
    ParsedFile,
    RowStatus,
    match_header,
    read_upload,
    split_full_name,
)
from marias_admin.players.models import Club, Player
from marias_admin.seating.models import RoundState
from marias_admin.tournaments import player_import as import_services
from marias_admin.tournaments.models import Registration, RegistrationStatus, Role
from marias_admin.tournaments.player_import import ImportChanged, import_commit, import_preview
from marias_admin.tournaments.services import (
    club_get_or_create,
    player_create,
    registration_create,
    role_grant,
    tournament_create,
)

pytestmark = pytest.mark.django_db

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
XLSX_37 = FIXTURES / "players-37.xlsx"
CSV_24 = FIXTURES / "players-demo-24.csv"


# --- helpers and fixtures --------------------------------------------------------------------


@pytest.fixture
def organiser():
    return get_user_model().objects.create_user("organiser", password="pw-Organiser-1")


@pytest.fixture
def outsider():
    return get_user_model().objects.create_user("outsider", password="pw-Outsider-1")


@pytest.fixture
def tournament(organiser):
    return tournament_create(user=organiser, name="Velká cena Bílé Hory",
                             date=date(2026, 3, 14), venue="Praha")


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def counts() -> dict[str, int]:
    return {"players": Player.objects.count(), "clubs": Club.objects.count(),
            "registrations": Registration.objects.count(),
            "audit": AuditEntry.objects.count()}


def parsed_fixture(path: Path = XLSX_37) -> ParsedFile:
    return read_upload(path.name, path.read_bytes())


def parsed_text(text: str, *, encoding: str = "utf-8", name: str = "hraci.csv") -> ParsedFile:
    return read_upload(name, text.encode(encoding))


def codes(row) -> list[str]:
    return [p.code for p in row.problems]


def upload(client, tournament, name: str, content: bytes):
    return client.post(reverse("players:import", args=[tournament.pk]),
                       {"file": SimpleUploadedFile(name, content)})


def preview_page(client, tournament):
    return client.get(reverse("players:import_preview", args=[tournament.pk]))


def confirm(client, tournament, *, status: str = "present", fingerprint: str | None = None):
    if fingerprint is None:
        fingerprint = preview_page(client, tournament).context["form"].initial["fingerprint"]
    return client.post(reverse("players:import_confirm", args=[tournament.pk]),
                       {"status": status, "fingerprint": fingerprint})


def xlsx_bytes(rows: list[list]) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# --- the 37-player fixture -------------------------------------------------------------------


def test_fixture_files_are_as_documented():
    sheet = load_workbook(XLSX_37).active
    assert sheet.max_row == 40  # header + 39 data rows
    assert CSV_24.read_bytes().startswith(b"\xef\xbb\xbf")
    assert len(CSV_24.read_text(encoding="utf-8-sig").strip().splitlines()) == 25


def test_preview_of_37_fixture_reports_exactly_the_two_bad_rows(tournament):
    parsed = parsed_fixture()
    assert parsed.ignored == ["Poznámka"]
    assert len(parsed.rows) == 39
    preview = import_preview(tournament=tournament, parsed=parsed)

    assert len(preview.rows) == 39
    errors = {r.row: codes(r) for r in preview.errors}
    assert errors == {15: ["missing_last_name"], 30: ["bad_registration_number"]}
    assert len(preview.importable) == 37
    assert preview.skipped == []
    assert len(preview.new_players) == 37
    assert "SK-04A1" in preview.errors[1].problem_messages[0]
    # Row numbers are the spreadsheet's: Novák (first data row) is row 2.
    assert preview.rows[0].row == 2 and preview.rows[0].name == "Novák Jan"
    assert "Klub mariáša Žilina" in preview.new_clubs


def test_upload_and_preview_page_write_nothing(org_client, tournament):
    before = counts()
    response = upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    assert response.status_code == 302
    assert response["Location"] == reverse("players:import_preview", args=[tournament.pk])

    page = preview_page(org_client, tournament)
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('import-row import-error ') == 2
    assert html.count('import-row import-ok ') == 37
    assert "Šťastný Ondřej" in html and "Poznámka" in html
    assert counts() == before
    # The file is kept in the session as parsed rows, not as the upload.
    stored = org_client.session[f"players.import.{tournament.pk}"]
    assert len(stored["rows"]) == 39 and stored["filename"] == "players-37.xlsx"


def test_confirm_imports_37_registrations_with_audit_entries(org_client, tournament, organiser):
    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    before = counts()
    response = confirm(org_client, tournament)
    assert response.status_code == 302
    # Issue 13: after the import the organiser lands on the registrations, not the upload.
    assert response["Location"] == reverse("tournaments:registrations", args=[tournament.pk])

    regs = Registration.objects.filter(tournament=tournament)
    assert regs.count() == 37
    assert set(regs.values_list("status", flat=True)) == {RegistrationStatus.PRESENT}
    assert not regs.filter(checked_in_at__isnull=True).exists()
    assert Player.objects.count() == before["players"] + 37
    novak = Player.objects.get(registration_number="CZ-01234")
    assert (novak.last_name, novak.first_name, novak.club.name) == ("Novák", "Jan",
                                                                    "MK Bílá Hora")
    assert regs.get(player=novak).seed_rank == 1
    assert Player.objects.get(last_name="Urban").registration_number == "40213"
    assert Player.objects.get(last_name="Čermák").registration_number == "CZ-01003"
    assert not Player.objects.filter(first_name="Josef").exists()
    assert not Player.objects.filter(last_name="Horváth").exists()

    entries = AuditEntry.objects.filter(user=organiser)
    assert entries.filter(action="registration.create", tournament=tournament).count() == 37
    assert entries.filter(action="player.create").count() == 37
    assert entries.filter(action="club.create").count() == 9
    summary = entries.get(action="players.import")
    assert summary.after["registrations"] == 37 and summary.after["error_rows"] == [15, 30]
    # The session copy is gone once imported.
    assert f"players.import.{tournament.pk}" not in org_client.session
    page = org_client.get(response["Location"]).content.decode()
    assert "37" in page


def test_reimport_reports_already_registered_and_adds_nothing(org_client, tournament):
    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    confirm(org_client, tournament)
    before = counts()

    preview = import_preview(tournament=tournament, parsed=parsed_fixture())
    assert len(preview.skipped) == 37 and len(preview.errors) == 2
    assert preview.importable == []
    assert all(codes(r) == ["already_registered"] for r in preview.skipped)

    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    assert "import-skip" in preview_page(org_client, tournament).content.decode()
    confirm(org_client, tournament)
    after = counts()
    assert after["registrations"] == before["registrations"]
    assert after["players"] == before["players"]


def test_registered_status_can_be_chosen(org_client, tournament):
    upload(org_client, tournament, CSV_24.name, CSV_24.read_bytes())
    confirm(org_client, tournament, status="registered")
    regs = Registration.objects.filter(tournament=tournament)
    assert regs.count() == 24
    assert set(regs.values_list("status", flat=True)) == {RegistrationStatus.REGISTERED}
    assert not regs.filter(checked_in_at__isnull=False).exists()


def test_same_players_reused_in_another_tournament(organiser, tournament):
    import_commit(user=organiser, tournament=tournament, parsed=parsed_fixture())
    other = tournament_create(user=organiser, name="Jarní turnaj", date=date(2026, 4, 1))
    preview = import_preview(tournament=other, parsed=parsed_fixture())
    assert len(preview.existing_players) == 37
    assert all(codes(r) == ["existing_player"] for r in preview.importable)
    players = Player.objects.count()
    import_commit(user=organiser, tournament=other, parsed=parsed_fixture())
    assert Player.objects.count() == players
    assert other.registrations.count() == 37


def test_entries_imported_after_play_started_join_at_the_next_round(organiser, tournament):
    tournament.rounds.filter(number__in=(1, 2)).update(state=RoundState.RELEASED)
    import_commit(user=organiser, tournament=tournament, parsed=parsed_fixture(CSV_24))
    assert set(tournament.registrations.values_list("first_round", flat=True)) == {3}


# --- csv -------------------------------------------------------------------------------------


def test_demo_csv_utf8_bom_single_name_column(tournament):
    parsed = parsed_fixture(CSV_24)
    assert parsed.columns["full_name"] == "Jméno a příjmení"
    preview = import_preview(tournament=tournament, parsed=parsed)
    assert len(preview.importable) == 24 and not preview.errors
    first = preview.rows[0].checked
    assert (first.first_name, first.last_name, first.seed) == ("Miloslav", "Šebesta", 1)


def test_csv_semicolon_cp1250(org_client, tournament):
    text = ("Příjmení;Jméno;Klub;Registrační číslo;Telefon\r\n"
            "Řezníček;Drahomír;KM Žďár;CZ-04001;777 100 200\r\n"
            "Šťastná;Žofie;MK Bílá Hora;CZ-04002;\r\n"
            "Kohoutek;Lumír;\"Klub; s středníkem\";CZ-04003;\r\n")
    content = text.encode("cp1250")
    with pytest.raises(UnicodeDecodeError):
        content.decode("utf-8")
    parsed = read_upload("prihlasky.csv", content)
    assert [(r.last_name, r.first_name) for r in parsed.rows] == [
        ("Řezníček", "Drahomír"), ("Šťastná", "Žofie"), ("Kohoutek", "Lumír")]
    assert parsed.rows[2].club == "Klub; s středníkem"

    upload(org_client, tournament, "prihlasky.csv", content)
    confirm(org_client, tournament)
    player = Player.objects.get(registration_number="CZ-04001")
    assert player.full_name == "Řezníček Drahomír" and player.club.name == "KM Žďár"
    assert player.phone == "777 100 200"
    assert tournament.registrations.count() == 3


def test_csv_comma_utf8_slovak_and_english_headers():
    slovak = parsed_text("Priezvisko,Meno,Klub,Reg. č.,E-mail,Telefón,Nasadenie\n"
                         "Kováčová,Ľudmila,MK Nitra,SK-0999,lk@example.sk,0905 111 222,3\n")
    row = slovak.rows[0]
    assert (row.last_name, row.first_name, row.registration_number, row.seed) == (
        "Kováčová", "Ľudmila", "SK-0999", "3")
    english = parsed_text("Name\tClub\tNumber\tPhone\tSeed\tShirt size\n"
                          "Jan Josef Novák\tMK Bílá Hora\t01234\t\t\tXL\n")
    row = english.rows[0]
    assert (row.first_name, row.last_name, row.registration_number) == (
        "Jan Josef", "Novák", "01234")
    assert english.ignored == ["Shirt size"]


@pytest.mark.parametrize(("header", "field"), [
    ("PŘÍJMENÍ", "last_name"), ("priezvisko", "last_name"), ("Last name", "last_name"),
    ("Jméno", "first_name"), ("meno", "first_name"), ("First Name", "first_name"),
    ("Jméno a příjmení", "full_name"), ("Meno a priezvisko", "full_name"),
    ("name", "full_name"), ("Klub", "club"), ("club", "club"),
    ("Registrační číslo", "registration_number"), ("Reg. č.", "registration_number"),
    ("číslo", "registration_number"), ("Number", "registration_number"),
    ("e-mail", "email"), ("Telefon", "phone"), ("phone", "phone"),
    ("Nasazení", "seed"), ("seed", "seed"), ("Poznámka", None), ("", None),
])
def test_header_recognition(header, field):
    assert match_header(header) == field


def test_full_name_split_on_last_space():
    assert split_full_name("Jan Novák") == ("Jan", "Novák")
    assert split_full_name("Jan Josef Novák") == ("Jan Josef", "Novák")
    assert split_full_name("Novák") == ("", "Novák")


# --- row problems ----------------------------------------------------------------------------


def test_duplicates_in_file(tournament):
    parsed = parsed_text(
        "Příjmení;Jméno;Klub;Reg. č.\n"
        "Novák;Jan;MK Bílá Hora;CZ-01234\n"
        "Dvořák;Petr;KM Žďár;CZ01234\n"  # same number, written without the hyphen
        "Novák;Jan;mk bílá hora;\n"  # same name and club
        "Novák;Jan;KM Žďár;\n"  # same name, other club: a different player
    )
    preview = import_preview(tournament=tournament, parsed=parsed)
    by_row = {r.row: r for r in preview.rows}
    assert by_row[2].status is RowStatus.OK
    assert codes(by_row[3]) == ["duplicate_number"] and by_row[3].status is RowStatus.ERROR
    assert codes(by_row[4]) == ["duplicate_name"] and by_row[4].status is RowStatus.ERROR
    assert "2" in by_row[3].problem_messages[0]
    assert by_row[5].status is RowStatus.OK


def test_other_row_errors(tournament):
    parsed = parsed_text(
        "Příjmení;Jméno;Klub;Reg. č.;E-mail;Nasazení\n"
        ";Jan;MK Bílá Hora;;;\n"
        "Novák;;MK Bílá Hora;;;\n"
        "Dvořák;Petr;KM Žďár;CZ-12;;\n"
        "Černý;Jiří;KM Žďár;1234567;;\n"
        "Horák;Václav;KM Žďár;;horak@;\n"
        "Beneš;Karel;KM Žďár;;;první\n"
        "Fiala;Milan;KM Žďár;cz-00777;fiala@example.cz;12\n"
    )
    preview = import_preview(tournament=tournament, parsed=parsed)
    assert [(r.row, codes(r)) for r in preview.errors] == [
        (2, ["missing_last_name"]), (3, ["missing_first_name"]), (4, ["bad_registration_number"]),
        (5, ["bad_registration_number"]), (6, ["bad_email"]), (7, ["bad_seed"])]
    ok = preview.importable[0].checked
    assert (ok.registration_number, ok.seed, ok.email) == ("CZ-00777", 12, "fiala@example.cz")


def test_registration_number_pattern_is_configurable(settings, tournament):
    parsed = parsed_text("Příjmení;Jméno;Číslo\nNovák;Jan;ABC/1\nDvořák;Petr;CZ-01234\n")
    settings.MARIAS_REGISTRATION_NUMBER_PATTERN = r"^[A-Z]{3}/\d$"
    preview = import_preview(tournament=tournament, parsed=parsed)
    assert [r.row for r in preview.errors] == [3]


def test_unknown_club_will_be_created_and_known_club_reused(organiser, tournament):
    known = club_get_or_create(user=organiser, name="MK Bílá Hora")
    parsed = parsed_text("Příjmení;Jméno;Klub\n"
                         "Novák;Jan;mk bílá hora\n"
                         "Dvořák;Petr;KM Nové Město\n"
                         "Černý;Jiří;KM NOVÉ MĚSTO\n"
                         "Horák;Václav;\n")
    preview = import_preview(tournament=tournament, parsed=parsed)
    by_row = {r.row: r for r in preview.rows}
    assert codes(by_row[2]) == [] and by_row[2].club_name == "MK Bílá Hora"
    assert codes(by_row[3]) == ["new_club"] and codes(by_row[4]) == ["new_club"]
    assert "KM Nové Město" in by_row[3].problem_messages[0]
    assert preview.new_clubs == ["KM Nové Město"]

    import_commit(user=organiser, tournament=tournament, parsed=parsed)
    assert Club.objects.count() == 2
    assert Player.objects.get(last_name="Novák").club == known
    new_club = Club.objects.get(name="KM Nové Město")
    assert set(new_club.players.values_list("last_name", flat=True)) == {"Dvořák", "Černý"}
    assert Player.objects.get(last_name="Horák").club is None
    assert AuditEntry.objects.filter(action="club.create", object_id=str(new_club.pk)).exists()


def test_existing_players_matched_by_number_then_by_name_and_club(organiser, tournament):
    by_number = player_create(user=organiser, first_name="Jan", last_name="Novák",
                              club_name="MK Bílá Hora", registration_number="CZ-01234")
    by_name = player_create(user=organiser, first_name="Petr", last_name="Dvořák",
                            club_name="KM Žďár")
    other = player_create(user=organiser, first_name="Karel", last_name="Beneš",
                          registration_number="CZ-05555")
    parsed = parsed_text("Příjmení;Jméno;Klub;Reg. č.\n"
                         "Novak;Jan;KM Žďár;cz01234\n"  # by number (club moved, no accents)
                         "Dvořák;Petr;KM Žďár;\n"  # by name and club
                         "Zeman;Radek;KM Žďár;CZ-05555\n"  # someone else's number
                         "Dvořák;Petr;KM Žďár;CZ-07777\n")  # same player again
    preview = import_preview(tournament=tournament, parsed=parsed)
    by_row = {r.row: r for r in preview.rows}
    # The club moved: the import changes it (shown in the preview, issue 24).
    assert codes(by_row[2]) == ["existing_player", "details_change"]
    assert by_row[2].player_id == by_number.pk
    assert by_row[2].changes == {"club": ("MK Bílá Hora", "KM Žďár")}
    assert codes(by_row[3]) == ["existing_player"] and by_row[3].player_id == by_name.pk
    assert codes(by_row[4]) == ["number_taken"] and other.full_name in (
        by_row[4].problem_messages[0])
    assert by_row[5].status is RowStatus.ERROR  # duplicate of row 3

    players = Player.objects.count()
    import_commit(user=organiser, tournament=tournament, parsed=parsed)
    assert Player.objects.count() == players
    assert set(tournament.registrations.values_list("player_id", flat=True)) == {
        by_number.pk, by_name.pk}
    by_number.refresh_from_db()
    assert by_number.club is not None and by_number.club.name == "KM Žďár"


# --- confirm safety --------------------------------------------------------------------------


def test_confirm_refuses_when_data_changed_meanwhile(org_client, tournament, organiser):
    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    fingerprint = preview_page(org_client, tournament).context["form"].initial["fingerprint"]
    # Meanwhile someone registers one of the players by hand.
    novak = player_create(user=organiser, first_name="Jan", last_name="Novák",
                          club_name="MK Bílá Hora", registration_number="CZ-01234")
    registration_create(user=organiser, tournament=tournament, player=novak)
    before = counts()

    response = confirm(org_client, tournament, fingerprint=fingerprint)
    assert response.status_code == 302
    assert response["Location"] == reverse("players:import_preview", args=[tournament.pk])
    assert counts() == before
    page = org_client.get(response["Location"])
    html = page.content.decode()
    assert "změnila" in html  # "Data se od náhledu změnila…"
    assert 'import-row import-skip ' in html
    # Confirming the updated preview then works: 36 more.
    confirm(org_client, tournament)
    assert tournament.registrations.count() == 37


def test_commit_service_refuses_a_stale_fingerprint(organiser, tournament):
    parsed = parsed_fixture()
    fingerprint = import_preview(tournament=tournament, parsed=parsed).fingerprint
    club_get_or_create(user=organiser, name="KM Žďár")  # no longer an unknown club
    before = counts()
    with pytest.raises(ImportChanged):
        import_commit(user=organiser, tournament=tournament, parsed=parsed,
                      fingerprint=fingerprint)
    assert counts() == before


def test_commit_writes_nothing_if_any_write_fails(organiser, tournament, monkeypatch):
    real = import_services.registration_create
    calls = {"n": 0}

    def flaky(**kwargs):
        calls["n"] += 1
        if calls["n"] == 20:
            raise ValidationError("boom")
        return real(**kwargs)

    monkeypatch.setattr(import_services, "registration_create", flaky)
    before = counts()
    with pytest.raises(ValidationError):
        import_commit(user=organiser, tournament=tournament, parsed=parsed_fixture())
    assert counts() == before


def test_confirm_without_upload_or_cancel(org_client, tournament):
    response = confirm(org_client, tournament, fingerprint="x")
    assert response.status_code == 302
    assert response["Location"] == reverse("players:import", args=[tournament.pk])
    upload(org_client, tournament, CSV_24.name, CSV_24.read_bytes())
    response = org_client.post(reverse("players:import_confirm", args=[tournament.pk]),
                               {"cancel": "1"})
    assert response.status_code == 302
    assert f"players.import.{tournament.pk}" not in org_client.session
    assert Registration.objects.count() == 0
    # Preview without a stored file sends back to the upload form.
    assert preview_page(org_client, tournament).status_code == 302


# --- bad files -------------------------------------------------------------------------------


def _zip_of_nonsense() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    return buffer.getvalue()


@pytest.mark.parametrize(("name", "content", "fragment"), [
    ("players.xlsx", os.urandom(3000), "Excel"),
    ("players.xlsx", b"PK\x03\x04" + os.urandom(500), "Excel"),
    ("players.xlsx", _zip_of_nonsense(), "Excel"),
    ("players.csv", os.urandom(3000) + b"\x00", "CSV"),
    ("players.csv", b"", "soubor"),
    ("players.csv", "Kdo;Kde\nNěkdo;Někde\n".encode(), "jmén"),
    ("players.csv", "Příjmení;Jméno\n".encode(), "žádné hráče"),
    ("players.xls", b"\xd0\xcf\x11\xe0" + b"\x00" * 100, ".xlsx"),
    ("players.pdf", b"%PDF-1.4 ...", ".xlsx"),
    ("players.xlsx", xlsx_bytes([["Club", "Number"], ["MK", "CZ-01234"]]), "jmén"),
])
def test_unreadable_files_give_a_form_error_not_500(org_client, tournament, name, content,
                                                    fragment):
    before = counts()
    response = upload(org_client, tournament, name, content)
    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert errors and fragment in " ".join(errors)
    assert "errorlist" in response.content.decode()
    assert counts() == before


def test_file_larger_than_2_mb_is_refused(org_client, tournament):
    content = b"Prijmeni;Jmeno\n" + b"Novak;Jan\n" * 220_000
    assert len(content) > 2 * 1024 * 1024
    response = upload(org_client, tournament, "big.csv", content)
    assert response.status_code == 200
    assert "2 MB" in " ".join(response.context["form"].errors["file"])


def test_xlsx_with_title_row_and_numbers_as_cells(tournament):
    content = xlsx_bytes([["Přihlášky – Velká cena"], [], ["Příjmení", "Jméno", "Číslo",
                                                           "Nasazení"],
                          ["Novák", "Jan", 1234, 1.0], [None, None, None, None],
                          ["Dvořák", "Petr", "CZ-01235", None]])
    parsed = read_upload("prihlasky.xlsx", content)
    assert [(r.row, r.registration_number, r.seed) for r in parsed.rows] == [
        (4, "1234", "1"), (6, "CZ-01235", "")]
    preview = import_preview(tournament=tournament, parsed=parsed)
    assert len(preview.importable) == 2


# --- permissions -----------------------------------------------------------------------------


def _all_requests(tournament):
    t = tournament.pk
    return [
        ("get", reverse("players:import", args=[t]), {}),
        ("post", reverse("players:import", args=[t]),
         {"file": SimpleUploadedFile("p.csv", b"Jmeno a prijmeni\nJan Novak\n")}),
        ("get", reverse("players:import_preview", args=[t]), {}),
        ("post", reverse("players:import_confirm", args=[t]),
         {"status": "present", "fingerprint": "x"}),
        ("get", reverse("players:export_registrations", args=[t]), {}),
    ]


def test_url_paths():
    assert reverse("players:import", args=[7]) == "/players/tournaments/7/import/"
    assert reverse("players:import_confirm", args=[7]) == "/players/tournaments/7/import/confirm/"
    assert reverse("players:export_registrations", args=[7]) == (
        "/players/tournaments/7/registrations.xlsx")


def test_non_organiser_gets_403_everywhere(client, outsider, organiser, tournament):
    role_grant(user=organiser, tournament=tournament, member=outsider, role=Role.SCOREKEEPER)
    client.force_login(outsider)
    for method, url, data in _all_requests(tournament):
        response = getattr(client, method)(url, data)
        assert response.status_code == 403, (method, url)
    assert Registration.objects.count() == 0


def test_anonymous_is_redirected_to_login(client, tournament):
    login = reverse(settings.LOGIN_URL)
    for method, url, data in _all_requests(tournament):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302, (method, url)
        assert response["Location"].startswith(login)


def test_superuser_may_organise(client, tournament):
    boss = get_user_model().objects.create_superuser("boss", "", "pw-Boss-12345")
    client.force_login(boss)
    assert client.get(reverse("players:import", args=[tournament.pk])).status_code == 200


def test_other_organisers_tournament_is_403(org_client, outsider):
    theirs = tournament_create(user=outsider, name="Cizí turnaj", date=date(2026, 5, 1))
    assert org_client.get(reverse("players:import", args=[theirs.pk])).status_code == 403
    missing = reverse("players:import", args=[theirs.pk + 1000])
    assert org_client.get(missing).status_code == 404


# --- pages and languages ---------------------------------------------------------------------


def test_upload_page_is_czech_by_default_and_slovak_on_request(org_client, tournament):
    url = reverse("players:import", args=[tournament.pk])
    html = org_client.get(url).content.decode()
    assert "Import hráčů" in html and 'name="file"' in html and 'accept=".xlsx,.csv' in html
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sk"  # the switcher's choice
    html = org_client.get(url).content.decode()
    assert "Import hráčov" in html


def test_preview_problems_are_translated(org_client, tournament):
    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    html = preview_page(org_client, tournament).content.decode()
    # Row 15 lacks the surname, and the problem says so (issue 13); the Czech and Slovak
    # texts of "missing last name" come with the next translation round.
    assert "chybí jméno" not in html and "chybné registrační číslo" in html
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sk"
    html = preview_page(org_client, tournament).content.decode()
    assert "chýba meno" not in html and "chybné registračné číslo" in html
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = preview_page(org_client, tournament).content.decode()
    assert "missing last name" in html and "bad registration number" in html


# --- export ----------------------------------------------------------------------------------


def test_export_registrations_xlsx(org_client, tournament):
    upload(org_client, tournament, XLSX_37.name, XLSX_37.read_bytes())
    confirm(org_client, tournament)
    response = org_client.get(reverse("players:export_registrations", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    assert "attachment" in response["Content-Disposition"]
    assert ".xlsx" in response["Content-Disposition"]

    workbook = load_workbook(io.BytesIO(response.content))
    sheet = workbook.active
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == "A1:K38"
    header = [c.value for c in sheet[1]]
    assert header[:5] == ["Č.", "Příjmení", "Jméno", "Klub", "Registrační číslo"]
    assert all(c.font.b for c in sheet[1])
    assert sheet.column_dimensions["B"].width >= len("Matoušková")

    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=2)]
    assert len(rows) == 37 == tournament.registrations.count()
    assert [r[0] for r in rows] == list(range(1, 38))  # numbers as numbers
    names = {(r[1], r[2]) for r in rows}
    assert ("Šťastný", "Ondřej") in names and ("Kováč", "Ľubomír") in names
    assert ("Křížová", "Jana") in names
    novak = next(r for r in rows if r[1] == "Novák")
    assert novak[3] == "MK Bílá Hora" and novak[4] == "CZ-01234"
    with translation.override("cs"):
        assert novak[5] == str(RegistrationStatus.PRESENT.label)
    assert novak[6] == 1 and isinstance(novak[6], int)
    assert novak[7] == 1
    assert isinstance(novak[8], datetime)
    # Alphabetical by surname, diacritics sorted next to their base letter.
    surnames = [r[1] for r in rows]
    assert surnames.index("Čermák") < surnames.index("Dvořák")


def test_export_of_empty_tournament_has_only_the_header(org_client, tournament):
    response = org_client.get(reverse("players:export_registrations", args=[tournament.pk]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet.max_row == 1 and sheet.freeze_panes == "A2"
