"""Standings from confirmed sheets, the public pages and the organiser's rules settings."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Seat
from marias_admin.sheets.models import HandRecord, SheetMode, SheetState, TableSheet
from marias_admin.standings.presenters.player import player_rounds
from marias_admin.standings.selectors import (
    find_seats,
    fold,
    round_scores,
    rules_from,
    tournament_standings,
)
from marias_admin.standings.services import rules_locked, standings_rules_update
from marias_admin.tournaments.models import TournamentState
from marias_admin.tournaments.services import tournament_advance
from marias_admin.tournaments.standings_rules import default_rules_dict
from scoring.standings import PlacementKey, RankKey
from tests.factories import make_tournament, make_user, seat
from tests.web.helpers import text

pytestmark = pytest.mark.django_db


def _hand(sheet, number, money, pb=(0, 0, 0, 0), *, deleted=False, described=False,
          description="hra"):
    return HandRecord(
        sheet=sheet, number=number, hand={}, description=description,
        money_1=money[0], money_2=money[1], money_3=money[2], money_4=money[3],
        pb_1=pb[0], pb_2=pb[1], pb_3=pb[2], pb_4=pb[3], premium_described=described,
        deleted_at="2026-05-09T10:00:00+02:00" if deleted else None)


@pytest.fixture
def world():
    """12 players, round 1 seated at three tables of four:
    table 1 hands mode confirmed, table 2 totals confirmed, table 3 totals only submitted."""
    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=12)
    round = seat(tournament, 1, organiser)
    tables = {t.number: t for t in round.tables.all()}
    hands = TableSheet.objects.create(table=tables[1], mode=SheetMode.HANDS,
                                      state=SheetState.CONFIRMED)
    HandRecord.objects.bulk_create([
        _hand(hands, 1, (180, -60, -60, -60)),
        _hand(hands, 2, (-300, 100, 100, 100), (0, Decimal("60"), 0, 0), described=True,
              description="Sto zelené, 80 + hláška"),
        _hand(hands, 3, (900, -300, -300, -300), deleted=True),  # deleted: never counts
    ])
    TableSheet.objects.create(table=tables[2], mode=SheetMode.TOTALS, state=SheetState.CONFIRMED,
                              total_money_1=500, total_money_2=-100, total_money_3=-100,
                              total_money_4=-300, total_pb_1=Decimal("10.5"), total_pb_2=0,
                              total_pb_3=0, total_pb_4=0)
    TableSheet.objects.create(table=tables[3], mode=SheetMode.TOTALS, state=SheetState.SUBMITTED,
                              total_money_1=1000, total_money_2=-1000, total_money_3=0,
                              total_money_4=0)
    seats = {(s.table.number, s.position): s.registration_id
             for s in Seat.objects.filter(round=round).select_related("table")}
    return {"organiser": organiser, "t": tournament, "round": round, "seats": seats}


def test_round_scores_from_confirmed_sheets_only(world, django_assert_num_queries):
    seats = world["seats"]
    with django_assert_num_queries(3):
        scores = {s.player: s for s in round_scores(world["t"])}
    assert len(scores) == 8  # table 3 is only submitted
    assert not any(seats[(3, p)] in scores for p in range(1, 5))
    # hands mode: the live hands' sum per seat, the deleted hand left out
    assert [scores[seats[(1, p)]].money for p in range(1, 5)] == [-120, 40, 40, 40]
    assert scores[seats[(1, 2)]].premium == 60
    # totals mode: the typed totals, PB may be halves
    assert scores[seats[(2, 1)]].money == 500 and scores[seats[(2, 1)]].premium == Fraction(21, 2)
    assert {s.table for s in scores.values()} == {1, 2}
    assert {s.round for s in scores.values()} == {1}


def test_confirming_the_last_sheet_brings_its_players_in(world):
    before = {s.player for s in tournament_standings(world["t"])}
    TableSheet.objects.filter(table__number=3).update(state=SheetState.CONFIRMED)
    after = {s.player for s in tournament_standings(world["t"])}
    assert len(before) == 8 and len(after) == 12 and before < after


def test_standings_use_the_rules_and_the_seed(world):
    tournament = world["t"]
    rules = rules_from(tournament)
    assert rules.round_chain == (RankKey.SB, RankKey.ZB)
    assert rules.premium_factor == tournament.ruleset().sb_premium_factor
    table = tournament_standings(tournament)
    # seat 2 of table 1: ZB 0,40 + PB 60 → SB 60,40, the best of eight: BP = 8
    assert table[0].player == world["seats"][(1, 2)] and table[0].bp == 8
    assert table[0].sb == 40 + 60 * 100
    assert [s.position for s in table] == list(range(1, 9))


# -- pages ----------------------------------------------------------------------------------------


def test_standings_page_explains_every_value(client, world):
    response = client.get(reverse("standings:standings", args=(world["t"].pk,)))
    assert response.status_code == 200
    html = response.content.decode()
    body = text(response)
    assert "Pořadí" in body  # Czech by default
    best = world["seats"][(1, 2)]
    row = re.search(rf'<tr id="p{best}".*?</tr>', html, re.S).group(0)
    assert 'title="SB = ZB 0,40 + 1 × PB 60 = 60,40' in row
    assert "BP = 8 − 1 + 1 = 8" in row  # the round cell explains its BP
    assert reverse("standings:player", args=(world["t"].pk, best)) in row
    assert 'hx-trigger="every 30s"' in html and "htmx-2.min.js" in html
    assert 'http-equiv="refresh"' in html  # without JavaScript it still refreshes


def test_equal_players_share_a_rank_and_the_lot_orders_them(client, world):
    # table 2: seats 2 and 3 both −1,00 Kč with no PB; table 1: seats 3 and 4 both +0,40
    html = client.get(reverse("standings:standings", args=(world["t"].pk,))).content.decode()
    rows = re.findall(r'data-registration="(\d+)" data-rank="(\d+)" data-position="(\d+)"', html)
    ranks = {int(r): int(k) for r, k, _p in rows}
    seats = world["seats"]
    assert ranks[seats[(2, 2)]] == ranks[seats[(2, 3)]]
    assert ranks[seats[(1, 3)]] == ranks[seats[(1, 4)]]
    assert [int(p) for _r, _k, p in rows] == list(range(1, 9))
    assert html.count('class="lot-mark"') == 4


def test_htmx_refresh_gets_only_the_table(client, world):
    url = reverse("standings:standings", args=(world["t"].pk,))
    response = client.get(url, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="standings-live"') and "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_projector_mode_has_no_navigation_and_pages_itself(client, world):
    url = reverse("standings:standings", args=(world["t"].pk,)) + "?projector=1"
    html = client.get(url).content.decode()
    assert 'class="projector"' in html and "site-header" not in html and "<nav" not in html
    assert "standings/projector.js" in html and 'http-equiv="refresh"' in html
    assert html.count("<tr data-registration=") == 8


def test_round_results_per_table(client, world):
    response = client.get(reverse("standings:round_results", args=(world["t"].pk, 1)))
    body = text(response)
    assert response.status_code == 200
    html = response.content.decode()
    assert "sheet-confirmed" in html and "sheet-submitted" in html  # each table's sheet state
    assert "zatím nepotvrzeno" in body  # table 3's players have no result yet
    table2 = re.search(r'id="table-2".*?</li>', html, re.S).group(0)
    assert "+5,00" in table2 and "10,5" in table2 and "15,50" in table2  # ZB, PB, SB
    assert reverse("sheets:table", args=(world["t"].pk, 1, 2)) in table2


def test_player_page_rounds_opponents_and_big_games(client, world):
    tournament, seats = world["t"], world["seats"]
    registration = tournament.registrations.get(pk=seats[(1, 2)])
    rounds = player_rounds(tournament, registration)
    assert len(rounds) == 1 and rounds[0].table == 1 and rounds[0].seat == 2
    assert {o.pk for o in rounds[0].opponents} == {seats[(1, p)] for p in (1, 3, 4)}
    assert [(h.number, h.premium) for h in rounds[0].big_hands] == [(2, 60)]
    response = client.get(reverse("standings:player", args=(tournament.pk, registration.pk)))
    body = text(response)
    assert registration.player.full_name in body
    assert "Sto zelené, 80 + hláška" in body and "60 PB" in body
    for p in (1, 3, 4):
        opponent = tournament.registrations.get(pk=seats[(1, p)])
        assert opponent.player.full_name in body
    # no big games for someone else at the table: the 60 PB were not his
    other = tournament.registrations.get(pk=seats[(1, 1)])
    assert player_rounds(tournament, other)[0].big_hands == []


def test_player_of_another_tournament_is_404(client, world):
    other = make_tournament(world["organiser"], players=4, name="Jiný")
    stranger = other.registrations.first()
    url = reverse("standings:player", args=(world["t"].pk, stranger.pk))
    assert client.get(url).status_code == 404


def test_where_do_i_sit_ignores_case_and_diacritics(client, world):
    assert fold("Šťastný Ľubomír") == "stastny lubomir"
    tournament = world["t"]
    search = find_seats(tournament, "STASTNY")
    assert [f.registration.player.last_name for f in search.results] == ["Šťastný"]
    found = search.results[0]
    assert found.seat is not None and search.round.number == 1
    response = client.get(reverse("standings:find", args=(tournament.pk,)), {"q": "stastny"})
    html = response.content.decode()
    assert "Šťastný" in html
    assert reverse("sheets:table", args=(tournament.pk, 1, found.seat.table.number)) \
        in html
    assert find_seats(tournament, "jiri stastny").results == search.results  # every word
    assert find_seats(tournament, "nobody-like-this").results == []
    partial = client.get(reverse("standings:find", args=(tournament.pk,)), {"q": "dvorak"},
                         headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<div id="find-results"') and "Dvořák" in partial


# -- the rules: validation, locking, confirmation, audit -----------------------------------------


def test_rules_are_validated(world):
    organiser, tournament = world["organiser"], world["t"]
    bad = [
        ({"round_chain": ["sb", "sb"]}, "round_chain"),
        ({"round_chain": ["bp"]}, "round_chain"),
        ({"tournament_chain": []}, "tournament_chain"),
        ({"placement": "nonsense"}, "placement"),
        ({"placement": "custom", "custom_points": []}, "custom_points"),
        ({"coefficient": "0"}, "coefficient"),
        ({"coefficient": "abc"}, "coefficient"),
        ({"table_points": [4, -2]}, "table_points"),
        ({"drop_best": 2, "drop_worst": 2}, "drop_worst"),  # 4 rounds planned
    ]
    for change, field in bad:
        with pytest.raises(ValidationError) as error:
            standings_rules_update(organiser, tournament, {**default_rules_dict(), **change})
        assert field in error.value.message_dict, change
    tournament.refresh_from_db()
    assert tournament.standings_rules == default_rules_dict()
    assert not AuditEntry.objects.filter(action="standings.rules_update").exists()


def test_starting_the_tournament_locks_the_rules(world):
    organiser, tournament = world["organiser"], world["t"]
    assert not rules_locked(tournament)
    standings_rules_update(organiser, tournament, {**default_rules_dict(), "drop_worst": 1})
    assert AuditEntry.objects.filter(action="standings.rules_update").count() == 1
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.REGISTRATION)
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.RUNNING)
    tournament.refresh_from_db()
    assert tournament.standings_locked_at is not None and rules_locked(tournament)


def test_changing_locked_rules_asks_first_and_is_audited(world):
    organiser, tournament = world["organiser"], world["t"]
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.REGISTRATION)
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.RUNNING)
    tournament.refresh_from_db()
    superliga = {**default_rules_dict(), "placement": "superliga", "coefficient": "0.8"}
    with pytest.raises(ValidationError) as error:
        standings_rules_update(organiser, tournament, superliga)
    assert error.value.code == "standings_locked"
    tournament.refresh_from_db()
    assert tournament.standings_rules == default_rules_dict()
    standings_rules_update(organiser, tournament, superliga, confirm=True, reason="Superliga")
    tournament.refresh_from_db()
    assert rules_from(tournament).placement is PlacementKey.SUPERLIGA
    assert rules_from(tournament).coefficient == Fraction(4, 5)
    entry = AuditEntry.objects.get(action="standings.rules_update")
    assert entry.reason == "Superliga" and entry.user == organiser
    assert entry.before["placement"] == "n_minus_rank_plus_1"
    assert entry.after["placement"] == "superliga" and entry.tournament == tournament
    # the same rules again: nothing to confirm, nothing logged
    standings_rules_update(organiser, tournament, superliga)
    assert AuditEntry.objects.filter(action="standings.rules_update").count() == 1


def _form_data(**changes):
    data = {"round_1": "sb", "round_2": "zb", "round_3": "", "placement": "n_minus_rank_plus_1",
            "placement_ties": "best", "coefficient": "1", "custom_points": "",
            "table_points": "4-2-1-0", "tournament_1": "bp", "tournament_2": "sb",
            "tournament_3": "zb", "tournament_4": "", "drop_best": "0", "drop_worst": "0"}
    return {**data, **changes}


def test_settings_page_with_the_confirmation_step(client, world):
    organiser, tournament = world["organiser"], world["t"]
    client.force_login(organiser)
    url = reverse("standings:settings", args=(tournament.pk,))
    assert client.get(url).status_code == 200
    assert "Superliga" in text(client.get(url, {"preset": "superliga"}))
    # before the start: saved at once
    response = client.post(url, _form_data(drop_worst="1"))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.standings_rules["drop_worst"] == 1
    # errors come back on the form
    response = client.post(url, _form_data(round_2="sb"))
    assert response.status_code == 200 and response.context["form"].errors
    # after the start: a confirmation page first, with what changes
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.REGISTRATION)
    tournament_advance(user=organiser, tournament=tournament, state=TournamentState.RUNNING)
    response = client.post(url, _form_data(tournament_2="zb", tournament_3="sb"))
    assert response.status_code == 200
    assert 'name="confirm" value="1"' in response.content.decode()
    assert "BP, ZB, SB" in text(response)
    tournament.refresh_from_db()
    assert tournament.standings_rules["tournament_chain"] == ["bp", "sb", "zb"]
    response = client.post(url, _form_data(tournament_2="zb", tournament_3="sb", confirm="1",
                                           reason="Podle propozic"))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.standings_rules["tournament_chain"] == ["bp", "zb", "sb"]
    assert AuditEntry.objects.filter(action="standings.rules_update",
                                     reason="Podle propozic").exists()


def test_settings_are_for_organisers_only(client, world):
    url = reverse("standings:settings", args=(world["t"].pk,))
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(make_user("plain"))
    assert client.get(url).status_code == 403
