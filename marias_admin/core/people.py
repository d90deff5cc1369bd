"""How a user account is named on screen."""

from __future__ import annotations

from typing import Any

NOTHING = "–"


def person_name(user: Any) -> str:
    """A user as people know him: the full name when set, else the login name (once, not
    "rozhodci1 rozhodci1" when both names repeat the login)."""
    if user is None:
        return NOTHING
    full = (user.get_full_name() or "").strip()
    first, last = (user.first_name or "").strip(), (user.last_name or "").strip()
    if full and not (first == last == user.get_username()):
        return full
    return user.get_username()
