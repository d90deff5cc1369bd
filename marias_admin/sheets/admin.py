"""Table sheets, hands and rulings in the admin, to look at only (see ``core.admin``): hands
are entered, deleted and ruled on through the sheet services, which settle and audit them."""

from django.contrib import admin

from marias_admin.core.admin import ReadOnlyAdmin
from marias_admin.sheets.models import HandRecord, Ruling, SyncWrite, TableSheet


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


@admin.register(SyncWrite)
class SyncWriteAdmin(ReadOnlyAdmin):
    """A phone's queued offline writes with their outcome (issue 25): to see what a flaky
    network sent, never to replay or drop one behind the sync service's back."""

    list_display = ("sheet", "op", "number", "outcome", "base_version", "version_after", "at")
    list_filter = ("outcome", "sheet__table__round__tournament")
    list_select_related = ("sheet__table__round__tournament",)
