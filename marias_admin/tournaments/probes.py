"""What the tournament pages and services ask of the seating app above this one.

Provided by the seating app in ``SeatingConfig.ready`` (see :mod:`marias_admin.core.probes`),
so that tournaments import no app above them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

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


@dataclass(frozen=True)
class OpenRound:
    """A round not closed, as the finish page lists it."""

    number: int
    state: str  # the round's state (its code: the token compares it)
    state_label: str


@dataclass(frozen=True)
class OpenSheet:
    """A played round's table whose sheet is not confirmed (or was never opened)."""

    round: int
    table: int
    state: str  # the sheet's progress code (not started, being entered, submitted, disputed)
    state_label: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class OpenWork:
    """What is still open when the organiser finishes the tournament: finishing makes all of
    it final, so the page lists it and the service wants it confirmed."""

    rounds: tuple[OpenRound, ...] = ()
    sheets: tuple[OpenSheet, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.rounds or self.sheets)

    def token(self) -> str:
        """A short fingerprint of what was listed: a confirmation given over another list
        (a sheet submitted or a round released meanwhile) is asked again."""
        listed = ([f"r{r.number}:{r.state}" for r in self.rounds]
                  + [f"s{s.round}.{s.table}:{s.state}" for s in self.sheets])
        return hashlib.sha256(";".join(listed).encode()).hexdigest()[:16]


#: Rounds not closed and unconfirmed sheets of played rounds (seating, asking the sheets).
open_work: Probe[[Tournament], OpenWork] = Probe("tournaments.open_work")
