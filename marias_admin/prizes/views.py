"""Organiser pages: categories, the prize table, the players' category data, the prize list
(page, PDF, xlsx). The categories' public rankings are the standings page's filter
(``?category=<id>``, asked through :mod:`marias_admin.standings.probes`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core.ordering import czech_order
from marias_admin.players.details import FinishedTournamentsChange, effect_text
from marias_admin.prizes import exports, selectors, services
from marias_admin.prizes.forms import CategoryForm, DoubleRuleForm, PlayerDetailsForm, PrizeForm
from marias_admin.prizes.models import Category, Prize
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.permissions import organiser_required

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"


def _service_errors(form: CategoryForm | PrizeForm | PlayerDetailsForm,
                    error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


def _setup_context(tournament: Tournament, **extra: object) -> dict[str, object]:
    settings = selectors.prize_settings(tournament)
    return {
        "tournament": tournament,
        "categories": [(c, len(selectors.category_ranking(c))) for c in
                       selectors.categories(tournament)],
        "prizes": selectors.prizes(tournament),
        "category_form": CategoryForm(tournament=tournament),
        "prize_form": PrizeForm(tournament=tournament),
        "rule_form": DoubleRuleForm(initial={"double_rule": settings.double_rule}),
        **extra,
    }


@require_http_methods(["GET", "POST"])
@organiser_required
def setup(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Categories, the prize table and the double-winner rule on one page."""
    extra: dict[str, object] = {}
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "category":
            form = CategoryForm(request.POST, tournament=tournament)
            if form.is_valid() and _save_category(request, tournament, form, None):
                return redirect("prizes:setup", tournament_id=tournament.pk)
            extra["category_form"] = form
        elif action == "prize":
            prize_form = PrizeForm(request.POST, tournament=tournament)
            if prize_form.is_valid() and _save_prize(request, tournament, prize_form, None):
                return redirect("prizes:setup", tournament_id=tournament.pk)
            extra["prize_form"] = prize_form
        elif action == "rule":
            rule_form = DoubleRuleForm(request.POST)
            if rule_form.is_valid():
                services.double_rule_set(user=request.user, tournament=tournament,
                                         rule=rule_form.cleaned_data["double_rule"])
                messages.success(request, _("Rule saved."))
                return redirect("prizes:setup", tournament_id=tournament.pk)
            extra["rule_form"] = rule_form
    return render(request, "prizes/setup.html", _setup_context(tournament, **extra))


def _save_category(request: HttpRequest, tournament: Tournament, form: CategoryForm,
                   category: Category | None) -> bool:
    data = form.cleaned_data
    try:
        saved = services.category_save(
            user=request.user, tournament=tournament, name=data["name"], kind=data["kind"],
            year=data["year"], region=data["region"], members=data["members"],
            category=category)
    except ValidationError as error:
        _service_errors(form, error)
        return False
    messages.success(request, _("Category “%(name)s” saved.") % {"name": saved.name})
    return True


def _save_prize(request: HttpRequest, tournament: Tournament, form: PrizeForm,
                prize: Prize | None) -> bool:
    data = form.cleaned_data
    try:
        saved = services.prize_save(
            user=request.user, tournament=tournament, place=data["place"], label=data["label"],
            category=data["category"], value=form.value_minor(), prize=prize)
    except ValidationError as error:
        _service_errors(form, error)
        return False
    messages.success(request, _("Prize “%(label)s” saved.") % {"label": saved.label})
    return True


@require_http_methods(["GET", "POST"])
@organiser_required
def category_edit(request: HttpRequest, tournament: Tournament, category_id: int
                  ) -> HttpResponse:
    category = get_object_or_404(Category, pk=category_id, tournament=tournament)
    if request.method == "POST":
        form = CategoryForm(request.POST, tournament=tournament)
        if form.is_valid() and _save_category(request, tournament, form, category):
            return redirect("prizes:setup", tournament_id=tournament.pk)
    else:
        form = CategoryForm(initial=CategoryForm.initial_from(category), tournament=tournament)
    return render(request, "prizes/category_edit.html",
                  {"tournament": tournament, "category": category, "form": form})


@require_POST
@organiser_required
def category_delete(request: HttpRequest, tournament: Tournament, category_id: int
                    ) -> HttpResponse:
    category = get_object_or_404(Category, pk=category_id, tournament=tournament)
    services.category_delete(user=request.user, category=category)
    messages.success(request, _("Category “%(name)s” deleted.") % {"name": category.name})
    return redirect("prizes:setup", tournament_id=tournament.pk)


@require_http_methods(["GET", "POST"])
@organiser_required
def prize_edit(request: HttpRequest, tournament: Tournament, prize_id: int) -> HttpResponse:
    prize = get_object_or_404(Prize, pk=prize_id, tournament=tournament)
    if request.method == "POST":
        form = PrizeForm(request.POST, tournament=tournament)
        if form.is_valid() and _save_prize(request, tournament, form, prize):
            return redirect("prizes:setup", tournament_id=tournament.pk)
    else:
        form = PrizeForm(initial={
            "category": prize.category_id, "place": prize.place, "label": prize.label,
            "value": None if prize.value is None else prize.value / 100},
            tournament=tournament)
    return render(request, "prizes/prize_edit.html",
                  {"tournament": tournament, "prize": prize, "form": form})


@require_POST
@organiser_required
def prize_delete(request: HttpRequest, tournament: Tournament, prize_id: int) -> HttpResponse:
    prize = get_object_or_404(Prize, pk=prize_id, tournament=tournament)
    services.prize_delete(user=request.user, prize=prize)
    messages.success(request, _("Prize “%(label)s” deleted.") % {"label": prize.label})
    return redirect("prizes:setup", tournament_id=tournament.pk)


@require_GET
@organiser_required
def players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The players' sex, year of birth and region, which the categories ask."""
    registrations = (Registration.objects.filter(tournament=tournament)
                     .select_related("player__club")
                     .order_by(*czech_order("player__last_name", "player__first_name",
                                            language=tournament.page_language), "pk"))
    return render(request, "prizes/players.html",
                  {"tournament": tournament, "registrations": registrations})


@require_http_methods(["GET", "POST"])
@organiser_required
def player_edit(request: HttpRequest, tournament: Tournament, registration_id: int
                ) -> HttpResponse:
    registration = get_object_or_404(Registration.objects.select_related("player"),
                                     pk=registration_id, tournament=tournament)
    player = registration.player
    finished: list[str] = []  # what the change would move in finished tournaments
    if request.method == "POST":
        form = PlayerDetailsForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.player_details_update(
                    user=request.user, player=player, sex=data["sex"],
                    birth_year=data["birth_year"], region=data["region"],
                    tournament=tournament, confirm_finished=data["confirm_finished"])
            except FinishedTournamentsChange as refused:
                finished = [effect_text(e) for found in refused.effects.values() for e in found]
            except ValidationError as error:
                _service_errors(form, error)
            else:
                messages.success(request, _("%(player)s saved.") % {"player": player.full_name})
                return redirect("prizes:players", tournament_id=tournament.pk)
    else:
        form = PlayerDetailsForm(initial={"sex": player.sex, "birth_year": player.birth_year,
                                          "region": player.region})
    return render(request, "prizes/player_edit.html",
                  {"tournament": tournament, "registration": registration, "form": form,
                   "finished": finished})


@require_GET
@organiser_required
def prize_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(request, "prizes/prize_list.html", {
        "tournament": tournament, "lines": selectors.prize_list(tournament),
        "rule": selectors.prize_settings(tournament).get_double_rule_display()})


def _download(tournament: Tournament, content: bytes, extension: str,
              content_type: str) -> HttpResponse:
    name = f"{slugify(tournament.name) or 'tournament'}-prizes.{extension}"
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
@organiser_required
def prize_list_xlsx(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _download(tournament, exports.prize_list_xlsx(tournament), "xlsx", XLSX)


@require_GET
@organiser_required
def prize_list_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _download(tournament, exports.prize_list_pdf(tournament), "pdf", PDF)
