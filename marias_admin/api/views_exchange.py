"""The organiser's download of the results exchange file (docs/exchange-format.md)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from marias_admin.api.exchange.document import dumps, export_results
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required


@require_GET
@organiser_required
def exchange_export(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    response = HttpResponse(dumps(export_results(tournament)),
                            content_type="application/json; charset=utf-8")
    name = slugify(f"{tournament.name}-{tournament.date}") or "tournament"
    response["Content-Disposition"] = f'attachment; filename="{name}.results.json"'
    return response
