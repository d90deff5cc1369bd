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
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.audit.services import audit_record
from marias_admin.players.models import Club, Player
from marias_admin.seating.models import Bye, Round, Seat, Table
from marias_admin.sheets.models import HandRecord, Ruling, TableSheet
from marias_admin.tournaments.models import Registration, Tournament, TournamentRole

FORMAT = "marias-tournament-archive"
VERSION = 1
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
    "sheets.tablesheet": "sheets",
    "sheets.handrecord": "hands",
    "sheets.ruling": "rulings",
}
# Per model: foreign keys to users (stored as user names) and to archived objects (kind).
USER_FIELDS: dict[type[models.Model], tuple[str, ...]] = {
    TournamentRole: ("user",),
    TableSheet: ("scorekeeper", "submitted_by", "confirmed_by"),
    HandRecord: ("mismatch_accepted_by", "created_by", "deleted_by"),
    Ruling: ("by",),
    AuditEntry: ("user",),
}
REF_FIELDS: dict[type[models.Model], dict[str, str]] = {
    Player: {"club": "clubs"},
    Registration: {"player": "players"},
    Table: {"round": "rounds"},
    Seat: {"round": "rounds", "table": "tables", "registration": "registrations"},
    Bye: {"round": "rounds", "registration": "registrations"},
    TableSheet: {"table": "tables"},
    HandRecord: {"sheet": "sheets"},
    Ruling: {"sheet": "sheets", "hand": "hands", "offender": "registrations"},
}
# Not archived: the tournament link (implicit), a player's login (an account of the old
# instance), an audit entry's object id (written as a reference, see _audit_object).
SKIPPED = {"tournament", "user", "object_id"}


class ArchiveError(Exception):
    """An archive that cannot be imported (or a tournament that cannot be exported)."""


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


def _load_value(field: models.Field, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        parsed = datetime.fromisoformat(value)
        if parsed.tzinfo is None:
            raise ValueError(value)
        return parsed
    if isinstance(field, models.DateField):
        return date.fromisoformat(value)
    if isinstance(field, models.TimeField):
        return time.fromisoformat(value)
    if isinstance(field, models.DecimalField):
        return Decimal(value)
    if isinstance(field, (models.IntegerField, models.BooleanField)) and not isinstance(
            value, (int, bool)):
        raise ValueError(f"{field.name}: {value!r}")
    if isinstance(field, (models.CharField, models.TextField)) and not isinstance(value, str):
        raise ValueError(f"{field.name}: {value!r}")
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


def _row(obj: models.Model, numbering: _Numbering, kind: str | None) -> dict[str, Any]:
    model = type(obj)
    row: dict[str, Any] = {f.name: _dump_value(f, getattr(obj, f.attname))
                           for f in _plain_fields(model)}
    if kind is not None:
        row["id"] = numbering.ref(kind, obj.pk)
    for name in USER_FIELDS.get(model, ()):
        user = getattr(obj, name)
        row[name] = user.get_username() if user is not None else None
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
                   key=lambda r: (r.user.get_username(), r.role))
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .select_related("player__club").order_by("pk"))
    players = list({r.player_id: r.player for r in registrations}.values())
    clubs = list({p.club_id: p.club for p in players if p.club_id is not None}.values())
    rounds = list(Round.objects.filter(tournament=tournament).order_by("pk"))
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("pk"))
    seats = list(Seat.objects.filter(round__tournament=tournament).order_by("pk"))
    byes = list(Bye.objects.filter(round__tournament=tournament).order_by("pk"))
    sheets = list(TableSheet.objects.filter(table__round__tournament=tournament)
                  .select_related("scorekeeper", "submitted_by", "confirmed_by").order_by("pk"))
    hands = list(HandRecord.objects.filter(sheet__table__round__tournament=tournament)
                 .select_related("mismatch_accepted_by", "created_by", "deleted_by")
                 .order_by("pk"))
    rulings = list(Ruling.objects.filter(sheet__table__round__tournament=tournament)
                   .select_related("by").order_by("pk"))
    entries = list(AuditEntry.objects.filter(tournament=tournament)
                   .exclude(action=IMPORT_ACTION).select_related("user").order_by("at", "pk"))
    for kind, objects in (("roles", roles), ("clubs", clubs), ("players", players),
                          ("registrations", registrations), ("rounds", rounds),
                          ("tables", tables), ("seats", seats), ("byes", byes),
                          ("sheets", sheets),
                          ("hands", hands), ("rulings", rulings), ("audit", entries)):
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
        "sheets": rows("sheets", sheets),
        "hands": rows("hands", hands),
        "rulings": rows("rulings", rulings),
        "audit": audit,
        **_prizes_export(tournament, numbering),
        **_teams_export(tournament, numbering),
    }


def dumps(document: dict[str, Any]) -> str:
    """The archive's bytes: sorted keys, fixed indentation, UTF-8 text, a final newline."""
    return json.dumps(document, sort_keys=True, ensure_ascii=False, indent=1) + "\n"


# --- import -------------------------------------------------------------------------------

def _user(username: str | None, cache: dict[str, Any], created: list[str]) -> Any:
    """The user of that name; a missing one is created inactive with no usable password, so
    the history keeps its name and nobody can log in as it until an admin decides."""
    if username is None:
        return None
    if username not in cache:
        User = get_user_model()
        found = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if found is None:
            found = User(**{User.USERNAME_FIELD: username}, is_active=False)
            found.set_unusable_password()
            found.save()
            created.append(username)
        cache[username] = found
    return cache[username]


def _check_document(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(_("This file is not a tournament archive."))
    if document.get("version") != VERSION:
        raise ArchiveError(_("Archive version %(version)s cannot be read here (this system "
                             "reads version %(supported)s).")
                           % {"version": document.get("version"), "supported": VERSION})
    for hand in document.get("hands", []):
        money = [hand.get(f"money_{seat}") for seat in range(1, 5)]
        if any(v is not None and not isinstance(v, int) for v in money) or \
                sum(v or 0 for v in money) != 0:
            raise ArchiveError(_("Hand %(number)s of sheet %(sheet)s does not sum to zero: "
                                 "the archive is damaged.")
                               % {"number": hand.get("number"), "sheet": hand.get("sheet")})


def _fields(model: type[models.Model], row: dict[str, Any]) -> dict[str, Any]:
    """The row's values; a field added after the archive was written takes its default."""
    return {f.attname: _load_value(f, row[f.name]) if f.name in row else f.get_default()
            for f in _plain_fields(model)}


# Set by the database on create (auto_now, auto_now_add, the standings lock signal): written
# again afterwards, as archived.
_KEPT_AFTER_CREATE = {
    Tournament: ("created_at", "standings_locked_at"),
    Player: ("created_at",),
    HandRecord: ("created_at", "updated_at"),
    Ruling: ("at",),
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


def import_tournament(document: Any, *, user: Any = None, rename: str | None = None
                      ) -> Tournament:
    """Create the archived tournament here, in one transaction; nothing is saved on error.

    Refuses another version, a hand that does not sum to zero and a tournament of the same
    name and date (unless ``rename`` gives a new name). Users missing here are created
    inactive without a password; players are matched by registration number, else by name
    and club, else created (with their club, matched by name). Writes the audit entry
    "tournament imported from an archive".
    """
    try:
        _check_document(document)
        with transaction.atomic():
            return _import(document, user=user, rename=rename)
    except ArchiveError:
        raise
    except ValidationError as exc:
        raise ArchiveError(_("The archive is damaged: %(error)s")
                           % {"error": "; ".join(exc.messages)}) from exc
    except (KeyError, TypeError, ValueError, InvalidOperation, AttributeError,
            IntegrityError) as exc:
        raise ArchiveError(_("The archive is damaged or does not fit this database: "
                             "%(error)s") % {"error": f"{type(exc).__name__}: {exc}"}) from exc


def _import(document: dict[str, Any], *, user: Any, rename: str | None) -> Tournament:
    users: dict[str, Any] = {}
    created_users: list[str] = []
    ids: dict[str, dict[int, Any]] = {kind: {} for kind in KINDS.values()}

    values = _fields(Tournament, document["tournament"])
    if rename is not None:
        rename = rename.strip()
        if not rename:
            raise ArchiveError(_("The new name is empty."))
        values["name"] = rename
    if Tournament.objects.filter(name=values["name"], date=values["date"]).exists():
        raise ArchiveError(_("A tournament named “%(name)s” on %(date)s exists "
                             "already; import it under another name (--rename).")
                           % {"name": values["name"], "date": values["date"]})
    candidate = Tournament(**values)
    candidate.full_clean()
    tournament = _create(Tournament, values)

    for row in document["roles"]:
        ids["roles"][row["id"]] = _create(TournamentRole, {
            "tournament": tournament, "user": _user(row["user"], users, created_users),
            **_fields(TournamentRole, row)})
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
            out[name] = _user(row[name], users, created_users)
        for name, kind in REF_FIELDS.get(model, {}).items():
            out[name] = ids[kind][row[name]] if row[name] is not None else None
        return out

    for kind, model, own in (("registrations", Registration, True), ("rounds", Round, True),
                             ("tables", Table, False), ("seats", Seat, False),
                             ("byes", Bye, False), ("sheets", TableSheet, False),
                             ("hands", HandRecord, False), ("rulings", Ruling, False)):
        for row in document.get(kind, []) if kind == "byes" else document[kind]:
            # Byes (křížový, a field not divisible by four) came after the first archives.
            values = {**_fields(model, row), **refs(model, row)}
            if own:
                values["tournament"] = tournament
            ids[kind][row["id"]] = _create(model, values)
    _prizes_import(document, tournament, ids)
    _teams_import(document, tournament, ids)

    for row in document["audit"]:
        object_id = row["object_id"]
        kind = KINDS.get(row["object_type"])
        if kind == "tournament":
            object_id = str(tournament.pk)
        elif row["object"] is not None:
            if kind is None:
                raise ValueError(row["object_type"])
            object_id = str(ids[kind][row["object"]].pk)
        _create(AuditEntry, {"tournament": tournament, **_fields(AuditEntry, row),
                             "object_id": object_id, **refs(AuditEntry, row)})

    audit_record(
        user=user, action=IMPORT_ACTION, obj=tournament, tournament=tournament,
        summary=_("tournament imported from an archive"),
        after={"name": tournament.name, "date": tournament.date.isoformat(),
               "archived_name": document["tournament"]["name"],
               "registrations": len(document["registrations"]),
               "hands": len(document["hands"]), "new_players": new_players,
               "new_users": sorted(created_users)},
    )
    return tournament


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
