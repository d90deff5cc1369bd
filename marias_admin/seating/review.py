"""What the round page and its control room ask about tables a referee's ruling changed.

Declared here (seating) and provided in ``StandingsConfig.ready``: the standings decide which
results count, so they say which tables a ruling took out of them (see
:mod:`marias_admin.core.probes`).
"""

from __future__ import annotations

from typing import Any

from marias_admin.core.probes import Probe
from marias_admin.seating.models import Round

#: Table number → {"ruling": ruling id, "kind": label, "by": referee, "under_review": bool}
#: for each table of the round whose confirmed amounts a ruling changed: under review while
#: the sheet (sent back) is not confirmed again, else "changed by ruling N".
tables_changed_by_rulings: Probe[[Round], dict[int, dict[str, Any]]] = Probe(
    "seating.tables_changed_by_rulings")
