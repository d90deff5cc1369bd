"""Export: one tournament as an archive document and its bytes (the format: :mod:`.schema`).

Rows name each other by archive number, never by primary key, and keep every timestamp as it
was, so exporting an imported copy yields the same bytes again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC
from decimal import Decimal
from typing import Any

from django.db import models

from marias_admin.archive.people import archived_name
from marias_admin.archive.schema import (
    FORMAT,
    IMPORT_ACTION,
    KINDS,
    REF_FIELDS,
    USER_FIELDS,
    VERSION,
    plain_fields,
)
from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Bye, Round, Seat, SeatLock, Table
from marias_admin.sheets.models import HandRecord, Ruling, SheetWriter, TableSheet
from marias_admin.tournaments.models import Registration, Tournament, TournamentRole


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


class _Numbering:
    """Archive numbers per kind, from database primary keys."""

    def __init__(self) -> None:
        self.ids: dict[str, dict[Any, int]] = {}

    def number(self, kind: str, objects: Sequence[models.Model]) -> None:
        self.ids[kind] = {obj.pk: i for i, obj in enumerate(objects, start=1)}

    def ref(self, kind: str, pk: Any) -> int | None:
        return None if pk is None else self.ids[kind][pk]


def _row(obj: models.Model, numbering: _Numbering, kind: str | None) -> dict[str, Any]:
    model = type(obj)
    row: dict[str, Any] = {f.name: _dump_value(f, getattr(obj, f.attname))
                           for f in plain_fields(model)}
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
    clubs = list({p.club_id: p.club for p in players if p.club is not None}.values())
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
    kinds: tuple[tuple[str, Sequence[models.Model]], ...] = (
        ("roles", roles), ("clubs", clubs), ("players", players),
        ("registrations", registrations), ("rounds", rounds),
        ("tables", tables), ("seats", seats), ("byes", byes),
        ("locks", locks),
        ("sheets", sheets),
        ("hands", hands), ("rulings", rulings), ("writers", writers),
        ("audit", entries))
    for kind, objects in kinds:
        numbering.number(kind, objects)

    def rows(kind: str, objects: Sequence[models.Model]) -> list[dict[str, Any]]:
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
