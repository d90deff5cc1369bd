"""The digital table sheet (stolový lístek): hands, totals, confirmation and rulings.

Money columns are per seat (seat 4 empty at a table of three) so that the database itself can
refuse a hand or a totals line that does not sum to zero.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

SEAT_COUNT = 4
PB_DIGITS = {"max_digits": 7, "decimal_places": 1}  # PB may be half points


class SheetState(models.TextChoices):
    DRAFT = "draft", _("being entered")
    SUBMITTED = "submitted", _("submitted")
    CONFIRMED = "confirmed", _("confirmed")
    DISPUTED = "disputed", _("disputed")


class SheetMode(models.TextChoices):
    HANDS = "hands", _("hand by hand")
    TOTALS = "totals", _("totals only")


def _sum_is_zero(prefix: str) -> Q:
    """seat_1 + seat_2 + seat_3 + (seat_4 or 0) == 0, written as a comparison Django can check."""
    return Q(**{f"{prefix}_1": -(F(f"{prefix}_2") + F(f"{prefix}_3")
                                 + Coalesce(F(f"{prefix}_4"), 0))})


class TableSheet(models.Model):
    """One table's record of one round."""

    # PROTECT: results are sacred; a table (or round, or tournament) whose sheet exists is
    # never deleted by a cascade. Re-seating deletes only empty sheets, explicitly.
    table = models.OneToOneField("seating.Table", on_delete=models.PROTECT, related_name="sheet")
    state = models.CharField(_("state"), max_length=16, choices=SheetState.choices,
                             default=SheetState.DRAFT)
    mode = models.CharField(_("entry"), max_length=16, choices=SheetMode.choices,
                            default=SheetMode.HANDS)
    version = models.PositiveIntegerField(default=0)  # optimistic lock: bumped by every write
    scorekeeper = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("scorekeeper"))
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Who submitted / confirmed without an account: "table 7 (link)", "player Novák (PIN)".
    submitted_as = models.CharField(max_length=120, blank=True, default="")
    confirmed_as = models.CharField(max_length=120, blank=True, default="")
    # The seated player who confirmed with his own PIN (None for a staff login).
    confirmed_registration = models.ForeignKey(
        "tournaments.Registration", null=True, blank=True, on_delete=models.PROTECT,
        related_name="+")
    # The last ruling that changed the amounts after the sheet was confirmed: with the sheet
    # confirmed, "changed by ruling N"; otherwise the table is under review.
    changed_by_ruling = models.ForeignKey("Ruling", null=True, blank=True,
                                          on_delete=models.PROTECT, related_name="+")
    # The referee's decision that lets paper totals differing from the hands be submitted.
    paper_ruling = models.ForeignKey("Ruling", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    # Totals mode: the final ZB (money) and PB per seat copied from the paper sheet.
    total_money_1 = models.IntegerField(null=True, blank=True)
    total_money_2 = models.IntegerField(null=True, blank=True)
    total_money_3 = models.IntegerField(null=True, blank=True)
    total_money_4 = models.IntegerField(null=True, blank=True)
    total_pb_1 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    total_pb_2 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    total_pb_3 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    total_pb_4 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    # Hands mode: the paper sheet's totals typed for reconciliation.
    paper_money_1 = models.IntegerField(null=True, blank=True)
    paper_money_2 = models.IntegerField(null=True, blank=True)
    paper_money_3 = models.IntegerField(null=True, blank=True)
    paper_money_4 = models.IntegerField(null=True, blank=True)
    paper_pb_1 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    paper_pb_2 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    paper_pb_3 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    paper_pb_4 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    # When the table's phone last reached the server (its page's heartbeat or queue, issue 25):
    # the control room flags an open sheet whose phone has been silent for a while.
    phone_heard_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("table sheet")
        verbose_name_plural = _("table sheets")
        constraints = [
            models.CheckConstraint(
                condition=Q(total_money_1__isnull=True) | _sum_is_zero("total_money"),
                name="sheet_totals_sum_to_zero",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.round} / {self.table.number}"


class HandRecord(models.Model):
    """One line of the sheet: a hand as recorded, and its settlement by the engine."""

    sheet = models.ForeignKey(TableSheet, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    hand = models.JSONField(_("hand"))  # scoring.jsonio format
    notation = models.CharField(_("as typed"), max_length=300, blank=True)
    description = models.CharField(_("description"), max_length=400)
    money_1 = models.IntegerField()
    money_2 = models.IntegerField()
    money_3 = models.IntegerField()
    money_4 = models.IntegerField(null=True, blank=True)
    pb_1 = models.DecimalField(default=0, **PB_DIGITS)
    pb_2 = models.DecimalField(default=0, **PB_DIGITS)
    pb_3 = models.DecimalField(default=0, **PB_DIGITS)
    pb_4 = models.DecimalField(null=True, blank=True, **PB_DIGITS)
    premium_described = models.BooleanField(default=False)  # 50+ PB: described and signed
    premium_pending = models.BooleanField(default=False)  # PB wait for the referee
    explanation = models.JSONField(default=list, blank=True)
    # Copied from the paper sheet: the amounts written there, checked against the engine.
    paper_money = models.JSONField(null=True, blank=True)
    mismatch = models.BooleanField(default=False)
    mismatch_accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                             on_delete=models.SET_NULL, related_name="+")
    mismatch_note = models.CharField(max_length=300, blank=True)
    # PB the rules pay for this hand but whose facts (trumps held, ...) were not entered; the
    # sheet cannot be submitted until they are completed or a referee waives them.
    pb_missing = models.BooleanField(default=False)
    pb_waiver = models.ForeignKey("Ruling", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    # Who entered and who last corrected the hand, in words ("Novák Jan (PIN), table 7 link").
    created_as = models.CharField(max_length=120, blank=True, default="")
    created_registration = models.ForeignKey("tournaments.Registration", null=True, blank=True,
                                             on_delete=models.PROTECT, related_name="+")
    edited_as = models.CharField(max_length=120, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    delete_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ("sheet", "number")
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=("sheet", "number"), name="hand_number_once"),
            models.CheckConstraint(condition=_sum_is_zero("money"), name="hand_sums_to_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.description}"

    @property
    def money(self) -> list[int]:
        values = [self.money_1, self.money_2, self.money_3, self.money_4]
        return [v for v in values if v is not None]


class RulingKind(models.TextChoices):
    RENONC = "renonc", _("renonc")
    PREMIUM_GRANTED = "premium_granted", _("PB granted")
    PREMIUM_REFUSED = "premium_refused", _("PB refused")
    FLEK_CANCELLED = "flek_cancelled", _("flek cancelled")
    MISMATCH_ACCEPTED = "mismatch_accepted", _("difference from the paper sheet accepted")
    YELLOW_CARD = "yellow_card", _("yellow card")
    RED_CARD = "red_card", _("red card")
    DISQUALIFICATION = "disqualification", _("disqualification")
    CONTUMATION = "contumation", _("contumation")
    OTHER = "other", _("other ruling")
    PB_WAIVED = "pb_waived", _("missing PB facts waived")
    TOTALS_ACCEPTED = "totals_accepted", _("difference from the paper totals accepted")


class RulingOutcome(models.TextChoices):
    """What a ruling that changed the amounts of a confirmed sheet did with the sheet: the
    referee chooses, having seen what it changes in the standings (issue: results never move
    silently)."""

    RECORDED = "recorded", _("recorded")
    RECONFIRMED = "reconfirmed", _("re-confirmed by the referee")
    SENT_BACK = "sent_back", _("sent back to the table")


class Ruling(models.Model):
    """A referee's decision, tied to the sheet and (where it concerns one) the hand."""

    sheet = models.ForeignKey(TableSheet, on_delete=models.PROTECT, related_name="rulings")
    hand = models.ForeignKey(HandRecord, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="rulings")
    kind = models.CharField(_("ruling"), max_length=24, choices=RulingKind.choices)
    offender = models.ForeignKey("tournaments.Registration", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="rulings",
                                 verbose_name=_("player"))
    code = models.CharField(_("rule code"), max_length=16, blank=True)  # renonc code, component
    reason = models.TextField(_("reason"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+", verbose_name=_("referee"))
    at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(_("outcome"), max_length=16, choices=RulingOutcome.choices,
                               default=RulingOutcome.RECORDED)
    # What the ruling changed, as the referee saw it before saving: per player money, SB/BP
    # and place before → after (empty when it changed no amounts of a counted sheet).
    changes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ("at", "id")
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="ruling_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.at:%H:%M})"


class SheetWriter(models.Model):
    """Someone who wrote on the sheet (entered, corrected or deleted a hand, typed totals,
    submitted): a seated player by his PIN or a login. None of them may confirm the sheet:
    a counted result has two different people behind it."""

    sheet = models.ForeignKey(TableSheet, on_delete=models.PROTECT, related_name="writers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.PROTECT, related_name="+")
    registration = models.ForeignKey("tournaments.Registration", null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    label = models.CharField(max_length=120)
    first_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("sheet writer")
        verbose_name_plural = _("sheet writers")
        constraints = [
            models.UniqueConstraint(fields=("sheet", "user"), condition=Q(user__isnull=False),
                                    name="sheet_writer_user_once"),
            models.UniqueConstraint(fields=("sheet", "registration"),
                                    condition=Q(registration__isnull=False),
                                    name="sheet_writer_registration_once"),
            models.CheckConstraint(condition=Q(user__isnull=False) | Q(registration__isnull=False),
                                   name="sheet_writer_is_someone"),
        ]

    def __str__(self) -> str:
        return self.label


class TableAccess(models.Model):
    """The secret link and PIN of one table in one round: a phone without an account that
    knows both may enter that table's hands. Regenerating replaces both and raises the version,
    which ends every phone session granted under the old one at once."""

    table = models.OneToOneField("seating.Table", on_delete=models.CASCADE,
                                 related_name="access")
    token = models.CharField(max_length=64, unique=True)
    pin = models.CharField(_("PIN"), max_length=8)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("table access link")
        verbose_name_plural = _("table access links")

    def __str__(self) -> str:
        return f"{self.table} (link v{self.version})"


class PinFailure(models.Model):
    """One wrong PIN, kept only to throttle guessing: a PIN of a few digits is safe only while
    nobody can try thousands of them."""

    key = models.CharField(max_length=64, db_index=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("wrong PIN")
        verbose_name_plural = _("wrong PINs")


class SyncOutcome(models.TextChoices):
    APPLIED = "applied", _("saved")
    CONFLICT = "conflict", _("conflict")
    REFUSED = "refused", _("refused by the rules")
    DROPPED = "dropped", _("dropped by the scorekeeper")


class SyncWrite(models.Model):
    """One write a phone queued while offline (issue 25), by the idempotency key the browser
    gave it: a flaky network may send the same queue many times, and several server processes
    may receive it, so "applied once" is a unique row in the database, never a memory. The
    outcome is kept, so that a repeated key gets the same answer without writing again."""

    key = models.UUIDField(unique=True)
    sheet = models.ForeignKey(TableSheet, on_delete=models.PROTECT, related_name="sync_writes")
    client = models.UUIDField()  # the phone's browser (its queue), to tell its writes apart
    op = models.CharField(max_length=8)  # add, edit, delete
    number = models.PositiveSmallIntegerField(null=True, blank=True)  # the hand written
    base_version = models.PositiveIntegerField()  # the sheet version the phone saw
    version_before = models.PositiveIntegerField(null=True, blank=True)
    version_after = models.PositiveIntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=SyncOutcome.choices)
    answer = models.JSONField(default=dict, blank=True)  # what the phone was told
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("queued write")
        verbose_name_plural = _("queued writes")
        indexes = [models.Index(fields=("sheet", "client"), name="sync_sheet_client")]

    def __str__(self) -> str:
        return f"{self.op} {self.number} ({self.outcome})"
