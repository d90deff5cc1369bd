"""Site-wide settings an organiser may change in the UI (everything else comes from the
environment, see ``settings.py``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SiteSetting(models.Model):
    """The one row of site settings (primary key 1), made on first write.

    ``public_url`` overrides ``DJANGO_PUBLIC_URL``: the address phones use, on which printed QR
    codes and table links are built. Empty means "as the environment says"."""

    SINGLETON_PK = 1

    public_url = models.CharField(_("public address"), max_length=200, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("site setting")
        verbose_name_plural = _("site settings")

    def __str__(self) -> str:
        return str(_("Site settings"))
