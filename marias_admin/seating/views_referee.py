"""The control room for the tournament's referees as well as its organisers (issue 24): the
same live rows as the organiser's round page, on a page of its own (``…/control/``), where a
referee confirms a submitted sheet or opens a handed-in one again from its row.

Confirming goes through the sheets' audited service, which refuses whoever wrote on the
sheet (a referee who entered its hands is no second person); opening again needs a reason,
as on the table page. The round clock is shown here, but only the organisers set it (on
their round page).
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from marias_admin.core.errors import error_text
from marias_admin.seating import probes
from marias_admin.seating.models import Round
from marias_admin.seating.views_common import round_or_404, round_url
from marias_admin.seating.views_control import back_to_room, control_room
from marias_admin.tournaments import permissions
from marias_admin.tournaments.middleware import tournament_of
from marias_admin.tournaments.models import Role, Tournament
from marias_admin.tournaments.selectors import can_organise, user_roles


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament | None:
    return (tournament_of(request, tournament_id)
            or Tournament.objects.filter(pk=tournament_id).first())


def _referee(user: object, tournament: Tournament) -> bool:
    return bool(user_roles(user, tournament) & {Role.ORGANISER, Role.REFEREE})


referee_required = permissions.referee_required(
    _tournament, _referee,
    gettext_lazy("Only the tournament's referees and organisers can do this."))


def room_url(request: HttpRequest, round: Round) -> str:
    """Where the visitor's control room stands: the organiser's round page (with the clock's
    controls and the seating), else the referees' page."""
    if can_organise(request.user, round.tournament):
        return round_url(round)
    return reverse("seating:round_control", args=(round.tournament_id, round.number))


class ReopenForm(forms.Form):
    """Why the sheet is opened again: the audit log and the table's log keep it."""

    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200)


@require_GET
@referee_required
def round_control(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The referees' control room: every table of the round, live, with its row actions."""
    round = round_or_404(tournament, number)
    here = reverse("seating:round_control", args=(tournament.pk, number))
    return render(request, "seating/control_room.html", {
        "tournament": tournament, "round": round,
        "is_organiser": can_organise(request.user, tournament),
        **control_room(round, request.GET, room_url=here),
    })


@require_GET
@referee_required
def round_tables_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The control room's live part, fetched by its page's poll."""
    round = round_or_404(tournament, number)
    return render(
        request,
        "seating/_tables_status.html",
        {"tournament": tournament, "round": round, "polled": True,
         **control_room(round, request.GET, room_url=room_url(request, round))},
    )


@require_POST
@referee_required
def round_table_confirm(request: HttpRequest, tournament: Tournament, number: int,
                        table: int) -> HttpResponse:
    """Confirm a submitted table from its row, through the sheets' audited service (which
    refuses whoever wrote on the sheet)."""
    round = round_or_404(tournament, number)
    version = request.POST.get("version", "")
    return _row_action(
        request, round,
        lambda: probes.confirm_table(request.user, round, table,
                                     int(version) if version.isdigit() else None),
        _("The sheet of table %(table)s is confirmed.") % {"table": table})


@require_POST
@referee_required
def round_table_reopen(request: HttpRequest, tournament: Tournament, number: int,
                       table: int) -> HttpResponse:
    """Open a submitted, confirmed or disputed table's sheet again from its row (with a
    reason), through the sheets' audited service: its results stop counting until it is
    confirmed again."""
    round = round_or_404(tournament, number)
    form = ReopenForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the sheet of table %(table)s is opened again.")
                       % {"table": table})
        return back_to_room(request, room_url(request, round))
    return _row_action(
        request, round,
        lambda: probes.reopen_table(request.user, round, table, form.cleaned_data["reason"]),
        _("The sheet of table %(table)s is open for changes again.") % {"table": table})


def _row_action(request: HttpRequest, round: Round, write: Callable[[], None],
                done: str) -> HttpResponse:
    """A row's write through its service: its refusal or ``done`` as the page's message,
    then back to the control room, its filter kept."""
    try:
        write()
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(request, done)
    return back_to_room(request, room_url(request, round))

