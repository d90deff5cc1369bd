from django.contrib import admin

from marias_admin.core.admin import ReadOnlyAdmin
from marias_admin.players.models import Club, Player


@admin.register(Club)
class ClubAdmin(ReadOnlyAdmin):
    list_display = ("name", "city")
    search_fields = ("name", "city")


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ("last_name", "first_name", "club", "registration_number")
    list_filter = ("club",)
    search_fields = ("last_name", "first_name", "registration_number")
    autocomplete_fields = ("club",)
