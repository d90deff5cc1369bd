"""The demo season `make run` loads (issue 26): a regional league of six one-round tournaments
under three rulesets, played by one pool of 14 members, with two individual rankings (the
Pražská liga key dropping the two worst, and a Superliga key for members with paid dues), a
women's ranking and the clubs' ranking.

Built through the services like every demo: players, registrations, seating, totals sheets
submitted and confirmed, the competition, its rankings and the members' list. Results are
drawn from a fixed seed, so the season reads the same on every machine. One member has not
paid his dues (he is in the Pražská liga ranking, not in the Superliga one) and one was
disqualified (in no ranking at all): their season pages say why.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction

from marias_admin.players.models import Club, Player
from marias_admin.seasons.models import Audience, Competition, Scheme
from marias_admin.seasons.ranking_services import membership_save, ranking_save
from marias_admin.seasons.services import competition_save
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.sheets.services import sheet_confirm, sheet_for, sheet_submit, totals_set
from marias_admin.tournaments.models import RegistrationStatus, Tournament, TournamentState
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    tournament_create,
    tournament_update,
)

SEASON_DEMO_NAME = "Demo: Krajská liga"
SEASON = "2026"
SEED = 2026
# first name, last name, club, sex, year of birth
MEMBERS: tuple[tuple[str, str, str, str, int], ...] = (
    ("Arnošt", "Beneš", "MK Beroun", "male", 1951), ("Blanka", "Cermanová", "MK Beroun",
                                                     "female", 1968),
    ("Ctibor", "Dvořák", "MK Beroun", "male", 1975), ("Dušan", "Exner", "MK Beroun",
                                                      "male", 1959),
    ("Emílie", "Fialová", "KM Hořovice", "female", 1982), ("Filip", "Grus", "KM Hořovice",
                                                            "male", 1990),
    ("Gustav", "Hájek", "KM Hořovice", "male", 1948), ("Hubert", "Ibl", "KM Hořovice",
                                                       "male", 1971),
    ("Irena", "Jelínková", "Sokol Zdice", "female", 1956), ("Jindřich", "Kolář",
                                                            "Sokol Zdice", "male", 1964),
    ("Karel", "Lebeda", "Sokol Zdice", "male", 1987), ("Lubomír", "Mareš", "Sokol Zdice",
                                                       "male", 1953),
    ("Marek", "Novotný", "", "male", 1979), ("Norbert", "Opat", "", "male", 1962),
)
UNPAID, DISQUALIFIED = 12, 13  # indexes into MEMBERS
# name, ruleset, players, weeks before today
TOURNAMENTS: tuple[tuple[str, str, int, int], ...] = (
    ("1. turnaj, Beroun", "csm-licitovany-2023", 12, 10),
    ("2. turnaj, Hořovice", "csm-voleny", 12, 8),
    ("3. turnaj, Zdice", "pagat-voleny", 13, 6),
    ("4. turnaj, Beroun", "csm-licitovany-2023", 12, 5),
    ("5. turnaj, Hořovice", "csm-voleny", 13, 3),
    ("6. turnaj, Zdice", "csm-licitovany-2023", 12, 1),
)


def load_season_demo(user: Any) -> Competition:
    """Create the demo season once; later runs return the existing one untouched."""
    existing = Competition.objects.filter(name=SEASON_DEMO_NAME).first()
    if existing is not None:
        return existing
    rng = random.Random(SEED)
    with transaction.atomic():
        pool = [player_create(user=user, first_name=first, last_name=last, club_name=club,
                              sex=sex, birth_year=born,
                              registration_number=f"CZ-26{index:03d}")
                for index, (first, last, club, sex, born) in enumerate(MEMBERS, start=1)]
        played = [_tournament(user, rng, pool, *spec) for spec in TOURNAMENTS]
        competition = competition_save(
            user=user, name=SEASON_DEMO_NAME, season=SEASON, coefficient=Decimal("1"),
            drop_worst=2, tournaments=played,
            coefficients={t.pk: Decimal("0.75") for t in played if "Zdice" in t.name})
        rankings: tuple[tuple[str, dict[str, Any]], ...] = (
                ("Jednotlivci (Pražská liga)", {"scheme": Scheme.PRAGUE_LEAGUE,
                                                "drop_worst": 2}),
                ("Superliga (členové)", {"scheme": Scheme.SUPERLIGA, "members_only": True,
                                         "min_played": 3}),
                ("Ženy", {"scheme": Scheme.PRAGUE_LEAGUE, "drop_worst": 2,
                          "audience": Audience.WOMEN}),
                ("Kluby", {"scheme": Scheme.PRAGUE_LEAGUE, "audience": Audience.CLUBS,
                           "club_counted": 3}))
        for name, fields in rankings:
            ranking_save(user=user, competition=competition, name=name, **fields)
        clubs = {c.name: c for c in Club.objects.filter(players__in=pool)}
        for index, player in enumerate(pool):
            membership_save(user=user, season=SEASON, player=player, paid=index != UNPAID,
                            club=clubs.get(MEMBERS[index][2]), licence=f"L-{index + 1:03d}",
                            disqualified=index == DISQUALIFIED,
                            note="" if index != DISQUALIFIED else "2. turnaj")
    return competition


def _tournament(user: Any, rng: random.Random, pool: list[Player], name: str, ruleset: str,
                players: int, weeks: int) -> Tournament:
    tournament = tournament_create(
        user=user, name=f"Demo: Krajská liga, {name}",
        date=date.today() - timedelta(weeks=weeks), venue=name.split(", ")[-1],
        ruleset_code=ruleset, rounds_planned=1, round_minutes=90, standings_seed=rng.randrange(
            10**6))
    for player in sorted(rng.sample(pool, players), key=lambda p: p.pk):
        registration_create(user=user, tournament=tournament, player=player,
                            status=RegistrationStatus.PRESENT)
    tournament = tournament_update(user=user, tournament=tournament,
                                   state=TournamentState.RUNNING)
    round_ = round_seat(user=user, round=tournament.rounds.get(number=1),
                        seed=rng.randrange(10**6))
    round_set_state(user=user, round=round_, state=RoundState.CONFIRMED)
    round_ = round_set_state(user=user, round=round_, state=RoundState.RELEASED)
    for table in round_.tables.prefetch_related("seats").order_by("number"):
        seated = len(table.seats.all())
        money = [rng.randrange(-60, 61) * 20 for _ in range(seated - 1)]
        money.append(-sum(money))
        sheet = sheet_for(table)
        sheet = totals_set(user=_demo_user("demo-liga-zapisovatel"), sheet=sheet,
                           expected_version=None, money=money,
                           pb=[Decimal(rng.choice((0, 0, 5, 10, 20))) for _ in range(seated)])
        sheet = sheet_submit(user=_demo_user("demo-liga-zapisovatel"), sheet=sheet,
                             expected_version=None)
        sheet_confirm(user=_demo_user("demo-liga-rozhodci"), sheet=sheet, expected_version=None)
    return tournament


def _demo_user(username: str) -> Any:
    """The league's scorekeeper writes the sheets and its referee confirms them (a second
    person; the admin login writes no results, so a new database's admin can be made again)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get_or_create(username=username)[0]
