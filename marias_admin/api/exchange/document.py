"""The results exchange file of one tournament (docs/exchange-format.md): its public results,
for a federation's server.

What goes in: the tournament's settings that decide its results (rules and their variants,
standings rules and seed, base rate, currency, table size), its players with their
registration numbers, each round's tables with every seat's confirmed money (ZB, smallest
currency unit) and PB, the byes, the standings, the rulings' outcomes and the teams. What stays
out: the hands, PINs, table links, contacts, logins and the audit log (the archive app moves
those).

Players are numbered 1, 2, 3 … in the file (never a database key); the tournament is named by
its stable ``uid`` (:mod:`marias_admin.api.identity`), which makes the import idempotent.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from typing import Any

from django.utils import timezone

from marias_admin.api.identity import tournament_uid
from marias_admin.api.public_data import number, registration_id
from marias_admin.seating.models import Bye, Seat
from marias_admin.sheets.models import Ruling, SheetState, TableSheet
from marias_admin.standings.selectors import round_scores, rules_from
from marias_admin.teams.models import TeamRulesPreset, TeamSettings
from marias_admin.teams.selectors import teams_of
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.rule_variants import split
from scoring.presets import get_preset
from scoring.standings import compute_standings

FORMAT = "marias-results-exchange"
VERSION = 1


def _pb(value: Fraction) -> str:
    """PB as the sheets store it: a decimal with at most one place, as text ("12.5")."""
    shown = number(value)
    return str(shown)


def _players(tournament: Tournament) -> tuple[list[dict[str, Any]], dict[int, int]]:
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .select_related("player__club").order_by("pk"))
    numbering = {r.pk: index for index, r in enumerate(registrations, start=1)}
    return [{
        "id": numbering[r.pk],
        "first_name": r.player.first_name,
        "last_name": r.player.last_name,
        "registration_number": r.player.registration_number or None,
        "club": r.player.club.name if r.player.club else None,
        "sex": r.player.sex or None,
        "birth_year": r.player.birth_year,
        "status": r.status,
        "withdrawn_before_round": r.withdrawn_before_round,
    } for r in registrations], numbering


def _rounds(tournament: Tournament, numbering: dict[int, int],
            scores: dict[tuple[int, int], Any]) -> list[dict[str, Any]]:
    states = dict(TableSheet.objects.filter(table__round__tournament=tournament)
                  .values_list("table_id", "state"))
    tables: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for seat in (Seat.objects.filter(round__tournament=tournament)
                 .select_related("round", "table").order_by("round__number", "table__number",
                                                            "position")):
        table = tables[seat.round.number].setdefault(seat.table.number, {
            "number": seat.table.number,
            "confirmed": states.get(seat.table_id) == SheetState.CONFIRMED, "seats": []})
        score = scores.get((seat.round.number, seat.registration_id))
        table["seats"].append({
            "seat": seat.position, "player": numbering[seat.registration_id],
            "money": score.money if table["confirmed"] and score is not None else None,
            "pb": _pb(score.premium) if table["confirmed"] and score is not None else None,
        })
    byes: dict[int, list[int]] = defaultdict(list)
    for round_number, bye_registration in (Bye.objects.filter(round__tournament=tournament)
                                           .order_by("round__number", "registration_id")
                                           .values_list("round__number", "registration_id")):
        byes[round_number].append(numbering[bye_registration])
    return [{"number": round.number,
             "tables": list(tables.get(round.number, {}).values()),
             "byes": byes.get(round.number, [])}
            for round in tournament.rounds.order_by("number")
            if round.number in tables or round.number in byes]


def _rulings(tournament: Tournament, numbering: dict[int, int]) -> list[dict[str, Any]]:
    return [{
        "round": ruling.sheet.table.round.number, "table": ruling.sheet.table.number,
        "kind": ruling.kind, "code": ruling.code or None,
        "player": numbering.get(ruling.offender_id) if ruling.offender_id else None,
        "outcome": ruling.outcome or None,
    } for ruling in (Ruling.objects.filter(sheet__table__round__tournament=tournament)
                     .select_related("sheet__table__round")
                     .order_by("sheet__table__round__number", "sheet__table__number", "pk"))]


def _teams(tournament: Tournament, numbering: dict[int, int]) -> dict[str, Any]:
    """The team competition: its rules and each team with its members and their roles (the
    season's clubs' table is built from the club teams)."""
    rules = (TeamSettings.objects.filter(tournament=tournament).values_list("rules", flat=True)
             .first() or TeamRulesPreset.NONE)
    return {"rules": rules, "teams": [{
        "name": team.name, "kind": team.kind,
        "club": team.club.name if team.club is not None else None,
        "members": [{"player": numbering[m.registration_id], "role": m.role}
                    for m in team.members.all()],
    } for team in teams_of(tournament)]}


def export_results(tournament: Tournament) -> dict[str, Any]:
    """The exchange document of ``tournament`` (see the module docstring)."""
    rules = rules_from(tournament)
    all_scores = round_scores(tournament, rules=rules)
    players, numbering = _players(tournament)
    scores = {(s.round, registration_id(s.player)): s for s in all_scores if not s.bye}
    standings = compute_standings(all_scores, rules, tournament.standings_seed)
    variants, other = split(tournament.ruleset_code, tournament.ruleset_overrides or {})
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().replace(microsecond=0).isoformat(),
        "tournament": {
            "uid": tournament_uid(tournament),
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "venue": tournament.venue,
            "language": tournament.language or None,
            "currency": tournament.currency,
            "base_rate": tournament.base_rate,
            "table_size": tournament.table_size,
            "rounds_planned": tournament.rounds_planned,
        },
        "ruleset": {
            "code": tournament.ruleset_code,
            "name": get_preset(tournament.ruleset_code).name,
            "variants": variants,
            "overrides": tournament.ruleset_overrides or {},
            "other_overrides": other,
        },
        "standings_rules": {
            "stored": tournament.standings_rules or {},
            "seed": tournament.standings_seed,
            "coefficient": number(rules.coefficient),
        },
        "players": players,
        "rounds": _rounds(tournament, numbering, scores),
        "standings": [{
            "position": s.position, "rank": s.rank, "player": numbering[registration_id(s.player)],
            "bp": number(s.bp), "sb": number(s.sb), "money": s.money, "pb": number(s.premium),
        } for s in standings],
        "rulings": _rulings(tournament, numbering),
        "teams": _teams(tournament, numbering),
    }


def dumps(document: dict[str, Any]) -> str:
    """The file's text: UTF-8 JSON, keys in the order written, two-space indent."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
