"""Tables a referee's ruling changed after they were handed in (issue 21: results never move
silently): the standings lines a ruling preview compares, the public notice of tables under
review, and the markers of the round page, its control room and the round results.

A sheet's ``changed_by_ruling`` names the last such ruling: with the sheet confirmed the table
counts and shows "changed by ruling N"; otherwise it was sent back and is under review — its
results are not counted until it is confirmed again.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from marias_admin.seating.models import Round
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.standings.presenters.explanations import standings_row_shown
from marias_admin.standings.selectors import round_scores, rules_from
from marias_admin.tournaments.models import Tournament
from scoring.standings import compute_standings


def _plain(value: Fraction | int) -> str:
    """A number as a plain decimal string ("28", "12.5"), for JSON and for comparing."""
    number = Decimal(value.numerator) / Decimal(value.denominator) \
        if isinstance(value, Fraction) else Decimal(value)
    return format(number.quantize(Decimal("0.0001")).normalize(), "f")


def standings_lines(tournament: Tournament) -> dict[int, dict[str, Any]]:
    """Registration id → the player's standings line, as the standings page computes it."""
    rules = rules_from(tournament)
    standings = compute_standings(round_scores(tournament, rules=rules), rules,
                                  tournament.standings_seed)
    return {s.player: {"place": s.rank, "bp": _plain(s.bp), "sb": _plain(s.sb),
                       "zb": s.money, "pb": _plain(s.premium),
                       "shown": standings_row_shown(s, rules)}
            for s in standings}


def _changed(sheets: Any) -> Any:
    return (sheets.filter(changed_by_ruling__isnull=False)
            .select_related("table__round", "changed_by_ruling__by")
            .order_by("table__round__number", "table__number"))


def _entry(sheet: TableSheet) -> dict[str, Any]:
    ruling = sheet.changed_by_ruling
    return {"round": sheet.table.round.number, "table": sheet.table.number,
            "ruling": ruling.pk, "kind": ruling.get_kind_display(), "by": ruling.by,
            "reason": ruling.reason, "outcome": ruling.outcome,
            "under_review": sheet.state != SheetState.CONFIRMED}


def tables_changed_by_rulings(round: Round) -> dict[int, dict[str, Any]]:
    """Table number → the ruling that changed its handed-in amounts (round page markers)."""
    return {e["table"]: e for e in map(_entry, _changed(
        TableSheet.objects.filter(table__round=round)))}


def tables_under_review(tournament: Tournament) -> list[dict[str, Any]]:
    """Tables sent back by a referee and not confirmed again, in round and table order. The
    public notice names round and table only: the reason stays with the referee's pages."""
    return [e for e in map(_entry, _changed(
        TableSheet.objects.filter(table__round__tournament=tournament)
        .exclude(state=SheetState.CONFIRMED)))]
