"""A hand as the scorekeeper records it: typed, immutable, and nothing derived stored twice.

Seats are numbered 1..n clockwise in the order of the table sheet (ČSM 2023 B.3). The dealer
fixes everything positional: at a table of four he sits the hand out (the sitter, ČSM 2023 B.2), the
next seat clockwise is the forehand, and a declarer who is forehand plays "s výnosem".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.types import COMPONENT_ORDER, Component, Rank, Side, Suit

Seat = int
CARD_POINTS_TOTAL = 90  # aces and tens 80, last trick 10 (obecná pravidla III.1)


@dataclass(frozen=True)
class Marriage:
    """A hláška: 20, or 40 in trumps. The suit is optional; scorekeepers often write values."""

    value: int
    suit: Suit | None = None


@dataclass(frozen=True)
class Points:
    """Card points (including 10 for the last trick) and announced marriages per side."""

    declarer_cards: int
    declarer_marriages: tuple[Marriage, ...] = ()
    defence_marriages: tuple[Marriage, ...] = ()

    @property
    def defence_cards(self) -> int:
        return CARD_POINTS_TOTAL - self.declarer_cards

    @property
    def declarer_total(self) -> int:
        return self.declarer_cards + sum(m.value for m in self.declarer_marriages)

    @property
    def defence_total(self) -> int:
        return self.defence_cards + sum(m.value for m in self.defence_marriages)


@dataclass(frozen=True)
class SilentSeven:
    """Tichá sedma: whose trump seven went to the last trick, and whether it took it."""

    side: Side
    won: bool


@dataclass(frozen=True)
class Doubling:
    """The doubling level reached on one component.

    ``by`` names the defenders who joined the doubling (needed for ČSM 2023 C.5 laid-down
    games and for per-defender binding); ``per_defender`` records a different level for some payers.
    ``raises`` is the chain as it was said, one seat per raise (flek, re, tutti, ...: obecná
    pravidla V.5); when recorded, the level is its length and ``by`` the defenders in it.
    """

    component: Component
    level: int
    by: tuple[Seat, ...] = ()
    per_defender: tuple[tuple[Seat, int], ...] = ()
    raises: tuple[Seat, ...] = ()
    # Defenders whose flek on this part was compulsory (a trhák, SloapSlam B/19 L204); their
    # fleks on the other parts of the hand stay free (B/10 L186 "nucen dát flek na hru")
    forced: tuple[Seat, ...] = ()

    def level_for(self, payer: Seat, per_defender_binding: bool) -> int:
        for seat, level in self.per_defender:
            if seat == payer:
                return level
        if per_defender_binding and self.by and payer not in self.by:
            return 0
        return self.level


@dataclass(frozen=True)
class Announcement:
    """A part announced by a defender against the declarer: sedma proti, sto proti
    (obecná pravidla VII.1, pagat L46 "7 gegen", "100 gegen").

    ``raises`` is its own doubling chain (the declaring side says flek, the defence re, ...);
    ``won`` is the defence's result (for a sto, None: the points decide); ``killed``: a seven
    lost by being beaten in the last trick (pagat L103, the vernichtete Sieben).
    """

    component: Component
    by: Seat
    level: int = 0
    raises: tuple[Seat, ...] = ()
    won: bool | None = None
    killed: bool = False


@dataclass(frozen=True)
class Honour:
    """An announced honer of the čtyřka (SloapSlam L28-32): the trump nine must take trick 6,
    the trump eight trick 7 (the trump seven, trick 8, is the contract's sedma).

    ``by`` announced it; ``trumps`` he held (the rate is raised on 3 or fewer, L30, L46);
    ``raises`` its own doubling chain (the other side says flek); ``won``: the honer took its
    trick (None in a hand not played, where it is conceded).
    """

    rank: Rank  # Rank.NINE or Rank.EIGHT
    by: Seat
    trumps: int | None = None
    level: int = 0
    raises: tuple[Seat, ...] = ()
    won: bool | None = None


HONOUR_ORDER: tuple[Rank, ...] = (Rank.NINE, Rank.EIGHT)  # trick 6, then trick 7 (L32)


@dataclass(frozen=True)
class Renonc:
    code: str  # a code of the ruleset's catalogue, e.g. "E.2.a" (ČSM 2023)
    offender: Seat
    # SZMK D.1: the offender's first menší of the round is not paid. Set by
    # :func:`scoring.table_round.mark_forgiven`, which sees the whole round.
    forgiven: bool = False
    # SloapSlam křížový D1-D4 (L254-260): the innocent side had the hand played out
    # (dohrávka); the recorded results are the dohrávka's and the offender pays the paušál only
    played_out: bool = False
    # SloapSlam D4 (L260), a renonc of the dohrávka (``Hand.further_renoncs``, the last one)
    # after which no dohrávka followed: it decides the hand, as a first renonc not played out
    decisive: bool = False


@dataclass(frozen=True)
class Late:
    """A player who came to the table late (SZMK E.5: paid per started minute)."""

    seat: Seat
    minutes: int


@dataclass(frozen=True)
class PremiumFacts:
    """What the PB table needs to know and the cards on the sheet do not show.

    Trumps count the talon as still in the declarer's hand (ČSM 2023 B.10).
    """

    trumps: int | None = None
    trump_ace: bool | None = None
    trump_ten: bool | None = None
    non_trump_marriage: bool = False  # sto reached with a marriage outside trumps
    helper_cards: int | None = None  # dvě sedmy: cards of the helper suit held
    betl_catching_aces: int = 0
    betl_six_card_single_catcher: int = 0  # six-card suits with a single catcher
    durch_unsolid_suits: int = 0
    defender_claims: tuple[Seat, ...] = ()  # defenders whose flek earns PB (betl, durch)
    # Per-seat PB tables (SloapSlam křížový L214): the trumps of other seats than the
    # declarer's (his are ``trumps``), as (seat, count) pairs in seat order
    seat_trumps: tuple[tuple[Seat, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat_trumps", tuple(sorted(dict(self.seat_trumps).items())))

    def trumps_of(self, seat: Seat, declarer: Seat) -> int | None:
        """The trumps ``seat`` held: ``seat_trumps``, else ``trumps`` for the declarer."""
        for s, count in self.seat_trumps:
            if s == seat:
                return count
        return self.trumps if seat == declarer else None

    @property
    def is_empty(self) -> bool:
        return self == PremiumFacts()


@dataclass(frozen=True)
class Hand:
    players: int
    dealer: Seat
    declarer: Seat
    contract: str | None  # a ladder rung code, "concession" (omyl), or None for a renonc alone
    trump: Suit | None = None
    helper: Suit | None = None  # pomocná barva of dvě sedmy
    bid: str | None = None  # the rung the auction was won at, when recorded
    doublings: tuple[Doubling, ...] = ()
    points: Points | None = None
    game_won: bool | None = None  # hra result when card points were not recorded
    seven_won: bool | None = None
    silent_seven: SilentSeven | None = None
    betl_won: bool | None = None
    durch_won: bool | None = None
    two_sevens_won: bool | None = None
    premium: PremiumFacts = field(default_factory=PremiumFacts)
    laid_down: bool = False  # ložená hra (ČSM 2023 C)
    not_played: bool = False  # parts cancel out (obecná pravidla V.12)
    renonc: Renonc | None = None
    premium_ruling: bool | None = None  # referee's grant (True) or refusal (False), ČSM 2023 E.6.f
    # SZMK E.1-E.2: the referee cancelled every doubling of the hand; the seats named in
    # incorrect_flek_by fleked incorrectly (SZMK 2024 E.2) and pay the fine to every other player.
    doublings_cancelled: bool = False
    incorrect_flek_by: tuple[Seat, ...] = ()
    late: Late | None = None  # a line of its own, like a renonc without a contract
    # SZMK C.6.e: a sto (or 100+7) played with a marriage the declarer held but did not
    # announce; the sto is lost and the payment follows from this marriage.
    unannounced_marriage: Marriage | None = None
    # Parts announced by the defence (sedma proti, sto proti), in the order announced
    announcements: tuple[Announcement, ...] = ()
    # The declarer's announced seven was beaten in the last trick (pagat L103)
    seven_killed: bool = False
    # Křížový (obecná pravidla VII.2): all four play and nobody sits out. Set from
    # ``Ruleset.partnerships`` by the parsers, and by settle/validate for a hand built bare.
    all_play: bool = False
    # The called partner (L243-245), None when the declarer plays alone (1v3)
    partner: Seat | None = None
    # The rank the forehand called (L243), for the audit
    called_rank: Rank | None = None
    # Durch s chytrým (L251-253): the seat that took trick 8; it joins the declarer's side
    # when the durch is won (the declarer himself: he took all eight, 1v3)
    trick8: Seat | None = None
    # Durch mit Partner lost (pagat L115): the tricks the declarer himself took; under 6 he
    # pays double and his partner nothing
    declarer_tricks: int | None = None
    # Honers announced (SloapSlam čtyřka L28-32), nine before eight
    honours: tuple[Honour, ...] = ()
    # Defenders whose flek was compulsory (trhák, SloapSlam B/19 L204): B/10 does not make
    # them pay for their partners
    forced_flekers: tuple[Seat, ...] = ()
    # Renoncs during a dohrávka (SloapSlam D4 L260): each costs its paušál only
    further_renoncs: tuple[Renonc, ...] = ()
    # The declaring side's seat that announced the contract's sedma when it is not the
    # declarer: his partner (SloapSlam L42, L46: that player's trumps count, not the side's)
    seven_by: Seat | None = None

    def __post_init__(self) -> None:
        # One canonical form, so that equal hands compare equal however they were built:
        # components in ladder order, seats sorted, and "accepted" only as no entry at all.
        # A recorded chain of raises fixes the level and the defenders who joined it.
        canonical = (
            Doubling(d.component, d.level or len(d.raises),
                     tuple(sorted(set(d.by or (s for s in d.raises
                                               if s not in (self.declarer, self.partner))))),
                     tuple(sorted(d.per_defender)), tuple(d.raises),
                     tuple(sorted(set(d.forced))))
            for d in self.doublings
        )
        ordered = tuple(
            sorted(
                (d for d in canonical
                 if d.level or d.by or d.per_defender or d.raises or d.forced),
                key=lambda d: COMPONENT_ORDER.index(d.component),
            )
        )
        object.__setattr__(self, "doublings", ordered)
        object.__setattr__(self, "announcements", tuple(
            Announcement(a.component, a.by, a.level or len(a.raises), tuple(a.raises), a.won,
                         a.killed)
            for a in self.announcements))
        object.__setattr__(self, "incorrect_flek_by", tuple(sorted(set(self.incorrect_flek_by))))
        object.__setattr__(self, "honours", tuple(sorted(
            (Honour(h.rank, h.by, h.trumps, h.level or len(h.raises), tuple(h.raises), h.won)
             for h in self.honours),
            key=lambda h: HONOUR_ORDER.index(h.rank) if h.rank in HONOUR_ORDER else 9)))
        object.__setattr__(self, "forced_flekers", tuple(sorted(set(self.forced_flekers))))
        object.__setattr__(self, "further_renoncs", tuple(self.further_renoncs))
        if self.seven_by == self.declarer:  # the declarer's own seven: no entry at all
            object.__setattr__(self, "seven_by", None)
        if self.incorrect_flek_by:
            object.__setattr__(self, "doublings_cancelled", True)

    # -- positions ---------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def sitter(self) -> Seat | None:
        return self.dealer if self.players == 4 and not self.all_play else None

    @property
    def side_partner(self) -> Seat | None:
        """The declarer's partner for the payment: the called one, or in a won durch s
        chytrým the player who took trick 8 (obecná pravidla VII.2 L251-253)."""
        if self.partner is not None:
            return self.partner
        if self.trick8 is not None and self.trick8 != self.declarer and self.durch_won:
            return self.trick8
        return None

    @property
    def declaring_side(self) -> tuple[Seat, ...]:
        """The declarer and his partner, if any (the volící strana, obecná pravidla I)."""
        partner = self.side_partner
        return (self.declarer,) if partner is None else tuple(sorted((self.declarer, partner)))

    def receiver(self, payer: Seat) -> Seat:
        """Who of the declaring side settles with ``payer`` (VII.2 L248-250: one of the
        losing pair pays one of the winners). The payers in seat order from the declarer
        clockwise: the first settles with the declarer, the second with his partner."""
        partner = self.side_partner
        if partner is None:
            return self.declarer
        order = sorted(self.payers, key=lambda s: (s - self.declarer) % self.players)
        return self.declarer if payer == order[0] else partner

    @property
    def forehand(self) -> Seat:
        return self.dealer % self.players + 1

    @property
    def forehand_side(self) -> tuple[Seat, ...]:
        """Forhont and his called partner: the side whose game forhont's opponents flek
        (pagat L110-111). Forhont alone when he is neither the declarer nor the partner."""
        if self.forehand in self.auction_side:
            return self.auction_side
        return (self.forehand,)

    def forced_on(self, component: Component) -> tuple[Seat, ...]:
        """The defenders whose flek on ``component`` was compulsory (SloapSlam B/19 L204): the
        part's own ``forced``, and a seat of ``forced_flekers`` (forced on every part he
        fleked) among its flekers."""
        doubling = self.doubling(component)
        legacy = set(self.forced_flekers) & set(doubling.by)
        return tuple(sorted(set(doubling.forced) | legacy))

    @property
    def seven_announcer(self) -> Seat:
        """Who announced the contract's sedma: the declarer unless ``seven_by`` names his
        partner (SloapSlam L42, L46)."""
        return self.declarer if self.seven_by is None else self.seven_by

    @property
    def with_lead(self) -> bool:
        """S výnosem: the declarer leads to the first trick as forehand."""
        return self.declarer == self.forehand

    @property
    def payers(self) -> tuple[Seat, ...]:
        """Everyone but the declaring side; the sitter settles as a defender (ČSM 2023 B.2)."""
        side = self.declaring_side
        return tuple(s for s in self.seats if s not in side)

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The defenders who hold cards (the sitter excluded)."""
        return tuple(s for s in self.payers if s != self.sitter)

    @property
    def auction_side(self) -> tuple[Seat, ...]:
        """The declaring side when the raises were said: the declarer and his called partner.
        A durch s chytrým's trick-8 taker is not in it: he was a defender then, and OBE
        L251-253 moves him only for the payment (:attr:`declaring_side`)."""
        side = {self.declarer} if self.partner is None else {self.declarer, self.partner}
        return tuple(sorted(side))

    @property
    def auction_defenders(self) -> tuple[Seat, ...]:
        """The defenders who could flek (cards in hand, not of :attr:`auction_side`)."""
        side = self.auction_side
        return tuple(s for s in self.seats if s not in side and s != self.sitter)

    # -- recorded facts ----------------------------------------------------------------------

    def doubling(self, component: Component) -> Doubling:
        for d in self.doublings:
            if d.component is component:
                return d
        return Doubling(component, 0)

    def level_for(self, doubling: Doubling, payer: Seat, per_defender: bool) -> int:
        """The level binding ``payer``; with per-defender binding the sitter, who holds no
        cards and cannot flek, is bound only when the sheet names him (SZMK C.9)."""
        named = payer in doubling.by or any(s == payer for s, _ in doubling.per_defender)
        if per_defender and payer == self.sitter and not named:
            return 0
        return doubling.level_for(payer, per_defender)

    def result(self, component: Component) -> bool | None:
        """The recorded won/lost of a component whose result is not a point count."""
        return {
            Component.GAME: self.game_won,
            Component.SEVEN: self.seven_won,
            Component.BETL: self.betl_won,
            Component.DURCH: self.durch_won,
            Component.TWO_SEVENS: self.two_sevens_won,
            Component.HUNDRED: None,
        }[component]

    @property
    def played_out(self) -> bool:
        """Whether any outcome was recorded (SZMK D.4.c: a hand that may be played out)."""
        return self.points is not None or any(
            value is not None
            for value in (self.game_won, self.seven_won, self.betl_won, self.durch_won,
                          self.two_sevens_won)
        )

    def doublings_void_for(self, payer: Seat, own_only: bool) -> bool:
        """Whether the referee's ruling voids the raises binding ``payer``.

        An SZMK 2024 E.1 cancellation voids every raise. An SZMK 2024 E.2 ruling names the
        incorrect flekers; with
        ``own_only`` (the ruleset's reading) it voids only their raises and the answers to
        them, otherwise every raise of the hand.
        """
        if not self.doublings_cancelled:
            return False
        if own_only and self.incorrect_flek_by:
            return payer in self.incorrect_flek_by
        return True

    @property
    def flekers(self) -> tuple[Seat, ...]:
        """Defenders who joined any doubling, in seat order."""
        return tuple(sorted({s for d in self.doublings if d.level > 0 for s in d.by}))
