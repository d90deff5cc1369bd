"""The team standings as the organiser downloads them (under the public /t/<id>/export/
address, as the standings' own exports): xlsx and a PDF for printing."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from marias_admin.teams.exports import team_standings_pdf, team_standings_xlsx
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@require_GET
@organiser_required
def team_standings_export(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    content = team_standings_xlsx(tournament)
    response = HttpResponse(content, content_type=XLSX)
    filename = f"{slugify(tournament.name) or 'tournament'}-teams.xlsx"
    response["Content-Disposition"] = content_disposition_header(True, filename)
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
@organiser_required
def team_standings_pdf_view(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The team standings on paper, shown in the browser for printing."""
    response = HttpResponse(team_standings_pdf(tournament), content_type="application/pdf")
    filename = f"{slugify(tournament.name) or 'tournament'}-teams.pdf"
    # Never None: the header is inline only because a file name is given.
    response["Content-Disposition"] = content_disposition_header(False, filename) or ""
    response["Cache-Control"] = "private, no-store"
    return response
