"""A played tournament to export and import, and its standings by player name: shared by the
archive tests (the round trip and the hostile archives)."""

from __future__ import annotations

from marias_admin.sheets.models import HandRecord, RulingKind
from marias_admin.sheets.services import hand_delete, ruling_add, sheet_confirm, sheet_submit
from marias_admin.standings.selectors import rules_from, tournament_standings
from marias_admin.tournaments.models import RegistrationStatus
from marias_admin.tournaments.services import player_create, registration_create
from scoring.rank_keys import standing_reasons
from scoring.standings import round_reasons
from tests import factories


def played_tournament():
    """A running tournament: round 1 seated and played, a deleted hand, a ruling, waived PB
    facts, a paper total, one sheet confirmed; players with a club and a registration number."""
    setup = factories.tournament(players=6)
    organiser = setup.staff.organiser
    for i, (last, first) in enumerate([("Kratochvíl", "Ota"), ("Šťastný", "Jiří")]):
        player = player_create(user=organiser, first_name=first, last_name=last,
                               club_name="ŠK Plzeň", registration_number=f"12{i}")
        setup.registrations.append(registration_create(
            user=organiser, tournament=setup.tournament, player=player,
            status=RegistrationStatus.PRESENT))
    factories.running(setup)
    round = factories.seated_round(setup, 1, state="released")
    for table in round.tables.all():
        sheet = factories.sheet(round, table.number)
        factories.add_hand(sheet, "7k+")
        factories.add_hand(sheet, "100+7c f100 60+40 s+", dealer=2, declarer=3)
        factories.add_hand(sheet, "b f -", dealer=3, declarer=4)
        if table.number == 1:
            sheet.refresh_from_db()
            hand_delete(user=setup.staff.scorekeeper, record=sheet.hands.get(number=2),
                        expected_version=sheet.version, reason="zapsáno omylem")
            ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.YELLOW_CARD,
                       reason="zdržování hry", offender=table.seats.get(position=1).registration,
                       hand=sheet.hands.get(number=1))
        for hand in sheet.hands.filter(pb_missing=True, deleted_at__isnull=True):
            ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.PB_WAIVED,
                       reason="fakta PB nezapsána", hand=hand)  # HandRecord.pb_waiver archived
        sheet.refresh_from_db()
        sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
        if table.number == 1:
            sheet.refresh_from_db()
            sheet_confirm(user=setup.staff.referee, sheet=sheet,
                          expected_version=sheet.version)
    HandRecord.objects.filter(sheet__table__round=round, number=1).update(
        paper_money=[1, -1, 0, 0])
    setup.tournament.refresh_from_db()
    return setup


def standings(tournament):
    """The standings by player name (registration ids differ between the two copies)."""
    by_id = {r.pk: r.player.full_name for r in tournament.registrations.select_related("player")}
    rules = rules_from(tournament)
    return [(by_id[s.player], s.rank, s.position, s.by_lot, s.bp, s.sb, s.money, s.premium,
             s.dropped, s.record, s.best_round, standing_reasons(s, rules),
             [(r.round, r.table, r.money, r.premium, r.sb, r.rank, r.bp,
               round_reasons(r, rules)) for r in s.rounds])
            for s in tournament_standings(tournament)]
