"""PB of one hand: the recorded facts looked up in a PB table.

Which components the declarer made is decided by the settlement (renonc included) and passed in
as ``won``; this module only reads the table. PB do not depend on doubling or hearts
(docs/csm-licitovany.md#premium-points), so neither is consulted. Readings where the tables
are silent are named where applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from scoring.errors import Problem
from scoring.hand import Hand, Seat
from scoring.messages import Named, named_list
from scoring.premium.tables import ROWS, UNKNOWN, PremiumTable, format_pb
from scoring.ruleset import Rung
from scoring.types import Component

SEVEN_MAX_TRUMPS = 3  # the tables have sedma rows for 1-3 trumps only
HUNDRED_TABLE_TRUMPS = 4  # per-holding sto rows exist up to 4 trumps; above, one 5–6 row
TWO_SEVENS_SHORT = 4  # dvě sedmy rows start at 4 helper cards or 4 trumps

_T = TypeVar("_T")

# The recorded facts a PB row depends on, named as the scorekeeper knows them.
FACT_NAMES: dict[str, Named] = {
    "trumps": Named("počet trumfů", "the number of trumps", "počet tromfov"),
    "trump_ace": Named("zda měl trumfové eso", "whether the trump ace was held",
                       "či mal tromfové eso"),
    "trump_ten": Named("zda měl trumfovou desítku", "whether the trump ten was held",
                       "či mal tromfovú desiatku"),
    "helper_cards": Named("počet karet pomocné barvy", "the number of helper-suit cards",
                          "počet kariet pomocnej farby"),
}
_RULES = {"hundred_seven": ("pravidlo sto a sedma", "the hundred and seven rule")}
_WITH_LEAD = Named("s výnosem", "with lead", "s výnosom")
_WITHOUT_LEAD = Named("bez výnosu", "without lead", "bez výnosu")


def rung_name(rung: Rung) -> Named:
    return Named(rung.name_cs, rung.name_en)


@dataclass(frozen=True)
class PremiumLine:
    """One awarded item, worded for a referee checking the sheet."""

    seat: Seat
    row: str  # a row code of scoring.premium.tables.ROWS
    value: Fraction
    note_cs: str
    note_en: str


@dataclass(frozen=True)
class PremiumAward:
    per_seat: dict[Seat, Fraction]  # only seats that get PB
    lines: tuple[PremiumLine, ...]
    warnings: tuple[Problem, ...]

    @property
    def total(self) -> Fraction:
        return sum(self.per_seat.values(), Fraction(0))


def needs_sheet_description(total: Fraction | int, threshold: int) -> bool:
    """ČSM 2023 B.3 and E.6.f: a game of ``threshold`` (50) PB or more is described and signed.

    The threshold is ``Ruleset.premium_referee_threshold``; it is a parameter so that this
    module never reads a ruleset.
    """
    return total >= threshold


class _Builder:
    """Collects lines, warnings and missing facts while the rules below are applied."""

    def __init__(self, hand: Hand, rung: Rung, table: PremiumTable) -> None:
        self.hand = hand
        self.rung = rung
        self.table = table
        self.lines: list[PremiumLine] = []
        self.warnings: list[Problem] = []
        self.missing: list[str] = []

    def need(self, name: str, value: _T | None) -> _T | None:
        """A recorded fact the rows depend on; remembers its name when it is missing."""
        if value is None:
            self.missing.append(name)
        return value

    def warn(self, code: str, field: str, **params: object) -> None:
        problem = Problem(code, field, params)
        if problem not in self.warnings:
            self.warnings.append(problem)

    def unknown(self, row: str) -> None:
        column = _WITH_LEAD if self.hand.with_lead else _WITHOUT_LEAD
        name_cs, name_en = ROWS.get(row) or _RULES.get(row, (row, row))
        self.warn("premium_cell_unknown", "premium", table=self.table.name,
                  row=Named(name_cs, name_en), row_code=row, column=column,
                  contract=rung_name(self.rung))

    def awards(self, prefix: str) -> bool:
        """Whether the table knows any PB for the rows of ``prefix`` (``"seven."``): facts
        are asked for only when the answer can earn something."""
        return any(cell.with_lead is not None or cell.without_lead is not None
                   for row, cell in self.table.rows.items() if row.startswith(prefix))

    def add(self, row: str, seat: Seat | None = None, times: int = 1,
            share: Fraction = Fraction(1), why_cs: str = "", why_en: str = "") -> None:
        """Award ``times`` × ``share`` × the cell of ``row``; warn when the cell is unknown."""
        # A count outside the catalogue (an unvalidated hand) reads as an unknown cell.
        cell = self.table.rows.get(row, UNKNOWN)
        value = cell.value(self.hand.with_lead)
        if value is None:
            self.unknown(row)
            return
        name_cs, name_en = ROWS[row]
        if cell.with_lead != cell.without_lead:
            name_cs += ", s výnosem" if self.hand.with_lead else ", bez výnosu"
            name_en += ", with lead" if self.hand.with_lead else ", without lead"
        factor_cs = factor_en = ""
        if times != 1 or share != 1:
            factor = share * times
            factor_cs = f": {format_pb(factor)} × {format_pb(value)}"
            factor_en = f": {format_pb(factor, 'en')} × {format_pb(value, 'en')}"
        self.lines.append(PremiumLine(
            seat=self.hand.declarer if seat is None else seat,
            row=row,
            value=value * times * share,
            note_cs=name_cs + factor_cs + (f" ({why_cs})" if why_cs else ""),
            note_en=name_en + factor_en + (f" ({why_en})" if why_en else ""),
        ))


def premium_points(
    hand: Hand, rung: Rung, won: Mapping[Component, bool], table: PremiumTable
) -> PremiumAward:
    """The PB of ``hand`` played as ``rung`` under ``table``.

    ``won`` names the components the declarer made; a component absent from it counts as
    neither made nor lost. Facts the needed rows depend on must be recorded: when one is
    missing the declarer gets nothing and one ``premium_facts_missing`` warning names them all.
    Ranges and who may claim are checked before, by :mod:`scoring.validate`.
    """
    b = _Builder(hand, rung, table)
    components = rung.components
    if Component.BETL in components:
        _flat(b, Component.BETL, won, (
            ("betl.catching_ace", hand.premium.betl_catching_aces),
            ("betl.six_card_single_catcher", hand.premium.betl_six_card_single_catcher),
        ), "betl.defender_flek")
    elif Component.DURCH in components:
        _flat(b, Component.DURCH, won, (
            ("durch.unsolid_suit", hand.premium.durch_unsolid_suits),
        ), "durch.defender_flek")
    else:
        _ignore_claims(b)
        if Component.TWO_SEVENS in components:
            _two_sevens(b, won)
        else:
            _seven_and_hundred(b, won)

    # Each rule above gathers all its facts before adding a line, so a missing fact means the
    # declarer got nothing rather than a half-computed award.
    missing = tuple(dict.fromkeys(b.missing))
    if missing:
        b.warn("premium_facts_missing", f"premium.{missing[0]}", missing=missing,
               facts=named_list([FACT_NAMES[name] for name in missing]),
               contract=rung_name(rung))

    per_seat: dict[Seat, Fraction] = {}
    for line in b.lines:
        per_seat[line.seat] = per_seat.get(line.seat, Fraction(0)) + line.value
    return PremiumAward(
        per_seat={seat: value for seat, value in sorted(per_seat.items()) if value},
        lines=tuple(b.lines),
        warnings=tuple(b.warnings),
    )


# -- sedma, sto, sto a sedma -------------------------------------------------------------------


def _made(component: Component, rung: Rung, won: Mapping[Component, bool]) -> bool:
    return component in rung.components and won.get(component) is True


def _seven_and_hundred(b: _Builder, won: Mapping[Component, bool]) -> None:
    seven = _made(Component.SEVEN, b.rung, won) and b.awards("seven.")
    hundred = _made(Component.HUNDRED, b.rung, won) and b.awards("hundred.")
    if not (seven or hundred):
        return  # tichá sedma and tiché sto earn no PB: only announced components are listed
    facts = b.hand.premium
    trumps = b.need("trumps", facts.trumps)  # ČSM 2023 B.10: the talon counts as held
    ace = b.need("trump_ace", facts.trump_ace) if hundred else False
    ten = b.need("trump_ten", facts.trump_ten) if hundred else False
    if trumps is None or ace is None or ten is None:
        return
    share = Fraction(1)
    if seven and hundred:
        # Reading: the combination rule applies only when both are made; when one of the two
        # fails, the other earns its own full PB as if announced alone.
        rule = b.table.hundred_seven
        if rule is None:
            b.unknown("hundred_seven")
            return
        if trumps <= rule.max_trumps:
            share = rule.hundred_share
    if seven and trumps <= SEVEN_MAX_TRUMPS:
        b.add(f"seven.trumps_{trumps}")
    if hundred:
        _hundred(b, trumps, ace, ten, share)


def _hundred_row(trumps: int, ace: bool, ten: bool) -> str | None:
    """The sto row of a holding, or None when the table awards nothing for it."""
    if trumps > HUNDRED_TABLE_TRUMPS:
        return None if ace or ten else "hundred.trumps_5_6.without_both"
    if trumps == 1:
        return "hundred.trumps_1." + ("ace" if ace else "ten" if ten else "without_both")
    holding = {
        (True, True): "with_both",
        (True, False): "without_ten",
        (False, True): "without_ace",
        (False, False): "without_both",
    }[(ace, ten)]
    return f"hundred.trumps_{trumps}.{holding}"


def _hundred(b: _Builder, trumps: int, ace: bool, ten: bool, share: Fraction) -> None:
    row = _hundred_row(trumps, ace, ten)
    if row is None:
        return
    if share == 1:
        b.add(row)
    else:
        b.add(row, share=share, why_cs="sto a sedma", why_en="hundred and seven")
    if b.hand.premium.non_trump_marriage:
        # Reading: the bonus is added in full, also when sto a sedma halves the sto row; and only
        # to a sto that earns a row at all (the tables list no bonus without a base value).
        size = "5_6" if trumps > HUNDRED_TABLE_TRUMPS else str(trumps)
        b.add(f"hundred.non_trump_marriage.trumps_{size}")


# -- dvě sedmy ---------------------------------------------------------------------------------


def _two_sevens_row(helpers: int, trumps: int) -> str | None:
    if helpers < TWO_SEVENS_SHORT or trumps < TWO_SEVENS_SHORT:
        return "two_sevens.fewer_than_4"
    if helpers == TWO_SEVENS_SHORT and trumps == TWO_SEVENS_SHORT:
        return "two_sevens.helpers_4_trumps_4"
    if helpers == TWO_SEVENS_SHORT:
        return "two_sevens.helpers_4"
    if trumps == TWO_SEVENS_SHORT:
        return "two_sevens.trumps_4"
    return None


def _two_sevens(b: _Builder, won: Mapping[Component, bool]) -> None:
    two = _made(Component.TWO_SEVENS, b.rung, won) and b.awards("two_sevens.")
    hundred = _made(Component.HUNDRED, b.rung, won) and (  # only when announced and made
        b.awards("hundred.") or b.awards("two_sevens."))
    if not (two or hundred):
        return
    facts = b.hand.premium
    helpers = b.need("helper_cards", facts.helper_cards) if two else None
    trumps = b.need("trumps", facts.trumps)
    if trumps is None or (two and helpers is None):
        return
    row = _two_sevens_row(helpers, trumps) if helpers is not None else None
    if row is not None:
        b.add(row + (".with_hundred" if hundred else ""))
        if hundred and b.hand.premium.non_trump_marriage:
            # 2014 note: the non-trump marriage bonus applies to dvě sedmy a sto as well.
            size = "5_6" if trumps > HUNDRED_TABLE_TRUMPS else str(trumps)
            b.add(f"hundred.non_trump_marriage.trumps_{size}")
        return
    if hundred:
        # Reading: with no dvě sedmy row (long suits, or dvě sedmy lost) a made sto earns the
        # sto rows, as one made component of sto a sedma does.
        ace = b.need("trump_ace", facts.trump_ace)
        ten = b.need("trump_ten", facts.trump_ten)
        if ace is not None and ten is not None:
            _hundred(b, trumps, ace, ten, Fraction(1))


# -- betl and durch ----------------------------------------------------------------------------


def _flat(
    b: _Builder,
    component: Component,
    won: Mapping[Component, bool],
    counted: tuple[tuple[str, int], ...],
    claim_row: str,
) -> None:
    """Betl and durch: so much per counted feature when made, a fleking defender's PB when lost."""
    result = won.get(component)
    if result is True:
        for row, count in counted:
            if count:
                b.add(row, times=count)
        _ignore_claims(b)
    elif result is False:
        doubling = b.hand.doubling(component)
        for seat in b.hand.premium.defender_claims:
            # Only a flek earns the defender's PB; when the sheet names who doubled, he must
            # be among them.
            if doubling.level == 0 or (doubling.by and seat not in doubling.by):
                b.warn("premium_claim_without_flek", "premium.defender_claims", seat=seat)
                continue
            b.add(claim_row, seat=seat)


def _ignore_claims(b: _Builder) -> None:
    """Defender PB exist only for a lost betl or durch; say so rather than drop a claim."""
    for seat in b.hand.premium.defender_claims:
        b.warn("premium_claim_ignored", "premium.defender_claims", seat=seat,
               contract=rung_name(b.rung))
