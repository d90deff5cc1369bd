"""Keep team members apart (issue 16, deliverable 3): the tournament option, the teams handed
to the seating through the probe (``seating.probes.team_groups``, provided by the teams app),
and the round report and page naming the team members seated together, like the clubmates."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.urls import reverse

from marias_admin.audit.models import AuditEntry
from marias_admin.seating import probes
from marias_admin.seating.models import Seat
from marias_admin.seating.services import seat_swap
from marias_admin.teams import services as team_services
from marias_admin.tournaments.models import ClubSeparation
from marias_admin.tournaments.services import tournament_update
from tests.factories import make_tournament, make_user, seat

pytestmark = pytest.mark.django_db

SEEDS = range(1, 9)


@pytest.fixture
def organiser():
    return make_user("organiser")


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def with_teams(organiser, **kwargs):
    """24 players of 4 clubs in 6 free teams of four that cut across the clubs (entries k,
    k + 6, k + 12, k + 18); club separation off, so that only the teams are kept apart."""
    tournament = make_tournament(organiser, club_separation=ClubSeparation.OFF, **kwargs)
    registrations = list(tournament.registrations.order_by("pk"))
    for k in range(6):
        team = team_services.team_create(user=organiser, tournament=tournament,
                                         name=f"Tým {k + 1}")
        for i, registration in enumerate(registrations[k::6]):
            team_services.member_add(user=organiser, team=team, registration=registration,
                                     role="captain" if i == 0 else "member")
    return tournament


def teammate_pairs(round) -> list[tuple[int, int, int]]:
    """Recounted from the stored seats and the team memberships."""
    team_of = {m.registration_id: m.team_id
               for m in round.tournament.teams.all().prefetch_related("members")
               for m in m.members.all()}
    tables: dict[int, list[int]] = {}
    for s in Seat.objects.filter(round=round).select_related("table"):
        tables.setdefault(s.table.number, []).append(s.registration_id)
    return sorted((min(a, b), max(a, b), n) for n, regs in tables.items()
                  for a, b in combinations(regs, 2)
                  if a in team_of and team_of[a] == team_of.get(b))


def block(response, anchor: str = "teammates") -> str:
    html = response.content.decode()
    start = html.index(f'id="{anchor}"')
    end = html.find("</ul>", start)
    return html[start:end if end != -1 and "<ul" in html[start:start + 600] else
                html.index("</p>", start)]


def test_the_probe_gives_each_entry_its_team(organiser):
    tournament = with_teams(organiser)
    groups = probes.team_groups(tournament)
    assert len(groups) == 24 and len(set(groups.values())) == 6
    assert probes.team_groups(make_tournament(organiser, name="Bez týmů")) == {}


def test_new_tournaments_keep_team_members_apart_below_repeats(organiser):
    assert make_tournament(organiser).team_separation == ClubSeparation.AFTER_REPEATS


def test_the_lot_keeps_team_members_apart_and_the_page_says_so(org_client, organiser):
    tournament = with_teams(organiser)
    for number, seed in ((1, 3), (2, 5)):
        round = seat(tournament, number, organiser, method="lot", seed=seed)
        assert teammate_pairs(round) == []
        assert round.report["teammate_pairs"] == [] and round.report["teammate_count"] == 0
        assert round.report["teammate_bound"] == 0
    entry = AuditEntry.objects.filter(action="round.seat").latest("pk")
    assert entry.after["team_separation"] == "after_repeats"
    response = org_client.get(reverse("seating:round", args=(tournament.pk, 1)))
    assert response.context["teammates"] == []
    assert "✓" in block(response)


def test_a_plain_lot_seats_team_members_together_and_the_page_names_them(org_client, organiser):
    tournament = with_teams(organiser, team_separation=ClubSeparation.OFF)
    for seed in SEEDS:
        round = seat(tournament, 1, organiser, method="lot", seed=seed)
        expected = teammate_pairs(round)
        if expected:
            break
    assert expected, "some lot seats team members together"
    assert [tuple(p) for p in round.report["teammate_pairs"]] == expected
    assert round.report["teammate_count"] == len(expected)
    response = org_client.get(reverse("seating:round", args=(tournament.pk, 1)))
    shown = response.context["teammates"]
    assert [(v.first.registration_id, v.second.registration_id, v.table) for v in shown] == (
        sorted(expected, key=lambda p: p[2]))
    html = block(response)
    for view in shown:
        assert view.first.registration.player.full_name in html
        assert view.second.registration.player.full_name in html


def test_separation_has_fewer_teammates_than_the_lot_alone(organiser):
    plain = with_teams(organiser, team_separation=ClubSeparation.OFF, name="Bez oddělení")
    kept = with_teams(organiser, name="S oddělením")
    together = apart = 0
    for seed in SEEDS:
        together += len(teammate_pairs(seat(plain, 1, organiser, method="lot", seed=seed)))
        apart += len(teammate_pairs(seat(kept, 1, organiser, method="lot", seed=seed)))
    assert apart == 0 and together > 0


def test_a_swap_that_seats_team_members_together_shows_in_the_report(organiser):
    tournament = with_teams(organiser)
    round = seat(tournament, 1, organiser, method="lot", seed=4)
    assert round.report["teammate_count"] == 0
    groups = probes.team_groups(tournament)
    seats = list(Seat.objects.filter(round=round).select_related("registration", "table"))
    first = next(s for s in seats if s.table.number == 1)
    mate = next(s for s in seats if s.table.number != 1
                and groups[s.registration_id] == groups[first.registration_id])
    other = next(s for s in seats if s.table.number == 1 and s.pk != first.pk)
    round = seat_swap(user=organiser, round=round, first=mate.registration,
                      second=other.registration)
    assert [tuple(p) for p in round.report["teammate_pairs"]] == teammate_pairs(round)
    assert round.report["teammate_count"] >= 1
    assert 1 in {n for *_, n in round.report["teammate_pairs"]}


def test_a_tournament_without_teams_shows_no_team_report(org_client, organiser):
    tournament = make_tournament(organiser)
    round = seat(tournament, 1, organiser, method="lot", seed=2)
    assert "teammate_pairs" not in round.report
    response = org_client.get(reverse("seating:round", args=(tournament.pk, 1)))
    assert response.context["teammates"] is None
    assert 'id="teammates"' not in response.content.decode()


def test_the_option_is_in_the_tournament_form_and_audited(org_client, organiser):
    tournament = make_tournament(organiser)
    html = org_client.get(reverse("tournaments:edit", args=(tournament.pk,))).content.decode()
    assert 'name="team_separation"' in html
    tournament = tournament_update(user=organiser, tournament=tournament,
                                   team_separation=ClubSeparation.BEFORE_REPEATS)
    entry = AuditEntry.objects.filter(action="tournament.update").latest("pk")
    assert (entry.before["team_separation"], entry.after["team_separation"]) == (
        "after_repeats", "before_repeats")
