"""Refusals every app's write services share, kept below the apps that call them."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from marias_admin.tournaments.models import Tournament, TournamentState


def refuse_if_finished(tournament: Tournament) -> None:
    """A finished tournament is read-only: its results, seating and registrations stand as
    published until an organiser reopens it (an audited step of its own)."""
    state = Tournament.objects.filter(pk=tournament.pk).values_list("state", flat=True).first()
    if state == TournamentState.FINISHED:
        raise ValidationError(
            _("The tournament is finished and can no longer change. An organiser can reopen "
              "it on the tournament's page."),
            code="tournament_finished",
        )
