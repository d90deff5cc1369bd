"""Round pages: the organiser's round page (seat, swap, confirm, release, re-plan) and the
public, read-only seating pages players open from the wall or the QR code on their sheet.

Views stay thin: the services decide and refuse (played rounds, confirmed rounds, impossible
fields); a refusal is shown as a message in the visitor's language, never as an error page.
A confirmed round is only changed after a page that says so and asks again. Tables whose
sheets hold results are named on the pages, and the actions that would move their players are
not offered. Every form carries the round version it was built from, so a second organiser's
stale page is refused instead of overwriting the first one's work.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core.errors import error_text
from marias_admin.core.ordering import name_key
from marias_admin.core.pagecache import public_page
from marias_admin.core.params import positive_ints
from marias_admin.seating import probes, review
from marias_admin.seating.forms import ClockForm, ReplanForm, SeatForm, StateForm, SwapForm
from marias_admin.seating.models import (
    FIXED_ROUND_STATES,
    Round,
    RoundState,
    Seat,
    SeatingMethod,
    Table,
)
from marias_admin.seating.selectors import (
    OPEN_SEATED_STATES,
    history_before,
    round_clock,
    round_seats,
    round_tables,
)
from marias_admin.seating.services import (
    TRANSITIONS,
    round_adjust_clock,
    round_seat,
    round_set_state,
    round_start_clock,
    rounds_replan,
    seat_swap,
)
from marias_admin.tournaments.models import Tournament, TournamentState
from marias_admin.tournaments.permissions import organiser_required, public_seating_tournament
from marias_admin.tournaments.selectors import playing_in_round

# --- read helpers (also used by the tournament pages) ---------------------------------------


@dataclass
class SeatView:
    seat: Seat
    repeat: bool = False  # meets someone at this table again
    swapped: bool = False  # one of the two players just swapped


@dataclass
class TableView:
    number: int
    seats: list[SeatView]

    @property
    def highlighted(self) -> bool:
        return any(s.swapped for s in self.seats)


@dataclass
class RepeatView:
    first: Seat | None
    second: Seat | None
    first_id: int
    second_id: int
    times: int
    earlier: list[tuple[int, int]] = field(default_factory=list)  # (round, table) before
    highlighted: bool = False


@dataclass
class ClubmateView:
    """Two players of the same club at one table (the report's ``clubmate_pairs``)."""

    first: Seat | None
    second: Seat | None
    table: int


def _clubmates(report: dict[str, Any], by_id: dict[int, Seat],
               key: str = "clubmate_pairs") -> list[ClubmateView] | None:
    """None for a round seated before the report counted clubmates (or, with
    ``key="teammate_pairs"``, for a round of a tournament without teams)."""
    if key not in report:
        return None
    views = [ClubmateView(first=by_id.get(a), second=by_id.get(b), table=table)
             for a, b, table in report[key]]
    return sorted(views, key=lambda v: v.table)


def _earlier_meetings(
    history: list[list[tuple[int, ...]]], pairs: set[frozenset[int]]
) -> dict[frozenset[int], list[tuple[int, int]]]:
    met: dict[frozenset[int], list[tuple[int, int]]] = defaultdict(list)
    if not pairs:
        return met
    involved = set().union(*pairs)
    for round_number, seating in enumerate(history, start=1):
        for table_number, players in enumerate(seating, start=1):
            here = [p for p in players if p in involved]
            for i, a in enumerate(here):
                for b in here[i + 1 :]:
                    pair = frozenset((a, b))
                    if pair in pairs:
                        met[pair].append((round_number, table_number))
    return met


def _int_list(values: list[str]) -> set[int]:
    return positive_ints(values)  # "①".isdigit() is True, but int() refuses it


def _count(value: Any) -> int:
    """A report figure, whether the planner gives a number or the list behind it."""
    if isinstance(value, list | tuple | dict):
        return len(value)
    return int(value or 0)


def round_view(round: Round, swapped: set[int] = frozenset()) -> dict[str, Any]:
    """Tables, seats and the report of a round, ready for the template (constant queries)."""
    seat_list = list(round_seats(round))
    by_id = {s.registration_id: s for s in seat_list}
    report = round.report or {}
    pairs = report.get("repeated_pairs") or []
    pair_keys = {frozenset((a, b)) for a, b, *_rest in pairs}
    history = history_before(round.tournament, round.number)
    earlier = _earlier_meetings(history, pair_keys)
    in_repeat = set().union(*pair_keys) if pair_keys else set()
    repeats = []
    for a, b, *rest in pairs:
        times = rest[0] if rest else 2
        repeats.append(
            RepeatView(
                first=by_id.get(a),
                second=by_id.get(b),
                first_id=a,
                second_id=b,
                times=times,
                earlier=earlier.get(frozenset((a, b)), []),
                highlighted=bool({a, b} & swapped),
            )
        )
    repeats.sort(
        key=lambda r: (not r.highlighted, -r.times, r.first.table.number if r.first else 0)
    )
    tables: dict[int, list[SeatView]] = defaultdict(list)
    for seat in seat_list:
        tables[seat.table.number].append(
            SeatView(
                seat=seat,
                repeat=seat.registration_id in in_repeat,
                swapped=seat.registration_id in swapped,
            )
        )
    return {
        "seats": seat_list,
        "tables": [TableView(number=n, seats=s) for n, s in sorted(tables.items())],
        "repeats": repeats,
        "swap_repeats": [r for r in repeats if r.highlighted],
        "clubmates": _clubmates(report, by_id),
        "teammates": _clubmates(report, by_id, "teammate_pairs"),
        "report": {
            "repeat_count": _count(report.get("repeat_count", len(pairs))),
            "lower_bound": _count(report.get("lower_bound")),
            "unavoidable": bool(report.get("unavoidable")),
            "same_table": _count(report.get("same_table")),
            "same_seat": _count(report.get("same_seat")),
            "odd_table_repeats": (_count(report["odd_table_repeats"])
                                  if "odd_table_repeats" in report else None),
            "clubmate_bound": _count(report.get("clubmate_bound")),
            "teammate_bound": _count(report.get("teammate_bound")),
        },
        "player_count": len(seat_list),
        "small_tables": sum(1 for s in tables.values() if len(s) != round.tournament.table_size),
    }


def _round_or_404(tournament: Tournament, number: int) -> Round:
    round = get_object_or_404(Round, tournament=tournament, number=number)
    round.tournament = tournament
    return round


def _round_url(round: Round, **query: Any) -> str:
    url = reverse("seating:round", args=(round.tournament_id, round.number))
    return f"{url}?{urlencode(query, doseq=True)}" if query else url


STATE_ACTIONS: dict[RoundState, Any] = {
    # target state → (button label, needs a confirmation page, button style)
    RoundState.CONFIRMED: (lambda: _("Confirm seating"), False, "primary"),
    RoundState.SEATED: (lambda: _("Reopen for changes"), False, "secondary"),
    RoundState.RELEASED: (lambda: _("Release: start the round"), True, "primary"),
    RoundState.CLOSED: (lambda: _("Close the round"), True, "secondary"),
}


def _state_buttons(round: Round) -> list[dict[str, Any]]:
    return [
        {
            "state": target.value,
            "label": STATE_ACTIONS[target][0](),
            "style": STATE_ACTIONS[target][2],
        }
        for target in TRANSITIONS[RoundState(round.state)]
    ]


# --- organiser pages ------------------------------------------------------------------------


@require_GET
@organiser_required
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = _round_or_404(tournament, number)
    swapped = _int_list(request.GET.getlist("swapped"))
    view = round_view(round, swapped)
    rounds = list(tournament.rounds.all())
    playing = playing_in_round(tournament, round.number)
    byes = list(round.byes.select_related("registration__player")) \
        if tournament.full_tables_only else []
    seated_ids = {s.registration_id for s in view["seats"]}
    # A bye is part of the seating (křížový: tables of exactly four, variants.md §9.13).
    placed_ids = seated_ids | {b.registration_id for b in byes}
    playing_ids = {r.id for r in playing}
    stale = bool(seated_ids) and not round.is_fixed and placed_ids != playing_ids
    tables = Table.objects.filter(round=round)
    result_tables = probes.tables_with_results(tables).get(round.number, [])
    movable = [s for s in view["seats"] if s.table.number not in result_tables]
    context = {
        "tournament": tournament,
        "round": round,
        "rounds": rounds,
        "previous_round": next((r for r in rounds if r.number == number - 1), None),
        "next_round": next((r for r in rounds if r.number == number + 1), None),
        "seat_form": SeatForm(initial={"method": round.method, "version": round.version}),
        "swap_form": SwapForm(seats=movable, initial={"version": round.version},
                              language=tournament.page_language)
        if len(movable) >= 2
        else None,
        "result_tables": result_tables,
        "state_buttons": _state_buttons(round),
        "playing_count": len(playing),
        "stale": stale,
        "not_seated_yet": [r for r in playing if r.id not in placed_ids] if stale else [],
        "byes": byes,
        "no_longer_playing": [s for s in view["seats"] if s.registration_id not in playing_ids]
        if stale
        else [],
        "swapped": swapped,
        **control_room(round),
        "clock_form": ClockForm(initial={"minutes": round_clock(round).minutes}),
        "finish_prompt": _finish_prompt(round, rounds),
        "previous_open": None if round.is_fixed else _previous_round_open(round),
        **view,
    }
    return render(request, "seating/round.html", context)


# --- the control room: every table of the round, live ---------------------------------------

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


def _finish_prompt(round: Round, rounds: list[Round]) -> bool:
    """Every round closed and the tournament still running: suggest finishing it (never done
    automatically: a finished tournament is read-only)."""
    return (
        round.tournament.state == TournamentState.RUNNING
        and bool(rounds)
        and all(r.state == RoundState.CLOSED for r in rounds)
    )


@require_GET
@organiser_required
def round_tables_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The control room's live part, fetched by the round page's poll."""
    round = _round_or_404(tournament, number)
    return render(
        request,
        "seating/_tables_status.html",
        {"tournament": tournament, "round": round, "polled": True, **control_room(round)},
    )


def _form_errors_as_messages(request: HttpRequest, form: Any) -> None:
    """A form posted from the round page (no page of its own): its errors as page messages."""
    for errors in form.errors.values():
        messages.error(request, " ".join(errors))


@require_POST
@organiser_required
def round_clock_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Start the round clock, or change the round's length once it runs."""
    round = _round_or_404(tournament, number)
    form = ClockForm(request.POST)
    if not form.is_valid():
        _form_errors_as_messages(request, form)
        return redirect(_round_url(round) + "#control-room")
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
    return redirect(_round_url(round) + "#control-room")


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
) -> HttpResponse:
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
            "cancel_url": _round_url(round),
        },
    )


@require_POST
@organiser_required
def round_seat_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = _round_or_404(tournament, number)
    form = SeatForm(request.POST)
    if not form.is_valid():
        _form_errors_as_messages(request, form)
        return redirect(_round_url(round))
    data = form.cleaned_data
    previous_open = _previous_round_open(round)
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
                "version": _seen_version(data["version"], round),
            },
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
                    "version": _seen_version(data["version"], round),
                },
                button=_("Yes, seat round %(number)s again") % {"number": number},
            )
        messages.error(request, error_text(error))
        return redirect(_round_url(round))
    report = round.report or {}
    repeats = _count(report.get("repeat_count", len(report.get("repeated_pairs") or [])))
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
    return redirect(_round_url(round))


@require_POST
@organiser_required
def round_swap_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = _round_or_404(tournament, number)
    seats = list(round_seats(round))
    form = SwapForm(request.POST, seats=seats)
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect(_round_url(round) + "#swap")
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
                    "version": _seen_version(form.cleaned_data["version"], round),
                },
                button=_("Yes, swap them"),
            )
        messages.error(request, error_text(error))
        return redirect(_round_url(round))
    messages.success(
        request,
        _("%(a)s and %(b)s swapped seats.")
        % {"a": first.player.full_name, "b": second.player.full_name},
    )
    return redirect(_round_url(round, swapped=[first.pk, second.pk]) + "#report")


@require_POST
@organiser_required
def round_state_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = _round_or_404(tournament, number)
    form = StateForm(request.POST)
    if not form.is_valid() or form.cleaned_data["state"] not in RoundState.values:
        messages.error(request, _("Unknown round state."))
        return redirect(_round_url(round))
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
            previous_open = _previous_round_open(round)
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
                "version": _seen_version(form.cleaned_data["version"], round),
            },
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
    return redirect(_round_url(round))


def _previous_round_open(round: Round) -> tuple[Round, list[int]] | None:
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
            "version": _seen_version(version, round),
        },
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
    for r in affected:
        r.result_tables = results.get(r.number, [])
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


# --- public pages ---------------------------------------------------------------------------


def _public_round(request: HttpRequest, tournament_id: int, number: int) -> Round:
    tournament = public_seating_tournament(request, tournament_id)
    return _round_or_404(tournament, number)


def _not_seated(request: HttpRequest, round: Round) -> HttpResponse:
    return render(
        request,
        "seating/public_not_seated.html",
        {"tournament": round.tournament, "round": round},
        status=404,
    )


@dataclass(frozen=True)
class PublicEntry:
    """One line of the public page's list by name: a seat, or a bye (no seat)."""

    registration: Any
    seat: Seat | None = None

    @property
    def bye(self) -> bool:
        return self.seat is None


@require_GET
@public_page  # anonymous visitors get the cached page
def round_public(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    round = _public_round(request, tournament_id, number)
    tables = round_tables(round)
    if not tables:
        return _not_seated(request, round)
    language = round.tournament.page_language
    # Křížový: tables of exactly four leave N mod 4 players a bye (one more query, only there).
    byes = (list(round.byes.select_related("registration__player__club"))
            if round.tournament.full_tables_only else [])
    entries = [PublicEntry(seat.registration, seat)
               for _number, seats in tables for seat in seats]
    entries += [PublicEntry(bye.registration) for bye in byes]
    alphabetical = sorted(
        entries,
        key=lambda e: (name_key(e.registration.player.last_name,
                                e.registration.player.first_name, language),
                       e.registration.pk),
    )
    return render(
        request,
        "seating/public_round.html",
        {
            "tournament": round.tournament,
            "round": round,
            "tables": tables,
            "alphabetical": alphabetical,
            "byes": sorted((bye.registration for bye in byes),
                           key=lambda r: (name_key(r.player.last_name, r.player.first_name,
                                                   language), r.pk)),
            "provisional": round.state == RoundState.SEATED,
        },
    )
