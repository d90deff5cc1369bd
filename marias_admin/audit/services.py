"""The one way to write an audit entry; every service that writes calls it in its transaction."""

from __future__ import annotations

from typing import Any

from django.db import models

from marias_admin.audit.models import AuditEntry


def audit_record(
    *,
    user: Any,
    action: str,
    obj: models.Model,
    tournament: Any = None,
    before: Any = None,
    after: Any = None,
    summary: str = "",
    reason: str = "",
) -> AuditEntry:
    return AuditEntry.objects.create(
        user=user if getattr(user, "is_authenticated", False) else None,
        tournament=tournament,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk or ""),
        summary=summary[:300],
        reason=reason,
        before=before,
        after=after,
    )


def snapshot(obj: models.Model, fields: tuple[str, ...]) -> dict[str, Any]:
    """A JSON-ready picture of some fields, for the before/after of an entry."""
    data: dict[str, Any] = {}
    for name in fields:
        value = getattr(obj, name)
        if isinstance(value, models.Model):
            value = value.pk
        elif hasattr(value, "isoformat"):
            value = value.isoformat()
        data[name] = value
    return data
