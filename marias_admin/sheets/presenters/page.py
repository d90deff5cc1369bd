"""One table's sheet as the visitor may see it, with what the visitor may do.

The views build a :class:`SheetPage` (loading and access decisions); every presenter reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import get_language

from marias_admin.core import formatting
from marias_admin.seating.models import Round, Seat, Table
from marias_admin.sheets.models import HandRecord, SheetMode, TableSheet
from marias_admin.sheets.selectors import EDITABLE_STATES
from marias_admin.tournaments.models import Role, Tournament


@dataclass
class SheetPage:
    """The loaded sheet (an unsaved one until the first write) and the visitor's rights."""

    tournament: Tournament
    round: Round
    table: Table
    seats: list[Seat]
    sheet: TableSheet
    roles: set[Role]
    privileged: bool  # a role in the tournament, or seated at this table
    show_account: bool
    can_write: bool
    can_confirm: bool
    can_referee: bool
    can_organise: bool
    hands: list[HandRecord] = field(default_factory=list)  # deleted ones too
    table_grant: bool = False  # this phone opened the table by its link and PIN
    by_link: bool = False  # it writes by that grant alone (no account that may write)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def url(self) -> str:
        return reverse("sheets:table",
                       args=(self.tournament.pk, self.round.number, self.table.number))

    @property
    def live(self) -> list[HandRecord]:
        return [h for h in self.hands if h.deleted_at is None]

    @property
    def editable(self) -> bool:
        return self.sheet.state in EDITABLE_STATES

    @property
    def mode_totals(self) -> bool:
        return self.sheet.mode == SheetMode.TOTALS

    def hand(self, number: int) -> HandRecord | None:
        """The hand of that number, deleted or not (the numbering has no gaps)."""
        return next((h for h in self.hands if h.number == number), None)

    def ruleset(self) -> Any:
        if not hasattr(self, "_ruleset"):
            self._ruleset = self.tournament.ruleset()
        return self._ruleset


def symbol(page: SheetPage) -> str:
    """The tournament's currency as the page's language writes it (Kč, €, CZK)."""
    return formatting.currency_symbol(page.tournament.currency, formatting.language())


def page_language() -> str:
    return (get_language() or "cs")[:2]
