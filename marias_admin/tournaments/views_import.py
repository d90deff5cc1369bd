"""Organiser pages: import a player list into a tournament, export its registrations.

Flow: upload (the file is parsed and kept in the session as rows, never on disk) → preview
(every row with its status and problems; nothing written) → confirm (re-checked, then written
in one transaction). Only organisers of the tournament may use these pages.
"""

from __future__ import annotations

import logging
from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.players.importing import (
    FIELD_LABELS,
    ParsedFile,
    RowStatus,
    max_upload_bytes,
)
from marias_admin.tournaments.exporting import registrations_xlsx
from marias_admin.tournaments.forms_import import ImportConfirmForm, ImportUploadForm
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.player_import import (
    ImportChanged,
    ImportPreview,
    PreviewRow,
    import_commit,
    import_preview,
)
from marias_admin.tournaments.selectors import can_organise

logger = logging.getLogger(__name__)

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

STATUS_LABELS = {
    RowStatus.OK: gettext_lazy("OK"),
    RowStatus.SKIP: gettext_lazy("skipped"),
    RowStatus.ERROR: gettext_lazy("error"),
}


def _session_key(tournament: Tournament) -> str:
    return f"players.import.{tournament.pk}"


def _organised_tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not can_organise(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers can do this."))
    return tournament


def _back_url(tournament: Tournament) -> str:
    """The tournament's registration page."""
    return reverse("tournaments:registrations", args=[tournament.pk])


def _stored_file(request: HttpRequest, tournament: Tournament) -> ParsedFile | None:
    data = request.session.get(_session_key(tournament))
    if not data:
        return None
    try:
        return ParsedFile.from_dict(data)
    except (KeyError, TypeError, ValueError):
        request.session.pop(_session_key(tournament), None)
        return None


def _cell(css_class: str) -> dict[str, dict[str, str]]:
    return {"th": {"class": css_class}, "td": {"class": css_class}}


class ImportPreviewTable(tables.Table):
    row = tables.Column(verbose_name=gettext_lazy("Row"), attrs=_cell("col-row num"))
    name = tables.Column(verbose_name=gettext_lazy("Name"), attrs=_cell("col-name"))
    club = tables.Column(verbose_name=gettext_lazy("Club"), attrs=_cell("col-club"))
    registration_number = tables.Column(verbose_name=gettext_lazy("Number"),
                                        attrs=_cell("col-number"))
    status = tables.Column(verbose_name=gettext_lazy("Status"), attrs=_cell("col-status"))
    problems = tables.Column(verbose_name=gettext_lazy("Problems"), empty_values=(),
                             attrs=_cell("col-problems"))

    class Meta:
        orderable = False
        attrs = {"class": "import-preview"}
        row_attrs = {"class": lambda record: f"import-row import-{record.status.value}"}
        empty_text = gettext_lazy("No rows.")

    def render_status(self, record: PreviewRow) -> str:
        return format_html('<span class="badge badge-{}">{}</span>', record.status.value,
                           STATUS_LABELS[record.status])

    def render_problems(self, record: PreviewRow) -> str:
        if not record.problems:
            return ""
        return format_html('<ul class="problems">{}</ul>', format_html_join(
            "", '<li class="problem-{}">{}</li>',
            ((p.severity.value, p.message) for p in record.problems)))


class UploadLimitHandler(FileUploadHandler):
    """Drops an uploaded file as soon as it passes the import limit, so that a huge upload
    is never written to memory or disk whole; the form then names the limit."""

    # Request bodies may carry a little more than the file (the other fields, boundaries).
    OVERHEAD = 64 * 1024

    def __init__(self, request: HttpRequest, limit: int) -> None:
        super().__init__(request)
        self.limit = limit
        self.exceeded = False

    def handle_raw_input(self, input_data: Any, META: Any, content_length: int,
                         boundary: Any, encoding: Any = None) -> None:
        if content_length and content_length > self.limit + self.OVERHEAD:
            self.exceeded = True

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if self.exceeded or start + len(raw_data) > self.limit:
            self.exceeded = True
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


@csrf_exempt  # checked below, once the upload limit is in place (Django reads files then)
@login_required
@require_http_methods(["GET", "POST"])
def import_upload(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The upload form; a readable file is parsed, kept in the session and previewed."""
    limiter = UploadLimitHandler(request, max_upload_bytes())
    request.upload_handlers.insert(0, limiter)
    return _import_upload(request, tournament_id, limiter)


@csrf_protect
def _import_upload(request: HttpRequest, tournament_id: int,
                   limiter: UploadLimitHandler) -> HttpResponse:
    tournament = _organised_tournament(request, tournament_id)
    if request.method == "POST":
        form = ImportUploadForm(request.POST, request.FILES, too_large=limiter.exceeded)
        if form.is_valid():
            parsed: ParsedFile = form.cleaned_data["file"]
            request.session[_session_key(tournament)] = parsed.as_dict()
            return redirect("players:import_preview", tournament_id=tournament.pk)
    else:
        form = ImportUploadForm()
    return render(request, "players/import_upload.html", {
        "tournament": tournament, "form": form, "back_url": _back_url(tournament),
        "pending": _stored_file(request, tournament) is not None,
    })


def _column_list(preview: ImportPreview) -> list[tuple[str, str]]:
    return [(header, str(FIELD_LABELS.get(name, name))) for name, header in
            preview.columns.items()]


@login_required
@require_GET
def import_preview_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every row of the uploaded file with what will happen to it. Writes nothing."""
    tournament = _organised_tournament(request, tournament_id)
    parsed = _stored_file(request, tournament)
    if parsed is None:
        messages.info(request, _("Upload a player list first."))
        return redirect("players:import", tournament_id=tournament.pk)
    preview = import_preview(tournament=tournament, parsed=parsed)
    form = ImportConfirmForm(initial={"fingerprint": preview.fingerprint})
    return render(request, "players/import_preview.html", _preview_context(
        request, tournament, preview, form))


def _preview_context(request: HttpRequest, tournament: Tournament, preview: ImportPreview,
                     form: ImportConfirmForm) -> dict[str, Any]:
    table = ImportPreviewTable(preview.rows)
    tables.RequestConfig(request, paginate=False).configure(table)
    return {
        "tournament": tournament, "preview": preview, "table": table, "form": form,
        "back_url": _back_url(tournament),
        "columns": _column_list(preview),
        "error_rows": [row.row for row in preview.errors],
        "counts": {
            "rows": len(preview.rows), "importable": len(preview.importable),
            "new_players": len(preview.new_players),
            "existing_players": len(preview.existing_players),
            "skipped": len(preview.skipped), "errors": len(preview.errors),
        },
    }


@login_required
@require_POST
def import_confirm(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Write the previewed import (or drop it, with ``cancel``)."""
    tournament = _organised_tournament(request, tournament_id)
    key = _session_key(tournament)
    if "cancel" in request.POST:
        request.session.pop(key, None)
        messages.info(request, _("The import was cancelled; nothing was written."))
        return redirect("players:import", tournament_id=tournament.pk)
    parsed = _stored_file(request, tournament)
    if parsed is None:
        messages.error(request, _("There is no uploaded player list to import (it may have "
                                  "been imported already). Upload the file again."))
        return redirect("players:import", tournament_id=tournament.pk)
    form = ImportConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose how to register the players and confirm again."))
        return redirect("players:import_preview", tournament_id=tournament.pk)
    try:
        result = import_commit(user=request.user, tournament=tournament, parsed=parsed,
                               status=form.cleaned_data["status"],
                               fingerprint=form.cleaned_data["fingerprint"])
    except ImportChanged as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("players:import_preview", tournament_id=tournament.pk)
    except (ValidationError, DatabaseError) as exc:
        logger.warning("player import into tournament %s failed: %r", tournament.pk, exc)
        detail = " ".join(exc.messages) if isinstance(exc, ValidationError) else ""
        messages.error(request, _("The import failed and nothing was written. %(detail)s")
                       % {"detail": detail})
        return redirect("players:import_preview", tournament_id=tournament.pk)
    request.session.pop(key, None)
    count = len(result.registrations)
    messages.success(request, ngettext(
        "%(count)d player was registered in the tournament.",
        "%(count)d players were registered in the tournament.", count) % {"count": count})
    if result.created_players or result.created_clubs:
        messages.info(request, _("New players: %(players)d, new clubs: %(clubs)d.")
                      % {"players": result.created_players, "clubs": len(result.created_clubs)})
    if result.error_rows:
        messages.warning(request, _("Rows not imported because of errors: %(rows)s.")
                         % {"rows": ", ".join(str(r) for r in result.error_rows)})
    # Done: on to the players just registered (the upload page has nothing more to do).
    return redirect("tournaments:registrations", tournament_id=tournament.pk)


@login_required
@require_GET
def export_registrations(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament's registration list as an .xlsx download."""
    tournament = _organised_tournament(request, tournament_id)
    content = registrations_xlsx(tournament)
    filename = f"{slugify(tournament.name) or 'tournament'}-{tournament.date:%Y-%m-%d}-" \
               f"{slugify(_('registrations')) or 'registrations'}.xlsx"
    response = HttpResponse(content, content_type=XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response
