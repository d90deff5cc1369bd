"""A tournament, who runs it (roles) and who plays in it (registrations)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from marias_admin.core import formatting
from marias_admin.core.ordering import czech_order
from marias_admin.tournaments.rule_variants import override_kwargs
from marias_admin.tournaments.standings_rules import default_rules_dict
from scoring.presets import PRESETS, get_preset
from scoring.ruleset import Ruleset


class TournamentState(models.TextChoices):
    DRAFT = "draft", _("draft")
    REGISTRATION = "registration", _("registration")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class Currency(models.TextChoices):
    CZK = "CZK", "Kč"
    EUR = "EUR", "€"


# 500 Kč or € per rate unit: far above any real tournament, and low enough that the largest
# hand (about 1 500 units: 100+7 with boty) settles to 75 000 000 haléř, within what a sheet
# holds and far from the limit of the 32-bit money columns.
MAX_BASE_RATE = 50_000

# The presets a tournament can be played under: those whose entry form, table sheets and
# standings exist. The volený families (issue 14: ČSM obecná pravidla and pagat's traditional
# game) play without an auction at tables of three (a fourth deals and sits out, ČSM obecná
# pravidla L27-28, pagat L108; pagat's variant ``all_four``, L109-116, at tables of exactly
# four like křížový), are ranked by money with no PB (docs/csm-voleny.md "Tournament
# scoring", docs/pagat-voleny.md "Tournament scoring") and take their documented variants as
# overrides (``rule_variants``). Křížový (issue 15: obecná pravidla VII.2) plays at tables of
# exactly four, all four playing every hand; a field not divisible by four leaves the rest out with
# a bye (``full_tables_only``; docs/readings.md §9.13). So do SloapSlam's two partnership games
# (issue 15: docs/sloapslam-ctyrka.md, the honerová licitovaná čtyřka at 1 Kč; and
# docs/sloapslam-krizovy.md, the bodovaný křížový at 20 h), ranked by table points (BUS
# 4-2-1-0) by SB at the table (SLS L74, L274; docs/sloapslam-ctyrka.md "Tournament scoring",
# docs/sloapslam-krizovy.md "Tournament result").
TOURNAMENT_RULESETS = ("csm-licitovany-2023", "szmk-voleny-2024", "csm-voleny", "pagat-voleny",
                       "csm-krizovy", "sloapslam-ctyrka", "sloapslam-krizovy")
RULESET_CHOICES = [(code, PRESETS[code].name) for code in TOURNAMENT_RULESETS]
# pagat L73: amounts are units whose money the players agree on; the base rate is that money.
UNIT_RULESETS = ("pagat-voleny",)
LANGUAGE_CHOICES = [(code, name) for code, name in settings.LANGUAGES]


def default_standings_rules() -> dict:
    """ČSM standings rules as stored JSON (see marias_admin.tournaments.standings_rules)."""
    return default_rules_dict()


def new_standings_seed() -> int:
    """The seed of the lot that orders players still equal after the whole chain."""
    return secrets.randbelow(2**62)


class ClubSeparation(models.TextChoices):
    """Whether the seating keeps clubmates at different tables, and how much that weighs
    (``marias_admin.seating.generator.groups``): by default below repeated opponents."""

    OFF = "off", _("no")
    AFTER_REPEATS = "after_repeats", _("yes, unless opponents would meet again")
    BEFORE_REPEATS = "before_repeats", _("yes, even if opponents meet again")


# The switches of the public pages (the tournament form's "Public pages").
PUBLIC_TOGGLES = ("public_seating", "public_standings", "public_results", "public_players",
                  "public_prizes")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=150)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    ruleset_code = models.CharField(_("rules"), max_length=40, choices=RULESET_CHOICES)
    ruleset_overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    language = models.CharField(
        _("Language"), max_length=8, choices=LANGUAGE_CHOICES, blank=True,
        help_text=_("Of the tournament's pages and printouts, unless a visitor chooses "
                    "another one. Empty: from the rules (Slovak for SZMK, Czech otherwise)."),
    )
    base_rate = models.PositiveIntegerField(
        _("base rate"), help_text=_("In the smallest unit of the currency (haléř, cent)."),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BASE_RATE)],
    )
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds planned"), default=4)
    round_minutes = models.PositiveSmallIntegerField(_("round length (minutes)"), default=90)
    table_size = models.PositiveSmallIntegerField(
        _("table size"), choices=[(4, "4"), (3, "3")], default=4,
    )
    max_odd_tables = models.PositiveSmallIntegerField(
        _("most tables of the other size"), default=3,
        help_text=_("ČSM allows at most three tables of 3 (rule B.2)."),
    )
    club_separation = models.CharField(
        _("keep clubmates apart"), max_length=16, choices=ClubSeparation.choices,
        default=ClubSeparation.AFTER_REPEATS,
        help_text=_("Players of the same club are seated at different tables where the field "
                    "allows, in rounds by lot and seeded ones too (swapping only within a seed "
                    "band). Avoiding repeated opponents comes first unless you choose "
                    "otherwise."),
    )
    team_separation = models.CharField(
        _("keep team members apart"), max_length=16, choices=ClubSeparation.choices,
        default=ClubSeparation.AFTER_REPEATS,
        help_text=_("Members of the same team are seated at different tables where the field "
                    "allows; a pair of team members weighs twice a pair of clubmates. "
                    "Avoiding repeated opponents comes first unless you choose otherwise."),
    )
    state = models.CharField(
        _("state"), max_length=16, choices=TournamentState.choices,
        default=TournamentState.DRAFT,
    )
    public_seating = models.BooleanField(_("public seating"), default=True)
    public_standings = models.BooleanField(_("public standings"), default=True)
    public_results = models.BooleanField(_("public table results"), default=True)
    public_players = models.BooleanField(_("public player pages"), default=True)
    public_prizes = models.BooleanField(
        _("public prize list"), default=False,
        help_text=_("Publish the prize list with its winners (drawn from the confirmed "
                    "results) on the tournament's public page."))
    standings_rules = models.JSONField(
        _("standings rules"), default=default_standings_rules, blank=True,
        help_text=_("Round ranking chain, placement points key, tournament chain, dropped "
                    "rounds."),
    )
    standings_seed = models.BigIntegerField(
        _("seed of the standings lot"), default=new_standings_seed,
        help_text=_("Orders players who are equal on every criterion, reproducibly."),
    )
    standings_locked_at = models.DateTimeField(
        _("standings rules locked"), null=True, blank=True,
        help_text=_("Set when the tournament starts; later changes ask first and are logged."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ("-date", *czech_order("name"))
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=models.Q(base_rate__gt=0),
                                   name="tournament_base_rate_positive"),
            models.CheckConstraint(condition=models.Q(base_rate__lte=MAX_BASE_RATE),
                                   name="tournament_base_rate_at_most_500_units"),
            models.CheckConstraint(condition=models.Q(table_size__in=(3, 4)),
                                   name="tournament_table_size_3_or_4"),
            models.CheckConstraint(condition=models.Q(rounds_planned__gte=1),
                                   name="tournament_rounds_planned_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({formatting.day(self.date)})"

    def clean(self) -> None:
        super().clean()
        if self.ruleset_code in PRESETS and self.full_tables_only and self.table_size != 4:
            raise ValidationError({"table_size": _(
                "These rules are played by four players at every table (all four play every "
                "hand): choose tables of 4. Players over a multiple of four get a bye.")},
                code="full_tables_only")

    @property
    def publishes_anything(self) -> bool:
        """Whether any of its public pages is switched on: then it has a public home (/t/<id>/)
        and the home page lists it."""
        return any(getattr(self, name) for name in PUBLIC_TOGGLES)

    @property
    def page_language(self) -> str:
        """The language its pages and printouts are shown in by default: the organiser's
        choice, else its rules' (Slovak for SZMK, Czech for ČSM)."""
        return self.language or get_preset(self.ruleset_code).language

    @property
    def counts_in_units(self) -> bool:
        """Whether its base rate is "the money of one unit" (the traditional game)."""
        return self.ruleset_code in UNIT_RULESETS

    @property
    def full_tables_only(self) -> bool:
        """Whether every table has exactly four active players (křížový, obecná pravidla VII.2
        L243: the rules' only table size is 4, or its players play in pairs): no tables of 3,
        nobody sits out per hand, and a field not divisible by four gives byes."""
        preset = get_preset(self.ruleset_code)
        # A variant may make it so (pagat L109-116, ``all_four``): read the stored overrides.
        stored = self.ruleset_overrides or {}
        sizes = tuple(stored.get("table_sizes", preset.table_sizes))
        return sizes == (4,) or bool(stored.get("partnerships", preset.partnerships))

    def ruleset(self) -> Ruleset:
        """The preset with this tournament's overrides (stored as JSON: see
        :mod:`.rule_variants`), base rate and currency."""
        preset = get_preset(self.ruleset_code)
        return preset.override(
            code=f"{preset.code}+t{self.pk}" if self.ruleset_overrides else preset.code,
            base=self.base_rate, currency=self.currency,
            **override_kwargs(preset, self.ruleset_overrides or {}),
        )


class Role(models.TextChoices):
    ORGANISER = "organiser", _("organiser")
    SCOREKEEPER = "scorekeeper", _("scorekeeper")
    REFEREE = "referee", _("referee")


class TournamentRole(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="tournament_roles")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "user", "role"),
                                    name="tournament_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()}"


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    PRESENT = "present", _("present")
    LATE = "late", _("late")
    WITHDRAWN = "withdrawn", _("withdrawn")
    SUBSTITUTE = "substitute", _("substitute")


PLAYING_STATUSES = (RegistrationStatus.PRESENT, RegistrationStatus.LATE,
                    RegistrationStatus.SUBSTITUTE)


class Registration(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="registrations")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT,
                               related_name="registrations")
    status = models.CharField(_("status"), max_length=16, choices=RegistrationStatus.choices,
                              default=RegistrationStatus.REGISTERED)
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)
    seed_rank = models.PositiveIntegerField(
        _("seeding rank"), null=True, blank=True,
        help_text=_("Rank used by seeded seating (1 = strongest)."),
    )
    first_round = models.PositiveSmallIntegerField(
        _("first round"), default=1, help_text=_("A late entry plays from this round."),
    )
    withdrawn_before_round = models.PositiveSmallIntegerField(
        _("withdrawn before round"), null=True, blank=True,
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    # The player's own PIN (printed on his player slip): how he confirms a table sheet on a
    # phone without an account. Issued lazily by marias_admin.sheets.access.
    pin = models.CharField(_("player PIN"), max_length=8, blank=True, default="")

    class Meta:
        ordering = czech_order("player__last_name", "player__first_name")
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "player"),
                                    name="registration_player_once"),
            models.CheckConstraint(condition=models.Q(first_round__gte=1),
                                   name="registration_first_round_positive"),
        ]

    def __str__(self) -> str:
        return str(self.player)

    def plays_in(self, round_number: int) -> bool:
        """Whether this entry is seated in the given round."""
        if self.status == RegistrationStatus.REGISTERED:
            return False
        if self.status == RegistrationStatus.WITHDRAWN:
            # Only someone who was here plays the rounds before the withdrawal.
            return (self.checked_in_at is not None and self.withdrawn_before_round is not None
                    and self.first_round <= round_number < self.withdrawn_before_round)
        return round_number >= self.first_round


class RegistrationSubmission(models.Model):
    """The one-time key of an "add a new player" form as sent: the same form sent twice (a
    double click, a reload after a slow answer) finds its first result here instead of
    creating the player a second time."""

    key = models.CharField(max_length=64, unique=True)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    # Empty only inside the transaction that claimed the key and is making the registration.
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+",
                                     null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")

    def __str__(self) -> str:
        return self.key
