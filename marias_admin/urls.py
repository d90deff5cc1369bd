"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from marias_admin.sheets import urls as sheet_urls
from marias_admin.sheets import urls_referee as referee_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("players/", include("marias_admin.players.urls")),
    path("print/", include("marias_admin.printouts.urls")),
    path("tournaments/", include("marias_admin.tournaments.urls")),
    path("", include("marias_admin.seating.urls")),
    path("", include("marias_admin.standings.urls")),
    path("", include("marias_admin.standings.urls_exports")),
    path("", include("marias_admin.seasons.urls")),
    # The table sheet's pages and the referee's share the namespace "sheets": one include, since
    # Django reverses a namespace's names only in its first include.
    path("", include((sheet_urls.urlpatterns + referee_urls.urlpatterns, "sheets"))),
    path("", include("marias_admin.core.urls")),
]
