"""What the exchange import remembers: which tournament came from which file."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ExchangeImport(models.Model):
    """A tournament created here from a results exchange file (``api.exchange``).

    ``uid`` is the tournament's stable id in the file: importing a file with a known uid and
    the same results (``fingerprint``) changes nothing; other results under a known uid are
    refused, never merged silently.
    """

    uid = models.CharField(_("tournament id in the file"), max_length=200, unique=True)
    fingerprint = models.CharField(max_length=64)
    # PROTECT: the imported results are results like any other.
    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.PROTECT,
                                      related_name="exchange_import",
                                      verbose_name=_("tournament"))
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("imported results")
        verbose_name_plural = _("imported results")

    def __str__(self) -> str:
        return self.uid
