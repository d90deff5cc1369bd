"""What seating asks of the apps above it (sheets, standings), answered without importing them.

Provided in ``SheetsConfig.ready`` and ``StandingsConfig.ready`` (see
:mod:`marias_admin.core.probes`).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from marias_admin.core.probes import Probe
from marias_admin.seating.models import Round, Table
from marias_admin.tournaments.models import Tournament

#: Round number → numbers of those tables whose sheet holds anything entered (sheets).
tables_with_results: Probe[[QuerySet[Table]], dict[int, list[int]]] = Probe(
    "seating.tables_with_results")

#: Numbers of the round's tables whose sheet is not confirmed, or was never opened (sheets).
unconfirmed_tables: Probe[[Round], list[int]] = Probe("seating.unconfirmed_tables")

#: Every table of the round with its sheet's progress, for the control room (sheets).
round_table_statuses: Probe[[Round], list[Any]] = Probe("seating.round_table_statuses")

#: Confirm the submitted sheet of the round's table ``number`` as ``user`` from the control
#: room, through the sheets' audited service (raises ValidationError, SheetConflict) (sheets).
confirm_table: Probe[[Any, Round, int, int | None], None] = Probe("seating.confirm_table")

#: Open the sheet of the round's table ``number`` again (``reason`` required) as ``user`` from
#: the control room, through the sheets' audited service (raises ValidationError) (sheets).
reopen_table: Probe[[Any, Round, int, str], None] = Probe("seating.reopen_table")

#: Delete the round's (empty) table sheets before its tables are replaced (sheets).
delete_round_sheets: Probe[[Round], None] = Probe("seating.delete_round_sheets")

#: Player ids, best first, by the confirmed results of the rounds before round ``number``
#: (standings; the SZMK plan seats rounds 4-6 by them).
standings_order: Probe[[Tournament, int], list[int]] = Probe("seating.standings_order")

#: Registration id → team id for every entry on a team of the tournament (teams; the seating
#: keeps team members apart, ``Tournament.team_separation``). Entries on no team are left out.
team_groups: Probe[[Tournament], dict[int, int]] = Probe("seating.team_groups")
