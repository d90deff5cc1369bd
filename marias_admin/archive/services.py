"""One tournament as a versioned JSON archive, to move it between instances without loss.

Everything the tournament owns goes in: its settings, roles, registrations (with their players
and clubs), rounds, tables, seats, byes, sheets, hands (deleted ones too), rulings and audit
entries.
Seasons and competitions do not: they belong to the instance.

The archive names each object by its own number (1, 2, 3 … per kind, in database order), never
by a database primary key, and keeps every timestamp as it was. Import creates the objects in
archive order, so exporting the imported copy yields the same bytes again; that is how a
transfer is checked. Users are named by user name; players are matched by registration number,
else by name and club, else created (see :func:`import_tournament`).

An archive is input from outside: it is validated whole before anything is written
(:mod:`.validation`), and a user name in it never gives that name's account here anything:
roles are given only through an explicit mapping, and the people in the history become
inactive placeholder accounts unless mapped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from marias_admin.archive import validation
from marias_admin.archive.validation import ArchiveError, load_value
from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.audit.services import audit_record
from marias_admin.players.models import Club, Player
from marias_admin.seating.models import Bye, Round, Seat, SeatLock, Table
from marias_admin.sheets.models import HandRecord, Ruling, SheetWriter, TableSheet
from marias_admin.tournaments.models import Registration, Tournament, TournamentRole

FORMAT = "marias-tournament-archive"
VERSION = 2  # 2: sheet writers and the issue-21 references (authors, waivers, reviews)
READABLE = (1, 2)
IMPORT_ACTION = AuditAction.TOURNAMENT_IMPORT

# Archived kinds under their audit object type (``label_lower``): audit entries point at them.
KINDS = {
    "tournaments.tournament": "tournament",
    "tournaments.tournamentrole": "roles",
    "players.club": "clubs",
    "players.player": "players",
    "tournaments.registration": "registrations",
    "seating.round": "rounds",
    "seating.table": "tables",
    "seating.seat": "seats",
    "seating.bye": "byes",
    "seating.seatlock": "locks",
    "sheets.tablesheet": "sheets",
    "sheets.handrecord": "hands",
    "sheets.ruling": "rulings",
    "sheets.sheetwriter": "writers",
}
# Per model: foreign keys to users (stored as user names) and to archived objects (kind).
USER_FIELDS: dict[type[models.Model], tuple[str, ...]] = {
    TournamentRole: ("user",),
    TableSheet: ("scorekeeper", "submitted_by", "confirmed_by"),
    HandRecord: ("mismatch_accepted_by", "created_by", "deleted_by"),
    Ruling: ("by",),
    SheetWriter: ("user",),
    AuditEntry: ("user",),
}
REF_FIELDS: dict[type[models.Model], dict[str, str]] = {
    Player: {"club": "clubs"},
    Registration: {"player": "players"},
    Table: {"round": "rounds"},
    Seat: {"round": "rounds", "table": "tables", "registration": "registrations"},
    Bye: {"round": "rounds", "registration": "registrations"},
    SeatLock: {"round": "rounds", "registration": "registrations"},
    TableSheet: {"table": "tables", "confirmed_registration": "registrations",
                 "changed_by_ruling": "rulings", "paper_ruling": "rulings"},
    HandRecord: {"sheet": "sheets", "pb_waiver": "rulings",
                 "created_registration": "registrations"},
    Ruling: {"sheet": "sheets", "hand": "hands", "offender": "registrations"},
    SheetWriter: {"sheet": "sheets", "registration": "registrations"},
}
# References to rulings, created after the sheets and hands: set once the rulings exist.
LATER_FIELDS = {TableSheet: ("changed_by_ruling", "paper_ruling"), HandRecord: ("pb_waiver",)}
# The kinds with their models, in import order.
ORDER: list[tuple[str, type[models.Model]]] = [
    ("roles", TournamentRole), ("clubs", Club), ("players", Player),
    ("registrations", Registration), ("rounds", Round), ("tables", Table), ("seats", Seat),
    ("byes", Bye), ("locks", SeatLock), ("sheets", TableSheet), ("hands", HandRecord),
    ("rulings", Ruling),
    ("writers", SheetWriter), ("audit", AuditEntry)]
# A placeholder made for an archived user name taken here by a real account: the archived name
# with this suffix (written back without it on export, so a copy exports the same bytes).
_PLACEHOLDER = re.compile(r"^(?P<name>.+)~archive[0-9]+$", re.DOTALL)
# Not archived: the tournament link (implicit), a player's login (an account of the old
# instance), an audit entry's object id (written as a reference, see _audit_object).
SKIPPED = {"tournament", "user", "object_id"}


# --- values -------------------------------------------------------------------------------

def _plain_fields(model: type[models.Model]) -> list[models.Field]:
    """The model's own columns: no primary key, no relation (those are mapped separately)."""
    return [f for f in model._meta.concrete_fields
            if not f.primary_key and not f.is_relation and f.name not in SKIPPED]


def _dump_value(field: models.Field, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return value.astimezone(UTC).isoformat()
    if isinstance(field, (models.DateField, models.TimeField)):
        return value.isoformat()
    if isinstance(field, models.DecimalField):
        return str(Decimal(value).quantize(Decimal(1).scaleb(-field.decimal_places)))
    return value


# --- export -------------------------------------------------------------------------------

class _Numbering:
    """Archive numbers per kind, from database primary keys."""

    def __init__(self) -> None:
        self.ids: dict[str, dict[Any, int]] = {}

    def number(self, kind: str, objects: list[models.Model]) -> None:
        self.ids[kind] = {obj.pk: i for i, obj in enumerate(objects, start=1)}

    def ref(self, kind: str, pk: Any) -> int | None:
        return None if pk is None else self.ids[kind][pk]


def archived_name(user: Any) -> str:
    """The user's name in an archive: a placeholder's archived name, else the user name."""
    name = user.get_username()
    found = _PLACEHOLDER.match(name)
    if found and not user.is_active and not user.has_usable_password():
        return found["name"]
    return name


def _row(obj: models.Model, numbering: _Numbering, kind: str | None) -> dict[str, Any]:
    model = type(obj)
    row: dict[str, Any] = {f.name: _dump_value(f, getattr(obj, f.attname))
                           for f in _plain_fields(model)}
    if kind is not None:
        row["id"] = numbering.ref(kind, obj.pk)
    for name in USER_FIELDS.get(model, ()):
        user = getattr(obj, name)
        row[name] = archived_name(user) if user is not None else None
    for name, target in REF_FIELDS.get(model, {}).items():
        row[name] = numbering.ref(target, getattr(obj, f"{name}_id"))
    return row


def _audit_object(entry: AuditEntry, numbering: _Numbering) -> tuple[int | None, str]:
    """An audit entry's object: its archive number when archived, else the old id marked
    with "~" (the object is gone or not archived; the mark keeps the old id from ever being
    read as a primary key of the instance that imports it)."""
    kind = KINDS.get(entry.object_type)
    if kind == "tournament":
        return None, ""
    if kind is not None and entry.object_id.isdigit():
        ref = numbering.ids[kind].get(int(entry.object_id))
        if ref is not None:
            return ref, ""
    if entry.object_id == "" or entry.object_id.startswith("~"):
        return None, entry.object_id
    return None, "~" + entry.object_id


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The tournament as an archive document (see :func:`dumps` for its bytes)."""
    numbering = _Numbering()
    roles = sorted(TournamentRole.objects.filter(tournament=tournament).select_related("user"),
                   key=lambda r: (archived_name(r.user), r.role))
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .select_related("player__club").order_by("pk"))
    players = list({r.player_id: r.player for r in registrations}.values())
    clubs = list({p.club_id: p.club for p in players if p.club_id is not None}.values())
    rounds = list(Round.objects.filter(tournament=tournament).order_by("pk"))
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("pk"))
    seats = list(Seat.objects.filter(round__tournament=tournament).order_by("pk"))
    byes = list(Bye.objects.filter(round__tournament=tournament).order_by("pk"))
    locks = list(SeatLock.objects.filter(round__tournament=tournament).order_by("pk"))
    sheets = list(TableSheet.objects.filter(table__round__tournament=tournament)
                  .select_related("scorekeeper", "submitted_by", "confirmed_by").order_by("pk"))
    hands = list(HandRecord.objects.filter(sheet__table__round__tournament=tournament)
                 .select_related("mismatch_accepted_by", "created_by", "deleted_by")
                 .order_by("pk"))
    rulings = list(Ruling.objects.filter(sheet__table__round__tournament=tournament)
                   .select_related("by").order_by("pk"))
    writers = list(SheetWriter.objects.filter(sheet__table__round__tournament=tournament)
                   .select_related("user").order_by("pk"))
    entries = list(AuditEntry.objects.filter(tournament=tournament)
                   .exclude(action=IMPORT_ACTION).select_related("user").order_by("at", "pk"))
    for kind, objects in (("roles", roles), ("clubs", clubs), ("players", players),
                          ("registrations", registrations), ("rounds", rounds),
                          ("tables", tables), ("seats", seats), ("byes", byes),
                          ("locks", locks),
                          ("sheets", sheets),
                          ("hands", hands), ("rulings", rulings), ("writers", writers),
                          ("audit", entries)):
        numbering.number(kind, objects)

    def rows(kind: str, objects: list[models.Model]) -> list[dict[str, Any]]:
        return [_row(obj, numbering, kind) for obj in objects]

    audit = []
    for row, entry in zip(rows("audit", entries), entries, strict=True):
        row["object"], row["object_id"] = _audit_object(entry, numbering)
        audit.append(row)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _row(tournament, numbering, None),
        "roles": rows("roles", roles),
        "clubs": rows("clubs", clubs),
        "players": rows("players", players),
        "registrations": rows("registrations", registrations),
        "rounds": rows("rounds", rounds),
        "tables": rows("tables", tables),
        "seats": rows("seats", seats),
        "byes": rows("byes", byes),
        "locks": rows("locks", locks),
        "sheets": rows("sheets", sheets),
        "hands": rows("hands", hands),
        "rulings": rows("rulings", rulings),
        "writers": rows("writers", writers),
        "audit": audit,
        **_prizes_export(tournament, numbering),
        **_teams_export(tournament, numbering),
    }


def dumps(document: dict[str, Any]) -> str:
    """The archive's bytes: sorted keys, fixed indentation, UTF-8 text, a final newline."""
    return json.dumps(document, sort_keys=True, ensure_ascii=False, indent=1) + "\n"


# --- import -------------------------------------------------------------------------------

@dataclass
class ImportReport:
    """What an import did, for the command's message."""

    tournament: Tournament
    roles_given: int = 0
    roles_skipped: int = 0
    new_users: list[str] = field(default_factory=list)


class _People:
    """The archive's user names as users here.

    A name is never matched to an account here by itself: that would let an archive make the
    local ``admin`` an organiser, or sign another's hands. Names mapped explicitly (the
    ``--role-user`` option) become that local user; every other name becomes an inactive
    placeholder without a usable password, under the archived name when it is free here, else
    under the name with a "~archiveN" suffix (exported without it)."""

    def __init__(self, mapping: dict[str, Any]) -> None:
        self.users: dict[str, Any] = dict(mapping)
        self.created: list[str] = []

    def __call__(self, username: str | None) -> Any:
        if username is None:
            return None
        if username not in self.users:
            User = get_user_model()
            taken = User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": username})
            name, n = username, 0
            while taken.exists():
                n += 1
                name = f"{username[:140]}~archive{n}"
                taken = User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": name})
            placeholder = User(**{User.USERNAME_FIELD: name}, is_active=False)
            placeholder.set_unusable_password()
            placeholder.save()
            self.created.append(name)
            self.users[username] = placeholder
        return self.users[username]


def _mapped_users(document: dict[str, Any], role_users: dict[str, str]) -> dict[str, Any]:
    """The explicit mapping archived name → local user; each name must be in the archive and
    each local user must exist."""
    User = get_user_model()
    named = {row.get(name) for kind, model in ORDER for row in document.get(kind) or []
             if isinstance(row, dict) for name in USER_FIELDS.get(model, ())}
    mapping = {}
    for archived, local in role_users.items():
        if archived not in named:
            raise ArchiveError(_("The archive names no user %(name)s.") % {"name": archived})
        found = User.objects.filter(**{User.USERNAME_FIELD: local}).first()
        if found is None:
            raise ArchiveError(_("There is no user %(name)s.") % {"name": local})
        mapping[archived] = found
    return mapping


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
            for f in _plain_fields(model)}


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


def _create(model: type[models.Model], values: dict[str, Any]) -> models.Model:
    obj = model.objects.create(**values)
    kept = {name: values[name] for name in _KEPT_AFTER_CREATE.get(model, ()) if name in values}
    if kept:
        model.objects.filter(pk=obj.pk).update(**kept)
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
        ref_fields=REF_FIELDS, user_fields=USER_FIELDS, plain_fields=_plain_fields,
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
        validation.check_fields(Tournament, _plain_fields(Tournament), document["tournament"])
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
    people = _People(_mapped_users(document, role_users))
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
            type(obj).objects.filter(pk=obj.pk).update(**links)
    _prizes_import(document, tournament, ids)
    _teams_import(document, tournament, ids)

    for row in document["audit"]:
        object_id = row["object_id"]
        kind = KINDS.get(row["object_type"])
        if kind == "tournament":
            object_id = str(tournament.pk)
        elif row["object"] is not None:
            found = ids[kind].get(row["object"])  # None: a role left out
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

def _prizes_export(tournament: Tournament, numbering: _Numbering) -> dict[str, Any]:
    from marias_admin.prizes.models import Category, Prize, PrizeSettings

    categories = list(Category.objects.filter(tournament=tournament)
                      .prefetch_related("members").order_by("pk"))
    numbering.number("categories", categories)
    settings = PrizeSettings.objects.filter(tournament=tournament).first()
    return {
        "categories": [{**_row(c, numbering, "categories"), "members": sorted(
            numbering.ref("registrations", m.pk) for m in c.members.all())}
            for c in categories],
        "prizes": [{**_row(p, numbering, None),
                    "category": numbering.ref("categories", p.category_id)}
                   for p in Prize.objects.filter(tournament=tournament).order_by("pk")],
        "prize_settings": _row(settings, numbering, None) if settings else None,
    }


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

def _teams_export(tournament: Tournament, numbering: _Numbering) -> dict[str, Any]:
    """The team settings, teams (their club by name: it may be no player's club) and members."""
    from marias_admin.teams.models import Team, TeamMember, TeamSettings

    teams = list(Team.objects.filter(tournament=tournament).select_related("club")
                 .order_by("pk"))
    members = list(TeamMember.objects.filter(team__tournament=tournament).order_by("pk"))
    numbering.number("teams", teams)
    settings = TeamSettings.objects.filter(tournament=tournament).first()
    return {
        "team_settings": _row(settings, numbering, None) if settings else None,
        "teams": [{**_row(t, numbering, "teams"), "club": t.club.name if t.club else None}
                  for t in teams],
        "team_members": [{**_row(m, numbering, None),
                          "team": numbering.ref("teams", m.team_id),
                          "registration": numbering.ref("registrations", m.registration_id)}
                         for m in members],
    }


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
