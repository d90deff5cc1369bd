"""Seasons: a competition over two tournaments, the worst result dropped, the public page."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from marias_admin.audit.models import AuditEntry
from marias_admin.seasons.models import Competition
from marias_admin.seasons.selectors import season_table
from marias_admin.seasons.services import competition_save
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Registration
from tests.factories import make_user, played_field

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


@pytest.fixture
def season():
    """Two generated tournaments; 20 players play both, 4 only the first, 4 only the second."""
    staff = make_user("director", is_staff=True)
    first = played_field(24, 4, seed=11, organiser=staff, name="Jarní cena").tournament
    second = played_field(24, 4, seed=12, organiser=staff, name="Podzimní cena").tournament
    ones = list(Registration.objects.filter(tournament=first).order_by("id"))
    twos = list(Registration.objects.filter(tournament=second).order_by("id"))
    for one, two in zip(ones[:20], twos[:20], strict=True):
        two.player_id = one.player_id
    Registration.objects.bulk_update(twos[:20], ["player"])
    competition = competition_save(user=staff, name="Superliga", season="2025/2026",
                                   coefficient=Decimal("1.2"), drop_worst=1,
                                   tournaments=[first, second])
    return {"staff": staff, "first": first, "second": second, "competition": competition}


def _expected(season):
    """player id → [BP of the first, BP of the second] straight from the standings."""
    results: dict[int, list] = {}
    for index, tournament in enumerate((season["first"], season["second"])):
        player_of = dict(Registration.objects.filter(tournament=tournament)
                         .values_list("id", "player_id"))
        for standing in tournament_standings(tournament):
            results.setdefault(player_of[standing.player], [None, None])[index] = standing
    return results


def test_season_table_drops_the_worst_and_a_miss(season):
    table = season_table(season["competition"])
    assert [t.pk for t in table.tournaments] == [season["first"].pk, season["second"].pk]
    expected = _expected(season)
    assert len(table.rows) == len(expected) == 28
    for line in table.rows:
        one, two = expected[line.player.pk]
        bps = [s.bp if s else Fraction(0) for s in (one, two)]
        played = [s for s in (one, two) if s]
        assert line.row.bp == sum(s.bp for s in played)
        assert line.row.sb == sum(s.sb for s in played)
        assert line.row.zb == sum(s.money for s in played)
        assert line.row.reduced_bp == max(bps)  # the worse (or the missed) one dropped
        if one is None or two is None:
            missed = 0 if one is None else 1
            assert line.row.dropped == {missed}
            assert not line.cells[1 - missed].dropped and line.cells[missed].dropped
    keys = [(r.row.reduced_bp, r.row.bp, r.row.sb, r.row.zb) for r in table.rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(table.rows, table.rows[1:], strict=False):
        same = (a.row.reduced_bp, a.row.bp, a.row.sb, a.row.zb) == (
            b.row.reduced_bp, b.row.bp, b.row.sb, b.row.zb)
        assert (a.row.rank == b.row.rank) == same


def test_season_page_shows_ranks_struck_results_and_clubs(client, season):
    competition = season["competition"]
    response = client.get(reverse("seasons:season", args=[competition.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Superliga" in html and "2025/2026" in html
    assert "Jarní cena" in html and "Podzimní cena" in html
    table = season_table(competition)
    ranks = [int(r) for r in re.findall(r'data-rank="(\d+)"', html)]
    assert ranks == [line.row.rank for line in table.rows]
    assert html.count("<s>") == sum(len(line.row.dropped) for line in table.rows) == 28
    top = table.rows[0]
    assert top.player.full_name in html and top.shown["reduced_bp"] in html
    assert any(line.player.club and line.player.club.name in html for line in table.rows)
    assert "Reduced BP" in html
    assert competition.pk and reverse("seasons:season", args=[competition.pk]) == \
        f"/seasons/{competition.pk}/"
    listing = client.get(reverse("seasons:list")).content.decode()
    assert "Superliga" in listing


def test_hidden_standings_and_unplayed_tournaments_do_not_count(client, season):
    season["second"].public_standings = False
    season["second"].save(update_fields=["public_standings"])
    table = season_table(season["competition"])
    assert [t.pk for t in table.tournaments] == [season["first"].pk]
    assert len(table.rows) == 24
    assert len(season_table(season["competition"], everything=True).tournaments) == 2


def test_non_public_competition_only_for_staff(client, season):
    competition = season["competition"]
    competition_save(user=season["staff"], competition=competition, public=False)
    competition.refresh_from_db()
    assert competition.coefficient == Decimal("1.2") and competition.drop_worst == 1
    url = reverse("seasons:season", args=[competition.pk])
    assert client.get(url).status_code == 404
    assert "Superliga" not in client.get(reverse("seasons:list")).content.decode()
    client.force_login(season["staff"])
    assert client.get(url).status_code == 200


def test_competition_save_is_audited_and_replaces_members(season):
    competition = season["competition"]
    created = AuditEntry.objects.get(action="competition.create")
    assert created.after["tournaments"] == [season["first"].pk, season["second"].pk]
    competition_save(user=season["staff"], competition=competition, drop_worst=0,
                     tournaments=[season["second"]])
    competition.refresh_from_db()
    assert competition.drop_worst == 0
    assert list(competition.tournaments.all()) == [season["second"]]
    update = AuditEntry.objects.get(action="competition.update")
    assert update.before["drop_worst"] == 1 and update.after["tournaments"] == [
        season["second"].pk]
    with pytest.raises(ValidationError):
        competition_save(user=season["staff"], name=" ", tournaments=[])
    with pytest.raises(ValidationError):
        competition_save(user=season["staff"], name="X", coefficient=0)
    with pytest.raises(ValidationError):
        competition_save(user=season["staff"], name="X",
                         tournaments=[season["first"], season["first"]])
    assert Competition.objects.count() == 1


def test_admin_pages_open_and_save_is_audited(client, season):
    admin = make_user("root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    assert client.get(reverse("admin:seasons_competition_changelist")).status_code == 200
    assert client.get(reverse("admin:seasons_competition_add")).status_code == 200
    response = client.post(reverse("admin:seasons_competition_add"), {
        "name": "Krajský přebor", "season": "2026", "coefficient": "1", "drop_worst": "0",
        "ordering": "0", "public": "on",
        "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "0",
        "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000",
        "memberships-0-order": "1", "memberships-0-tournament": str(season["first"].pk),
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    added = Competition.objects.get(name="Krajský přebor")
    assert list(added.tournaments.all()) == [season["first"]]
    entry = AuditEntry.objects.filter(action="competition.create").latest("id")
    assert entry.after["tournaments"] == [season["first"].pk]


def test_superliga_key_takes_the_competition_coefficient() -> None:
    # Issue 5 item 3: a coefficient per competition for Superliga-style keys.
    from datetime import date as _date
    from decimal import Decimal as _Decimal
    from fractions import Fraction as _Fraction

    from django.contrib.auth import get_user_model as _user_model

    from marias_admin.seasons.models import Competition, CompetitionTournament
    from marias_admin.standings.selectors import rules_from
    from marias_admin.tournaments.services import tournament_create

    user = _user_model().objects.create_user("coef")
    tournament = tournament_create(user=user, name="Superliga 1", date=_date(2026, 3, 1))
    tournament.standings_rules = {**tournament.standings_rules, "placement": "superliga"}
    tournament.save()
    assert rules_from(tournament).coefficient == 1
    league = Competition.objects.create(name="Superliga", coefficient=_Decimal("0.8"))
    CompetitionTournament.objects.create(competition=league, tournament=tournament)
    assert rules_from(tournament).coefficient == _Fraction(4, 5)


# -- the season's team table (issue 16, deliverable 5) ------------------------------------------


def _club_teams(season, skip_in_second: str | None = None):
    """Championship teams of four (captain + 3) for every club with four players in each
    tournament, through the teams services; one club sits the second tournament out."""
    from marias_admin.teams import services as team_services

    staff = season["staff"]
    for tournament in (season["first"], season["second"]):
        team_services.team_settings_update(user=staff, tournament=tournament,
                                           rules="championship_four", deadline=None)
        by_club: dict = {}
        for registration in (Registration.objects.filter(tournament=tournament)
                             .select_related("player__club").order_by("id")):
            if registration.player.club is not None:
                by_club.setdefault(registration.player.club, []).append(registration)
        for club, registrations in by_club.items():
            if len(registrations) < 4 or (tournament == season["second"]
                                          and club.name == skip_in_second):
                continue
            team = team_services.team_create(user=staff, tournament=tournament,
                                             name=f"{club.name} A", kind="club", club=club)
            for i, registration in enumerate(registrations[:4]):
                team_services.member_add(user=staff, team=team, registration=registration,
                                         role="captain" if i == 0 else "member")


def test_season_team_table_sums_the_club_teams_with_the_drop_worst_rule(season):
    from marias_admin.seasons.selectors import season_team_table
    from marias_admin.teams.selectors import team_table

    _club_teams(season, skip_in_second="MK Brno")
    # each club's result, straight from each tournament's team standings
    expected: dict[int, list] = {}
    for index, tournament in enumerate((season["first"], season["second"])):
        for row in team_table(tournament).rows:
            expected.setdefault(row.team.club_id, [None, None])[index] = row.standing
    table = season_team_table(season["competition"])
    assert [t.pk for t in table.tournaments] == [season["first"].pk, season["second"].pk]
    assert {line.club.pk for line in table.rows} == set(expected)
    brno = next(line for line in table.rows if line.club.name == "MK Brno")
    assert brno.cells[1].result is None and brno.cells[1].dropped  # missed: the worst
    assert brno.row.reduced_bp == brno.row.bp == expected[brno.club.pk][0].bp
    for line in table.rows:
        one, two = expected[line.club.pk]
        played = [s for s in (one, two) if s]
        assert line.row.bp == sum(s.bp for s in played)
        assert line.row.sb == sum(s.sb for s in played)
        assert line.row.zb == sum(s.money for s in played)
        # drop_worst = 1: the worse (or the missed) tournament is left out
        assert line.row.reduced_bp == max(s.bp if s else Fraction(0) for s in (one, two))
        assert [c.team for c in line.cells] == [s.name if s else "" for s in (one, two)]
    keys = [(r.row.reduced_bp, r.row.bp, r.row.sb, r.row.zb) for r in table.rows]
    assert keys == sorted(keys, reverse=True)


def test_season_page_shows_the_club_table(client, season):
    from marias_admin.seasons.selectors import season_team_table

    competition = season["competition"]
    url = reverse("seasons:season", args=[competition.pk])
    assert 'id="season-teams"' not in client.get(url).content.decode()  # no teams: no table
    _club_teams(season, skip_in_second="MK Brno")
    html = client.get(url).content.decode()
    assert 'id="season-teams"' in html
    section = html[html.index('id="season-teams"'):]
    rows = re.findall(r'<tr data-club="(\d+)" data-rank="(\d+)">(.*?)</tr>', section, re.S)
    table = season_team_table(competition)
    assert [int(pk) for pk, _rank, _cells in rows] == [line.club.pk for line in table.rows]
    for (_pk, rank, cells), line in zip(rows, table.rows, strict=True):
        assert int(rank) == line.row.rank
        assert line.club.name in cells
        assert f"<strong>{line.shown['reduced_bp']}</strong>" in cells
    brno = next(cells for pk, _rank, cells in rows if "MK Brno" in cells)
    assert "<s>–</s>" in brno  # the missed tournament, struck


def test_season_team_table_is_read_from_the_stored_copy_and_follows_a_team_change(
        season, monkeypatch):
    """The clubs' places are stored with the final places: a second visit computes no
    standings; a team renamed (a team service bumps the results generation) is copied anew."""
    from marias_admin.seasons import snapshots
    from marias_admin.seasons.models import FinalTeamPlace
    from marias_admin.seasons.selectors import season_team_table
    from marias_admin.teams import selectors as team_selectors
    from marias_admin.teams import services as team_services
    from marias_admin.teams.models import Team
    from scoring import teams as scoring_teams

    _club_teams(season)
    before = season_team_table(season["competition"])
    assert FinalTeamPlace.objects.filter(tournament=season["first"]).count() == len(
        before.rows)

    def no_recompute(*_args):
        raise AssertionError("the season's team table recomputed the standings")

    with monkeypatch.context() as patched:
        patched.setattr(snapshots, "tournament_standings", no_recompute)
        patched.setattr(team_selectors, "tournament_standings", no_recompute)
        patched.setattr(scoring_teams, "team_standings", no_recompute)
        again = season_team_table(season["competition"])
    assert [(r.club.pk, r.row.bp, [c.team for c in r.cells]) for r in again.rows] == [
        (r.club.pk, r.row.bp, [c.team for c in r.cells]) for r in before.rows]
    team = Team.objects.filter(tournament=season["second"]).order_by("id").first()
    team_services.team_update(user=season["staff"], team=team, name="Přejmenovaný tým")
    renamed = season_team_table(season["competition"])
    line = next(r for r in renamed.rows if r.club.pk == team.club_id)
    assert line.cells[1].team == "Přejmenovaný tým"
