"""How the printout views answer: a round's PDF shown in the browser, or a 404 that says the
round is not seated yet (shared by the organiser's and the public printouts)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.text import slugify

from marias_admin.tournaments.models import Tournament


def round_pdf(content: bytes, tournament: Tournament, number: int, kind: str) -> HttpResponse:
    """Shown in the browser (inline) for printing, with a name that saves sensibly."""
    filename = f"{slugify(tournament.name) or 'tournament'}-round-{number}-{kind}.pdf"
    response = HttpResponse(content, content_type="application/pdf")
    # Never None: the header is inline only because a file name is given.
    response["Content-Disposition"] = content_disposition_header(False, filename) or ""
    return response


def not_seated(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A 404 that says why: the organiser asked too early, not for a wrong address."""
    return render(request, "printouts/not_seated.html",
                  {"tournament": tournament, "number": number}, status=404)
