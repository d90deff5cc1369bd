"""Downloads of a tournament's standings, hand log and seating (its organisers only)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from marias_admin.standings import exports, pdf
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"


def _download(tournament: Tournament, content: bytes, kind: str, extension: str,
              content_type: str) -> HttpResponse:
    name = f"{slugify(tournament.name) or 'tournament'}-{kind}.{extension}"
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


def _xlsx(kind: str, build: Callable[[Tournament], bytes]) -> Callable[..., HttpResponse]:
    @require_GET
    @organiser_required
    def view(request: HttpRequest, tournament: Tournament) -> HttpResponse:
        return _download(tournament, build(tournament), kind, "xlsx", XLSX)

    view.__name__ = f"{kind}_xlsx"
    return view


standings_xlsx = _xlsx("standings", exports.standings_xlsx)
hands_xlsx = _xlsx("hands", exports.hands_xlsx)
seating_xlsx = _xlsx("seating", exports.seating_xlsx)


@require_GET
@organiser_required
def standings_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _download(tournament, pdf.standings_pdf(tournament), "standings", "pdf", PDF)
