"""Exports: the xlsx files open and their numbers equal the standings page; the PDF; access."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from marias_admin.seating.models import Round, Seat
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    RulingKind,
    SheetMode,
    SheetState,
    TableSheet,
)
from marias_admin.standings.columns import money_format
from marias_admin.standings.presenters.table import standings_table
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Registration
from tests.factories import make_tournament, make_user, played_field, seat

pytestmark = pytest.mark.django_db

KINDS = ("standings_xlsx", "hands_xlsx", "seating_xlsx", "standings_pdf")


@pytest.fixture(autouse=True)
def _english(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


def _url(kind, tournament):
    return reverse(f"exports:{kind}", args=[tournament.pk])


def _workbook(response):
    assert response.status_code == 200
    return load_workbook(io.BytesIO(response.content))


@pytest.fixture
def generated():
    organiser = make_user("organiser")
    return organiser, played_field(24, 4, seed=5, organiser=organiser)


def test_standings_xlsx_numbers_equal_the_page(client, generated):
    organiser, gen = generated
    tournament = gen.tournament
    client.force_login(organiser)
    response = client.get(_url("standings_xlsx", tournament))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "attachment" in response["Content-Disposition"]
    sheet = _workbook(response).active
    header = [c.value for c in sheet[1]]
    assert header[:9] == ["Place", "Position", "Last name", "First name", "Club",
                          "BP", "SB", "ZB", "PB"]
    assert all(c.font.bold for c in sheet[1])
    assert sheet.freeze_panes == "E2" and sheet.auto_filter.ref.startswith("A1:")
    assert sheet.column_dimensions["C"].width > 5
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    standings = tournament_standings(tournament)
    assert len(rows) == len(standings) == 24
    names = {r.pk: r.player for r in Registration.objects.filter(tournament=tournament)
             .select_related("player")}
    for row, standing in zip(rows, standings, strict=True):
        player = names[standing.player]
        assert (row[0], row[1]) == (standing.rank, standing.position)
        assert (row[2], row[3]) == (player.last_name, player.first_name)
        assert Fraction(row[5]).limit_denominator(1000) == standing.bp
        assert round(Fraction(row[6]) * 100) == round(standing.sb)  # SB in crowns
        assert round(Fraction(row[7]) * 100) == standing.money  # ZB in crowns
        assert Fraction(row[8]).limit_denominator(10) == standing.premium
        per_round = {r.round: r.bp for r in standing.rounds}
        assert [Fraction(v) for v in row[10:14]] == [per_round[n] for n in (1, 2, 3, 4)]
        for value in row[5:9]:
            assert isinstance(value, int | float)  # numbers, not text
    money_cell = sheet.cell(row=2, column=8)
    assert money_cell.number_format == money_format("CZK") == '#,##0.00 "Kč"'
    # ties from the generator are visible as shared places
    assert any(r.tied > 1 for r in standings_table(tournament).rows)
    assert len({r[0] for r in rows}) < len(rows)


def test_standings_xlsx_matches_the_page_as_shown(client, generated):
    organiser, gen = generated
    client.force_login(organiser)
    page = client.get(reverse("standings:standings", args=[gen.tournament.pk])).content.decode()
    sheet = _workbook(client.get(_url("standings_xlsx", gen.tournament))).active
    for row in standings_table(gen.tournament).rows:
        assert row.shown["bp"] in page and row.shown["zb"] in page
    assert sheet.max_row == 25


def test_seating_xlsx_one_sheet_per_seated_round(client, generated):
    organiser, gen = generated
    client.force_login(organiser)
    workbook = _workbook(client.get(_url("seating_xlsx", gen.tournament)))
    seated = Round.objects.filter(tournament=gen.tournament, seats__isnull=False).distinct()
    assert len(workbook.worksheets) == seated.count() == 4
    first = workbook.worksheets[0]
    assert [c.value for c in first[1]] == ["Table", "Seat", "Last name", "First name", "Club"]
    assert first.max_row - 1 == Seat.objects.filter(round__number=1,
                                                    round__tournament=gen.tournament).count()
    assert isinstance(first.cell(row=2, column=1).value, int)


def test_standings_pdf_has_names_with_diacritics_and_page_numbers(client):
    organiser = make_user("organiser")
    gen = played_field(96, 4, seed=3, organiser=organiser)
    client.force_login(organiser)
    response = client.get(_url("standings_pdf", gen.tournament))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) >= 2  # 96 rows do not fit one A4 page
    text = "\n".join(page.extract_text() for page in reader.pages)
    for row in standings_table(gen.tournament).rows[:5]:
        assert row.player.last_name in text
    assert "Šťastný" in text or "Řehoř" in text or "Žofie" in text
    assert "Strana 2" in text  # the tournament's language (Czech), not the visitor's English
    second = reader.pages[1].extract_text()
    assert "BP" in second and "SB" in second  # the header row repeats
    for page in reader.pages:
        fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
        assert {str(f["/BaseFont"]).split("+")[-1] for f in fonts} <= {
            "DejaVuSans", "DejaVuSans-Bold"}
        for font in fonts:  # no standard, non-embedded font anywhere
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=1)  # A4 portrait


@pytest.fixture
def hands_world():
    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=8)
    round = seat(tournament, 1, organiser)
    tables = {t.number: t for t in round.tables.all()}
    sheet = TableSheet.objects.create(table=tables[1], mode=SheetMode.HANDS,
                                      state=SheetState.CONFIRMED)
    common = {"hand": {"dealer": 1, "declarer": 2}}
    hands = HandRecord.objects.bulk_create([
        HandRecord(sheet=sheet, number=1, description="Hra", money_1=-60, money_2=180,
                   money_3=-60, money_4=-60, **common),
        HandRecord(sheet=sheet, number=2, description="Sto zelené", money_1=100,
                   money_2=-300, money_3=100, money_4=100, pb_1=Decimal("60"), **common),
        HandRecord(sheet=sheet, number=3, description="Špatně", money_1=900, money_2=-300,
                   money_3=-300, money_4=-300, deleted_at="2026-05-09T10:00:00+02:00",
                   delete_reason="omyl", **common),
    ])
    Ruling.objects.create(sheet=sheet, hand=hands[1], kind=RulingKind.PREMIUM_GRANTED,
                          reason="Uznáno", by=organiser)
    other = TableSheet.objects.create(table=tables[2], mode=SheetMode.HANDS)
    HandRecord.objects.create(sheet=other, number=1, description="Betl", money_1=-100,
                              money_2=-100, money_3=300, money_4=-100, **common)
    return organiser, tournament


def test_hands_xlsx_lists_every_hand_and_marks_the_deleted(client, hands_world):
    organiser, tournament = hands_world
    client.force_login(organiser)
    sheet = _workbook(client.get(_url("hands_xlsx", tournament))).active
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, r, strict=True))
            for r in sheet.iter_rows(min_row=2, values_only=True)]
    live = HandRecord.objects.filter(sheet__table__round__tournament=tournament,
                                     deleted_at__isnull=True).count()
    assert len(rows) == HandRecord.objects.filter(
        sheet__table__round__tournament=tournament).count() == 4
    assert sum(1 for r in rows if not r["Deleted"]) == live == 3
    first = rows[0]
    assert (first["Round"], first["Table"], first["Hand"]) == (1, 1, 1)
    assert first["Money, seat 2"] == 1.8 and first["Money, seat 1"] == -0.6
    seat2 = Seat.objects.get(table__round__tournament=tournament, table__number=1, position=2)
    assert first["Declarer"] == f"2. {seat2.registration.player.full_name}"
    assert rows[1]["PB, seat 1"] == 60 and "Uznáno" in rows[1]["Rulings"]
    assert rows[2]["Deleted"] and rows[2]["Reason for deleting"] == "omyl"
    assert sheet.cell(row=2, column=8).number_format == '#,##0.00 "Kč"'
    assert sheet.freeze_panes == "D2"


def test_exports_only_for_organisers(client, hands_world):
    _organiser, tournament = hands_world
    for kind in KINDS:
        response = client.get(_url(kind, tournament))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(make_user("stranger"))
    for kind in KINDS:
        assert client.get(_url(kind, tournament)).status_code == 403


def test_export_urls():
    assert reverse("exports:standings_xlsx", args=[7]) == "/t/7/export/standings.xlsx"
    assert reverse("exports:hands_xlsx", args=[7]) == "/t/7/export/hands.xlsx"
    assert reverse("exports:seating_xlsx", args=[7]) == "/t/7/export/seating.xlsx"
    assert reverse("exports:standings_pdf", args=[7]) == "/t/7/export/standings.pdf"
    assert reverse("standings:standings", args=[7]) == "/t/7/standings/"
