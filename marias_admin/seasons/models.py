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
    coefficient = models.DecimalField(
        _("coefficient"), max_digits=6, decimal_places=3, null=True, blank=True,
        validators=[MinValueValidator(Decimal("0.001"))],
        help_text=_("Empty: the competition's. A Superliga gives each joined league's "
                    "tournaments that league's coefficient."))

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


# -- rankings, membership, the snapshot of final places (issue 26) ------------------------------


class Scheme(models.TextChoices):
    """The placement-point schemes of :mod:`scoring.ranking.schemes` (each names its source)."""

    SUPERLIGA = "superliga", _("ČSM Superliga: round(50 × coefficient) for the winner")
    PRAGUE_LEAGUE = "prague_league", _("Pražská liga: points by the number of starters")
    LINEAR_EMA = "linear_ema", _("Linear: 1000 × (N − place)/(N − 1)")


class Audience(models.TextChoices):
    ALL = "all", _("all players")
    WOMEN = "women", _("women")
    SENIORS = "seniors", _("seniors")
    CLUBS = "clubs", _("clubs")


class TieBreakChain(models.TextChoices):
    SCORE_MONEY = "score,money", _("points, then tournament points, then money")
    PLAYED_SCORE_MONEY = "played,score,money", _(
        "points, then tournaments played, tournament points, money")


class Ranking(models.Model):
    """One ranking of a competition's tournaments; a competition may run several (all
    players, women, seniors, clubs), each with its scheme and options."""

    competition = models.ForeignKey(Competition, on_delete=models.PROTECT,
                                    related_name="rankings", verbose_name=_("competition"))
    name = models.CharField(_("name"), max_length=120)
    audience = models.CharField(_("who is ranked"), max_length=10, choices=Audience.choices,
                                default=Audience.ALL)
    seniors_born_by = models.PositiveSmallIntegerField(
        _("seniors born in or before"), null=True, blank=True)
    scheme = models.CharField(_("points"), max_length=20, choices=Scheme.choices,
                              default=Scheme.PRAGUE_LEAGUE)
    drop_worst = models.PositiveSmallIntegerField(_("worst results dropped"), default=0)
    best_of = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    min_played = models.PositiveSmallIntegerField(_("tournaments needed to be ranked"),
                                                  default=0)
    decay_full_days = models.PositiveIntegerField(
        _("results count in full for (days)"), null=True, blank=True,
        help_text=_("Empty: no time decay."))
    decay_half_days = models.PositiveIntegerField(
        _("then at half weight up to (days)"), null=True, blank=True)
    tie_breaks = models.CharField(_("ties"), max_length=40, choices=TieBreakChain.choices,
                                  default=TieBreakChain.SCORE_MONEY)
    members_only = models.BooleanField(
        _("members with paid dues only"), default=False)
    club_counted = models.PositiveSmallIntegerField(
        _("members counted per club and tournament"), default=3)
    ordering = models.IntegerField(_("order"), default=0)

    class Meta:
        ordering = ("competition", "ordering", "id")
        verbose_name = _("ranking")
        verbose_name_plural = _("rankings")

    def __str__(self) -> str:
        return f"{self.competition}: {self.name}"


class Membership(models.Model):
    """A player's federation membership for one season (the competition's ``season``): dues
    paid, club, licence, and a disqualification that excludes him from every ranking of
    the season, whichever competition it was given in."""

    season = models.CharField(_("season"), max_length=40)
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT,
                               related_name="memberships", verbose_name=_("player"))
    paid = models.BooleanField(_("dues paid"), default=False)
    club = models.ForeignKey("players.Club", on_delete=models.PROTECT, null=True, blank=True,
                             related_name="memberships", verbose_name=_("club"))
    licence = models.CharField(_("licence"), max_length=40, blank=True)
    disqualified = models.BooleanField(_("disqualified"), default=False)
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        ordering = ("season", "player")
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=("season", "player"),
                                               name="membership_once_a_season")]

    def __str__(self) -> str:
        return f"{self.season}: {self.player}"


class PlacementSnapshot(models.Model):
    """When a tournament's final places were last copied (:class:`FinalPlace`), and from which
    results generation (``core.pagecache``: bumped by every write that may change the
    standings). A different generation means the copy is stale."""

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.PROTECT,
                                      related_name="placement_snapshot")
    generation = models.CharField(max_length=40)
    computed_at = models.DateTimeField()
    field = models.PositiveIntegerField(default=0)


class FinalPlace(models.Model):
    """A player's final place in one tournament, copied from its standings so the season
    pages never recompute them. BP and SB are exact fractions as text ("7/2")."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT,
                                   related_name="final_places")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT,
                               related_name="final_places")
    place = models.PositiveIntegerField()
    bp = models.CharField(max_length=40)
    sb = models.CharField(max_length=40)
    money = models.BigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=("tournament", "player"),
                                               name="final_place_once")]


class FinalTeamPlace(models.Model):
    """A club's best placed team of one tournament, copied from its team standings with the
    final places (same snapshot, same generation) so the season's team table never
    recomputes them. A tournament without a team competition or ranked club teams has none."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT,
                                   related_name="final_team_places")
    club = models.ForeignKey("players.Club", on_delete=models.PROTECT,
                             related_name="final_team_places")
    place = models.PositiveIntegerField()
    team = models.CharField(max_length=150)  # the team's name in that tournament
    bp = models.CharField(max_length=40)
    sb = models.CharField(max_length=40)
    money = models.BigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=("tournament", "club"),
                                               name="final_team_place_once")]
