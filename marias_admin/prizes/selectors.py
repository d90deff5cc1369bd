"""Reading categories and prizes: category rankings from the main standings, the prize list.

The rankings and the awarding are the pure functions of :mod:`scoring.prizes` (plain player
data and the main standings' order in); this module loads what they need and shapes the
answers for the pages and exports.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from marias_admin.core import formatting
from marias_admin.core.people import by_sex
from marias_admin.prizes.models import Category, Prize, PrizeSettings
from marias_admin.standings import selectors as standings
from marias_admin.standings.presenters.table import standings_table
from marias_admin.tournaments.models import Registration, Tournament
from scoring import prizes as rules


def categories(tournament: Tournament) -> list[Category]:
    found = list(Category.objects.filter(tournament=tournament).prefetch_related("members"))
    for category in found:
        category.tournament = tournament
    return found


def _code(category_id: int | None) -> str | None:
    return None if category_id is None else str(category_id)


def spec(category: Category) -> rules.Category:
    return rules.Category(
        code=str(category.pk), name=category.name, kind=rules.CategoryKind(category.kind),
        year=category.year, region=category.region,
        players=frozenset(m.pk for m in category.members.all()))


def player_data(tournament: Tournament) -> dict[int, rules.PlayerInfo]:
    """Registration id → what the categories ask of the player (one query)."""
    rows = Registration.objects.filter(tournament=tournament).values_list(
        "pk", "player__sex", "player__birth_year", "player__region")
    return {pk: rules.PlayerInfo(pk, sex or "", year, region or "")
            for pk, sex, year, region in rows}


def category_ranking(category: Category, order: list[Any] | None = None,
                     data: dict[int, rules.PlayerInfo] | None = None) -> list[rules.Place]:
    """The category's members in the main standings' order, places renumbered."""
    tournament = category.tournament
    order = standings.tournament_standings(tournament) if order is None else order
    data = player_data(tournament) if data is None else data
    return rules.category_ranking(order, data, spec(category))


def category_table(category: Category, *, explain_up_to: int | None = None) -> Any:
    """The standings table (as the standings page shows it) of the category's members only,
    in the main order, with places renumbered within the category."""
    tournament = category.tournament
    table = standings_table(tournament, explain_up_to=explain_up_to)
    ranking = category_ranking(category, [r.standing for r in table.rows],
                               player_data(tournament))
    places = {p.player: p for p in ranking}
    ties: dict[int, int] = {}
    for p in ranking:
        ties[p.place] = ties.get(p.place, 0) + 1
    rows = []
    for row in table.rows:
        place = places.get(row.standing.player)
        if place is None:
            continue
        explain = dict(row.explain)
        if explain:
            explain["rank"] = _("Place %(rank)s in the main standings.") % {
                "rank": row.standing.rank}
        rows.append(replace(row, standing=replace(row.standing, rank=place.place,
                                                  position=place.position, by_lot=False),
                            tied=ties[place.place], explain=explain))
    return replace(table, rows=rows)


def player_categories(tournament: Tournament, registration_id: int) -> list[dict[str, Any]]:
    """The categories the player belongs to, with his place in each (None before any result)
    and how many players of the category are ranked."""
    found = categories(tournament)
    if not found:
        return []
    order = standings.tournament_standings(tournament)
    data = player_data(tournament)
    info = data.get(registration_id)
    out = []
    for category in found:
        if info is None or not spec(category).admits(info):
            continue
        ranking = category_ranking(category, order, data)
        mine = next((p for p in ranking if p.player == registration_id), None)
        out.append({"category": category, "rank": mine.place if mine else None,
                    "count": len(ranking)})
    return out


def prize_settings(tournament: Tournament) -> PrizeSettings:
    return (PrizeSettings.objects.filter(tournament=tournament).first()
            or PrizeSettings(tournament=tournament))


def prizes(tournament: Tournament) -> list[Prize]:
    return list(Prize.objects.filter(tournament=tournament).select_related("category"))


def prize_what(prize: Prize) -> str:
    if prize.category is None:
        return _("%(place)s. place overall") % {"place": prize.place}
    return _("%(place)s. place, %(category)s") % {"place": prize.place,
                                                   "category": prize.category.name}


@dataclass(frozen=True)
class PrizeLine:
    prize: Prize
    what: str  # "2. place overall", "1. place, Ženy"
    registration: Registration | None  # None: nobody left to take it
    rank: int | None  # the winner's place in the ranking the prize is for
    reason: str
    value_text: str


def prize_list(tournament: Tournament) -> list[PrizeLine]:
    """Every prize of the table in its order, with its winner and why (the double-winner
    rule applied by :func:`scoring.prizes.prize_list`)."""
    table = prizes(tournament)
    if not table:
        return []
    order = standings.tournament_standings(tournament)
    data = player_data(tournament)
    specs = [rules.Prize(category=_code(p.category_id), place=p.place, text=p.label,
                         value=p.value or 0) for p in table]
    by_spec = {(s.category, s.place): p for s, p in zip(specs, table, strict=True)}
    rule = rules.DoublePrize(prize_settings(tournament).double_rule)
    awarded = rules.prize_list(order, data, [spec(c) for c in categories(tournament)],
                               rules.PrizeTable(tuple(specs), rule))
    registrations = standings.registrations_by_id(tournament)
    names = {pk: r.player.full_name for pk, r in registrations.items()}
    sexes = {pk: r.player.sex for pk, r in registrations.items()}
    lines = []
    for prize, award in zip(table, awarded, strict=True):
        winner = registrations.get(award.winner) if award.winner is not None else None
        lines.append(PrizeLine(
            prize=prize, what=prize_what(prize), registration=winner, rank=award.place,
            reason=_reason(award, names, by_spec, rule, sexes),
            value_text=formatting.money(prize.value, tournament.currency)
            if prize.value is not None else ""))
    return lines


#: Why the winner takes this prize rather than another he would also have won, by the
#: tournament's double-prize rule: the female, male and neutral forms (``core.people.by_sex``).
ALSO_WON: dict[rules.DoublePrize, tuple[Promise, Promise, Promise]] = {
    rules.DoublePrize.HIGHER: (
        pgettext_lazy("female", "Would also have won “%(prize)s” (%(what)s) and takes the "
                      "higher prize."),
        gettext_lazy("Would also have won “%(prize)s” (%(what)s) and takes the higher prize."),
        pgettext_lazy("sex unknown", "Would also have won “%(prize)s” (%(what)s) and takes "
                      "the higher prize.")),
    rules.DoublePrize.ORGANISER_ORDER: (
        pgettext_lazy("female", "Would also have won “%(prize)s” (%(what)s) and takes the "
                      "prize earlier in the prize table."),
        gettext_lazy("Would also have won “%(prize)s” (%(what)s) and takes the prize earlier "
                     "in the prize table."),
        pgettext_lazy("sex unknown", "Would also have won “%(prize)s” (%(what)s) and takes "
                      "the prize earlier in the prize table.")),
}


def _reason(award: rules.AwardedPrize, names: dict[Any, str],
            by_spec: dict[tuple[str | None, int], Prize], rule: rules.DoublePrize,
            sexes: dict[Any, str] | None = None) -> str:
    """Why the prize goes to its winner; the sentences about a player agree with the
    player's sex (``sexes``: registration id → "female"/"male"/"" as stored)."""
    sexes = sexes or {}
    if award.winner is None:
        return _("Nobody left in this ranking to take the prize.")
    parts = [_("Place %(rank)s in this ranking.") % {"rank": award.place}]
    for player, other in award.passed_over:
        held = by_spec[(other.category, other.place)]
        parts.append(by_sex(
            sexes.get(player),
            female=pgettext("female", "%(player)s, placed higher, takes “%(prize)s” (%(what)s) "
                            "instead; this prize passes to the next player."),
            male=_("%(player)s, placed higher, takes “%(prize)s” (%(what)s) instead; "
                   "this prize passes to the next player."),
            neutral=pgettext("sex unknown", "%(player)s, placed higher, takes “%(prize)s” "
                             "(%(what)s) instead; this prize passes to the next player."))
                     % {"player": names.get(player, "?"), "prize": held.label,
                        "what": prize_what(held)})
    female, male, neutral = ALSO_WON[rule]
    sentence = by_sex(sexes.get(award.winner), female=female, male=male, neutral=neutral)
    for other in award.also_won:
        left = by_spec[(other.category, other.place)]
        parts.append(sentence % {"prize": left.label, "what": prize_what(left)})
    return " ".join(parts)


# -- for the standings pages (their probes, provided in PrizesConfig.ready) ----------------------


def category_links(tournament: Tournament) -> list[tuple[int, str]]:
    return list(Category.objects.filter(tournament=tournament).values_list("pk", "name"))


def category_table_for(tournament: Tournament, category_id: int,
                       explain_up_to: int | None) -> tuple[str, Any] | None:
    category = Category.objects.filter(tournament=tournament, pk=category_id).first()
    if category is None:
        return None
    category.tournament = tournament
    return category.name, category_table(category, explain_up_to=explain_up_to)
