"""Message catalogue of the rules engine: stable code → sentence in Czech, Slovak and English.

The engine has no Django, so it cannot use gettext catalogues; the web layer shows these texts
in the user's language (Slovak falls back to Czech where an entry has no Slovak text).

One module per rule area holds its texts (``contract``, ``play``, ``premium``, ``json_input``,
``explanation``, ``szmk``, ``partnerships``, ``standings``), registered here in that order;
``catalogue`` holds the catalogue with :func:`render` and :func:`register`, ``named`` the
parameters that are words (:class:`Named`). Callers import from ``scoring.messages``.
"""

from __future__ import annotations

from scoring.messages import (
    contract,
    explanation,
    json_input,
    partnerships,
    play,
    premium,
    standings,
    szmk,
)
from scoring.messages.catalogue import FALLBACK, MESSAGES, register, render
from scoring.messages.named import Named, named_list

for _area in (contract, play, premium, json_input, explanation, szmk, partnerships, standings):
    register(_area.TEXTS)

__all__ = ["FALLBACK", "MESSAGES", "Named", "named_list", "register", "render"]
