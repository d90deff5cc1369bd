"""What a tournament archive holds and how its rows name each other (the export and the import
read these tables; see :mod:`.exporting` and :mod:`.importing`).

Everything the tournament owns goes in: its settings, roles, registrations (with their players
and clubs), rounds, tables, seats, byes, sheets, hands (deleted ones too), rulings and audit
entries.
Seasons and competitions do not: they belong to the instance.

The archive names each object by its own number (1, 2, 3 … per kind, in database order), never
by a database primary key, and keeps every timestamp as it was. Import creates the objects in
archive order, so exporting the imported copy yields the same bytes again; that is how a
transfer is checked. Users are named by user name (see :mod:`.people`); players are matched by
registration number, else by name and club, else created (see
:func:`.importing.import_tournament`).

An archive is input from outside: it is validated whole before anything is written
(:mod:`.validation`), and a user name in it never gives that name's account here anything:
roles are given only through an explicit mapping, and the people in the history become
inactive placeholder accounts unless mapped.
"""

from __future__ import annotations

import re

from django.db import models

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Club, Player
from marias_admin.seating.models import Bye, Round, Seat, SeatLock, Table
from marias_admin.sheets.models import HandRecord, Ruling, SheetWriter, TableSheet
from marias_admin.tournaments.models import Registration, TournamentRole

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
PLACEHOLDER = re.compile(r"^(?P<name>.+)~archive[0-9]+$", re.DOTALL)
# Not archived: the tournament link (implicit), a player's login (an account of the old
# instance), an audit entry's object id (written as a reference, see
# :func:`.exporting.export_tournament`).
SKIPPED = {"tournament", "user", "object_id"}


def plain_fields(model: type[models.Model]) -> list[models.Field]:
    """The model's own columns: no primary key, no relation (those are mapped separately)."""
    return [f for f in model._meta.concrete_fields
            if not f.primary_key and not f.is_relation and f.name not in SKIPPED]
