"""The users an archive names: written out by user name, read back as the local users an
explicit mapping names, else as inactive placeholders (:class:`People`).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from marias_admin.archive.schema import ORDER, PLACEHOLDER, USER_FIELDS
from marias_admin.archive.validation import ArchiveError


def archived_name(user: Any) -> str:
    """The user's name in an archive: a placeholder's archived name, else the user name."""
    name = user.get_username()
    found = PLACEHOLDER.match(name)
    if found and not user.is_active and not user.has_usable_password():
        return found["name"]
    return name


class People:
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


def mapped_users(document: dict[str, Any], role_users: dict[str, str]) -> dict[str, Any]:
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
