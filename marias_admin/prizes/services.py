"""Writing categories, prizes, the double-winner rule and a player's category data.

Each service validates fully, writes in one transaction and records one audit entry; the
tournament's public pages are made stale (a category's ranking is public).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record, snapshot
from marias_admin.core import pagecache
from marias_admin.players import details
from marias_admin.players.models import Player
from marias_admin.prizes.models import (
    Category,
    CategoryKind,
    DoubleWinnerRule,
    Prize,
    PrizeSettings,
)
from marias_admin.tournaments.models import Registration, Tournament

CATEGORY_FIELDS = ("name", "kind", "year", "region", "order")
PRIZE_FIELDS = ("order", "category", "place", "label", "value")


def _category_after(category: Category) -> dict[str, Any]:
    return {**snapshot(category, CATEGORY_FIELDS),
            "members": sorted(category.members.values_list("pk", flat=True))}


@transaction.atomic
def category_save(
    *, user: Any, tournament: Tournament, name: str, kind: str, year: int | None = None,
    region: str = "", members: Iterable[Registration] = (), order: int | None = None,
    category: Category | None = None,
) -> Category:
    """Create a category (``category`` None) or change one. Seniors and juniors need the year,
    a region category its region, chosen players at least one player of the tournament."""
    if category is not None and category.tournament_id != tournament.pk:
        raise ValidationError(_("The category belongs to another tournament."))
    kind = CategoryKind(kind)
    members = list(members)
    errors: dict[str, str] = {}
    if kind in (CategoryKind.SENIORS, CategoryKind.JUNIORS) and year is None:
        errors["year"] = _("Seniors and juniors need the year of birth.")
    if kind is CategoryKind.REGION and not region.strip():
        errors["region"] = _("A regional category needs its region.")
    if kind is CategoryKind.CUSTOM and not members:
        errors["members"] = _("Choose the players of the category.")
    if any(r.tournament_id != tournament.pk for r in members):
        errors["members"] = _("Only players of this tournament can be chosen.")
    name = name.strip()
    # Compared in Python: SQLite folds the case of ASCII letters only (Ženy = ženy).
    others = Category.objects.filter(tournament=tournament)
    if category is not None:
        others = others.exclude(pk=category.pk)
    if name and name.casefold() in {n.casefold() for n in others.values_list("name", flat=True)}:
        errors["name"] = _("The tournament has a category of this name already.")
    if errors:
        raise ValidationError(errors)
    before = _category_after(category) if category is not None else None
    if category is None:
        category = Category(tournament=tournament)
        if order is None:
            order = (max(Category.objects.filter(tournament=tournament)
                         .values_list("order", flat=True), default=0) + 1)
    category.name = name
    category.kind = kind
    category.year = year if kind in (CategoryKind.SENIORS, CategoryKind.JUNIORS) else None
    category.region = region.strip() if kind is CategoryKind.REGION else ""
    if order is not None:
        category.order = order
    category.full_clean(exclude=["tournament"])
    category.save()
    category.members.set(members if kind is CategoryKind.CUSTOM else [])
    audit_record(user=user, action=AuditAction.CATEGORY_SAVE, obj=category,
                 tournament=tournament, summary=category.name, before=before,
                 after=_category_after(category))
    pagecache.bump(tournament.pk)
    return category


@transaction.atomic
def category_delete(*, user: Any, category: Category) -> None:
    tournament = category.tournament
    before = _category_after(category)
    prizes = category.prizes.count()
    audit_record(user=user, action=AuditAction.CATEGORY_DELETE, obj=category,
                 tournament=tournament, summary=category.name,
                 before={**before, "prizes": prizes})
    category.delete()  # its prizes go with it
    pagecache.bump(tournament.pk)


@transaction.atomic
def prize_save(
    *, user: Any, tournament: Tournament, place: int, label: str,
    category: Category | None = None, value: int | None = None, order: int | None = None,
    prize: Prize | None = None,
) -> Prize:
    """Create a prize (``prize`` None) or change one: a place of the main standings
    (``category`` None) or of a category of the same tournament, each place once."""
    if prize is not None and prize.tournament_id != tournament.pk:
        raise ValidationError(_("The prize belongs to another tournament."))
    if category is not None and category.tournament_id != tournament.pk:
        raise ValidationError({"category": _("The category belongs to another tournament.")})
    taken = Prize.objects.filter(tournament=tournament, category=category, place=place)
    if prize is not None:
        taken = taken.exclude(pk=prize.pk)
    if taken.exists():
        raise ValidationError({"place": _("This place has a prize already.")})
    before = snapshot(prize, PRIZE_FIELDS) if prize is not None else None
    if prize is None:
        prize = Prize(tournament=tournament)
        if order is None:
            order = (max(Prize.objects.filter(tournament=tournament)
                         .values_list("order", flat=True), default=0) + 1)
    prize.category = category
    prize.place = place
    prize.label = label.strip()
    prize.value = value
    if order is not None:
        prize.order = order
    prize.full_clean(exclude=["tournament"])
    prize.save()
    audit_record(user=user, action=AuditAction.PRIZE_SAVE, obj=prize, tournament=tournament,
                 summary=prize.label, before=before, after=snapshot(prize, PRIZE_FIELDS))
    pagecache.bump(tournament.pk)
    return prize


@transaction.atomic
def prize_delete(*, user: Any, prize: Prize) -> None:
    tournament = prize.tournament
    audit_record(user=user, action=AuditAction.PRIZE_DELETE, obj=prize, tournament=tournament,
                 summary=prize.label, before=snapshot(prize, PRIZE_FIELDS))
    prize.delete()
    pagecache.bump(tournament.pk)


def prize_settings_of(tournament: Tournament) -> PrizeSettings:
    """The tournament's settings, unsaved defaults if it has none."""
    found = PrizeSettings.objects.filter(tournament=tournament).first()
    return found or PrizeSettings(tournament=tournament)


@transaction.atomic
def double_rule_set(*, user: Any, tournament: Tournament, rule: str) -> PrizeSettings:
    rule = DoubleWinnerRule(rule)
    settings = prize_settings_of(tournament)
    before = settings.double_rule if settings.pk else None
    settings.double_rule = rule
    settings.full_clean(exclude=["tournament"])
    settings.save()
    audit_record(user=user, action=AuditAction.PRIZE_RULE, obj=settings, tournament=tournament,
                 summary=str(rule.label), before={"double_rule": before},
                 after={"double_rule": rule.value})
    pagecache.bump(tournament.pk)
    return settings


def player_details_update(
    *, user: Any, player: Player, sex: str = "", birth_year: int | None = None,
    region: str = "", tournament: Tournament | None = None, confirm_finished: bool = False,
) -> Player:
    """A player's sex, year of birth and region (what the categories ask), all three as the
    category page's form sends them, written by the one player details service (which refuses
    a change that moves a finished tournament's categories unless ``confirm_finished``)."""
    return details.player_details_update(
        user=user, player=player, tournament=tournament, confirm_finished=confirm_finished,
        changes={"sex": sex, "birth_year": birth_year, "region": region})
