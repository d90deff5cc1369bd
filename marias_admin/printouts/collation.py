"""Alphabetical order as Czech and Slovak readers expect it on a list of names.

Python's default order puts every accented letter after z (Šťastná after Zeman, Čermák after
Zeman). In Czech č, ř, š, ž and the digraph ch are letters of their own (ch after h), the other
accents only break ties; Slovak has ä, č, ô, š, ž and ch as letters of their own (the ICU
rules). No ICU dependency for one list: this small key is enough for names.
"""

from __future__ import annotations

import unicodedata

_ALPHABETS = {
    "cs": "a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž",
    "sk": "a ä b c č d e f g h ch i j k l m n o ô p q r s š t u v w x y z ž",
}
_WEIGHTS = {lang: {letter: i for i, letter in enumerate(alpha.split())}
            for lang, alpha in _ALPHABETS.items()}


def _strip_accents(letter: str) -> str:
    decomposed = unicodedata.normalize("NFD", letter)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _tokens(text: str) -> list[str]:
    """Letters of ``text`` in lower case, with "ch" as one token."""
    text = unicodedata.normalize("NFC", text.lower())
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("ch", i):
            out.append("ch")
            i += 2
        else:
            out.append(text[i])
            i += 1
    return out


def sort_key(text: str, language: str = "cs") -> tuple[tuple[tuple[int, int], ...], str, str]:
    """Primary: letters of the alphabet; then accents (Novak < Novák); then case."""
    weights = _WEIGHTS.get(language, _WEIGHTS["cs"])
    primary = []
    for token in _tokens(text):
        if token in weights:
            primary.append((1, weights[token]))
        elif _strip_accents(token) in weights:
            primary.append((1, weights[_strip_accents(token)]))
        elif token.isalnum():  # letters of other alphabets, digits: after ours
            primary.append((2, ord(token)))
        # spaces, hyphens and apostrophes are ignored at the first level
    return tuple(primary), _strip_accents(text.lower()) + "\x00" + text.lower(), text
