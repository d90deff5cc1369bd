"""SZMK standings from confirmed sheets (docs/szmk.md#round-result; rules E.5): table
points 5/3/1 by money, the order by points, money, round record and best round, and a round
ended by contumation; the pages show points and the round money."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from marias_admin.seating.models import Seat, Table
from marias_admin.sheets.models import Ruling, RulingKind, SheetState, TableSheet
from marias_admin.sheets.services import sheet_confirm, sheet_for, sheet_submit, totals_set
from marias_admin.standings.forms import PRESETS
from marias_admin.standings.selectors import round_scores, rules_from, tournament_standings
from marias_admin.tournaments.models import Registration
from marias_admin.tournaments.standings_rules import default_rules_dict, szmk_rules_dict
from scoring.standings import PlacementKey, RankKey, TieShare
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db

SZMK = "szmk-voleny-2024"


@pytest.fixture(autouse=True)
def _english(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


@pytest.fixture
def people():
    return make_user("organiser"), make_user("referee")


def _players(tournament) -> dict[str, Registration]:
    """The registrations as a, b, c, … in the order they were created."""
    registrations = Registration.objects.filter(tournament=tournament).order_by("pk")
    return {chr(ord("a") + i): r for i, r in enumerate(registrations)}


def play(tournament, people, number: int, tables: list[list[tuple[str, int]]],
         absent: dict[int, str] | None = None) -> None:
    """Seat round ``number`` as given (seat order = list order), enter each table's money in
    totals mode, and have it submitted and confirmed. ``absent`` (table → player) adds a
    contumation ruling naming the absent player, as the referee would."""
    organiser, referee = people
    players = _players(tournament)
    round = tournament.rounds.get(number=number)
    for t, seats in enumerate(tables, start=1):
        table = Table.objects.create(round=round, number=t)
        Seat.objects.bulk_create([Seat(round=round, table=table, position=p,
                                       registration=players[name])
                                  for p, (name, _money) in enumerate(seats, start=1)])
        sheet = sheet_for(table)
        if absent and t in absent:
            Ruling.objects.create(sheet=sheet, kind=RulingKind.CONTUMATION,
                                  offender=players[absent[t]], reason="Neprišiel do 10 minút.")
        sheet = totals_set(user=organiser, sheet=sheet, expected_version=None,
                           money=[m for _name, m in seats], pb=[0] * len(seats))
        sheet = sheet_submit(user=organiser, sheet=sheet, expected_version=None)
        sheet_confirm(user=referee, sheet=sheet, expected_version=None)


def _order(tournament) -> list[str]:
    names = {r.pk: n for n, r in _players(tournament).items()}
    return [names[s.player] for s in tournament_standings(tournament)]


@pytest.fixture
def chain(people):
    """9 players, 2 rounds: d and e equal on everything; g ahead on money; c, a, h, b equal
    on points and money, split by the round record and then the best round."""
    tournament = make_tournament(people[0], players=9, ruleset_code=SZMK, rounds_planned=2,
                                 name="Turnaj SZMK")
    play(tournament, people, 1, [[("a", 200), ("b", 50), ("c", -250)],
                                 [("d", 100), ("e", 100), ("f", -200)],
                                 [("g", 500), ("h", -100), ("i", -400)]])
    play(tournament, people, 2, [[("c", 250), ("b", -50), ("a", -200)],
                                 [("d", 0), ("e", 0), ("f", 0)],
                                 [("i", 200), ("h", 100), ("g", -300)]])
    return tournament


def test_new_szmk_tournaments_get_the_szmk_rules(people):
    szmk = make_tournament(people[0], players=3, ruleset_code=SZMK, name="SZMK")
    csm = make_tournament(people[0], players=4, name="ČSM")
    assert szmk.standings_rules == szmk_rules_dict() == PRESETS["szmk"][1]
    assert csm.standings_rules == default_rules_dict()
    rules = rules_from(szmk)
    assert rules.round_chain == (RankKey.ZB,)
    assert rules.placement is PlacementKey.TABLE_POINTS and rules.table_points == (5, 3, 1, 0)
    assert rules.placement_ties is TieShare.AVERAGE
    assert rules.tournament_chain == (RankKey.BP, RankKey.ZB, RankKey.ROUND_RECORD,
                                      RankKey.BEST_ROUND)
    assert rules.contumation_points == 4 and rules.round_budget == 1000
    assert rules_from(csm).round_budget is None and rules_from(csm).contumation_points is None


def test_szmk_order_from_confirmed_sheets(chain):
    assert sorted(_order(chain)[:2]) == ["d", "e"]  # equal on everything: the lot
    assert _order(chain)[2:] == ["g", "c", "a", "h", "b", "i", "f"]
    by = {s.player: s for s in tournament_standings(chain)}
    players = _players(chain)
    a, b = by[players["a"].pk], by[players["b"].pk]
    assert (a.bp, a.money) == (b.bp, b.money) == (6, 0)  # a money tie …
    assert a.record == (5, 1) and b.record == (3, 3) and a.rank < b.rank  # … the record


def test_szmk_standings_page_shows_points_money_and_round_points(client, chain):
    players = _players(chain)
    response = client.get(reverse("standings:standings", args=(chain.pk,)))
    assert response.status_code == 200
    html = response.content.decode()
    rows = re.findall(r'data-registration="(\d+)" data-rank="(\d+)"', html)
    names = {r.pk: n for n, r in players.items()}
    assert [names[int(r)] for r, _rank in rows][2:] == ["g", "c", "a", "h", "b", "i", "f"]
    assert [int(rank) for _r, rank in rows] == [1, 1, 3, 4, 5, 6, 7, 8, 9]
    row_a = re.search(rf'<tr id="p{players["a"].pk}".*?</tr>', html, re.S).group(0)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row_a, re.S)
    # points 6, money 20,00 (two rounds of 10 € + ZB 0), round points 5 and 1
    assert [c.strip() for c in cells[2:]] == ["6", "20.00", "5", "1"]
    assert "Round record 5 · 1" in row_a and "Best round: 12.00 (round 1)" in row_a
    assert "Money 12.00 = 10.00 + ZB 2.00" in row_a  # round 1's cell
    assert 'title="SB = ZB' not in html and ">PB<" not in html
    body = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "BP, ZB, round record, best round, then by lot" in body
    assert "each present player 4 points, the absent player 0" in body


def test_szmk_round_results_and_player_page(client, chain):
    players = _players(chain)
    html = client.get(reverse("standings:round_results", args=(chain.pk, 1))).content.decode()
    row = re.search(rf'<tr data-registration="{players["b"].pk}">.*?</tr>', html, re.S).group(0)
    cells = [re.sub(r"<[^>]+>", "", c).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells[2:] == ["10.50", "+0.50", "2.", "3"]  # money, ZB, place, points
    page = client.get(reverse("standings:player", args=(chain.pk, players["a"].pk)))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode()))
    assert "20.00 money" in text and "5 · 1 round record" in text
    assert "Money 8.00 = 10.00 + ZB −2.00" in text  # round 2: the third place


def test_contumation_fixes_the_points(client, people, django_assert_num_queries):
    """E.5: the absent player 0 points, each present one 4 (the same money without the ruling
    would give the absent player 1)."""
    tournament = make_tournament(people[0], players=6, ruleset_code=SZMK, rounds_planned=1,
                                 name="Kontumácia")
    play(tournament, people, 1, [[("a", 100), ("b", 100), ("c", -200)],
                                 [("d", 100), ("e", 100), ("f", -200)]], absent={1: "c"})
    players = _players(tournament)
    names = {r.pk: n for n, r in players.items()}
    with django_assert_num_queries(3):
        scores = round_scores(tournament, rules=rules_from(tournament))
    assert {names[s.player]: s.fixed_points for s in scores} == {
        "a": 4, "b": 4, "c": 0, "d": None, "e": None, "f": None}
    by = {names[s.player]: s.bp for s in tournament_standings(tournament)}
    assert by == {"a": 4, "b": 4, "c": 0, "d": 4, "e": 4, "f": 1}
    html = client.get(reverse("standings:round_results", args=(tournament.pk, 1))).content.decode()
    row = re.search(rf'<tr data-registration="{players["c"].pk}">.*?</tr>', html, re.S).group(0)
    assert "contumation" in row and re.search(r'class="num bp"[^>]*>0<', row)
    assert "8.00" in row  # 10 € − 2 €: he pays 1 € to each present player


def test_contumation_ruling_on_a_csm_tournament_changes_nothing(people):
    tournament = make_tournament(people[0], players=3, name="ČSM", table_size=3)
    play(tournament, people, 1, [[("a", 100), ("b", 100), ("c", -200)]], absent={1: "c"})
    assert all(s.fixed_points is None for s in round_scores(tournament))


def test_unconfirmed_contumation_does_not_count(people):
    tournament = make_tournament(people[0], players=3, ruleset_code=SZMK, name="SZMK")
    play(tournament, people, 1, [[("a", 100), ("b", 100), ("c", -200)]], absent={1: "c"})
    sheet = Table.objects.get(round__tournament=tournament).sheet
    assert sheet.state == SheetState.CONFIRMED
    TableSheet.objects.filter(pk=sheet.pk).update(state=SheetState.SUBMITTED)
    assert round_scores(tournament) == []


def test_szmk_exports(client, people, chain):
    client.force_login(people[0])
    response = client.get(reverse("exports:standings_xlsx", args=[chain.pk]))
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][5:8] == ("Points", "Money", "ZB")
    a = next(r for r in rows[1:] if r[0] == 5)
    assert a[5:11] == (6, 20.0, 0.0, "5 · 1", 12.0, None) and a[11:] == (5, 1)
    pdf = client.get(reverse("exports:standings_pdf", args=[chain.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_settings_preset_and_contumation_points(client, people):
    tournament = make_tournament(people[0], players=3, name="ČSM")
    client.force_login(people[0])
    url = reverse("standings:settings", args=(tournament.pk,))
    form = client.get(url, {"preset": "szmk"}).context["form"]
    assert form.initial["contumation_points"] == 4 and form.initial["table_points"] == "5-3-1-0"
    assert form.initial["tournament_3"] == "round_record"
    data = {"round_1": "zb", "round_2": "", "round_3": "", "placement": "table_points",
            "placement_ties": "average", "coefficient": "1", "custom_points": "",
            "table_points": "5-3-1-0", "tournament_1": "bp", "tournament_2": "zb",
            "tournament_3": "round_record", "tournament_4": "best_round", "drop_best": "0",
            "drop_worst": "0", "contumation_points": "4"}
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.standings_rules == szmk_rules_dict()
    assert client.post(url, {**data, "contumation_points": ""}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.standings_rules["contumation_points"] is None
