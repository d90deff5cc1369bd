"""Message parameters that are words: a name per language, and several names as one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Named:
    """A parameter that has its own name per language (a contract's Czech and English name,
    and a Slovak one where it differs)."""

    cs: str
    en: str
    sk: str | None = None

    def in_language(self, lang: str) -> str:
        if lang == "sk" and self.sk is not None:
            return self.sk
        return self.en if lang == "en" else self.cs

    def __str__(self) -> str:
        return self.cs


_AND = {"cs": " a ", "sk": " a ", "en": " and "}


def named_list(items: list[Named]) -> Named:
    """Several names as one, in each language: "a, b a c" (en "a, b and c")."""

    def joined(lang: str) -> str:
        words = [item.in_language(lang) for item in items]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + _AND[lang] + words[-1]

    return Named(joined("cs"), joined("en"), joined("sk"))
