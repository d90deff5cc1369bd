"""Read-side queries about tournaments and who may do what in them."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from marias_admin.core.ordering import czech_order
from marias_admin.players.models import Player
from marias_admin.tournaments.models import (
    PLAYING_STATUSES,
    Registration,
    RegistrationStatus,
    RegistrationSubmission,
    Role,
    Tournament,
    TournamentRole,
)


def user_roles(user: Any, tournament: Tournament) -> set[Role]:
    if not getattr(user, "is_authenticated", False):
        return set()
    if user.is_superuser:
        return set(Role)
    return {Role(r) for r in TournamentRole.objects.filter(
        tournament=tournament, user=user).values_list("role", flat=True)}


def can_organise(user: Any, tournament: Tournament) -> bool:
    return Role.ORGANISER in user_roles(user, tournament)


def tournaments_for(user: Any) -> QuerySet[Tournament]:
    """Tournaments a user may organise (all of them for a superuser)."""
    qs = Tournament.objects.all()
    if getattr(user, "is_superuser", False):
        return qs
    return qs.filter(roles__user=user, roles__role=Role.ORGANISER).distinct()


def team_grants(tournament: Tournament) -> QuerySet[TournamentRole]:
    """The team page's rows: by role, then people alphabetically by surname (a login with no
    name sorts by its user name)."""
    return (tournament.roles.select_related("user")
            .order_by("role", *czech_order("user__last_name", "user__first_name",
                                           "user__username", language=tournament.page_language)))


def registrations(tournament: Tournament) -> QuerySet[Registration]:
    """The tournament's entries alphabetically, in its own alphabet (Slovak for SZMK)."""
    return (Registration.objects.filter(tournament=tournament)
            .select_related("player", "player__club")
            .order_by(*czech_order("player__last_name", "player__first_name",
                                   language=tournament.page_language), "id"))


def playing_in_round(tournament: Tournament, number: int) -> list[Registration]:
    """Entries seated in round ``number``, in a stable order (by id)."""
    candidates = registrations(tournament).filter(
        status__in=[*PLAYING_STATUSES, RegistrationStatus.WITHDRAWN]).order_by("id")
    return [r for r in candidates if r.plays_in(number)]


def next_unfixed_round(tournament: Tournament) -> int:
    """The first round that is not fixed yet: entries and withdrawals take effect from it."""
    fixed = [r.number for r in tournament.rounds.all() if r.is_fixed]
    return max(fixed, default=0) + 1


def registration_counts(tournament: Tournament) -> dict[str, int]:
    """Entries by status, for the overview and the registration list."""
    return Registration.objects.filter(tournament=tournament).aggregate(
        total=Count("id"),
        registered=Count("id", filter=Q(status=RegistrationStatus.REGISTERED)),
        present=Count("id", filter=Q(status__in=PLAYING_STATUSES)),
        withdrawn=Count("id", filter=Q(status=RegistrationStatus.WITHDRAWN)),
    )


def has_results(tournament: Tournament) -> bool:
    """Whether anything of the tournament's results was entered: a hand (even one deleted
    later: its money is stored in the base rate's unit), a sheet's totals or a ruling.

    Asked through the reverse relations (rounds → tables → sheet), so that this app need not
    import the seating and sheets apps above it.
    """
    rounds = tournament.rounds.all()
    return (rounds.filter(tables__sheet__hands__isnull=False).exists()
            or rounds.filter(tables__sheet__total_money_1__isnull=False).exists()
            or rounds.filter(tables__sheet__rulings__isnull=False).exists())


def namesakes(first_name: str, last_name: str, club_name: str = "", *,
              registration_number: str = "") -> list[Player]:
    """Players of the same name and club (case-insensitive) who may be the person about to be
    entered as new. Two players who both have registration numbers are different people
    (a number belongs to one player), so those are left out."""
    players = Player.objects.select_related("club").filter(
        first_name__iexact=first_name.strip(), last_name__iexact=last_name.strip())
    club_name = club_name.strip()
    players = (players.filter(club__name__iexact=club_name) if club_name
               else players.filter(club__isnull=True))
    if registration_number:
        players = players.filter(registration_number__isnull=True)
    return list(players.order_by("pk"))


def submitted_registration(tournament: Tournament, key: str) -> Registration | None:
    """The registration an "add a new player" form with this one-time key already made."""
    if not key:
        return None
    done = (RegistrationSubmission.objects.select_related("registration__player")
            .filter(key=key, tournament=tournament, registration__isnull=False).first())
    return done.registration if done else None
