"""The organiser's PDFs: a round's table sheets and the players' slips with their PINs.

Table sheets carry registration numbers and a link for results, so only the organiser prints
them; the seating lists, public while the seating is, are in :mod:`.views_public`.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from marias_admin.printouts import selectors
from marias_admin.printouts.player_slips import build_player_slips
from marias_admin.printouts.poster import PAPERS, PosterData, build_poster
from marias_admin.printouts.responses import not_seated, round_pdf
from marias_admin.printouts.table_sheets import build_table_sheets
from marias_admin.seating.models import RoundState
from marias_admin.sheets.access import absolute_url, player_pins, table_accesses_issue
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import loaded_organiser_required


@require_GET
@never_cache
@loaded_organiser_required
def sheets(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
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
        return not_seated(request, tournament, number)
    return round_pdf(build_table_sheets(data), tournament, number, "table-sheets")


@require_GET
@never_cache
@loaded_organiser_required
def player_slips(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Each player's slip with his personal PIN, for the organiser to cut and hand out."""
    player_pins(user=request.user, tournament=tournament)  # the missing ones, audited
    slips = selectors.player_slips(tournament)
    if not slips:
        raise Http404
    content = build_player_slips(slips, tournament.name, tournament.page_language)
    filename = f"{slugify(tournament.name) or 'tournament'}-player-slips.pdf"
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


@require_GET
@never_cache
@loaded_organiser_required
def poster(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The hall poster with the QR code of the tournament's public home; ``?paper=a3`` for
    A3 (A4 otherwise)."""
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise Http404
    url = absolute_url(request, reverse("public:home", args=[tournament.pk]))
    content = build_poster(PosterData(tournament.name, tournament.date, tournament.venue, url,
                                      tournament.page_language), paper)
    filename = f"{slugify(tournament.name) or 'tournament'}-poster-{paper}.pdf"
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response
