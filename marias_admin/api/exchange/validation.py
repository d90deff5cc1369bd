"""An exchange file is typed input: checked whole before anything is written, the first bad
row named ("players row 4, registration_number: …").

Two passes. The JSON Schema (docs/exchange.schema.json, the same file the documentation
publishes) checks the shape: kinds, required fields, lengths, enumerations. Then what a schema
cannot say: references between rows (a seat's player exists, sits once a round), the rules and
their overrides known here, the tournament's fields as its model cleans them, registration
numbers in the federation's pattern and unique, a confirmed table's money summing to zero, the
standings naming each player once.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from marias_admin.api.exchange.document import FORMAT, VERSION
from marias_admin.api.exchange.problems import at, schema_problem, where
from marias_admin.archive.validation import MAX_DEPTH, ArchiveError, check_text_depth
from marias_admin.players.registration_numbers import (
    normalise_registration_number,
    registration_number_key,
)
from marias_admin.sheets.services import MONEY_LIMIT, PB_LIMIT
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.rule_variants import check as check_overrides
from marias_admin.tournaments.standings_rules import rules_from_dict
from scoring.presets import PRESETS

SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "exchange.schema.json"
MAX_BYTES = 5 * 1024 * 1024  # 320 players, 9 rounds: about 0.5 MB


class ExchangeError(Exception):
    """A file that cannot be imported; the message names the row and field at fault."""


@functools.cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def loads(data: bytes | str) -> Any:
    """The document from the file's bytes: size bounded, never a traceback."""
    if len(data) > MAX_BYTES:
        raise ExchangeError(_("The file is larger than %(size)s MB.")
                            % {"size": MAX_BYTES // (1024 * 1024)})
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        if _too_deep(text):
            raise ExchangeError(_("The file is nested deeper than %(depth)s levels: it is not "
                                  "a results exchange file.") % {"depth": MAX_DEPTH})
        return json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ExchangeError(_("The file is not a results exchange file: %(error)s")
                            % {"error": exc}) from exc


def _too_deep(text: str) -> bool:
    """Whether the JSON text nests deeper than the archive's bound (``MAX_DEPTH``), counted
    without recursion: the parser itself recurses and would end in a RecursionError."""
    try:
        check_text_depth(text)
    except ArchiveError:
        return True
    return False


__all__ = ["MAX_BYTES", "ExchangeError", "loads", "schema", "validate", "where"]


def _fail(path: Sequence[Any], problem: str) -> ExchangeError:
    return ExchangeError(at(path, problem))


def check_shape(document: Any) -> None:
    """The JSON Schema; the error deepest in the file's order is not chosen, the first is,
    said in the reader's language (:mod:`.problems`), never in jsonschema's English."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ExchangeError(_("The file is not a results exchange file."))
    if document.get("version") != VERSION:
        raise ExchangeError(_("The file is of version %(found)s; this server reads version "
                              "%(version)s.") % {"found": document.get("version"),
                                                 "version": VERSION})
    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(document),
                    key=lambda e: [str(p).zfill(8) for p in e.absolute_path])
    if errors:
        raise ExchangeError(schema_problem(errors[0]))


def _check_tournament(document: dict[str, Any]) -> None:
    head, ruleset = document["tournament"], document["ruleset"]
    if ruleset["code"] not in PRESETS:
        raise _fail(["ruleset", "code"], _("unknown rules “%(code)s”") % {"code": ruleset["code"]})
    try:
        check_overrides(ruleset["code"], ruleset["overrides"])
    except (TypeError, ValueError, KeyError) as exc:
        raise _fail(["ruleset", "overrides"], str(exc)) from exc
    try:
        rules_from_dict(document["standings_rules"]["stored"])
    except ValidationError as exc:
        raise _fail(["standings_rules", "stored"], "; ".join(exc.messages)) from exc
    try:
        day = date.fromisoformat(head["date"])
    except ValueError as exc:
        raise _fail(["tournament", "date"], str(exc)) from exc
    candidate = Tournament(
        name=head["name"], date=day, venue=head.get("venue", ""),
        ruleset_code=ruleset["code"], ruleset_overrides=ruleset["overrides"],
        language=head.get("language") or "", base_rate=head["base_rate"],
        currency=head["currency"], table_size=head["table_size"],
        rounds_planned=max([head["rounds_planned"],
                            *(r["number"] for r in document["rounds"])]),
        standings_rules=document["standings_rules"]["stored"],
        standings_seed=document["standings_rules"]["seed"])
    try:
        candidate.full_clean()
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items()))
        raise _fail(["tournament", field], "; ".join(messages)) from exc


def _check_players(players: list[dict[str, Any]]) -> None:
    ids: Counter[int] = Counter(p["id"] for p in players)
    keys: dict[str, int] = {}
    for index, player in enumerate(players):
        if ids[player["id"]] > 1:
            raise _fail(["players", index, "id"], _("the number %(id)s is used twice")
                        % {"id": player["id"]})
        number = player["registration_number"]
        if number is None:
            continue
        try:
            normalise_registration_number(number)
        except ValidationError as exc:
            raise _fail(["players", index, "registration_number"],
                        "; ".join(exc.messages)) from exc
        key = registration_number_key(number)
        if key in keys:
            raise _fail(["players", index, "registration_number"],
                        _("%(number)s is also in row %(row)s")
                        % {"number": number, "row": keys[key] + 1})
        keys[key] = index


def _money(value: Any) -> bool:
    return value is None or abs(value) <= MONEY_LIMIT


def _check_rounds(document: dict[str, Any]) -> None:
    known = {p["id"] for p in document["players"]}
    numbers: set[int] = set()
    for r, round in enumerate(document["rounds"]):
        path: list[Any] = ["rounds", r]
        if round["number"] in numbers:
            raise _fail([*path, "number"], _("round %(n)s is listed twice")
                        % {"n": round["number"]})
        numbers.add(round["number"])
        seated: set[int] = set()
        tables: set[int] = set()
        for t, table in enumerate(round["tables"]):
            tpath = [*path, "tables", t]
            if table["number"] in tables:
                raise _fail([*tpath, "number"], _("table %(n)s is listed twice")
                            % {"n": table["number"]})
            tables.add(table["number"])
            positions: list[int] = []
            for s, seat in enumerate(table["seats"]):
                spath = [*tpath, "seats", s]
                if seat["player"] not in known:
                    raise _fail([*spath, "player"], _("no player %(id)s in players")
                                % {"id": seat["player"]})
                if seat["player"] in seated:
                    raise _fail([*spath, "player"], _("player %(id)s sits twice in the round")
                                % {"id": seat["player"]})
                seated.add(seat["player"])
                positions.append(seat["seat"])
                if table["confirmed"] != (seat["money"] is not None):
                    raise _fail([*spath, "money"], _("a confirmed table has money at every "
                                                     "seat, another table none"))
                if not _money(seat["money"]) or (
                        seat["pb"] is not None and abs(Decimal(seat["pb"])) > PB_LIMIT):
                    raise _fail([*spath], _("the amount is out of range"))
            _check_seat_numbers(round["number"], table["number"], positions, tpath)
            if table["confirmed"] and sum(seat["money"] for seat in table["seats"]) != 0:
                raise _fail([*tpath, "seats"], _("the money does not sum to zero"))
        for b, player in enumerate(round.get("byes", [])):
            if player not in known or player in seated:
                raise _fail([*path, "byes", b], _("player %(id)s is unknown or seated")
                            % {"id": player})
            seated.add(player)


def _check_seat_numbers(round: int, table: int, positions: list[int],
                        path: list[Any]) -> None:
    """A table of n seats numbers them 1 … n, each once: a gap or a seat twice would put a
    player's money at another seat's place."""
    if sorted(positions) != list(range(1, len(positions) + 1)):
        raise _fail([*path, "seats"], _(
            "table %(table)s of round %(round)s: the seats must be numbered 1 to %(count)s, "
            "each once (the file has %(found)s)") % {
                "table": table, "round": round, "count": len(positions),
                "found": ", ".join(str(p) for p in positions)})


def _check_standings(document: dict[str, Any]) -> None:
    known = {p["id"] for p in document["players"]}
    seen: set[int] = set()
    for index, row in enumerate(document["standings"]):
        if row["player"] not in known or row["player"] in seen:
            raise _fail(["standings", index, "player"], _("player %(id)s is unknown or listed "
                                                          "twice") % {"id": row["player"]})
        seen.add(row["player"])
    tables = {(r["number"], t["number"]): {s["player"] for s in t["seats"]}
              for r in document["rounds"] for t in r["tables"]}
    for index, ruling in enumerate(document["rulings"]):
        at = tables.get((ruling["round"], ruling["table"]))
        if at is None:
            raise _fail(["rulings", index, "table"], _("no such table in the rounds"))
        if ruling.get("player") is not None and ruling["player"] not in at:
            raise _fail(["rulings", index, "player"], _("the player does not sit at the table"))


def _check_teams(document: dict[str, Any]) -> None:
    known = {p["id"] for p in document["players"]}
    taken: set[int] = set()
    names: set[str] = set()
    for t, team in enumerate(document.get("teams", {}).get("teams", [])):
        if team["name"].casefold() in names:
            raise _fail(["teams", "teams", t, "name"], _("the name is used twice"))
        names.add(team["name"].casefold())
        for m, member in enumerate(team["members"]):
            if member["player"] not in known or member["player"] in taken:
                raise _fail(["teams", "teams", t, "members", m, "player"],
                            _("player %(id)s is unknown or in another team")
                            % {"id": member["player"]})
            taken.add(member["player"])


def validate(document: Any) -> dict[str, Any]:
    """The document if it can be imported, else :class:`ExchangeError` naming the row."""
    check_shape(document)
    _check_tournament(document)
    _check_players(document["players"])
    _check_rounds(document)
    _check_standings(document)
    _check_teams(document)
    return document
