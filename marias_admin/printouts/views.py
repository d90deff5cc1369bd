"""PDF downloads for a round: table sheets (organiser only) and seating lists; the players'
slips with their PINs (organiser only).

Seating lists are public while the tournament's ``public_seating`` toggle is on (they hang on
the wall anyway); table sheets carry registration numbers and a link for results, so only
the organiser prints them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from marias_admin.printouts import selectors
from marias_admin.printouts.data import SeatingData
from marias_admin.printouts.player_slips import build_player_slips
from marias_admin.printouts.seating_lists import (
    build_seating_alphabetical,
    build_seating_by_table,
)
from marias_admin.printouts.table_sheets import build_table_sheets
from marias_admin.seating.models import RoundState
from marias_admin.sheets.access import absolute_url, player_pins, table_accesses_issue
from marias_admin.tournaments.middleware import tournament_of
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_denial


@require_GET
@never_cache
def sheets(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    denial = organiser_denial(request, tournament)
    if denial:
        return denial
    try:
        round_ = selectors.seated_round(tournament, number)
        seats = selectors.round_seats(round_, links=True)
        # Printing a table's link and PIN issues them when missing: an audited write.
        links = (table_accesses_issue(user=request.user, tables=selectors.tables_of(seats))
                 if round_.state != RoundState.CLOSED else {})
        data = selectors.table_sheets(tournament, round_,
                                      lambda path: absolute_url(request, path),
                                      seats=seats, links=links)
    except selectors.RoundNotSeated:
        return _not_seated(request, tournament, number)
    return _pdf(build_table_sheets(data), tournament, number, "table-sheets")


@require_GET
@never_cache
def seating_tables(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    return _seating_list(request, tournament_id, number, build_seating_by_table,
                         "seating-by-table")


@require_GET
@never_cache
def seating_alpha(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    return _seating_list(request, tournament_id, number, build_seating_alphabetical,
                         "seating-alphabetical")


def _seating_list(request: HttpRequest, tournament_id: int, number: int,
                  build: Callable[[SeatingData], bytes], kind: str) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    denial = None if tournament.public_seating else organiser_denial(request, tournament)
    if denial:
        return denial
    try:
        round_ = selectors.seated_round(tournament, number)
        data = selectors.seating(tournament, round_)
    except selectors.RoundNotSeated:
        return _not_seated(request, tournament, number)
    return _pdf(build(data), tournament, number, kind)


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, as the language middleware already read it when it did."""
    return tournament_of(request, tournament_id) or get_object_or_404(Tournament,
                                                                        pk=tournament_id)


def _pdf(content: bytes, tournament: Tournament, number: int, kind: str) -> HttpResponse:
    """Shown in the browser (inline) for printing, with a name that saves sensibly."""
    filename = f"{slugify(tournament.name) or 'tournament'}-round-{number}-{kind}.pdf"
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


def _not_seated(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A 404 that says why: the organiser asked too early, not for a wrong address."""
    return render(request, "printouts/not_seated.html",
                  {"tournament": tournament, "number": number}, status=404)


@require_GET
@never_cache
def player_slips(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Each player's slip with his personal PIN, for the organiser to cut and hand out."""
    tournament = _tournament(request, tournament_id)
    denial = organiser_denial(request, tournament)
    if denial:
        return denial
    player_pins(user=request.user, tournament=tournament)  # the missing ones, audited
    slips = selectors.player_slips(tournament)
    if not slips:
        raise Http404
    content = build_player_slips(slips, tournament.name, tournament.page_language)
    filename = f"{slugify(tournament.name) or 'tournament'}-player-slips.pdf"
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response
