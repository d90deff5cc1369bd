"""Table sheets, hands and rulings in the admin, to look at only (see ``core.admin``): hands
are entered, deleted and ruled on through the sheet services, which settle and audit them."""

from django.contrib import admin

from marias_admin.core.admin import ReadOnlyAdmin
from marias_admin.sheets.models import HandRecord, Ruling, TableSheet


@admin.register(TableSheet)
class TableSheetAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "state", "mode", "submitted_at", "confirmed_at")
    list_filter = ("state", "table__round__tournament")
    list_select_related = ("table__round__tournament",)


@admin.register(HandRecord)
class HandRecordAdmin(ReadOnlyAdmin):
    list_display = ("sheet", "number", "description", "notation", "deleted_at")
    list_filter = ("sheet__table__round__tournament",)
    list_select_related = ("sheet__table__round__tournament",)
    search_fields = ("description", "notation", "delete_reason")


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ("sheet", "kind", "hand", "by", "at")
    list_filter = ("kind", "sheet__table__round__tournament")
    list_select_related = ("sheet__table__round__tournament", "hand", "by")
    search_fields = ("reason",)
