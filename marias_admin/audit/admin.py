from django.contrib import admin

from marias_admin.audit.models import AuditEntry
from marias_admin.core.admin import ReadOnlyAdmin


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "tournament", "action", "object_type", "object_id", "summary")
    list_filter = ("action", "object_type", "tournament")
    search_fields = ("summary", "reason", "object_id")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]
