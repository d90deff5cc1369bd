"""Command line: ``python -m scoring settle`` and friends (docs/hand-format.md).

Invalid input ends with exit status 2 and one line on stderr naming the field (or the
character of the shorthand) and what is wrong, in Czech unless ``--lang en``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from scoring.errors import Problem, ScoringError
from scoring.hand import Hand
from scoring.jsonio import hand_from_dict, hand_to_dict, settlement_to_dict
from scoring.presets import PRESETS, get_preset
from scoring.ruleset import Ruleset
from scoring.settle import settle

EXIT_INVALID = 2
DEFAULT_RULESET = "csm-licitovany-2023"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("settle", "settle a hand: JSON on stdin, or --notation"),
        ("describe", "print the canonical Czech description of a hand"),
        ("parse", "print a hand given in the shorthand as JSON"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--notation", metavar="TEXT", help="the scorekeeper's shorthand")
        cmd.add_argument("--seats", type=int, default=4, help="players at the table (3 or 4)")
        cmd.add_argument("--dealer", type=int, default=1, help="dealer's seat (1-based)")
        cmd.add_argument("--declarer", type=int, help="declarer's seat (default: forehand)")
        cmd.add_argument("--ruleset", default=None, help=f"preset code (default {DEFAULT_RULESET})")
        cmd.add_argument("--lang", choices=("cs", "sk", "en"), default=None,
                         help="language of texts (default: the ruleset's, Czech for ČSM)")
        cmd.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                         help="a reading of the ruleset, the value in JSON (docs/readings.md), "
                              "e.g. renonc_basic_unfleked=true; may be repeated")
    rulesets = sub.add_parser(
        "ruleset", help="print a preset ruleset as JSON, with its readings where the rules are "
                        "silent (option, value, source)")
    rulesets.add_argument("code", nargs="?", default=DEFAULT_RULESET, choices=sorted(PRESETS))
    return parser


def _read_hand(args: argparse.Namespace, stdin: TextIO) -> tuple[Hand, Ruleset]:
    if args.notation is not None:
        from scoring.notation import parse

        ruleset = _ruleset(args.ruleset or DEFAULT_RULESET)
        seats = args.seats
        declarer = args.declarer if args.declarer is not None else args.dealer % seats + 1
        hand = parse(args.notation, ruleset=ruleset, players=seats, dealer=args.dealer,
                     declarer=declarer)
        return hand, _with_settings(ruleset, args.set)
    text = stdin.read()
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScoringError(Problem("json_syntax", "stdin", {"line": exc.lineno,
                                                            "column": exc.colno})) from None
    code = args.ruleset or (data.get("ruleset") if isinstance(data, dict) else None)
    return hand_from_dict(data), _with_settings(_ruleset(code or DEFAULT_RULESET), args.set)


def _with_settings(ruleset: Ruleset, settings: list[str]) -> Ruleset:
    """``--set FIELD=VALUE``: the preset with readings overridden, as a tournament's
    overrides are (docs/readings.md)."""
    changes: dict[str, Any] = {}
    for setting in settings:
        field, _, value = setting.partition("=")
        try:
            changes[field.strip()] = json.loads(value)
        except json.JSONDecodeError:
            raise ScoringError(Problem("ruleset_setting_invalid", "set",
                                       {"setting": setting})) from None
    if not changes:
        return ruleset
    try:
        return ruleset.override(**changes)
    except (KeyError, TypeError, ValueError):
        raise ScoringError(Problem("ruleset_setting_invalid", "set",
                                   {"setting": ", ".join(settings)})) from None


def _ruleset(code: Any) -> Ruleset:
    try:
        return get_preset(code)
    except (KeyError, TypeError):
        raise ScoringError(Problem("ruleset_unknown", "ruleset",
                                   {"code": code, "known": ", ".join(sorted(PRESETS))})) from None


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    args = _parser().parse_args(argv)
    if args.command == "ruleset":
        from scoring.readings import readings

        chosen = get_preset(args.code)
        shown = {**chosen.to_dict(), "readings": readings(chosen)}
        json.dump(shown, stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
        return 0
    preset = PRESETS.get(args.ruleset or DEFAULT_RULESET)
    lang = args.lang or (preset.language if preset else "cs")
    try:
        hand, ruleset = _read_hand(args, stdin)
        lang = args.lang or ruleset.language
        if args.command == "settle":
            out: Any = settlement_to_dict(settle(hand, ruleset), ruleset, lang)
        elif args.command == "parse":
            out = hand_to_dict(hand)
        else:
            from scoring.notation import format_hand
            from scoring.validate import validate

            validate(hand, ruleset)
            stdout.write(format_hand(hand, ruleset, lang) + "\n")
            return 0
    except ScoringError as exc:
        problem = exc.problems[0]
        more = len(exc.problems) - 1
        suffix = f" (+{more})" if more else ""
        stderr.write(f"{problem.field}: {problem.message(lang)}{suffix}\n")
        return EXIT_INVALID
    json.dump(out, stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return 0
