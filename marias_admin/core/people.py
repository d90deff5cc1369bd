"""People on screen: how a user account is named, and sentences about a person that agree with
the person's grammatical gender.

Czech and Slovak inflect a past participle or an adjective by the person it is about
("přihlášen" / "přihlášena", "umístěný" / "umístěná", "Vyhrál" / "Vyhrála"). A player's sex
is known when the organiser entered it (``Player.sex``: "female", "male" or empty); where it is
not, the sentence takes a neutral form that needs no gender.

The three forms are separate messages, so that each language writes each form its own way: the
caller passes them already translated, e.g.::

    by_sex(player.sex,
           female=pgettext("female", "%(player)s registered."),
           male=_("%(player)s registered."),
           neutral=pgettext("sex unknown", "%(player)s registered."))

(the male form keeps the context-free message it always had; English reads the same three
times). Core sits below the players app, so the sex comes in as its stored text.
"""

from __future__ import annotations

from typing import Any, TypeVar

NOTHING = "–"
FEMALE = "female"  # players.models.Sex.FEMALE
MALE = "male"  # players.models.Sex.MALE

Text = TypeVar("Text")


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


def by_sex(sex: str | None, *, female: Text, male: Text, neutral: Text) -> Text:
    """The form of a sentence that fits a person of ``sex`` (neutral where it is unknown)."""
    if sex == FEMALE:
        return female
    if sex == MALE:
        return male
    return neutral
