"""Křížový tournaments (issue 15, deliverable 4): tables of exactly four, byes for a field not
divisible by four (docs/readings.md §9.13), standings by table points 4-2-1-0 at the table
then money (docs/csm-krizovy.md "Tournament scoring", docs/sloapslam-ctyrka.md "Tournament
scoring"), the table sheet with four money columns and a partner column."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from marias_admin.printouts.selectors import table_sheets
from marias_admin.printouts.table_sheets import build_table_sheets
from marias_admin.seating.models import Bye, Seat
from marias_admin.seating.selectors import stale_rounds
from marias_admin.sheets.services import sheet_confirm, sheet_submit, totals_set
from marias_admin.standings.presenters.rounds import round_results
from marias_admin.standings.presenters.table import standings_table
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.standings_rules import krizovy_rules_dict, rules_from_dict
from scoring.standings import PlacementKey, RankKey, TieShare
from tests import factories
from tests.web.helpers import assert_pdf_inside, pdf_pieces

pytestmark = pytest.mark.django_db

KRIZOVY = "csm-krizovy"


def _confirm_totals(setup, round_, table: int, money: list[int]) -> None:
    """A table's result written in totals mode (money per seat), submitted and confirmed."""
    sheet = factories.sheet(round_, table)
    sheet = totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                       money=money, pb=[Decimal(0)] * 4)
    sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
    sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)


def _seated(round_) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = {}
    for number, registration in (Seat.objects.filter(round=round_)
                                 .order_by("table__number", "position")
                                 .values_list("table__number", "registration_id")):
        tables.setdefault(number, []).append(registration)
    return tables


def test_a_new_krizovy_tournament_ranks_by_table_points():
    setup = factories.tournament(players=4, ruleset_code=KRIZOVY)
    t = setup.tournament
    assert t.full_tables_only and t.table_size == 4
    assert t.standings_rules == krizovy_rules_dict()
    rules = rules_from_dict(t.standings_rules)
    assert rules.placement is PlacementKey.TABLE_POINTS and rules.table_points == (4, 2, 1, 0)
    assert rules.placement_ties is TieShare.AVERAGE and rules.round_chain == (RankKey.ZB,)
    assert rules.tournament_chain == (RankKey.BP, RankKey.ZB) and rules.bye_points == 2


def test_tables_of_three_are_refused_at_the_field():
    with pytest.raises(ValidationError) as error:
        factories.tournament(players=0, ruleset_code=KRIZOVY, table_size=3)
    assert "table_size" in error.value.message_dict


def test_sixteen_players_sit_at_four_tables_of_four():
    setup = factories.tournament(players=16, ruleset_code=KRIZOVY, rounds=3)
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        round_ = factories.seated_round(setup, number, seed=5, state="confirmed")
        tables = _seated(round_)
        assert sorted(tables) == [1, 2, 3, 4] and all(len(p) == 4 for p in tables.values())
        assert not Bye.objects.filter(round=round_).exists()
        assert round_.report["byes"] == []
        pairs = {frozenset((a, b)) for p in tables.values() for a in p for b in p if a != b}
        assert not pairs & met  # no repeated opponents: 16 players, 3 rounds
        met |= pairs


def test_eighteen_players_four_tables_and_two_rotating_byes():
    setup = factories.tournament(players=18, ruleset_code=KRIZOVY, rounds=4)
    byes: Counter[int] = Counter()
    for number in (1, 2, 3, 4):
        round_ = factories.seated_round(setup, number, seed=9, state="confirmed")
        tables = _seated(round_)
        assert [len(tables[n]) for n in sorted(tables)] == [4, 4, 4, 4]
        out = set(Bye.objects.filter(round=round_).values_list("registration_id", flat=True))
        assert len(out) == 2 and not out & {p for p in tables.values() for p in p}
        assert sorted(round_.report["byes"]) == sorted(out)
        byes.update(out)
        assert max(byes.values()) == 1  # nobody twice before everyone once (8 of 18 so far)


def test_fewer_than_four_present_cannot_be_seated():
    setup = factories.tournament(players=3, ruleset_code=KRIZOVY)
    with pytest.raises(ValidationError) as error:
        factories.seated_round(setup, 1)
    assert error.value.code == "seating_impossible"
    assert "málo i na jeden stůl" in " ".join(error.value.messages)  # in the page's Czech


def test_standings_by_table_points_with_byes_and_ties():
    setup = factories.tournament(players=18, ruleset_code=KRIZOVY, rounds=2)
    round_ = factories.seated_round(setup, 1, seed=3, state="released")
    tables = _seated(round_)
    results = {1: [400, 100, -200, -300], 2: [200, 200, -100, -300],
               3: [0, 0, 0, 0], 4: [300, -100, -100, -100]}
    for number, money in results.items():
        _confirm_totals(setup, round_, number, money)
    byes = sorted(Bye.objects.filter(round=round_).values_list("registration_id", flat=True))
    standings = {s.player: s for s in tournament_standings(setup.tournament)}
    expected = {1: [4, 2, 1, 0], 2: [3, 3, 1, 0], 3: [Fraction(7, 4)] * 4, 4: [4, 1, 1, 1]}
    for number, points in expected.items():
        assert [standings[p].bp for p in tables[number]] == points
        assert sum(points) == 7
    for player in byes:  # a bye: 0 money and the default 2 points
        assert standings[player].bp == 2 and standings[player].money == 0
        assert standings[player].rounds[0].bye
    ordered = tournament_standings(setup.tournament)
    # 4 points: table 1 seat 1 (400) before table 4 seat 1 (300), by money
    assert [s.player for s in ordered[:2]] == [tables[1][0], tables[4][0]]
    assert [s.bp for s in ordered] == sorted((s.bp for s in ordered), reverse=True)

    page = standings_table(setup.tournament)
    assert page.table_points_view and not page.premium_view
    results_page = round_results(setup.tournament, 1)
    assert len(results_page) == 4 and all(len(t.rows) == 4 for t in results_page)


def test_bye_points_follow_the_standings_rules():
    setup = factories.tournament(players=5, ruleset_code=KRIZOVY)
    t = setup.tournament
    t.standings_rules = {**t.standings_rules, "bye_points": "1.5"}
    t.save()
    round_ = factories.seated_round(setup, 1, seed=1, state="released")
    _confirm_totals(setup, round_, 1, [100, 20, 0, -120])
    bye = Bye.objects.get(round=round_).registration_id
    standings = {s.player: s for s in tournament_standings(t)}
    assert standings[bye].bp == Fraction(3, 2)
    assert sorted(s.bp for p, s in standings.items() if p != bye) == [0, 1, 2, 4]
    assert sum(s.bp for p, s in standings.items() if p != bye) == 7


def test_standings_pages_and_exports(client):
    setup = factories.tournament(players=8, ruleset_code=KRIZOVY)
    round_ = factories.seated_round(setup, 1, seed=2, state="released")
    _confirm_totals(setup, round_, 1, [300, 100, -100, -300])
    _confirm_totals(setup, round_, 2, [50, 50, -50, -50])
    client.force_login(setup.staff.organiser)
    t = setup.tournament
    html = client.get(reverse("standings:standings", args=[t.pk])).content.decode()
    assert "body u stolu ze všech kol" in html  # the points column, not BP
    assert ">BP<" not in html
    for name in ("exports:standings_xlsx", "exports:standings_pdf"):
        response = client.get(reverse(name, args=[t.pk]))
        assert response.status_code == 200, name
    assert_pdf_inside("standings", client.get(
        reverse("exports:standings_pdf", args=[t.pk])).content)


def test_table_sheet_has_four_columns_a_partner_column_and_table_points():
    setup = factories.tournament(players=8, ruleset_code=KRIZOVY)
    t = setup.tournament
    round_ = factories.seated_round(setup, 1, seed=2)
    sheets = table_sheets(t, round_, lambda path: "http://hall" + path)
    assert sheets[0].info.partnerships and sheets[0].info.table_points == (4, 2, 1, 0)
    assert all(len(s.players) == 4 for s in sheets)
    content = build_table_sheets(sheets)
    assert_pdf_inside("krizovy sheets", content)
    text = " ".join(piece[1] for piece in pdf_pieces(content))
    assert "4-2-1-0" in text and "Spoluhráč" in text  # the tournament's Czech
    assert "sits out" not in text and "pauz" not in text


def test_round_page_names_the_byes_and_is_not_stale(client):
    setup = factories.tournament(players=6, ruleset_code=KRIZOVY)
    round_ = factories.seated_round(setup, 1, seed=4)
    names = {b.registration.player.full_name for b in Bye.objects.filter(round=round_)}
    assert len(names) == 2
    client.force_login(setup.staff.organiser)
    response = client.get(reverse("seating:round", args=(setup.tournament.pk, 1)))
    html = response.content.decode()
    assert 'id="byes"' in html and all(name in html for name in names)
    assert "no longer matches" not in html and response.context["stale"] is False
    assert stale_rounds(setup.tournament) == []


def test_settings_preset_and_bye_points(client):
    setup = factories.tournament(players=5, ruleset_code=KRIZOVY)
    t = setup.tournament
    client.force_login(setup.staff.organiser)
    url = reverse("standings:settings", args=(t.pk,))
    form = client.get(url, {"preset": "krizovy"}).context["form"]
    assert form.initial["table_points"] == "4-2-1-0" and form.initial["bye_points"] == "2"
    data = {"round_1": "zb", "round_2": "", "round_3": "", "placement": "table_points",
            "placement_ties": "average", "coefficient": "1", "custom_points": "",
            "table_points": "4-2-1-0", "tournament_1": "bp", "tournament_2": "zb",
            "tournament_3": "", "tournament_4": "", "drop_best": "0", "drop_worst": "0",
            "contumation_points": "", "bye_points": "1,5"}
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert t.standings_rules == {**krizovy_rules_dict(), "bye_points": "1.5"}
    response = client.post(url, {**data, "bye_points": "1,3"})
    assert response.status_code == 200 and "bye_points" in response.context["form"].errors
    summary = dict(client.get(url).context["summary"])
    assert any("1,5" in str(value) for value in summary.values())


def test_archive_carries_the_byes_and_the_standings_survive_the_round_trip():
    """Results are sacred across instances too: a křížový tournament's byes (and with them the
    bye's table points) go into the archive, and the imported copy ranks the same."""
    import json

    from marias_admin.archive.exporting import dumps, export_tournament
    from marias_admin.archive.importing import import_tournament
    from marias_admin.tournaments.services import tournament_update

    setup = factories.tournament(players=18, ruleset_code=KRIZOVY, rounds=2)
    round_ = factories.seated_round(setup, 1, seed=3, state="released")
    for number, money in {1: [400, 100, -200, -300], 2: [200, 200, -100, -300],
                          3: [0, 0, 0, 0], 4: [300, -100, -100, -100]}.items():
        _confirm_totals(setup, round_, number, money)
    original = dumps(export_tournament(setup.tournament))
    assert len(json.loads(original)["byes"]) == 2
    before = [(s.player, s.bp, s.money) for s in tournament_standings(setup.tournament)]
    tournament_update(user=setup.staff.organiser, tournament=setup.tournament, name="Původní")
    copy = import_tournament(json.loads(original), user=setup.staff.organiser,
                             role_users={r["user"]: r["user"]
                                         for r in json.loads(original)["roles"]})
    assert Bye.objects.filter(round__tournament=copy).count() == 2
    assert dumps(export_tournament(copy)) == original
    after = [(s.bp, s.money) for s in tournament_standings(copy)]
    assert after == [(bp, money) for _player, bp, money in before]
