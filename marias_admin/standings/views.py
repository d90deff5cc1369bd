"""Standings pages.

Public (under /t/): live standings (with a projector mode), round results per table, the
player page and "where do I sit". Each obeys its tournament toggle: when a page is switched
off, anyone but the tournament's organisers gets a 404; organisers always see everything.
Anonymous visitors get them from the page cache (``core.pagecache``, made stale by
``standings.cache`` when a result changes); anyone logged in sees the live page.
Organiser (under /tournaments/): the standings rules, which ask for confirmation once locked.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from marias_admin.core.pagecache import public_page
from marias_admin.core.params import positive_int
from marias_admin.seating.models import Round
from marias_admin.standings import probes, review, selectors
from marias_admin.standings.forms import PRESETS, StandingsRulesForm
from marias_admin.standings.presenters.explanations import (
    rules_summary,
    standings_row_explanations,
    standings_row_shown,
)
from marias_admin.standings.presenters.formatting import premium_view
from marias_admin.standings.presenters.player import player_rounds
from marias_admin.standings.presenters.rounds import round_results
from marias_admin.standings.presenters.table import standings_table
from marias_admin.standings.services import rules_locked, standings_rules_update
from marias_admin.tournaments.models import PLAYING_STATUSES, Registration, Tournament
from marias_admin.tournaments.permissions import organiser_required
from marias_admin.tournaments.selectors import can_organise
from marias_admin.tournaments.standings_rules import normalise, rules_from_dict

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


def _public(request: HttpRequest, tournament_id: int, page: str) -> tuple[Tournament, dict]:
    """The tournament if this page may be shown to the visitor (else 404), and which of the
    public pages the visitor may open (for the links between them)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    organiser = can_organise(request.user, tournament)
    visible = {name: organiser or getattr(tournament, toggle)
               for name, toggle in TOGGLES.items()}
    if not visible[page]:
        raise Http404
    visible["organiser"] = organiser
    visible["hidden"] = not getattr(tournament, TOGGLES[page])  # shown to organisers only
    return tournament, visible


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
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament, visible = _public(request, tournament_id, "standings")
    # ?category=<id>: the category's ranking (the prizes app's categories, asked by a probe).
    category, category_name = request.GET.get("category", ""), ""
    if category:
        category_id = positive_int(category)  # "²".isdigit(), yet int("²") fails
        if category_id is None:
            raise Http404
        found = probes.category_table(tournament, category_id, EXPLAIN_UP_TO)
        if found is None:
            raise Http404
        category_name, table = found
    else:
        table = standings_table(tournament, explain_up_to=EXPLAIN_UP_TO)
    player_base = reverse("standings:player", args=(tournament.pk, 0))[:-2]  # + "<id>/"
    context = _context(request, tournament, visible, progress=table.progress, table=table,
                       refresh=REFRESH_SECONDS, rules_summary=rules_summary(
                           table.rules, byes=tournament.full_tables_only),
                       player_base=player_base, category=category,
                       category_name=category_name,
                       categories=probes.category_links(tournament),
                       under_review=review.tables_under_review(tournament))
    if request.GET.get("projector"):
        template = "standings/projector.html"
    elif _htmx(request):
        template = "standings/_standings_table.html"
    else:
        template = "standings/standings.html"
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
@public_page
def round_results_view(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, visible = _public(request, tournament_id, "results")
    round = get_object_or_404(Round, tournament=tournament, number=number)
    tables = round_results(tournament, number)
    rules = selectors.rules_from(tournament)
    return render(request, "standings/round_results.html", _context(
        request, tournament, visible, round=round, tables=tables, rules=rules,
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
def player(request: HttpRequest, tournament_id: int, registration_id: int) -> HttpResponse:
    """One player's tournament. The page itself follows ``public_players``, but it gathers
    what other pages publish — totals (standings), per-round figures and big hands (results),
    table, seat and opponents (seating) — so each part shows only while its own page is
    public; otherwise the page would leak what an organiser switched off."""
    tournament, visible = _public(request, tournament_id, "players")
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
def find(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament, visible = _public(request, tournament_id, "seating")
    query = request.GET.get("q", "").strip()[:100]
    search = selectors.find_seats(tournament, query)
    context = _context(request, tournament, visible, query=query, search=search)
    template = "standings/_find_results.html" if _htmx(request) else "standings/find.html"
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


# -- organiser: the rules ------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@organiser_required
def rules_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    locked = rules_locked(tournament)
    if request.method == "POST":
        form = StandingsRulesForm(request.POST)
        if form.is_valid():
            rules = form.rules_dict()
            confirm = form.cleaned_data["confirm"]
            try:
                before = dict(tournament.standings_rules or {})
                standings_rules_update(request.user, tournament, rules, confirm,
                                       reason=form.cleaned_data["reason"])
            except ValidationError as error:
                if getattr(error, "code", None) == "standings_locked":
                    return _confirm_page(request, tournament, form, before, rules)
                form.add_service_errors(error)
            else:
                if normalise(before) == normalise(rules):
                    messages.info(request, _("Nothing changed."))
                else:
                    messages.success(request, _("Standings rules saved."))
                return redirect("standings:settings", tournament_id=tournament.pk)
    else:
        preset = PRESETS.get(request.GET.get("preset", ""))
        rules = preset[1] if preset else tournament.standings_rules
        form = StandingsRulesForm(initial=StandingsRulesForm.initial_from(rules))
        if preset:
            messages.info(request, _("Preset “%(name)s” filled in; check it and save.")
                          % {"name": preset[0]})
    ruleset = tournament.ruleset()
    current = rules_from_dict(tournament.standings_rules, ruleset.sb_premium_factor,
                              ruleset.round_budget)
    return render(request, "standings/settings.html", {
        "tournament": tournament, "form": form, "locked": locked,
        "presets": [(code, name) for code, (name, _rules) in PRESETS.items()],
        "summary": rules_summary(current, byes=tournament.full_tables_only),
    })


def _confirm_page(request: HttpRequest, tournament: Tournament, form: StandingsRulesForm,
                  before: dict, after: dict) -> HttpResponse:
    ruleset = tournament.ruleset()
    factor, budget = ruleset.sb_premium_factor, ruleset.round_budget
    byes = tournament.full_tables_only
    old = dict(rules_summary(rules_from_dict(before, factor, budget), byes))
    new = dict(rules_summary(rules_from_dict(after, factor, budget), byes))
    labels = [*new, *(label for label in old if label not in new)]
    changes = [(label, old.get(label, ""), new.get(label, "")) for label in labels
               if old.get(label) != new.get(label)]
    hidden = {name: value for name, value in request.POST.items()
              if name not in ("csrfmiddlewaretoken", "confirm", "reason")}
    return render(request, "standings/settings_confirm.html", {
        "tournament": tournament, "form": form, "changes": changes, "hidden": hidden,
        "locked_at": tournament.standings_locked_at,
    })
