"""The table page offline (issue 25): the queue's sync endpoint, the service worker and the
web app manifest.

The service worker and the manifest are served under the table's own path, so the worker's
scope is that table's page and nothing else: the organisers' pages stay online-only. Neither
holds data (they name the page by the URL's numbers), so anyone may fetch them. The sync
endpoint is a write like the page's own POSTs: CSRF-checked, allowed to whoever may write on
the sheet, each queued write through the same forms and services
(:mod:`marias_admin.sheets.offline_sync`).
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from marias_admin.sheets import access
from marias_admin.sheets.offline_sync import (
    BadBatch,
    apply_batch,
    parse_batch,
    unreadable_message,
)
from marias_admin.sheets.page_loading import load_page
from marias_admin.tournaments.models import TournamentState
from marias_admin.tournaments.permissions import open_to_all, table_access

# What the worker keeps for the page to open with no network (the page itself is kept as it
# is fetched: its URL with any query).
PRECACHE = ("core/site.css", "django_htmx/htmx-2.min.js", "sheets/offline.js",
            "sheets/icon-192.png")


def _refuse(status: int, message: str, **more: Any) -> JsonResponse:
    return JsonResponse({"error": message, **more}, status=status)


@never_cache
@require_POST
@table_access
def sync_view(request: HttpRequest, tournament_id: int, number: int,
              table: int) -> HttpResponse:
    """The phone's queue (JSON), applied in order, exactly once; the answer per write. An
    empty queue is the page's heartbeat: the control room hears the phone."""
    page = load_page(request, tournament_id, number, table)
    if isinstance(page, HttpResponse):  # hidden, or the link ended
        return _refuse(404 if page.status_code == 404 else 403,
                       _("The table link no longer works."))
    if not page.can_write:
        ended = access.grant_ended(request, page.table) or not request.user.is_authenticated
        return _refuse(403, _("The table link no longer works.") if ended
                       else _("You cannot change this table sheet."))
    try:
        client, writes = parse_batch(json.loads(request.body or b"null"))
    except BadBatch as error:
        # The write at fault named when it can be told: the phone shows it to be entered
        # again or dropped (a write it cannot read would otherwise be sent for ever).
        if error.key is not None:
            return _refuse(400, unreadable_message(), key=error.key)
        return _refuse(400, _("The queue could not be read."), key=None)
    except (ValueError, UnicodeDecodeError):
        return _refuse(400, _("The queue could not be read."), key=None)
    # The one home of a finished tournament: the whole queue is refused before anything is
    # written or audited, and the phone keeps it and shows this (offline.js, 409).
    if writes and page.tournament.state == TournamentState.FINISHED:
        return _refuse(409, _("The tournament is finished; nothing can be entered or changed."))
    return JsonResponse(apply_batch(request, page, client, writes))


def _sheet_path(tournament_id: int, number: int, table: int) -> str:
    return reverse("sheets:table", args=(tournament_id, number, table))


@require_GET
@open_to_all
def service_worker_view(request: HttpRequest, tournament_id: int, number: int,
                        table: int) -> HttpResponse:
    """The worker that keeps this table's page and queue working offline; its scope is the
    page's path (where it is served from)."""
    scope = _sheet_path(tournament_id, number, table)
    assets = [static(path) for path in PRECACHE]
    context: dict[str, Any] = {"scope_json": json.dumps(scope), "assets_json": json.dumps(assets),
                               "cache_json": json.dumps("table-" + static("sheets/offline.js"))}
    response = render(request, "sheets/sw.js", context,
                      content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = scope
    return response


@require_GET
@open_to_all
def manifest_view(request: HttpRequest, tournament_id: int, number: int,
                  table: int) -> HttpResponse:
    """The web app manifest: the table page added to the home screen opens that table."""
    scope = _sheet_path(tournament_id, number, table)
    name = (_("Table %(table)s · round %(round)s") % {"table": table, "round": number})
    manifest = {
        "name": name, "short_name": _("Table %(table)s") % {"table": table},
        "start_url": scope, "scope": scope, "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#1f5f3f",
        "icons": [{"src": static("sheets/icon-192.png"), "sizes": "192x192",
                   "type": "image/png"},
                  {"src": static("sheets/icon-512.png"), "sizes": "512x512",
                   "type": "image/png"}],
    }
    return JsonResponse(manifest, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})
