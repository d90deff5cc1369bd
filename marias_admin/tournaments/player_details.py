"""Sex, year of birth, region and club of many registered players at once.

:func:`players_details_update` checks the rows of the organiser's bulk table and writes each
changed player through the one player details service
(:func:`marias_admin.players.details.player_details_update`: the model's own checks, one audit
entry with before → after), all in one transaction: nothing is written when any row is wrong
or stale. A row carries the version of the details it was loaded with
(:func:`details_version`): a row left as loaded is skipped, whatever happened to the player
meanwhile; a row changed on the page whose player no longer has that version is stale (saving
it would overwrite someone else's change). A change that moves a finished tournament's
category results is refused, with what it would move by row, until the organiser ticks the
confirmation (``confirm_finished``; see :mod:`marias_admin.players.details` for why).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.core.spreadsheet_import import fingerprint_of
from marias_admin.players import details
from marias_admin.players.models import Club, Player
from marias_admin.players.probes import FinishedEffect
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import club_get_or_create

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
    """Nothing was saved: the errors by player id and field, the stale rows, and the rows
    whose change moves finished tournaments' categories (player id → what it moves), which
    need the confirmation."""

    def __init__(self, row_errors: dict[int, dict[str, list[str]]], stale: list[int],
                 finished: dict[int, list[FinishedEffect]] | None = None) -> None:
        self.row_errors = row_errors
        self.stale = stale
        self.finished = finished or {}
        if stale:
            message = _("Some players were changed by someone else since you opened this "
                        "page. Nothing was saved; reload the page and make your changes again.")
            code = "stale"
        elif row_errors:
            message = _("Nothing was saved: correct the marked rows and save again.")
            code = "invalid"
        else:
            message = _("Nothing was saved: the marked rows change the results of finished "
                        "tournaments. Tick the confirmation below and save again.")
            code = "finished_tournaments"
        super().__init__(message, code=code)


def _resolve_clubs(user: Any, names: set[str]) -> dict[str, Club | None]:
    """Club by its name as typed (case-insensitive); new names become clubs (audited)."""
    known = {club.name.casefold(): club for club in Club.objects.all()}
    resolved: dict[str, Club | None] = {"": None}
    for name in names - {""}:
        club = known.get(name.casefold())
        resolved[name] = club if club is not None else club_get_or_create(user=user, name=name)
    return resolved


def _row_errors(player: Player, row: DetailsRow) -> dict[str, list[str]]:
    """The single player form's checks (the model's, on a copy: the service checks them again
    when it writes), plus the club name's length."""
    errors: dict[str, list[str]] = {}
    if len(row.club) > CLUB_MAX_LENGTH:
        errors["club"] = [_("At most %(max)s characters.") % {"max": CLUB_MAX_LENGTH}]
    probe = Player(first_name=player.first_name, last_name=player.last_name, sex=row.sex,
                   birth_year=row.birth_year, region=row.region)
    try:
        probe.full_clean(exclude=["user", "club", "first_name", "last_name",
                                  "registration_number", "email", "phone"],
                         validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        for name, messages in error.message_dict.items():
            errors.setdefault(name, []).extend(messages)
    return errors


@transaction.atomic
def players_details_update(*, user: Any, tournament: Tournament, rows: list[DetailsRow],
                           confirm_finished: bool = False) -> list[Player]:
    """Save the rows; the players that changed, each with its audit entry. Raises
    :class:`DetailsRefused` (nothing saved) when a row is wrong or stale, names a player not
    registered in ``tournament``, or moves a finished tournament's categories without
    ``confirm_finished``."""
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
    finished = details.finished_effects({
        player.pk: (before, {"sex": row.sex, "birth_year": row.birth_year,
                             "region": row.region})
        for player, row, before in changed})
    if finished and not confirm_finished:
        raise DetailsRefused({}, [], finished)
    clubs = _resolve_clubs(user, {row.club for _player, row, _before in changed
                                  if row.club.casefold() != _before["club"].casefold()})
    saved: list[Player] = []
    for player, row, before in changed:
        wanted_details: dict[str, Any] = {"sex": row.sex, "birth_year": row.birth_year,
                                          "region": row.region}
        if row.club.casefold() != before["club"].casefold():
            wanted_details["club"] = clubs[row.club]
        saved.append(details.player_details_update(
            user=user, player=player, changes=wanted_details, tournament=tournament,
            confirm_finished=confirm_finished))
    return saved
