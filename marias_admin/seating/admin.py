from django.contrib import admin

from marias_admin.core.admin import ReadOnlyAdmin, ReadOnlyInline
from marias_admin.seating.models import Round, Seat, SeatLock, Table


class TableInline(ReadOnlyInline):
    model = Table


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "state", "method", "seed", "seated_at")
    list_filter = ("state", "method", "tournament")
    inlines = (TableInline,)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("round", "table", "position", "registration")
    list_filter = ("round__tournament",)
    raw_id_fields = ("registration", "table", "round")


@admin.register(SeatLock)
class SeatLockAdmin(ReadOnlyAdmin):
    """Locked seats, set and removed on the round page through the seating editor's service
    (audited)."""

    list_display = ("round", "table", "position", "registration")
    list_filter = ("round__tournament",)
    raw_id_fields = ("registration", "round")
