"""Whether a table sheet is complete enough to count (issue 21, "complete before it counts").

Two things can make a sheet's result silently wrong, and both block the submit (and, in
defence, the confirmation) until they are put right or a referee decides:

- **Hands without their PB facts.** The engine settles a made sedma or sto without the trumps
  held (ČSM 2023 B.10) but cannot count its PB: it warns ``premium_facts_missing`` and pays 0.
  :func:`pb_facts_missing` reads that warning at settlement; ``HandRecord.pb_missing`` keeps it.
  A referee may waive the facts (``RulingKind.PB_WAIVED`` → ``HandRecord.pb_waiver``).
- **Paper totals that differ from the hands.** The totals typed from the paper sheet for
  reconciliation (``paper_money_*``/``paper_pb_*``) must agree with the hands' sums, or a
  referee accepts the difference (``RulingKind.TOTALS_ACCEPTED`` → ``TableSheet.paper_ruling``).

An acceptance covers exactly the differences the referee saw: the figures are kept in the
ruling (``Ruling.changes["paper_totals"]``, each player's paper and hands' money and PB). When
the paper totals or the hands change afterwards, the acceptance no longer matches and counts no
more (the page says so and the submit asks again), without any write having to remember to
clear it; the ruling itself stays, as history.

A waiver is kept by a re-settlement only while the hand's facts are still missing and the hand
is the same as when it was waived (e.g. a corrected paper amount, or the round's renonces
recomputed without touching it). An edited hand is a different claim, possibly the completed
one: the waiver is cleared and the referee decides again if the facts are still missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from marias_admin.core import formatting
from marias_admin.sheets.models import HandRecord, SheetMode, TableSheet
from marias_admin.sheets.selectors import paper_differences, running_account

PB_FACTS_MISSING = "premium_facts_missing"  # scoring.premium.compute's warning
ACCEPTED_KEY = "paper_totals"  # Ruling.changes of a TOTALS_ACCEPTED ruling


def pb_facts_missing(result: Any) -> bool:
    """Whether the engine's settlement lacks facts for PB the tournament's table pays."""
    return any(w.code == PB_FACTS_MISSING for w in result.warnings)


def keeps_waiver(record: HandRecord, old_hand: Any) -> bool:
    """After ``record`` was re-settled: may its waiver stand (see the module's docstring)?"""
    return record.pb_missing and old_hand == record.hand


def open_pb_hands(hands: Sequence[HandRecord]) -> list[HandRecord]:
    """Live hands whose PB facts are missing and not waived."""
    return [h for h in hands if h.deleted_at is None and h.pb_missing and h.pb_waiver_id is None]


@dataclass(frozen=True)
class PaperGap:
    """One player's paper totals against the hands' (money in haléř, PB)."""

    seat: int
    name: str
    paper_money: int | None
    money: int
    paper_pb: Decimal | None
    pb: Decimal

    @property
    def money_differs(self) -> bool:
        return self.paper_money is not None and self.paper_money != self.money

    @property
    def pb_differs(self) -> bool:
        return self.paper_pb is not None and Decimal(self.paper_pb) != Decimal(self.pb)

    def text(self) -> str:
        parts = []
        if self.money_differs:
            assert self.paper_money is not None
            parts.append(_("paper %(paper)s, hands %(hands)s, difference %(diff)s") % {
                "paper": formatting.signed(self.paper_money),
                "hands": formatting.signed(self.money),
                "diff": formatting.signed(self.money - self.paper_money)})
        if self.pb_differs:
            assert self.paper_pb is not None
            parts.append(_("PB paper %(paper)s, hands %(hands)s, difference %(diff)s") % {
                "paper": formatting.points(self.paper_pb, places=1),
                "hands": formatting.points(self.pb, places=1),
                "diff": formatting.points(Decimal(self.pb) - Decimal(self.paper_pb),
                                          places=1)})
        return f"{self.seat}. {self.name}: " + "; ".join(parts)


def paper_gaps(sheet: TableSheet, hands: Sequence[HandRecord] | None = None,
               names: dict[int, str] | None = None) -> list[PaperGap]:
    """Every player's paper totals against the hands' sums; empty when none were typed or the
    sheet holds typed totals only. ``hands``/``names``: what the caller loaded already."""
    if sheet.mode == SheetMode.TOTALS or sheet.pk is None:
        return []
    if hands is None:
        hands = list(sheet.hands.filter(deleted_at__isnull=True).order_by("number"))
    live = [h for h in hands if h.deleted_at is None]
    if names is None:
        names = {s.position: s.registration.player.full_name
                 for s in sheet.table.seats.select_related("registration__player")}
    players = len(names) or 3
    diffs = paper_differences(sheet, running_account(live, players))
    if not diffs:
        return []
    return [PaperGap(d["seat"], names.get(d["seat"], ""), d["paper_money"], d["money"],
                     d["paper_pb"], Decimal(d["pb"])) for d in diffs]


def differs(gaps: Sequence[PaperGap]) -> bool:
    return any(g.money_differs or g.pb_differs for g in gaps)


def accepted_figures(gaps: Sequence[PaperGap]) -> list[dict[str, Any]]:
    """What an acceptance records (JSON): the figures the referee saw, player by player."""
    return [{"seat": g.seat, "paper_money": g.paper_money, "money": g.money,
             "paper_pb": None if g.paper_pb is None else _pb(g.paper_pb), "pb": _pb(g.pb)}
            for g in gaps]


def _pb(value: Decimal) -> str:
    return format(Decimal(value).normalize(), "f")  # 20, 7.5 (not 2E+1, 7.50)


def acceptance_matches(sheet: TableSheet, gaps: Sequence[PaperGap]) -> bool:
    """Whether the sheet's accepted difference is exactly the current one."""
    ruling = sheet.paper_ruling if sheet.paper_ruling_id is not None else None
    return ruling is not None and (ruling.changes or {}).get(ACCEPTED_KEY) == \
        accepted_figures(gaps)


def open_paper_gaps(sheet: TableSheet, hands: Sequence[HandRecord] | None = None,
                    names: dict[int, str] | None = None) -> list[PaperGap]:
    """The players whose paper totals differ, unless a referee accepted exactly these."""
    gaps = paper_gaps(sheet, hands, names)
    if not differs(gaps) or acceptance_matches(sheet, gaps):
        return []
    return [g for g in gaps if g.money_differs or g.pb_differs]


def pb_message(numbers: Sequence[int]) -> str:
    return ngettext(
        "Hand %(hands)s lacks the facts for PB: complete it or ask a referee to waive them.",
        "Hands %(hands)s lack the facts for PB: complete them or ask a referee to waive them.",
        len(numbers)) % {"hands": ", ".join(map(str, numbers))}


def paper_message(gaps: Sequence[PaperGap]) -> str:
    return _("The paper totals differ from the hands: %(players)s. Correct the paper totals "
             "or the hands, or ask a referee to accept the difference.") % {
        "players": " · ".join(g.text() for g in gaps)}


def incompleteness(sheet: TableSheet) -> list[ValidationError]:
    """Why the sheet may not be submitted or confirmed yet (empty: it is complete)."""
    if sheet.mode == SheetMode.TOTALS:
        return []
    hands = list(sheet.hands.filter(deleted_at__isnull=True).order_by("number"))
    problems = []
    missing = [h.number for h in open_pb_hands(hands)]
    if missing:
        problems.append(ValidationError(pb_message(missing), code="pb_missing"))
    gaps = open_paper_gaps(sheet, hands)
    if gaps:
        problems.append(ValidationError(paper_message(gaps), code="paper_totals"))
    return problems
