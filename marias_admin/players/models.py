"""Clubs and players: the people a federation knows, independent of any one tournament."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import czech_order


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    city = models.CharField(_("city"), max_length=80, blank=True)

    class Meta:
        ordering = czech_order("name")
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.UniqueConstraint(Lower("name"), name="club_name_unique_ci"),
        ]

    def __str__(self) -> str:
        return self.name


# Birth years a player may have (categories: seniors born in or before a year, juniors in or
# after one).
MIN_BIRTH_YEAR = 1900
MAX_BIRTH_YEAR = 2100


class Sex(models.TextChoices):
    FEMALE = "female", _("female")
    MALE = "male", _("male")


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("last name"), max_length=60)
    club = models.ForeignKey(
        Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.PROTECT,
        related_name="players",
    )
    registration_number = models.CharField(
        _("registration number"), max_length=20, null=True, blank=True,
        help_text=_("Federation registration number, if the player has one."),
    )
    user = models.OneToOneField(
        "auth.User", verbose_name=_("user account"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="player",
        help_text=_("Lets the player confirm his table's results."),
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    # What categories (women, seniors, juniors, region) ask; all optional.
    sex = models.CharField(_("sex"), max_length=6, choices=Sex.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"), null=True, blank=True,
        validators=[MinValueValidator(MIN_BIRTH_YEAR), MaxValueValidator(MAX_BIRTH_YEAR)])
    region = models.CharField(_("region"), max_length=60, blank=True,
                              help_text=_("Region (kraj) or district, for regional categories."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = (*czech_order("last_name", "first_name"), "id")
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=("registration_number",), name="player_registration_number_unique",
                condition=models.Q(registration_number__isnull=False),
            ),
            models.CheckConstraint(
                condition=~models.Q(first_name="") & ~models.Q(last_name=""),
                name="player_name_not_empty",
            ),
        ]
        indexes = [models.Index(fields=("last_name", "first_name"))]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.last_name} {self.first_name}"
