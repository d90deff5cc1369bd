from django.contrib import admin

from marias_admin.audit.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "user", "tournament", "action", "object_type", "object_id", "summary")
    list_filter = ("action", "object_type", "tournament")
    search_fields = ("summary", "reason", "object_id")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
