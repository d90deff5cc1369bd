"""Importing an exchange file into a season (a federation's server): preview, then import.

The preview (:func:`preview`) validates the whole file and matches its players to the players
here: by registration number (in any spelling); a number held here by someone of another name
is a conflict, as are two rows of the file that match one player. A player without a number is
matched by name and club when exactly one player here has them; otherwise he is new.

The import (:func:`import_results`) refuses a file with conflicts, then in one transaction
creates the tournament with its rules, players, registrations, rounds, tables, seats, byes and
a confirmed totals sheet per confirmed table (the rulings that fix points, contumations, with
them), checks that the standings computed here are the file's standings (else nothing is
saved), adds the tournament to the competition, and writes the audit entry. The same file
twice changes nothing: the tournament's ``uid`` and the results' fingerprint are remembered
(:class:`~marias_admin.api.models.ExchangeImport`); other results under a known uid are
refused.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.api.exchange.validation import ExchangeError, validate
from marias_admin.api.models import ExchangeImport
from marias_admin.api.public_data import number, registration_id
from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.players.models import Player
from marias_admin.players.registration_numbers import registration_number_key
from marias_admin.seasons.models import Competition
from marias_admin.seasons.selectors import member_tournaments
from marias_admin.seasons.services import competition_save
from marias_admin.seating.models import Bye, RoundState, Seat, Table
from marias_admin.sheets.models import Ruling, RulingKind, SheetMode, SheetState, TableSheet
from marias_admin.standings.selectors import round_scores, rules_from
from marias_admin.teams.services import member_add, team_create, team_settings_update
from marias_admin.tournaments.models import Registration, Tournament, TournamentState
from marias_admin.tournaments.services import (
    club_get_or_create,
    player_create,
    tournament_create,
)
from scoring.standings import compute_standings

EXCHANGE_LABEL = "exchange file"  # who "confirmed" the imported sheets


class MatchKind:
    MATCHED = "matched"
    NEW = "new"
    CONFLICT = "conflict"


@dataclass(frozen=True)
class PlayerMatch:
    row: int  # the file's player number
    first_name: str
    last_name: str
    registration_number: str | None
    club: str | None
    kind: str
    player: Player | None = None
    note: str = ""


@dataclass
class Preview:
    document: dict[str, Any]
    fingerprint: str
    matches: list[PlayerMatch]
    already: ExchangeImport | None = None  # the same file was imported before
    conflicts: list[str] = field(default_factory=list)

    @property
    def new_players(self) -> int:
        return sum(1 for m in self.matches if m.kind == MatchKind.NEW)

    @property
    def matched_players(self) -> int:
        return sum(1 for m in self.matches if m.kind == MatchKind.MATCHED)


@dataclass(frozen=True)
class ImportReport:
    tournament: Tournament
    created: bool  # False: the same file was imported before, nothing changed
    new_players: int = 0
    matched_players: int = 0


def fingerprint(document: dict[str, Any]) -> str:
    """The results' fingerprint: the file without its export time, keys sorted (a second
    export of unchanged results is the same file)."""
    kept = {k: v for k, v in document.items() if k != "exported_at"}
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _same_name(player: Player, row: dict[str, Any]) -> bool:
    return (player.first_name.strip().casefold() == row["first_name"].strip().casefold()
            and player.last_name.strip().casefold() == row["last_name"].strip().casefold())


def _by_name(row: dict[str, Any]) -> Player | None:
    found = list(Player.objects.filter(first_name__iexact=row["first_name"].strip(),
                                       last_name__iexact=row["last_name"].strip(),
                                       club__name__iexact=(row["club"] or "").strip())
                 if row["club"] else
                 Player.objects.filter(first_name__iexact=row["first_name"].strip(),
                                       last_name__iexact=row["last_name"].strip(),
                                       club__isnull=True))[:2]
    return found[0] if len(found) == 1 else None


def _match(rows: list[dict[str, Any]]) -> list[PlayerMatch]:
    holders = {registration_number_key(p.registration_number or ""): p
               for p in Player.objects.filter(registration_number__isnull=False)}
    matches = []
    for row in rows:
        base = {"row": row["id"], "first_name": row["first_name"],
                "last_name": row["last_name"], "registration_number": row["registration_number"],
                "club": row["club"]}
        number_ = row["registration_number"]
        if number_:
            holder = holders.get(registration_number_key(number_))
            if holder is None:
                matches.append(PlayerMatch(**base, kind=MatchKind.NEW))
            elif _same_name(holder, row):
                matches.append(PlayerMatch(**base, kind=MatchKind.MATCHED, player=holder))
            else:
                matches.append(PlayerMatch(
                    **base, kind=MatchKind.CONFLICT, player=holder,
                    note=_("registration number %(number)s belongs to %(player)s here")
                    % {"number": number_, "player": holder.full_name}))
            continue
        found = _by_name(row)
        matches.append(PlayerMatch(**base, kind=MatchKind.MATCHED if found else MatchKind.NEW,
                                   player=found))
    taken: dict[int, PlayerMatch] = {}
    for index, match in enumerate(matches):
        if match.player is None or match.kind == MatchKind.CONFLICT:
            continue
        if match.player.pk in taken:
            matches[index] = dataclasses.replace(
                match, kind=MatchKind.CONFLICT,
                note=_("the same player as row %(row)s") % {"row": taken[match.player.pk].row})
        else:
            taken[match.player.pk] = match
    return matches


def preview(document: Any) -> Preview:
    """Validate the whole file and match its players (no write)."""
    document = validate(document)
    print_ = fingerprint(document)
    matches = _match(document["players"])
    result = Preview(document, print_, matches)
    result.conflicts = [_("players row %(row)s (%(name)s): %(note)s")
                        % {"row": m.row, "name": f"{m.first_name} {m.last_name}",
                           "note": m.note} for m in matches if m.kind == MatchKind.CONFLICT]
    known = ExchangeImport.objects.select_related("tournament").filter(
        uid=document["tournament"]["uid"]).first()
    if known is not None:
        if known.fingerprint == print_:
            result.already = known
        else:
            result.conflicts.insert(0, _(
                "This tournament was imported before (%(tournament)s) from a file with other "
                "results; it is not changed by another file.") % {"tournament": known.tournament})
    return result


def _decimal(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def _create_tournament(document: dict[str, Any], user: Any) -> Tournament:
    head, ruleset = document["tournament"], document["ruleset"]
    rounds_planned = max([head["rounds_planned"], *(r["number"] for r in document["rounds"])])
    tournament = tournament_create(
        user=user, name=head["name"], date=date.fromisoformat(head["date"]),
        ruleset_code=ruleset["code"], venue=head.get("venue", ""),
        rounds_planned=rounds_planned, standings_rules=document["standings_rules"]["stored"],
        base_rate=head["base_rate"], currency=head["currency"], table_size=head["table_size"],
        language=head.get("language") or "", ruleset_overrides=ruleset["overrides"],
        standings_seed=document["standings_rules"]["seed"])
    return tournament


def _finish(tournament: Tournament) -> None:
    """The imported tournament is over: finished, like the original (no service moves a
    tournament straight to finished without its rounds played here)."""
    Tournament.objects.filter(pk=tournament.pk).update(state=TournamentState.FINISHED)
    tournament.refresh_from_db()


def _teams(document: dict[str, Any], tournament: Tournament,
           registrations: dict[int, Registration], user: Any) -> None:
    """The team competition through the team services (before the tournament is finished:
    they refuse changes after)."""
    part = document.get("teams") or {}
    if part.get("rules", "none") == "none" and not part.get("teams"):
        return
    team_settings_update(user=user, tournament=tournament, rules=part["rules"], deadline=None)
    for row in part.get("teams", []):
        club = club_get_or_create(user=user, name=row["club"]) if row["club"] else None
        team = team_create(user=user, tournament=tournament, name=row["name"], kind=row["kind"],
                           club=club)
        for member in row["members"]:
            member_add(user=user, team=team, registration=registrations[member["player"]],
                       role=member["role"])


def _registrations(document: dict[str, Any], matches: list[PlayerMatch], tournament: Tournament,
                   user: Any) -> dict[int, Registration]:
    rows = {row["id"]: row for row in document["players"]}
    registrations: dict[int, Registration] = {}
    for match in matches:
        row = rows[match.row]
        player = match.player or player_create(
            user=user, first_name=row["first_name"], last_name=row["last_name"],
            club_name=row["club"] or "", registration_number=row["registration_number"],
            sex=row.get("sex") or "", birth_year=row.get("birth_year"))
        registration = Registration(
            tournament=tournament, player=player, status=row.get("status") or "present",
            withdrawn_before_round=row.get("withdrawn_before_round"))
        registration.full_clean(exclude=["pin"])
        registration.save()
        registrations[match.row] = registration
    return registrations


def _rounds(document: dict[str, Any], tournament: Tournament,
            registrations: dict[int, Registration]) -> None:
    now = timezone.now()
    rulings: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for ruling in document["rulings"]:
        rulings.setdefault((ruling["round"], ruling["table"]), []).append(ruling)
    for row in document["rounds"]:
        round = tournament.rounds.get(number=row["number"])
        for table_row in row["tables"]:
            table = Table.objects.create(round=round, number=table_row["number"])
            seats = sorted(table_row["seats"], key=lambda s: s["seat"])
            for seat in seats:
                Seat.objects.create(round=round, table=table, position=seat["seat"],
                                    registration=registrations[seat["player"]])
            if not table_row["confirmed"]:
                continue
            totals: dict[str, Any] = {}
            for seat in seats:
                totals[f"total_money_{seat['seat']}"] = seat["money"]
                totals[f"total_pb_{seat['seat']}"] = _decimal(seat["pb"])
            sheet = TableSheet.objects.create(
                table=table, mode=SheetMode.TOTALS, state=SheetState.CONFIRMED,
                submitted_at=now, submitted_as=EXCHANGE_LABEL, confirmed_at=now,
                confirmed_as=EXCHANGE_LABEL, **totals)
            for ruling in rulings.get((row["number"], table_row["number"]), []):
                Ruling.objects.create(
                    sheet=sheet, kind=RulingKind(ruling["kind"]), code=ruling.get("code") or "",
                    offender=registrations[ruling["player"]] if ruling.get("player") else None,
                    reason=_("From the results exchange file."),
                    outcome=ruling.get("outcome") or "recorded")
        for player in row.get("byes", []):
            Bye.objects.create(round=round, registration=registrations[player])
        round.state = RoundState.RELEASED
        round.seated_at = now
        round.save(update_fields=["state", "seated_at"])


def _check_standings(document: dict[str, Any], tournament: Tournament,
                     registrations: dict[int, Registration]) -> None:
    """The standings computed here must be the file's, with the file's coefficient (the
    competition here may have another): each player's rank, BP, SB and money, and his
    position unless the lot placed him among equals. The lot is drawn over the players'
    numbers in the database, which differ between servers, so equals may come out in another
    order here (docs/exchange-format.md)."""
    rules = dataclasses.replace(rules_from(tournament), coefficient=Fraction(
        str(document["standings_rules"].get("coefficient", 1))))
    computed = compute_standings(round_scores(tournament, rules=rules), rules,
                                 tournament.standings_seed)
    row_of = {r.pk: n for n, r in registrations.items()}
    here = {row_of[registration_id(s.player)]: (s.rank, number(s.bp), number(s.sb), s.money,
                                              None if s.by_lot else s.position)
            for s in computed}
    ranks = Counter(row["rank"] for row in document["standings"])
    for index, row in enumerate(document["standings"]):
        theirs = (row["rank"], row["bp"], row["sb"], row["money"],
                  None if ranks[row["rank"]] > 1 else row["position"])
        mine = here.pop(row["player"], None)
        if mine != theirs:
            shown = mine or (None, None, None, None, None)
            raise ExchangeError(_(
                "standings row %(row)s: the file's results give player %(player)s rank "
                "%(rank)s, BP %(bp)s, SB %(sb)s, money %(money)s; the row says otherwise")
                % {"row": index + 1, "player": row["player"], "rank": shown[0],
                   "bp": shown[1], "sb": shown[2], "money": shown[3]})
    if here:
        raise ExchangeError(_("standings: the results rank %(count)s players the file's "
                              "standings leave out") % {"count": len(here)})


def _join(competition: Competition, tournament: Tournament, user: Any) -> None:
    members = member_tournaments(competition)
    if tournament.pk not in {t.pk for t in members}:
        competition_save(user=user, competition=competition, tournaments=[*members, tournament])


def import_results(document: Any, competition: Competition, *, user: Any = None) -> ImportReport:
    """Import the file into ``competition`` (see the module docstring); all or nothing."""
    checked = preview(document)
    if checked.conflicts:
        raise ExchangeError(_("The file has conflicts with the players here: %(list)s")
                            % {"list": "; ".join(checked.conflicts)})
    if checked.already is not None:
        with transaction.atomic():
            _join(competition, checked.already.tournament, user)
        return ImportReport(checked.already.tournament, created=False)
    document = checked.document
    try:
        return _import(document, checked, competition, user)
    except ValidationError as exc:  # a service's own rule (teams, players): refused whole
        raise ExchangeError(_("The file cannot be imported: %(error)s")
                            % {"error": "; ".join(exc.messages)}) from exc


def _import(document: dict[str, Any], checked: Preview, competition: Competition,
            user: Any) -> ImportReport:
    with transaction.atomic():
        tournament = _create_tournament(document, user)
        registrations = _registrations(document, checked.matches, tournament, user)
        _teams(document, tournament, registrations, user)
        _rounds(document, tournament, registrations)
        _finish(tournament)
        _check_standings(document, tournament, registrations)
        ExchangeImport.objects.create(
            uid=document["tournament"]["uid"], fingerprint=checked.fingerprint,
            tournament=tournament,
            imported_by=user if getattr(user, "is_authenticated", False) else None)
        _join(competition, tournament, user)
        audit_record(
            user=user, action=AuditAction.RESULTS_IMPORT, obj=tournament, tournament=tournament,
            summary=_("results imported from an exchange file into %(competition)s")
            % {"competition": competition},
            after={"uid": document["tournament"]["uid"], "fingerprint": checked.fingerprint,
                   "competition": competition.pk, "players": len(registrations),
                   "new_players": checked.new_players,
                   "matched_players": checked.matched_players,
                   "rounds": len(document["rounds"])})
    return ImportReport(tournament, True, checked.new_players, checked.matched_players)
