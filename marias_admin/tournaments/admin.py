from django.contrib import admin

from marias_admin.core.admin import ReadOnlyAdmin, ReadOnlyInline
from marias_admin.tournaments.models import Registration, Tournament, TournamentRole


class RoleInline(ReadOnlyInline):
    model = TournamentRole


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "date", "venue", "ruleset_code", "state")
    list_filter = ("state", "ruleset_code")
    search_fields = ("name", "venue")
    inlines = (RoleInline,)


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyAdmin):
    list_display = ("player", "tournament", "status", "checked_in_at", "seed_rank")
    list_filter = ("tournament", "status")
    search_fields = ("player__last_name", "player__first_name")
    raw_id_fields = ("player",)
