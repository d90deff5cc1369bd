"""Who changed what, when, from what to what: the trail a referee or federation can check."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", verbose_name=_("tournament"), null=True, blank=True,
        on_delete=models.CASCADE, related_name="audit_entries",
    )
    action = models.CharField(_("action"), max_length=64)
    object_type = models.CharField(_("object type"), max_length=64)
    object_id = models.CharField(_("object id"), max_length=64, blank=True)
    summary = models.CharField(_("summary"), max_length=300, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        ordering = ("-at", "-id")
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=("tournament", "at"))]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"
