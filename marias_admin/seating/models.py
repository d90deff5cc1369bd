"""Rounds, their tables and seats: the stored result of the pure seating generator."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RoundState(models.TextChoices):
    DRAFT = "draft", _("not seated")
    SEATED = "seated", _("seated")
    CONFIRMED = "confirmed", _("confirmed")
    RELEASED = "released", _("released")
    CLOSED = "closed", _("closed")


FIXED_ROUND_STATES = (RoundState.RELEASED, RoundState.CLOSED)  # played: never re-seated


class SeatingMethod(models.TextChoices):
    LOT = "lot", _("lot")
    POTS = "pots", _("seeded in pots")
    SNAKE = "snake", _("seeded, snake")
    OPTIMISE = "optimise", _("avoid repeated opponents")
    SZMK = "szmk", _("SZMK plan")


class Round(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("round"))
    state = models.CharField(
        _("state"), max_length=16, choices=RoundState.choices, default=RoundState.DRAFT
    )
    method = models.CharField(
        _("seating method"),
        max_length=16,
        choices=SeatingMethod.choices,
        default=SeatingMethod.OPTIMISE,
    )
    seed = models.BigIntegerField(
        _("seed"), null=True, blank=True, help_text=_("Random seed the seating was drawn with.")
    )
    starts_at = models.TimeField(_("start"), null=True, blank=True)
    report = models.JSONField(_("seating report"), default=dict, blank=True)
    seated_at = models.DateTimeField(_("seated"), null=True, blank=True)
    # The round clock: when the organiser called "start", and the length he set (empty: the
    # tournament's round length). When it runs out, the hand in play is finished and no new
    # one is dealt.
    started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    clock_minutes = models.PositiveSmallIntegerField(_("round length (minutes)"), null=True,
                                                     blank=True)
    # A paused clock: when the organiser paused it (empty: running), and the seconds of the
    # pauses already over; the round ends that much later (seating.clock).
    clock_paused_at = models.DateTimeField(_("clock paused"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("seconds paused"), default=0)
    # Optimistic lock: bumped by every seating write (seat, swap, state, re-plan), so two
    # organisers working from the same page cannot silently overwrite each other.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("tournament", "number")
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=("tournament", "number"), name="round_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} – {self.number}."

    @property
    def is_fixed(self) -> bool:
        return self.state in FIXED_ROUND_STATES


class Table(models.Model):
    # A table goes with its round; its sheet (sheets.TableSheet) protects it, so a table whose
    # results were entered can never be deleted by a cascade.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))

    class Meta:
        ordering = ("round", "number")
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=("round", "number"), name="table_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number}"


class Seat(models.Model):
    # Seats cascade with their table or round: no result hangs on a seat row itself (the sheet
    # hangs on the table, which its sheet protects).
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="seats"
    )

    class Meta:
        ordering = ("table__number", "position")
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=("table", "position"), name="seat_position_once"),
            models.UniqueConstraint(
                fields=("round", "registration"), name="seat_player_once_per_round"
            ),
            models.CheckConstraint(
                condition=models.Q(position__gte=1, position__lte=4), name="seat_position_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.number}/{self.position}"


class Bye(models.Model):
    """A player left out of a round: a field not divisible by four at tables of exactly four
    (křížový, docs/readings.md §9.13). He plays no table that round and scores the bye's
    fixed result (0 money and the standings rules' ``bye_points``). Stored by the seating with
    the round's tables, and replaced with them."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="byes"
    )

    class Meta:
        ordering = ("round", "registration")
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=("round", "registration"), name="bye_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.registration}"


class SeatLock(models.Model):
    """A player the seating must put at a given table (and seat), set before the generator
    runs: the top table, a wheelchair place. The generator optimises everyone else; the lock
    stays for the round until removed, so seating the round again keeps it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="locks")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="seat_locks"
    )
    table = models.PositiveSmallIntegerField(_("table"))
    position = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)

    class Meta:
        ordering = ("round", "table", "position")
        verbose_name = _("locked seat")
        verbose_name_plural = _("locked seats")
        constraints = [
            models.UniqueConstraint(fields=("round", "registration"), name="lock_player_once"),
            models.UniqueConstraint(fields=("round", "table", "position"),
                                    condition=models.Q(position__isnull=False),
                                    name="lock_seat_once"),
            models.CheckConstraint(condition=models.Q(table__gte=1), name="lock_table_positive"),
            models.CheckConstraint(
                condition=models.Q(position__isnull=True)
                | models.Q(position__gte=1, position__lte=4),
                name="lock_position_1_to_4"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.table}/{self.position or ''}"
