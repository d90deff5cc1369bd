"""An archive is typed input: every row is checked as the services check what a user types.

An archive may come from anywhere (another instance, an e-mail, a hand-edited file), and what
it holds ends on public pages. So before anything is written the whole document is checked and
the first bad row is named ("sheets row 3 (round 1, table 2): state 'bogus' is not one of …"):

- the file's size and its JSON nesting are bounded before and while it is parsed
  (:func:`read_archive`);
- every column through its model field (``field.clean``: choices, lengths, number ranges,
  decimal digits, dates), money and PB within the limits of the sheet services;
- references by archive number point at rows the archive holds, and within one table;
- the rules are known and their overrides valid; each hand is read and settled by the engine
  with the tournament's rules, and the stored money, PB and description must be what the engine
  gives (the SZMK forgiven renonces re-marked over each sheet's round must be as stored);
- hands and totals sum to zero; a player's PIN is digits of the issued length;
- audit entries point only at objects inside the archive.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from marias_admin.sheets.access import PLAYER_PIN_DIGITS
from marias_admin.sheets.services import MONEY_LIMIT, PB_LIMIT, scoring_error
from scoring import ScoringError, settle
from scoring.jsonio import hand_from_dict
from scoring.notation import format_hand
from scoring.table_round import mark_forgiven

MAX_BYTES = 50 * 1024 * 1024  # a tournament of 300 players with every hand is a few MB
MAX_DEPTH = 64  # an archive nests about 6 levels; a hand's JSON a few more
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DIGITS = re.compile(r"[0-9]+")


class ArchiveError(Exception):
    """An archive that cannot be imported (or a tournament that cannot be exported)."""


# --- reading ------------------------------------------------------------------------------

def _too_deep() -> ArchiveError:
    return ArchiveError(_("The archive is nested deeper than %(depth)s levels: it is not a "
                          "tournament archive.") % {"depth": MAX_DEPTH})


def check_text_depth(text: str) -> None:
    """Refuse JSON text nested deeper than :data:`MAX_DEPTH`, counted without recursion (the
    parser itself recurses and would end in a RecursionError)."""
    depth = 0
    for char in _NOT_BRACKETS.sub("", _STRINGS.sub('""', text)):
        depth += 1 if char in "[{" else -1
        if depth > MAX_DEPTH:
            raise _too_deep()


def check_depth(value: Any) -> None:
    """The same bound on an already parsed document (a caller may pass one directly)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep()
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def loads(data: bytes | str) -> Any:
    """The archive document from its bytes: size and nesting bounded, never a traceback."""
    if len(data) > MAX_BYTES:
        raise ArchiveError(_("The archive is larger than %(size)s MB.")
                           % {"size": MAX_BYTES // (1024 * 1024)})
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise ArchiveError(_("The archive cannot be read: %(error)s") % {"error": exc}) from exc
    check_text_depth(text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ArchiveError(_("The archive cannot be read: %(error)s") % {"error": exc}) from exc


def read_archive(path: Path) -> Any:
    """The archive document in the file ``path``; its size is checked before it is read."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ArchiveError(_("The archive is larger than %(size)s MB.")
                               % {"size": MAX_BYTES // (1024 * 1024)})
        data = path.read_bytes()
    except OSError as exc:
        raise ArchiveError(_("The archive cannot be read: %(error)s") % {"error": exc}) from exc
    return loads(data)


# --- values -------------------------------------------------------------------------------

def load_value(field: models.Field, value: Any) -> Any:
    """An archived JSON value as the field's Python value; ``ValueError`` when of a wrong type."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        parsed = datetime.fromisoformat(_text(field, value))
        if parsed.tzinfo is None:
            raise ValueError(value)
        return parsed
    if isinstance(field, models.DateField):
        return date.fromisoformat(_text(field, value))
    if isinstance(field, models.TimeField):
        return time.fromisoformat(_text(field, value))
    if isinstance(field, models.DecimalField):
        try:
            return Decimal(_text(field, value))
        except InvalidOperation as exc:
            raise ValueError(value) from exc
    if isinstance(field, models.BooleanField):
        if not isinstance(value, bool):
            raise ValueError(value)
        return value
    if isinstance(field, models.IntegerField) and (
            not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(value)
    if isinstance(field, models.CharField | models.TextField):
        _text(field, value)
    return value


def _text(field: models.Field, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(value)
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


class BadRow(Exception):
    """One row's problem; :class:`Checker` adds which row."""


def _money_field(name: str) -> bool:
    return name.startswith(("money_", "total_money_", "paper_money_"))


def _pb_field(name: str) -> bool:
    return name.startswith(("pb_", "total_pb_", "paper_pb_"))


def check_fields(model: type[models.Model], fields: Iterable[models.Field],
                 row: dict[str, Any]) -> dict[str, Any]:
    """Each present column through its model field: type, choices, length, range, digits."""
    values = {}
    for field in fields:
        if field.name not in row:
            continue
        raw = row[field.name]
        try:
            value = load_value(field, raw)
        except (TypeError, ValueError) as exc:
            raise BadRow(_("%(field)s %(value)s is not a valid value")
                         % {"field": field.name, "value": _shown(raw)}) from exc
        if field.choices and value not in (None, "") and value not in {
                choice for choice, _label in field.flatchoices}:
            raise BadRow(_("%(field)s %(value)s is not one of %(choices)s")
                         % {"field": field.name, "value": _shown(value),
                            "choices": ", ".join(str(c) for c, _label in field.flatchoices)})
        if isinstance(field, models.IntegerField) and value is not None:
            low, high = BaseDatabaseOperations.integer_field_ranges.get(
                field.get_internal_type(), (None, None))
            if _money_field(field.name):
                low, high = -MONEY_LIMIT, MONEY_LIMIT
            if (low is not None and value < low) or (high is not None and value > high):
                raise BadRow(_("%(field)s %(value)s is out of range")
                             % {"field": field.name, "value": _shown(value)})
        if _pb_field(field.name) and isinstance(value, Decimal) and value.is_finite() \
                and abs(value) > PB_LIMIT:
            raise BadRow(_("%(field)s %(value)s is out of range")
                         % {"field": field.name, "value": _shown(raw)})
        try:
            field.clean(value, None)
        except ValidationError as exc:
            raise BadRow(_("%(field)s %(value)s: %(error)s")
                         % {"field": field.name, "value": _shown(raw),
                            "error": " ".join(exc.messages)}) from exc
        values[field.name] = value
    return values


# --- the document -------------------------------------------------------------------------

class Checker:
    """Walks the document kind by kind; the first problem is raised naming its row."""

    def __init__(self, document: dict[str, Any], ref_fields: dict, user_fields: dict,
                 plain_fields: Any) -> None:
        self.document = document
        self.ref_fields = ref_fields
        self.user_fields = user_fields
        self.plain_fields = plain_fields
        self.rows: dict[str, dict[int, dict[str, Any]]] = {}
        self.seat_counts: Counter[int] | None = None

    # labels
    def _context(self, kind: str, row: dict[str, Any]) -> str:
        try:
            if kind == "rounds":
                return _("round %(round)s") % {"round": row["number"]}
            table = None
            if kind == "tables":
                table = row
            elif kind in ("seats", "sheets"):
                table = self.rows["tables"][row["table"]]
            elif kind in ("hands", "rulings", "writers"):
                table = self.rows["tables"][self.rows["sheets"][row["sheet"]]["table"]]
            if table is None:
                return ""
            round_number = self.rows["rounds"][table["round"]]["number"]
            if kind == "hands":
                return _("round %(round)s, table %(table)s, hand %(hand)s") % {
                    "round": round_number, "table": table["number"], "hand": row["number"]}
            return _("round %(round)s, table %(table)s") % {
                "round": round_number, "table": table["number"]}
        except (KeyError, TypeError):
            return ""

    def fail(self, kind: str, index: int, row: Any, problem: str) -> ArchiveError:
        context = self._context(kind, row) if isinstance(row, dict) else ""
        where = (_("%(kind)s row %(number)s (%(context)s)") if context
                 else _("%(kind)s row %(number)s")) % {
            "kind": kind, "number": index, "context": context}
        return ArchiveError(_("The archive is damaged: %(error)s")
                            % {"error": f"{where}: {problem}"})

    # generic
    def rows_of(self, kind: str, *, optional: bool = False) -> list[Any]:
        rows = self.document.get(kind, [] if optional else None)
        if rows is None:
            rows = []
        if not isinstance(rows, list):
            raise ArchiveError(_("The archive is damaged: %(error)s")
                               % {"error": _("%(kind)s is not a list") % {"kind": kind}})
        return rows

    def number(self, kind: str, index: int, row: Any) -> None:
        if not isinstance(row, dict):
            raise self.fail(kind, index, row, _("not an object"))
        ref = row.get("id")
        if not isinstance(ref, int) or isinstance(ref, bool) or ref in self.rows[kind]:
            raise self.fail(kind, index, row, _("id %(value)s is missing or repeated")
                            % {"value": _shown(ref)})
        self.rows[kind][ref] = row

    def ref(self, name: str, target: str, value: Any, *, required: bool) -> None:
        if value is None:
            if required:
                raise BadRow(_("%(field)s is missing") % {"field": name})
            return
        if isinstance(value, bool) or not isinstance(value, int) \
                or value not in self.rows.get(target, {}):
            raise BadRow(_("%(field)s refers to %(kind)s %(ref)s, which the archive does not "
                           "hold") % {"field": name, "kind": target, "ref": _shown(value)})

    def row(self, kind: str, model: type[models.Model], row: dict[str, Any],
            refs: dict[str, str] | None = None) -> dict[str, Any]:
        values = check_fields(model, self.plain_fields(model), row)
        for name in self.user_fields.get(model, ()):
            user = row.get(name)
            if user is not None and (not isinstance(user, str) or not user or len(user) > 150):
                raise BadRow(_("%(field)s %(value)s is not a user name")
                             % {"field": name, "value": _shown(user)})
        for name, target in (refs if refs is not None
                             else self.ref_fields.get(model, {})).items():
            field = model._meta.get_field(name)
            self.ref(name, target, row.get(name), required=not field.null)
        return values


def _seat_amounts(row: dict[str, Any], prefix: str) -> list[Any]:
    return [row.get(f"{prefix}_{seat}") for seat in range(1, 5)]


def validate(document: dict[str, Any], *, kinds: list[tuple[str, type[models.Model]]],
             unnumbered: list[tuple[str, type[models.Model]]], ref_fields: dict,
             user_fields: dict, plain_fields: Any, tournament: Any,
             audit_kinds: dict[str, str]) -> None:
    """Check the whole document; raise :class:`ArchiveError` naming the first bad row.

    ``kinds`` lists the numbered kinds with their models in import order, ``unnumbered`` the
    rows without a number (a list, or one object); ``tournament`` is the tournament built
    (unsaved) from the document, whose rules settle the hands.
    """
    from marias_admin.tournaments.models import Registration

    check_depth(document)
    checker = Checker(document, ref_fields, user_fields, plain_fields)
    try:
        ruleset = tournament.ruleset()
    except Exception as exc:  # any failure of unknown rules is the archive's
        raise ArchiveError(_("The archive is damaged: %(error)s") % {"error": _(
            "tournament: the rules %(code)s with these overrides cannot be used (%(problem)s)")
            % {"code": _shown(tournament.ruleset_code), "problem": exc}}) from exc

    values: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    for kind, _model in kinds:
        checker.rows[kind] = {}
        for index, row in enumerate(checker.rows_of(kind, optional=kind not in (
                "roles", "clubs", "players", "registrations", "rounds", "tables", "seats",
                "sheets", "hands", "rulings", "audit")), start=1):
            checker.number(kind, index, row)
    for kind, model in [*kinds, *unnumbered]:
        single = document.get(kind)
        rows = ([single] if isinstance(single, dict) else []) if kind.endswith("settings") \
            else checker.rows_of(kind, optional=True)
        for index, row in enumerate(rows, start=1):
            if not isinstance(row, dict):
                raise checker.fail(kind, index, row, _("not an object"))
            try:
                values[kind][row.get("id")] = checker.row(kind, model, row, refs={}) \
                    if (kind, model) in unnumbered else checker.row(kind, model, row)
                if model is Registration and row.get("pin"):
                    pin = row["pin"]
                    if not (_DIGITS.fullmatch(pin) and len(pin) == PLAYER_PIN_DIGITS):
                        raise BadRow(_("the PIN %(value)s is not %(digits)s digits")
                                     % {"value": _shown(pin), "digits": PLAYER_PIN_DIGITS})
            except BadRow as exc:
                raise checker.fail(kind, index, row, str(exc)) from exc

    _check_json(checker, document["tournament"])
    _check_tables(checker)
    _check_sheets(checker)
    _check_hands(checker, values["hands"], ruleset)
    _check_rulings(checker)
    _check_audit(checker, audit_kinds)
    _check_extras(checker)


def _each(checker: Checker, kind: str) -> Iterable[tuple[int, dict[str, Any]]]:
    return enumerate(checker.rows_of(kind, optional=True), start=1)


def _guard(checker: Checker, kind: str, index: int, row: Any, problem: str | None) -> None:
    if problem:
        raise checker.fail(kind, index, row, problem)


_PAIR_KEYS = ("clubmate_pairs", "repeated_pairs", "teammate_pairs")


def _number(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, str))


def _report_problem(report: Any) -> str | None:
    """A round's seating report as the planner writes it: figures, and pairs as
    ``[player, player, table]`` (the round page reads nothing else)."""
    if not isinstance(report, dict):
        return _("report is not an object")
    for key, value in report.items():
        if key in _PAIR_KEYS:
            good = isinstance(value, list) and all(
                isinstance(p, list) and len(p) == 3 and all(_number(x) for x in p)
                for p in value)
        else:
            good = _number(value) or (isinstance(value, list)
                                      and all(_number(x) for x in value))
        if not good:
            return _("report %(key)s %(value)s is not a valid value") % {
                "key": _shown(key), "value": _shown(value)}
    return None


def _check_json(checker: Checker, tournament: dict[str, Any]) -> None:
    """The JSON columns the pages read: shaped as the services write them."""
    from marias_admin.tournaments.standings_rules import rules_from_dict

    problem = None
    if not isinstance(tournament.get("ruleset_overrides", {}), dict):
        problem = _("ruleset_overrides is not an object")
    elif "standings_rules" in tournament:
        rules = tournament["standings_rules"]
        try:
            if not isinstance(rules, dict):
                raise ValueError(rules)
            rules_from_dict(rules)
        except (ValidationError, ValueError, TypeError, ArithmeticError) as exc:
            messages = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
            problem = _("standings_rules are not valid: %(error)s") % {
                "error": _shown(" ".join(messages))}
    if problem:
        raise ArchiveError(_("The archive is damaged: %(error)s")
                           % {"error": f"tournament: {problem}"})
    for index, row in _each(checker, "rounds"):
        _guard(checker, "rounds", index, row, _report_problem(row.get("report", {})))
    for index, row in _each(checker, "rulings"):
        if not isinstance(row.get("changes", {}), dict):
            raise checker.fail("rulings", index, row, _("changes is not an object"))
    for index, row in _each(checker, "audit"):
        for name in ("before", "after"):
            if row.get(name) is not None and not isinstance(row[name], dict):
                raise checker.fail("audit", index, row, _("%(field)s is not an object")
                                   % {"field": name})


def _check_tables(checker: Checker) -> None:
    rows = checker.rows
    for index, row in _each(checker, "seats"):
        if rows["tables"][row["table"]]["round"] != row["round"]:
            raise checker.fail("seats", index, row, _("the table is of another round"))
    numbers = Counter((t["round"], t["number"]) for t in rows["tables"].values())
    for index, row in _each(checker, "tables"):
        _guard(checker, "tables", index, row,
               _("the table number is repeated") if numbers[(row["round"], row["number"])] > 1
               else None)


def _seat_count(checker: Checker, table: int) -> int:
    if checker.seat_counts is None:
        checker.seat_counts = Counter(seat["table"] for seat in checker.rows["seats"].values())
    return checker.seat_counts[table]


def _check_sheets(checker: Checker) -> None:
    rows = checker.rows
    tables = Counter(sheet["table"] for sheet in rows["sheets"].values())
    seated = {(s["table"], s["registration"]) for s in rows["seats"].values()}
    for index, row in _each(checker, "sheets"):
        problem = None
        money = _seat_amounts(row, "total_money")
        if tables[row["table"]] > 1:
            problem = _("the table has two sheets")
        elif money[0] is not None and sum(m or 0 for m in money) != 0:
            problem = _("the totals do not sum to zero")
        else:
            for name in ("changed_by_ruling", "paper_ruling"):
                ruling = rows["rulings"].get(row.get(name))
                if ruling is not None and ruling["sheet"] != row["id"]:
                    problem = _("%(field)s is a ruling of another sheet") % {"field": name}
            registration = row.get("confirmed_registration")
            if registration is not None and (row["table"], registration) not in seated:
                problem = _("confirmed_registration is not seated at the table")
        _guard(checker, "sheets", index, row, problem)


def _hand_problem(row: dict[str, Any], stored: dict[str, Any], hand: Any, ruleset: Any,
                  players: int) -> str | None:
    if hand.players != players:
        return _("the hand is of %(hand)s players, the table has %(table)s") % {
            "hand": hand.players, "table": players}
    result = settle(hand, ruleset)
    money = [result.money[s] for s in sorted(result.money)]
    pb = [Decimal(result.premium[s].numerator) / result.premium[s].denominator
          for s in sorted(result.premium)]
    money += [None] * (4 - len(money))
    pb += [None] * (4 - len(pb))
    stored_money = [stored.get(f"money_{s}") for s in range(1, 5)]
    stored_pb = [stored.get(f"pb_{s}") for s in range(1, 5)]
    if stored_money != money or stored_pb != pb:
        return _("the stored amounts %(stored)s differ from the engine's %(engine)s") % {
            "stored": _amounts(stored_money, stored_pb), "engine": _amounts(money, pb)}
    description = format_hand(hand, ruleset)[:400]
    if "description" in row and stored["description"] != description:
        return _("the stored description %(stored)s differs from the engine's %(engine)s") % {
            "stored": _shown(stored["description"]), "engine": _shown(description)}
    explanation = [line.as_dict(ruleset, ruleset.language)["text"] for line in result.lines]
    if "explanation" in row and stored["explanation"] != explanation:
        return _("the stored explanation differs from the engine's")
    for name in ("premium_described", "premium_pending"):
        if name in row and stored[name] != getattr(result, name):
            return _("%(field)s differs from the engine's") % {"field": name}
    return None


def _amounts(money: list[Any], pb: list[Any]) -> str:
    return " ".join(f"{m}/{p}" for m, p in zip(money, pb, strict=True) if m is not None)


def _check_hands(checker: Checker, values: dict[int, dict[str, Any]], ruleset: Any) -> None:
    rows = checker.rows
    numbers = Counter((h["sheet"], h["number"]) for h in rows["hands"].values())
    live: dict[int, list[tuple[int, dict[str, Any], Any]]] = defaultdict(list)
    for index, row in _each(checker, "hands"):
        stored = values[row["id"]]
        money = _seat_amounts(row, "money")
        if numbers[(row["sheet"], row["number"])] > 1:
            raise checker.fail("hands", index, row, _("the hand number is repeated"))
        if any(not isinstance(m, int) for m in money[:3]) or sum(m or 0 for m in money) != 0:
            raise checker.fail("hands", index, row, _("the hand does not sum to zero"))
        paper = row.get("paper_money")
        table = rows["sheets"][row["sheet"]]["table"]
        players = _seat_count(checker, table)
        if paper is not None and not (
                isinstance(paper, list) and len(paper) == players
                and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MONEY_LIMIT
                        for v in paper)):
            raise checker.fail("hands", index, row, _("paper_money %(value)s is not a valid "
                                                      "value") % {"value": _shown(paper)})
        explanation = row.get("explanation", [])
        if not isinstance(explanation, list) or not all(isinstance(x, str) for x in explanation):
            raise checker.fail("hands", index, row, _("explanation %(value)s is not a valid "
                                                      "value") % {"value": _shown(explanation)})
        try:
            hand = hand_from_dict(row["hand"])
            problem = _hand_problem(row, stored, hand, ruleset, players)
        except ScoringError as exc:
            problem = _("the hand cannot be read: %(error)s") % {
                "error": " ".join(scoring_error(exc).messages)}
        except Exception as exc:  # whatever else the engine says of a foreign hand
            problem = _("the hand cannot be read: %(error)s") % {"error": exc}
        _guard(checker, "hands", index, row, problem)
        for name in ("pb_waiver",):
            ruling = rows["rulings"].get(row.get(name))
            if ruling is not None and ruling["sheet"] != row["sheet"]:
                raise checker.fail("hands", index, row, _("%(field)s is a ruling of another "
                                                          "sheet") % {"field": name})
        if row.get("deleted_at") is None:
            live[row["sheet"]].append((index, row, hand))
    if ruleset.forgiven_renonc_kinds:
        for hands in live.values():
            hands.sort(key=lambda item: item[1]["number"])
            marked = mark_forgiven([hand for _i, _row, hand in hands], ruleset)
            for (index, row, hand), expected in zip(hands, marked, strict=True):
                if hand != expected:
                    raise checker.fail("hands", index, row, _(
                        "the forgiven renonce is not marked as the rules mark it"))


def _check_rulings(checker: Checker) -> None:
    rows = checker.rows
    for index, row in _each(checker, "rulings"):
        hand = rows["hands"].get(row.get("hand"))
        if hand is not None and hand["sheet"] != row["sheet"]:
            raise checker.fail("rulings", index, row, _("the hand is of another sheet"))
    for index, row in _each(checker, "writers"):
        if row.get("user") is None and row.get("registration") is None:
            raise checker.fail("writers", index, row, _("the writer is nobody"))


def _check_audit(checker: Checker, audit_kinds: dict[str, str]) -> None:
    """An audit entry names an archived object by its number, or an object the archive does
    not hold by its old id marked "~" (never a bare id: that would be an object here)."""
    for index, row in _each(checker, "audit"):
        kind = audit_kinds.get(row.get("object_type"))
        ref = row.get("object")
        object_id = row.get("object_id", "")
        if kind == "tournament" and ref is None:
            continue
        if ref is not None:
            if kind is None or kind == "tournament" or ref not in checker.rows.get(kind, {}) \
                    or isinstance(ref, bool):
                raise checker.fail("audit", index, row, _(
                    "the entry points at %(type)s %(ref)s outside the archive")
                    % {"type": _shown(row.get("object_type")), "ref": _shown(ref)})
        elif not isinstance(object_id, str) or (object_id and not object_id.startswith("~")):
            raise checker.fail("audit", index, row, _(
                "the entry points at %(type)s %(ref)s outside the archive")
                % {"type": _shown(row.get("object_type")), "ref": _shown(object_id)})


def _check_extras(checker: Checker) -> None:
    """Categories, prizes and teams: their references by number."""
    for kind, refs in (("categories", {}), ("prizes", {"category": "categories"}),
                       ("teams", {}), ("team_members", {"team": "teams",
                                                        "registration": "registrations"})):
        for index, row in _each(checker, kind):
            if not isinstance(row, dict):
                raise checker.fail(kind, index, row, _("not an object"))
            try:
                for name, target in refs.items():
                    checker.ref(name, target, row.get(name), required=kind == "team_members")
                if kind == "categories":
                    members = row.get("members", [])
                    if not isinstance(members, list):
                        raise BadRow(_("members is not a list"))
                    for member in members:
                        checker.ref("members", "registrations", member, required=True)
                if kind == "teams" and row.get("club") is not None and (
                        not isinstance(row["club"], str) or len(row["club"]) > 150):
                    raise BadRow(_("club %(value)s is not a valid value")
                                 % {"value": _shown(row["club"])})
            except BadRow as exc:
                raise checker.fail(kind, index, row, str(exc)) from exc
