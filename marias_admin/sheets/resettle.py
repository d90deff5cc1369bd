"""Every stored hand settled again by the engine, and what differs from what was stored.

The tool a federation runs after a rules fix (``manage.py resettle``, issue 27): each live
hand of the chosen tournaments is read back from its stored JSON (``scoring.jsonio``), settled
with its tournament's ruleset exactly as the hand write settles it
(:func:`marias_admin.sheets.services.hands.apply_settlement`), and its money and PB compared
with the stored ones. Nothing is written.

Fast because a season is mostly the same hands: the JSON column is read as text (no
``json.loads`` for every row), and each distinct (ruleset, hand text) is decoded and settled
once; the engine is pure, so a repeat settles alike. Only money and PB are computed, not the
explanation texts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.backends.utils import format_number
from django.db.models import TextField
from django.db.models.functions import Cast

from marias_admin.sheets.models import PB_DIGITS, HandRecord
from marias_admin.sheets.services.hands import seat_figures
from marias_admin.tournaments.models import Tournament
from scoring import ScoringError, settle
from scoring.jsonio import hand_from_dict
from scoring.ruleset import Ruleset

SEATS = (1, 2, 3, 4)
_COLUMNS = ("id", "sheet__table__round__tournament_id", "sheet__table__round__number",
            "sheet__table__number", "number", "raw",
            *(f"money_{s}" for s in SEATS), *(f"pb_{s}" for s in SEATS))

Outcome = tuple[tuple[int, ...], tuple[Decimal, ...]] | str  # (money, PB) or the refusal


@dataclass(frozen=True)
class Difference:
    """One stored hand the engine settles otherwise today (or refuses)."""

    record: int  # HandRecord id
    tournament: int
    round: int
    table: int
    hand: int  # the hand's number on its sheet
    stored: tuple[tuple[int, ...], tuple[Decimal, ...]]
    engine: Outcome  # the engine's money and PB, or its refusal in words


@dataclass
class Report:
    hands: int = 0  # live hands checked
    settled: int = 0  # distinct settlements the engine computed
    tournaments: int = 0
    differences: list[Difference] = field(default_factory=list)


def _stored_pb(value: Any) -> Decimal:
    """PB as the column holds it: a Decimal of one place, rounded as Django saves it (the
    hand write leaves that rounding to the column)."""
    return Decimal(format_number(value, PB_DIGITS["max_digits"], PB_DIGITS["decimal_places"])
                   or "0")


def settle_text(raw: str, ruleset: Ruleset) -> Outcome:
    """The money and PB (per seat, as stored) of one hand's stored JSON, or the refusal."""
    try:
        result = settle(hand_from_dict(json.loads(raw)), ruleset)
    except (ScoringError, ValueError, TypeError, KeyError) as exc:
        return str(exc) or type(exc).__name__
    money, pb = seat_figures(result)  # as the hand write gives them to the record
    return tuple(money), tuple(_stored_pb(p) for p in pb)


def _ruleset_key(tournament: Tournament) -> str:
    """Tournaments whose rulesets are the same settle a hand alike (the memo is shared)."""
    return json.dumps([tournament.ruleset_code, str(tournament.base_rate), tournament.currency,
                       tournament.ruleset_overrides or {}], sort_keys=True, default=str)


def resettle(tournaments: Iterable[Tournament]) -> Report:
    """Check every live hand of ``tournaments`` against the engine (see the module)."""
    report = Report()
    rulesets: dict[int, tuple[str, Ruleset]] = {}
    for tournament in tournaments:
        rulesets[tournament.pk] = (_ruleset_key(tournament), tournament.ruleset())
    report.tournaments = len(rulesets)
    if not rulesets:
        return report
    memo: dict[tuple[str, str], Outcome] = {}
    rows = (HandRecord.objects
            .filter(sheet__table__round__tournament_id__in=list(rulesets),
                    deleted_at__isnull=True)
            .annotate(raw=Cast("hand", TextField()))
            .order_by("sheet__table__round__tournament_id", "sheet__table__round__number",
                      "sheet__table__number", "number")
            .values_list(*_COLUMNS))
    for record, tournament_id, round_number, table, number, raw, *stored in rows.iterator(
            chunk_size=5000):
        report.hands += 1
        key, ruleset = rulesets[tournament_id]
        outcome = memo.get((key, raw))
        if outcome is None:
            outcome = memo[(key, raw)] = settle_text(raw, ruleset)
            report.settled += 1
        money = tuple(m for m in stored[:4] if m is not None)
        pb = tuple(p for p in stored[4:][:len(money)])
        if isinstance(outcome, str) or outcome[0] != money or outcome[1] != pb:
            report.differences.append(Difference(record, tournament_id, round_number, table,
                                                 number, (money, pb), outcome))
    return report
