"""The federation's member list for a season, imported from xlsx or csv with a preview.

The file is read by the player import's reader (``players.import_grid.read_grid``: the size
and shape limits, xlsx or csv by content) and its header matching
(``players.import_headers``), with the member list's own columns added: dues paid, licence,
disqualified. A member is found by his registration number, the only identity a federation's
list and this site share; a row whose number matches no player, or says something unreadable,
is refused with its row number and the rest can still be imported.

The preview writes nothing and carries a fingerprint of what the confirmation would do; the
confirmation recomputes it and refuses a stale one (the list or the players changed in
between). Importing the same file twice changes nothing the second time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import pagecache
from marias_admin.core.spreadsheet_import import ImportFileError, KeptFile
from marias_admin.players.import_grid import HEADER_SEARCH_ROWS, read_grid
from marias_admin.players.import_headers import map_header, normalise_header
from marias_admin.players.models import Club, Player
from marias_admin.players.registration_numbers import registration_number_key
from marias_admin.seasons.models import Membership
from marias_admin.seasons.ranking_services import apply_membership, membership_picture
from marias_admin.seasons.services import SEASONS_SCOPE

# The member list's own columns (compared after normalise_header).
MEMBER_ALIASES: dict[str, tuple[str, ...]] = {
    "paid": ("zaplaceno", "zaplatene", "prispevek", "clensky prispevek", "prispevok",
             "clensky prispevok", "prispevek zaplacen", "paid", "dues", "dues paid"),
    "licence": ("licence", "licencia", "cislo licence", "cislo licencie", "license",
                "licence number", "license number"),
    "disqualified": ("diskvalifikace", "diskvalifikacia", "diskvalifikovan",
                     "diskvalifikovany", "disqualified", "disqualification"),
}
_MEMBER_FIELDS = {alias: name for name, aliases in MEMBER_ALIASES.items() for alias in aliases}
YES = {"ano", "áno", "a", "yes", "y", "1", "x", "true", "zaplaceno", "zaplatené", "paid"}
NO = {"", "ne", "nie", "n", "no", "0", "false"}
# A longer licence would fail the whole confirmation (Membership.full_clean) without its row.
LICENCE_MAX: int = Membership._meta.get_field("licence").max_length or 40


@dataclass
class MemberRow:
    row: int  # as in the spreadsheet
    registration_number: str
    name: str = ""
    club: str = ""
    paid: str = ""
    licence: str = ""
    disqualified: str = ""


@dataclass
class MemberFile(KeptFile):
    """The member list as read, kept in the session between preview and confirm."""

    columns: dict[str, str]  # field → the header text
    rows: list[MemberRow]
    row_type = MemberRow


def _header(cells: list[str]) -> dict[int, str]:
    by_index, _headers, _ignored = map_header(cells)
    for index, text in enumerate(cells):
        name = _MEMBER_FIELDS.get(normalise_header(text))
        if name is not None and name not in by_index.values():
            by_index[index] = name
    return by_index


def read_members(filename: str, data: bytes) -> MemberFile:
    """The member list's rows; :class:`ImportFileError` when no header names the
    registration number column."""
    lines = read_grid(filename, data)
    position = next((i for i, (_number, cells) in enumerate(lines[:HEADER_SEARCH_ROWS])
                     if "registration_number" in _header(cells).values()), None)
    if position is None:
        raise ImportFileError(_("No column of the file is headed as the registration "
                                "number (for example “Registrační číslo”)."))
    by_index = _header(lines[position][1])
    columns = {name: lines[position][1][index] for index, name in by_index.items()}
    rows = []
    for number, cells in lines[position + 1:]:
        values = {name: cells[index].strip() if index < len(cells) else ""
                  for index, name in by_index.items()}
        if not any(values.values()):
            continue
        name = values.get("full_name") or " ".join(
            v for v in (values.get("first_name"), values.get("last_name")) if v) or (
            values.get("full_name_reversed", ""))
        rows.append(MemberRow(number, values.get("registration_number", ""), name,
                              values.get("club", ""), values.get("paid", ""),
                              values.get("licence", ""), values.get("disqualified", "")))
    return MemberFile(columns, rows)


def _yes(text: str) -> bool | None:
    value = text.strip().casefold()
    return True if value in YES else False if value in NO else None


class MemberStatus(models.TextChoices):
    """What confirming the preview does with a row of the list."""

    NEW = "new", gettext_lazy("new member")
    CHANGED = "changed", gettext_lazy("changed")
    SAME = "same", gettext_lazy("unchanged")
    ERROR = "error", gettext_lazy("error")


@dataclass
class PreviewLine:
    row: MemberRow
    status: MemberStatus
    message: str = ""
    player: int | None = None
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class MembershipPreview:
    season: str
    lines: list[PreviewLine]
    fingerprint: str

    @property
    def importable(self) -> list[PreviewLine]:
        return [line for line in self.lines
                if line.status in (MemberStatus.NEW, MemberStatus.CHANGED)]

    @property
    def errors(self) -> list[PreviewLine]:
        return [line for line in self.lines if line.status == MemberStatus.ERROR]


def membership_preview(season: str, parsed: MemberFile) -> MembershipPreview:
    """What importing ``parsed`` into ``season`` would do, row by row. Writes nothing."""
    season = season.strip()
    keys = {registration_number_key(r.registration_number): r for r in parsed.rows
            if r.registration_number}
    players = {registration_number_key(p.registration_number or ""): p
               for p in Player.objects.filter(registration_number__isnull=False)
               if registration_number_key(p.registration_number or "") in keys}
    clubs = {c.name.casefold(): c for c in Club.objects.all()}
    current = {m.player_id: m for m in Membership.objects.filter(
        season=season, player__in=list(players.values()))}
    seen: set[str] = set()
    lines = []
    for row in parsed.rows:
        key = registration_number_key(row.registration_number)
        paid, disqualified = _yes(row.paid), _yes(row.disqualified)
        club = clubs.get(row.club.strip().casefold()) if row.club.strip() else None
        error = (_("no registration number") if not key else
                 _("the registration number is listed twice") if key in seen else
                 _("no player has this registration number") if key not in players else
                 _("“%(value)s” is neither yes nor no") % {"value": row.paid}
                 if paid is None else
                 _("“%(value)s” is neither yes nor no") % {"value": row.disqualified}
                 if disqualified is None else
                 _("no club of this name") if row.club.strip() and club is None else
                 _("the licence is longer than %(max)s characters") % {"max": LICENCE_MAX}
                 if len(row.licence.strip()) > LICENCE_MAX else "")
        seen.add(key)
        if error:
            lines.append(PreviewLine(row, MemberStatus.ERROR, error))
            continue
        player = players[key]
        values = {"paid": paid, "club": club.pk if club else None,
                  "licence": row.licence.strip(), "disqualified": disqualified}
        before = current.get(player.pk)
        status = (MemberStatus.NEW if before is None else
                  MemberStatus.SAME if {k: membership_picture(before)[k] for k in values}
                  == values else MemberStatus.CHANGED)
        lines.append(PreviewLine(row, status, "", player.pk, values))
    plan = [(line.row.row, line.status, line.player, line.values) for line in lines]
    fingerprint = hashlib.sha256(json.dumps([season, plan], sort_keys=True, default=str)
                                 .encode()).hexdigest()[:24]
    return MembershipPreview(season, lines, fingerprint)


def membership_import(*, user: Any, season: str, parsed: MemberFile,
                      fingerprint: str) -> MembershipPreview:
    """Write the previewed rows (new and changed; errors left out), one audit entry."""
    if not season.strip():
        raise ValidationError({"season": _("The season must not be empty.")})
    with transaction.atomic():
        preview = membership_preview(season, parsed)
        if preview.fingerprint != fingerprint:
            raise ValidationError(_("The member list or the players changed since the "
                                    "preview; look at the preview again."), code="stale")
        players = Player.objects.in_bulk([line.player for line in preview.importable])
        clubs = Club.objects.in_bulk([line.values["club"] for line in preview.importable
                                      if line.values["club"]])
        written = []
        for line in preview.importable:
            values = line.values
            written.append(apply_membership(
                preview.season, players[line.player], paid=values["paid"],
                club=clubs.get(values["club"]), licence=values["licence"],
                disqualified=values["disqualified"])[0])
        if not written:  # the same file again: nothing to write, nothing to record
            return preview
        audit_record(user=user, action=AuditAction.MEMBERSHIP_IMPORT,
                     obj=written[0], summary=f"{preview.season}: {len(written)}",
                     after={"season": preview.season,
                            "new": sum(1 for ln in preview.lines if ln.status == "new"),
                            "changed": sum(1 for ln in preview.lines if ln.status == "changed"),
                            "errors": [ln.row.row for ln in preview.errors]})
        pagecache.bump(SEASONS_SCOPE)
    return preview
