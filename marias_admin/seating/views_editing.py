"""The seating editor on the organiser's round page: move a player, seat a late entry, lock
seats before the generator runs.

Thin like the other round actions: the services decide and refuse (results at a table, a
closed round, sizes the family does not allow) and a refusal comes back as a message naming
the table or player. After each edit the round page opens at its report, so the director sees
at once the repeats and clubmates the edit made (the players moved are highlighted).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from marias_admin.core.errors import error_text
from marias_admin.seating import probes
from marias_admin.seating.editing import (
    late_candidates,
    round_late_entry,
    seat_lock_remove,
    seat_lock_set,
    seat_move,
    table_lock,
)
from marias_admin.seating.forms_editing import (
    LateEntryForm,
    LockForm,
    MoveForm,
    Option,
    TableLockForm,
    UnlockForm,
    place_options,
    player_options,
)
from marias_admin.seating.models import Bye, Round, RoundState, Seat, SeatLock, Table
from marias_admin.seating.selectors import round_seats
from marias_admin.seating.views_common import form_errors_as_messages, round_or_404, round_url
from marias_admin.seating.views_round_actions import _confirm_page, _seen_version
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.permissions import organiser_required
from marias_admin.tournaments.selectors import playing_in_round


def _movable(round: Round, seats: list[Seat],
             held: Collection[int] | None = None) -> list[Seat]:
    """Seats at tables whose sheets hold no results (only those may change); ``held``: the
    numbers of those tables when the caller has them already."""
    if held is None:
        held = probes.tables_with_results(Table.objects.filter(round=round)).get(
            round.number, [])
    held = set(held)
    return [s for s in seats if s.table.number not in held]


def _waiting(round: Round) -> list[Registration]:
    """Players with a bye in the round: a move may lift them into a free seat."""
    return [b.registration for b in Bye.objects.filter(round=round).select_related(
        "registration__player__club").order_by("pk")]


def _registration(round: Round, pk: int) -> Registration:
    return Registration.objects.select_related("player").get(pk=pk,
                                                             tournament_id=round.tournament_id)


def _to_report(round: Round, ids: list[int]) -> HttpResponse:
    return redirect(round_url(round, swapped=ids) + "#report")


def editor_context(round: Round, seats: list[Seat], *,
                   playing: list[Registration] | None = None,
                   held: Collection[int] | None = None) -> dict[str, Any]:
    """What the round page's editor shows: the pickers' offers, the late entries waiting,
    the locks. Empty once the round is closed. The round page passes what it has read
    already (``playing_in_round``, the tables holding results), so that nothing is read
    twice a request (issue 27: 320 entries cost milliseconds each time)."""
    if round.state == RoundState.CLOSED:
        return {"editor": None}
    tournament = round.tournament
    language = tournament.page_language
    movable = _movable(round, seats, held) if seats else []
    waiting = _waiting(round) if movable else []
    if playing is None and (seats or not round.is_fixed):
        playing = playing_in_round(tournament, round.number)
    late = late_candidates(round, playing) if seats else []
    locks = list(SeatLock.objects.filter(round=round).select_related("registration__player"))
    lockable = [] if round.is_fixed else list(playing or [])
    return {"editor": {
        "move_form": MoveForm(options=[], initial={"version": round.version},
                              auto_id="move_%s")
        if len(movable) >= 2 or waiting else None,
        "move_players": player_options(seats=movable, registrations=waiting,
                                       language=language),
        "move_places": place_options(movable, tournament.table_size),
        "waiting": waiting,
        "late": late,
        "late_form": LateEntryForm(options=[], initial={"version": round.version},
                                   auto_id="late_%s")
        if late else None,
        "late_players": player_options(registrations=late, language=language),
        "locks": locks,
        "lock_form": LockForm(options=[], auto_id="lock_%s") if lockable else None,
        "lock_players": player_options(registrations=lockable, language=language),
        "table_lock_form": TableLockForm(auto_id="table_lock_%s")
        if seats and not round.is_fixed else None,
    }}


@require_POST
@organiser_required
def round_move_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    movable = _movable(round, list(round_seats(round)))
    form = MoveForm(request.POST, options=player_options(seats=movable,
                                                         registrations=_waiting(round)))
    if not form.is_valid():
        form_errors_as_messages(request, form)
        return redirect(round_url(round) + "#editor")
    registration = _registration(round, form.cleaned_data["player"])
    table, seat = form.cleaned_data["place"]
    occupant = next((s.registration_id for s in movable
                     if s.table.number == table and s.position == seat), None)
    try:
        seat_move(user=request.user, round=round, registration=registration, table=table,
                  position=seat, confirm_reseat=form.cleaned_data["confirm_reseat"],
                  expected_version=form.cleaned_data["version"])
    except ValidationError as error:
        if getattr(error, "code", None) == "round_confirmed":
            return _confirm_page(
                request, round,
                title=_("Round %(number)s is confirmed — move the player?") % {"number": number},
                text=_("%(player)s moves to table %(table)s in the confirmed round %(number)s. "
                       "The round goes back to “seated”; confirm it and print the tables' "
                       "sheets again afterwards.")
                % {"player": registration.player.full_name, "table": table, "number": number},
                action=reverse("seating:round_move", args=(tournament.pk, number)),
                fields={"player": request.POST.get("player", ""),
                        "place": request.POST.get("place", ""), "confirm_reseat": "1",
                        "version": _seen_version(form.cleaned_data["version"], round)},
                button=_("Yes, move the player"))
        messages.error(request, error_text(error))
        return redirect(round_url(round) + "#editor")
    messages.success(request, _("%(player)s now sits at table %(table)s.")
                     % {"player": registration.player.full_name, "table": table})
    return _to_report(round, [registration.pk] + ([occupant] if occupant else []))


@require_POST
@organiser_required
def round_late_entry_view(request: HttpRequest, tournament: Tournament,
                          number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    form = LateEntryForm(request.POST,
                         options=player_options(registrations=late_candidates(round)))
    if not form.is_valid():
        form_errors_as_messages(request, form)
        return redirect(round_url(round) + "#editor")
    registration = _registration(round, form.cleaned_data["player"])
    try:
        round = round_late_entry(user=request.user, round=round, registration=registration,
                                 confirm_reseat=form.cleaned_data["confirm_reseat"],
                                 expected_version=form.cleaned_data["version"])
    except ValidationError as error:
        if getattr(error, "code", None) == "round_confirmed":  # asked as a move asks
            return _confirm_page(
                request, round,
                title=_("Round %(number)s is confirmed — seat the late entry?")
                % {"number": number},
                text=_("%(player)s joins the confirmed round %(number)s. The round goes back "
                       "to “seated”; confirm it and print the tables' sheets again "
                       "afterwards.")
                % {"player": registration.player.full_name, "number": number},
                action=reverse("seating:round_late_entry", args=(tournament.pk, number)),
                fields={"player": request.POST.get("player", ""), "confirm_reseat": "1",
                        "version": _seen_version(form.cleaned_data["version"], round)},
                button=_("Yes, seat the late entry"))
        messages.error(request, error_text(error))
        return redirect(round_url(round) + "#editor")
    messages.success(request, round.late_entry_summary)  # type: ignore[attr-defined]
    return _to_report(round, [registration.pk])


@require_POST
@organiser_required
def round_lock_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Lock a player at a table/seat, lock a whole table, or remove a player's lock."""
    round = round_or_404(tournament, number)
    action = request.POST.get("action", "")
    back = redirect(round_url(round) + "#locks")
    try:
        if action == "table":
            table_form = TableLockForm(request.POST)
            if not table_form.is_valid():
                form_errors_as_messages(request, table_form)
                return back
            table = table_form.cleaned_data["table"]
            table_lock(user=request.user, round=round, table=table)
            messages.success(request, _("Table %(table)s is locked: seating the round again "
                                        "keeps its players in their seats.") % {"table": table})
        elif action == "unlock":
            unlock_form = UnlockForm(request.POST)
            if not unlock_form.is_valid():
                form_errors_as_messages(request, unlock_form)
                return back
            registration = _registration(round, unlock_form.cleaned_data["registration"])
            seat_lock_remove(user=request.user, round=round, registration=registration)
            messages.success(request, _("The locked seat of %(player)s is removed.")
                             % {"player": registration.player.full_name})
        else:
            options: list[Option] = player_options(
                registrations=playing_in_round(tournament, round.number))
            form = LockForm(request.POST, options=options)
            if not form.is_valid():
                form_errors_as_messages(request, form)
                return back
            registration = _registration(round, form.cleaned_data["player"])
            table, seat = form.cleaned_data["place"]
            seat_lock_set(user=request.user, round=round, registration=registration,
                          table=table, position=seat,
                          later_rounds=form.cleaned_data["later_rounds"])
            messages.success(request, _("Locked seat for %(player)s: table %(table)s.")
                             % {"player": registration.player.full_name, "table": table})
    except (ValidationError, Registration.DoesNotExist) as error:
        messages.error(request, error_text(error) if isinstance(error, ValidationError)
                       else _("Unknown player."))
    return back
