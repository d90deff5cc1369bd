"""Sex, year of birth, region and club of many registered players at once: one service.

:func:`players_details_update` writes the rows of the organiser's bulk table in one
transaction: every changed player is validated as the single player form validates him (the
model's own checks), gets one audit entry with before → after, and nothing is written when
any row is wrong or stale. A row carries the version of the details it was loaded with
(:func:`details_version`): a row left as loaded is skipped, whatever happened to the player
meanwhile; a row changed on the page whose player no longer has that version is stale (saving
it would overwrite someone else's change).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core.spreadsheet_import import fingerprint_of
from marias_admin.players.models import Club, Player
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import club_get_or_create

DETAIL_FIELDS = ("sex", "birth_year", "region", "club")
CLUB_MAX_LENGTH = Club._meta.get_field("name").max_length or 120


def details_version(sex: str, birth_year: int | None, region: str, club: str) -> str:
    """A short digest of one row's details: what a row of the bulk table was loaded with."""
    return fingerprint_of([sex, birth_year, region.strip(), " ".join(club.split()).casefold()])[:16]


def player_version(player: Player, club_name: str | None = None) -> str:
    """The version of ``player``'s details as stored (``club_name``: his club's, if known)."""
    if club_name is None:
        club_name = player.club.name if player.club else ""
    return details_version(player.sex, player.birth_year, player.region, club_name)


def _details(player: Player, club_names: dict[int, str]) -> dict[str, Any]:
    """The audit picture of a player's details (the club by its name, never its number)."""
    return {"sex": player.sex, "birth_year": player.birth_year, "region": player.region,
            "club": club_names.get(player.club_id or 0, "")}


@dataclass(frozen=True)
class DetailsRow:
    """One row of the bulk table as the organiser sent it."""

    player_id: int
    version: str
    sex: str = ""
    birth_year: int | None = None
    region: str = ""
    club: str = ""


class DetailsRefused(ValidationError):
    """Nothing was saved: the errors by player id and field, and the stale rows."""

    def __init__(self, row_errors: dict[int, dict[str, list[str]]], stale: list[int]) -> None:
        self.row_errors = row_errors
        self.stale = stale
        if stale:
            message = _("Some players were changed by someone else since you opened this "
                        "page. Nothing was saved; reload the page and make your changes again.")
        else:
            message = _("Nothing was saved: correct the marked rows and save again.")
        super().__init__(message, code="stale" if stale else "invalid")


def _resolve_clubs(user: Any, names: set[str]) -> dict[str, Club | None]:
    """Club by its name as typed (case-insensitive); new names become clubs (audited)."""
    known = {club.name.casefold(): club for club in Club.objects.all()}
    resolved: dict[str, Club | None] = {"": None}
    for name in names - {""}:
        club = known.get(name.casefold())
        resolved[name] = club if club is not None else club_get_or_create(user=user, name=name)
    return resolved


def _row_errors(player: Player, row: DetailsRow) -> dict[str, list[str]]:
    """The single player form's checks (the model's), plus the club name's length."""
    errors: dict[str, list[str]] = {}
    if len(row.club) > CLUB_MAX_LENGTH:
        errors["club"] = [_("At most %(max)s characters.") % {"max": CLUB_MAX_LENGTH}]
    player.sex, player.birth_year, player.region = row.sex, row.birth_year, row.region
    try:
        player.full_clean(exclude=["user", "club", "first_name", "last_name",
                                   "registration_number", "email", "phone"],
                          validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        for name, messages in error.message_dict.items():
            errors.setdefault(name, []).extend(messages)
    return errors


@transaction.atomic
def players_details_update(*, user: Any, tournament: Tournament,
                           rows: list[DetailsRow]) -> list[Player]:
    """Save the rows; the players that changed, each with its audit entry. Raises
    :class:`DetailsRefused` (nothing saved) when a row is wrong or stale, or names a player
    not registered in ``tournament``."""
    ids = [row.player_id for row in rows]
    players = Player.objects.select_for_update().in_bulk(
        Player.objects.filter(pk__in=ids, registrations__tournament=tournament)
        .values_list("pk", flat=True))
    club_names = dict(Club.objects.filter(players__in=list(players.values()))
                      .values_list("pk", "name").distinct())
    row_errors: dict[int, dict[str, list[str]]] = {}
    stale: list[int] = []
    changed: list[tuple[Player, DetailsRow, dict[str, Any]]] = []
    for row in rows:
        row = DetailsRow(row.player_id, row.version, row.sex, row.birth_year, row.region.strip(),
                         " ".join(row.club.split()))
        player = players.get(row.player_id)
        if player is None:
            row_errors[row.player_id] = {"__all__": [
                _("This player is not registered in the tournament.")]}
            continue
        before = _details(player, club_names)
        wanted = details_version(row.sex, row.birth_year, row.region, row.club)
        if wanted in (row.version, details_version(**before)):
            continue  # untouched on the page, or already so
        if details_version(**before) != row.version:
            stale.append(player.pk)  # changed meanwhile, and the page would overwrite it
            continue
        errors = _row_errors(player, row)
        if errors:
            row_errors[player.pk] = errors
            continue
        changed.append((player, row, before))
    if row_errors or stale:
        raise DetailsRefused(row_errors, stale)
    clubs = _resolve_clubs(user, {row.club for _player, row, _before in changed
                                  if row.club.casefold() != _before["club"].casefold()})
    saved: list[Player] = []
    for player, row, before in changed:
        if row.club.casefold() != before["club"].casefold():
            player.club = clubs[row.club]
        player.save(update_fields=list(DETAIL_FIELDS))
        after = {"sex": player.sex, "birth_year": player.birth_year, "region": player.region,
                 "club": player.club.name if player.club else ""}
        audit_record(user=user, action=AuditAction.PLAYER_DETAILS, obj=player,
                     tournament=tournament, summary=player.full_name,
                     before={k: v for k, v in before.items() if after[k] != v},
                     after={k: v for k, v in after.items() if before[k] != v})
        saved.append(player)
    return saved
