"""Czech and Slovak prepositions that change with the spoken number after them.

"v 1. kole" but "ve 2. kole": Czech says ``ve`` where the next word, as spoken, begins with v, f
or a hard cluster; before a number that word is the ordinal: druhém, třetím, čtvrtém,
dvanáctém, třináctém, čtrnáctém, dvacátém …, třicátém …, čtyřicátém …, stém, dvoustém ….
Slovak says ``vo`` only before štvrtom (4.) and its kin (vo štvrtom, vo štyridsiatom …).
A page offers the two forms as two messages (the longer one with the context "ve/vo before the
number") and takes the one :func:`long_in` chooses for the number in the active language.
"""

from __future__ import annotations

from django.utils import translation

# Czech ordinals (locative) whose first spoken word takes "ve".
_CS_UNITS_VE = frozenset({2, 3, 4, 12, 13, 14})
_CS_TENS_VE = frozenset({2, 3, 4})  # dvacátém, třicátém, čtyřicátém
_CS_HUNDREDS_VE = frozenset({1, 2, 3, 4})  # stém, dvoustém, třístém, čtyřstém


def _czech_ve(number: int) -> bool:
    if number >= 1000:
        return number // 1000 in _CS_UNITS_VE  # dvoutisícím …
    if number >= 100:
        return number // 100 in _CS_HUNDREDS_VE
    if number >= 20:
        return number // 10 in _CS_TENS_VE
    return number in _CS_UNITS_VE


def _slovak_vo(number: int) -> bool:
    if number >= 100:
        return number // 100 == 4  # štyristom
    if number >= 20:
        return number // 10 == 4  # štyridsiatom
    return number == 4  # štvrtom (štrnástom takes "v")


def long_in(number: object, language: str | None = None) -> bool:
    """Whether "in" before the ordinal ``number`` is the long form: Czech "ve", Slovak "vo"
    (English and anything that is not a positive number: no)."""
    try:
        value = int(str(number))
    except (TypeError, ValueError):
        return False
    if value <= 0:
        return False
    code = (language or translation.get_language() or "").split("-")[0]
    if code == "cs":
        return _czech_ve(value)
    if code == "sk":
        return _slovak_vo(value)
    return False
