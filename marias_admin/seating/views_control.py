"""The control room: every table of a released round, live (its sheet's progress, rulings
under review), and the round clock. The round page shows it; htmx polls its live part every
few seconds, so it costs a constant number of queries whatever the number of tables.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from marias_admin.core.errors import error_text
from marias_admin.seating import probes, review
from marias_admin.seating.forms import ClockForm
from marias_admin.seating.models import Round, RoundState
from marias_admin.seating.selectors import round_clock
from marias_admin.seating.services import round_adjust_clock, round_start_clock
from marias_admin.seating.views_common import (
    form_errors_as_messages,
    round_or_404,
    round_url,
)
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required

STATUS_POLL_SECONDS = 7


def control_room(round: Round) -> dict[str, Any]:
    """The tables' sheet states and the round clock (constant queries whatever the number of
    tables: the page polls this every few seconds)."""
    statuses = probes.round_table_statuses(round) if round.state != RoundState.DRAFT else []
    counts: dict[str, int] = defaultdict(int)
    for status in statuses:
        counts[status.progress.value] += 1
    # Tables a referee's ruling changed after they were handed in: sent back ones need the
    # organiser's attention until confirmed again (standings.review, through a probe).
    reviewed = review.tables_changed_by_rulings(round) if statuses else {}
    return {
        "statuses": statuses,
        "status_counts": counts,
        "clock": round_clock(round),
        "poll_seconds": STATUS_POLL_SECONDS,
        "reviewed": reviewed,
        "under_review": [r for r in reviewed.values() if r["under_review"]],
    }


@require_GET
@organiser_required
def round_tables_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The control room's live part, fetched by the round page's poll."""
    round = round_or_404(tournament, number)
    return render(
        request,
        "seating/_tables_status.html",
        {"tournament": tournament, "round": round, "polled": True, **control_room(round)},
    )


@require_POST
@organiser_required
def round_clock_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Start the round clock, or change the round's length once it runs."""
    round = round_or_404(tournament, number)
    form = ClockForm(request.POST)
    if not form.is_valid():
        form_errors_as_messages(request, form)
        return redirect(round_url(round) + "#control-room")
    minutes = form.cleaned_data["minutes"]
    try:
        if request.POST.get("action") == "adjust":
            round = round_adjust_clock(user=request.user, round=round, minutes=minutes)
            messages.success(
                request,
                _("Round %(number)s now lasts %(minutes)s minutes.")
                % {"number": number, "minutes": minutes},
            )
        else:
            round = round_start_clock(user=request.user, round=round, minutes=minutes)
            messages.success(
                request, _("The clock of round %(number)s is running.") % {"number": number}
            )
    except ValidationError as error:
        messages.error(request, error_text(error))
    return redirect(round_url(round) + "#control-room")
