"""Import: an archive document becomes a tournament here, whole or not at all (the format:
:mod:`.schema`; who the archived users become: :mod:`.people`).

Objects are created in archive order, their archive numbers mapped to the new rows as the pass
goes, so exporting the imported copy yields the same bytes again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import InvalidOperation
from typing import Any, TypeVar, cast

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from marias_admin.archive import validation
from marias_admin.archive.people import People, mapped_users
from marias_admin.archive.schema import (
    FORMAT,
    IMPORT_ACTION,
    KINDS,
    LATER_FIELDS,
    ORDER,
    READABLE,
    REF_FIELDS,
    USER_FIELDS,
    VERSION,
    plain_fields,
)
from marias_admin.archive.validation import ArchiveError, load_value
from marias_admin.audit.models import AuditEntry
from marias_admin.audit.services import audit_record
from marias_admin.players.models import Club, Player
from marias_admin.seating.models import Round
from marias_admin.sheets.models import HandRecord, Ruling, SheetWriter
from marias_admin.tournaments.models import Registration, Tournament, TournamentRole

M = TypeVar("M", bound=models.Model)


@dataclass
class ImportReport:
    """What an import did, for the command's message."""

    tournament: Tournament
    roles_given: int = 0
    roles_skipped: int = 0
    new_users: list[str] = field(default_factory=list)


def _check_document(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(_("This file is not a tournament archive."))
    if document.get("version") not in READABLE:
        raise ArchiveError(_("Archive version %(version)s cannot be read here (this system "
                             "reads version %(supported)s).")
                           % {"version": document.get("version"), "supported": VERSION})
    if not isinstance(document.get("tournament"), dict):
        raise ArchiveError(_("This file is not a tournament archive."))


def _fields(model: type[models.Model], row: dict[str, Any]) -> dict[str, Any]:
    """The row's values; a field added after the archive was written takes its default."""
    return {f.attname: load_value(f, row[f.name]) if f.name in row else f.get_default()
            for f in plain_fields(model)}


# Set by the database on create (auto_now, auto_now_add, the standings lock signal): written
# again afterwards, as archived.
_KEPT_AFTER_CREATE = {
    Tournament: ("created_at", "standings_locked_at"),
    Player: ("created_at",),
    HandRecord: ("created_at", "updated_at"),
    Ruling: ("at",),
    SheetWriter: ("first_at",),
    AuditEntry: ("at",),
}


def _create(model: type[M], values: dict[str, Any]) -> M:
    obj = model._default_manager.create(**values)
    kept = {name: values[name] for name in _KEPT_AFTER_CREATE.get(model, ()) if name in values}
    if kept:
        model._default_manager.filter(pk=obj.pk).update(**kept)
        for name, value in kept.items():
            setattr(obj, name, value)
    return obj


def _match_club(row: dict[str, Any]) -> Club:
    # The database's own lower(), as in the unique constraint (SQLite folds ASCII only).
    found = (Club.objects.filter(name=row["name"]).first()
             or Club.objects.annotate(lname=Lower("name"))
             .filter(lname=Lower(Value(row["name"]))).order_by("pk").first())
    return found or _create(Club, _fields(Club, row))


def _match_player(row: dict[str, Any], club: Club | None) -> tuple[Player, bool]:
    """By registration number, else by name and club (the oldest such player), else new."""
    if row.get("registration_number"):
        found = Player.objects.filter(registration_number=row["registration_number"]).first()
        if found is not None:
            return found, False
    found = (Player.objects.filter(first_name=row["first_name"], last_name=row["last_name"],
                                   club=club).order_by("pk").first())
    if found is not None:
        return found, False
    values = _fields(Player, row)
    values["club_id"] = club.pk if club else None
    player = Player(**values)
    player.full_clean(exclude=["user"])
    return _create(Player, values), True


def _validate(document: dict[str, Any], candidate: Tournament) -> None:
    from marias_admin.prizes.models import Category, Prize, PrizeSettings
    from marias_admin.teams.models import Team, TeamMember, TeamSettings

    validation.validate(
        document, kinds=[*ORDER, ("categories", Category), ("teams", Team)],
        unnumbered=[("prizes", Prize), ("team_members", TeamMember),
                    ("prize_settings", PrizeSettings), ("team_settings", TeamSettings)],
        ref_fields=REF_FIELDS, user_fields=USER_FIELDS, plain_fields=plain_fields,
        tournament=candidate, audit_kinds=KINDS)


def import_tournament(document: Any, *, user: Any = None, rename: str | None = None,
                      role_users: dict[str, str] | None = None) -> Tournament:
    """Create the archived tournament here (see :func:`import_archive`)."""
    return import_archive(document, user=user, rename=rename,
                          role_users=role_users).tournament


def import_archive(document: Any, *, user: Any = None, rename: str | None = None,
                   role_users: dict[str, str] | None = None) -> ImportReport:
    """Create the archived tournament here, in one transaction; nothing is saved on error.

    The whole archive is validated first as typed input (:mod:`.validation`): the first bad
    row is named. Refuses another version and a tournament of the same name and date (unless
    ``rename`` gives a new name). Roles are given only to the local users ``role_users`` maps
    the archived names to (the others are skipped and counted); the other archived users
    become inactive placeholders. Players are matched by registration number, else by name
    and club, else created (with their club, matched by name). Writes the audit entry
    "tournament imported from an archive".
    """
    try:
        _check_document(document)
        with transaction.atomic():
            return _import(document, user=user, rename=rename, role_users=role_users or {})
    except ArchiveError:
        raise
    except ValidationError as exc:
        raise ArchiveError(_("The archive is damaged: %(error)s")
                           % {"error": "; ".join(exc.messages)}) from exc
    except (KeyError, TypeError, ValueError, InvalidOperation, AttributeError,
            IntegrityError, RecursionError) as exc:
        raise ArchiveError(_("The archive is damaged or does not fit this database: "
                             "%(error)s") % {"error": f"{type(exc).__name__}: {exc}"}) from exc


# Above the complexity budget: one pass over the archive's kinds in dependency order, mapping
# ids as it goes, inside one transaction.
def _import(document: dict[str, Any], *, user: Any, rename: str | None,  # noqa: C901
            role_users: dict[str, str]) -> ImportReport:
    ids: dict[str, dict[int, Any]] = {kind: {} for kind in KINDS.values()}

    validation.check_depth(document)
    try:
        validation.check_fields(Tournament, plain_fields(Tournament), document["tournament"])
    except validation.BadRow as exc:
        raise ArchiveError(_("The archive is damaged: %(error)s")
                           % {"error": f"tournament: {exc}"}) from exc
    values = _fields(Tournament, document["tournament"])
    if rename is not None:
        rename = rename.strip()
        if not rename:
            raise ArchiveError(_("The new name is empty."))
        values["name"] = rename
    candidate = Tournament(**values)
    candidate.full_clean()
    _validate(document, candidate)
    if Tournament.objects.filter(name=values["name"], date=values["date"]).exists():
        raise ArchiveError(_("A tournament named “%(name)s” on %(date)s exists "
                             "already; import it under another name (--rename).")
                           % {"name": values["name"], "date": values["date"]})
    people = People(mapped_users(document, role_users))
    tournament = _create(Tournament, values)
    report = ImportReport(tournament)

    for row in document["roles"]:
        if row["user"] not in role_users:
            report.roles_skipped += 1
            continue
        ids["roles"][row["id"]] = _create(TournamentRole, {
            "tournament": tournament, "user": people(row["user"]),
            **_fields(TournamentRole, row)})
        report.roles_given += 1
    for row in document["clubs"]:
        ids["clubs"][row["id"]] = _match_club(row)
    new_players = 0
    for row in document["players"]:
        club = ids["clubs"][row["club"]] if row["club"] is not None else None
        player, new = _match_player(row, club)
        if player in ids["players"].values():
            raise ArchiveError(_("Two archived players are the same player here: %(player)s.")
                               % {"player": player})
        ids["players"][row["id"]] = player
        new_players += new

    def refs(model: type[models.Model], row: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in USER_FIELDS.get(model, ()):
            out[name] = people(row.get(name))
        for name, kind in REF_FIELDS.get(model, {}).items():
            ref = row.get(name)  # a reference added after the archive was written: none
            later = name in LATER_FIELDS.get(model, ())
            out[name] = ids[kind][ref] if ref is not None and not later else None
        return out

    later: list[tuple[models.Model, dict[str, Any]]] = []
    for kind, model in ORDER[3:-1]:
        own = model in (Registration, Round)
        for row in document.get(kind) or []:
            # Byes (křížový, a field not divisible by four), locked seats and writers came
            # after the first archives.
            values = {**_fields(model, row), **refs(model, row)}
            if own:
                values["tournament"] = tournament
            obj = ids[kind][row["id"]] = _create(model, values)
            if model in LATER_FIELDS:
                later.append((obj, row))
    for obj, row in later:  # the rulings exist now
        links = {name: ids["rulings"][row[name]] for name in LATER_FIELDS[type(obj)]
                 if row.get(name) is not None}
        if links:
            type(obj)._default_manager.filter(pk=obj.pk).update(**links)
    _prizes_import(document, tournament, ids)
    _teams_import(document, tournament, ids)

    for row in document["audit"]:
        object_id = row["object_id"]
        object_kind = KINDS.get(row["object_type"])
        if object_kind == "tournament":
            object_id = str(tournament.pk)
        elif row["object"] is not None:
            # An archived kind: validation refuses an object number of any other type.
            found = ids[cast(str, object_kind)].get(row["object"])  # None: a role left out
            object_id = str(found.pk) if found is not None else "~"
        _create(AuditEntry, {"tournament": tournament, **_fields(AuditEntry, row),
                             "object_id": object_id, **refs(AuditEntry, row)})

    report.new_users = sorted(people.created)
    audit_record(
        user=user, action=IMPORT_ACTION, obj=tournament, tournament=tournament,
        summary=_("tournament imported from an archive"),
        after={"name": tournament.name, "date": tournament.date.isoformat(),
               "archived_name": document["tournament"]["name"],
               "registrations": len(document["registrations"]),
               "hands": len(document["hands"]), "new_players": new_players,
               "new_users": report.new_users, "roles_given": report.roles_given,
               "roles_skipped": report.roles_skipped},
    )
    return report




# --- categories and prizes (optional keys: archives written before them have none) ---------

def _prizes_import(document: dict[str, Any], tournament: Tournament,
                   ids: dict[str, dict[int, Any]]) -> None:
    from marias_admin.prizes.models import Category, Prize, PrizeSettings

    categories: dict[int, Category] = {}
    for row in document.get("categories", []):
        category = _create(Category, {**_fields(Category, row), "tournament": tournament})
        category.members.set([ids["registrations"][ref] for ref in row["members"]])
        categories[row["id"]] = category
    for row in document.get("prizes", []):
        _create(Prize, {**_fields(Prize, row), "tournament": tournament,
                        "category": categories[row["category"]]
                        if row["category"] is not None else None})
    if document.get("prize_settings"):
        _create(PrizeSettings, {**_fields(PrizeSettings, document["prize_settings"]),
                                "tournament": tournament})




# --- teams (optional keys: archives written before them have none) ----------------------------

def _teams_import(document: dict[str, Any], tournament: Tournament,
                  ids: dict[str, dict[int, Any]]) -> None:
    from marias_admin.teams.models import Team, TeamMember, TeamSettings

    if document.get("team_settings"):
        _create(TeamSettings, {**_fields(TeamSettings, document["team_settings"]),
                               "tournament": tournament})
    teams: dict[int, Team] = {}
    for row in document.get("teams", []):
        values = {**_fields(Team, row), "tournament": tournament,
                  "club": _match_club({"name": row["club"]}) if row["club"] else None}
        team = _create(Team, values)
        Team.objects.filter(pk=team.pk).update(created_at=values["created_at"])
        teams[row["id"]] = team
    for row in document.get("team_members", []):
        _create(TeamMember, {**_fields(TeamMember, row), "team": teams[row["team"]],
                             "registration": ids["registrations"][row["registration"]]})
