"""The organiser's standings rules (under /tournaments/<id>/standings/settings/): presets, the
rules form, and once the standings are locked (a round confirmed) a confirmation page listing
what changes, with a reason for the log."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from marias_admin.standings.forms import PRESETS, StandingsRulesForm
from marias_admin.standings.presenters.explanations import rules_summary
from marias_admin.standings.services import rules_locked, standings_rules_update
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import organiser_required
from marias_admin.tournaments.standings_rules import normalise, rules_from_dict


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
