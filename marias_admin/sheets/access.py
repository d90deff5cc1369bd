"""Table access without accounts: each table's secret link and PIN, and each player's PIN.

A championship day has 80 tables and no time to make 80 accounts. The printed stolový lístek
carries a QR code with the table's secret link and a short PIN beside it; a phone that opens
the link and types the PIN gets a grant in its session for that table of that round only. The
grant names the link's version: regenerating the link (a lost sheet, a PIN said too loudly)
raises the version and so ends every phone session made under the old one at once. A closed
round ends them too.

A player confirms the sheet without an account with his own PIN (printed on his player slip):
something only he has, unlike the table's PIN that the whole table saw. The table's phone is
the submitter of what it submits, so a confirmation must come from one of the seated players.

Wrong PINs are throttled: :data:`MAX_FAILURES` per table (or per player) in
:data:`FAILURE_WINDOW`, then the phone must wait.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import public_address
from marias_admin.seating.models import RoundState, Seat, Table
from marias_admin.sheets.models import PinFailure, TableAccess
from marias_admin.tournaments.models import Registration, Tournament

TABLE_PIN_DIGITS = 5
PLAYER_PIN_DIGITS = 4
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=10)
SESSION_KEY = "table_grants"


# -- who wrote: actors without an account ------------------------------------------------------


@dataclass(frozen=True)
class LinkActor:
    """The author of a write made without an account. Services treat it as "no user" for
    their user columns (``is_authenticated`` is False) and name it in the audit entry."""

    label: str
    kind: str  # "table" or "player"
    table_id: int
    registration_id: int | None = None
    account_id: int | None = None  # the player's own login, when he has one
    pk = None
    is_authenticated = False
    is_anonymous = True

    def get_username(self) -> str:
        return self.label


def table_actor(table: Table) -> LinkActor:
    return LinkActor(label=_("table %(number)s (link)") % {"number": table.number},
                     kind="table", table_id=table.pk)


def player_actor(table: Table, registration: Registration) -> LinkActor:
    return LinkActor(label=_("player %(name)s (PIN)") % {"name": registration.player},
                     kind="player", table_id=table.pk, registration_id=registration.pk,
                     account_id=registration.player.user_id)


def actor_label(user: Any) -> str | None:
    """The name an audit entry gives an author without an account (None for a real user)."""
    return user.label if isinstance(user, LinkActor) else None


# -- links and PINs ----------------------------------------------------------------------------


def _new_pin(digits: int) -> str:
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def table_access(table: Table) -> TableAccess:
    """The table's link, made on first need (printing, the round page, the organiser)."""
    access = TableAccess.objects.filter(table=table).first()
    if access is not None:
        return access
    access, _created = TableAccess.objects.get_or_create(
        table=table, defaults={"token": secrets.token_urlsafe(16),
                               "pin": _new_pin(TABLE_PIN_DIGITS)})
    return access


def table_accesses(tables: list[Table]) -> dict[int, TableAccess]:
    """Table id → its link, making the missing ones (three queries whatever the number of
    tables; one when all exist)."""
    found = {a.table_id: a for a in TableAccess.objects.filter(table__in=tables)}
    by_pk = {t.pk: t for t in tables}
    missing = [TableAccess(table=t, token=secrets.token_urlsafe(16), pin=_new_pin(TABLE_PIN_DIGITS))
               for t in tables if t.pk not in found]
    if missing:
        TableAccess.objects.bulk_create(missing, ignore_conflicts=True)
        found = {a.table_id: a for a in TableAccess.objects.filter(table__in=tables)}
    for a in found.values():
        a.table = by_pk[a.table_id]
    return found


def round_accesses(round_: Any) -> dict[int, TableAccess]:
    """Table number → its link for every table of the round: one query once they exist, the
    missing ones made on the way (first print of the round: three more)."""
    found = {a.table.number: a for a in
             TableAccess.objects.filter(table__round=round_).select_related("table")}
    missing = list(Table.objects.filter(round=round_).exclude(number__in=list(found)))
    if missing:
        TableAccess.objects.bulk_create(
            [TableAccess(table=t, token=secrets.token_urlsafe(16), pin=_new_pin(TABLE_PIN_DIGITS))
             for t in missing], ignore_conflicts=True)
        found = {a.table.number: a for a in
                 TableAccess.objects.filter(table__round=round_).select_related("table")}
    for a in found.values():
        a.table.round = round_
    return found


@transaction.atomic
def table_access_regenerate(*, user: Any, table: Table) -> TableAccess:
    """A new link and PIN for the table; the old link and every phone it let in stop at once."""
    access = table_access(table)
    access = TableAccess.objects.select_for_update().get(pk=access.pk)
    access.token = secrets.token_urlsafe(16)
    access.pin = _new_pin(TABLE_PIN_DIGITS)
    access.version += 1
    access.save()
    round_ = table.round
    audit_record(user=user, action=AuditAction.TABLE_ACCESS_REGENERATE, obj=access,
                 tournament=round_.tournament, after={"version": access.version},
                 summary=_("Round %(round)s, table %(table)s: new access link and PIN")
                 % {"round": round_.number, "table": table.number})
    return access


def table_link_path(access: TableAccess) -> str:
    return reverse("sheets:table_link", args=(access.token,))


def absolute_url(request: HttpRequest | None, path: str) -> str:
    """A link phones can open: the public address when one is configured, never the host the
    organiser's own browser happened to use (127.0.0.1 on the laptop). The address is read
    once per request, however many links a printout builds."""
    base = public_address.effective(request).url
    return base + path if base else path


@transaction.atomic
def player_pins(*, user: Any, tournament: Tournament) -> int:
    """Give every registration of the tournament without a PIN one (issued lazily: a PIN is
    needed only once slips are printed, and a late entry gets his with the next print).
    Returns how many were issued; the audit entry records the count, never the PINs."""
    missing = list(Registration.objects.select_for_update()
                   .filter(tournament=tournament, pin=""))
    for registration in missing:
        registration.pin = _new_pin(PLAYER_PIN_DIGITS)
    Registration.objects.bulk_update(missing, ["pin"])
    if missing:
        audit_record(user=user, action=AuditAction.REGISTRATION_PINS, obj=tournament,
                     tournament=tournament, after={"issued": len(missing)},
                     summary=_("Player PINs issued: %(count)s") % {"count": len(missing)})
    return len(missing)


# -- throttling --------------------------------------------------------------------------------


def _throttled(key: str) -> bool:
    since = timezone.now() - FAILURE_WINDOW
    return PinFailure.objects.filter(key=key, at__gte=since).count() >= MAX_FAILURES


def _fail(key: str) -> None:
    PinFailure.objects.filter(at__lt=timezone.now() - FAILURE_WINDOW).delete()
    PinFailure.objects.create(key=key)


def _too_many() -> ValidationError:
    minutes = int(FAILURE_WINDOW.total_seconds() // 60)
    return ValidationError(
        _("Too many wrong PINs. Wait %(minutes)s minutes, or ask the organiser.")
        % {"minutes": minutes}, code="throttled")


# -- the phone's session -----------------------------------------------------------------------


def access_by_token(token: str) -> TableAccess | None:
    if not token or len(token) > 64:
        return None
    return (TableAccess.objects.select_related("table__round__tournament")
            .filter(token=token).first())


def link_usable(access: TableAccess) -> bool:
    """A link works while its round is being played, never after it is closed."""
    return access.table.round.state != RoundState.CLOSED


def open_table(request: HttpRequest, access: TableAccess, pin: str) -> None:
    """Check the table's PIN and remember in the session that this phone may write to the
    table; wrong PINs count toward the throttle (per table)."""
    if not link_usable(access):
        raise ValidationError(_("This round is closed; the table link no longer works."),
                              code="closed")
    key = f"table:{access.table_id}:{access.version}"  # a new link starts afresh
    if _throttled(key):
        raise _too_many()
    if not secrets.compare_digest(pin.strip(), access.pin):
        _fail(key)
        raise ValidationError(_("Wrong PIN. It is printed beside the QR code on the table "
                                "sheet."), code="wrong_pin")
    grants = dict(request.session.get(SESSION_KEY, {}))
    grants[str(access.table_id)] = access.version
    request.session[SESSION_KEY] = grants
    request.session.cycle_key()
    # A referee settling a dispute wants to know which phones could write, and when.
    label = table_actor(access.table).label
    audit_record(user=request.user, action=AuditAction.TABLE_ACCESS_OPEN, obj=access,
                 tournament=access.table.round.tournament,
                 after={"actor": label, "version": access.version},
                 summary=_("Round %(round)s, table %(table)s: a phone opened the table link")
                 % {"round": access.table.round.number, "table": access.table.number})


def has_grant(request: HttpRequest, table: Table) -> bool:
    """Whether this phone opened the table by its current link, in a round not yet closed."""
    session = getattr(request, "session", None)
    if session is None:
        return False
    version = session.get(SESSION_KEY, {}).get(str(table.pk))
    if version is None:
        return False
    if table.round.state == RoundState.CLOSED:
        return False
    return TableAccess.objects.filter(table=table, version=version).exists()


def grant_ended(request: HttpRequest, table: Table | None) -> bool:
    """Whether this phone opened the table by a link that no longer lets it in (the link was
    replaced, or the round closed): it is told so, rather than sent to a login page it has no
    use for."""
    session = getattr(request, "session", None)
    if session is None or table is None:
        return False
    return (str(table.pk) in session.get(SESSION_KEY, {})
            and not has_grant(request, table))


def check_player_pin(table: Table, seats: list[Seat], registration_id: int | None,
                     pin: str) -> LinkActor:
    """The seated player the PIN belongs to, as the author of a confirmation; refused when he
    is not at this table, the PIN is wrong, or too many wrong PINs were tried for him."""
    seat = next((s for s in seats if s.registration_id == registration_id), None)
    if seat is None:
        raise ValidationError(_("Choose a player seated at this table."), code="not_seated")
    registration = seat.registration
    key = f"player:{registration.pk}"
    if _throttled(key):
        raise _too_many()
    if not registration.pin or not secrets.compare_digest(pin.strip(), registration.pin):
        _fail(key)
        raise ValidationError(_("Wrong player PIN. It is printed on the player's slip."),
                              code="wrong_pin")
    return player_actor(table, registration)
