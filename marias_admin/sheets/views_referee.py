"""The referee's pages: the ruling form, a hand's history and the tournament's log.

Open to the tournament's referees and organisers only (anonymous → login page, anyone else →
403). Views stay thin: :func:`marias_admin.sheets.services.ruling_add` decides and the engine
settles; a refusal is shown next to its field in the visitor's language, never as an error page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from marias_admin.audit.actions import AuditAction, LogGroup
from marias_admin.audit.models import AuditEntry
from marias_admin.core.params import positive_int
from marias_admin.core.templatetags.marias import money as format_money
from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.sheets.forms import pb_text as pb_number
from marias_admin.sheets.forms_referee import KIND_FIELDS, RulingForm, renonc_name
from marias_admin.sheets.log_story import (
    Change,
    ChangeReader,
    author,
    local_time,
    person_name,
    ruling_code_name,
    story_label,
)
from marias_admin.sheets.models import HandRecord, Ruling, RulingKind, RulingOutcome, TableSheet
from marias_admin.sheets.selectors import is_referee, live_hands, seats_of, tournament_by_id
from marias_admin.sheets.selectors_log import (
    HAND_TYPE,
    ROUND_TYPE,
    RULING_TYPE,
    SHEET_TYPE,
    LogObjects,
    current_sheet,
    hand_now,
    hand_rulings,
    hand_story,
    log_entries,
    log_objects,
    rulings_newest_first,
    still_seated,
    table_hand,
    table_in,
    tournament_rounds,
)
from marias_admin.sheets.services import SheetConflict, ruling_add, ruling_preview, sheet_for
from marias_admin.tournaments import permissions
from marias_admin.tournaments.middleware import tournament_of
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.selectors import can_organise

View = Callable[..., HttpResponse]
LOG_PAGE_SIZE = 50

# -- access ------------------------------------------------------------------------------------


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament | None:
    return tournament_of(request, tournament_id) or tournament_by_id(tournament_id)


referee_required = permissions.referee_required(
    _tournament, is_referee,
    gettext_lazy("Only the tournament's referees and organisers can do this."))


def _table_or_404(tournament: Tournament, number: int, table: int) -> Table:
    found = table_in(tournament, number, table)
    if found is None:
        raise Http404
    return found


def table_page_url(tournament_id: int, number: int, table: int) -> str:
    """The scorekeeper's table page."""
    return reverse("sheets:table", args=(tournament_id, number, table))


def _frame(request: HttpRequest, tournament: Tournament, **extra: Any) -> dict[str, Any]:
    return {"tournament": tournament, "is_organiser": can_organise(request.user, tournament),
            **extra}


# -- money per seat ----------------------------------------------------------------------------


@dataclass
class SeatMoney:
    position: int
    name: str
    before: int | None
    after: int | None
    pb_before: str | None = None
    pb_after: str | None = None

    @property
    def changed(self) -> bool:
        """Moved by an edit or a ruling (a hand entered or deleted is no change per seat)."""
        if self.before is None or self.after is None:
            return False
        return self.before != self.after or self.pb_before != self.pb_after


def _names(seats: Iterable[Seat]) -> dict[int, str]:
    return {s.position: s.registration.player.full_name for s in seats}


def seat_money(names: dict[int, str], before: Sequence[int] | None,
               after: Sequence[int] | None, pb_before: Sequence[Any] | None = None,
               pb_after: Sequence[Any] | None = None) -> list[SeatMoney]:
    size = max(len(before or ()), len(after or ()))

    def at(values: Sequence[Any] | None, i: int) -> Any:
        return values[i] if values is not None and i < len(values) else None

    return [SeatMoney(i + 1, names.get(i + 1, ""), at(before, i), at(after, i),
                      pb_text(at(pb_before, i)), pb_text(at(pb_after, i)))
            for i in range(size)]


def pb_text(value: Any) -> str | None:
    """PB as people write them: 50, 37,5 (half points exist)."""
    if value is None:
        return None
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    return pb_number(number)


def _pb(record: HandRecord) -> list[str]:
    return [str(p) for p in (record.pb_1, record.pb_2, record.pb_3, record.pb_4) if p is not None]


def _money_change_text(rows: list[SeatMoney], currency: str) -> str:
    return "; ".join(
        f"{r.name or r.position}: {format_money(r.before, currency)} → "
        f"{format_money(r.after, currency)}" for r in rows)


# -- the ruling form ---------------------------------------------------------------------------


def _ruling_context(request: HttpRequest, tournament: Tournament, table: Table,
                    sheet: TableSheet, form: RulingForm, hands: list[HandRecord],
                    seats: list[Seat], ruleset: Any, **extra: Any) -> dict[str, Any]:
    rulings = rulings_newest_first(sheet)
    return _frame(
        request, tournament, round=table.round, table=table, sheet=sheet, form=form,
        hands=hands, seats=seats, ruleset=ruleset, rulings=rulings, can_referee=True,
        in_ruling_form=True,
        kind_fields={k.value: list(v) for k, v in KIND_FIELDS.items()},
        table_url=table_page_url(tournament.pk, table.round.number, table.number),
        next_url=_next_url(request), **extra,
    )


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return ""


def _form(data: Any, sheet: TableSheet, hands: list[HandRecord], seats: list[Seat],
          ruleset: Any, initial: dict[str, Any] | None = None) -> RulingForm:
    focus = next((h for h in hands if h.pk == (initial or {}).get("hand")), None)
    return RulingForm(data, initial=initial, sheet=sheet, hands=hands, seats=seats,
                      ruleset=ruleset, focus=focus)


def _initial(request: HttpRequest, sheet: TableSheet, hands: list[HandRecord]) -> dict[str, Any]:
    initial: dict[str, Any] = {"version": sheet.version}
    hand_id = positive_int(request.GET.get("hand"))
    if hand_id is not None and any(h.pk == hand_id for h in hands):
        initial["hand"] = hand_id
    kind = request.GET.get("kind", "")
    if kind in RulingKind.values:
        initial["kind"] = kind
    return initial


@referee_required
@require_http_methods(["GET", "POST"])
def ruling_add_view(request: HttpRequest, tournament: Tournament, number: int,
                    table: int) -> HttpResponse:
    found = _table_or_404(tournament, number, table)
    sheet = sheet_for(found)
    sheet.table = found
    ruleset = tournament.ruleset()
    hands = list(live_hands(sheet))
    seats = seats_of(found)
    if request.method != "POST":
        form = _form(None, sheet, hands, seats, ruleset, _initial(request, sheet, hands))
        return render(request, "sheets/ruling_form.html",
                      _ruling_context(request, tournament, found, sheet, form, hands, seats,
                                      ruleset))
    form = _form(request.POST, sheet, hands, seats, ruleset)
    status = 200
    if form.is_valid():
        kwargs = form.service_kwargs()
        record: HandRecord | None = kwargs["hand"]
        before = (record.money, _pb(record)) if record is not None else None
        round_state = found.round.state
        try:
            outcome = form.cleaned_data.get("outcome")
            if outcome is None:
                # A ruling that changes a handed-in sheet's amounts: show what it changes and
                # let the referee choose (nothing is saved by the preview).
                changes = ruling_preview(user=request.user, sheet=sheet, **kwargs)
                if changes is not None:
                    if request.POST.get("step") == "confirm":
                        form.add_error("outcome", _("Choose what becomes of the sheet."))
                    return render(request, "sheets/ruling_confirm.html", _ruling_context(
                        request, tournament, found, sheet, form, hands, seats, ruleset,
                        changes=changes, preview=review_rows(changes, tournament),
                        round_closed=round_state == RoundState.CLOSED,
                        later_rounds=_later_rounds(found.round)))
            ruling = ruling_add(user=request.user, sheet=sheet, outcome=outcome, **kwargs)
        except SheetConflict as exc:
            # Someone wrote meanwhile: show the current state and keep what was typed.
            sheet = current_sheet(sheet)
            hands = list(live_hands(sheet))
            data = request.POST.copy()
            data["version"] = str(sheet.version)
            form = _form(data, sheet, hands, seats, ruleset)
            form.is_valid()
            form.add_error(None, exc)
            status = 409
        except ValidationError as exc:
            form.add_service_error(exc)
        else:
            _confirm(request, tournament, ruling, record, before, seats)
            _outcome_message(request, ruling, found, round_state)
            target = _next_url(request) or reverse(
                "sheets:ruling_add", args=(tournament.pk, number, table))
            return HttpResponseRedirect(target)
    return render(request, "sheets/ruling_form.html",
                  _ruling_context(request, tournament, found, sheet, form, hands, seats,
                                  ruleset), status=status)


def _outcome_message(request: HttpRequest, ruling: Ruling, table: Table,
                     round_state: str) -> None:
    """What the referee's choice did to the sheet, its round and the rounds after it."""
    if ruling.outcome == RulingOutcome.RECONFIRMED:
        messages.info(request, _("Ruling %(number)s: the sheet stays confirmed under your "
                                 "authority; the standings count the new amounts.")
                      % {"number": ruling.pk})
    elif ruling.outcome == RulingOutcome.SENT_BACK:
        text = _("Ruling %(number)s: the sheet was sent back to the table; its results are "
                 "not counted until it is submitted and confirmed again.") % {"number": ruling.pk}
        round = Round.objects.get(pk=table.round_id)
        if round_state == RoundState.CLOSED and round.state != RoundState.CLOSED:
            text += " " + _("Round %(number)s was closed and is open again so that the table "
                            "can write; the organiser closes it again once the sheet is "
                            "confirmed.") % {"number": round.number}
        later = _later_rounds(round)
        if later:
            text += " " + _("Round(s) %(rounds)s are already seated and stay as they are: "
                            "rounds are independent, a later seating by the standings used "
                            "the results counted at the time.") % {
                "rounds": later}
        messages.warning(request, text)


def _later_rounds(round: Round) -> str:
    """The rounds after this one that are already seated ("3, 4"), or ""."""
    return ", ".join(str(n) for n in Round.objects.filter(
        tournament_id=round.tournament_id, number__gt=round.number)
        .exclude(state=RoundState.DRAFT).order_by("number").values_list("number", flat=True))


def review_rows(changes: dict[str, Any], tournament: Tournament) -> list[dict[str, Any]]:
    """The preview's players as table rows: what moves is marked."""
    rows = []
    for player in changes.get("players", []):
        before, after, sent = (player.get("before") or {}, player.get("after") or {},
                               player.get("sent_back") or {})
        money = player.get("money") or [None, None]
        rows.append({
            **player, "money_before": money[0], "money_after": money[1],
            "before_shown": before.get("shown") or {}, "after_shown": after.get("shown") or {},
            "sent_shown": sent.get("shown") or {},
            "place_before": before.get("place"), "place_after": after.get("place"),
            "place_sent": sent.get("place"),
            "moved": before != after or money[0] != money[1]})
    return rows


def _confirm(request: HttpRequest, tournament: Tournament, ruling: Ruling,
             record: HandRecord | None, before: tuple[list[int], list[str]] | None,
             seats: list[Seat]) -> None:
    """Say what was recorded and what it did to the hand's money."""
    what = RulingKind(ruling.kind).label
    if ruling.kind == RulingKind.RENONC:
        rule = tournament.ruleset().renonc(ruling.code)
        what = f"{what} {ruling.code}" + (f" ({renonc_name(rule)})" if rule else "")
    text = _("Ruling recorded: %(what)s.") % {"what": what}
    if record is not None and before is not None:
        record = hand_now(record)
        rows = seat_money(_names(seats), before[0], record.money, before[1], _pb(record))
        text += " " + _("Hand %(number)s, money before → after: %(changes)s.") % {
            "number": record.number,
            "changes": _money_change_text(rows, tournament.currency)}
        pb_changed = [r for r in rows if r.pb_before != r.pb_after]
        if pb_changed:
            text += " " + _("PB: %(changes)s.") % {"changes": "; ".join(
                f"{r.name or r.position}: {r.pb_before} → {r.pb_after}" for r in pb_changed)}
        if record.premium_pending:
            text += " " + _("The PB of this hand still wait for the referee's decision.")
    messages.success(request, text)
    seated = still_seated(ruling)
    if seated:
        messages.warning(request, _(
            "The player no longer plays, but is still seated in round(s) %(rounds)s: the "
            "organiser must re-plan them.") % {"rounds": ", ".join(str(n) for n in seated)})


# -- a hand's history --------------------------------------------------------------------------


@dataclass
class HistoryRow:
    entry: AuditEntry
    label: str
    who: str = ""
    when: str = ""
    ruling_code: str = ""
    description_before: str = ""
    description_after: str = ""
    money: list[SeatMoney] = field(default_factory=list)
    ruling: Ruling | None = None


def _hand_snapshot_rows(entry: AuditEntry, names: dict[int, str]) -> dict[str, Any]:
    before = entry.before if isinstance(entry.before, dict) else {}
    after = entry.after if isinstance(entry.after, dict) else {}
    if not ({"money", "description"} & (set(before) | set(after))):
        return {}
    if entry.action == AuditAction.HAND_DELETE:
        # The snapshot is the deleted line: it leaves the account.
        after = {}
    return {
        "description_before": before.get("description", ""),
        "description_after": after.get("description", ""),
        "money": seat_money(names, before.get("money"), after.get("money"),
                            before.get("pb"), after.get("pb")),
    }


@referee_required
@require_GET
def hand_history(request: HttpRequest, tournament: Tournament, number: int, table: int,
                 hand_id: int) -> HttpResponse:
    found = _table_or_404(tournament, number, table)
    record = table_hand(found, hand_id)
    if record is None:
        raise Http404
    seats = seats_of(found)
    names = _names(seats)
    rulings = hand_rulings(record)
    entries = hand_story(record, list(rulings))
    rows = []
    ruleset = tournament.ruleset()
    for entry in entries:
        row = HistoryRow(entry, story_label(entry), who=author(entry), when=local_time(entry.at),
                         ruling=rulings.get(entry.object_id)
                         if entry.object_type == RULING_TYPE else None)
        if row.ruling is not None:
            row.ruling_code = ruling_code_name(row.ruling.kind, row.ruling.code, ruleset)
        for key, value in _hand_snapshot_rows(entry, names).items():
            setattr(row, key, value)
        rows.append(row)
    return render(request, "sheets/hand_history.html", _frame(
        request, tournament, round=found.round, table=found, record=record, rows=rows,
        deleted_by=person_name(record.deleted_by) if record.deleted_by_id else "",
        seats=seats, ruleset=ruleset, current=seat_money(names, None, record.money, None,
                                                           _pb(record)),
        table_url=table_page_url(tournament.pk, number, table)))


# -- the tournament's log ----------------------------------------------------------------------


@dataclass
class LogRow:
    entry: AuditEntry
    label: str
    who: str = ""
    when: str = ""
    ruling_code: str = ""
    round_number: int | None = None
    table_number: int | None = None
    hand: HandRecord | None = None
    ruling: Ruling | None = None
    description_before: str = ""
    description_after: str = ""
    money: list[SeatMoney] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    history_url: str = ""


def _subject(row: LogRow, objects: LogObjects, ruleset: Any) -> Table | None:
    """Fill in what the entry is about (hand, ruling, round); the table it happened at."""
    entry, key = row.entry, positive_int(row.entry.object_id)
    if entry.object_type == HAND_TYPE and key in objects.hands:
        row.hand = objects.hands[key]
        return row.hand.sheet.table
    if entry.object_type == RULING_TYPE and key in objects.rulings:
        row.ruling = objects.rulings[key]
        row.hand = row.ruling.hand
        row.ruling_code = ruling_code_name(row.ruling.kind, row.ruling.code, ruleset)
        return row.ruling.sheet.table
    if entry.object_type == SHEET_TYPE and key in objects.sheets:
        return objects.sheets[key].table
    if entry.object_type == ROUND_TYPE and key in objects.rounds:
        row.round_number = objects.rounds[key].number
    return None


def _log_row(tournament: Tournament, entry: AuditEntry, objects: LogObjects,
             reader: ChangeReader, ruleset: Any) -> LogRow:
    row = LogRow(entry, story_label(entry), who=author(entry), when=local_time(entry.at))
    table = _subject(row, objects, ruleset)
    if table is not None:
        row.round_number, row.table_number = table.round.number, table.number
        if row.hand is not None:
            row.history_url = reverse("sheets:hand_history", args=(
                tournament.pk, table.round.number, table.number, row.hand.pk))
    snapshot = _hand_snapshot_rows(entry, objects.names.get(table.pk, {}) if table else {})
    if snapshot:
        for name, value in snapshot.items():
            setattr(row, name, value)
    elif entry.object_type != RULING_TYPE:
        row.changes = reader.changes(entry, entry.before, entry.after,
                                     table.pk if table is not None else None)
    return row


def _log_rows(tournament: Tournament, entries: list[AuditEntry]) -> list[LogRow]:
    """Rows for one page: a constant number of queries, whatever the page holds."""
    objects = log_objects(entries)
    reader = ChangeReader(tournament.currency, objects.names)
    reader.prefetch(entries)
    ruleset = tournament.ruleset()
    return [_log_row(tournament, entry, objects, reader, ruleset) for entry in entries]


@referee_required
@require_GET
def tournament_log(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    what = request.GET.get("what", "")
    if what not in LogGroup.values:
        what = ""
    round_number = positive_int(request.GET.get("round"))
    table_number = positive_int(request.GET.get("table")) if round_number else None
    entries = log_entries(tournament, LogGroup(what) if what else None, round_number,
                          table_number)
    page = Paginator(entries, LOG_PAGE_SIZE).get_page(request.GET.get("page"))
    query = {k: v for k, v in (("what", what), ("round", round_number),
                               ("table", table_number)) if v}
    return render(request, "sheets/log.html", _frame(
        request, tournament, page=page, rows=_log_rows(tournament, list(page.object_list)),
        filters=LogGroup.choices,
        what=what, rounds=tournament_rounds(tournament), round_number=round_number,
        table_number=table_number, query=urlencode(query),
    ))
