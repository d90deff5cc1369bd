"""The seating lists of a round as PDFs (by table, alphabetical): public while the
tournament's ``public_seating`` toggle is on (they hang on the wall anyway), otherwise the
organiser's (login page, 403)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from marias_admin.printouts import selectors
from marias_admin.printouts.data import SeatingData
from marias_admin.printouts.responses import not_seated, round_pdf
from marias_admin.printouts.seating_lists import (
    build_seating_alphabetical,
    build_seating_by_table,
)
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import published_or_organiser


@require_GET
@never_cache
@published_or_organiser("public_seating")
def seating_tables(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _seating_list(request, tournament, number, build_seating_by_table,
                         "seating-by-table")


@require_GET
@never_cache
@published_or_organiser("public_seating")
def seating_alpha(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _seating_list(request, tournament, number, build_seating_alphabetical,
                         "seating-alphabetical")


def _seating_list(request: HttpRequest, tournament: Tournament, number: int,
                  build: Callable[[SeatingData], bytes], kind: str) -> HttpResponse:
    try:
        round_ = selectors.seated_round(tournament, number)
        data = selectors.seating(tournament, round_)
    except selectors.RoundNotSeated:
        return not_seated(request, tournament, number)
    return round_pdf(build(data), tournament, number, kind)
