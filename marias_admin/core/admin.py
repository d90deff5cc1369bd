"""Read-only Django admin for the models that have services.

Every write — including one a superuser makes — goes through a service that validates it and
records an audit entry, in one transaction. The admin's generic forms would write models
directly, skipping both, so for those models it only shows and searches; changes are made on
the site's own pages. User and group management stays with Django's admin.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from marias_admin.audit.models import AuditEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    """Listing and viewing only: no add, change, delete or bulk actions."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    """An inline that shows the related rows without editing them."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# The audit log is registered here, not in the audit app: audit is the bottom layer and
# imports nothing of the site's (README, "Layout").
@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "tournament", "action", "object_type", "object_id", "summary")
    list_filter = ("action", "object_type", "tournament")
    search_fields = ("summary", "reason", "object_id")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]
