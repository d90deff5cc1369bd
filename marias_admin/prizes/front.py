"""The front door (issue 24, item 3): which tournaments the home page lists, where a login
with a role lands, and what a tournament's public home (``/t/<id>/``) links.

The home page stands in ``core`` (layer 2), which knows no tournament: it asks
:data:`marias_admin.core.views.home_sections`, provided here in ``PrizesConfig.ready``. This
app stands above every page the public home links (standings, round results, seating, teams,
categories and the prize list), so it can read them all. A constant number of queries, however
many tournaments, rounds, tables or players.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.core import pagecache
from marias_admin.prizes.selectors import category_links
from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.standings.selectors import results_progress
from marias_admin.teams.models import TeamRulesPreset, TeamSettings
from marias_admin.tournaments.models import PUBLIC_TOGGLES, Role, Tournament, TournamentRole

LISTED = 30  # upcoming and finished tournaments listed at most (the newest finished ones)
STAFF_LISTED = 12  # tournaments in "Your tournaments"
# The rounds a scorekeeper's tables are taken from: seated, not yet closed.
OPEN_ROUND_STATES = (RoundState.SEATED, RoundState.CONFIRMED, RoundState.RELEASED)


def published() -> Q:
    """Tournaments with at least one public page switched on."""
    found = Q()
    for name in PUBLIC_TOGGLES:
        found |= Q(**{name: True})
    return found


def _visible_to(user: Any) -> Q:
    """What the list shows this visitor: the published tournaments, and an organiser's own
    (a superuser organises them all)."""
    if getattr(user, "is_superuser", False):
        return Q()
    if getattr(user, "is_authenticated", False):
        own = TournamentRole.objects.filter(user=user, role=Role.ORGANISER).values(
            "tournament_id")
        return published() | Q(pk__in=own)
    return published()


def listed_tournaments(user: Any) -> dict[str, list[Tournament]]:
    """Today's, the upcoming (soonest first) and the finished (newest first) tournaments the
    visitor may see: three queries."""
    today = timezone.localdate()
    visible = Tournament.objects.filter(_visible_to(user))
    return {
        "today": list(visible.filter(date=today)),
        "upcoming": list(visible.filter(date__gt=today).order_by("date", "pk")[:LISTED]),
        "finished": list(visible.filter(date__lt=today).order_by("-date", "-pk")[:LISTED]),
    }


@dataclass(frozen=True)
class StaffLink:
    label: str
    url: str


@dataclass
class StaffTournament:
    """A tournament where the login holds a role, with the pages its roles use."""

    tournament: Tournament
    roles: list[str] = field(default_factory=list)  # role labels, for the reader
    links: list[StaffLink] = field(default_factory=list)
    round_number: int | None = None  # the round of the scorekeeper's tables
    tables: list[StaffLink] = field(default_factory=list)
    keeper: bool = False  # a scorekeeper here (then ``tables`` are his table pages)


def staff_tournaments(user: Any) -> list[StaffTournament]:
    """The tournaments where ``user`` holds a role (organiser, referee, scorekeeper): today's
    and upcoming first, then the latest past ones; two queries."""
    if not getattr(user, "is_authenticated", False):
        return []
    grants = list(TournamentRole.objects.filter(user=user).select_related("tournament"))
    by_tournament: dict[int, StaffTournament] = {}
    held: dict[int, set[str]] = {}
    for grant in grants:
        by_tournament.setdefault(grant.tournament_id, StaffTournament(grant.tournament))
        held.setdefault(grant.tournament_id, set()).add(grant.role)
    today = timezone.localdate()
    coming = sorted((s for s in by_tournament.values() if s.tournament.date >= today),
                    key=lambda s: (s.tournament.date, s.tournament.pk))
    past = sorted((s for s in by_tournament.values() if s.tournament.date < today),
                  key=lambda s: (s.tournament.date, s.tournament.pk), reverse=True)
    chosen = (coming + past)[:STAFF_LISTED]
    for entry in chosen:
        pk, roles = entry.tournament.pk, held[entry.tournament.pk]
        entry.roles = [str(Role(r).label) for r in Role if r in roles]
        if Role.ORGANISER in roles:
            entry.links.append(StaffLink(_("Tournament administration"),
                                         reverse("tournaments:detail", args=[pk])))
        if roles & {Role.ORGANISER, Role.REFEREE}:
            entry.links.append(StaffLink(_("Log and rulings"), reverse("sheets:log", args=[pk])))
        entry.keeper = Role.SCOREKEEPER in roles
    _keeper_tables(user, [e for e in chosen if e.keeper])
    _control_rooms([e for e in chosen if Role.REFEREE in held[e.tournament.pk]
                    and Role.ORGANISER not in held[e.tournament.pk]])
    return chosen


def _control_rooms(entries: list[StaffTournament]) -> None:
    """A referee's control room of each tournament's latest released round (an organiser has
    it on the round page his administration links). One query."""
    if not entries:
        return
    latest = dict(Round.objects.filter(tournament__in=[e.tournament.pk for e in entries],
                                       state=RoundState.RELEASED)
                  .values("tournament_id").annotate(latest=Max("number"))
                  .values_list("tournament_id", "latest"))
    for entry in entries:
        number = latest.get(entry.tournament.pk)
        if number is not None:
            entry.links.append(StaffLink(
                _("Tables in play, round %(number)s") % {"number": number},
                reverse("seating:round_control", args=[entry.tournament.pk, number])))


def _keeper_tables(user: Any, entries: list[StaffTournament]) -> None:
    """A scorekeeper's table pages in each tournament's latest open round: the tables whose
    sheets are his, else every table (an unclaimed sheet is any scorekeeper's). One query."""
    if not entries:
        return
    rows = (Table.objects.filter(round__tournament__in=[e.tournament.pk for e in entries],
                                 round__state__in=OPEN_ROUND_STATES)
            .order_by("round__tournament_id", "round__number", "number")
            .values_list("round__tournament_id", "round__number", "number",
                         "sheet__scorekeeper_id"))
    latest: dict[int, int] = {}
    tables: dict[tuple[int, int], list[tuple[int, int | None]]] = {}
    for tournament_id, number, table, keeper in rows:
        latest[tournament_id] = max(latest.get(tournament_id, 0), number)
        tables.setdefault((tournament_id, number), []).append((table, keeper))
    for entry in entries:
        if entry.tournament.pk not in latest:
            continue
        number = latest[entry.tournament.pk]
        seated = tables[(entry.tournament.pk, number)]
        mine = [table for table, keeper in seated if keeper == user.pk]
        entry.round_number = number
        entry.tables = [
            StaffLink(str(table), reverse("sheets:table", args=[entry.tournament.pk, number,
                                                                 table]))
            for table in (mine or [table for table, _keeper in seated])]


def home_sections(request: HttpRequest) -> dict[str, Any]:
    """The home page's context: the tournaments listed, and the login's own."""
    return {"listed": listed_tournaments(request.user),
            "staff_tournaments": staff_tournaments(request.user)}


# -- the public home of one tournament -----------------------------------------------------


@dataclass(frozen=True)
class PublicHome:
    progress: list[Any]  # rounds with tables: results progress (standings.RoundProgress)
    seated_round: Round | None  # the latest seated round (its public seating page)
    teams: bool  # team standings exist
    categories: list[tuple[int, str]]


def public_home(tournament: Tournament, organiser: bool) -> PublicHome:
    """What the public home links, each part only while its page is public (organisers see
    everything): four queries at most."""
    seating = organiser or tournament.public_seating
    standings = organiser or tournament.public_standings
    seated_round = None
    if seating:
        seated_round = (Round.objects.filter(tournament=tournament, tables__isnull=False)
                        .exclude(state=RoundState.DRAFT).order_by("-number").first())
    teams = standings and TeamSettings.objects.filter(tournament=tournament).exclude(
        rules=TeamRulesPreset.NONE).exists()
    return PublicHome(
        progress=results_progress(tournament) if organiser or tournament.public_results else [],
        seated_round=seated_round, teams=teams,
        categories=category_links(tournament) if standings else [])


def invalidate_list(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A tournament created, changed (its name, date, toggles) or deleted: the home page's
    cached list is stale (the global generation; tournament saves are rare)."""
    if not kwargs.get("raw"):
        pagecache.bump(pagecache.GLOBAL)
