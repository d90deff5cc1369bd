"""The catalogue itself: every engine message by its stable code, rendered in a language.

The engine has no Django, so it cannot use gettext catalogues; the web layer shows these texts
in the user's language (Slovak falls back to Czech where an entry has no Slovak text).
The texts are registered by their rule area (:mod:`scoring.messages`) and by the modules that
own their codes (the shorthand parser, the PB tables, …) through :func:`register`.
"""

from __future__ import annotations

from typing import Any

FALLBACK = {"sk": "cs"}

MESSAGES: dict[str, dict[str, str]] = {}


def render(message_code: str, lang: str = "cs", /, **params: Any) -> str:
    """The message of ``message_code`` in ``lang`` (Czech when the language has no text)."""
    texts = MESSAGES.get(message_code)
    if texts is None:
        return message_code
    text = texts.get(lang) or texts.get(FALLBACK.get(lang, "cs")) or texts["cs"]
    # Named texts and amounts (scoring.formatting.Money) read in the message's language.
    values = {k: v.in_language(lang) if hasattr(v, "in_language") else v
              for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def register(messages: dict[str, dict[str, str]]) -> None:
    """Add a module's own codes (the shorthand parser, the PB tables) to the catalogue."""
    clash = set(messages) & set(MESSAGES)
    if clash:
        raise ValueError(f"message codes defined twice: {sorted(clash)}")
    MESSAGES.update(messages)
