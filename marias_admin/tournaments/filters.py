"""Filters of the registration list: a name search that ignores diacritics, club, status."""

from __future__ import annotations

import unicodedata
from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import czech_order
from marias_admin.players.models import Club, Player
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament


def fold(text: str) -> str:
    """Lower case without diacritics: "Šťastný" → "stastny", so "stast" finds him."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matches(words: list[str], parts: tuple[str, ...]) -> bool:
    """Every (folded) word starts one of the parts, or occurs in one when 3+ letters long."""
    folded = [fold(p) for p in parts]
    return all(any(part.startswith(word) or (len(word) > 2 and word in part)
                   for part in folded) for word in words)


class RegistrationFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(
        label=_("Name or number"), method="filter_name",
        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("e.g. novak"),
                                      "autocomplete": "off"}),
    )
    club = django_filters.ModelChoiceFilter(label=_("club"), field_name="player__club",
                                            queryset=Club.objects.none(),
                                            empty_label=_("all clubs"))
    status = django_filters.ChoiceFilter(label=_("status"), choices=RegistrationStatus.choices,
                                         empty_label=_("all"))

    class Meta:
        model = Registration
        fields = ("q", "club", "status")

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.filters["club"].queryset = (
            Club.objects.filter(players__registrations__tournament=tournament).distinct()
            .order_by(*czech_order("name", language=tournament.page_language)))

    def filter_name(self, queryset: QuerySet[Registration], name: str,
                    value: str) -> QuerySet[Registration]:
        """Words match the start of a first or last name or the number, any order, any accents.

        Accent folding is not portable across databases, so the (at most a few hundred)
        names of the tournament are matched here, in one query.
        """
        words = fold(value).split()
        if not words:
            return queryset
        rows = (Registration.objects.filter(tournament=self.tournament)
                .values_list("id", "player__first_name", "player__last_name",
                             "player__registration_number"))
        matching = []
        for reg_id, first, last, number in rows:
            if matches(words, (first, last, number or "")):
                matching.append(reg_id)
        return queryset.filter(pk__in=matching)


def player_search(tournament: Tournament, query: str, limit: int = 20) -> list[Player]:
    """Known players not yet in the tournament whose name or number matches, accents ignored."""
    words = fold(query).split()
    if not words:
        return []
    rows = (Player.objects.exclude(registrations__tournament=tournament)
            .values_list("id", "first_name", "last_name", "registration_number"))
    ids = []
    for player_id, first, last, number in rows:
        if matches(words, (first, last, number or "")):
            ids.append(player_id)
            if len(ids) >= limit:
                break
    return list(Player.objects.filter(id__in=ids).select_related("club")
                .order_by(*czech_order("last_name", "first_name",
                                       language=tournament.page_language), "id"))
