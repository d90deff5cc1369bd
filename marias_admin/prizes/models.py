"""Categories (women, seniors, juniors, region, custom) and the prize table of a tournament.

A category only says who belongs to it; its ranking is the main standings' order of its
members (``selectors``, by the pure functions of :mod:`scoring.prizes`). A prize is a place of
the main standings or of a category, with its text (and a value in the smallest currency unit
to compare prizes by); the tournament's :class:`PrizeSettings` say what a player who wins two
prizes gets.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from marias_admin.players.models import MAX_BIRTH_YEAR, MIN_BIRTH_YEAR
from marias_admin.tournaments.models import Registration, Tournament

MAX_PLACE = 500


class CategoryKind(models.TextChoices):
    WOMEN = "women", _("women")
    SENIORS = "seniors", _("seniors (born in or before a year)")
    JUNIORS = "juniors", _("juniors (born in or after a year)")
    REGION = "region", _("region")
    CUSTOM = "custom", _("chosen players")


class DoubleWinnerRule(models.TextChoices):
    HIGHER = "higher", _("the higher prize (by its value), the other goes to the next player")
    ORGANISER_ORDER = "organiser_order", _(
        "the prize that comes first in the prize table, the other goes to the next player")


class Category(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="prize_categories")
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=10, choices=CategoryKind.choices)
    year = models.PositiveSmallIntegerField(
        _("year of birth"), null=True, blank=True,
        validators=[MinValueValidator(MIN_BIRTH_YEAR), MaxValueValidator(MAX_BIRTH_YEAR)],
        help_text=_("Seniors: born in or before this year; juniors: in or after it."))
    region = models.CharField(_("region"), max_length=60, blank=True)
    members = models.ManyToManyField(Registration, verbose_name=_("players"), blank=True,
                                     related_name="prize_categories")
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ("order", "pk")
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "name"),
                                    name="prize_category_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="prizes")
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    category = models.ForeignKey(Category, verbose_name=_("category"), null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="prizes",
                                 help_text=_("Empty: a place of the main standings."))
    place = models.PositiveSmallIntegerField(
        _("place"), validators=[MinValueValidator(1), MaxValueValidator(MAX_PLACE)])
    label = models.CharField(_("prize"), max_length=120)
    value = models.PositiveIntegerField(
        _("value"), null=True, blank=True,
        help_text=_("In the smallest currency unit (haléře, cents): which prize is higher."))

    class Meta:
        ordering = ("order", "pk")
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "category", "place"),
                                    name="prize_place_unique"),
            models.UniqueConstraint(fields=("tournament", "place"),
                                    condition=models.Q(category__isnull=True),
                                    name="prize_main_place_unique"),
        ]

    def __str__(self) -> str:
        return self.label


class PrizeSettings(models.Model):
    tournament = models.OneToOneField(Tournament, verbose_name=_("tournament"),
                                      on_delete=models.CASCADE, related_name="prize_settings")
    double_rule = models.CharField(
        _("a player who wins two prizes gets"), max_length=20,
        choices=DoubleWinnerRule.choices, default=DoubleWinnerRule.HIGHER)

    class Meta:
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")

    def __str__(self) -> str:
        return str(self.get_double_rule_display())
