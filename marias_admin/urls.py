"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("marias_admin.core.accounts_urls")),
    path("players/", include("marias_admin.tournaments.urls_import")),
    path("print/", include("marias_admin.printouts.urls")),
    path("tournaments/", include("marias_admin.tournaments.urls")),
    path("", include("marias_admin.seating.urls")),
    path("", include("marias_admin.standings.urls")),
    path("", include("marias_admin.standings.urls_exports")),
    path("", include("marias_admin.prizes.urls")),
    path("", include("marias_admin.teams.urls")),
    path("", include("marias_admin.seasons.urls")),
    path("", include("marias_admin.sheets.urls")),
    path("", include("marias_admin.core.urls")),
]
