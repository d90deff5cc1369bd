"""The organiser's table of every registered player's sex, year of birth, region and club.

One form a page (100 rows: what one request may carry), one submit, saved by one service
(:func:`marias_admin.tournaments.player_details.players_details_update`): everything or, when
any row is wrong or stale, nothing, with the errors at their row and field. A change that moves
a finished tournament's category results is shown at its row and saved only with the tick.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from marias_admin.core.ordering import czech_order
from marias_admin.players.details import CONFIRM_LABEL, effect_text
from marias_admin.players.models import Club, Player
from marias_admin.tournaments.forms_players_bulk import PAGE_SIZE, PlayerDetailsFormSet
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.permissions import organiser_required
from marias_admin.tournaments.player_details import (
    DetailsRefused,
    DetailsRow,
    player_version,
    players_details_update,
)

PREFIX = "p"
# The tick that lets a change move finished tournaments' category results (outside the
# formset: it is the whole save's, not a row's).
CONFIRM_FIELD = "confirm_finished"


def _page_players(request: HttpRequest, tournament: Tournament) -> tuple[Any, list[Player]]:
    registrations = (Registration.objects.filter(tournament=tournament)
                     .select_related("player__club")
                     .order_by(*czech_order("player__last_name", "player__first_name",
                                            language=tournament.page_language), "pk"))
    page = Paginator(registrations, PAGE_SIZE).get_page(request.GET.get("page"))
    return page, [registration.player for registration in page]


def _initial(player: Player) -> dict[str, Any]:
    return {"key": f"{player.pk}:{player_version(player)}", "sex": player.sex,
            "birth_year": player.birth_year, "region": player.region,
            "club": player.club.name if player.club else ""}


def _rows(formset: Any) -> list[DetailsRow]:
    rows = []
    for form in formset.forms:
        data = form.cleaned_data
        player_id, version = data["key"]
        rows.append(DetailsRow(player_id=player_id, version=version, sex=data["sex"],
                               birth_year=data["birth_year"], region=data["region"],
                               club=data["club"]))
    return rows


def _finished_warnings(refused: DetailsRefused) -> dict[int, list[str]]:
    """Player id → what his row's change would move in finished tournaments."""
    return {pk: [effect_text(effect) for effect in found]
            for pk, found in refused.finished.items()}


def _refusal_to_forms(formset: Any, refused: DetailsRefused) -> None:
    stale = set(refused.stale)
    for form in formset.forms:
        errors = refused.row_errors.get(form.player_id or 0, {})
        for name, texts in errors.items():
            for text in texts:
                form.add_error(None if name not in form.fields else name, text)
        if form.player_id in stale:
            form.add_error(None, _("Changed by someone else since you opened this page."))


@require_http_methods(["GET", "POST"])
@organiser_required
def players_bulk(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    page, players = _page_players(request, tournament)
    saved_count: int | None = None
    warnings: dict[int, list[str]] = {}
    if request.method == "POST":
        formset = PlayerDetailsFormSet(request.POST, prefix=PREFIX)
        if formset.is_valid():
            try:
                saved = players_details_update(
                    user=request.user, tournament=tournament, rows=_rows(formset),
                    confirm_finished=request.POST.get(CONFIRM_FIELD) == "on")
            except DetailsRefused as refused:
                _refusal_to_forms(formset, refused)
                warnings = _finished_warnings(refused)
                messages.error(request, refused.messages[0])
            else:
                saved_count = len(saved)
        else:
            messages.error(request, _("Nothing was saved: correct the marked rows and save "
                                      "again."))
        if saved_count is not None:
            messages.success(request, ngettext(
                "The details of %(count)d player were saved.",
                "The details of %(count)d players were saved.", saved_count)
                % {"count": saved_count})
            url = reverse("tournaments:players_bulk", args=[tournament.pk])
            return redirect(f"{url}?page={page.number}" if page.number > 1 else url)
        shown = {player.pk: player for player in Player.objects.filter(
            pk__in=[form.player_id for form in formset.forms if form.player_id],
            registrations__tournament=tournament)}
    else:
        formset = PlayerDetailsFormSet(initial=[_initial(p) for p in players], prefix=PREFIX)
        shown = {player.pk: player for player in players}
    offset = (page.number - 1) * PAGE_SIZE
    rows = [{"number": offset + index, "form": form, "player": shown.get(form.player_id or 0),
             "warnings": warnings.get(form.player_id or 0, [])}
            for index, form in enumerate(formset.forms, start=1)]
    return render(request, "tournaments/players_bulk.html", {
        "tournament": tournament, "formset": formset, "rows": rows, "page": page,
        "club_names": list(Club.objects.order_by(*czech_order("name"))
                           .values_list("name", flat=True)),
        "with_errors": [row for row in rows if row["form"].errors],
        "with_warnings": [row for row in rows if row["warnings"]],
        "confirm_field": CONFIRM_FIELD, "confirm_label": CONFIRM_LABEL,
    })
