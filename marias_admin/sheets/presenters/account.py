"""The running account as on the paper sheet: a row per hand, its cells per seat, the totals
and where the paper sheet's totals differ."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from marias_admin.core.people import person_name
from marias_admin.core.templatetags.marias import money
from marias_admin.seating.models import Seat
from marias_admin.sheets.completeness import (
    PB_FACTS_MISSING,
    acceptance_matches,
    differs,
    paper_gaps,
)
from marias_admin.sheets.forms import pb_text, signed
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.presenters.page import SheetPage, page_language
from marias_admin.sheets.selectors import Account, AccountRow, paper_differences, running_account
from scoring import ScoringError, settle
from scoring.jsonio import hand_from_dict
from scoring.ruleset import Ruleset
from scoring.table_round import holdings


@dataclass
class Cell:
    seat: Seat
    money: int | None
    text: str
    cumulative: str = ""
    pb: str = ""
    paper: str = ""
    differs: bool = False
    declarer: bool = False
    dealer: bool = False

    @property
    def html(self) -> SafeString:
        """The cell's ``<td>``, written here rather than in the template: the account has a
        cell per hand and seat, and the table page is loaded before every hand."""
        classes = "num" + (" declarer" if self.declarer else "") + (
            " differs" if self.differs else "") + (
            " plus" if (self.money or 0) > 0 else " minus" if (self.money or 0) < 0 else "")
        parts = [format_html('<span class="amt">{}</span>', self.text)]
        if self.cumulative:
            parts.append(format_html('<span class="cum" title="{}">Σ {}</span>',
                                     gettext("running total"), self.cumulative))
        if self.pb:
            parts.append(format_html('<span class="pb">{} PB</span>', self.pb))
        if self.paper:
            parts.append(format_html(
                '<span class="paper{}"><span class="paper-label">{}</span> {}</span>',
                " differs" if self.differs else "", gettext("paper"), self.paper))
        return format_html('<td class="{}">{}</td>', classes, mark_safe("".join(parts)))


@dataclass
class Row:
    hand: HandRecord
    cells: list[Cell]
    deleted: bool
    mismatch_open: bool
    declarer_name: str = ""
    marker: bool = False  # a deleted hand shown only as its number (the numbering has no gap)
    deleted_by: str = ""  # who deleted it, as people know him
    entered_by: str = ""  # who entered it: the seated player by his PIN, or a login
    pb_facts: str = ""  # the PB facts the hand lacks ("the number of trumps"), if it lacks any
    pb_waived: str = ""  # "PB waived by <referee>: <reason>"

    @property
    def pb_open(self) -> bool:
        """Lacks PB facts and no referee waived them: the sheet cannot be submitted."""
        return bool(self.pb_facts) and not self.pb_waived

    @property
    def html(self) -> SafeString:
        """The hand's ``<tbody>`` (description and amounts), written here for the same reason
        as :attr:`Cell.html`; a deleted hand's marker stays in the template."""
        hand = self.hand
        classes = "hand" + (" deleted" if self.deleted else "") + (
            " premium" if hand.premium_described else "") + (
            " mismatch" if self.mismatch_open else "")
        parts = [
            format_html('<a class="hand-no" href="?hand={}#hand" title="{}">{}.</a>',
                        hand.number, gettext("Details"), hand.number),
            format_html(' <span class="hand-desc">{}</span>', hand.description)]
        if self.declarer_name:
            parts.append(format_html(' <span class="muted hand-who">({})</span>',
                                     self.declarer_name))
        if hand.premium_described:
            parts.append(format_html(' <span class="pill pb50">{}</span>', gettext("50+ PB")))
        if hand.premium_pending:
            parts.append(format_html(' <span class="pill warn">{}</span>',
                                     gettext("PB wait for the referee")))
        if self.pb_open:
            parts.append(format_html(' <span class="pill bad pb-missing">{}</span>',
                                     gettext("PB facts missing: %(facts)s")
                                     % {"facts": self.pb_facts}))
        elif self.pb_waived:
            parts.append(format_html(' <span class="pill pb-waived">{}</span>', self.pb_waived))
        if self.mismatch_open:
            parts.append(format_html(' <span class="pill bad">{}</span>',
                                     gettext("differs from the paper")))
        elif hand.mismatch:
            parts.append(format_html(' <span class="pill">{}</span>',
                                     gettext("difference accepted")))
        if self.deleted:
            parts.append(format_html(
                ' <span class="pill">{}</span> <span class="muted">{}{}</span>',
                gettext("deleted"), hand.delete_reason,
                f" – {self.deleted_by}" if self.deleted_by else ""))
        if self.entered_by:
            parts.append(format_html(' <small class="muted hand-author">{}</small>',
                                     gettext("entered by %(name)s") % {"name": self.entered_by}))
        return format_html(
            '<tbody id="hand-{}" class="{}">\n<tr class="desc"><td colspan="{}">{}</td></tr>\n'
            '<tr class="amounts">{}</tr>\n</tbody>',
            hand.number, classes, len(self.cells), mark_safe("".join(parts)),
            mark_safe("".join(cell.html for cell in self.cells)))


def _cells(page: SheetPage, hand: HandRecord, account_row: AccountRow | None) -> list[Cell]:
    money_ = hand.money[:page.players]
    pbs = [hand.pb_1, hand.pb_2, hand.pb_3, hand.pb_4][:page.players]
    paper = hand.paper_money or []
    declarer = hand.hand.get("declarer") if hand.hand.get("contract") else None
    dealer = hand.hand.get("dealer")
    cells = []
    for i, seat in enumerate(page.seats):
        paper_value = paper[i] if i < len(paper) else None
        cells.append(Cell(
            seat=seat, money=money_[i], text=signed(money_[i]),
            cumulative=signed(account_row.cumulative[i]) if account_row else "",
            pb=pb_text(pbs[i]) if pbs[i] else "",
            paper=signed(paper_value) if paper_value is not None else "",
            differs=paper_value is not None and paper_value != money_[i],
            declarer=seat.position == declarer, dealer=seat.position == dealer))
    return cells


def _partner(stored: dict[str, Any]) -> int | None:
    """The declarer's partner of a stored hand (křížový, ČSM obecná pravidla VII.2): the
    called one (L243-245), or who took trick 8 of a won durch s chytrým (L251-253); as
    ``scoring.hand.Hand.side_partner``, read from the stored JSON without building the hand."""
    if stored.get("partner") is not None:
        return int(stored["partner"])
    trick8 = stored.get("trick8")
    if trick8 is not None and stored.get("durch_won") and trick8 != stored.get("declarer"):
        return int(trick8)
    return None


def account_rows(page: SheetPage, show_deleted: bool) -> tuple[list[Row], Account]:
    """Every hand in order; a deleted one only as its number unless ``show_deleted``."""
    account = running_account(page.live, page.players)
    by_hand = {row.hand.pk: row for row in account.rows}
    rows = []
    for hand in page.hands:
        if hand.deleted_at is not None and not show_deleted:
            rows.append(Row(hand=hand, cells=[], deleted=True, mismatch_open=False, marker=True))
            continue
        cells = _cells(page, hand, by_hand.get(hand.pk))
        name = next((c.seat.registration.player.full_name for c in cells if c.declarer), "")
        partner = _partner(hand.hand)
        if name and partner is not None:
            name += "".join(f" + {c.seat.registration.player.full_name}" for c in cells
                            if c.seat.position == partner)
        rows.append(Row(hand=hand, cells=cells, deleted=hand.deleted_at is not None,
                        mismatch_open=hand.mismatch and hand.mismatch_accepted_by_id is None,
                        declarer_name=name,
                        deleted_by=person_name(hand.deleted_by) if hand.deleted_by_id else "",
                        entered_by=_author(page, hand),
                        **_pb_marks(page, hand)))
    return rows, account


def _pb_marks(page: SheetPage, hand: HandRecord) -> dict[str, str]:
    """A hand without the facts its PB need: which facts (the engine names them), and the
    referee's waiver if there is one. Settled again only for such hands (few)."""
    if not hand.pb_missing or hand.deleted_at is not None:
        return {}
    facts = ""
    try:
        result = settle(hand_from_dict(hand.hand), page.ruleset())
        warning = next(w for w in result.warnings if w.code == PB_FACTS_MISSING)
        facts = warning.params["facts"].in_language(page_language())
    except (ScoringError, StopIteration, KeyError, AttributeError):
        facts = gettext("see the hand")
    marks = {"pb_facts": facts or gettext("see the hand")}
    if hand.pb_waiver_id is not None:
        waiver = hand.pb_waiver
        marks["pb_waived"] = gettext("PB waived by %(referee)s: %(reason)s") % {
            "referee": person_name(waiver.by) if waiver.by_id else gettext("the referee"),
            "reason": waiver.reason}
    return marks


def _author(page: SheetPage, hand: HandRecord) -> str:
    """Who entered the hand, short: the seated player's name when he entered it by his PIN
    (the audit log keeps the whole "… via the link of table 7"), else the stored label."""
    seat = next((s for s in page.seats if s.registration_id == hand.created_registration_id),
                None) if hand.created_registration_id else None
    return seat.registration.player.full_name if seat is not None else hand.created_as


def round_money(ruleset: Ruleset, totals: list[int]) -> list[str] | None:
    """Each seat's money of the round (SZMK C.8), or None where the rules start at zero."""
    if ruleset.round_budget is None:
        return None
    seats = range(1, len(totals) + 1)
    held = holdings(seats, [dict(zip(seats, totals, strict=True))], ruleset)
    return [money(held[seat]) for seat in seats]


def _typed_totals(page: SheetPage) -> dict[str, Any]:
    """The totals mode's final ZB and PB as typed."""
    if not (page.mode_totals and page.show_account):
        return {}
    sheet = page.sheet
    return {"typed_totals": [
        (seat, signed(getattr(sheet, f"total_money_{seat.position}")),
         pb_text(getattr(sheet, f"total_pb_{seat.position}")))
        for seat in page.seats]}


def _differences(page: SheetPage, account: Account) -> dict[str, Any]:
    """The paper sheet's totals against the hands', per seat (only when some were typed)."""
    if not (page.show_account and not page.mode_totals and page.live):
        return {}
    diffs = paper_differences(page.sheet, account)
    if not diffs:
        return {}
    return {"differences": [
        {**d, "seat_obj": seat, "paper_text": signed(d["paper_money"]),
         "money_text": signed(d["money"]), "paper_pb_text": pb_text(d["paper_pb"]),
         "pb_text": pb_text(d["pb"]),
         "diff_text": signed(d["money"] - d["paper_money"])
         if d["paper_money"] is not None else ""}
        for d, seat in zip(diffs, page.seats, strict=True)]}


def _paper_check(page: SheetPage) -> dict[str, Any]:
    """Paper totals that differ from the hands: open (blocking the submit), or accepted by a
    referee for exactly this difference."""
    if not (page.show_account and not page.mode_totals and page.live):
        return {}
    names = {s.position: s.registration.player.full_name for s in page.seats}
    gaps = paper_gaps(page.sheet, page.live, names)
    if not differs(gaps):
        return {}
    if acceptance_matches(page.sheet, gaps):
        ruling = page.sheet.paper_ruling
        return {"paper_accepted": gettext("Difference accepted by %(referee)s: %(reason)s") % {
            "referee": person_name(ruling.by) if ruling.by_id else gettext("the referee"),
            "reason": ruling.reason}}
    return {"paper_open": [g.text() for g in gaps if g.money_differs or g.pb_differs],
            "paper_stale": page.sheet.paper_ruling_id is not None}


def account_context(page: SheetPage, rows: list[Row], account: Account,
                    show_deleted: bool) -> dict[str, Any]:
    """The account's part of the page: rows, totals, flags for the referee's attention."""
    return {
        "show_account": page.show_account, "rows": rows, "hands": page.live,
        "deleted_count": sum(1 for h in page.hands if h.deleted_at is not None),
        "show_deleted": show_deleted,
        "totals": [(seat, signed(m), pb_text(p))
                   for seat, m, p in zip(page.seats, account.money, account.pb, strict=True)],
        # SZMK C.8: the money each player holds of the round's 10 € (nahratá suma).
        "round_money": round_money(page.ruleset(), account.money),
        "premium_hands": [r for r in rows if r.hand.premium_described and not r.deleted],
        "open_mismatches": [r for r in rows if r.mismatch_open and not r.deleted],
        # Issue 21: hands without their PB facts, and paper totals that differ, block the submit.
        "pb_open_rows": [r for r in rows if r.pb_open and not r.deleted],
        "pb_waived_rows": [r for r in rows if r.pb_waived and not r.deleted],
        **_paper_check(page),
        **_typed_totals(page),
        **_differences(page, account),
    }
