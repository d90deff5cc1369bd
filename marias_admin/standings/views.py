"""Standings pages.

Public (under /t/): live standings (with a projector mode), round results per table, the
player page and "where do I sit". Each obeys its tournament toggle: when a page is switched
off, anyone but the tournament's organisers gets a 404; organisers always see everything.
Anonymous visitors get them from the page cache (``core.pagecache``, made stale by
``standings.cache`` when a result changes); anyone logged in sees the live page, its
standings table from the cache of the tournament's current results (``cache.fragment``).
The organiser's standings rules are in :mod:`.views_organiser`.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from marias_admin.core.pagecache import cacheable, public_page
from marias_admin.core.params import positive_int
from marias_admin.seating.models import Round
from marias_admin.standings import cache, probes, review, selectors
from marias_admin.standings.presenters.explanations import (
    rules_summary,
    standings_row_explanations,
    standings_row_shown,
)
from marias_admin.standings.presenters.formatting import premium_view
from marias_admin.standings.presenters.player import player_rounds
from marias_admin.standings.presenters.rounds import round_results
from marias_admin.standings.presenters.table import (
    StandingsTable,
    TableFacts,
    standings_table,
)
from marias_admin.tournaments.models import PLAYING_STATUSES, Registration, Tournament
from marias_admin.tournaments.permissions import published_page
from marias_admin.tournaments.selectors import can_organise

TOGGLES = {
    "standings": "public_standings",
    "results": "public_results",
    "players": "public_players",
    "seating": "public_seating",
}
REFRESH_SECONDS = 30
# Up to this many players the standings carry hover explanations of every number; a bigger
# field's page would be mostly explanations (≈ 200 kB of 350 kB at 320 players), which phones
# cannot show anyway: there, the player page explains.
EXPLAIN_UP_TO = 100


def _visible(request: HttpRequest, tournament: Tournament, page: str) -> dict:
    """Which of the public pages the visitor may open (for the links between them); the
    page's own toggle was checked by ``published_page``."""
    organiser = can_organise(request.user, tournament)
    visible = {name: organiser or getattr(tournament, toggle)
               for name, toggle in TOGGLES.items()}
    visible["organiser"] = organiser
    visible["hidden"] = not getattr(tournament, TOGGLES[page])  # shown to organisers only
    return visible


def _context(request: HttpRequest, tournament: Tournament, visible: dict,
             **extra: Any) -> dict[str, Any]:
    progress = extra.pop("progress", None)
    if progress is None:
        progress = selectors.results_progress(tournament)
    return {"tournament": tournament, "visible": visible, "progress": progress,
            "now": timezone.now(), **extra}


def _htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


@require_GET
@public_page(results_only=True)  # the standings count confirmed sheets only
@published_page(TOGGLES["standings"])
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    visible = _visible(request, tournament, "standings")
    # ?category=<id>: the category's ranking (the prizes app's categories, asked by a probe).
    category = request.GET.get("category", "")
    if category and positive_int(category) is None:  # "²".isdigit(), yet int("²") fails
        raise Http404
    player_base = reverse("standings:player", args=(tournament.pk, 0))[:-2]  # + "<id>/"
    shared = {"tournament": tournament, "refresh": REFRESH_SECONDS, "category": category,
              "visible": visible, "player_base": player_base}

    def table_part() -> tuple[str, TableFacts, str]:
        """The live table rendered (without its render time: it may be kept in the cache),
        what the page says around it, and the category's name."""
        category_name, table = _table(tournament, category)
        html = render_to_string("standings/_standings_body.html", {
            **shared, "table": table,
            "under_review": review.tables_under_review(tournament)}, request)
        return html, table.facts, category_name

    if request.GET.get("projector"):  # rows written by projector_rows, not cached
        category_name, table = _table(tournament, category)
        context = _context(request, tournament, visible, progress=table.progress, table=table,
                           refresh=REFRESH_SECONDS, category=category,
                           category_name=category_name)
        return render(request, "standings/projector.html", context)
    if cacheable(request):  # the public page cache keeps the whole page
        body, facts, category_name = table_part()
    else:  # logged in: the table from the cache of this tournament's results
        body, facts, category_name = cache.fragment(
            tournament.pk, ("standings", get_language(), category, visible["players"]),
            table_part)
    # "Updated at": the time of this answer, never the cached table's
    html = render_to_string("standings/_standings_table.html", {
        **shared, "now": timezone.now(), "body": mark_safe(body)}, request)  # rendered above
    if _htmx(request):
        response = HttpResponse(html)
    else:
        response = render(request, "standings/standings.html", _context(
            request, tournament, visible, progress=facts.progress, table=facts,
            table_html=mark_safe(html),  # rendered by the template above
            refresh=REFRESH_SECONDS, category=category, category_name=category_name,
            rules_summary=rules_summary(facts.rules, byes=tournament.full_tables_only),
            categories=probes.category_links(tournament)))
    patch_vary_headers(response, ("HX-Request",))
    return response


def _table(tournament: Tournament, category: str) -> tuple[str, StandingsTable]:
    """The standings table, or a category's (its name, and its players only)."""
    if not category:
        return "", standings_table(tournament, explain_up_to=EXPLAIN_UP_TO)
    found = probes.category_table(tournament, positive_int(category) or 0, EXPLAIN_UP_TO)
    if found is None:
        raise Http404
    return found


@require_GET
@public_page
@published_page(TOGGLES["results"])
def round_results_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    visible = _visible(request, tournament, "results")
    round = get_object_or_404(Round, tournament=tournament, number=number)
    tables = round_results(tournament, number)
    rules = selectors.rules_from(tournament)
    # the links of the tables' rows (written in Python: standings_format.round_result_tables)
    # are these + "<number>/", None where the page they lead to is not public
    player_base = (reverse("standings:player", args=(tournament.pk, 0))[:-2]
                   if visible["players"] else None)
    sheet_base = (reverse("sheets:table", args=(tournament.pk, number, 0))[:-2]
                  if visible["seating"] else None)
    return render(request, "standings/round_results.html", _context(
        request, tournament, visible, round=round, tables=tables, rules=rules,
        player_base=player_base, sheet_base=sheet_base,
        confirmed=sum(1 for t in tables if t.confirmed),
        by_table=rules.placement.value == "table_points",
        money_view=rules.round_budget is not None, premium_view=premium_view(rules),
        reviewed=review.tables_changed_by_rulings(round)))


def _field_size(tournament: Tournament, all_standings: list[Any]) -> int:
    """The whole field: everyone playing, and everyone in the standings (a player who withdrew
    after playing stays in them), not only those with a confirmed result so far."""
    playing = set(Registration.objects.filter(tournament=tournament,
                                              status__in=PLAYING_STATUSES)
                  .values_list("pk", flat=True))
    return len(playing | {s.player for s in all_standings})


@require_GET
@public_page
@published_page(TOGGLES["players"])
def player(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """One player's tournament. The page itself follows ``public_players``, but it gathers
    what other pages publish — totals (standings), per-round figures and big hands (results),
    table, seat and opponents (seating) — so each part shows only while its own page is
    public; otherwise the page would leak what an organiser switched off."""
    visible = _visible(request, tournament, "players")
    registration = get_object_or_404(
        Registration.objects.select_related("player__club"), pk=registration_id,
        tournament=tournament)
    all_standings = selectors.tournament_standings(tournament)
    mine = next((s for s in all_standings if s.player == registration.pk), None)
    rounds = player_rounds(tournament, registration, all_standings)
    rules = selectors.rules_from(tournament)
    totals = None
    if mine is not None:
        row = standings_row_explanations(mine, tournament, all_standings, rules)
        totals = {"standing": mine, "explain": row,
                  "shown": standings_row_shown(mine, rules)}
    return render(request, "standings/player.html", _context(
        request, tournament, visible, registration=registration, rounds=rounds, totals=totals,
        rules=rules, field_size=_field_size(tournament, all_standings),
        categories=probes.player_categories(tournament, registration.pk),
        money_view=rules.round_budget is not None, premium_view=premium_view(rules),
        big_hands=[(r, h) for r in rounds for h in r.big_hands]))


@require_GET
@public_page
@published_page(TOGGLES["seating"])
def find(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    visible = _visible(request, tournament, "seating")
    query = request.GET.get("q", "").strip()[:100]
    search = selectors.find_seats(tournament, query)
    context = _context(request, tournament, visible, query=query, search=search)
    template = "standings/_find_results.html" if _htmx(request) else "standings/find.html"
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response
