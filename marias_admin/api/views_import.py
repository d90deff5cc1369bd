"""A federation's staff import a results exchange file into a season: upload, preview, confirm.

The preview names every player of the file with what happens to him (matched by registration
number, matched by name and club, new, conflict) and the conflicts that stop the import. The
uploaded file waits for the confirmation in the shared cache (half an hour) under a random
token; the confirmation imports it only if it is still the file previewed (its fingerprint),
through :func:`~marias_admin.api.exchange.importing.import_results`: all or nothing, audited,
the same file twice changing nothing.
"""

from __future__ import annotations

import json
import secrets
from datetime import date

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from marias_admin.api.exchange.importing import MatchKind, import_results, preview
from marias_admin.api.exchange.validation import ExchangeError
from marias_admin.api.forms import ExchangeConfirmForm, ExchangeUploadForm
from marias_admin.seasons.models import Competition
from marias_admin.tournaments.permissions import staff_required

WAIT_SECONDS = 30 * 60


def _key(token: str) -> str:
    return f"exchange-upload:{token}"


def _upload_page(request: HttpRequest, competition: Competition, form: ExchangeUploadForm,
                 error: str = "") -> HttpResponse:
    return render(request, "api/import_results.html",
                  {"competition": competition, "form": form, "error": error})


@staff_required
def exchange_import(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(Competition, pk=competition_id)
    if request.method != "POST":
        return _upload_page(request, competition, ExchangeUploadForm())
    form = ExchangeUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _upload_page(request, competition, form)
    try:
        checked = preview(form.document)
    except ExchangeError as error:
        return _upload_page(request, competition, form, str(error))
    token = secrets.token_urlsafe(24)
    cache.set(_key(token), json.dumps(form.document), WAIT_SECONDS)
    labels = {MatchKind.MATCHED: _("matched"), MatchKind.NEW: _("new player"),
              MatchKind.CONFLICT: _("conflict")}
    return render(request, "api/import_results_preview.html", {
        "competition": competition, "checked": checked,
        "tournament": checked.document["tournament"],
        "day": date.fromisoformat(checked.document["tournament"]["date"]),
        "rows": [(m, labels[m.kind]) for m in checked.matches],
        "confirm": ExchangeConfirmForm(initial={"token": token,
                                                "fingerprint": checked.fingerprint}),
    })


@require_POST
@staff_required
def exchange_import_confirm(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(Competition, pk=competition_id)
    form = ExchangeConfirmForm(request.POST)
    text = cache.get(_key(form.data.get("token", ""))) if form.is_valid() else None
    if text is None:
        messages.error(request, _("The uploaded file is no longer waiting; upload it again."))
        return redirect("opendata:exchange_import", competition.pk)
    try:
        document = json.loads(text)
        if preview(document).fingerprint != form.cleaned_data["fingerprint"]:
            raise ExchangeError(_("The file is not the one previewed; upload it again."))
        report = import_results(document, competition, user=request.user)
    except ExchangeError as error:
        return _upload_page(request, competition, ExchangeUploadForm(), str(error))
    cache.delete(_key(form.cleaned_data["token"]))
    if report.created:
        messages.success(request, _("The results of %(tournament)s were imported into the "
                                    "season.") % {"tournament": report.tournament})
    else:
        messages.info(request, _("These results were imported before; nothing changed."))
    return redirect("seasons:season", competition.pk)
