"""What the tournament pages and services ask of the seating app above this one.

Provided by the seating app in ``SeatingConfig.ready`` (see :mod:`marias_admin.core.probes`),
so that tournaments import no app above them.
"""

from __future__ import annotations

from marias_admin.core.probes import Probe
from marias_admin.tournaments.models import Registration, Tournament

#: Seated rounds, not yet played, whose seating no longer matches the registrations.
stale_rounds: Probe[[Tournament], list[int]] = Probe("tournaments.stale_rounds")

#: Open (not played) rounds from ``from_round`` on where this entry has a seat.
seated_rounds_with: Probe[[Registration, int], list[int]] = Probe(
    "tournaments.seated_rounds_with")

#: Make the tournament's rounds match ``rounds_planned``: add the missing ones, drop unseated
#: surplus ones (after the tournament is created or changed, in the same transaction).
sync_rounds: Probe[[Tournament], None] = Probe("tournaments.sync_rounds")
