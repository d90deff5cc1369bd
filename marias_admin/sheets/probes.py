"""What the sheets ask of the standings above them, answered without importing them.

Provided in ``StandingsConfig.ready`` (see :mod:`marias_admin.core.probes`).
"""

from __future__ import annotations

from typing import Any

from marias_admin.core.probes import Probe
from marias_admin.tournaments.models import Tournament

#: Registration id → the player's line in the tournament standings exactly as the standings
#: page computes it from the confirmed sheets: "place" (shared rank), "bp", "sb", "zb", "pb"
#: (plain decimal strings) and "shown" (the same as the page shows them). Players without a
#: counted result are left out. A ruling on a handed-in sheet shows the referee, before it is
#: saved, how these move (``sheets.services.ruling_preview``).
standings_lines: Probe[[Tournament], dict[int, dict[str, Any]]] = Probe(
    "sheets.standings_lines")
