"""Importing teams from an xlsx/csv file: a preview that writes nothing, then a commit.

The file has a header row naming the columns team, role and player (the player by his
registration number or his name, as registered in this tournament), and optionally club (a
club team of that club). The file is read with the player import's readers
(:mod:`marias_admin.players.importing`: the same limits against hostile files). Every row is
checked against the tournament's registrations and teams; an unknown player is reported on
his row. The commit re-does the preview and, if it still matches what the organiser saw,
writes the ok rows through the team services in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from marias_admin.audit.services import audit_record
from marias_admin.core.spreadsheet_import import (
    ImportFileError,
    KeptFile,
    RowsByStatus,
    RowStatus,
    fingerprint_of,
)
from marias_admin.players.import_grid import HEADER_SEARCH_ROWS, MAX_ROWS, read_grid
from marias_admin.players.import_headers import normalise_header
from marias_admin.players.importing import text_key
from marias_admin.players.models import Club
from marias_admin.players.registration_numbers import registration_number_key
from marias_admin.teams.models import MemberRole, Team, TeamKind, TeamMember, TeamRulesPreset
from marias_admin.teams.services import (
    TeamAction,
    member_add,
    member_set_role,
    refuse_after_deadline,
    settings_of,
    team_create,
)
from marias_admin.tournaments.models import Registration, Tournament

COLUMNS = ("team", "role", "player", "club")
HEADER_ALIASES = {
    "team": ("tym", "tim", "team", "druzstvo", "druzstvo nazev", "nazev tymu", "team name",
             "nazov timu", "mustva", "mustvo"),
    "role": ("role", "funkce", "funkcia", "rola"),
    "player": ("hrac", "player", "jmeno", "meno", "name", "jmeno a prijmeni",
               "meno a priezvisko", "prijmeni a jmeno", "priezvisko a meno",
               "registracni cislo", "registracne cislo", "reg c", "cislo", "number",
               "registration number"),
    "club": ("klub", "club", "oddil", "oddiel"),
}
_ALIAS = {alias: name for name, aliases in HEADER_ALIASES.items() for alias in aliases}
ROLE_WORDS = {
    MemberRole.CAPTAIN: ("kapitan", "captain", "k", "c"),
    MemberRole.MEMBER: ("clen", "member", "m", "hrac", "player"),
    MemberRole.NOMINATED: ("nominovany", "nominated", "n", "nom"),
    MemberRole.SUBSTITUTE: ("nahradnik", "substitute", "s", "sub", "nahr"),
}
_ROLE = {word: role for role, words in ROLE_WORDS.items() for word in words}
LABELS = {"team": gettext_lazy("team"), "role": gettext_lazy("role"),
          "player": gettext_lazy("player"), "club": gettext_lazy("club")}


class TeamImportChanged(ValidationError):
    """The data changed between the preview and the confirmation; nothing was written."""


@dataclass
class TeamFileRow:
    row: int
    team: str = ""
    role: str = ""
    player: str = ""
    club: str = ""


@dataclass
class TeamFile(KeptFile):
    filename: str
    columns: dict[str, str]
    rows: list[TeamFileRow]
    row_type = TeamFileRow


def read_team_file(filename: str, data: bytes) -> TeamFile:
    """Parse an uploaded .xlsx or .csv team list (decided by its content)."""
    lines = read_grid(filename, data)
    header_at = -1
    for position, (_number, cells) in enumerate(lines[:HEADER_SEARCH_ROWS]):
        header_at = position
        by_index: dict[int, str] = {}
        headers: dict[str, str] = {}
        for index, text in enumerate(cells):
            name = _ALIAS.get(normalise_header(text))
            if name is not None and name not in headers:
                by_index[index], headers[name] = name, text
        if "team" in headers and "player" in headers:
            break
    else:
        raise ImportFileError(_("No columns with the team and the player were found. The "
                                "first row must name the columns, e.g. “Tým”, “Role”, "
                                "“Hráč”."))
    rows = []
    for number, cells in lines[header_at + 1:]:
        values = {name: cells[index] if index < len(cells) else ""
                  for index, name in by_index.items()}
        rows.append(TeamFileRow(row=number, **values))
    if not rows:
        raise ImportFileError(_("The file has a header but no rows."))
    if len(rows) > MAX_ROWS:
        raise ImportFileError(_("The file has too many rows (at most %(max)s).")
                              % {"max": MAX_ROWS})
    return TeamFile(filename=filename, columns=headers, rows=rows)


# -- the preview --------------------------------------------------------------------------------


@dataclass
class TeamPreviewRow:
    source: TeamFileRow
    status: RowStatus = RowStatus.OK
    problems: list[str] = field(default_factory=list)
    role: MemberRole | None = None
    registration_id: int | None = None
    player_label: str = ""
    team_name: str = ""  # as it exists or will be created
    new_team: bool = False
    club_id: int | None = None
    change: str = ""  # "add", "role", "same"

    @property
    def row(self) -> int:
        return self.source.row

    @property
    def has_error(self) -> bool:
        return self.status is RowStatus.ERROR

    def error(self, message: str) -> None:
        self.problems.append(message)
        self.status = RowStatus.ERROR


@dataclass
class TeamPreview(RowsByStatus):
    tournament_id: int
    filename: str
    columns: dict[str, str]
    rows: list[TeamPreviewRow]

    @property
    def new_teams(self) -> list[str]:
        return list(dict.fromkeys(r.team_name for r in self.importable if r.new_team))

    @property
    def fingerprint(self) -> str:
        state = [self.tournament_id, [
            [r.row, r.status.value, r.problems, r.role, r.registration_id, r.team_name,
             r.new_team, r.club_id, r.change] for r in self.rows]]
        return fingerprint_of(state)


def _loose(text: str) -> str:
    return normalise_header(text)


def _role_of(text: str, preset: TeamRulesPreset) -> MemberRole | None:
    key = _loose(text)
    if not key:
        return (MemberRole.NOMINATED if preset == TeamRulesPreset.SZMK_EXTRALIGA
                else MemberRole.MEMBER)
    return _ROLE.get(key)


# Above the complexity budget: one check per kind of row problem, in the order they are shown.
def preview_teams(*, tournament: Tournament, parsed: TeamFile) -> TeamPreview:  # noqa: C901
    """What importing ``parsed`` would do, row by row. Writes nothing."""
    preset = TeamRulesPreset(settings_of(tournament).rules)
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .select_related("player__club"))
    by_number = {registration_number_key(r.player.registration_number): r
                 for r in registrations if r.player.registration_number}
    by_name: dict[str, list[Registration]] = {}
    for r in registrations:
        for spelling in (f"{r.player.last_name} {r.player.first_name}",
                         f"{r.player.first_name} {r.player.last_name}"):
            by_name.setdefault(_loose(spelling), []).append(r)
    teams = {text_key(t.name): t for t in Team.objects.filter(tournament=tournament)}
    memberships = {m.registration_id: m for m in TeamMember.objects.filter(
        team__tournament=tournament).select_related("team")}
    clubs = {text_key(c.name): c for c in Club.objects.all()}
    captains = {m.team_id for m in memberships.values() if m.role == MemberRole.CAPTAIN}

    seen: dict[int, int] = {}  # registration id → first row
    file_captains: dict[str, int] = {}  # team key → row
    new_spelling: dict[str, str] = {}
    rows = []
    for source in parsed.rows:
        row = TeamPreviewRow(source=source)
        rows.append(row)
        if not (source.team or source.player):
            row.status = RowStatus.SKIP
            row.problems.append(_("empty row"))
            continue
        if not source.team:
            row.error(_("No team is named."))
        key = text_key(source.team)
        existing = teams.get(key)
        row.team_name = existing.name if existing else new_spelling.setdefault(
            key, " ".join(source.team.split()))
        row.new_team = existing is None and bool(source.team)
        if len(row.team_name) > 120:
            row.error(_("The team name is too long (at most 120 characters)."))
        if source.club and row.new_team:
            club = clubs.get(text_key(source.club))
            if club is None:
                row.error(_("Unknown club “%(club)s”.") % {"club": source.club})
            else:
                row.club_id = club.pk
        role = _role_of(source.role, preset)
        if role is None:
            row.error(_("Unknown role “%(role)s”: write captain, member, nominated or "
                        "substitute.") % {"role": source.role})
        row.role = role
        registration = None
        if not source.player:
            row.error(_("No player is named."))
        else:
            number = registration_number_key(source.player)
            registration = by_number.get(number) if number else None
            if registration is None:
                found = by_name.get(_loose(source.player), [])
                if len(found) > 1:
                    row.error(_("%(count)d registered players have this name; write the "
                                "registration number instead.") % {"count": len(found)})
                elif found:
                    registration = found[0]
                else:
                    row.error(_("“%(player)s” is not registered in this tournament.")
                              % {"player": source.player})
        if registration is not None:
            row.registration_id = registration.pk
            row.player_label = registration.player.full_name
            if registration.pk in seen:
                row.error(_("The player is on row %(row)d already.")
                          % {"row": seen[registration.pk]})
            else:
                seen[registration.pk] = source.row
            member = memberships.get(registration.pk)
            if member is not None and (existing is None or member.team_id != existing.pk):
                row.error(_("%(player)s plays for the team “%(team)s” already.") % {
                    "player": registration.player.full_name, "team": member.team.name})
            elif member is not None:
                row.change = "same" if member.role == role else "role"
            else:
                row.change = "add"
        if role == MemberRole.CAPTAIN and not row.has_error:
            if key in file_captains:
                row.error(_("The team has its captain on row %(row)d already.")
                          % {"row": file_captains[key]})
            elif existing is not None and existing.pk in captains and not (
                    registration is not None and memberships.get(registration.pk)
                    and memberships[registration.pk].role == MemberRole.CAPTAIN):
                row.error(_("The team “%(team)s” has a captain already.")
                          % {"team": existing.name})
            else:
                file_captains[key] = source.row
        if not row.has_error and row.change == "same":
            row.status = RowStatus.SKIP
            row.problems.append(_("already on the team with this role"))
    return TeamPreview(tournament_id=tournament.pk, filename=parsed.filename,
                       columns=dict(parsed.columns), rows=rows)


@dataclass
class TeamImportResult:
    created_teams: list[str] = field(default_factory=list)
    added: int = 0
    roles_changed: int = 0
    error_rows: list[int] = field(default_factory=list)


def import_teams(*, user: Any, tournament: Tournament, parsed: TeamFile,
                 fingerprint: str | None = None, reason: str = "") -> TeamImportResult:
    """Write the ok rows of the preview in one transaction (nothing if anything fails)."""
    with transaction.atomic():
        reason = refuse_after_deadline(tournament, reason)
        preview = preview_teams(tournament=tournament, parsed=parsed)
        if fingerprint is not None and preview.fingerprint != fingerprint:
            raise TeamImportChanged(_(
                "The data changed since the preview (someone changed the teams or the "
                "registrations meanwhile). Nothing was imported; check the updated preview "
                "and confirm again."))
        result = TeamImportResult(error_rows=[r.row for r in preview.errors])
        teams = {text_key(t.name): t for t in Team.objects.filter(tournament=tournament)}
        registrations = Registration.objects.select_related("player").in_bulk(
            [r.registration_id for r in preview.importable])
        # Captains last: a file may demote the old captain further down.
        rows = sorted(preview.importable, key=lambda r: r.role == MemberRole.CAPTAIN)
        for row in rows:
            key = text_key(row.team_name)
            team = teams.get(key)
            if team is None:
                club = Club.objects.filter(pk=row.club_id).first() if row.club_id else None
                team = team_create(user=user, tournament=tournament, name=row.team_name,
                                   kind=TeamKind.CLUB if club else TeamKind.FREE, club=club,
                                   reason=reason)
                teams[key] = team
                result.created_teams.append(team.name)
            registration = registrations[row.registration_id]
            assert row.role is not None
            if row.change == "role":
                member = TeamMember.objects.get(registration=registration)
                member_set_role(user=user, member=member, role=row.role, reason=reason)
                result.roles_changed += 1
            else:
                member_add(user=user, team=team, registration=registration, role=row.role,
                           reason=reason)
                result.added += 1
        audit_record(user=user, action=TeamAction.IMPORT, obj=tournament, tournament=tournament,
                     summary=f"{parsed.filename}: {result.added}", reason=reason,
                     after={"file": parsed.filename, "teams": result.created_teams,
                            "added": result.added, "roles_changed": result.roles_changed,
                            "error_rows": result.error_rows})
    return result
