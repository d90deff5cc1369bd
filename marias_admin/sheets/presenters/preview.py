"""The live preview: the settlement the typed hand would get, or what is wrong with it.

Nothing is saved; the scorekeeper sees the money per seat (against the paper sheet's, as far as
typed) before pressing Save. The preview is the only reader that settles a typed hand
(``HandForm.settlement``, once per request); a save is settled by the service alone.
"""

from __future__ import annotations

from typing import Any

from marias_admin.sheets.forms import HandForm, TextHandForm, language, pb_text, signed
from marias_admin.sheets.presenters.page import SheetPage, page_language
from scoring.notation import format_hand
from scoring.settle import Settlement


def _nothing_typed(form: HandForm) -> bool:
    return isinstance(form, TextHandForm) and not (
        form.data.get(form.add_prefix("notation")) or "").strip()


def _errors(form: HandForm) -> list[str]:
    """The form's errors, each with its field's label (the parser's message says where); the
    paper's amounts last, as they are checked last (the engine settles after them)."""
    errors = [str(e) for e in form.non_field_errors()]
    items = sorted(form.errors.items(), key=lambda item: item[0].startswith("paper_"))
    for name, field_errors in items:
        if name == "__all__" or name == "reason":
            continue
        label = form.fields[name].label if name in form.fields else name
        if name == "notation":  # the parser's message says where; the field is obvious
            errors += [str(e) for e in field_errors]
        else:
            errors += [f"{label}: {e}" for e in field_errors]
    return errors


def _refusal(form: HandForm) -> dict[str, Any] | None:
    errors = _errors(form)
    if not errors:
        return None
    notation = form.data.get(form.add_prefix("notation"), "")
    return {"ok": False, "errors": errors, "notation": notation, "caret_pad": form.caret_pad}


def _seats(page: SheetPage, form: HandForm,
           settlement: Settlement) -> tuple[list[dict[str, Any]], list[int | None]]:
    hand = form.hand
    paper = form.paper_values() if isinstance(form, TextHandForm) else []
    sitter = None if page.ruleset().partnerships else hand.sitter
    partner = hand.side_partner
    seats = []
    for i, seat in enumerate(page.seats):
        money = settlement.money.get(seat.position, 0)
        pb = settlement.premium.get(seat.position, 0)
        paper_value = paper[i] if paper else None
        seats.append({"seat": seat, "money": signed(money), "pb": pb_text(pb) if pb else "",
                      "paper": signed(paper_value) if paper_value is not None else "",
                      "differs": paper_value is not None and paper_value != money,
                      "declarer": hand.contract is not None and seat.position == hand.declarer,
                      "dealer": seat.position == hand.dealer,
                      # Křížový (obecná pravidla VII.2): nobody sits out; the declarer's
                      # partner, called or by trick 8 of a durch s chytrým, is shown.
                      "sits_out": seat.position == sitter,
                      "partner": hand.contract is not None and seat.position == partner})
    return seats, paper


def hand_preview(page: SheetPage, form: HandForm) -> dict[str, Any] | None:
    """The settlement the form's hand would get, or what is wrong with it (nothing saved);
    None while there is nothing to say."""
    if _nothing_typed(form):
        return None
    valid = form.is_valid()
    typing_paper = (not valid and isinstance(form, TextHandForm) and form.only_paper_missing
                    and "hand" in form.cleaned_data)
    if not valid and not typing_paper:
        return _refusal(form)
    settlement = form.settlement
    if settlement is None:  # the engine refused the hand: its problems are on the form now
        return _refusal(form)
    seats, paper = _seats(page, form, settlement)
    ruleset = page.ruleset()
    return {
        "ok": True, "seats": seats, "description": format_hand(form.hand, ruleset, language()),
        "lines": [line.as_dict(ruleset, language())["text"] for line in settlement.lines],
        "warnings": [w.message(page_language()) for w in settlement.warnings],
        "premium_described": settlement.premium_described,
        "premium_pending": settlement.premium_pending,
        "mismatch": any(s["differs"] for s in seats),
        "has_paper": any(v is not None for v in paper),
    }
