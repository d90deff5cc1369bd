"""The value types a ruleset is made of: a rung of the ladder, the rates, a renonc rule.

They sit below both :mod:`scoring.ruleset` (which holds them) and :mod:`scoring.policies` (which
reads them), so the policies never need the ruleset's module and no import runs in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.types import Component, HandEffect, RenoncKind


@dataclass(frozen=True)
class Rung:
    """One step of the licitační žebříček and the components it commits the declarer to."""

    code: str
    rank: int
    components: frozenset[Component]
    hearts: bool
    name_cs: str
    name_en: str
    # Otevřený betl/durch (pagat L30-33): the declarer's cards go face up after trick 1; the
    # parts are betl or durch, paid at the open rates of :class:`Rates`.
    open: bool = False
    # Durch s chytrým (obecná pravidla VII.2 L251-253): the declarer needs tricks 1-7 only;
    # whoever takes trick 8 (``Hand.trick8``) is on his side for the payment.
    clever: bool = False
    # Durch mit Partner (pagat L115): after the Gut the declarer names a card and its holder
    # (``Hand.partner``) must take every trick with him; no trumps, yet a partner.
    called_partner: bool = False

    @property
    def has_trumps(self) -> bool:
        return not self.components & {Component.BETL, Component.DURCH}

    @property
    def announces_seven(self) -> bool:
        return bool(self.components & {Component.SEVEN, Component.TWO_SEVENS})


@dataclass(frozen=True)
class Rates:
    """Rates in units of the base (ČSM 2023 A, sazebník)."""

    game: int = 1
    seven: int = 2
    silent_seven: int = 1
    hundred: int = 4
    betl: int = 15
    durch: int = 30
    two_sevens: int = 40
    two_sevens_hearts: int = 60
    concession: int = 6
    pausal_1: int = 10
    pausal_2: int = 50
    pausal_3: int = 0  # SZMK väčší renonce
    pausal_4: int = 0  # SZMK mimoriadny renonce
    incorrect_flek: int = 0  # SZMK E.2: paid by the fleker to every other player
    late_minute: int = 0  # SZMK E.5: per started minute late, to every other player
    limit: int | None = 500  # None: no limit (SZMK)
    raised_limit: int | None = 750
    open_betl: int = 0  # pagat L80: offener Betl 10 (0: the rules have no open contracts)
    open_durch: int = 0  # pagat L81: offener Durch 20
    # pagat L103 (variant): an announced seven beaten in the last trick ("vernichtete
    # Sieben") costs this instead of ``seven``; None: the same as any lost seven
    seven_killed: int | None = None
    # SloapSlam čtyřka L28-30: an announced (or accepted) osma or devítka, plain / hearts, and
    # the raised rate on 3 or fewer trumps of its announcer (hearts 6, not 8)
    honour: int = 0
    honour_hearts: int = 0
    honour_raised: int = 0
    honour_raised_hearts: int = 0
    # SloapSlam čtyřka L20, L64-68: money per premium point of an accepted seven not played
    # ("paušál 2 Kč za bod"), times the hearts factor in hearts ("Č x 2")
    seven_point: int = 0

    def honour_rate(self, hearts: bool, raised: bool) -> int:
        if raised:
            return self.honour_raised_hearts if hearts else self.honour_raised
        return self.honour_hearts if hearts else self.honour

    def component(self, component: Component, hearts: bool, open: bool = False) -> int:
        if open and component is Component.BETL:
            return self.open_betl
        if open and component is Component.DURCH:
            return self.open_durch
        if component is Component.TWO_SEVENS:
            return self.two_sevens_hearts if hearts else self.two_sevens
        return {
            Component.GAME: self.game,
            Component.SEVEN: self.seven,
            Component.HUNDRED: self.hundred,
            Component.BETL: self.betl,
            Component.DURCH: self.durch,
        }[component]


@dataclass(frozen=True)
class RenoncRule:
    """One entry of the renonc catalogue: what it is called and what follows from it."""

    code: str
    name_cs: str
    name_en: str
    kind: RenoncKind
    effect: HandEffect
    penalty_rate: str | None  # a field of Rates paid to every other player, or None
    red_card: bool = False  # SZMK D.2 mimoriadny: the offender also gets a red card

    @property
    def pausal_only(self) -> bool:
        """A renonc that costs its paušál and lets the hand go on (ČSM 2023 E.3, E.4 with
        E.6.a "hradí všem ostatním pouze příslušný paušál"; OBE VI.3 the first three; SLS B/5,
        B/7, B/12): not a renonc *in play*, so the E.6.d limit to the first renonc in play
        does not reach it."""
        return (self.kind in (RenoncKind.TECHNICAL, RenoncKind.PAUSAL_2)
                and self.effect is HandEffect.CONTINUES)
