"""The public round page players open from the wall or the QR code on their sheet: the
tables, and everyone by name with their table (or their bye), read-only.

Open to everyone while the tournament publishes its seating, otherwise to its organisers only
(``published_page("public_seating")``); anonymous visitors get the cached page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marias_admin.core.ordering import name_key
from marias_admin.core.pagecache import public_page
from marias_admin.seating.models import Round, RoundState, Seat
from marias_admin.seating.selectors import round_tables
from marias_admin.seating.views_common import round_or_404
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import published_page


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
@published_page("public_seating")
def round_public(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round = round_or_404(tournament, number)
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
