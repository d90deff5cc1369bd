"""Hostile player lists: refused quickly with a message naming the limit, never a 500, and
nothing written (issue 10, items 11 and 12).

The files are built in memory: a workbook whose shared strings unpack to tens of megabytes, a
worksheet that claims five million rows or has a row far below the list, rows of thousands of
empty cells, data beyond the column limit, a CSV field longer than the csv module allows, and
seeding ranks that ``str.isdigit`` accepts but ``int`` does not.
"""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from marias_admin.audit.models import AuditEntry
from marias_admin.players.importing import (
    MAX_COLUMNS,
    MAX_SHEET_ROWS,
    ImportFileError,
    read_upload,
)
from marias_admin.players.models import Club, Player
from marias_admin.tournaments.models import Registration, Role
from marias_admin.tournaments.player_import import import_preview
from marias_admin.tournaments.services import role_grant, tournament_create

pytestmark = pytest.mark.django_db

SECONDS = 5.0
MAIN = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
SHEET = "xl/worksheets/sheet1.xml"
SHARED = "xl/sharedStrings.xml"
SHARED_TYPE = (b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
               b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>')
SHARED_REL = (b'<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/'
              b'relationships/sharedStrings" Target="sharedStrings.xml" Id="rId9"/>')


# --- building files --------------------------------------------------------------------------


def _base_parts() -> dict[str, bytes]:
    workbook = Workbook()
    workbook.active.append(["Příjmení", "Jméno"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def inline(ref: str, text: str) -> bytes:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'.encode()


HEADER_ROW = b'<row r="1">' + inline("A1", "Příjmení") + inline("B1", "Jméno") + b"</row>"
PLAYER_ROW = b'<row r="2">' + inline("A2", "Novák") + inline("B2", "Jan") + b"</row>"


def sheet_xml(*rows: bytes, dimension: str = "") -> bytes:
    dim = f'<dimension ref="{dimension}"/>'.encode() if dimension else b""
    return (b"<worksheet " + MAIN + b">" + dim + b"<sheetData>" + b"".join(rows)
            + b"</sheetData></worksheet>")


def xlsx(replace: dict[str, bytes] | None = None,
         streamed: dict[str, tuple[bytes, Iterator[bytes], bytes]] | None = None) -> bytes:
    """A workbook with some parts replaced; ``streamed`` parts are written piece by piece
    (head, repeated middle, tail) so that a part of tens of megabytes costs little memory."""
    parts = _base_parts()
    parts.update(replace or {})
    if streamed and SHARED in streamed:
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
            b"</Types>", SHARED_TYPE + b"</Types>")
        parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
            b"</Relationships>", SHARED_REL + b"</Relationships>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, data in parts.items():
            if streamed and name in streamed:
                continue
            archive.writestr(name, data)
        for name, (head, middle, tail) in (streamed or {}).items():
            with archive.open(name, "w", force_zip64=True) as member:
                member.write(head)
                for piece in middle:
                    member.write(piece)
                member.write(tail)
    return out.getvalue()


def repeated(piece: bytes, times: int) -> Iterator[bytes]:
    for _ in range(times):
        yield piece


@contextmanager
def quickly(limit: float = SECONDS) -> Iterator[None]:
    start = time.monotonic()
    yield
    elapsed = time.monotonic() - start
    assert elapsed < limit, f"took {elapsed:.1f} s"


def refused(name: str, data: bytes) -> str:
    """The message of the refusal, which must come quickly."""
    with quickly(), pytest.raises(ImportFileError) as raised:
        read_upload(name, data)
    return str(raised.value.message)


# --- pages and fixtures ----------------------------------------------------------------------


@pytest.fixture
def organiser():
    return get_user_model().objects.create_user("organiser", password="pw-Organiser-1")


@pytest.fixture
def tournament(organiser):
    from datetime import date

    t = tournament_create(user=organiser, name="Turnaj", date=date(2026, 5, 9))
    role_grant(user=organiser, tournament=t, member=organiser, role=Role.ORGANISER)
    return t


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def counts() -> tuple[int, ...]:
    return (Player.objects.count(), Club.objects.count(), Registration.objects.count(),
            AuditEntry.objects.count())


def upload_refused(client, tournament, name: str, data: bytes) -> str:
    """Upload through the page: the form shows the refusal, nothing is written or kept."""
    before = counts()
    with quickly():
        response = client.post(reverse("players:import", args=[tournament.pk]),
                               {"file": SimpleUploadedFile(name, data)})
    assert response.status_code == 200
    assert counts() == before
    assert f"players.import.{tournament.pk}" not in client.session
    return " ".join(response.context["form"].errors["file"])


# --- item 12: hostile workbooks --------------------------------------------------------------


def shared_strings_bomb(megabytes: int = 32) -> bytes:
    head = b"<sst " + MAIN + b' count="1" uniqueCount="1"><si><t>'
    sheet = sheet_xml(HEADER_ROW, b'<row r="2"><c r="A2" t="s"><v>0</v></c>'
                      + inline("B2", "Jan") + b"</row>")
    return xlsx({SHEET: sheet},
                {SHARED: (head, repeated(b"a" * (1 << 20), megabytes), b"</t></si></sst>")})


def test_a_huge_shared_string_is_refused_before_it_is_unpacked(org_client, tournament):
    data = shared_strings_bomb()
    assert len(data) < 2 * 1024 * 1024  # small on the way in
    message = refused("bomba.xlsx", data)
    assert "sharedStrings.xml" in message and "5 MB" in message and "20 MB" in message
    assert "sharedStrings.xml" in upload_refused(org_client, tournament, "bomba.xlsx", data)


def test_an_absurd_compression_ratio_is_refused():
    # 3 MB of one repeated byte: under the size limits, but a thousand times compressed.
    head = b"<sst " + MAIN + b' count="1" uniqueCount="1"><si><t>'
    data = xlsx(streamed={SHARED: (head, repeated(b"a" * (1 << 20), 3), b"</t></si></sst>")})
    assert "sharedStrings.xml" in refused("pomer.xlsx", data)


def test_a_row_far_below_the_list_is_refused_without_reading_the_rows_between(org_client,
                                                                               tournament):
    far = b'<row r="5000000">' + inline("A5000000", "x") + b"</row>"
    data = xlsx({SHEET: sheet_xml(HEADER_ROW, PLAYER_ROW, far, dimension="A1:B5000000")})
    message = refused("dlouhy.xlsx", data)
    assert str(MAX_SHEET_ROWS) in message.replace("\xa0", "").replace(" ", "")
    upload_refused(org_client, tournament, "dlouhy.xlsx", data)


def test_a_false_dimension_of_five_million_rows_is_not_trusted(tournament):
    data = xlsx({SHEET: sheet_xml(HEADER_ROW, PLAYER_ROW, dimension="A1:BH5000000")})
    with quickly():
        parsed = read_upload("rozmer.xlsx", data)
    assert [(r.last_name, r.first_name) for r in parsed.rows] == [("Novák", "Jan")]
    assert len(import_preview(tournament=tournament, parsed=parsed).importable) == 1


def test_rows_of_sixteen_thousand_empty_cells_are_refused(org_client, tournament):
    row = b"<c/>" * 16_000
    rows = (b'<row r="%d">' % n + row + b"</row>" for n in range(3, 803))
    data = xlsx(streamed={SHEET: (b"<worksheet " + MAIN + b"><sheetData>" + HEADER_ROW
                                  + PLAYER_ROW, rows, b"</sheetData></worksheet>")})
    assert len(data) < 2 * 1024 * 1024
    assert "sheet1.xml" in refused("bunky.xlsx", data)
    upload_refused(org_client, tournament, "bunky.xlsx", data)


def test_data_beyond_the_column_limit_is_refused():
    far = inline("BJ2", "poznámka")  # column 62
    data = xlsx({SHEET: sheet_xml(HEADER_ROW, b'<row r="2">' + inline("A2", "Novák")
                                  + inline("B2", "Jan") + far + b"</row>")})
    assert str(MAX_COLUMNS) in refused("sloupce.xlsx", data)
    csv = ("Příjmení;Jméno" + ";" * 70 + "\nNovák;Jan" + ";" * 69 + "x\n").encode()
    assert str(MAX_COLUMNS) in refused("sloupce.csv", csv)


def test_an_overlong_cell_becomes_a_row_error_not_a_crash(tournament):
    data = xlsx({SHEET: sheet_xml(HEADER_ROW, b'<row r="2">' + inline("A2", "N" * 50_000)
                                  + inline("B2", "Jan") + b"</row>")})
    with quickly():
        parsed = read_upload("dlouha-bunka.xlsx", data)
    preview = import_preview(tournament=tournament, parsed=parsed)
    assert [p.code for p in preview.rows[0].problems] == ["too_long"]
    assert len(parsed.rows[0].last_name) < 1000


def test_an_upload_over_the_limit_is_dropped_on_the_way_in(org_client, tournament, settings):
    settings.MARIAS_IMPORT_MAX_BYTES = 1024
    data = b"Prijmeni;Jmeno\n" + b"Novak;Jan\n" * 1000
    message = upload_refused(org_client, tournament, "velky.csv", data)
    assert "1 kB" in message
    with pytest.raises(ImportFileError):
        read_upload("velky.csv", data)


# --- item 11: csv fields and seeding ranks ---------------------------------------------------


@pytest.mark.parametrize("field", [
    '"' + "a" * 140_000,  # never closed
    '"' + "a" * 140_000 + '"',
])
def test_a_csv_field_over_the_csv_limit_gets_a_message(org_client, tournament, field):
    data = ("Příjmení;Jméno\nNovák;" + field + "\n").encode()
    message = refused("pole.csv", data)
    assert "131072" in message
    assert "131072" in upload_refused(org_client, tournament, "pole.csv", data)


@pytest.mark.parametrize("seed", ["²", "5" * 5000, "١٢", "1e3", "-3", "0", "100001", "12²"])
def test_a_bad_seeding_rank_is_a_row_error(org_client, tournament, seed):
    data = f"Příjmení;Jméno;Nasazení\nNovák;Jan;{seed}\nDvořák;Petr;3\n".encode()
    parsed = read_upload("nasazeni.csv", data)
    preview = import_preview(tournament=tournament, parsed=parsed)
    by_row = {r.row: r for r in preview.rows}
    assert [p.code for p in by_row[2].problems] == ["bad_seed"]
    assert len(by_row[2].problem_messages[0]) < 200
    assert by_row[3].checked.seed == 3
    # Through the pages: the preview shows it, the confirmation imports the good row only.
    response = org_client.post(reverse("players:import", args=[tournament.pk]),
                               {"file": SimpleUploadedFile("nasazeni.csv", data)})
    assert response.status_code == 302
    page = org_client.get(reverse("players:import_preview", args=[tournament.pk]))
    assert page.status_code == 200
