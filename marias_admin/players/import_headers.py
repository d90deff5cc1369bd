"""Which column of a player list holds which field, told by its header text.

Pure, and shared by every reader: a header is matched case-, diacritics- and
punctuation-insensitively against the spellings organisers use in Czech, Slovak and English,
so that the csv reader can also use it to tell which delimiter makes sense of a file.
"""

from __future__ import annotations

import re
import unicodedata

# Header spellings, compared after normalise_header(): lower case, no diacritics, runs of
# anything but letters and digits turned into one space.
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "last_name": ("prijmeni", "priezvisko", "last name", "lastname", "surname", "family name"),
    "first_name": ("jmeno", "meno", "first name", "firstname", "given name", "krestni jmeno",
                   "krstne meno"),
    "full_name": ("jmeno a prijmeni", "meno a priezvisko", "jmeno prijmeni", "meno priezvisko",
                  "cele jmeno", "cele meno", "name", "full name", "player", "hrac"),
    "full_name_reversed": ("prijmeni a jmeno", "priezvisko a meno", "prijmeni jmeno",
                           "priezvisko meno", "last name first name"),
    "club": ("klub", "club", "oddil", "oddiel"),
    "registration_number": ("registracni cislo", "registracne cislo", "reg c", "reg cislo",
                            "cislo", "number", "registration number", "reg no",
                            "reg number", "registration no", "cislo registrace"),
    "email": ("e mail", "email", "mail"),
    "phone": ("telefon", "phone", "tel", "mobil", "mobile", "telephone", "telefonni cislo",
              "telefonne cislo"),
    "seed": ("nasazeni", "nasadenie", "seed", "seeding", "seed rank", "seeding rank"),
    "sex": ("pohlavi", "pohlavie", "sex", "gender", "m z", "z m"),
    "birth_year": ("rok narozeni", "rok narodenia", "birth year", "year of birth", "narozen",
                   "narodeny", "rocnik", "datum narozeni", "datum narodenia", "date of birth",
                   "born"),
    "region": ("kraj", "region", "okres", "district"),
}
_ALIAS_TO_FIELD = {alias: name for name, aliases in HEADER_ALIASES.items() for alias in aliases}
NAME_FIELDS = ("last_name", "first_name", "full_name", "full_name_reversed")


def strip_diacritics(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalise_header(text: str) -> str:
    plain = strip_diacritics(text).casefold()
    return re.sub(r"[^0-9a-z]+", " ", plain).strip()


def match_header(text: str) -> str | None:
    """The field a header names, or None (case-, diacritics- and punctuation-insensitive)."""
    key = normalise_header(text)
    if not key:
        return None
    return _ALIAS_TO_FIELD.get(key)


def map_header(cells: list[str]) -> tuple[dict[int, str], dict[str, str], list[str]]:
    """(column index -> field, field -> header text, ignored header texts)."""
    by_index: dict[int, str] = {}
    headers: dict[str, str] = {}
    ignored: list[str] = []
    for index, text in enumerate(cells):
        if not text:
            continue
        name = match_header(text)
        if name is None or name in headers:
            ignored.append(text)
            continue
        by_index[index] = name
        headers[name] = text
    # A lone "jméno"/"meno"/"first name" column without a surname column holds whole names.
    if "first_name" in headers and "last_name" not in headers and not (
            {"full_name", "full_name_reversed"} & headers.keys()):
        index = next(i for i, n in by_index.items() if n == "first_name")
        by_index[index] = "full_name"
        headers["full_name"] = headers.pop("first_name")
    return by_index, headers, ignored
