"""What the seating views of every audience share: the round from the URL, the round page's
address, the figures of a seating report, a form's errors shown as page messages.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import urlencode

from marias_admin.seating.models import Round
from marias_admin.tournaments.models import Tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    """The tournament's round ``number``, carrying the tournament already loaded (no query)."""
    round = get_object_or_404(Round, tournament=tournament, number=number)
    round.tournament = tournament
    return round


def round_url(round: Round, **query: Any) -> str:
    """The organiser's round page, where every action on the round returns."""
    url = reverse("seating:round", args=(round.tournament_id, round.number))
    return f"{url}?{urlencode(query, doseq=True)}" if query else url


def report_count(value: Any) -> int:
    """A report figure, whether the planner gives a number or the list behind it."""
    if isinstance(value, list | tuple | dict):
        return len(value)
    return int(value or 0)


def form_errors_as_messages(request: HttpRequest, form: Any) -> None:
    """A form posted from the round page (no page of its own): its errors as page messages."""
    for errors in form.errors.values():
        messages.error(request, " ".join(errors))
