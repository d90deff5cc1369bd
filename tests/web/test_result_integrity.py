"""Nothing entered is ever lost or misattributed (issue 10).

Re-seating and re-planning never delete hands, a swap never moves a result to another player,
a ruling that changes the money reopens the sheet, a finished tournament accepts nothing, paper
totals follow the sheet's state, concurrent seating is refused instead of overwritten, staff do
not claim sheets, and amounts beyond the columns are a clear error on both databases.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db.models import ProtectedError
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.seating.selectors import plain_seating
from marias_admin.seating.services import (
    RoundConflict,
    round_seat,
    round_set_state,
    rounds_replan,
    seat_swap,
)
from marias_admin.sheets.models import (
    HandRecord,
    RulingKind,
    RulingOutcome,
    SheetState,
    TableSheet,
)
from marias_admin.sheets.services import (
    hand_add,
    hand_delete,
    hand_edit,
    paper_totals_set,
    ruling_add,
    sheet_assign_scorekeeper,
    sheet_confirm,
    sheet_dispute,
    sheet_reopen,
    sheet_submit,
    totals_set,
)
from marias_admin.sheets.services import hands as sheets_hands
from marias_admin.standings.selectors import round_scores
from marias_admin.tournaments.services import registration_withdraw
from scoring.notation import parse
from tests import factories as f

pytestmark = pytest.mark.django_db

ZERO_PB = [Decimal(0)] * 4


def fresh(sheet: TableSheet) -> TableSheet:
    sheet.refresh_from_db()
    return sheet


def hand(sheet: TableSheet, text: str = "7k+", dealer: int = 1, declarer: int = 2):
    return parse(text, ruleset=sheet.table.round.tournament.ruleset(), players=4,
                 dealer=dealer, declarer=declarer)


def money_by_registration(round: Round) -> dict[int, int]:
    """Each player's money in the round, from the live hands and the seats now."""
    totals: dict[int, int] = defaultdict(int)
    for table in round.tables.all():
        seats = {s.position: s.registration_id for s in table.seats.all()}
        for record in HandRecord.objects.filter(sheet__table=table, deleted_at__isnull=True):
            for position, amount in enumerate(record.money, start=1):
                totals[seats[position]] += amount
    return dict(totals)


@pytest.fixture
def setup():
    return f.tournament(players=8, rounds=2)


@pytest.fixture
def confirmed(setup):
    """Round 1 seated and confirmed (not yet released), three hands on table 1."""
    round = f.seated_round(setup, state="confirmed")
    sheet = f.sheet(round, 1)
    for dealer in (1, 2, 3):
        f.add_hand(sheet, "7k+", dealer=dealer, declarer=dealer % 4 + 1)
    return round


# -- 1. re-seating and re-planning keep the hands ---------------------------------------------


def _with_hands(setup, round):
    f.add_hand(f.sheet(round, 1))


def _with_a_deleted_hand(setup, round):
    record = f.add_hand(f.sheet(round, 1))
    sheet = fresh(f.sheet(round, 1))
    hand_delete(user=setup.staff.scorekeeper, record=record, expected_version=sheet.version,
                reason="zapsáno omylem")


def _with_totals(setup, round):
    sheet = f.sheet(round, 1)
    totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version,
               money=[100, -100, 0, 0], pb=ZERO_PB)


def _with_a_ruling(setup, round):
    sheet = f.sheet(round, 1)
    ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.YELLOW_CARD,
               offender=sheet.table.seats.get(position=1).registration, reason="mobil")


@pytest.mark.parametrize("entered", [_with_hands, _with_a_deleted_hand, _with_totals,
                                     _with_a_ruling])
def test_reseat_refuses_a_round_whose_sheets_hold_results(setup, entered):
    round = f.seated_round(setup, state="confirmed")
    f.sheet(round, 2)  # an empty sheet (its page was opened) does not count
    entered(setup, round)
    before = plain_seating(round)
    with translation.override("en"), pytest.raises(ValidationError) as error:
        round_seat(user=setup.staff.organiser, round=round, seed=2, confirm_reseat=True)
    assert error.value.code == "round_has_results"
    assert "table 1 already holds results" in error.value.messages[0]
    assert plain_seating(round) == before
    assert TableSheet.objects.filter(table__round=round).count() == 2
    assert AuditEntry.objects.filter(action="round.seat").count() == 1


def test_reseat_of_a_confirmed_round_keeps_the_three_hands(setup, confirmed):
    with pytest.raises(ValidationError):
        round_seat(user=setup.staff.organiser, round=confirmed, seed=2, confirm_reseat=True)
    assert HandRecord.objects.filter(sheet__table__round=confirmed).count() == 3
    assert confirmed.tables.get(number=1).sheet.hands.count() == 3


def test_reseat_with_only_empty_sheets_still_works(setup):
    round = f.seated_round(setup, state="confirmed")
    f.sheet(round, 1), f.sheet(round, 2)  # opened pages create empty sheets
    before = plain_seating(round)
    round = round_seat(user=setup.staff.organiser, round=round, seed=2, confirm_reseat=True)
    assert plain_seating(round) != before
    assert not TableSheet.objects.filter(table__round=round).exists()


def test_replan_after_a_withdrawal_refuses_and_keeps_the_hands(setup, confirmed):
    f.seated_round(setup, 2)
    registration_withdraw(user=setup.staff.organiser, registration=setup.registrations[7],
                          before_round=1, reason="odešel")
    with translation.override("en"), pytest.raises(ValidationError) as error:
        rounds_replan(user=setup.staff.organiser, tournament=setup.tournament, from_round=1,
                      confirm_reseat=True)
    assert error.value.code == "round_has_results"
    assert "Round 1" in error.value.messages[0] and "table 1" in error.value.messages[0]
    assert HandRecord.objects.filter(sheet__table__round=confirmed).count() == 3


def test_replan_page_names_the_tables_and_offers_no_reseat(client, setup, confirmed):
    registration_withdraw(user=setup.staff.organiser, registration=setup.registrations[7],
                          before_round=1, reason="odešel")
    client.force_login(setup.staff.organiser)
    url = reverse("seating:replan", args=(setup.tournament.pk, 1))
    response = client.get(url)
    assert response.status_code == 200
    assert response.context["has_results"]
    assert response.context["affected"][0].result_tables == [1]
    assert '<form method="post">' not in response.content.decode()
    response = client.post(url, {"confirm_reseat": "1"})
    assert response.status_code == 200 and response.context["messages"]
    assert HandRecord.objects.filter(sheet__table__round=confirmed).count() == 3


def test_round_page_names_the_tables_and_hides_the_reseat(client, setup, confirmed):
    client.force_login(setup.staff.organiser)
    round_url = reverse("seating:round", args=(setup.tournament.pk, 1))
    response = client.get(round_url)
    assert response.context["result_tables"] == [1]
    html = response.content.decode()
    assert 'id="result-tables"' in html
    assert reverse("seating:round_seat", args=(setup.tournament.pk, 1)) not in html
    offered = {value for value, _label in response.context["swap_form"].fields["first"].choices
               if value}
    assert offered == set(confirmed.seats.filter(table__number=2)
                          .values_list("registration_id", flat=True))
    response = client.post(reverse("seating:round_seat", args=(setup.tournament.pk, 1)),
                           {"method": "lot", "seed": "5", "confirm_reseat": "1"}, follow=True)
    assert response.status_code == 200
    assert len(list(response.context["messages"])) == 1
    assert HandRecord.objects.filter(sheet__table__round=confirmed).count() == 3


def test_the_database_never_cascades_a_result_away(setup, confirmed):
    table = confirmed.tables.get(number=1)
    with pytest.raises(ProtectedError):
        Table.objects.filter(pk=table.pk).delete()
    with pytest.raises(ProtectedError):
        Round.objects.filter(pk=confirmed.pk).delete()
    with pytest.raises(ProtectedError):
        TableSheet.objects.filter(pk=table.sheet.pk).delete()
    assert HandRecord.objects.filter(sheet__table=table).count() == 3


# -- 2. a swap never moves a result ------------------------------------------------------------


def test_swap_touching_a_table_with_results_is_refused():
    setup = f.tournament(players=12, rounds=1)
    round = f.seated_round(setup)
    f.add_hand(f.sheet(round, 1))
    money = money_by_registration(round)
    seats = {(s.table.number, s.position): s.registration for s in
             round.seats.select_related("table", "registration")}
    for first, second in (((1, 2), (2, 2)), ((1, 1), (1, 3))):
        with translation.override("en"), pytest.raises(ValidationError) as error:
            seat_swap(user=setup.staff.organiser, round=round, first=seats[first],
                      second=seats[second])
        assert error.value.code == "table_has_results"
        assert error.value.messages[0].startswith("Table 1 already holds results")
    assert money_by_registration(round) == money
    # tables without results still swap
    seat_swap(user=setup.staff.organiser, round=round, first=seats[(2, 1)], second=seats[(3, 1)])
    assert money_by_registration(round) == money


def test_swap_form_offers_only_players_of_tables_without_results(client):
    setup = f.tournament(players=12, rounds=1)
    round = f.seated_round(setup)
    f.add_hand(f.sheet(round, 1))
    client.force_login(setup.staff.organiser)
    response = client.get(reverse("seating:round", args=(setup.tournament.pk, 1)))
    offered = {value for value, _label in response.context["swap_form"].fields["first"].choices
               if value}
    at_table_1 = set(round.seats.filter(table__number=1).values_list("registration_id",
                                                                     flat=True))
    assert offered and not offered & at_table_1


# -- 4. a ruling that changes money reopens the sheet -----------------------------------------


def _ruled_sheet(setup, state: str):
    round = f.seated_round(setup, state="released")
    sheet = f.sheet(round, 1)
    record = f.add_hand(sheet, "b f -", dealer=1, declarer=2)
    sheet = fresh(sheet)
    sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
    if state in ("confirmed", "disputed"):
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)
    if state == "disputed":
        sheet_dispute(user=setup.staff.organiser, sheet=sheet, reason="nesouhlasí")
    return round, fresh(sheet), record


@pytest.mark.parametrize("state", ["submitted", "confirmed", "disputed"])
def test_ruling_that_changes_the_money_reopens_the_sheet(setup, state):
    """Sent back to the table (the referee's choice, issue 21; without one it is refused, see
    test_ruling_review.py): the sheet is entered, submitted and confirmed again."""
    _round, sheet, record = _ruled_sheet(setup, state)
    assert sheet.state == state
    counted = bool(round_scores(setup.tournament))
    assert counted == (state == "confirmed")
    with translation.override("en"):
        ruling = ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.RENONC,
                            hand=record, offender=sheet.table.seats.get(position=3).registration,
                            code="E.2.a", reason="nepřiznal barvu",
                            outcome=RulingOutcome.SENT_BACK)
    sheet = fresh(sheet)
    assert sheet.state == SheetState.DRAFT and sheet.changed_by_ruling == ruling
    assert sheet.submitted_by is None and sheet.submitted_at is None
    assert sheet.confirmed_by is None and sheet.confirmed_at is None
    entry = AuditEntry.objects.filter(action="sheet.draft").latest("id")
    assert entry.before == {"state": state} and entry.user == setup.staff.referee
    assert f"Reopened by ruling {ruling.pk}" in entry.reason and "nepřiznal barvu" in entry.reason
    assert round_scores(setup.tournament) == []  # the standings no longer count it


@pytest.mark.parametrize("kind", [RulingKind.YELLOW_CARD, RulingKind.OTHER])
def test_ruling_without_money_leaves_the_confirmation_alone(setup, kind):
    _round, sheet, _record = _ruled_sheet(setup, "confirmed")
    ruling_add(user=setup.staff.referee, sheet=sheet, kind=kind, reason="upozornění",
               offender=sheet.table.seats.get(position=1).registration)
    sheet = fresh(sheet)
    assert sheet.state == SheetState.CONFIRMED and sheet.confirmed_by == setup.staff.referee
    assert round_scores(setup.tournament)


# -- 5. a finished tournament accepts nothing ------------------------------------------------


def _writes(setup, round, sheet, record):
    staff = setup.staff
    first, second = (s.registration for s in sheet.table.seats.all()[:2])
    return {
        "round_seat": lambda: round_seat(user=staff.organiser, round=round, seed=3,
                                         confirm_reseat=True),
        "seat_swap": lambda: seat_swap(user=staff.organiser, round=round, first=first,
                                       second=second, confirm_reseat=True),
        "round_set_state": lambda: round_set_state(user=staff.organiser, round=round,
                                                   state=RoundState.CLOSED),
        "rounds_replan": lambda: rounds_replan(user=staff.organiser, tournament=setup.tournament,
                                               from_round=1, confirm_reseat=True),
        "hand_add": lambda: hand_add(user=staff.scorekeeper, sheet=sheet, expected_version=None,
                                     hand=hand(sheet)),
        "hand_edit": lambda: hand_edit(user=staff.scorekeeper, record=record,
                                       expected_version=None, hand=hand(sheet), reason="oprava"),
        "hand_delete": lambda: hand_delete(user=staff.scorekeeper, record=record,
                                           expected_version=None, reason="omyl"),
        "totals_set": lambda: totals_set(user=staff.scorekeeper, sheet=sheet,
                                         expected_version=None, money=[0] * 4, pb=ZERO_PB),
        "paper_totals_set": lambda: paper_totals_set(user=staff.scorekeeper, sheet=sheet,
                                                     expected_version=None, money=[0] * 4,
                                                     pb=ZERO_PB),
        "sheet_submit": lambda: sheet_submit(user=staff.scorekeeper, sheet=sheet,
                                             expected_version=None),
        "sheet_confirm": lambda: sheet_confirm(user=staff.referee, sheet=sheet,
                                               expected_version=None),
        "sheet_dispute": lambda: sheet_dispute(user=staff.referee, sheet=sheet, reason="spor"),
        "sheet_reopen": lambda: sheet_reopen(user=staff.referee, sheet=sheet, reason="oprava"),
        "ruling_add": lambda: ruling_add(user=staff.referee, sheet=sheet,
                                         kind=RulingKind.YELLOW_CARD, reason="mobil",
                                         offender=first),
        "sheet_assign_scorekeeper": lambda: sheet_assign_scorekeeper(
            user=staff.organiser, sheet=sheet, scorekeeper=staff.scorekeeper,
            expected_version=None),
    }


WRITES = ["round_seat", "seat_swap", "round_set_state", "rounds_replan", "hand_add",
          "hand_edit", "hand_delete", "totals_set", "paper_totals_set", "sheet_submit",
          "sheet_confirm", "sheet_dispute", "sheet_reopen", "ruling_add",
          "sheet_assign_scorekeeper"]


@pytest.mark.parametrize("write", WRITES)
def test_finished_tournament_refuses_every_write(setup, write):
    round = f.seated_round(setup, state="released")
    sheet = f.sheet(round, 1)
    record = f.add_hand(sheet)
    f.finish(setup)
    sheet, round = fresh(sheet), Round.objects.get(pk=round.pk)
    audit_count, version = AuditEntry.objects.count(), sheet.version
    with pytest.raises(ValidationError) as error:
        _writes(setup, round, sheet, record)[write]()
    assert error.value.code == "tournament_finished"
    assert AuditEntry.objects.count() == audit_count and fresh(sheet).version == version


# -- 6. paper totals follow the sheet's state -------------------------------------------------


@pytest.mark.parametrize("state", ["submitted", "confirmed"])
def test_paper_totals_are_refused_after_submit_and_confirm(setup, state):
    _round, sheet, _record = _ruled_sheet(setup, state)
    with pytest.raises(ValidationError) as error:
        paper_totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                         money=[1, -1, 0, 0], pb=ZERO_PB)
    assert error.value.code == "sheet_closed"
    assert fresh(sheet).paper_money_1 is None


# -- 7. concurrent seating ---------------------------------------------------------------------


def test_second_seating_from_the_same_version_is_refused(setup):
    round = f.seated_round(setup)
    version = round.version
    round_seat(user=setup.staff.organiser, round=round, seed=5, expected_version=version)
    seating = plain_seating(round)
    for write in (
        lambda: round_seat(user=setup.staff.organiser, round=round, seed=6,
                           expected_version=version),
        lambda: seat_swap(user=setup.staff.organiser, round=round,
                          first=setup.registrations[0], second=setup.registrations[1],
                          expected_version=version),
        lambda: round_set_state(user=setup.staff.organiser, round=round,
                                state=RoundState.CONFIRMED, expected_version=version),
    ):
        with pytest.raises(RoundConflict):
            write()
    round.refresh_from_db()
    assert plain_seating(round) == seating and round.seed == 5
    assert round.state == RoundState.SEATED and round.version == version + 1


def test_two_organisers_seating_from_the_same_page(client, setup):
    f.seated_round(setup)
    client.force_login(setup.staff.organiser)
    page = client.get(reverse("seating:round", args=(setup.tournament.pk, 1)))
    version = page.context["round"].version
    assert f'name="version" value="{version}"' in page.content.decode()
    url = reverse("seating:round_seat", args=(setup.tournament.pk, 1))
    client.post(url, {"method": "lot", "seed": "5", "version": version})
    round = setup.tournament.rounds.get(number=1)
    seating = plain_seating(round)
    response = client.post(url, {"method": "lot", "seed": "6", "version": version}, follow=True)
    assert response.status_code == 200
    assert [m.level_tag for m in response.context["messages"]][-1] == "error"
    round.refresh_from_db()
    assert round.seed == 5 and plain_seating(round) == seating
    state_url = reverse("seating:round_state", args=(setup.tournament.pk, 1))
    client.post(state_url, {"state": "confirmed", "version": version})
    round.refresh_from_db()
    assert round.state == RoundState.SEATED  # the stale page changed nothing


def test_every_seating_write_bumps_the_version(setup):
    round = f.seated_round(setup)
    v = round.version
    round = seat_swap(user=setup.staff.organiser, round=round, first=setup.registrations[0],
                      second=setup.registrations[1], expected_version=v)
    round = round_set_state(user=setup.staff.organiser, round=round,
                            state=RoundState.CONFIRMED, expected_version=v + 1)
    [round] = rounds_replan(user=setup.staff.organiser, tournament=setup.tournament,
                            from_round=1, confirm_reseat=True)
    assert Round.objects.get(pk=round.pk).version == v + 3


# -- 10. only a scorekeeper claims an unclaimed sheet ------------------------------------------


@pytest.mark.parametrize("who, claims", [("organiser", False), ("referee", False),
                                         ("scorekeeper", True)])
def test_only_a_scorekeeper_claims_the_sheet(setup, who, claims):
    round = f.seated_round(setup, state="released")
    sheet = f.sheet(round, 1)
    author = getattr(setup.staff, who)
    f.add_hand(sheet, by=author)
    assert fresh(sheet).scorekeeper == (author if claims else None)


# -- 11. amounts beyond the columns ------------------------------------------------------------


def test_a_hand_beyond_the_money_column_is_a_clear_error(setup, monkeypatch):
    # The tournament form caps the base rate now; the service still stands behind it, for any
    # rules whose settlement would outgrow the column (here: 999 999,99 Kč a rate unit).
    huge = setup.tournament.ruleset().override(base=99_999_999)
    monkeypatch.setattr(sheets_hands, "ruleset_of", lambda sheet: huge)
    sheet = f.sheet(f.seated_round(setup, state="released"), 1)
    with translation.override("en"), pytest.raises(ValidationError) as error:
        f.add_hand(sheet, "d+")  # 8 999 999 910 haléř to the declarer
    assert error.value.error_dict["money"][0].code == "amount_too_large"
    assert "999" in error.value.message_dict["money"][0]
    assert not HandRecord.objects.exists()


def test_paper_money_of_a_hand_beyond_the_column_is_a_clear_error(setup):
    sheet = f.sheet(f.seated_round(setup, state="released"), 1)
    with pytest.raises(ValidationError) as error:
        hand_add(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                 hand=hand(sheet), paper_money=[-60, 99_999_999_999, -60, -60])
    assert "paper_money" in error.value.message_dict
    assert not HandRecord.objects.exists()


def test_totals_beyond_the_column_are_a_clear_error(setup):
    sheet = f.sheet(f.seated_round(setup, state="released"), 1)
    with pytest.raises(ValidationError) as error:
        totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                   money=[2_147_483_700, -2_147_483_700, 0, 0], pb=ZERO_PB)
    assert "money" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        paper_totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                         money=[99_999_999_999, 0, 0, 0], pb=ZERO_PB)
    assert "paper_money" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                   money=[0] * 4, pb=[Decimal(10) ** 7, 0, 0, 0])
    assert "pb" in error.value.message_dict
    sheet = fresh(sheet)
    assert sheet.total_money_1 is None and sheet.paper_money_1 is None and sheet.version == 0
    # the largest amount allowed is stored
    totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
               money=[99_999_999, -99_999_999, 0, 0], pb=ZERO_PB)
    assert fresh(sheet).total_money_1 == 99_999_999
