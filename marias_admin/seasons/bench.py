"""``make bench``: the season pages of 9 tournaments of 320 players (issue 26).

Prints, in milliseconds (medians, never asserted: the machine is shared):

- **recompute**: every member tournament's standings computed afresh — what the season page
  cost on every visit before the final places were stored;
- **clubs' table**: the season's team table (each tournament plays championship teams of four
  per club) recomputed from every tournament's team standings — what it cost on every visit
  before the clubs' places were stored with the final places — and read from the stored copy;
- **places rebuilt**: the stored final places of all 9 tournaments copied anew (the first visit
  after a result changed in every one of them);
- **cold**: the season page, a ranking and a player's season page rendered with the stored
  places fresh (the page cache missed: a result changed elsewhere, or the copy expired);
- **cached**: the same pages served to an anonymous visitor from the page cache.

Each figure is the median wall time and, in brackets, the CPU time of this process: on a busy
machine (the shared CI box) the wall time is mostly waiting for a core. The season page's two
figures are followed by issue 26's goals (served from the cache in under 10 ms, rebuilt in under
200 ms), judged on the CPU time for that reason.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

TOURNAMENTS = 9
PLAYERS = 320
# Issue 26: the season page served from the cache, and rebuilt (a cold render), in ms.
GOAL_CACHED_MS = 10
GOAL_COLD_MS = 200


def _measure(fn: Any, repeat: int, before: Any = None) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``fn`` (on a busy machine the wall time is mostly
    waiting); ``before`` runs ahead of each, untimed."""
    wall, cpu = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def _shown(wall: float, cpu: float) -> str:
    return f"{wall:>8.1f} ms (CPU {cpu:.1f} ms)"


def _ms(fn: Any, repeat: int) -> str:
    return _shown(*_measure(fn, repeat))


def _against(cpu: float, goal: int) -> str:
    """The verdict on one of issue 26's goals (on the CPU time: the machine is shared)."""
    return f"goal < {goal} ms: {'met' if cpu < goal else 'MISSED'}"


def _club_teams(tournaments: list[Any], staff: Any) -> None:
    """Championship teams of four for each club, up to three a club and tournament: the
    season's team table then has every club in every tournament. The rules through the teams
    service; the teams written in bulk (bench data, thousands of members)."""
    from marias_admin.core import pagecache
    from marias_admin.teams.models import MemberRole, Team, TeamKind, TeamMember
    from marias_admin.teams.services import team_settings_update
    from marias_admin.tournaments.models import Registration

    for tournament in tournaments:
        team_settings_update(user=staff, tournament=tournament, rules="championship_four",
                             deadline=None)
        by_club: dict[Any, list[Any]] = {}
        for registration in (Registration.objects.filter(tournament=tournament)
                             .select_related("player__club").order_by("id")):
            if registration.player.club is not None:
                by_club.setdefault(registration.player.club, []).append(registration)
        members = []
        for club, registrations in by_club.items():
            for number in range(min(3, len(registrations) // 4)):
                team = Team.objects.create(tournament=tournament, name=f"{club.name} {number + 1}",
                                           kind=TeamKind.CLUB, club=club)
                members += [TeamMember(team=team, registration=r,
                                       role=MemberRole.CAPTAIN if i == 0 else MemberRole.MEMBER)
                            for i, r in enumerate(registrations[number * 4:number * 4 + 4])]
        TeamMember.objects.bulk_create(members)
        pagecache.bump(tournament.pk)


def build_season(tournaments: int = TOURNAMENTS, players: int = PLAYERS) -> dict[str, Any]:
    """``tournaments`` played tournaments whose fields are drawn from one pool of ``players``
    players (each plays most of them), in a competition with a Superliga ranking, a Pražská
    liga ranking dropping the 2 worst, and a clubs' ranking."""
    from django.contrib.auth import get_user_model

    from marias_admin.core import pagecache
    from marias_admin.seasons.models import Audience, Scheme
    from marias_admin.seasons.ranking_services import ranking_save
    from marias_admin.seasons.services import competition_save
    from marias_admin.standings.bench import build_tournament
    from marias_admin.tournaments.models import Registration

    staff = get_user_model().objects.create_user(username="bench-season", is_staff=True)
    rng = random.Random(26)
    built = [build_tournament(players, 4, seed=100 + i, organiser=staff,
                              name=f"Liga {i + 1}").tournament for i in range(tournaments)]
    pool = list(Registration.objects.filter(tournament=built[0]).values_list(
        "player_id", flat=True))
    for tournament in built[1:]:
        entries = list(Registration.objects.filter(tournament=tournament).order_by("id"))
        chosen = rng.sample(pool, len(entries))
        for entry, player in zip(entries, chosen, strict=True):
            entry.player_id = player
        Registration.objects.bulk_update(entries, ["player"])
        pagecache.bump(tournament.pk)
    _club_teams(built, staff)
    competition = competition_save(user=staff, name="Bench liga", season="2026",
                                   drop_worst=2, tournaments=built)
    rankings = [
        ranking_save(user=staff, competition=competition, name="Superliga",
                     scheme=Scheme.SUPERLIGA),
        ranking_save(user=staff, competition=competition, name="Pražská liga",
                     scheme=Scheme.PRAGUE_LEAGUE, drop_worst=2),
        ranking_save(user=staff, competition=competition, name="Kluby",
                     scheme=Scheme.PRAGUE_LEAGUE, audience=Audience.CLUBS),
    ]
    return {"competition": competition, "tournaments": built, "rankings": rankings,
            "player": pool[0]}


def main() -> int:
    from marias_admin.standings.bench import _setup

    _setup()
    from django.test import Client, override_settings
    from django.urls import reverse

    from marias_admin.core import pagecache
    from marias_admin.seasons import snapshots
    from marias_admin.seasons.selectors import season_team_table
    from marias_admin.seasons.services import SEASONS_SCOPE
    from marias_admin.standings.selectors import tournament_standings
    from marias_admin.teams.selectors import team_table

    season = build_season()
    competition, tournaments = season["competition"], season["tournaments"]
    label = f"{TOURNAMENTS} tournaments of {PLAYERS} players"
    recompute = _ms(lambda: [tournament_standings(t) for t in tournaments], 3)
    print(f"{f'standings recomputed, {label}':<52} {recompute}")

    def rebuild() -> None:
        for tournament in tournaments:
            pagecache.bump(tournament.pk)
        snapshots.fresh(tournaments)

    print(f"{'final places rebuilt (all stale)':<52} {_ms(rebuild, 3)}")
    teams = season_team_table(competition)
    if len(teams.tournaments) != TOURNAMENTS or not teams.rows:
        raise SystemExit("the clubs' table lacks tournaments or clubs")
    recomputed = _ms(lambda: [team_table(t) for t in tournaments], 3)
    print(f"{'clubs table recomputed (before: every visit)':<52} {recomputed}")
    stored = _ms(lambda: season_team_table(competition), 5)
    print(f"{'clubs table from the stored places':<52} {stored}")
    pages = {
        "season page": reverse("seasons:season", args=(competition.pk,)),
        "ranking page": reverse("seasons:ranking",
                                args=(competition.pk, season["rankings"][1].pk)),
        "player's season page": reverse("seasons:player",
                                        args=(competition.pk, season["player"])),
    }
    client = Client()
    with override_settings(PUBLIC_PAGE_CACHE_MIN_SECONDS=0):
        for name, url in pages.items():
            if client.get(url).status_code != 200:
                raise SystemExit(f"{name} did not answer 200")

            def stale() -> None:
                pagecache.bump(SEASONS_SCOPE)  # the page goes stale, the places stay fresh

            def cold(url: str = url) -> None:
                assert client.get(url)["X-Page-Cache"] == "miss"

            def cached(url: str = url) -> None:
                assert client.get(url)["X-Page-Cache"] == "hit"

            wall, cpu = _measure(cold, 5, before=stale)
            goal = f"  {_against(cpu, GOAL_COLD_MS)}" if name == "season page" else ""
            print(f"{f'{name}: cold (places stored)':<52} {_shown(wall, cpu)}{goal}")
            client.get(url)
            wall, cpu = _measure(cached, 20)
            goal = f"  {_against(cpu, GOAL_CACHED_MS)}" if name == "season page" else ""
            print(f"{f'{name}: cached':<52} {_shown(wall, cpu)}{goal}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
