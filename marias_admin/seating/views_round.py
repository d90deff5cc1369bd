"""The organiser's round page: the seating with its report (repeated opponents, clubmates,
teammates), the state buttons, the control room and the clock, and the prompts around them.

The actions its forms post to live in ``views_round_actions``; the control room's live part,
polled by htmx, in ``views_control``. Tables whose sheets hold results are named on the page,
and the swap form does not offer their players.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marias_admin.core.params import positive_ints
from marias_admin.seating import probes
from marias_admin.seating.forms import ClockForm, SeatForm, SwapForm
from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.seating.selectors import history_before, round_clock, round_seats
from marias_admin.seating.services import TRANSITIONS
from marias_admin.seating.views_common import report_count, round_or_404
from marias_admin.seating.views_control import control_room
from marias_admin.seating.views_editing import editor_context
from marias_admin.seating.views_round_actions import STATE_ACTIONS, previous_round_open
from marias_admin.tournaments.models import Tournament, TournamentState
from marias_admin.tournaments.permissions import organiser_required
from marias_admin.tournaments.selectors import playing_in_round

# --- the seating as the page shows it -------------------------------------------------------


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


def round_view(round: Round, swapped: AbstractSet[int] = frozenset()) -> dict[str, Any]:
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
            "repeat_count": report_count(report.get("repeat_count", len(pairs))),
            "lower_bound": report_count(report.get("lower_bound")),
            "unavoidable": bool(report.get("unavoidable")),
            "same_table": report_count(report.get("same_table")),
            "same_seat": report_count(report.get("same_seat")),
            "odd_table_repeats": (report_count(report["odd_table_repeats"])
                                  if "odd_table_repeats" in report else None),
            "clubmate_bound": report_count(report.get("clubmate_bound")),
            "teammate_bound": report_count(report.get("teammate_bound")),
        },
        "player_count": len(seat_list),
        "small_tables": sum(1 for s in tables.values() if len(s) != round.tournament.table_size),
    }


def state_buttons(round: Round) -> list[dict[str, Any]]:
    return [
        {
            "state": target.value,
            "label": STATE_ACTIONS[target][0](),
            "style": STATE_ACTIONS[target][2],
        }
        for target in TRANSITIONS[RoundState(round.state)]
    ]


def _finish_prompt(round: Round, rounds: list[Round]) -> bool:
    """Every round closed and the tournament still running: suggest finishing it (never done
    automatically: a finished tournament is read-only)."""
    return (
        round.tournament.state == TournamentState.RUNNING
        and bool(rounds)
        and all(r.state == RoundState.CLOSED for r in rounds)
    )


# --- the page -------------------------------------------------------------------------------


@require_GET
@organiser_required
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
    swapped = _int_list(request.GET.getlist("swapped"))
    view = round_view(round, swapped)
    rounds = list(tournament.rounds.all())
    playing = playing_in_round(tournament, round.number)
    # a bye is part of the seating: křížový's tables of exactly four, or a late entry waiting
    byes = list(round.byes.select_related("registration__player"))
    seated_ids = {s.registration_id for s in view["seats"]}
    # A bye is part of the seating (křížový: tables of exactly four, docs/readings.md §9.13).
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
        # shown only before the round is fixed: not built (320 names sorted) when not shown
        "swap_form": SwapForm(seats=movable, initial={"version": round.version},
                              language=tournament.page_language)
        if len(movable) >= 2 and not round.is_fixed
        else None,
        "result_tables": result_tables,
        "state_buttons": state_buttons(round),
        "playing_count": len(playing),
        "stale": stale,
        "not_seated_yet": [r for r in playing if r.id not in placed_ids] if stale else [],
        "byes": byes,
        "no_longer_playing": [s for s in view["seats"] if s.registration_id not in playing_ids]
        if stale
        else [],
        "swapped": swapped,
        **control_room(round, request.GET),
        "clock_form": ClockForm(initial={"minutes": round_clock(round).minutes}),
        "finish_prompt": _finish_prompt(round, rounds),
        **editor_context(round, view["seats"], playing=playing, held=result_tables),
        "previous_open": None if round.is_fixed else previous_round_open(round),
        **view,
    }
    return render(request, "seating/round.html", context)
