"""Which finished tournaments' categories a change of players' details would move.

Answers :data:`marias_admin.players.probes.finished_effects` for the player details service
(:mod:`marias_admin.players.details`), which refuses such a change unless the organiser
confirms it. A category is moved when the player is registered in the finished tournament and
the category admits him before the change but not after, or after but not before (by the
same rule the rankings use, :meth:`scoring.prizes.Category.admits`); chosen-players
categories list their members and never move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marias_admin.players.probes import FinishedEffect
from marias_admin.prizes.models import Category, CategoryKind
from marias_admin.tournaments.models import TournamentState
from scoring import prizes as rules

DETAIL_KINDS = (CategoryKind.WOMEN, CategoryKind.SENIORS, CategoryKind.JUNIORS,
                CategoryKind.REGION)


def _info(details: Mapping[str, Any]) -> rules.PlayerInfo:
    return rules.PlayerInfo(0, details.get("sex") or "", details.get("birth_year"),
                            details.get("region") or "")


def finished_effects(
        changes: Mapping[int, tuple[Mapping[str, Any], Mapping[str, Any]]],
) -> dict[int, list[FinishedEffect]]:
    """Player id → the categories of finished tournaments he would join or leave (one query)."""
    rows = (Category.objects
            .filter(kind__in=DETAIL_KINDS, tournament__state=TournamentState.FINISHED,
                    tournament__registrations__player_id__in=list(changes))
            .order_by("tournament__date", "tournament_id", "order", "pk")
            .values_list("tournament__registrations__player_id", "tournament_id",
                         "tournament__name", "name", "kind", "year", "region"))
    found: dict[int, list[FinishedEffect]] = {}
    for player_id, tournament_id, tournament, name, kind, year, region in rows:
        category = rules.Category(code="", name=name, kind=rules.CategoryKind(kind), year=year,
                                  region=region)
        before, after = changes[player_id]
        was, will = category.admits(_info(before)), category.admits(_info({**before, **after}))
        if was != will:
            found.setdefault(player_id, []).append(FinishedEffect(
                tournament_id=tournament_id, tournament=tournament, category=name, joins=will))
    return found
