"""Root URL configuration, grouped by who the pages are for.

Each app splits its URL modules by audience (``urls_organiser``, ``urls_public``,
``urls_table``, ``urls_referee``); every view's own decorator says who may open it
(:mod:`marias_admin.tournaments.permissions`). Modules of one app share its namespace
(``seating:round`` and ``seating:round_public``): :func:`by_namespace` merges them into one
include per namespace, as Django reverses a namespace through one include only.
"""

from __future__ import annotations

from types import ModuleType

from django.contrib import admin
from django.urls import URLResolver, include, path

from marias_admin.api import urls_organiser as api_organiser
from marias_admin.api import urls_public as api_public
from marias_admin.core import urls as core_urls
from marias_admin.printouts import urls_organiser as printouts_organiser
from marias_admin.printouts import urls_public as printouts_public
from marias_admin.prizes import urls as prizes_urls
from marias_admin.prizes import urls_public as prizes_public
from marias_admin.seasons import urls as seasons_urls
from marias_admin.seating import urls_organiser as seating_organiser
from marias_admin.seating import urls_public as seating_public
from marias_admin.seating import urls_referee as seating_referee
from marias_admin.sheets import urls_referee as sheets_referee
from marias_admin.sheets import urls_table as sheets_table
from marias_admin.standings import urls_exports as standings_exports
from marias_admin.standings import urls_organiser as standings_organiser
from marias_admin.standings import urls_public as standings_public
from marias_admin.teams import urls_organiser as teams_organiser
from marias_admin.teams import urls_public as teams_public
from marias_admin.tournaments import urls as tournaments_urls
from marias_admin.tournaments import urls_import as tournaments_import

# (prefix, URL module) per audience.
Group = list[tuple[str, ModuleType]]

# The tournament's organisers (and the staff who create tournaments): login, then their role.
ORGANISER: Group = [
    ("tournaments/", tournaments_urls),
    ("players/", tournaments_import),
    ("print/", printouts_organiser),
    ("", seating_organiser),
    ("", standings_organiser),
    ("", standings_exports),
    ("", prizes_urls),
    ("", teams_organiser),
    ("", api_organiser),  # the results exchange file
]
# A table's sheet: its phone (QR link and PIN), its scorekeeper, the referees and organisers.
TABLE: Group = [("", sheets_table)]
# The tournament's referees and organisers: the control room, rulings, the log, the tables'
# links and PINs.
REFEREE: Group = [("", seating_referee), ("", sheets_referee)]
# Anyone: the pages a tournament publishes (each behind its toggle), seasons, the home page.
PUBLIC: Group = [
    ("print/", printouts_public),
    ("", seating_public),
    ("", standings_public),
    ("", teams_public),
    ("", prizes_public),
    ("", seasons_urls),
    ("", api_public),  # the standings widget, the calendar feed
    ("", core_urls),
]


def by_namespace(*groups: Group) -> list[URLResolver]:
    """One include per namespace (the modules' ``app_name``), its modules in the groups'
    order, each under its prefix."""
    merged: dict[str, list[URLResolver]] = {}
    for group in groups:
        for prefix, module in group:
            merged.setdefault(module.app_name, []).append(
                path(prefix, include(module.urlpatterns)))
    return [path("", include((patterns, namespace))) for namespace, patterns in merged.items()]


urlpatterns = [
    path("admin/", admin.site.urls),  # Django's admin: staff only, read-only
    path("i18n/", include("django.conf.urls.i18n")),  # the language switcher: anyone
    # Login and password pages: anyone, the password change once logged in.
    path("accounts/", include("marias_admin.core.accounts_urls")),
    # The open results API: anyone, read-only, public data only (marias_admin.api).
    path("api/v1/", include("marias_admin.api.urls_api")),
    *by_namespace(ORGANISER, TABLE, REFEREE, PUBLIC),
]
