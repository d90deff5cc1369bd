"""Logins for a tournament's scorekeepers and referees, made by its organiser.

The morning of a tournament has no time for the Django admin: the organiser types a name on
the tournament's team page and hands over the login and password it gets.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.tournaments.models import Role, Tournament

STAFF_ROLES = (Role.SCOREKEEPER, Role.REFEREE)


def _free_username(base: str) -> str:
    """``novak``, else ``novak2``, ``novak3`` …: a login name nobody has yet."""
    taken = set(get_user_model().objects.filter(username__istartswith=base)
                .values_list("username", flat=True))
    taken = {name.lower() for name in taken}
    if base.lower() not in taken:
        return base
    return next(f"{base}{n}" for n in range(2, len(taken) + 3) if f"{base}{n}".lower() not in taken)


def _login_base(first_name: str, last_name: str) -> str:
    folded = unicodedata.normalize("NFKD", f"{first_name[:1]}{last_name}")
    ascii_only = "".join(c for c in folded if c.isascii() and c.isalnum()).lower()
    return ascii_only[:30] or "zapisovatel"


@transaction.atomic
def staff_login_create(*, user: Any, tournament: Tournament, first_name: str, last_name: str,
                       role: Role) -> tuple[Any, str]:
    """A scorekeeper's or referee's login made by the organiser on the tournament's team page,
    with its role: no trip to the Django admin on the morning of the tournament.

    Returns the new user and the generated password, shown once to the organiser to hand over
    (the audit entry records the login, never the password).
    """
    role = Role(role)
    if role not in STAFF_ROLES:
        raise ValidationError({"role": _("Logins made here are for scorekeepers and referees; "
                                         "grant the organiser role to an existing user.")},
                              code="role")
    first_name, last_name = first_name.strip(), last_name.strip()
    if not last_name:
        raise ValidationError({"last_name": _("Enter the surname.")}, code="required")
    password = secrets.token_urlsafe(9)
    member = get_user_model()(username=_free_username(_login_base(first_name, last_name)),
                              first_name=first_name[:150], last_name=last_name[:150])
    member.set_password(password)
    member.full_clean()
    member.save()
    # the one way a role is granted (its own audit entry); imported here because services
    # re-exports this module's names
    from marias_admin.tournaments.services import role_grant

    grant = role_grant(user=user, tournament=tournament, member=member, role=role)
    audit_record(user=user, action=AuditAction.ROLE_LOGIN_CREATE, obj=grant, tournament=tournament,
                 after={"user": member.username, "name": f"{first_name} {last_name}".strip(),
                        "role": role.value},
                 summary=_("Login %(login)s made for %(name)s (%(role)s)")
                 % {"login": member.username, "name": f"{first_name} {last_name}".strip(),
                    "role": role.label})
    return member, password
