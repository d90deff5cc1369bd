"""The seating service: stored seed, no repeats, played rounds fixed, re-plan after changes."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Round, RoundState, SeatingMethod
from marias_admin.seating.selectors import plain_seating
from marias_admin.seating.services import round_seat, round_set_state, rounds_replan, seat_swap
from marias_admin.tournaments.models import RegistrationStatus
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    registration_withdraw,
    tournament_create,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return get_user_model().objects.create_user("org", password="pw")


def make_tournament(user, players: int, rounds: int = 3, table_size: int = 4):
    tournament = tournament_create(user=user, name="Test", date=date(2026, 11, 21),
                                   rounds_planned=rounds, table_size=table_size)
    for i in range(players):
        player = player_create(user=user, first_name=f"Hráč{i}", last_name=f"Příjmení{i:03d}")
        registration_create(user=user, tournament=tournament, player=player,
                            status=RegistrationStatus.PRESENT)
    return tournament


def seat_all(user, tournament) -> list[Round]:
    seated = []
    for round in tournament.rounds.order_by("number"):
        seated.append(round_seat(user=user, round=round, seed=round.number * 7))
    return seated


def pairs(seating) -> set[frozenset[int]]:
    return {frozenset((a, b)) for table in seating for a in table for b in table if a < b}


def test_thirty_seven_players_three_rounds_without_repeats(organiser) -> None:
    tournament = make_tournament(organiser, 37)
    rounds = seat_all(organiser, tournament)
    seatings = [plain_seating(r) for r in rounds]
    # ČSM 2023 B.2 (at most three tables of 3): 37 players sit at 7 tables of 4 and 3 of 3.
    assert sorted(len(t) for t in seatings[0]) == [3, 3, 3] + [4] * 7
    met = [pairs(s) for s in seatings]
    assert not (met[0] & met[1]) and not (met[0] & met[2]) and not (met[1] & met[2])
    assert all(r.report["repeat_count"] == 0 for r in rounds)
    assert AuditEntry.objects.filter(action="round.seat").count() == 3


def test_same_seed_same_seating(organiser) -> None:
    tournament = make_tournament(organiser, 24)
    first = tournament.rounds.get(number=1)
    round_seat(user=organiser, round=first, seed=99)
    once = plain_seating(first)
    round_seat(user=organiser, round=first, seed=99)
    assert plain_seating(first) == once
    round_seat(user=organiser, round=first, seed=100)
    assert plain_seating(first) != once


def test_withdrawal_replans_only_what_follows(organiser) -> None:
    tournament = make_tournament(organiser, 37)
    r1, r2, r3 = seat_all(organiser, tournament)
    for r in (r1, r2):
        round_set_state(user=organiser, round=r, state=RoundState.CONFIRMED)
        round_set_state(user=organiser, round=r, state=RoundState.RELEASED)
    before = [plain_seating(r1), plain_seating(r2)]
    leaver = tournament.registrations.order_by("id").first()
    registration_withdraw(user=organiser, registration=leaver, before_round=3)
    rounds_replan(user=organiser, tournament=tournament, from_round=3)
    assert [plain_seating(r1), plain_seating(r2)] == before
    third = plain_seating(Round.objects.get(pk=r3.pk))
    assert leaver.pk not in {p for t in third for p in t}
    assert sum(len(t) for t in third) == 36
    assert not (pairs(third) & (pairs(before[0]) | pairs(before[1])))


def test_played_round_refuses_reseating(organiser) -> None:
    tournament = make_tournament(organiser, 24)
    (first,) = seat_all(organiser, tournament)[:1]
    round_set_state(user=organiser, round=first, state=RoundState.CONFIRMED)
    round_set_state(user=organiser, round=first, state=RoundState.RELEASED)
    with pytest.raises(ValidationError) as info:
        round_seat(user=organiser, round=first, confirm_reseat=True)
    assert info.value.code == "round_played"
    with pytest.raises(ValidationError):
        registration_withdraw(user=organiser, registration=tournament.registrations.first(),
                              before_round=1)


def test_confirmed_round_needs_consent(organiser) -> None:
    tournament = make_tournament(organiser, 24)
    first = tournament.rounds.get(number=1)
    round_seat(user=organiser, round=first)
    round_set_state(user=organiser, round=first, state=RoundState.CONFIRMED)
    with pytest.raises(ValidationError) as info:
        round_seat(user=organiser, round=first)
    assert info.value.code == "round_confirmed"
    round_seat(user=organiser, round=first, confirm_reseat=True)


def test_swap_reports_the_repeat_it_creates(organiser) -> None:
    tournament = make_tournament(organiser, 24)
    r1, r2 = seat_all(organiser, tournament)[:2]
    # Move a table-1 partner from round 1 into the table of player a in round 2.
    a, b = plain_seating(r1)[0][:2]
    table_a = next(t for t in plain_seating(r2) if a in t)
    victim = next(p for p in table_a if p != a)
    regs = {r.pk: r for r in tournament.registrations.all()}
    seat_swap(user=organiser, round=r2, first=regs[b], second=regs[victim])
    r2.refresh_from_db()
    assert [min(a, b), max(a, b), 1] in r2.report["repeated_pairs"]
    with pytest.raises(ValidationError):
        seat_swap(user=organiser, round=r2, first=regs[a], second=regs[a])


def test_later_round_needs_earlier_seated(organiser) -> None:
    tournament = make_tournament(organiser, 24)
    with pytest.raises(ValidationError) as info:
        round_seat(user=organiser, round=tournament.rounds.get(number=2))
    assert info.value.code == "earlier_round_unseated"


def test_impossible_field_is_a_clear_error(organiser) -> None:
    tournament = make_tournament(organiser, 5)
    with pytest.raises(ValidationError) as info:
        round_seat(user=organiser, round=tournament.rounds.get(number=1),
                   method=SeatingMethod.LOT)
    assert info.value.code == "seating_impossible"


def test_seatingplan_command_prints_json() -> None:
    out = io.StringIO()
    call_command("seatingplan", "--players", "16", "--rounds", "5", "--table-size", "4",
                 "--seed", "3", "--json", stdout=out)
    plan = json.loads(out.getvalue())
    assert len(plan["rounds"]) == 5 and plan["repeated_pairs"] == 0
    assert sorted(p for table in plan["rounds"][0] for p in table) == list(range(1, 17))


def test_next_seating_reads_only_confirmed_results(organiser) -> None:
    # Issue 4: only confirmed results feed the next seating (the SZMK plan's standings).
    from decimal import Decimal

    from marias_admin.seating.services import _ranking, _standings
    from marias_admin.sheets.services import sheet_confirm, sheet_for, sheet_submit, totals_set

    referee = get_user_model().objects.create_user("ref2")
    tournament = make_tournament(organiser, 8, rounds=2)
    first = round_seat(user=organiser, round=tournament.rounds.get(number=1), seed=3)
    ids = [r.pk for r in tournament.registrations.all()]
    one, two = (sheet_for(t) for t in first.tables.order_by("number"))
    winner = plain_seating(first)[0][2]
    totals_set(user=organiser, sheet=one, expected_version=0, money=[-100, -100, 300, -100],
               pb=[Decimal(0)] * 4)
    before = _standings(tournament, ids, 2)
    sheet_submit(user=organiser, sheet=one, expected_version=1)
    sheet_confirm(user=referee, sheet=one, expected_version=2)
    assert before == _ranking(tournament, ids)  # a submitted sheet does not count yet
    after = _standings(tournament, ids, 2)
    assert after[0] == winner and sorted(after) == sorted(ids)
    assert two.state == "draft"
