"""The demo tournaments `make run` loads: ČSM with 24 players, round 1 seated, confirmed and
printable; ČSM volený and pagat with rounds played, ranked by money; ČSM křížový and SloapSlam's
čtyřka and bodovaný křížový with rounds played at tables of four, ranked by table points."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.krizovy import HANDS_PER_TABLE as KRIZOVY_HANDS_PER_TABLE
from marias_admin.demo.krizovy import KRIZOVY_DEMO
from marias_admin.demo.sloapslam import CTYRKA_DEMO
from marias_admin.demo.sloapslam import KRIZOVY_DEMO as SLOAPSLAM_KRIZOVY_DEMO
from marias_admin.demo.voleny import CSM_VOLENY_DEMO, PAGAT_DEMO
from marias_admin.seating.models import RoundState
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Tournament
from tests.demo_data import restored
from tests.web.helpers import refresh_planner_statistics

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def booted(django_db_setup, django_db_blocker, demo_snapshot):
    """What `make run` prints, after its bootstrap ran twice (the second run must change
    nothing). The first run is the session's (``tests/demo_data.py``: it builds the demo
    tournaments with rounds played, the slowest set-up of the suite), its rows restored into
    the module's transaction; the second runs here. Every test here only reads them (its own
    changes roll back)."""
    with django_db_blocker.unblock(), restored(demo_snapshot):
        call_command("bootstrap", stdout=io.StringIO())
        refresh_planner_statistics()
        yield demo_snapshot.output


def test_bootstrap_without_demo() -> None:
    # First in the module: the other tests share the bootstrapped demos (``booted``).
    call_command("bootstrap", "--no-demo", stdout=io.StringIO())
    assert not Tournament.objects.exists()


def test_bootstrap_loads_the_demo_once(client, booted) -> None:
    demo = Tournament.objects.get(name=CSM_DEMO_NAME)
    assert demo.registrations.count() == 24
    first = demo.rounds.get(number=1)
    assert first.state == RoundState.CONFIRMED
    assert first.tables.count() == 6 and first.seats.count() == 24
    assert first.report["repeat_count"] == 0

    client.force_login(demo.roles.get().user)
    pdf = client.get(reverse("printouts:sheets", args=(demo.pk, 1)))
    assert pdf.status_code == 200
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 6


def test_bootstrap_loads_the_voleny_demos(client, booted) -> None:
    csm = Tournament.objects.get(name=CSM_VOLENY_DEMO.name)
    pagat = Tournament.objects.get(name=PAGAT_DEMO.name)
    assert f"/tournaments/{csm.pk}/" in booted
    assert f"/tournaments/{pagat.pk}/" in booted
    assert (csm.ruleset_code, csm.table_size, csm.registrations.count()) == ("csm-voleny", 3, 13)
    assert (pagat.base_rate, pagat.ruleset().rates.seven_killed) == (50, 3)
    for tournament, played in ((csm, 2), (pagat, 1)):
        hands = HandRecord.objects.filter(sheet__table__round__tournament=tournament)
        assert hands.exists() and all(sum(h.money) == 0 for h in hands)  # zero-sum
        sheets = TableSheet.objects.filter(table__round__tournament=tournament)
        assert {s.state for s in sheets} == {SheetState.CONFIRMED}
        assert {s.table.round.number for s in sheets} == set(range(1, played + 1))
        # a table of four each round: the dealer sits out (obecná pravidla L27-28, pagat L108)
        assert all(r.tables.filter(seats__position=4).exists()
                   for r in tournament.rounds.filter(number__lte=played))
        # the standings: BP by money in each round (no PB), then BP and ZB
        standings = tournament_standings(tournament)
        assert all(s.premium == 0 for s in standings)
        for number in range(1, played + 1):
            rounds = [r for s in standings for r in s.rounds if r.round == number]
            for a in rounds:
                for b in rounds:
                    if a.money > b.money:
                        assert a.bp > b.bp
        assert [(s.bp, s.money) for s in standings] == sorted(
            ((s.bp, s.money) for s in standings), reverse=True)
    notations = " ".join(HandRecord.objects.filter(
        sheet__table__round__tournament=csm).values_list("notation", flat=True))
    assert "7p@" in notations and "100p@" in notations and "b+" in notations
    client.force_login(csm.roles.filter(role="organiser").get().user)
    html = client.get(reverse("standings:standings", args=(csm.pk,))).content.decode()
    assert ">ZB</abbr>" in html and ">PB</abbr>" not in html
    pdf = client.get(reverse("printouts:sheets", args=(pagat.pk, 1)))
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 3


def test_bootstrap_loads_the_krizovy_demo(client, booted) -> None:
    """ČSM křížový (issue 15, deliverable 4): 16 players at four tables of four, two rounds
    played through the shorthand, ranked by table points 4-2-1-0 at each table, then money."""
    krizovy = Tournament.objects.get(name=KRIZOVY_DEMO.name)
    assert f"Demo ČSM křížový: http://127.0.0.1:8000/tournaments/{krizovy.pk}/" in booted
    assert (krizovy.ruleset_code, krizovy.table_size, krizovy.registrations.count()) == (
        "csm-krizovy", 4, 16)
    played = KRIZOVY_DEMO.rounds_played
    hands = HandRecord.objects.filter(sheet__table__round__tournament=krizovy)
    assert hands.count() == played * 4 * KRIZOVY_HANDS_PER_TABLE
    for record in hands:
        assert sum(record.money) == 0, record.notation  # zero-sum
        # all four play every hand (obecná pravidla VII.2 L243): nobody sits out with 0
        assert len(record.money) == 4 and all(record.money), (record.notation, record.money)
    sheets = TableSheet.objects.filter(table__round__tournament=krizovy)
    assert sheets.count() == played * 4
    assert {s.state for s in sheets} == {SheetState.CONFIRMED}
    for number in range(1, played + 1):
        round_ = krizovy.rounds.get(number=number)
        assert [t.seats.count() for t in round_.tables.order_by("number")] == [4, 4, 4, 4]
    notations = " ".join(hands.values_list("notation", flat=True))
    for shown in ("sp@", "=k", "7p@", "b+", "dch ch8@"):  # partner, alone, sedma proti, ...
        assert shown in notations, shown

    # The standings: each table's four get 4-2-1-0 by their money there (ties share), so
    # every table hands out 7 points; the tournament orders by points, then money.
    standings = tournament_standings(krizovy)
    assert len(standings) == 16 and all(s.premium == 0 for s in standings)
    for number in range(1, played + 1):
        tables: dict[int, list] = {}
        for s in standings:
            for r in s.rounds:
                if r.round == number:
                    tables.setdefault(r.table, []).append(r)
        assert sorted(tables) == [1, 2, 3, 4]
        for rows in tables.values():
            assert len(rows) == 4 and sum(r.bp for r in rows) == 7
            assert sum(r.money for r in rows) == 0
            for a in rows:
                for b in rows:
                    if a.money > b.money:
                        assert a.bp > b.bp
    assert [(s.bp, s.money) for s in standings] == sorted(
        ((s.bp, s.money) for s in standings), reverse=True)
    assert sum(s.bp for s in standings) == 7 * 4 * played
    html = client.get(reverse("standings:standings", args=(krizovy.pk,))).content.decode()
    assert ">Body</abbr>" in html and ">PB</abbr>" not in html


@pytest.mark.parametrize(("spec", "printed", "base", "shown"), [
    (CTYRKA_DEMO, "Demo SloapSlam čtyřka", 100, ("tr2", "9@", "8@", "!l38@", "sp@", "b+")),
    (SLOAPSLAM_KRIZOVY_DEMO, "Demo SloapSlam bodovaný křížový", 20,
     ("dohr", "!c3@", "trh@", "7p@", "dch ch8@", "=k")),
], ids=["ctyrka", "krizovy"])
def test_bootstrap_loads_the_sloapslam_demos(client, booted, spec, printed, base,
                                             shown) -> None:
    """SloapSlam (issue 15, deliverable 4): 16 players at four tables of four, two rounds played
    through the shorthand, BUS 4-2-1-0 by SB at each table, then SB, then money (SLS L74,
    docs/sloapslam-ctyrka.md "Tournament scoring", docs/sloapslam-krizovy.md "Tournament result");
    PB = 0 until the PB tables exist."""
    demo = Tournament.objects.get(name=spec.name)
    assert f"{printed}: http://127.0.0.1:8000/tournaments/{demo.pk}/" in booted
    assert (demo.ruleset_code, demo.table_size, demo.registrations.count()) == (
        spec.ruleset_code, 4, 16)
    assert demo.full_tables_only and (demo.base_rate, demo.currency) == (base, "CZK")
    played = spec.rounds_played
    hands = HandRecord.objects.filter(sheet__table__round__tournament=demo)
    assert hands.count() == played * 4 * KRIZOVY_HANDS_PER_TABLE
    for record in hands:
        assert sum(record.money) == 0, record.notation  # zero-sum
        # all four play every hand; only S3's renonc leaves the offender's partner at 0: the
        # offender pays for his side (SLS L38)
        assert len(record.money) == 4, record.notation
        assert all(record.money) or "!l38@" in record.notation, (record.notation, record.money)
        if base == 100:  # the čtyřka plays for whole crowns (SLS L14)
            assert all(m % 100 == 0 for m in record.money), record.notation
    sheets = TableSheet.objects.filter(table__round__tournament=demo)
    assert sheets.count() == played * 4
    assert {s.state for s in sheets} == {SheetState.CONFIRMED}
    for number in range(1, played + 1):
        round_ = demo.rounds.get(number=number)
        assert [t.seats.count() for t in round_.tables.order_by("number")] == [4, 4, 4, 4]
    notations = " ".join(hands.values_list("notation", flat=True))
    for item in shown:
        assert item in notations, item

    standings = tournament_standings(demo)
    assert len(standings) == 16 and all(s.premium == 0 for s in standings)
    for number in range(1, played + 1):
        tables: dict[int, list] = {}
        for s in standings:
            for r in s.rounds:
                if r.round == number:
                    tables.setdefault(r.table, []).append(r)
        assert sorted(tables) == [1, 2, 3, 4]
        for rows in tables.values():
            assert len(rows) == 4 and sum(r.bp for r in rows) == 7
            assert sum(r.money for r in rows) == 0
            for a in rows:
                for b in rows:
                    if a.sb > b.sb:  # BUS by SB at the table
                        assert a.bp > b.bp
    assert [(s.bp, s.sb, s.money) for s in standings] == sorted(
        ((s.bp, s.sb, s.money) for s in standings), reverse=True)
    assert sum(s.bp for s in standings) == 7 * 4 * played
    html = client.get(reverse("standings:standings", args=(demo.pk,))).content.decode()
    assert ">Body</abbr>" in html and ">SB</abbr>" in html


def test_the_csm_demo_has_teams_of_four_categories_and_prizes(client, booted) -> None:
    """Issue 16: six teams of four (captain + 3) kept apart by the seating of round 1, the
    categories women and seniors from the players' details, and a small prize table."""
    from marias_admin.demo.csm import PRIZES, SENIORS_BORN_BY
    from marias_admin.prizes.selectors import categories, prizes
    from marias_admin.teams.models import TeamRulesPreset

    demo = Tournament.objects.get(name=CSM_DEMO_NAME)
    assert demo.team_settings.rules == TeamRulesPreset.CHAMPIONSHIP_FOUR
    teams = list(demo.teams.prefetch_related("members"))
    assert len(teams) == 6
    for team in teams:
        roles = sorted(m.role for m in team.members.all())
        assert roles == ["captain", "member", "member", "member"]
    report = demo.rounds.get(number=1).report
    assert report["teammate_pairs"] == [] and report["repeat_count"] == 0
    kinds = {c.kind: c for c in categories(demo)}
    assert set(kinds) == {"women", "seniors"} and kinds["seniors"].year == SENIORS_BORN_BY
    players = {r.pk: r.player for r in demo.registrations.select_related("player")}
    assert [p.last_name for p in players.values() if p.sex == "female"] == ["Štěpánková"]
    assert all(p.sex == "male" for p in players.values() if p.last_name != "Štěpánková")
    seniors = [p for p in players.values() if p.birth_year and p.birth_year <= SENIORS_BORN_BY]
    assert len(seniors) >= 3
    assert [(p.place, p.label) for p in prizes(demo)] == [(place, label)
                                                        for _c, place, label, _v in PRIZES]
    assert client.get(reverse("teams:standings", args=(demo.pk,))).status_code == 200


def test_demo_season_has_six_tournaments_rankings_and_reasons(client, booted) -> None:
    from marias_admin.demo.season import SEASON_DEMO_NAME
    from marias_admin.players.models import Player
    from marias_admin.seasons.models import Audience, Competition
    from marias_admin.seasons.rankings import ranking_table

    season = Competition.objects.get(name=SEASON_DEMO_NAME)
    assert f"Demo season: http://127.0.0.1:8000/seasons/{season.pk}/" in booted
    members = [m.tournament for m in season.memberships.select_related("tournament")]
    assert len(members) >= 6 and len({t.ruleset_code for t in members}) >= 3
    assert all(tournament_standings(t) for t in members)
    rankings = {r.audience: r for r in season.rankings.all()}
    assert {Audience.ALL, Audience.WOMEN, Audience.CLUBS} <= rankings.keys()
    assert len(ranking_table(rankings[Audience.CLUBS]).rows) == 3
    client.cookies["django_language"] = "en"
    unpaid = Player.objects.get(registration_number="CZ-26013")
    page = client.get(reverse("seasons:player", args=(season.pk, unpaid.pk))).content.decode()
    assert "not a member with paid dues for this season" in page
    banned = Player.objects.get(registration_number="CZ-26014")
    page = client.get(reverse("seasons:player", args=(season.pk, banned.pk))).content.decode()
    assert page.count("disqualified in this season") == season.rankings.exclude(
        audience=Audience.CLUBS).count()
