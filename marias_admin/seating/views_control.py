"""The control room: every table of a released round, live (its players, its sheet's progress,
what needs the organiser), filtered by state and flag, stragglers first, and the round clock.
The organiser's round page shows it with the clock's controls, the referees' page
(:mod:`marias_admin.seating.views_referee`) without; htmx polls its live part every few
seconds, so it costs a constant number of queries whatever the number of tables.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from marias_admin.core.errors import error_text
from marias_admin.seating import probes, review
from marias_admin.seating.clock import round_pause_clock, round_resume_clock
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
from marias_admin.tournaments.permissions import open_to_all, organiser_required

STATUS_POLL_SECONDS = 7

#: The state filter: key → (label, the sheet progresses it keeps). "open": all but confirmed.
STATE_FILTERS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "open": (pgettext_lazy("tables", "open"), ("not_started", "entering", "submitted", "disputed")),
    "not_started": (gettext_lazy("not started"), ("not_started",)),
    "entering": (gettext_lazy("being entered"), ("entering",)),
    "submitted": (gettext_lazy("submitted"), ("submitted",)),
    "confirmed": (gettext_lazy("confirmed"), ("confirmed",)),
}
#: The flag filter: "any" keeps every flagged table; else one flag (sheets' TABLE_FLAGS keys).
FLAG_FILTERS: dict[str, Any] = {
    "any": gettext_lazy("any flag"),
    "paper": gettext_lazy("paper totals differ"),
    "pb_missing": gettext_lazy("PB facts missing"),
    "ruling_pending": gettext_lazy("ruling pending"),
    "disputed": gettext_lazy("disputed"),
    "changed": gettext_lazy("changed by ruling"),
    "phone_silent": gettext_lazy("phone not heard from"),
}
_NEVER = datetime.min.replace(tzinfo=timezone.get_default_timezone())


def _row_flags(status: Any, ruled: Mapping[str, Any] | None) -> tuple[str, ...]:
    flags = list(status.flags)
    if ruled and "changed" not in flags:  # sent back to the table by a ruling
        flags.append("changed")
    return tuple(flags)


def straggler_key(status: Any) -> tuple[Any, ...]:
    """Open tables first, the longest quiet first (never started: the quietest), then by
    number; the confirmed ones after them, by number."""
    if status.progress == "confirmed":
        return (1, _NEVER, status.number)
    return (0, status.last_activity or _NEVER, status.number)


def control_room(round: Round, query: Mapping[str, Any] | None = None, *,
                 room_url: str | None = None) -> dict[str, Any]:
    """The tables' rows (filtered and ordered as ``query`` asks: ``state``, ``flag``,
    ``order``) and the round clock, in a constant number of queries whatever the number of
    tables: the page polls this every few seconds. ``room_url`` is the page the room stands
    on, where its filters lead (the organiser's round page unless told)."""
    query = query or {}
    statuses = probes.round_table_statuses(round) if round.state != RoundState.DRAFT else []
    counts: dict[str, int] = defaultdict(int)
    for status in statuses:
        counts[status.progress.value] += 1
    # Tables a referee's ruling changed after they were handed in: sent back ones need the
    # organiser's attention until confirmed again (standings.review, through a probe).
    reviewed = review.tables_changed_by_rulings(round) if statuses else {}
    now = timezone.now()
    rows = [{"status": s, "flags": _row_flags(s, reviewed.get(s.number)),
             "ruled": reviewed.get(s.number),
             "quiet_minutes": (int((now - s.last_activity).total_seconds() // 60)
                               if s.last_activity else None)}
            for s in statuses]
    flag_counts: dict[str, int] = defaultdict(int)
    for row in rows:
        for flag in row["flags"]:
            flag_counts[flag] += 1
        flag_counts["any"] += bool(row["flags"])
    state = query.get("state") if query.get("state") in STATE_FILTERS else ""
    flag = query.get("flag") if query.get("flag") in FLAG_FILTERS else ""
    order = "number" if query.get("order") == "number" else ""
    if state:
        rows = [r for r in rows if r["status"].progress in STATE_FILTERS[state][1]]
    if flag:
        rows = [r for r in rows if (r["flags"] if flag == "any" else flag in r["flags"])]
    rows.sort(key=(lambda r: r["status"].number) if order
              else (lambda r: straggler_key(r["status"])))
    kept = {k: v for k, v in (("state", state), ("flag", flag), ("order", order)) if v}
    return {
        "statuses": statuses,
        "rows": rows,
        "status_counts": counts,
        "flag_counts": flag_counts,
        "clock": round_clock(round),
        "poll_seconds": STATUS_POLL_SECONDS,
        "reviewed": reviewed,
        "under_review": [r for r in reviewed.values() if r["under_review"]],
        "filters": kept,
        "room_url": room_url or round_url(round),
        "filter_query": urlencode(kept),
        "state_filters": [(k, label) for k, (label, _progress) in STATE_FILTERS.items()],
        "flag_filters": list(FLAG_FILTERS.items()),
    }


def back_to_room(request: HttpRequest, room: str) -> HttpResponse:
    """To the control room on the page ``room``, keeping its filter."""
    kept = {k: request.POST[k] for k in ("state", "flag", "order") if request.POST.get(k)}
    return redirect((f"{room}?{urlencode(kept)}" if kept else room) + "#control-room")


@require_POST
@organiser_required
def round_clock_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Start the round clock, pause or resume it, or change the round's length once it
    runs."""
    round = round_or_404(tournament, number)
    action = request.POST.get("action")
    try:
        if action == "pause":
            round_pause_clock(user=request.user, round=round)
            messages.success(request, _("The clock of round %(number)s is paused.")
                             % {"number": number})
            return back_to_room(request, round_url(round))
        if action == "resume":
            round_resume_clock(user=request.user, round=round)
            messages.success(request, _("The clock of round %(number)s is running.")
                             % {"number": number})
            return back_to_room(request, round_url(round))
    except ValidationError as error:
        messages.error(request, error_text(error))
        return back_to_room(request, round_url(round))
    form = ClockForm(request.POST)
    if not form.is_valid():
        form_errors_as_messages(request, form)
        return back_to_room(request, round_url(round))
    minutes = form.cleaned_data["minutes"]
    try:
        if action == "adjust":
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
    return back_to_room(request, round_url(round))


@require_GET
@never_cache
@open_to_all
def round_clock_state(request: HttpRequest, tournament_id: int, number: int) -> JsonResponse:
    """The round clock as every screen's script follows it: "running", "paused" or "stopped"
    and the seconds left (nothing else: the clock is shown in the hall anyway)."""
    # The tournament by its key first: a key beyond the database's integers is a plain 404
    # there, where a lookup through the round's foreign key would reach the database with it.
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    clock = round_clock(round_or_404(tournament, number))
    return JsonResponse({"state": clock.state, "remaining": clock.remaining_seconds})
