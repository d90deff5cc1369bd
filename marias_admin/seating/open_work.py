"""What is still open in a tournament, for the organiser who finishes it.

Provided to the tournaments app below (``tournaments.probes.open_work``, in
``SeatingConfig.ready``): finishing makes every result final, so the finish page lists the
rounds not closed and every played table whose sheet is not confirmed, and the service refuses
to finish over them unless the organiser confirmed that list.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from marias_admin.seating import probes
from marias_admin.seating.models import FIXED_ROUND_STATES, Round, RoundState, Seat
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.probes import OpenRound, OpenSheet, OpenWork

CONFIRMED = "confirmed"  # the sheets' progress code of a counted sheet (sheets.TableProgress)


def open_work(tournament: Tournament) -> OpenWork:
    """Rounds not closed, and the unconfirmed sheets of the rounds played (released or
    closed), each with its table's players in seat order."""
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    open_rounds = tuple(OpenRound(r.number, r.state, str(RoundState(r.state).label))
                        for r in rounds if r.state != RoundState.CLOSED)
    waiting: list[tuple[Round, Any]] = []
    for round in rounds:
        if round.state in FIXED_ROUND_STATES:
            waiting += [(round, status) for status in probes.round_table_statuses(round)
                        if str(status.progress) != CONFIRMED]
    names: dict[tuple[int, int], list[str]] = defaultdict(list)
    if waiting:
        for seat in (Seat.objects.filter(round__in={r.pk for r, _ in waiting})
                     .select_related("table", "round", "registration__player")
                     .order_by("round__number", "table__number", "position")):
            names[(seat.round.number, seat.table.number)].append(
                seat.registration.player.full_name)
    sheets = tuple(
        OpenSheet(round.number, status.number, str(status.progress), str(status.progress.label),
                  tuple(names[(round.number, status.number)]))
        for round, status in waiting)
    return OpenWork(open_rounds, sheets)
