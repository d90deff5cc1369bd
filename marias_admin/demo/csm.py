"""The demo tournament ``make run`` shows: a ČSM field of 24 with round 1 seated and printable.

Built through the same services an organiser uses (import, seating), so the demo also proves
they work on a fresh database.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings

from marias_admin.players.importing import read_upload
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.tournaments.models import Tournament, TournamentState
from marias_admin.tournaments.player_import import import_commit
from marias_admin.tournaments.services import tournament_create, tournament_update

CSM_DEMO_NAME = "Demo: Velká cena Bílé Hory"
CSM_DEMO_PLAYERS = Path(settings.BASE_DIR) / "fixtures" / "players-demo-24.csv"
DEMO_SEED = 20231


def load_csm_demo(user: Any) -> Tournament:
    """Create the ČSM demo once; later runs return the existing one untouched."""
    existing = Tournament.objects.filter(name=CSM_DEMO_NAME).first()
    if existing is not None:
        return existing
    tournament = tournament_create(
        user=user, name=CSM_DEMO_NAME, date=date.today(), venue="Sokolovna Bílá Hora, Plzeň",
        ruleset_code="csm-licitovany-2023", rounds_planned=4, round_minutes=90,
    )
    parsed = read_upload(CSM_DEMO_PLAYERS.name, CSM_DEMO_PLAYERS.read_bytes())
    import_commit(user=user, tournament=tournament, parsed=parsed)
    tournament = tournament_update(user=user, tournament=tournament,
                                   state=TournamentState.RUNNING)
    first = tournament.rounds.get(number=1)
    round_seat(user=user, round=first, seed=DEMO_SEED)
    round_set_state(user=user, round=first, state=RoundState.CONFIRMED)
    return tournament
