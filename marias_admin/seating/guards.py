"""What every write of a seated round checks first: the round locked with the version its
author saw, and the refusals that keep results with their players.

Shared by the round's services (``services.py``: seat, swap, re-plan), the seating editor
(``editing.py``: move, late entry, locks) and the clock (``clock.py``), so that a swap, a
move and a late entry lock alike and refuse in the same words: one home for each rule.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from marias_admin.seating import probes
from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.tournaments.guards import refuse_if_finished


class RoundConflict(ValidationError):
    """Someone else changed the round since the author loaded its page."""


def lock_round(round: Round, expected_version: int | None) -> Round:
    """The round read again under a row lock (with its tournament), refused when the
    tournament is finished or when ``expected_version`` (the version the author's page was
    built from; ``None``: no check, for internal callers) is not the current one. Every
    seating write starts here, so two directors editing at once never overwrite each other."""
    locked = Round.objects.select_for_update(of=("self",)).select_related("tournament").get(
        pk=round.pk)
    refuse_if_finished(locked.tournament)
    if expected_version is not None and locked.version != expected_version:
        raise RoundConflict(
            _("Someone else changed this round meanwhile. Your change was not saved; here is "
              "the current state."),
            code="conflict",
        )
    return locked


def table_list(numbers: list[int]) -> str:
    """Table numbers as a refusal names them: "2, 5"."""
    return ", ".join(str(n) for n in numbers)


def refuse_tables_with_results(round: Round, numbers: list[int]) -> None:
    """Tables ``numbers`` of the round keep their players: a seat's results are its
    player's (a swap, a move, a late entry at a table with hands would give them to
    another). Shared by the swap and the editor's move and lift from a bye."""
    held = probes.tables_with_results(
        Table.objects.filter(round=round, number__in=numbers)).get(round.number)
    if held:
        raise ValidationError(
            ngettext(
                "Table %(tables)s already holds results (hands, totals or rulings); its players "
                "cannot change seats.",
                "Tables %(tables)s already hold results (hands, totals or rulings); their "
                "players cannot change seats.",
                len(held),
            )
            % {"tables": table_list(held)},
            code="table_has_results",
        )


def refuse_confirmed(round: Round, confirm_reseat: bool) -> None:
    """A confirmed round changes only when the caller says the organiser agreed
    (``confirm_reseat``): its tables' sheets may be printed already. Code
    ``round_confirmed`` is what the views answer with their confirmation page; seating the
    round again, a swap, a move and a late entry all ask this way."""
    if round.state == RoundState.CONFIRMED and not confirm_reseat:
        raise ValidationError(
            _("Round %(number)s is confirmed. Confirm that it should be seated again.")
            % {"number": round.number},
            code="round_confirmed",
        )


def refuse_closed(round: Round) -> None:
    """A closed round never changes. The edits of single seats (a swap, a move, a late
    entry) are allowed in the round in play at tables without results; a new seating of the
    whole round is not (``services._refuse_played``)."""
    if round.state == RoundState.CLOSED:
        raise ValidationError(
            _("Round %(number)s is closed; its seating can no longer change.")
            % {"number": round.number},
            code="round_played",
        )
