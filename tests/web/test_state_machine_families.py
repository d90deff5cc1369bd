"""The state machine of the newer game families, driven at random through the real services
(issue 21, deliver 7): ČSM volený (tables of 3 and 4, the dealer sitting out at four), ČSM
křížový with partnerships and byes (18 players: four tables of four, two byes a round), the
SloapSlam čtyřka; with a team competition beside them.

The organiser withdraws, enters late, re-plans, seats and swaps, moves rounds on (closing over
open sheets or not), changes the teams after results, finishes (confirming the open list or
not) and reopens; the table's scorekeeper enters hands in each family's shorthand and
submits; a checker who never wrote on any sheet confirms (issue 21: never the writer); the
referee reopens sheets and rules on hands of counted sheets, re-confirming them or sending
them back (``RulingOutcome``). Any service may refuse; a refusal must change nothing.

The machine keeps a model beside the database: every hand it saw accepted (its table, who sat
at each seat, each registration's money) and the sheets that count with each registration's
total. After every step:

- no hand is lost or moved: each is stored, live, at its table, with the same players on its
  seats and the same money per registration as the model (a ruling re-settles only the hand it
  names, and the model follows that explicit change);
- every hand and every sheet sums to zero;
- the confirmed sheets are exactly the model's counted ones, and the standings count exactly
  them, with the model's money per registration: a sheet enters the counted set only by a
  confirmation or a re-confirming ruling, and leaves it only by the referee's reopening or a
  ruling sending it back — no result silently stops counting.
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from marias_admin.demo.krizovy import KRIZOVY_HANDS, seats_clockwise
from marias_admin.demo.sloapslam import CTYRKA_HANDS
from marias_admin.demo.voleny import CSM_HANDS, seats_from_forehand
from marias_admin.seating import services as seating
from marias_admin.seating.models import Bye, Round, RoundState, Seat, Table
from marias_admin.sheets import services as sheets
from marias_admin.sheets.models import (
    HandRecord,
    RulingKind,
    RulingOutcome,
    SheetState,
    TableSheet,
)
from marias_admin.standings.selectors import round_scores
from marias_admin.teams import services as teams
from marias_admin.teams.models import MemberRole, TeamMember, TeamRulesPreset
from marias_admin.tournaments import services as tournaments
from marias_admin.tournaments.models import (
    Registration,
    Role,
    Tournament,
    TournamentState,
)
from marias_admin.tournaments.probes import open_work
from scoring import ScoringError
from scoring.notation import parse
from tests import factories

pytestmark = pytest.mark.django_db

ROUNDS = 2
indices = st.integers(min_value=0, max_value=63)


@dataclass(frozen=True)
class Family:
    players: int  # the field: křížový's 18 leaves two byes a round at tables of four
    hands: tuple[tuple[str, str], ...]  # (shorthand with seat roles, the declarer's role)
    all_play: bool  # all four play (křížový, SloapSlam); else the dealer sits out at four


FAMILIES = {
    "csm-voleny": Family(7, CSM_HANDS, all_play=False),
    "csm-krizovy": Family(18, KRIZOVY_HANDS, all_play=True),
    "sloapslam-ctyrka": Family(8, CTYRKA_HANDS, all_play=True),
}


@dataclass
class Hand:
    """A hand the machine saw accepted: where, who sat there, who won what."""

    sheet_id: int
    table_id: int
    seats: dict[int, int]  # position -> registration id
    money: dict[int, int]  # registration id -> amount


def _ruling_add(**kwargs: Any) -> Any:
    """``sheets.ruling_add`` with the referee's choice on a counted sheet (issue 21). Before
    that choice existed the service took no ``outcome``: it is then left out, and the machine
    shows what the old service did with a counted sheet."""
    if "outcome" not in inspect.signature(sheets.ruling_add).parameters:
        kwargs.pop("outcome")
    return sheets.ruling_add(**kwargs)


class FamiliesMachine(RuleBasedStateMachine):
    """One tournament of a newer family over two rounds, in a rolled-back savepoint."""

    def __init__(self) -> None:
        super().__init__()
        self.hands: dict[int, Hand] = {}
        self.counted: dict[int, dict[int, int]] = {}  # sheet id -> registration -> money
        self.late = 0
        self._atomic = transaction.atomic()
        self._atomic.__enter__()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # -- set-up ------------------------------------------------------------------------------

    @initialize(code=st.sampled_from(sorted(FAMILIES)), seed=st.integers(0, 3),
                hands=st.integers(0, 3),
                state=st.sampled_from([SheetState.DRAFT, SheetState.SUBMITTED,
                                       SheetState.CONFIRMED, SheetState.CONFIRMED]))
    def start(self, code: str, seed: int, hands: int, state: SheetState) -> None:
        """Round 1 released and round 2 seated; a few hands at round 1's table 1, that sheet
        perhaps submitted or confirmed (most runs then have a counted result to watch); a team
        of two beside it; a checker (a referee who never writes) to confirm the sheets."""
        self.family = FAMILIES[code]
        self.setup = factories.tournament(players=self.family.players, rounds=ROUNDS,
                                          ruleset_code=code, name="Rodiny", prefix="f-")
        factories.running(self.setup)
        self.staff = self.setup.staff
        self.checker = factories.user("f-kontrolor")
        tournaments.role_grant(user=self.staff.organiser, tournament=self.setup.tournament,
                               member=self.checker, role=Role.REFEREE)
        self.tid = self.setup.tournament.pk
        factories.seated_round(self.setup, 1, seed=seed, state="released")
        factories.seated_round(self.setup, 2, seed=seed)  # to swap, re-plan or release
        t = self.t
        factories.team_rules(t, TeamRulesPreset.CHAMPIONSHIP_FOUR, by=self.staff.organiser)
        self.team = factories.team(t, "Rodina", [
            (self.setup.registrations[0], MemberRole.CAPTAIN),
            (self.setup.registrations[1], MemberRole.MEMBER)], by=self.staff.organiser)
        note(f"{code}: {self.family.players} players, seed {seed}")
        for pick in range(len(self.family.hands)):
            if len(self.hands) >= hands:
                break
            self.add_hand(table=0, pick=pick, dealer=len(self.hands) + 1)
        sheet = TableSheet.objects.filter(table__round__tournament_id=self.tid).first()
        if sheet is not None and self.hands and state != SheetState.DRAFT:
            self.submit(index=0)
            if state == SheetState.CONFIRMED:
                self.confirm(index=0)

    # -- helpers -----------------------------------------------------------------------------

    @property
    def t(self) -> Tournament:
        return Tournament.objects.get(pk=self.tid)

    def _finished(self) -> bool:
        return self.t.state == TournamentState.FINISHED

    def _registrations(self) -> list[Registration]:
        return list(Registration.objects.filter(tournament_id=self.tid).order_by("id"))

    def _played_tables(self) -> list[Table]:
        return list(Table.objects.filter(round__tournament_id=self.tid,
                                         round__state__in=(RoundState.RELEASED,
                                                           RoundState.CLOSED))
                    .select_related("round").order_by("round__number", "number"))

    def _sheets(self, *states: SheetState) -> list[TableSheet]:
        found = TableSheet.objects.filter(table__round__tournament_id=self.tid)
        if states:
            found = found.filter(state__in=states)
        return list(found.select_related("table__round").order_by("pk"))

    def _call(self, kind: str, label: str, action: Callable[[], Any], *,
              must_refuse: str | None = None, allowed_when_finished: bool = False) -> Any:
        """One service call. A refusal must leave the sheets, hands and seats as they were."""
        finished = self._finished()
        before = self._picture()
        try:
            result = action()
        except ValidationError as exc:
            assert self._picture() == before, f"{label} was refused but changed the results"
            note(f"{label}: refused ({'; '.join(exc.messages)[:160]})")
            event(f"{kind}: refused")
            return None
        note(f"{label}: accepted")
        event(f"{kind}: accepted")
        assert allowed_when_finished or not finished, f"{label} accepted on a finished tournament"
        assert must_refuse is None, f"{label} was accepted although {must_refuse}"
        return result

    def _picture(self) -> tuple[Any, ...]:
        tid = self.tid
        return (
            list(TableSheet.objects.filter(table__round__tournament_id=tid).order_by("pk")
                 .values_list("pk", "state", "version")),
            list(HandRecord.objects.filter(sheet__table__round__tournament_id=tid)
                 .order_by("pk").values_list("pk", "money_1", "money_2", "money_3", "money_4",
                                              "deleted_at")),
            sorted(Seat.objects.filter(round__tournament_id=tid)
                   .values_list("table_id", "position", "registration_id")),
            Tournament.objects.filter(pk=tid).values_list("state", flat=True).get(),
        )

    def _totals(self, sheet_id: int) -> dict[int, int]:
        """The model's money per registration on a sheet, from the hands it saw accepted."""
        totals: dict[int, int] = defaultdict(int)
        for hand in self.hands.values():
            if hand.sheet_id == sheet_id:
                for registration, amount in hand.money.items():
                    totals[registration] += amount
        return dict(totals)

    def _money_of(self, record: HandRecord, seats: dict[int, int]) -> dict[int, int]:
        return {seats[pos]: amount for pos, amount in enumerate(record.money, start=1)}

    def _hand_text(self, players: int, dealer: int, pick: int) -> tuple[str, int] | None:
        """A hand of the family's worked examples, with the seats of this deal filled in."""
        template, role = self.family.hands[pick % len(self.family.hands)]
        if self.family.all_play:
            seat = seats_clockwise(dealer)
        else:
            fh, a, b = seats_from_forehand(players, dealer)
            seat = {"fh": fh, "a": a, "b": b}
        try:
            return template.format(**seat), seat[role]
        except KeyError:
            return None

    # -- the table ---------------------------------------------------------------------------

    @precondition(lambda self: self._played_tables())
    @rule(table=indices, pick=indices, dealer=st.integers(1, 4))
    def add_hand(self, table: int, pick: int, dealer: int) -> None:
        tables = self._played_tables()
        chosen = tables[table % len(tables)]
        sheet = sheets.sheet_for(chosen)
        seats = factories.seat_players(chosen)
        players = len(seats)
        dealer = (dealer - 1) % players + 1
        found = self._hand_text(players, dealer, pick)
        if found is None:
            return
        text, declarer = found
        try:
            hand = parse(text, ruleset=self.t.ruleset(), players=players, dealer=dealer,
                         declarer=declarer)
        except ScoringError:
            note(f"{text!r} does not parse at {players} with dealer {dealer}: skipped")
            return
        closed = None if sheet.state == SheetState.DRAFT else f"the sheet is {sheet.state}"
        record = self._call("add_hand", f"add {text!r} at {chosen}",
                            lambda: sheets.hand_add(user=self.staff.scorekeeper, sheet=sheet,
                                                    expected_version=sheet.version, hand=hand,
                                                    notation=text),
                            must_refuse=closed)
        if record is not None:
            record.refresh_from_db()
            self.hands[record.pk] = Hand(sheet.pk, chosen.pk, seats,
                                         self._money_of(record, seats))

    @precondition(lambda self: self._sheets(SheetState.DRAFT))
    @rule(index=indices)
    def submit(self, index: int) -> None:
        found = [s for s in self._sheets(SheetState.DRAFT)
                 if s.hands.filter(deleted_at__isnull=True).exists()]
        if not found:
            return
        sheet = found[index % len(found)]
        self._call("submit", f"submit {sheet}",
                   lambda: sheets.sheet_submit(user=self.staff.scorekeeper, sheet=sheet,
                                               expected_version=sheet.version))

    @precondition(lambda self: self._sheets(SheetState.SUBMITTED))
    @rule(index=indices)
    def confirm(self, index: int) -> None:
        """By the checker, who wrote nothing on any sheet."""
        found = self._sheets(SheetState.SUBMITTED)
        sheet = found[index % len(found)]
        done = self._call("confirm", f"confirm {sheet}",
                          lambda: sheets.sheet_confirm(user=self.checker, sheet=sheet,
                                                       expected_version=sheet.version))
        if done is not None:
            self.counted[sheet.pk] = self._totals(sheet.pk)

    @precondition(lambda self: self._sheets(SheetState.SUBMITTED, SheetState.CONFIRMED,
                                            SheetState.DISPUTED))
    @rule(index=indices)
    def reopen_sheet(self, index: int) -> None:
        found = self._sheets(SheetState.SUBMITTED, SheetState.CONFIRMED, SheetState.DISPUTED)
        sheet = found[index % len(found)]
        done = self._call("reopen_sheet", f"reopen {sheet}",
                          lambda: sheets.sheet_reopen(user=self.staff.referee, sheet=sheet,
                                                      reason="oprava po kontrole"))
        if done is not None:
            self.counted.pop(sheet.pk, None)  # the explicit way out of the standings

    @precondition(lambda self: self.hands)
    @rule(index=indices, code=indices, seat=st.integers(1, 4),
          outcome=st.sampled_from([RulingOutcome.RECONFIRMED, RulingOutcome.SENT_BACK]))
    def ruling(self, index: int, code: int, seat: int, outcome: RulingOutcome) -> None:
        """A renonc on a hand, preferably of a counted sheet, with the referee's choice."""
        ids = sorted(self.hands)
        counted = [pk for pk in ids if self.hands[pk].sheet_id in self.counted]
        pk = (counted or ids)[index % len(counted or ids)]
        record = HandRecord.objects.get(pk=pk)
        sheet = TableSheet.objects.get(pk=record.sheet_id)
        seats = self.hands[pk].seats
        offender = Registration.objects.get(pk=seats[(seat - 1) % len(seats) + 1])
        catalogue = self.t.ruleset().renoncs
        if not catalogue:
            return
        rule_code = catalogue[code % len(catalogue)].code
        others = {p: h.money for p, h in self.hands.items()
                  if h.sheet_id == sheet.pk and p != pk}
        was_counted = sheet.pk in self.counted
        done = self._call("ruling", f"renonc {rule_code} on hand {pk} ({outcome.value})",
                          lambda: _ruling_add(user=self.staff.referee, sheet=sheet,
                                              kind=RulingKind.RENONC, reason="renonc",
                                              hand=record, offender=offender, code=rule_code,
                                              outcome=outcome))
        if done is None:
            return
        for other, money in others.items():
            now = HandRecord.objects.get(pk=other)
            assert self._money_of(now, seats) == money, (
                f"a ruling on hand {pk} moved the money of hand {other}")
        record.refresh_from_db()
        self.hands[pk].money = self._money_of(record, seats)  # the ruling's explicit change
        sheet.refresh_from_db()
        if sheet.state == SheetState.CONFIRMED:
            self.counted[sheet.pk] = self._totals(sheet.pk)
        elif was_counted:
            assert outcome == RulingOutcome.SENT_BACK, (
                f"{sheet} stopped counting after a ruling the referee re-confirmed")
            self.counted.pop(sheet.pk)

    # -- the organiser -----------------------------------------------------------------------

    @rule(index=indices)
    def withdraw(self, index: int) -> None:
        regs = self._registrations()
        reg = regs[index % len(regs)]
        self._call("withdraw", f"withdraw {reg.pk}",
                   lambda: tournaments.registration_withdraw(
                       user=self.staff.organiser, registration=reg, reason="odstoupil"))

    @rule()
    def late_entry(self) -> None:
        self.late += 1
        self._call("late_entry", "late entry",
                   lambda: tournaments.registration_enter_new_player(
                       user=self.staff.organiser, tournament=self.t, first_name="Pozdní",
                       last_name=f"Hráč{self.late}", present=True))

    @rule(from_round=st.integers(1, ROUNDS), confirm=st.booleans())
    def replan(self, from_round: int, confirm: bool) -> None:
        t = self.t
        self._call("replan", f"re-plan from round {from_round} (confirm {confirm})",
                   lambda: seating.rounds_replan(user=self.staff.organiser, tournament=t,
                                                 from_round=from_round, confirm_reseat=confirm))

    @rule(number=st.integers(1, ROUNDS), seed=st.integers(0, 3), confirm=st.booleans())
    def seat_round(self, number: int, seed: int, confirm: bool) -> None:
        round = Round.objects.get(tournament_id=self.tid, number=number)
        self._call("seat_round", f"seat round {number} (confirm {confirm})",
                   lambda: seating.round_seat(user=self.staff.organiser, round=round, seed=seed,
                                              confirm_reseat=confirm))

    @rule(number=st.integers(1, ROUNDS), first=indices, second=indices, confirm=st.booleans())
    def swap(self, number: int, first: int, second: int, confirm: bool) -> None:
        """Two players (or a player and a bye) of a seated round, mostly one not played."""
        seated = list(Round.objects.filter(tournament_id=self.tid, tables__isnull=False)
                      .distinct().order_by("number"))
        if not seated:
            return
        open_ = [r for r in seated if not r.is_fixed]
        round = (open_ or seated)[number % len(open_ or seated)]
        number = round.number
        regs = [s.registration for s in Seat.objects.filter(round=round)
                .select_related("registration").order_by("table__number", "position")]
        regs += [b.registration for b in Bye.objects.filter(round=round)
                 .select_related("registration").order_by("pk")]  # a bye swapped in
        if len(regs) < 2:
            return
        a = regs[first % len(regs)]
        b = regs[(first + 1 + second % (len(regs) - 1)) % len(regs)]
        self._call("swap", f"swap {a.pk} and {b.pk} in round {number}",
                   lambda: seating.seat_swap(user=self.staff.organiser, round=round, first=a,
                                             second=b, confirm_reseat=confirm))

    @rule(number=st.integers(1, ROUNDS), pick=indices, close_open=st.booleans())
    def round_state(self, number: int, pick: int, close_open: bool) -> None:
        round = Round.objects.get(tournament_id=self.tid, number=number)
        allowed = seating.TRANSITIONS[RoundState(round.state)]
        if not allowed:
            return
        state = allowed[pick % len(allowed)]
        self._call("round_state", f"round {number} → {state.value} (over open {close_open})",
                   lambda: seating.round_set_state(user=self.staff.organiser, round=round,
                                                   state=state,
                                                   confirm_open_sheets=close_open))

    @rule(index=indices, add=st.booleans())
    def team_change(self, index: int, add: bool) -> None:
        """A member added to or taken from the team after results: no result moves."""
        if add:
            taken = set(TeamMember.objects.filter(team__tournament_id=self.tid)
                        .values_list("registration_id", flat=True))
            free = [r for r in self._registrations() if r.pk not in taken]
            if not free:
                return
            reg = free[index % len(free)]
            self._call("team_add", f"team: add {reg.pk}",
                       lambda: teams.member_add(user=self.staff.organiser, team=self.team,
                                                registration=reg, role=MemberRole.MEMBER,
                                                reason="změna po výsledcích"))
            return
        members = list(TeamMember.objects.filter(team=self.team,
                                                 role=MemberRole.MEMBER).order_by("pk"))
        if not members:
            return
        member = members[index % len(members)]
        self._call("team_remove", f"team: remove {member.registration_id}",
                   lambda: teams.member_remove(user=self.staff.organiser, member=member,
                                               reason="změna po výsledcích"))

    @rule(confirmed=st.booleans())
    def finish_or_reopen(self, confirmed: bool) -> None:
        """Finish, confirming the open list or not; reopen a finished tournament."""
        t = self.t
        if t.state == TournamentState.FINISHED:
            done = self._call("reopen", "reopen the tournament",
                              lambda: tournaments.tournament_reopen(
                                  user=self.staff.organiser, tournament=t,
                                  reason="oprava výsledků"),
                              allowed_when_finished=True)
            assert done is not None and not self._finished(), "could not reopen"
            return
        work = open_work(t)
        self._call("finish", f"finish (confirmed {confirmed}, open {bool(work)})",
                   lambda: tournaments.tournament_advance(
                       user=self.staff.organiser, tournament=t, state=TournamentState.FINISHED,
                       confirmed_open=confirmed),
                   must_refuse="rounds or sheets are open" if work and not confirmed else None)

    # -- invariants --------------------------------------------------------------------------

    @invariant()
    def no_hand_lost_or_moved(self) -> None:
        stored = {r.pk: r for r in HandRecord.objects.filter(pk__in=list(self.hands))
                  .select_related("sheet")}
        for pk, hand in self.hands.items():
            assert pk in stored, f"hand {pk} was accepted and is gone"
            record = stored[pk]
            assert record.deleted_at is None, f"hand {pk} was deleted by nobody"
            assert record.sheet.table_id == hand.table_id, f"hand {pk} moved to another table"
            seats = factories.seat_players(hand.table_id)
            assert seats == hand.seats, f"the players under hand {pk} changed"
            assert self._money_of(record, seats) == hand.money, (
                f"hand {pk}: {self._money_of(record, seats)}, the model {hand.money}")

    @invariant()
    def money_sums_to_zero(self) -> None:
        for sheet in self._sheets():
            total = 0
            for record in HandRecord.objects.filter(sheet=sheet, deleted_at__isnull=True):
                assert sum(record.money) == 0, f"hand {record.pk} sums to {sum(record.money)}"
                total += sum(record.money)
            assert total == 0, f"{sheet} sums to {total}"

    @invariant()
    def exactly_the_confirmed_sheets_count(self) -> None:
        confirmed = {s.pk: s for s in self._sheets(SheetState.CONFIRMED)}
        assert set(confirmed) == set(self.counted), (
            f"confirmed sheets {sorted(confirmed)}, counted by the model {sorted(self.counted)}")
        counted: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
        for score in round_scores(self.t):
            if not score.bye:
                counted[(score.round, score.table)][score.player] = score.money
        expected = {}
        for pk, sheet in confirmed.items():
            seats = factories.seat_players(sheet.table_id)
            totals = self.counted[pk]
            expected[(sheet.table.round.number, sheet.table.number)] = {
                registration: totals.get(registration, 0) for registration in seats.values()}
        assert dict(counted) == expected, f"the standings count {dict(counted)}, not {expected}"


def test_texts_of_every_family_parse_somewhere():
    """Each family's worked examples give the machine hands it can enter."""
    from scoring.presets import get_preset

    for code, family in FAMILIES.items():
        ruleset = get_preset(code)
        parsed = 0
        for template, role in family.hands:
            seat = (seats_clockwise(4) if family.all_play
                    else dict(zip(("fh", "a", "b"), seats_from_forehand(3, 3), strict=True)))
            try:
                parse(template.format(**seat), ruleset=ruleset, players=4 if family.all_play
                      else 3, dealer=4 if family.all_play else 3, declarer=seat[role])
            except (ScoringError, KeyError):
                continue
            parsed += 1
        assert parsed >= len(family.hands) // 2, code


def test_families_state_machine():
    run_state_machine_as_test(
        FamiliesMachine,
        settings=settings(max_examples=9, stateful_step_count=18, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.filter_too_much]),
    )
