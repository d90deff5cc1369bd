"""Season rankings over stored final places (issue 26): the snapshot refreshed when a member
tournament's results change, who may be ranked, and the public pages (the player's season
page explains every number; anonymous visitors get the cached copy)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.core import pagecache
from marias_admin.seasons import snapshots
from marias_admin.seasons.models import Audience, FinalPlace, Scheme
from marias_admin.seasons.ranking_services import membership_save, ranking_save
from marias_admin.seasons.rankings import ranking_table, season_data
from marias_admin.seasons.services import competition_save
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.sheets.services import sheet_confirm
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Registration
from scoring.ranking import scheme_by_code
from tests.factories import make_user, played_field


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Two 12-player tournaments of 2 rounds sharing 8 players; the second's last table is
    left unconfirmed; a competition with a Superliga ranking and a clubs' ranking."""
    with django_db_blocker.unblock(), transaction.atomic():
        staff = make_user("season-staff", is_staff=True)
        first = played_field(12, 2, seed=3, organiser=staff, name="Jaro").tournament
        second = played_field(12, 2, seed=4, organiser=staff, name="Podzim",
                              unconfirmed=1).tournament
        ones = list(Registration.objects.filter(tournament=first).order_by("id"))
        twos = list(Registration.objects.filter(tournament=second).order_by("id"))
        for one, two in zip(ones[:8], twos[:8], strict=True):
            two.player_id = one.player_id
            two.save(update_fields=["player"])
        competition = competition_save(user=staff, name="Superliga", season="2026",
                                       coefficient=Decimal("1"), tournaments=[first, second],
                                       coefficients={second.pk: Decimal("0.75")})
        superliga = ranking_save(user=staff, competition=competition, name="Jednotlivci",
                                 scheme=Scheme.SUPERLIGA, members_only=False)
        clubs = ranking_save(user=staff, competition=competition, name="Kluby",
                             scheme=Scheme.PRAGUE_LEAGUE, audience=Audience.CLUBS)
        yield {"staff": staff, "first": first, "second": second, "competition": competition,
               "superliga": superliga, "clubs": clubs, "shared": ones[1].player}  # in a club
        transaction.set_rollback(True)


pytestmark = pytest.mark.django_db


def _places(tournament):
    player_of = dict(Registration.objects.filter(tournament=tournament)
                     .values_list("id", "player_id"))
    return {player_of[s.player]: s.rank for s in tournament_standings(tournament)}


def test_snapshot_copies_the_final_places_and_follows_a_confirmed_sheet(world):
    first, second = world["first"], world["second"]
    snapshots.fresh([first, second])
    for tournament in (first, second):
        stored = dict(FinalPlace.objects.filter(tournament=tournament)
                      .values_list("player_id", "place"))
        assert stored == _places(tournament)
    before = dict(FinalPlace.objects.filter(tournament=second).values_list("player_id", "bp"))
    sheet = TableSheet.objects.filter(table__round__tournament=second,
                                      state=SheetState.SUBMITTED).get()
    sheet_confirm(user=world["staff"], sheet=sheet, expected_version=sheet.version)
    snapshots.fresh([second])  # the confirmation bumped the results generation
    stored = dict(FinalPlace.objects.filter(tournament=second).values_list("player_id", "place"))
    assert stored == _places(second)
    after = dict(FinalPlace.objects.filter(tournament=second).values_list("player_id", "bp"))
    assert len(stored) == 12 and after != before  # the last table's round now counts


def test_fresh_snapshots_are_read_not_recomputed(world, monkeypatch):
    snapshots.fresh([world["first"], world["second"]])
    calls = []
    monkeypatch.setattr(snapshots, "tournament_standings",
                        lambda t: calls.append(t) or tournament_standings(t))
    table = ranking_table(world["superliga"])
    assert not calls and table.rows
    pagecache.bump(world["first"].pk)
    ranking_table(world["superliga"])
    assert calls == [world["first"]]


def test_superliga_points_by_place_and_coefficient(world):
    table = ranking_table(world["superliga"])
    first, second = world["first"].pk, world["second"].pk
    for row in table.rows:
        for line in row.lines:
            if line.placement is None:
                continue
            top = 50 if line.event.id == first else 38  # round(50 × 0,75) = 37,5 → 38
            assert line.points == max(top - line.placement.place + 1, 1)
    assert second in {m.tournament.pk for m in table.members}
    assert [r.rank for r in table.rows] == sorted(r.rank for r in table.rows)


def test_members_only_and_a_disqualification_that_carries_over(world):
    staff, shared = world["staff"], world["shared"]
    ranking = ranking_save(user=staff, competition=world["competition"],
                           ranking=world["superliga"], members_only=True)
    membership_save(user=staff, season="2026", player=shared, paid=True)
    with translation.override("en"):  # the reasons' English source words
        table = ranking_table(ranking)
    assert [r.player for r in table.rows] == [shared.pk]
    assert "paid dues" in table.excluded[next(iter(set(table.excluded)))]
    membership_save(user=staff, season="2026", player=shared, paid=True, disqualified=True)
    table = ranking_table(ranking)
    assert table.rows == [] and shared.pk in table.excluded
    # a disqualified player scores for no club either: his club's points are its other
    # members' best three
    data = season_data(world["competition"])
    club = shared.club_id
    clubs = {row.player: row for row in ranking_table(world["clubs"], data=data).rows}
    scheme = scheme_by_code(world["clubs"].scheme)
    for member in data.played:
        others = sorted((scheme.points(p.place, p.field)
                         for pk, by_event in data.results.items()
                         if pk != shared.pk and data.players[pk].club_id == club
                         for event, p in by_event.items() if event == member.tournament.pk),
                        reverse=True)
        lines = [ln for ln in clubs[club].lines if ln.event.id == member.tournament.pk
                 ] if club in clubs else []
        assert [ln.points for ln in lines if ln.placement] == (
            [sum(others[:3])] if others else [])
    assert AuditEntry.objects.filter(action="membership.save").count() == 2


def test_ranking_is_validated(world):
    with pytest.raises(ValidationError):
        ranking_save(user=world["staff"], competition=world["competition"], name="Senioři",
                     audience=Audience.SENIORS)
    with pytest.raises(ValidationError):
        ranking_save(user=world["staff"], competition=world["competition"], name="X",
                     decay_full_days=365, decay_half_days=100)


def test_clubs_ranking_sums_best_members(world):
    table = ranking_table(world["clubs"])
    assert table.rows and all(row.player in table.names for row in table.rows)
    assert all(line.placement is None or line.placement.points is not None
               for row in table.rows for line in row.lines)


def test_player_page_explains_and_is_cached(client, world):
    competition, shared = world["competition"], world["shared"]
    url = reverse("seasons:player", args=(competition.pk, shared.pk))
    client.cookies["django_language"] = "en"
    with translation.override("en"):
        first = client.get(url)
    assert first.status_code == 200
    body = first.content.decode()
    assert "round(50 × 1) = 50 for the winner" in body
    assert "Jaro" in body and "Podzim" in body and "Calculated:" in body
    assert first["X-Page-Cache"] == "miss"
    assert client.get(url)["X-Page-Cache"] == "hit"
    pagecache.bump(world["second"].pk)  # a result of a member tournament changed
    assert client.get(url)["X-Page-Cache"] == "miss"
    assert client.get(reverse("seasons:ranking", args=(competition.pk,
                                                       world["superliga"].pk))).status_code == 200
    assert client.get(reverse("seasons:ranking", args=(competition.pk,
                                                       world["clubs"].pk))).status_code == 200
    nobody = make_user("nobody-player-page")
    assert client.get(reverse("seasons:player", args=(competition.pk, 999999))).status_code == 404
    assert nobody.pk


def test_hidden_competition_is_the_staffs(client, world):
    competition = competition_save(user=world["staff"], competition=world["competition"],
                                   public=False)
    url = reverse("seasons:player", args=(competition.pk, world["shared"].pk))
    assert client.get(url).status_code == 404
    client.force_login(world["staff"])
    assert client.get(url).status_code == 200
