"""What the standings pages ask of the prizes app above this one (its categories).

Provided by the prizes app in ``PrizesConfig.ready`` (see :mod:`marias_admin.core.probes`), so
that the standings import no app above them.
"""

from __future__ import annotations

from typing import Any

from marias_admin.core.probes import Probe
from marias_admin.tournaments.models import Tournament

#: The tournament's categories as (id, name), in their order: the filter of the standings page.
category_links: Probe[[Tournament], list[tuple[int, str]]] = Probe("standings.category_links")

#: (category name, the standings table of its players with places renumbered), or None when
#: the tournament has no such category. Arguments: tournament, category id, explain_up_to.
category_table: Probe[[Tournament, int, int | None], tuple[str, Any] | None] = Probe(
    "standings.category_table")

#: The categories the player (registration id) belongs to: dicts of "category" (with
#: ``pk``, ``name``), "rank" (None before a result) and "count".
player_categories: Probe[[Tournament, int], list[dict[str, Any]]] = Probe(
    "standings.player_categories")
