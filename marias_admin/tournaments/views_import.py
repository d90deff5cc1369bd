"""Organiser pages: import a player list into a tournament, export its registrations.

Flow: upload (the file is parsed and kept in the session as rows, never on disk) → preview
(every row with its status and problems; nothing written) → confirm (re-checked, then written
in one transaction). The steps are the shared ones of
:mod:`marias_admin.core.spreadsheet_import`; :class:`PlayerImport` declares what is the player
list's own. Only organisers of the tournament may use these pages.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core.spreadsheet_import import (
    STATUS_LABELS,
    SpreadsheetImport,
    UploadLimitHandler,
    upload_limited,
)
from marias_admin.players.importing import FIELD_LABELS, ParsedFile
from marias_admin.tournaments.exporting import registrations_xlsx
from marias_admin.tournaments.forms_import import ImportConfirmForm, ImportUploadForm
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import account_required, organiser_required
from marias_admin.tournaments.player_import import (
    ImportChanged,
    ImportPreview,
    ImportResult,
    PreviewRow,
    import_commit,
    import_preview,
)

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _back_url(tournament: Tournament) -> str:
    """The tournament's registration page."""
    return reverse("tournaments:registrations", args=[tournament.pk])


def _cell(css_class: str) -> dict[str, dict[str, str]]:
    return {"th": {"class": css_class}, "td": {"class": css_class}}


class ImportPreviewTable(tables.Table):
    row = tables.Column(verbose_name=gettext_lazy("Row"), attrs=_cell("col-row num"))
    name = tables.Column(verbose_name=gettext_lazy("Name"), attrs=_cell("col-name"))
    club = tables.Column(verbose_name=gettext_lazy("Club"), attrs=_cell("col-club"))
    registration_number = tables.Column(verbose_name=gettext_lazy("Number"),
                                        attrs=_cell("col-number"))
    details = tables.Column(verbose_name=gettext_lazy("Sex, year of birth, region"),
                            empty_values=(), attrs=_cell("col-details"))
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


class PlayerImport(SpreadsheetImport[ParsedFile]):
    """The player list: read by the players' reader, registered by the tournament services."""

    namespace = "players"
    parsed_type = ParsedFile
    upload_form = ImportUploadForm
    confirm_form = ImportConfirmForm
    upload_template = "players/import_upload.html"
    preview_template = "players/import_preview.html"
    column_labels = FIELD_LABELS
    changed_error = ImportChanged
    cancel_url = "players:import"
    done_url = "tournaments:registrations"  # on to the players just registered
    log_name = "player import"
    upload_first = gettext_lazy("Upload a player list first.")
    nothing_to_confirm = gettext_lazy("There is no uploaded player list to import (it may "
                                      "have been imported already). Upload the file again.")
    confirm_incomplete = gettext_lazy("Choose how to register the players and confirm again.")

    def page_context(self, tournament: Tournament) -> dict[str, Any]:
        return {"tournament": tournament, "back_url": _back_url(tournament)}

    def preview(self, tournament: Tournament, parsed: ParsedFile) -> ImportPreview:
        return import_preview(tournament=tournament, parsed=parsed)

    def preview_context(self, request: HttpRequest, preview: ImportPreview) -> dict[str, Any]:
        table = ImportPreviewTable(preview.rows)
        tables.RequestConfig(request, paginate=False).configure(table)
        return {"table": table, "finished_rows": preview.finished_rows,
                # the confirmation form again, with the tick when finished results move
                "form": ImportConfirmForm(initial={"fingerprint": preview.fingerprint},
                                          finished=bool(preview.finished_rows)),
                "counts": {
            "rows": len(preview.rows), "importable": len(preview.importable),
            "new_players": len(preview.new_players),
            "existing_players": len(preview.existing_players),
            "skipped": len(preview.skipped), "errors": len(preview.errors),
            "updated": len(preview.updated_players),
        }}

    def commit(self, request: HttpRequest, tournament: Tournament, parsed: ParsedFile,
               confirmed: dict[str, Any]) -> ImportResult:
        return import_commit(user=request.user, tournament=tournament, parsed=parsed,
                             status=confirmed["status"], fingerprint=confirmed["fingerprint"],
                             confirm_finished=confirmed.get("confirm_finished", False))

    def report(self, request: HttpRequest, result: ImportResult) -> None:
        count = len(result.registrations)
        messages.success(request, ngettext(
            "%(count)d player was registered in the tournament.",
            "%(count)d players were registered in the tournament.", count) % {"count": count})
        if result.updated_players:
            messages.info(request, ngettext(
                "The details of %(count)d player already known were changed.",
                "The details of %(count)d players already known were changed.",
                result.updated_players) % {"count": result.updated_players})
        if result.created_players or result.created_clubs:
            messages.info(request, _("New players: %(players)d, new clubs: %(clubs)d.") % {
                "players": result.created_players, "clubs": len(result.created_clubs)})


PLAYER_IMPORT = PlayerImport()


# The login comes before the method check (a logged-in visitor's wrong method is a 405), the
# organiser check after it: hence ``account_required`` outside, ``organiser_required`` inside.
@upload_limited
@account_required
@require_http_methods(["GET", "POST"])
@csrf_protect
@organiser_required
def import_upload(request: HttpRequest, tournament: Tournament,
                  limiter: UploadLimitHandler) -> HttpResponse:
    """The upload form; a readable file is parsed, kept in the session and previewed."""
    return PLAYER_IMPORT.upload_page(request, tournament, limiter)


@account_required
@require_GET
@organiser_required
def import_preview_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every row of the uploaded file with what will happen to it. Writes nothing."""
    return PLAYER_IMPORT.preview_page(request, tournament)


@account_required
@require_POST
@organiser_required
def import_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Write the previewed import (or drop it, with ``cancel``)."""
    return PLAYER_IMPORT.confirm(request, tournament)


@account_required
@require_GET
@organiser_required
def export_registrations(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The tournament's registration list as an .xlsx download."""
    content = registrations_xlsx(tournament)
    filename = f"{slugify(tournament.name) or 'tournament'}-{tournament.date:%Y-%m-%d}-" \
               f"{slugify(_('registrations')) or 'registrations'}.xlsx"
    response = HttpResponse(content, content_type=XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response
