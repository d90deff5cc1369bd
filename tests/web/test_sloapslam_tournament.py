"""SloapSlam tournaments (issue 15, deliverable 4): the čtyřka (docs/sloapslam-ctyrka.md) and
the bodovaný křížový (docs/sloapslam-krizovy.md) at tables of exactly four, hands typed in the
shorthand of docs/notation.md ("SloapSlam", S1–S5), standings by BUS 4-2-1-0 at the table by
SB (SLS L74, L274; docs/sloapslam-ctyrka.md "Tournament scoring", docs/sloapslam-krizovy.md
"Tournament result"), then SB, then ZB, with the SB column."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from marias_admin.seating.models import Bye, Seat
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from marias_admin.standings.presenters.table import standings_table
from marias_admin.standings.selectors import rules_from, tournament_standings
from marias_admin.tournaments.models import RULESET_CHOICES
from marias_admin.tournaments.standings_rules import rules_from_dict, sloapslam_rules_dict
from scoring.standings import PlacementKey, RankKey, TieShare
from tests import factories
from tests.web.helpers import assert_pdf_inside

pytestmark = pytest.mark.django_db

CTYRKA, KRIZOVY = "sloapslam-ctyrka", "sloapslam-krizovy"

# Seat 4 deals, seat 1 declares (docs/notation.md "SloapSlam examples"): shorthand, money.
HANDS = {
    CTYRKA: (
        ("7k sp@2 tr2", [700, 700, -700, -700]),  # S1
        ("hza sp@2 9@1t5#31+ h+", [900, 900, -900, -900]),  # S2
        ("7k sp@2 r7#31 h+ s+ !l38@4", [900, 900, 0, -1800]),  # S3
    ),
    KRIZOVY: (
        ("7k sp@2 r7#31 h+ s+", [180, 180, -300, -60]),  # S4
        ("hc sp@2 h+ !c1@3 dohr !c3@4", [440, 440, -440, -440]),  # S5
        ("dch ch8@4 d+", [600, -600, -600, 600]),  # K6
    ),
}
# The table points of each table's four seats by the money above (SB = money, PB = 0).
TABLE_POINTS = {
    CTYRKA: [3, 3, 1, 0],  # 2500, 2500, −1600, −3400: the first two share 4 + 2
    KRIZOVY: [4, 1, 0, 2],  # 12,20, 0,20, −13,40, 1,00 Kč
}
BASE = {CTYRKA: 100, KRIZOVY: 20}
FACTOR = {CTYRKA: 2, KRIZOVY: 1}

both = pytest.mark.parametrize("code", [CTYRKA, KRIZOVY])


def _play(setup, round_, code: str) -> dict[int, list[int]]:
    """Every table plays the preset's three hands, then is submitted and confirmed; returns
    the registrations by table and seat."""
    tables: dict[int, list[int]] = {}
    for number, registration in (Seat.objects.filter(round=round_)
                                 .order_by("table__number", "position")
                                 .values_list("table__number", "registration_id")):
        tables.setdefault(number, []).append(registration)
    for number in tables:
        sheet = factories.sheet(round_, number)
        for text, money in HANDS[code]:
            record = factories.add_hand(sheet, text, dealer=4, declarer=1)
            assert record.money == money, text
        sheet.refresh_from_db()
        sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)
    return tables


def test_both_presets_can_be_chosen():
    codes = [code for code, _name in RULESET_CHOICES]
    assert CTYRKA in codes and KRIZOVY in codes


@both
def test_a_new_tournament_takes_the_presets_base_and_bus_rules(code):
    t = factories.tournament(players=4, ruleset_code=code).tournament
    assert t.full_tables_only and t.table_size == 4
    assert (t.base_rate, t.currency) == (BASE[code], "CZK")  # čtyřka "korunový" (SLS L14)
    assert t.standings_rules == sloapslam_rules_dict()
    rules = rules_from_dict(t.standings_rules)
    assert rules.placement is PlacementKey.TABLE_POINTS and rules.table_points == (4, 2, 1, 0)
    assert rules.round_chain == (RankKey.SB,) and rules.placement_ties is TieShare.AVERAGE
    assert rules.tournament_chain == (RankKey.BP, RankKey.SB, RankKey.ZB)
    assert rules_from(t).premium_factor == FACTOR[code]  # SB = Kč + 2 × PB / + PB


@both
def test_tables_of_three_are_refused(code):
    with pytest.raises(ValidationError) as error:
        factories.tournament(players=0, ruleset_code=code, table_size=3)
    assert "table_size" in error.value.message_dict


@both
def test_sixteen_players_play_and_rank_by_bus(client, code):
    setup = factories.tournament(players=16, ruleset_code=code)
    t = setup.tournament
    round_ = factories.seated_round(setup, 1, seed=7, state="released")
    assert not Bye.objects.filter(round=round_).exists()
    tables = _play(setup, round_, code)
    assert sorted(tables) == [1, 2, 3, 4] and all(len(p) == 4 for p in tables.values())

    standings = {s.player: s for s in tournament_standings(t)}
    assert len(standings) == 16 and all(s.premium == 0 for s in standings.values())
    for players in tables.values():
        assert [standings[p].bp for p in players] == TABLE_POINTS[code]
        assert sum(standings[p].bp for p in players) == 7
        assert sum(standings[p].money for p in players) == 0
    ordered = tournament_standings(t)
    assert [(s.bp, s.sb, s.money) for s in ordered] == sorted(
        ((s.bp, s.sb, s.money) for s in ordered), reverse=True)
    if code == CTYRKA:  # two share the first places: 4 + 2 halved
        assert ordered[0].bp == Fraction(3)

    page = standings_table(t)
    assert page.table_points_view and page.premium_view
    client.force_login(setup.staff.organiser)
    html = client.get(reverse("standings:standings", args=[t.pk])).content.decode()
    assert ">Body</abbr>" in html and ">SB</abbr>" in html and ">BP</abbr>" not in html
    results = client.get(reverse("standings:round_results", args=[t.pk, 1]))
    assert results.status_code == 200 and ">SB</abbr>" in results.content.decode()
    player = client.get(reverse("standings:player", args=[t.pk, tables[1][0]]))
    assert player.status_code == 200

    workbook = load_workbook(io.BytesIO(client.get(
        reverse("exports:standings_xlsx", args=[t.pk])).content))
    header = [c.value for c in workbook.active[1]]
    assert "SB" in header and "ZB" in header and "BP" not in header
    assert workbook.active.max_row == 17
    hands = load_workbook(io.BytesIO(client.get(
        reverse("exports:hands_xlsx", args=[t.pk])).content)).active
    assert hands.max_row == 1 + 4 * len(HANDS[code])
    pdf = client.get(reverse("exports:standings_pdf", args=[t.pk]))
    assert pdf.status_code == 200
    assert_pdf_inside("sloapslam standings", pdf.content)


@both
def test_table_sheets_print_four_seats_and_fit(client, code):
    setup = factories.tournament(players=16, ruleset_code=code)
    factories.seated_round(setup, 1, seed=3, state="confirmed")
    client.force_login(setup.staff.organiser)
    response = client.get(reverse("printouts:sheets", args=(setup.tournament.pk, 1)))
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 4
    assert_pdf_inside(f"{code} sheets", response.content)


@both
def test_eighteen_players_leave_two_with_a_bye(code):
    setup = factories.tournament(players=18, ruleset_code=code)
    round_ = factories.seated_round(setup, 1, seed=2, state="released")
    assert Bye.objects.filter(round=round_).count() == 2
    _play(setup, round_, code)
    standings = tournament_standings(setup.tournament)
    byes = [s for s in standings if s.rounds[0].bye]
    assert len(byes) == 2 and all((s.bp, s.money) == (2, 0) for s in byes)
