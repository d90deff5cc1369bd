"""The SZMK demo `make run` loads beside the ČSM one: a whole tournament, played and confirmed.

The demo is loaded once for the module (inside a transaction rolled back at the end); each test
then reads it inside its own savepoint.
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections import defaultdict
from fractions import Fraction
from itertools import pairwise

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.hands import hands_to_reach, random_hand
from marias_admin.demo.season import TOURNAMENTS as SEASON_TOURNAMENTS
from marias_admin.demo.szmk import SZMK_DEMO_NAME
from marias_admin.seating.models import RoundState, SeatingMethod
from marias_admin.sheets.models import HandRecord, Ruling, RulingKind, SheetState, TableSheet
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Tournament
from scoring import settle
from scoring.jsonio import hand_from_dict
from scoring.presets import get_preset
from tests.demo_data import restored

pytestmark = pytest.mark.django_db

SZMK = get_preset("szmk-voleny-2024")


@pytest.fixture(scope="module")
def demo_id(django_db_setup, django_db_blocker, demo_snapshot):
    """The demos as `bootstrap` loads them (once for the session, ``tests/demo_data.py``),
    in the module's transaction."""
    with django_db_blocker.unblock(), restored(demo_snapshot):
        yield Tournament.objects.get(name=SZMK_DEMO_NAME).pk


@pytest.fixture
def demo(demo_id) -> Tournament:
    return Tournament.objects.get(pk=demo_id)


def live_hands(demo: Tournament):
    return (HandRecord.objects.filter(sheet__table__round__tournament=demo,
                                      deleted_at__isnull=True)
            .select_related("sheet__table__round").order_by("sheet_id", "number"))


def test_thirty_players_six_rounds_seated_by_the_szmk_plan_all_confirmed(demo):
    assert demo.ruleset_code == "szmk-voleny-2024"
    assert (demo.table_size, demo.currency, demo.base_rate) == (3, "EUR", 5)
    assert demo.page_language == "sk"
    assert demo.registrations.count() == 30
    rounds = list(demo.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5, 6]
    for round_ in rounds:
        assert round_.method == SeatingMethod.SZMK
        assert round_.state == RoundState.CLOSED
        assert round_.tables.count() == 10 and round_.seats.count() == 30
    sheets = TableSheet.objects.filter(table__round__tournament=demo)
    assert sheets.count() == 60
    assert set(sheets.values_list("state", flat=True)) == {SheetState.CONFIRMED}
    for sheet in sheets:
        assert sheet.submitted_by_id and sheet.confirmed_by_id
        assert sheet.submitted_by_id != sheet.confirmed_by_id
        assert sheet.hands.filter(deleted_at__isnull=True).count() >= 9


def test_hands_are_the_whole_volene_repertoire(demo):
    contracts = defaultdict(int)
    fleked_by_one = silent_sevens = 0
    for record in live_hands(demo):
        hand = hand_from_dict(record.hand)
        contracts[(hand.contract or "").removesuffix("_hearts")] += 1
        assert sum(record.money) == 0
        fleked_by_one += any(len(d.by) == 1 and d.level for d in hand.doublings)
        silent_sevens += hand.silent_seven is not None
    for contract in ("game", "seven", "hundred", "hundred_seven", "betl", "durch"):
        assert contracts[contract] > 0, contract
    assert fleked_by_one > 10 and silent_sevens > 5


def test_first_mensi_of_the_round_forgiven_the_second_paid(demo):
    by_offender = defaultdict(list)
    for record in live_hands(demo):
        renonc = record.hand.get("renonc")
        if renonc and renonc["code"].startswith("men."):
            by_offender[(record.sheet_id, renonc["offender"])].append(record)
    twice = [records for records in by_offender.values() if len(records) >= 2]
    assert twice, "a player with two menší renoncs at one table"
    first, second = twice[0][:2]
    offender = first.hand["renonc"]["offender"]
    assert first.hand["renonc"].get("forgiven") is True
    assert first.money == [0, 0, 0]
    assert not second.hand["renonc"].get("forgiven")
    assert second.money == [-20 if seat == offender else 10 for seat in (1, 2, 3)]


def test_incorrect_flek_cancelled_and_the_fleker_fined(demo):
    ruling = Ruling.objects.get(sheet__table__round__tournament=demo,
                                kind=RulingKind.FLEK_CANCELLED, code="incorrect")
    record = ruling.hand
    hand = hand_from_dict(record.hand)
    fleker = ruling.sheet.table.seats.get(registration=ruling.offender).position
    assert hand.incorrect_flek_by == (fleker,) and hand.doublings_cancelled
    assert hand.points.declarer_total >= 120
    unfleked = settle(dataclasses.replace(hand, doublings=(), incorrect_flek_by=(),
                                          doublings_cancelled=False), SZMK)
    fines = [record.money[s - 1] - unfleked.money[s] for s in (1, 2, 3)]
    assert fines == [-200 if seat == fleker else 100 for seat in (1, 2, 3)]  # 1 € each
    assert ruling.by.username == "demo-rozhodca"


def _round_record(standing) -> tuple[Fraction, ...]:
    return tuple(sorted((r.bp for r in standing.rounds), reverse=True))


def test_two_players_level_on_points_and_money_ordered_by_round_records(demo):
    standings = tournament_standings(demo)
    assert len(standings) == 30
    for row in standings:  # SZMK table points: 5 / 3 / 1 a round, no shared places here
        assert {r.bp for r in row.rounds} <= {5, 3, 1}
    level = [(a, b) for a, b in pairwise(standings) if (a.bp, a.money) == (b.bp, b.money)]
    by_records = [(a, b) for a, b in level if _round_record(a) != _round_record(b)]
    assert by_records, "two players equal on points and money, with different round records"
    for above, below in by_records:
        assert _round_record(above) > _round_record(below)
        assert above.rank < below.rank and not above.by_lot


def test_the_hands_come_from_fixed_seeds():
    held = dict.fromkeys((1, 2, 3), 1000)
    first = [random_hand(random.Random("x"), SZMK, dealer, held) for dealer in (1, 2, 3)]
    again = [random_hand(random.Random("x"), SZMK, dealer, held) for dealer in (1, 2, 3)]
    assert first == again


def test_a_table_can_be_played_to_an_exact_result():
    hands = hands_to_reach(random.Random(1), SZMK, 2, (120, -300, 180), (-35, 20, 15))
    money = [sum(settle(h, SZMK).money[s] for h in hands) for s in (1, 2, 3)]
    assert money == [-155, 320, -165]


def test_the_demos_pages_open_in_slovak(client, demo):
    player = demo.registrations.order_by("pk").first()
    public = [
        reverse("standings:standings", args=(demo.pk,)),
        reverse("standings:round_results", args=(demo.pk, 6)),
        reverse("standings:player", args=(demo.pk, player.pk)),
        reverse("seating:round_public", args=(demo.pk, 4)),
        reverse("sheets:table", args=(demo.pk, 1, 1)),
    ]
    for url in public:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Language"] == "sk", url
    assert "Hudák" in client.get(public[0]).content.decode()
    client.force_login(get_user_model().objects.get(username="admin"))
    organiser = [
        reverse("tournaments:detail", args=(demo.pk,)),
        reverse("seating:round", args=(demo.pk, 6)),
        reverse("sheets:log", args=(demo.pk,)),
        reverse("printouts:sheets", args=(demo.pk, 6)),
    ]
    for url in organiser:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Language"] == "sk", url


def test_bootstrap_loads_both_demos_once_and_prints_both(demo_id, demo_snapshot):
    # The first run (on an empty database) is the session's, its rows restored for the module
    # (``demo_id``); two more runs must load nothing again and print the same links.
    out = io.StringIO()
    call_command("bootstrap", stdout=out)
    call_command("bootstrap", stdout=io.StringIO())
    szmk = Tournament.objects.get(name=SZMK_DEMO_NAME)
    csm = Tournament.objects.get(name=CSM_DEMO_NAME)
    # ČSM, SZMK, the two volený demos, křížový and SloapSlam's two, each once, and the six
    # tournaments of the demo season
    assert Tournament.objects.count() == 7 + len(SEASON_TOURNAMENTS)
    for text in (demo_snapshot.output, out.getvalue()):
        assert f"/tournaments/{csm.pk}/" in text
        assert f"/tournaments/{szmk.pk}/" in text and f"/t/{szmk.pk}/standings/" in text


# -- the extraliga's club teams (issue 16, deliverable 6) ---------------------------------------


def _individual_rounds(demo: Tournament) -> dict[tuple[int, int], object]:
    """(registration id, round) → the player's row of that round in the individual standings."""
    return {(r.player, r.round): r for s in tournament_standings(demo) for r in s.rounds}


def test_demo_club_teams_follow_the_nomination_sheets(demo):
    from marias_admin.demo.szmk import CLUB_TEAMS
    from marias_admin.teams.models import Team, TeamRulesPreset

    assert demo.team_settings.rules == TeamRulesPreset.SZMK_EXTRALIGA
    teams = {t.name: t for t in Team.objects.filter(tournament=demo).select_related("club")}
    assert set(teams) == set(CLUB_TEAMS)
    for name, roles in CLUB_TEAMS.items():
        team = teams[name]
        assert team.kind == "club" and team.club.name == name
        members = list(team.members.select_related("registration__player__club")
                       .order_by("registration__seed_rank"))
        assert [m.role for m in members] == list(roles)
        assert all(m.registration.player.club_id == team.club_id for m in members)


def test_demo_team_rows_recompute_by_hand_from_the_individual_rows_they_name(client, demo):
    """Every team row of the public team standings: each round's sum is the sum of the
    individual round results of the members the page names as counted, those are the captain
    and nominated players who played plus the two best substitutes (table points, then money),
    and the team's total is the sum of its rounds; the teams stand in that order."""
    from marias_admin.teams.models import TeamMember

    individual = _individual_rounds(demo)
    role_of = dict(TeamMember.objects.filter(team__tournament=demo)
                   .values_list("registration_id", "role"))
    html = client.get(reverse("teams:standings", args=(demo.pk,))).content.decode()
    blocks = re.findall(r'<details class="team-explanation" id="team-(\d+)">(.*?)</details>',
                        html, re.S)
    assert len(blocks) == 6
    totals = []
    substitutes_left_out = 0
    for _team, body in blocks:
        team_points = team_money = 0
        rounds = re.findall(r'<div class="team-round" data-round="(\d+)">(.*?)</div>', body, re.S)
        assert [int(n) for n, _ in rounds] == list(range(1, 7))
        for number, part in rounds:
            number = int(number)
            shown = int(re.search(r'data-sum="bp">([^<]+)<', part).group(1))
            counted = [int(x) for x in re.findall(
                r'<li class="counted" data-registration="(\d+)"', part)]
            others = [int(x) for x in re.findall(
                r'<li class="not-counted[^"]*" data-registration="(\d+)"', part)]
            # by hand: nominated (and the captain) always, the two best substitutes
            members = counted + others
            nominated = [p for p in members if role_of[p] in ("captain", "nominated")]
            subs = sorted((p for p in members if role_of[p] == "substitute"),
                          key=lambda p: (individual[p, number].bp, individual[p, number].money),
                          reverse=True)
            assert sorted(counted) == sorted(nominated + subs[:2])
            substitutes_left_out += len(subs[2:])
            assert shown == sum(individual[p, number].bp for p in counted)
            team_points += shown
            team_money += sum(individual[p, number].money for p in counted)
        summary = re.search(r"<summary>(.*?)</summary>", body, re.S).group(1)
        totals.append((team_points, team_money))
        assert re.search(rf"\b{team_points} = ", summary), summary
    assert substitutes_left_out > 0  # the clubs with three substitutes show one left out
    assert all(a >= b for a, b in pairwise(totals))  # table points, then money


def test_demo_prize_list_has_a_player_who_qualifies_twice(client, demo):
    """Krajčí is third overall and the best senior: he takes the higher prize (third place,
    50 €), the seniors' prize passes to the next senior, and both lines say so."""
    from marias_admin.prizes.selectors import categories, category_ranking, prize_list

    standings = tournament_standings(demo)
    regs = {r.pk: r for r in demo.registrations.select_related("player")}
    third = next(s for s in standings if s.position == 3)
    assert regs[third.player].player.full_name == "Krajčí Anton"
    seniors = next(c for c in categories(demo) if c.kind == "seniors")
    ranking = category_ranking(seniors)
    assert regs[ranking[0].player].player.full_name == "Krajčí Anton"
    lines = {(line.prize.category.kind if line.prize.category else None, line.prize.place): line
             for line in prize_list(demo)}
    assert lines[None, 3].registration.player.full_name == "Krajčí Anton"
    senior_prize = lines["seniors", 1]
    assert senior_prize.registration.pk == ranking[1].player  # the next senior
    assert senior_prize.rank == 2
    client.force_login(get_user_model().objects.get(username="admin"))
    html = client.get(reverse("prizes:prize_list", args=(demo.pk,))).content.decode()
    assert html.count("Krajčí Anton") >= 2  # his prize, and why the seniors' one passed on
    assert "Krajčí" in senior_prize.reason  # placed higher, took another prize
    assert "Kôš dobrôt" in lines[None, 3].reason  # would also have won the seniors' prize
