"""Categories and prizes: category rankings drawn from the main standings, and the prize list.

Pure (no Django): plain player data and the main standings order in, rankings and the prize
list out, each prize with the reason its winner has it (issue 16, deliverable 4).

- A category is a predicate over plain player data (women, seniors born in or before a year,
  juniors born in or after a year, a region, or an explicit set of players). Its ranking is
  the main order filtered to the category, the places renumbered; players sharing a main
  place share the category place (no category has tie-breaks of its own: the main chain
  already decided what it could).
- A prize table lists prizes for main places and category places. A player may take one prize
  only; when he would win two, the rule decides which he takes (``DoublePrize``): the higher
  valued one, or the one first in the organiser's table. The prize he does not take passes to
  the next eligible player of that ranking.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol

PlayerId = Hashable
MAIN = None  # ``Prize.category`` of the main standings


class CategoryKind(StrEnum):
    WOMEN = "women"  # sex "female"
    SENIORS = "seniors"  # born in or before ``Category.year``
    JUNIORS = "juniors"  # born in or after ``Category.year``
    REGION = "region"  # region equals ``Category.region`` (case and spaces ignored)
    CUSTOM = "custom"  # the players of ``Category.players``


class DoublePrize(StrEnum):
    """What a player who would win two prizes takes (the other passes on)."""

    HIGHER = "higher"  # the higher ``Prize.value`` (equal values: the table's order)
    ORGANISER_ORDER = "organiser_order"  # the one earlier in the prize table


@dataclass(frozen=True)
class PlayerInfo:
    """What categories ask of a player (``players.Player``: sex, birth_year, region)."""

    player: PlayerId
    sex: str = ""  # "female", "male" or unknown ""
    birth_year: int | None = None
    region: str = ""


@dataclass(frozen=True)
class Category:
    code: str  # what ``Prize.category`` names
    name: str
    kind: CategoryKind
    year: int | None = None  # SENIORS, JUNIORS
    region: str = ""  # REGION
    players: frozenset[PlayerId] = field(default_factory=frozenset)  # CUSTOM

    def admits(self, info: PlayerInfo) -> bool:
        """Unknown data (no sex, birth year or region) never qualifies."""
        if self.kind is CategoryKind.WOMEN:
            return info.sex == "female"
        if self.kind in (CategoryKind.SENIORS, CategoryKind.JUNIORS):
            born, limit = info.birth_year, self.year
            if born is None or limit is None:
                return False
            return born <= limit if self.kind is CategoryKind.SENIORS else born >= limit
        if self.kind is CategoryKind.REGION:
            return bool(self.region.strip()) and _norm(info.region) == _norm(self.region)
        return info.player in self.players


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


class Ranked(Protocol):
    """A row of the main standings in its order (``scoring.standings.Standing`` is one)."""

    @property
    def player(self) -> PlayerId: ...
    @property
    def rank(self) -> int: ...


@dataclass(frozen=True)
class Place:
    player: PlayerId
    place: int  # in this ranking, shared by players sharing the main place
    position: int  # 1..n in this ranking, unique
    main_rank: int
    main_position: int


def category_ranking(order: Sequence[Ranked], players: Mapping[PlayerId, PlayerInfo],
                     category: Category | None = None) -> list[Place]:
    """The main order (as given: the standings order) filtered to ``category`` (None: the
    whole field), places renumbered; players missing from ``players`` belong to no category."""
    rows: list[Place] = []
    for main_position, row in enumerate(order, start=1):
        info = players.get(row.player)
        if category is not None and (info is None or not category.admits(info)):
            continue
        shared = rows and rows[-1].main_rank == row.rank
        place = rows[-1].place if shared else len(rows) + 1
        rows.append(Place(row.player, place, len(rows) + 1, row.rank, main_position))
    return rows


@dataclass(frozen=True)
class Prize:
    category: str | None  # a Category.code; None (``MAIN``): the main standings
    place: int
    text: str
    value: int = 0  # to compare prizes (e.g. the amount in minor units)


@dataclass(frozen=True)
class PrizeTable:
    prizes: tuple[Prize, ...]  # in the organiser's order
    rule: DoublePrize = DoublePrize.HIGHER


@dataclass(frozen=True)
class AwardedPrize:
    prize: Prize
    winner: PlayerId | None  # None: nobody eligible left
    place: int | None = None  # the winner's place in the prize's ranking
    # players placed ahead of the winner who took another prize, with that prize
    passed_over: tuple[tuple[PlayerId, Prize], ...] = ()
    # prizes the winner would also have won and left to others
    also_won: tuple[Prize, ...] = ()
    why: tuple[str, ...] = ()


def prize_label(prize: Prize, categories: Mapping[str, Category]) -> str:
    where = "celkově" if prize.category is None else categories[prize.category].name
    return f"{prize.place}. místo {where} ({prize.text})"


def prize_list(order: Sequence[Ranked], players: Mapping[PlayerId, PlayerInfo],
               categories: Sequence[Category], table: PrizeTable, *,
               names: Mapping[PlayerId, str] | None = None) -> list[AwardedPrize]:
    """Every prize of the table (in the table's order) with its winner and why.

    Prizes are given out one at a time: each ranking's prizes from its best place down, and
    among the rankings the prize the rule puts first (the highest value, or the earliest in
    the table). A prize of place p goes to the p-th player of its ranking once the players
    holding a prize of another ranking are left out, so a player takes the first prize he
    reaches and the one he leaves passes to the next eligible player.
    """
    by_code = {c.code: c for c in categories}
    unknown = {p.category for p in table.prizes if p.category is not None} - set(by_code)
    if unknown:
        raise ValueError(f"prize table names unknown categories: {sorted(unknown)}")
    label: Callable[[PlayerId], str] = (
        (lambda p: str(p)) if names is None else (lambda p: names.get(p, str(p))))
    rankings = {code: category_ranking(order, players, None if code is None else by_code[code])
                for code in {p.category for p in table.prizes}}
    prizes = table.prizes
    queues = {code: sorted((i for i, p in enumerate(prizes) if p.category == code),
                           key=lambda i: (prizes[i].place, i)) for code in rankings}

    def priority(i: int) -> tuple[int, int]:
        return (-prizes[i].value if table.rule is DoublePrize.HIGHER else 0, i)

    holder: dict[PlayerId, int] = {}  # player -> table index of the prize he holds
    results: dict[int, AwardedPrize] = {}
    noted: set[tuple[str | None, PlayerId]] = set()
    while any(queues.values()):
        code = min((c for c in queues if queues[c]), key=lambda c: priority(queues[c][0]))
        number = queues[code].pop(0)
        prize = prizes[number]
        ranking = rankings[code]
        free = [r for r in ranking
                if r.player not in holder or prizes[holder[r.player]].category == code]
        win = free[prize.place - 1] if prize.place <= len(free) else None
        # who is named as passed over: the players ahead of the winner holding another
        # prize; with no winner, those ahead of the prize's place in the whole ranking
        if win is not None:
            limit = win.position
        else:
            limit = ranking[prize.place - 1].position + 1 if prize.place <= len(ranking) else (
                len(ranking) + 1)
        passed = tuple((r.player, prizes[holder[r.player]]) for r in ranking
                       if r.position < limit and r.player in holder
                       and prizes[holder[r.player]].category != code
                       and (code, r.player) not in noted)
        noted.update((code, p) for p, _ in passed)
        taken = tuple(f"{label(player)} by ji také vyhrál, bere {prize_label(other, by_code)}; "
                      "cena přechází na dalšího" for player, other in passed)
        if win is None:
            results[number] = AwardedPrize(
                prize, None, passed_over=passed,
                why=(f"nikdo další v pořadí ({len(ranking)} hráčů, "
                     f"{len(free)} bez jiné ceny)", *taken))
        else:
            results[number] = _awarded(prize, win, ranking, passed, taken, code, by_code, label)
            holder[win.player] = number
        _note_also_won(results, holder, passed, prize, table.rule, by_code)
    return [results[i] for i in range(len(prizes))]


def _awarded(prize: Prize, win: Place, ranking: Sequence[Place],
             passed: tuple[tuple[PlayerId, Prize], ...], taken: tuple[str, ...],
             code: str | None, by_code: Mapping[str, Category],
             label: Callable[[PlayerId], str]) -> AwardedPrize:
    """The prize given to ``win``: his place, a shared place, who was passed over."""
    where = "" if code is None else f" v kategorii {by_code[code].name}"
    why = [f"{win.place}. místo{where}"
           + ("" if win.place == win.position else f", {win.position}. v pořadí")]
    tied = [r for r in ranking if r.place == win.place and r.player != win.player]
    if tied:
        why.append("dělené místo s " + ", ".join(label(r.player) for r in tied)
                   + "; rozhodlo pořadí výsledkové listiny")
    return AwardedPrize(prize, win.player, win.place, passed, why=(*why, *taken))


def _note_also_won(results: dict[int, AwardedPrize], holder: Mapping[PlayerId, int],
                   passed: tuple[tuple[PlayerId, Prize], ...], prize: Prize,
                   rule: DoublePrize, by_code: Mapping[str, Category]) -> None:
    """Tell each passed-over player's own prize that he would also have won ``prize``."""
    for player, other in passed:
        held = results[holder[player]]
        if rule is DoublePrize.HIGHER:
            reason = ("vzal vyšší cenu" if other.value > prize.value else
                      "ceny mají stejnou hodnotu, rozhodlo pořadí v tabulce cen")
        else:
            reason = "vzal cenu dřívější v pořadí organizátora"
        results[holder[player]] = replace(
            held, also_won=(*held.also_won, prize),
            why=(*held.why, f"by také vyhrál {prize_label(prize, by_code)}; {reason}"))
