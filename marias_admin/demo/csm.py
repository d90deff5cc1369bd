"""The demo tournament ``make run`` shows: a ČSM field of 24 with round 1 seated and printable.

Built through the same services an organiser uses (import, teams, categories and prizes,
seating), so the demo also proves they work on a fresh database. Issue 16: six championship
teams of four (a captain and three, by the seeding: team k takes the seeds k, k + 6, k + 12 and
k + 18), kept apart by the seating of round 1; the players' sex and year of birth
(:data:`BIRTH_YEARS`), the categories women and seniors and a small prize table.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings

from marias_admin.players.importing import read_upload
from marias_admin.prizes.models import CategoryKind
from marias_admin.prizes.services import category_save, player_details_update, prize_save
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.teams.models import MemberRole, TeamRulesPreset
from marias_admin.teams.services import member_add, team_create, team_settings_update
from marias_admin.tournaments.models import Registration, Tournament, TournamentState
from marias_admin.tournaments.player_import import import_commit
from marias_admin.tournaments.services import tournament_create, tournament_update

CSM_DEMO_NAME = "Demo: Velká cena Bílé Hory"
CSM_DEMO_PLAYERS = Path(settings.BASE_DIR) / "fixtures" / "players-demo-24.csv"
DEMO_SEED = 20231
TEAM_NAMES = ("Esa", "Krále", "Svršci", "Spodci", "Desítky", "Sedmy")
WOMEN = {"Štěpánková"}
SENIORS_BORN_BY = 1961
# Year of birth by the seeding (1 = the strongest); the others are younger than the seniors.
BIRTH_YEARS = {1: 1950, 4: 1958, 9: 1960, 13: 1957, 17: 1972, 21: 1955, 24: 1961}
PRIZES = (  # (category or None for the main standings, place, text, value in haléř)
    (None, 1, "Pohár a 3 000 Kč", 300_000),
    (None, 2, "2 000 Kč", 200_000),
    (None, 3, "1 000 Kč", 100_000),
    ("women", 1, "Kytice a 500 Kč", 50_000),
    ("seniors", 1, "Koš dobrot a 500 Kč", 50_000),
)


def load_csm_demo(user: Any) -> Tournament:
    """Create the ČSM demo once; later runs return the existing one untouched."""
    existing = Tournament.objects.filter(name=CSM_DEMO_NAME).first()
    if existing is not None:
        return existing
    tournament = tournament_create(
        user=user, name=CSM_DEMO_NAME, date=date.today(), venue="Sokolovna Bílá Hora, Plzeň",
        ruleset_code="csm-licitovany-2023", rounds_planned=4, round_minutes=90,
    )
    parsed = read_upload(CSM_DEMO_PLAYERS.name, CSM_DEMO_PLAYERS.read_bytes())
    import_commit(user=user, tournament=tournament, parsed=parsed)
    _teams_and_prizes(user, tournament)
    tournament = tournament_update(user=user, tournament=tournament,
                                   state=TournamentState.RUNNING)
    first = tournament.rounds.get(number=1)
    round_seat(user=user, round=first, seed=DEMO_SEED)
    round_set_state(user=user, round=first, state=RoundState.CONFIRMED)
    return tournament


def _teams_and_prizes(user: Any, tournament: Tournament) -> None:
    """The teams of four, the players' details, the categories and the prize table."""
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .select_related("player").order_by("seed_rank", "pk"))
    team_settings_update(user=user, tournament=tournament,
                         rules=TeamRulesPreset.CHAMPIONSHIP_FOUR, deadline=None)
    for k, name in enumerate(TEAM_NAMES):
        team = team_create(user=user, tournament=tournament, name=name)
        for i, registration in enumerate(registrations[k::len(TEAM_NAMES)]):
            member_add(user=user, team=team, registration=registration,
                       role=MemberRole.CAPTAIN if i == 0 else MemberRole.MEMBER)
    for seed, registration in enumerate(registrations, start=1):
        player = registration.player
        player_details_update(
            user=user, player=player, tournament=tournament,
            sex="female" if player.last_name in WOMEN else "male",
            birth_year=BIRTH_YEARS.get(seed, 1975 + seed))
    women = category_save(user=user, tournament=tournament, name="Ženy",
                          kind=CategoryKind.WOMEN)
    seniors = category_save(user=user, tournament=tournament, name="Senioři",
                            kind=CategoryKind.SENIORS, year=SENIORS_BORN_BY)
    categories = {"women": women, "seniors": seniors}
    for category, place, label, value in PRIZES:
        prize_save(user=user, tournament=tournament, place=place, label=label, value=value,
                   category=categories[category] if category else None)
