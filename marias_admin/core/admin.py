"""Read-only Django admin for the models that have services.

Every write — including one a superuser makes — goes through a service that validates it and
records an audit entry, in one transaction. The admin's generic forms would write models
directly, skipping both, so for those models it only shows and searches; changes are made on
the site's own pages. User and group management stays with Django's admin.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from marias_admin.audit.actions import AuditAction, LogGroup, action_label, actions_of
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
class ActionGroupFilter(admin.SimpleListFilter):
    """The log's groups (hands, rulings, seating …), as on the tournament log page."""

    title = _("action group")
    parameter_name = "group"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Any:
        return LogGroup.choices

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if value is not None and value in LogGroup.values:
            return queryset.filter(action__in=actions_of(LogGroup(value)))
        return queryset


class ActionFilter(admin.SimpleListFilter):
    """One action, by its words rather than its stored value."""

    title = _("action")
    parameter_name = "action"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Any:
        return AuditAction.choices

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(action=self.value()) if self.value() else queryset


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "tournament", "action_text", "object_type", "object_id",
                    "summary")
    list_filter = (ActionGroupFilter, ActionFilter, "object_type", "tournament")
    search_fields = ("summary", "reason", "object_id")
    readonly_fields = ["action_text", *(f.name for f in AuditEntry._meta.fields)]

    @admin.display(description=_("action"), ordering="action")
    def action_text(self, entry: AuditEntry) -> str:
        """The action in words ("entered a hand"), not its stored value ("hand.add")."""
        return action_label(entry.action)
