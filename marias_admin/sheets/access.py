"""Table access without accounts: each table's secret link and PIN, and each player's PIN.

A championship day has 80 tables and no time to make 80 accounts. The printed stolový lístek
carries a QR code with the table's secret link and a short PIN beside it; a phone that opens
the link and types the PIN gets a grant in its session for that table of that round only. The
grant names the link's version: regenerating the link (a lost sheet, a PIN said too loudly)
raises the version and so ends every phone session made under the old one at once. A closed
round ends them too. Links and PINs are issued by the pages that print or list them
(:func:`table_accesses_issue`: one transaction, one audit entry per batch); reading one never
makes it.

Whoever writes is a known person: opening the link asks for the table's PIN *and* who holds
the phone, a seated player proving himself with his own PIN (printed on his player slip,
something only he has, unlike the table's PIN that the whole table saw). The grant stores the
link's version and that registration, and every write from the phone is his ("Novák Jan (PIN)
via the link of table 7"). A confirmation must come from another person: another seated
player's PIN typed on the same phone, handed across the table (the services refuse a writer).

Wrong PINs are throttled per phone (session) and per client address, for the table and for
each player, never per table alone: one person with the QR link cannot lock the others out.
:data:`MAX_FAILURES` in :data:`FAILURE_WINDOW` per key, then that phone or address waits; an
organiser or referee can clear a table's counts (:func:`table_pins_unlock`).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import public_address
from marias_admin.core.auth import client_ip
from marias_admin.seating.models import RoundState, Seat, Table
from marias_admin.sheets.models import PinFailure, SheetWriter, TableAccess, TableSheet
from marias_admin.sheets.selectors import is_referee
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
    kind: str  # "player": the phone's holder, or a player confirming by his PIN
    table_id: int
    registration_id: int | None = None
    account_id: int | None = None  # the player's own login, when he has one
    pk = None
    is_authenticated = False
    is_anonymous = True

    def get_username(self) -> str:
        return self.label


def player_actor(table: Table, registration: Registration) -> LinkActor:
    """A seated player confirming with his own PIN."""
    return LinkActor(label=_("player %(name)s (PIN)") % {"name": registration.player},
                     kind="player", table_id=table.pk, registration_id=registration.pk,
                     account_id=registration.player.user_id)


def link_player_actor(table: Table, registration: Registration) -> LinkActor:
    """The seated player who holds the table's phone: he opened the link with the table's PIN
    and his own, so what the phone writes is his."""
    return LinkActor(label=_("%(name)s (PIN) via the link of table %(number)s")
                     % {"name": registration.player, "number": table.number},
                     kind="player", table_id=table.pk, registration_id=registration.pk,
                     account_id=registration.player.user_id)


def actor_label(user: Any) -> str | None:
    """The name an audit entry gives an author without an account (None for a real user)."""
    return user.label if isinstance(user, LinkActor) else None


# -- who wrote, who may confirm -----------------------------------------------------------------


def sheet_writers(sheet: TableSheet) -> tuple[set[int], set[int]]:
    """(user ids, registration ids) of everyone who wrote on the sheet."""
    users: set[int] = set()
    registrations: set[int] = set()
    if sheet.pk is None:
        return users, registrations
    for user_id, registration_id in SheetWriter.objects.filter(sheet=sheet).values_list(
            "user_id", "registration_id"):
        if user_id is not None:
            users.add(user_id)
        if registration_id is not None:
            registrations.add(registration_id)
    return users, registrations


def is_writer(user: Any, sheet: TableSheet, seats: list[Seat] | None = None) -> bool:
    """Whether ``user`` (a login or a player by his PIN) is one of the sheet's writers: by his
    login, by his registration, or by the login of the player he is."""
    users, registrations = sheet_writers(sheet)
    if isinstance(user, LinkActor):
        return (user.registration_id in registrations
                or (user.account_id is not None and user.account_id in users))
    if not getattr(user, "is_authenticated", False):
        return False
    if user.pk in users:
        return True
    seats = seats if seats is not None else []
    return any(s.registration_id in registrations and s.registration.player.user_id == user.pk
               for s in seats)


def may_confirm(sheet: TableSheet, seats: list[Seat]) -> list[Seat]:
    """The seated players who may confirm with their PIN: nobody who wrote on the sheet."""
    users, registrations = sheet_writers(sheet)
    return [s for s in seats if s.registration_id not in registrations
            and s.registration.player.user_id not in users]


# -- links and PINs ----------------------------------------------------------------------------


def _new_pin(digits: int) -> str:
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def table_accesses(tables: list[Table]) -> dict[int, TableAccess]:
    """Table id → its link, for the tables that have one (a read: nothing is made here). Free
    when the tables were loaded with ``select_related("access")``, else one query."""
    if all(Table.access.is_cached(t) for t in tables):
        cached = [Table.access.related.get_cached_value(t) for t in tables]
        return {a.table_id: a for a in cached if isinstance(a, TableAccess)}  # else None
    return _read(tables)


def _read(tables: list[Table]) -> dict[int, TableAccess]:
    by_pk = {t.pk: t for t in tables}
    found = list(TableAccess.objects.filter(table__in=tables))
    for a in found:
        a.table = by_pk[a.table_id]
    return {a.table_id: a for a in found}


def table_accesses_issue(*, user: Any, tables: list[Table]) -> dict[int, TableAccess]:
    """Table id → its link for ``tables`` (of one round), issuing the missing ones: the link
    and PIN that a printout or the organiser's list shows must exist and be on record, so
    making them is a write with its audit entry, in one batch, never a side effect of a read."""
    links = table_accesses(tables)
    missing = [t for t in tables if t.pk not in links]
    if missing:
        links.update(_issue(user, missing))
    return links


def _issue(user: Any, tables: list[Table]) -> dict[int, TableAccess]:
    """New links for ``tables`` in one transaction with one audit entry (which never records
    the PINs). Two organisers printing the same round at once: the first one's links stand."""
    round_ = tables[0].round
    made = [TableAccess(table=t, token=secrets.token_urlsafe(16), pin=_new_pin(TABLE_PIN_DIGITS))
            for t in tables]
    numbers = sorted(t.number for t in tables)
    try:
        with transaction.atomic():
            TableAccess.objects.bulk_create(made)
            audit_record(user=user, action=AuditAction.TABLE_ACCESS_ISSUE, obj=round_,
                         tournament=round_.tournament, after={"tables": numbers},
                         summary=_("Round %(round)s: table links and PINs issued for tables "
                                   "%(tables)s")
                         % {"round": round_.number,
                            "tables": ", ".join(str(n) for n in numbers)})
    except IntegrityError:  # issued by another request meanwhile: its links stand
        return _read(tables)
    return {a.table_id: a for a in made}


def table_access(table: Table, *, user: Any = None) -> TableAccess:
    """The table's link as stored now (never a copy the table object holds from before a
    regeneration), issued with its audit entry if it has none yet."""
    found = TableAccess.objects.filter(table=table).first()
    return found if found is not None else _issue(user, [table])[table.pk]


@transaction.atomic
def table_access_regenerate(*, user: Any, table: Table) -> TableAccess:
    """A new link and PIN for the table; the old link and every phone it let in stop at once."""
    access = table_access(table, user=user)
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


# -- PINs as typed -----------------------------------------------------------------------------

_ASCII_DIGITS = re.compile(r"[0-9]+")


def pin_digits(value: str) -> str:
    """The PIN as typed, stripped, if it is ASCII digits only; anything else (other scripts'
    digits, letters, a no-break space inside) is a clear error, never a comparison."""
    pin = (value or "").strip()
    if not _ASCII_DIGITS.fullmatch(pin):
        raise ValidationError(_("Type the PIN in the digits 0–9."), code="digits")
    return pin


def _same(typed: str, stored: str) -> bool:
    return bool(stored) and secrets.compare_digest(typed.encode("ascii"), stored.encode("ascii"))


# -- throttling --------------------------------------------------------------------------------


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:16]


def _phone_key(request: HttpRequest) -> str:
    """This phone's session: made now if it has none, so that its failures count for it."""
    session = request.session
    if session.session_key is None:
        session.save()
    return _digest(session.session_key or "")


def throttle_keys(request: HttpRequest, subject: str) -> list[str]:
    """The keys one failure counts under: this phone (session) and this address, for the
    subject (``table:<id>:<version>`` or ``player:<registration id>``). A phone that throws its
    session away each try is still bounded by its address."""
    return [f"{subject}:s:{_phone_key(request)}",
            f"{subject}:a:{_digest(client_ip(request) or '-')}"]


def _throttled(keys: list[str]) -> bool:
    since = timezone.now() - FAILURE_WINDOW
    return any(PinFailure.objects.filter(key=key, at__gte=since).count() >= MAX_FAILURES
               for key in keys)


def _fail(keys: list[str]) -> None:
    PinFailure.objects.filter(at__lt=timezone.now() - FAILURE_WINDOW).delete()
    PinFailure.objects.bulk_create([PinFailure(key=key) for key in keys])


def _too_many() -> ValidationError:
    minutes = int(FAILURE_WINDOW.total_seconds() // 60)
    return ValidationError(
        _("Too many wrong PINs. Wait %(minutes)s minutes, or ask the organiser.")
        % {"minutes": minutes}, code="throttled")


def _failure_filter(table: Table) -> Q:
    players = Seat.objects.filter(table=table).values_list("registration_id", flat=True)
    query = Q(key__startswith=f"table:{table.pk}:")
    for registration_id in players:
        query |= Q(key__startswith=f"player:{registration_id}:")
    return query


def locked_tables(tables: list[Table]) -> dict[int, int]:
    """Table id → its recent wrong PINs (the table's and its players'), for the organiser's
    list of links; tables without any are left out."""
    since = timezone.now() - FAILURE_WINDOW
    keys = list(PinFailure.objects.filter(at__gte=since).values_list("key", flat=True))
    if not keys:
        return {}
    table_of_player = dict(Seat.objects.filter(table__in=tables)
                           .values_list("registration_id", "table_id"))
    ids = {t.pk for t in tables}
    counts: dict[int, int] = {}
    for key in keys:
        kind, _sep, rest = key.partition(":")
        raw = rest.split(":", 1)[0]
        if not raw.isdecimal():
            continue
        table_id = (int(raw) if kind == "table" else table_of_player.get(int(raw))
                    if kind == "player" else None)
        if table_id in ids:
            counts[table_id] = counts.get(table_id, 0) + 1
    return counts


@transaction.atomic
def table_pins_unlock(*, user: Any, table: Table) -> int:
    """Forget the table's wrong PINs and its players' (every phone and address), so that a
    table locked out by someone's guessing can go on; only its organisers and referees."""
    round_ = table.round
    if not is_referee(user, round_.tournament):
        raise ValidationError(_("Only the tournament's organisers and referees can do this."),
                              code="forbidden")
    deleted, _detail = PinFailure.objects.filter(_failure_filter(table)).delete()
    audit_record(user=user, action=AuditAction.TABLE_PIN_UNLOCK, obj=table,
                 tournament=round_.tournament, after={"cleared": deleted},
                 summary=_("Round %(round)s, table %(table)s: wrong PINs cleared")
                 % {"round": round_.number, "table": table.number})
    return deleted


# -- the phone's session -----------------------------------------------------------------------


def access_by_token(token: str) -> TableAccess | None:
    if not token or len(token) > 64:
        return None
    return (TableAccess.objects.select_related("table__round__tournament")
            .filter(token=token).first())


def link_usable(access: TableAccess) -> bool:
    """A link works while its round is being played, never after it is closed."""
    return access.table.round.state != RoundState.CLOSED


def _grant(request: HttpRequest, table: Table) -> dict[str, int] | None:
    session = getattr(request, "session", None)
    if session is None:
        return None
    grant = session.get(SESSION_KEY, {}).get(str(table.pk))
    # A grant without a person (made before phones named their holder) lets nobody in.
    if not isinstance(grant, dict) or not {"version", "registration"} <= grant.keys():
        return None
    return grant


def _seated(seats: list[Seat], registration_id: Any) -> Seat:
    seat = next((s for s in seats if s.registration_id == registration_id), None)
    if seat is None:
        raise ValidationError({"registration": ValidationError(
            _("Choose a player seated at this table."), code="not_seated")})
    return seat


def _check_player(request: HttpRequest, registration: Registration, pin: str) -> None:
    """The player's own PIN, throttled per phone and address for this player."""
    keys = throttle_keys(request, f"player:{registration.pk}")
    if _throttled(keys):
        raise ValidationError({"player_pin": _too_many()})
    if not registration.pin:
        raise ValidationError({"player_pin": ValidationError(
            _("This player has no PIN yet: the organiser prints the player slips."),
            code="no_pin")})
    if not _same(pin, registration.pin):
        _fail(keys)
        raise ValidationError({"player_pin": ValidationError(
            _("Wrong player PIN. It is printed on the player's slip."), code="wrong_pin")})


def open_table(request: HttpRequest, access: TableAccess, pin: str, *, seats: list[Seat],
               registration_id: int | None, player_pin: str) -> LinkActor:
    """Check the table's PIN and the holder's own, and remember in the session that this
    phone writes to the table as him. Wrong PINs count per phone and per address."""
    if not link_usable(access):
        raise ValidationError(_("This round is closed; the table link no longer works."),
                              code="closed")
    pin, player_pin = pin_digits(pin), pin_digits(player_pin)
    keys = throttle_keys(request, f"table:{access.table_id}:{access.version}")
    if _throttled(keys):
        raise _too_many()
    if not _same(pin, access.pin):
        _fail(keys)
        raise ValidationError({"pin": ValidationError(
            _("Wrong PIN. It is printed beside the QR code on the table sheet."),
            code="wrong_pin")})
    registration = _seated(seats, registration_id).registration
    _check_player(request, registration, player_pin)
    grants = dict(request.session.get(SESSION_KEY, {}))
    grants[str(access.table_id)] = {"version": access.version, "registration": registration.pk}
    request.session[SESSION_KEY] = grants
    request.session.cycle_key()
    actor = link_player_actor(access.table, registration)
    # A referee settling a dispute wants to know which phones could write, as whom, and when.
    audit_record(user=request.user, action=AuditAction.TABLE_ACCESS_OPEN, obj=access,
                 tournament=access.table.round.tournament,
                 after={"actor": actor.label, "version": access.version,
                        "registration": registration.pk},
                 summary=_("Round %(round)s, table %(table)s: a phone opened the table link")
                 % {"round": access.table.round.number, "table": access.table.number}
                 + f" · {actor.label}")
    return actor


def leave_table(request: HttpRequest, table: Table) -> None:
    """The holder hands the phone on: his grant goes, and the next player opens the table
    with the table's PIN and his own."""
    grants = dict(request.session.get(SESSION_KEY, {}))
    if grants.pop(str(table.pk), None) is not None:
        request.session[SESSION_KEY] = grants


def has_grant(request: HttpRequest, table: Table) -> bool:
    """Whether this phone opened the table by its current link, as a named player, in a round
    not yet closed."""
    grant = _grant(request, table)
    if grant is None or table.round.state == RoundState.CLOSED:
        return False
    return TableAccess.objects.filter(table=table, version=grant["version"]).exists()


def grant_registration(request: HttpRequest, table: Table) -> int | None:
    """The registration of the player this phone writes as (call after :func:`has_grant`)."""
    grant = _grant(request, table)
    return grant["registration"] if grant is not None else None


def grant_ended(request: HttpRequest, table: Table | None) -> bool:
    """Whether this phone opened the table by a link that no longer lets it in (the link was
    replaced, or the round closed): it is told so, rather than sent to a login page it has no
    use for."""
    session = getattr(request, "session", None)
    if session is None or table is None:
        return False
    return (str(table.pk) in session.get(SESSION_KEY, {})
            and not has_grant(request, table))


def check_player_pin(request: HttpRequest, table: Table, seats: list[Seat],
                     registration_id: int | None, pin: str) -> LinkActor:
    """The seated player the PIN belongs to, as the author of a confirmation; refused when he
    is not at this table, the PIN is wrong, or this phone or address tried too many wrong PINs
    for him. Whether he may confirm (not one of the sheet's writers) is the service's check."""
    registration = _seated(seats, registration_id).registration
    _check_player(request, registration, pin_digits(pin))
    return player_actor(table, registration)
