"""The organiser's actions on a round: seat it, swap two players, change its state, re-plan
the open rounds after a withdrawal or late entry.

Views stay thin: the services decide and refuse (played rounds, confirmed rounds, impossible
fields); a refusal is shown as a message in the visitor's language, never as an error page.
A confirmed round is only changed after a page that says so and asks again. Every form
carries the round version it was built from, so a second organiser's stale page is refused
instead of overwriting the first one's work.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from marias_admin.core.errors import error_text
from marias_admin.seating import probes
from marias_admin.seating.forms import ReplanForm, SeatForm, StateForm, SwapForm
from marias_admin.seating.models import (
    FIXED_ROUND_STATES,
    Round,
    RoundState,
    SeatingMethod,
    Table,
)
from marias_admin.seating.selectors import OPEN_SEATED_STATES, round_seats
from marias_admin.seating.services import (
    TRANSITIONS,
    round_seat,
    round_set_state,
    rounds_replan,
    seat_swap,
)
from marias_admin.seating.views_common import (
    form_errors_as_messages,
    report_count,
    round_or_404,
    round_url,
)
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required

STATE_ACTIONS: dict[RoundState, Any] = {
    # target state → (button label, needs a confirmation page, button style)
    RoundState.CONFIRMED: (lambda: _("Confirm seating"), False, "primary"),
    RoundState.SEATED: (lambda: _("Reopen for changes"), False, "secondary"),
    RoundState.RELEASED: (lambda: _("Release: start the round"), True, "primary"),
    RoundState.CLOSED: (lambda: _("Close the round"), True, "secondary"),
}


def _seen_version(submitted: int | None, round: Round) -> int:
    """The version a confirmation page passes on: the one the first page was built from, so
    that asking again does not hide a change made by someone else meanwhile."""
    return round.version if submitted is None else submitted


def _confirm_page(
    request: HttpRequest,
    round: Round,
    *,
    title: str,
    text: str,
    action: str,
    fields: dict[str, Any],
    button: str,
    danger: bool = True,
    version: int | None = None,
) -> HttpResponse:
    """The page that asks before a change the round's state makes weighty; its button posts
    ``fields`` again to ``action`` with the round's ``version`` as the visitor saw it (the
    round's current one when the form carried none; a ``version`` in ``fields`` wins)."""
    fields = {"version": _seen_version(version, round), **fields}
    return render(
        request,
        "seating/confirm.html",
        {
            "tournament": round.tournament,
            "round": round,
            "title": title,
            "text": text,
            "action": action,
            "fields": fields,
            "button": button,
            "danger": danger,
            "cancel_url": round_url(round),
        },
    )


@require_POST
@organiser_required
def round_seat_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    form = SeatForm(request.POST)
    if not form.is_valid():
        form_errors_as_messages(request, form)
        return redirect(round_url(round))
    data = form.cleaned_data
    previous_open = previous_round_open(round)
    if previous_open and not data["confirm_previous_open"]:
        previous, tables = previous_open
        return _confirm_page(
            request,
            round,
            title=_("Round %(number)s is still being played — seat round %(next)s now?")
            % {"number": previous.number, "next": number},
            text=_(
                "The sheets of tables %(tables)s of round %(number)s are not confirmed yet. "
                "Seatings by the standings (SZMK rounds 4–6) use the results confirmed so "
                "far; seat round %(next)s after round %(number)s is confirmed, unless you "
                "know it does not depend on it."
            )
            % {"tables": ", ".join(map(str, tables)), "number": previous.number, "next": number},
            action=reverse("seating:round_seat", args=(tournament.pk, number)),
            fields={
                "method": data["method"],
                "seed": "" if data["seed"] is None else data["seed"],
                "confirm_reseat": "1" if data["confirm_reseat"] else "",
                "confirm_previous_open": "1",
            },
            version=data["version"],
            button=_("Yes, seat round %(number)s now") % {"number": number},
        )
    try:
        round = round_seat(
            user=request.user,
            round=round,
            method=SeatingMethod(data["method"]),
            seed=data["seed"],
            confirm_reseat=data["confirm_reseat"],
            expected_version=data["version"],
        )
    except ValidationError as error:
        if getattr(error, "code", None) == "round_confirmed":
            return _confirm_page(
                request,
                round,
                title=_("Round %(number)s is confirmed — seat it again?") % {"number": number},
                text=_(
                    "The seating of round %(number)s has been confirmed and may already be "
                    "printed or announced. Seating it again replaces every table; print "
                    "the sheets again afterwards."
                )
                % {"number": number},
                action=reverse("seating:round_seat", args=(tournament.pk, number)),
                fields={
                    "method": data["method"],
                    "seed": "" if data["seed"] is None else data["seed"],
                    "confirm_reseat": "1",
                    "confirm_previous_open": "1" if data["confirm_previous_open"] else "",
                },
                version=data["version"],
                button=_("Yes, seat round %(number)s again") % {"number": number},
            )
        messages.error(request, error_text(error))
        return redirect(round_url(round))
    report = round.report or {}
    repeats = report_count(report.get("repeat_count", len(report.get("repeated_pairs") or [])))
    if repeats:
        messages.warning(
            request,
            _("Round %(number)s seated (draw number %(seed)s). Some players meet again — see "
              "the report.")
            % {"number": number, "seed": round.seed},
        )
    else:
        messages.success(
            request,
            _("Round %(number)s seated (draw number %(seed)s) with no repeated opponents.")
            % {"number": number, "seed": round.seed},
        )
    return redirect(round_url(round))


@require_POST
@organiser_required
def round_swap_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    seats = list(round_seats(round))
    form = SwapForm(request.POST, seats=seats)
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            text = " ".join(map(str, errors))
            messages.error(request, f"{label}: {text}" if label else text)
        return redirect(round_url(round) + "#swap")
    by_id = {s.registration_id: s for s in seats}
    first = by_id[form.cleaned_data["first"]].registration
    second = by_id[form.cleaned_data["second"]].registration
    try:
        seat_swap(
            user=request.user,
            round=round,
            first=first,
            second=second,
            confirm_reseat=form.cleaned_data["confirm_reseat"],
            expected_version=form.cleaned_data["version"],
        )
    except ValidationError as error:
        if getattr(error, "code", None) == "round_confirmed":
            return _confirm_page(
                request,
                round,
                title=_("Round %(number)s is confirmed — swap the players?") % {"number": number},
                text=_(
                    "%(a)s and %(b)s change seats in the confirmed round %(number)s. "
                    "The round goes back to “seated”; confirm it and print the two "
                    "tables' sheets again afterwards."
                )
                % {"a": first.player.full_name, "b": second.player.full_name, "number": number},
                action=reverse("seating:round_swap", args=(tournament.pk, number)),
                fields={
                    "first": first.pk,
                    "second": second.pk,
                    "confirm_reseat": "1",
                },
                version=form.cleaned_data["version"],
                button=_("Yes, swap them"),
            )
        messages.error(request, error_text(error))
        return redirect(round_url(round))
    messages.success(
        request,
        _("%(a)s and %(b)s swapped seats.")
        % {"a": first.player.full_name, "b": second.player.full_name},
    )
    return redirect(round_url(round, swapped=[first.pk, second.pk]) + "#report")


@require_POST
@organiser_required
def round_state_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    form = StateForm(request.POST)
    if not form.is_valid() or form.cleaned_data["state"] not in RoundState.values:
        messages.error(request, _("Unknown round state."))
        return redirect(round_url(round))
    target = RoundState(form.cleaned_data["state"])
    needs_confirmation = target in STATE_ACTIONS and STATE_ACTIONS[target][1]
    if (
        needs_confirmation
        and not form.cleaned_data["confirmed"]
        and target in TRANSITIONS[RoundState(round.state)]
    ):
        if target == RoundState.RELEASED:
            title = _("Release round %(number)s?") % {"number": number}
            text = _(
                "The round starts: its seating becomes fixed and can never change "
                "again. Later rounds are seated around it."
            )
            previous_open = previous_round_open(round)
            if previous_open:
                text += " " + _(
                    "Round %(number)s is still being played: the sheets of tables %(tables)s "
                    "are not confirmed."
                ) % {
                    "number": previous_open[0].number,
                    "tables": ", ".join(map(str, previous_open[1])),
                }
        else:
            return _close_confirm_page(request, round, form.cleaned_data["version"])
        return _confirm_page(
            request,
            round,
            title=title,
            text=text,
            action=reverse("seating:round_state", args=(tournament.pk, number)),
            fields={
                "state": target.value,
                "confirmed": "1",
            },
            version=form.cleaned_data["version"],
            button=STATE_ACTIONS[target][0](),
            danger=target == RoundState.RELEASED,
        )
    try:
        round_set_state(
            user=request.user,
            round=round,
            state=target,
            expected_version=form.cleaned_data["version"],
            confirm_open_sheets=form.cleaned_data["confirm_open_sheets"],
        )
    except ValidationError as error:
        if getattr(error, "code", None) == "open_sheets":
            return _close_confirm_page(request, round, form.cleaned_data["version"])
        messages.error(request, error_text(error))
    else:
        messages.success(
            request, _("Round %(number)s: %(state)s.") % {"number": number, "state": target.label}
        )
    return redirect(round_url(round))


def previous_round_open(round: Round) -> tuple[Round, list[int]] | None:
    """The previous round and its unconfirmed tables, while it is being played."""
    previous = (
        Round.objects.filter(tournament=round.tournament, number=round.number - 1).first()
        if round.number > 1
        else None
    )
    if previous is None or previous.state != RoundState.RELEASED:
        return None
    tables = probes.unconfirmed_tables(previous)
    return (previous, tables) if tables else None


def _close_confirm_page(request: HttpRequest, round: Round, version: int | None) -> HttpResponse:
    """Ask before closing; name the tables whose sheets are not confirmed, if any."""
    number = round.number
    tables = probes.unconfirmed_tables(round)
    if tables:
        title = _("Close round %(number)s with sheets not confirmed?") % {"number": number}
        text = _(
            "The sheets of these tables are not confirmed yet: %(tables)s. Close the round "
            "anyway?"
        ) % {"tables": ", ".join(map(str, tables))}
    else:
        title = _("Close round %(number)s?") % {"number": number}
        text = _("The round is over; its seating stays as it is.")
    return _confirm_page(
        request,
        round,
        title=title,
        text=text,
        action=reverse("seating:round_state", args=(round.tournament_id, number)),
        fields={
            "state": RoundState.CLOSED.value,
            "confirmed": "1",
            "confirm_open_sheets": "1" if tables else "",
        },
        version=version,
        button=(
            _("Yes, close the round anyway") if tables else STATE_ACTIONS[RoundState.CLOSED][0]()
        ),
        danger=bool(tables),
    )


@require_http_methods(["GET", "POST"])
@organiser_required
def replan(request: HttpRequest, tournament: Tournament, from_round: int) -> HttpResponse:
    """Re-seat the open rounds from ``from_round`` on after a withdrawal or late entry."""
    rounds = list(tournament.rounds.all())
    affected = [r for r in rounds if r.number >= from_round and r.state in OPEN_SEATED_STATES]
    played = [r.number for r in rounds if r.state in FIXED_ROUND_STATES]
    blocked = [r.number for r in rounds if r.number >= from_round and r.is_fixed]
    confirmed = [r for r in affected if r.state == RoundState.CONFIRMED]
    results = probes.tables_with_results(Table.objects.filter(round__in=affected))
    for r in affected:  # replan.html names each round's tables that hold results
        r.result_tables = results.get(r.number, [])  # type: ignore[attr-defined]
    registrations_url = reverse("tournaments:registrations", args=(tournament.pk,))
    if not affected:
        messages.info(
            request,
            _("No seated round from round %(number)s on needs re-planning.")
            % {"number": from_round},
        )
        return redirect(registrations_url)
    if request.method == "POST":
        form = ReplanForm(request.POST)
        confirm = form.is_valid() and form.cleaned_data["confirm_reseat"]
        try:
            done = rounds_replan(
                user=request.user,
                tournament=tournament,
                from_round=from_round,
                confirm_reseat=confirm,
            )
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(
                request,
                _("Re-planned rounds: %(rounds)s. Print their sheets again.")
                % {"rounds": ", ".join(str(r.number) for r in done)},
            )
            return redirect(
                "seating:round",
                tournament_id=tournament.pk,
                number=done[0].number if done else from_round,
            )
    return render(
        request,
        "seating/replan.html",
        {
            "tournament": tournament,
            "from_round": from_round,
            "affected": affected,
            "played": played,
            "blocked": blocked,
            "confirmed": confirmed,
            "has_results": bool(results),
            "cancel_url": registrations_url,
        },
    )
