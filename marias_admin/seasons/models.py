"""A competition (a season of a league) groups tournaments; its ranking drops the worst ones."""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import czech_order


class Competition(models.Model):
    name = models.CharField(_("name"), max_length=150)
    season = models.CharField(_("season"), max_length=40, blank=True,
                              help_text=_("For example 2025/2026."))
    coefficient = models.DecimalField(
        _("coefficient"), max_digits=6, decimal_places=3, default=Decimal("1"),
        validators=[MinValueValidator(Decimal("0.001"))],
        help_text=_("For Superliga-style keys: the first place gets round(50 × coefficient)."))
    drop_worst = models.PositiveSmallIntegerField(
        _("worst results dropped"), default=0,
        help_text=_("How many of each player's worst results are left out; a missed "
                    "tournament counts as the worst."))
    ordering = models.IntegerField(_("order"), default=0)
    public = models.BooleanField(_("public"), default=True)
    tournaments = models.ManyToManyField("tournaments.Tournament", through="CompetitionTournament",
                                         related_name="competitions",
                                         verbose_name=_("tournaments"))

    class Meta:
        ordering = ("ordering", "-season", *czech_order("name"), "id")
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()


class CompetitionTournament(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="memberships")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT,
                                   related_name="competition_memberships",
                                   verbose_name=_("tournament"))
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ("order", "tournament__date", "id")
        verbose_name = _("tournament of the competition")
        verbose_name_plural = _("tournaments of the competition")
        constraints = [
            models.UniqueConstraint(fields=("competition", "tournament"),
                                    name="competition_tournament_once"),
        ]

    def __str__(self) -> str:
        return f"{self.competition}: {self.tournament}"
