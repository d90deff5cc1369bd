"""Rule policies: the ruleset's related readings grouped, each answering its own rule question.

The flat :class:`scoring.ruleset.Ruleset` fields stay the stored form (presets, JSON, archives,
a tournament's overrides and the readings page name them). Settlement and validation read these
small frozen groups instead (``ruleset.hundred``, ``ruleset.flek``, ``ruleset.penalties``,
``ruleset.premiums``, ``ruleset.partnership``), so that a question such as "which marriages
count toward the 100" or "who is bound by a flek" has one home instead of an if-chain at every
place that asks it. This module never imports the settlement.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.hand import Hand, Marriage, Seat
from scoring.rule_parts import Rates, RenoncRule, Rung
from scoring.types import (
    Component,
    FlekBinding,
    FlekerLiability,
    HundredMarriage,
    IncorrectFlekVoids,
    RenoncGameValue,
    Series,
    Side,
    SilentHundredRule,
)

NO_CAP = 1 << 30  # the cap of a ruleset without one: no raise is ever void


@dataclass(frozen=True)
class HundredPolicy:
    """The hundred maths: announced sto (obecná pravidla V.6, SZMK C.1, C.6, B.10, pagat L88,
    L101), tiché sto (obecná V.7, SZMK C.5, pagat L53) and which marriages count (IV.4, VII.1).
    """

    series: Series
    seven_as_one: bool
    marriages_to_reach: int
    marriage_choice: HundredMarriage
    failed_counts_opponent_marriages: bool
    silent: SilentHundredRule
    silent_tens_doubled: bool
    silent_marriages: int | None
    needs_marriage: bool
    without_marriage_renonc: str | None

    def counted(self, marriages: tuple[Marriage, ...], count: int | None = None) -> int:
        """The marriages that count toward 100: the best, or the first announced (VII.1)."""
        values = [m.value for m in marriages]
        if self.marriage_choice is not HundredMarriage.FIRST_ANNOUNCED:
            values.sort(reverse=True)
        n = self.marriages_to_reach if count is None else count
        return sum(values[:n])

    def series_steps(self, first: int, tens: int) -> int | Fraction:
        """Steps after ``tens`` full tens past 100, ``first`` being the value at 100.

        SZMK C.1 "aritmetickým radom", C.6.b: each ten adds the value at 100 once more (a stovka
        per ten for the announced stovka, a nahraná stovka per ten for a farba). Pagat L101:
        geometric by default, half steps (4+2+2+2) as a variant.
        """
        if self.series is Series.GEOMETRIC:
            doubled: int = 2**tens  # int ** int is typed Any (a negative power is a float)
            return first * doubled
        if self.series is Series.HALF_STEP:
            return first + Fraction(first * tens, 2)
        return first * (1 + tens)

    def seven_whole_with(self, rung: Rung) -> bool:
        """SZMK B.10: whether this contract's 100+7 is won, lost and fleked as one."""
        return self.seven_as_one and {Component.HUNDRED, Component.SEVEN} <= rung.components

    def opponent_marriages(self, marriages: tuple[Marriage, ...]) -> int:
        """What the other side's marriages add to a failed sto (obecná V.6; pagat L88: 0)."""
        if not self.failed_counts_opponent_marriages:
            return 0
        return sum(m.value for m in marriages)


@dataclass(frozen=True)
class FlekPolicy:
    """Raises: their cap (ČSM 2023 E.5.b, SZMK C.9-C.10, pagat L57), whom a flek binds (all
    payers or the defender who says it), what an incorrect flek voids (SZMK E.2) and who pays
    for a fleked scored game (SloapSlam křížový B/10)."""

    cap: int | None
    cap_no_trumps: int | None
    binding: FlekBinding
    binding_no_trumps: FlekBinding | None
    incorrect_voids: IncorrectFlekVoids
    fleker_liability: FlekerLiability
    scored_components: frozenset[Component]
    liability_per_part: bool = False  # B/10: relief part by part, not netted over the hand
    forced_fleker_relieved: bool = True  # B/19 beside B/10: a forced fleker pays only v0

    def cap_for(self, component: Component) -> int:
        """How many raises a component allows (SZMK C.9-C.10 differ for malý/veľký)."""
        no_trumps = component in (Component.BETL, Component.DURCH)
        if no_trumps and self.cap_no_trumps is not None:
            return self.cap_no_trumps
        return NO_CAP if self.cap is None else self.cap

    def per_defender(self, rung: Rung | None) -> bool:
        """Whether a flek binds only the defender who says it, for this contract."""
        binding = self.binding
        if rung is not None and not rung.has_trumps and self.binding_no_trumps is not None:
            binding = self.binding_no_trumps
        return binding is FlekBinding.PER_DEFENDER

    @property
    def voids_own_only(self) -> bool:
        """SZMK E.2 reading: an incorrect flek voids only the raises of its fleker."""
        return self.incorrect_voids == IncorrectFlekVoids.OWN

    def void_for(self, hand: Hand, payer: Seat) -> bool:
        """Whether the referee's ruling voided the raises that bind ``payer``."""
        return hand.doublings_void_for(payer, self.voids_own_only)

    @property
    def flekers_liable(self) -> bool:
        """SloapSlam B/10: whether flekers pay for a scored game the declaring side won."""
        return bool(self.scored_components) and (
            self.fleker_liability is not FlekerLiability.NONE)


@dataclass(frozen=True)
class PenaltyPolicy:
    """Renonc and fines: the paušál rates (ČSM 2023 E.4, E.6.a, SZMK D.2), the game value of a
    renonc hand (ČSM 2023 E.6.b never below the basic rate; obecná VI.3 basic at levels), the
    incorrect-flek fine (SZMK E.2) and lateness (SZMK E.5)."""

    rates: Rates
    base: int
    min_basic_rate: bool
    game_value: RenoncGameValue
    incorrect_flek: int
    late_minute: int
    basic_unfleked: bool = False  # SloapSlam D4 "základní sazba": the unfleked rate

    def units(self, rule: RenoncRule) -> int:
        """The paušál of a catalogue entry, in rate units (0 when it has none)."""
        rate: int = getattr(self.rates, rule.penalty_rate) if rule.penalty_rate else 0
        return rate

    @property
    def basic_at_levels(self) -> bool:
        """Obecná VI.3: a renonc hand's game counts once, at the reached levels."""
        return self.game_value is RenoncGameValue.BASIC_AT_LEVELS


@dataclass(frozen=True)
class PremiumGrant:
    """Who may not score after a renonc, and above which PB the referee must rule.

    ČSM 2023 E.6.e-f: the offender's whole side scores nothing; 50 PB or more waits for the
    referee. SloapSlam D5-D6 (L262-264), per-seat tables: only the offender himself scores
    nothing; more than the threshold waits for the referee.
    """

    threshold: int
    offender_side: bool  # True: the offender's whole side; False: the offender alone
    strictly_above: bool  # True: the referee rules above the threshold; False: at it too

    def refused_as_offender(self, hand: Hand, seat: Seat) -> bool:
        assert hand.renonc is not None
        offender = hand.renonc.offender
        if not self.offender_side:
            return seat == offender
        return _side(hand, seat) is _side(hand, offender)

    def needs_ruling(self, value: Fraction) -> bool:
        return value > self.threshold if self.strictly_above else value >= self.threshold


@dataclass(frozen=True)
class PremiumPolicy:
    """Premium points (PB): the table the ruleset scores by (None: no PB) and the referee
    threshold of ČSM 2023 B.3, E.6.f (SloapSlam B/1, D6)."""

    table: str | None
    referee_threshold: int

    def grant(self, per_seat_table: bool) -> PremiumGrant:
        """The renonc rule of the grant: per seat for SloapSlam's tables, per side otherwise."""
        return PremiumGrant(self.referee_threshold, offender_side=not per_seat_table,
                            strictly_above=per_seat_table)


@dataclass(frozen=True)
class PartnershipPolicy:
    """Křížový seating (obecná pravidla VII.2 L243-250; VI.3 L227): all four play, the declarer
    may call a partner, who may say the even raises, and a defender's renonc in 2v2."""

    partnerships: bool
    partner_even_raises: bool
    offender_pays_side: bool

    def offender_pays_for_pair(self, hand: Hand) -> bool:
        """Whether the renonc's offender pays for his whole side (always, outside 2v2)."""
        return hand.side_partner is None or self.offender_pays_side


def _side(hand: Hand, seat: Seat) -> Side:
    return Side.DECLARER if seat in hand.declaring_side else Side.DEFENCE
