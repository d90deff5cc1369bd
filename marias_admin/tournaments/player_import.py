"""Importing a player list into a tournament: a preview that writes nothing, then a commit.

:func:`import_preview` checks every row of a parsed file against the database (existing
players, clubs, this tournament's registrations) and says what would happen to it.
:func:`import_commit` re-does the preview and, if it still matches what the organiser saw,
writes everything in one transaction through the tournament services (each of which
validates and writes its audit entry); if anything fails nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core.collation import sort_key
from marias_admin.core.spreadsheet_import import RowsByStatus, fingerprint_of
from marias_admin.players import details
from marias_admin.players.importing import (
    FIELD_LABELS,
    FINISHED_CODES,
    CheckedRow,
    ParsedFile,
    Problem,
    RowStatus,
    check_rows,
    normalise_header,
    registration_number_key,
    text_key,
)
from marias_admin.players.models import Club, Player, Sex
from marias_admin.players.probes import CONFIRM_LABEL
from marias_admin.players.registration_numbers import registration_number_pattern
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament
from marias_admin.tournaments.services import (
    club_get_or_create,
    player_create,
    registration_create,
)

IMPORT_STATUSES = (RegistrationStatus.PRESENT, RegistrationStatus.REGISTERED)


class ImportChanged(ValidationError):
    """The data changed between the preview and the confirmation; nothing was written."""


@dataclass
class PreviewRow:
    checked: CheckedRow
    problems: list[Problem]
    status: RowStatus
    player_id: int | None = None  # an existing player to reuse
    club_name: str = ""  # the club to give a new player, spelled as it exists or will be
    new_club: bool = False
    # An existing player's details the file changes: field -> (stored, from the file); the
    # club by its name as it exists or will be.
    changes: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def row(self) -> int:
        return self.checked.row

    @property
    def name(self) -> str:
        return self.checked.full_name

    @property
    def club(self) -> str:
        return self.checked.club

    @property
    def registration_number(self) -> str:
        return self.checked.registration_number

    @property
    def problem_messages(self) -> list[str]:
        return [p.message for p in self.problems]

    @property
    def has_error(self) -> bool:
        return self.status is RowStatus.ERROR

    @property
    def details(self) -> str:
        """The file's sex, year of birth and region, for the preview."""
        c = self.checked
        return " · ".join(str(p) for p in (
            Sex(c.sex).label if c.sex else "", c.birth_year or "", c.region) if p)


@dataclass
class ImportPreview(RowsByStatus):
    tournament_id: int
    filename: str
    columns: dict[str, str]
    ignored: list[str]
    rows: list[PreviewRow]

    @property
    def new_players(self) -> list[PreviewRow]:
        return [r for r in self.importable if r.player_id is None]

    @property
    def existing_players(self) -> list[PreviewRow]:
        return [r for r in self.importable if r.player_id is not None]

    @property
    def updated_players(self) -> list[PreviewRow]:
        """Existing players whose details the import changes (registered now or before)."""
        return [r for r in self.rows if r.changes and r.status is not RowStatus.ERROR]

    @property
    def finished_rows(self) -> list[PreviewRow]:
        """Rows whose changes move a finished tournament's category: saved only with the
        organiser's tick."""
        return [r for r in self.updated_players
                if any(p.code in FINISHED_CODES for p in r.problems)]

    @property
    def new_clubs(self) -> list[str]:
        names: dict[str, str] = {}
        for r in [*self.importable, *self.updated_players]:
            if r.new_club:
                names.setdefault(text_key(r.club_name), r.club_name)
        return sorted(names.values(), key=sort_key)

    @property
    def fingerprint(self) -> str:
        """Changes whenever what the commit would do changes."""
        state = [self.tournament_id, [
            [r.row, r.status.value, sorted(p.code for p in r.problems), r.player_id,
             r.club_name, r.checked.first_name, r.checked.last_name,
             r.checked.registration_number, r.checked.email, r.checked.phone, r.checked.seed,
             r.checked.sex, r.checked.birth_year, r.checked.region,
             sorted(r.changes.items())]
            for r in self.rows]]
        return fingerprint_of(state)


@dataclass
class ImportResult:
    registrations: list[Registration] = field(default_factory=list)
    created_players: int = 0
    reused_players: int = 0
    created_clubs: list[str] = field(default_factory=list)
    updated_players: int = 0
    skipped_rows: list[int] = field(default_factory=list)
    error_rows: list[int] = field(default_factory=list)


def _loose_name(first_name: str, last_name: str) -> str:
    """Name comparison that forgives case and diacritics (Novak == Novák)."""
    return normalise_header(f"{last_name} {first_name}")


def import_preview(*, tournament: Tournament, parsed: ParsedFile) -> ImportPreview:
    """What importing ``parsed`` into ``tournament`` would do, row by row. Writes nothing."""
    checked = check_rows(parsed.rows, registration_number_pattern())

    by_number: dict[str, Player] = {}
    by_person: dict[tuple[str, str, str], list[Player]] = {}
    for player in Player.objects.select_related("club").only(
            "id", "first_name", "last_name", "registration_number", "club__name", "sex",
            "birth_year", "region"):
        if player.registration_number:
            by_number[registration_number_key(player.registration_number)] = player
        club = player.club.name if player.club else ""
        key = (text_key(player.first_name), text_key(player.last_name), text_key(club))
        by_person.setdefault(key, []).append(player)
    clubs = {text_key(name): name for name in Club.objects.values_list("name", flat=True)}
    registered = set(Registration.objects.filter(tournament=tournament)
                     .values_list("player_id", flat=True))

    new_club_spelling: dict[str, str] = {}
    player_rows: dict[int, int] = {}  # existing player id -> first row that uses it
    known: dict[int, tuple[Player, PreviewRow]] = {}  # existing players the file changes
    rows: list[PreviewRow] = []
    for row in checked:
        problems = list(row.problems)
        preview = PreviewRow(checked=row, problems=problems, status=RowStatus.OK)
        rows.append(preview)
        if row.has_error:
            preview.status = RowStatus.ERROR
            continue

        player: Player | None = None
        number_key = registration_number_key(row.registration_number)
        if number_key:
            player = by_number.get(number_key)
            if player is not None and _loose_name(player.first_name, player.last_name) != (
                    _loose_name(row.first_name, row.last_name)):
                problems.append(Problem.of("number_taken", value=row.registration_number,
                                           player=player.full_name))
                preview.status = RowStatus.ERROR
                continue
        if player is None:
            candidates = [
                p for p in by_person.get((text_key(row.first_name), text_key(row.last_name),
                                          text_key(row.club)), [])
                if not p.registration_number or not number_key
                or registration_number_key(p.registration_number) == number_key
            ]
            if len(candidates) > 1:
                problems.append(Problem.of("ambiguous_player", count=len(candidates)))
                preview.status = RowStatus.ERROR
                continue
            player = candidates[0] if candidates else None

        if player is not None:
            if player.pk in player_rows:
                problems.append(Problem.of("duplicate_player", row=player_rows[player.pk]))
                preview.status = RowStatus.ERROR
                continue
            player_rows[player.pk] = row.row
            preview.player_id = player.pk
            _detail_changes(preview, player, clubs, new_club_spelling)
            if preview.changes:
                known[player.pk] = (player, preview)
            if player.pk in registered:
                problems.append(Problem.of("already_registered_details" if preview.changes
                                           else "already_registered"))
                preview.status = RowStatus.SKIP
            else:
                problems.append(Problem.of("existing_player", player=_player_label(player)))
            problems.extend(_change_problems(preview.changes))
            continue

        if row.club:
            key = text_key(row.club)
            if key in clubs:
                preview.club_name = clubs[key]
            else:
                preview.club_name = new_club_spelling.setdefault(key, row.club)
                preview.new_club = True
                problems.append(Problem.of("new_club", club=preview.club_name))

    _finished_problems(known)
    return ImportPreview(tournament_id=tournament.pk, filename=parsed.filename,
                         columns=dict(parsed.columns), ignored=list(parsed.ignored), rows=rows)


def _finished_problems(known: dict[int, tuple[Player, PreviewRow]]) -> None:
    """A warning on each row whose changes move a finished tournament's category (one query
    for the file): the import then needs the organiser's tick."""
    effects = details.finished_effects({
        pk: (details.details_of(player),
             {name: after for name, (_before, after) in preview.changes.items()
              if name != "club"})
        for pk, (player, preview) in known.items()})
    for pk, found in effects.items():
        known[pk][1].problems.extend(
            Problem.of("finished_joins" if e.joins else "finished_leaves",
                       category=e.category, tournament=e.tournament) for e in found)


def _player_label(player: Player) -> str:
    parts = [player.full_name]
    if player.club:
        parts.append(player.club.name)
    if player.registration_number:
        parts.append(player.registration_number)
    return ", ".join(parts)


DETAIL_FIELDS = ("sex", "birth_year", "region")


def _detail_changes(preview: PreviewRow, player: Player, clubs: dict[str, str],
                    new_club_spelling: dict[str, str]) -> None:
    """What the file changes of an existing player: each of sex, year of birth and region the
    file gives (an empty cell changes nothing), and his club when he was found by his
    registration number under another club."""
    checked = preview.checked
    for name in DETAIL_FIELDS:
        value = getattr(checked, name)
        if value not in ("", None) and value != getattr(player, name):
            preview.changes[name] = (getattr(player, name), value)
    stored = player.club.name if player.club else ""
    if checked.club and text_key(checked.club) != text_key(stored):
        key = text_key(checked.club)
        if key in clubs:
            preview.club_name = clubs[key]
        else:
            preview.club_name = new_club_spelling.setdefault(key, checked.club)
            preview.new_club = True
        preview.changes["club"] = (stored, preview.club_name)


def _shown(name: str, value: Any) -> str:
    if value in ("", None):
        return "–"
    return str(Sex(value).label) if name == "sex" else str(value)


def _change_problems(changes: dict[str, tuple[Any, Any]]) -> list[Problem]:
    return [Problem.of("details_change", field=str(FIELD_LABELS[name]),
                       before=_shown(name, before), after=_shown(name, after))
            for name, (before, after) in changes.items()]


def _apply_details(user: Any, player: Player, row: PreviewRow, tournament: Tournament,
                   confirm_finished: bool) -> None:
    """The previewed changes of an existing player's details, written by the one player
    details service (validated as the single player form's, one audit entry)."""
    changes = {name: value for name, (_stored, value) in row.changes.items()}
    if "club" in changes:
        changes["club"] = club_get_or_create(user=user, name=row.club_name)
    details.player_details_update(user=user, player=player, changes=changes,
                                  tournament=tournament, confirm_finished=confirm_finished)


def _first_open_round(tournament: Tournament) -> int:
    """The first round not yet played: where an entry made now starts."""
    fixed = [r.number for r in tournament.rounds.all() if r.is_fixed]
    return max(fixed, default=0) + 1


def import_commit(
    *, user: Any, tournament: Tournament, parsed: ParsedFile,
    status: RegistrationStatus | str = RegistrationStatus.PRESENT,
    fingerprint: str | None = None, confirm_finished: bool = False,
) -> ImportResult:
    """Import the ok rows of ``parsed`` and register them; error rows are skipped.

    With ``fingerprint`` (from the preview the organiser confirmed) the import is refused
    with :class:`ImportChanged` if the preview would now come out differently. Changes of known
    players that move a finished tournament's category results need ``confirm_finished`` (the
    preview's tick), or nothing is imported. Everything is written in one transaction: if any
    write fails, nothing is.
    """
    status = RegistrationStatus(status)
    if status not in IMPORT_STATUSES:
        raise ValidationError({"status": _("Imported players are either registered or "
                                           "present.")})
    with transaction.atomic():
        # Serialise imports into the same tournament (a no-op on SQLite, which locks anyway).
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        refuse_if_finished(tournament)
        preview = import_preview(tournament=tournament, parsed=parsed)
        if fingerprint is not None and preview.fingerprint != fingerprint:
            raise ImportChanged(_(
                "The data changed since the preview (for example someone registered or added "
                "one of these players meanwhile). Nothing was imported; check the updated "
                "preview and confirm again."))
        if preview.finished_rows and not confirm_finished:
            raise ValidationError(_(
                "Some changed details move the results of finished tournaments (see the "
                "preview). Nothing was imported; tick “%(confirm)s” and confirm again.")
                % {"confirm": CONFIRM_LABEL}, code="finished_tournaments")
        result = ImportResult(
            skipped_rows=[r.row for r in preview.skipped],
            error_rows=[r.row for r in preview.errors],
            created_clubs=preview.new_clubs,
        )
        first_round = _first_open_round(tournament)
        existing = Player.objects.select_related("club").in_bulk(
            [r.player_id for r in [*preview.existing_players, *preview.updated_players]])
        for row in preview.updated_players:
            _apply_details(user, existing[row.player_id], row, tournament, confirm_finished)
            result.updated_players += 1
        for row in preview.importable:
            if row.player_id is not None:
                player = existing[row.player_id]
                result.reused_players += 1
            else:
                c = row.checked
                player = player_create(
                    user=user, first_name=c.first_name, last_name=c.last_name,
                    club_name=row.club_name, registration_number=c.registration_number or None,
                    email=c.email, phone=c.phone, sex=c.sex, birth_year=c.birth_year,
                    region=c.region,
                )
                result.created_players += 1
            result.registrations.append(registration_create(
                user=user, tournament=tournament, player=player, status=status,
                seed_rank=row.checked.seed, first_round=first_round,
            ))
        audit_record(
            user=user, action=AuditAction.PLAYERS_IMPORT, obj=tournament, tournament=tournament,
            summary=f"{parsed.filename}: {len(result.registrations)}",
            after={"file": parsed.filename, "status": status.value,
                   "registrations": len(result.registrations),
                   "created_players": result.created_players,
                   "reused_players": result.reused_players,
                   "updated_players": result.updated_players,
                   "created_clubs": result.created_clubs,
                   "skipped_rows": result.skipped_rows, "error_rows": result.error_rows},
        )
    return result
