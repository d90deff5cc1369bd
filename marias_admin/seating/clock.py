"""Pausing and resuming the round clock (the hall stops for an announcement, a dispute at the
top table): while paused the remaining time stands still on every screen; resuming moves the
round's end by the length of the pause. Every change is audited, like starting the clock and
changing the round length (``seating.services``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.seating.guards import lock_round
from marias_admin.seating.models import Round, RoundState
from marias_admin.seating.selectors import round_clock


def _snapshot(round: Round) -> dict[str, Any]:
    return {
        "paused": round.clock_paused_at is not None,
        "remaining_seconds": round_clock(round).remaining_seconds,
        "paused_seconds": round.clock_paused_seconds,
    }


def _running_round(round: Round) -> Round:
    round = lock_round(round, None)
    if round.state != RoundState.RELEASED or round.started_at is None:
        raise ValidationError(
            _("The clock of round %(number)s has not been started.") % {"number": round.number},
            code="clock_not_started",
        )
    return round


@transaction.atomic
def round_pause_clock(*, user: Any, round: Round) -> Round:
    """Stop the countdown where it is."""
    round = _running_round(round)
    if round.clock_paused_at is not None:
        raise ValidationError(
            _("The clock of round %(number)s is already paused.") % {"number": round.number},
            code="clock_paused",
        )
    before = _snapshot(round)
    round.clock_paused_at = timezone.now()
    round.save(update_fields=["clock_paused_at"])
    audit_record(user=user, action=AuditAction.ROUND_CLOCK_PAUSE, obj=round,
                 tournament=round.tournament, before=before, after=_snapshot(round),
                 summary=_("Round %(number)s: clock paused") % {"number": round.number})
    return round


@transaction.atomic
def round_resume_clock(*, user: Any, round: Round) -> Round:
    """Let the countdown run on from where it was paused."""
    round = _running_round(round)
    if round.clock_paused_at is None:
        raise ValidationError(
            _("The clock of round %(number)s is not paused.") % {"number": round.number},
            code="clock_not_paused",
        )
    before = _snapshot(round)
    paused = max(0, int((timezone.now() - round.clock_paused_at).total_seconds()))
    round.clock_paused_seconds += paused
    round.clock_paused_at = None
    round.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
    audit_record(user=user, action=AuditAction.ROUND_CLOCK_RESUME, obj=round,
                 tournament=round.tournament, before=before, after=_snapshot(round),
                 summary=_("Round %(number)s: clock resumed") % {"number": round.number})
    return round
