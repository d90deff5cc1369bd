"""A hand back in the terse shorthand, for correcting a saved hand on a phone.

The inverse of the parser's short forms: ``parse(format_shorthand(h)) == h`` for every valid
hand, which also proves that the shorthand alone can say everything a hand records.

On a Slovak sheet (SZMK) the contract letters are the Slovak ones: ``h`` farba, ``m`` malý,
``v`` veľký, ``g`` guľa; sub and hirš are written as counts (``3f``, ``4f``), because ``s`` is
the sedma and ``h`` the hra.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.hand import Announcement, Doubling, Hand, Honour, Marriage, PremiumFacts, Renonc
from scoring.notation import families as fm
from scoring.notation import lexicon as lx
from scoring.notation.grammar import sheet_language
from scoring.notation.tokens import fold_phrase
from scoring.ruleset import CONCESSION, Ruleset
from scoring.types import Component, Rank, Side, Suit

_SUIT_LETTER: dict[Suit, str] = {
    Suit.HEARTS: "c", Suit.BELLS: "k", Suit.LEAVES: "z", Suit.ACORNS: "za",
}
_COMPONENT: dict[Component, str] = {
    Component.GAME: "h", Component.SEVEN: "7", Component.HUNDRED: "100",
    Component.BETL: "b", Component.DURCH: "d", Component.TWO_SEVENS: "2x7",
}


@dataclass(frozen=True)
class _Letters:
    """The letters of one sheet language."""

    suit: dict[Suit, str]
    component: dict[Component, str]
    level: dict[int, str]
    cores: dict[frozenset[Component], str]


def _levels(language: str) -> dict[int, str]:
    letters = lx.LEVEL_LETTERS_BY_LANGUAGE[language]
    return {1: lx.FLEK_LETTER, **{v: k for k, v in letters.items()}}


_LETTERS: dict[str, _Letters] = {
    "cs": _Letters(_SUIT_LETTER, _COMPONENT, _levels("cs"), {}),
    "sk": _Letters(
        {**_SUIT_LETTER, Suit.BELLS: "g"},
        {**_COMPONENT, **{c: w for w, c in lx.SK_COMPONENT_SHORT.items()}},
        _levels("sk"),
        lx.SK_CORE_SHORT,
    ),
}
_RESULTS: tuple[tuple[Component, str], ...] = (
    (Component.GAME, "game_won"), (Component.SEVEN, "seven_won"),
    (Component.BETL, "betl_won"), (Component.DURCH, "durch_won"),
    (Component.TWO_SEVENS, "two_sevens_won"),
)
_COUNTS = ("trumps", "helper_cards", "betl_catching_aces", "betl_six_card_single_catcher",
           "durch_unsolid_suits")


def _core(components: frozenset[Component], letters: _Letters) -> str:
    """The shortest typed form of a set of components (7, 100+7, 2x7+100, m, ...)."""
    if components in letters.cores:
        return letters.cores[components]
    forms = [w for w, c in lx.CONTRACT_CORES.items() if c == components]
    forms += [w for w, c in lx.GLUED_CONTRACT_CORES.items() if c == components]  # h: hra
    return min(forms, key=len)


def _sign(won: bool) -> str:
    return lx.WON_WORDS[0] if won else lx.LOST_WORDS[0]


def _seats(seats: tuple[int, ...]) -> str:
    return "".join(str(s) for s in seats)


def format_shorthand(hand: Hand, ruleset: Ruleset) -> str:
    """The shorthand of ``hand`` (ASCII only, items separated by spaces)."""
    letters = _LETTERS[sheet_language(ruleset)]
    items = _contract(hand, ruleset, letters)
    if hand.called_rank is not None:  # křížový (obecná VII.2 L243)
        items.append("=" + _RANK[hand.called_rank])
    if hand.partner is not None:
        items.append(f"sp@{hand.partner}")
    if hand.bid is not None:
        bid = ruleset.rung(hand.bid)
        if bid is not None:
            items.append("v" + _core(bid.components, letters) + ("c" if bid.hearts else ""))
    items += [_doubling(d, letters) for d in hand.doublings]
    items += [_announcement(a) for a in hand.announcements]
    items += [_honour(h) for h in hand.honours]  # SloapSlam čtyřka L28-32
    items += _seven_by(hand)  # SloapSlam L42, L46: the partner's seven, his trumps
    items += [f"trh@{s}" for s in hand.forced_flekers]  # SloapSlam B/19
    items += [f"trh{fm.FORCED_PART_LETTER[d.component]}{lx.BY_MARK}{s}"  # B/19 per part
              for d in hand.doublings for s in d.forced]
    if hand.seven_killed:
        items.append("sx")
    items += _tricks(hand)
    if hand.incorrect_flek_by:
        items.append(lx.INCORRECT_FLEK_WORDS[0] + lx.BY_MARK + _seats(hand.incorrect_flek_by))
    elif hand.doublings_cancelled:
        items.append(lx.CANCELLED_WORDS[0])
    if hand.points is not None:
        p = hand.points
        text = str(p.declarer_cards) + "".join(_marriage(m, letters)
                                               for m in p.declarer_marriages)
        if p.defence_marriages:
            text += lx.DEFENCE_MARK + "".join(_marriage(m, letters) for m in p.defence_marriages)
        items.append(text)
    if hand.unannounced_marriage is not None:  # SZMK C.6.e
        items.append(lx.UNANNOUNCED_WORDS[0] + _marriage(hand.unannounced_marriage,
                                                         letters).removeprefix("+"))
    for component, field in _RESULTS:
        won = getattr(hand, field)
        if won is not None:
            letter = "s" if component is Component.SEVEN else letters.component[component]
            items.append(letter + _sign(won))
    if hand.silent_seven is not None:
        side = "" if hand.silent_seven.side is Side.DECLARER else "o"
        items.append(f"ti{side}{_sign(hand.silent_seven.won)}")
    if hand.laid_down:
        items.append("l")
    if hand.not_played:
        items.append("n")
    if hand.renonc is not None and hand.contract is not None:
        items.append(_renonc(hand))
    if hand.late is not None and (hand.contract is not None or hand.renonc is not None):
        items.append(_late(hand))  # never valid; written so that nothing is lost
    items += _premium(hand.premium)
    if hand.premium_ruling is not None:
        items.append("pb" + _sign(hand.premium_ruling))
    return " ".join(items)


def _tricks(hand: Hand) -> list[str]:
    """Who took trick 8 of a durch s chytrým (obecná VII.2 L251-253), and the tricks the
    declarer of a lost Durch mit Partner took himself (PAG L115)."""
    items = [] if hand.trick8 is None else [f"ch8@{hand.trick8}"]
    if hand.declarer_tricks is not None:
        items.append(f"zd{hand.declarer_tricks}")
    return items


def _contract(hand: Hand, ruleset: Ruleset, letters: _Letters) -> list[str]:
    implied: Suit | None = None
    glued_helper = False
    if hand.contract is None:
        if hand.renonc is not None:
            head = _renonc(hand)
        elif hand.late is not None:
            head = _late(hand)
        else:
            head = fold_phrase(lx.NO_CONTRACT_WORDS[0])
    elif hand.contract == CONCESSION:
        head = lx.CONCESSION_WORDS[0]
    else:
        rung = ruleset.rung(hand.contract)
        if rung is None:
            return [hand.contract]
        head, glued_helper = _core(rung.components, letters), True
        if rung.open:  # otevřený betl / durch
            head = "o" + letters.component[next(iter(rung.components))]
        if rung.clever:  # durch s chytrým
            head = "dch"
        if rung.called_partner:  # Durch mit Partner (PAG L115)
            head = "dsp"
        if rung.hearts:
            head, implied = head + letters.suit[Suit.HEARTS], Suit.HEARTS
        elif rung.has_trumps and hand.trump is not None and hand.trump is not Suit.HEARTS:
            head, implied = head + letters.suit[hand.trump], hand.trump
    items = [head]
    if hand.helper is not None:
        helper = letters.suit[hand.helper]
        if glued_helper:
            items[0] += lx.HELPER_MARK + helper
        else:
            items.append("p" + helper)
    if hand.trump != implied:
        items.append(f"trumf {letters.suit[hand.trump]}" if hand.trump else "bez trumfu")
    return items


def _doubling(d: Doubling, letters: _Letters) -> str:
    level = letters.level.get(d.level, f"{d.level}f")
    text = level + letters.component[d.component]
    if d.raises:  # the chain names the flekers
        text += "#" + _seats(d.raises)
    elif d.by:
        text += lx.BY_MARK + _seats(d.by)
    text += "".join(f"{lx.PER_DEFENDER_MARK}{s}={lv}" for s, lv in d.per_defender)
    return text


def _announcement(a: Announcement) -> str:
    """Sedma / sto proti: 7p@3, with its chain (#1) or level (*2) and result (+, -, x)."""
    text = ("7p" if a.component is Component.SEVEN else "100p") + lx.BY_MARK + str(a.by)
    if a.raises:
        text += "#" + _seats(a.raises)
    elif a.level:
        text += f"*{a.level}"
    if a.won is not None:
        text += _sign(True) if a.won else "x" if a.killed else _sign(False)
    return text


def _marriage(m: Marriage, letters: _Letters) -> str:
    return f"+{m.value}" + (letters.suit[m.suit] if m.suit is not None else "")


def _renonc(hand: Hand) -> str:
    assert hand.renonc is not None
    out = [_one_renonc(hand.renonc)]
    if hand.renonc.played_out:  # SloapSlam D1-D4: the dohrávka, then its renoncs
        out.append("dohr")
    for extra in hand.further_renoncs:
        out.append(_one_renonc(extra) + (" bez dohr" if extra.decisive else ""))  # D4
    return " ".join(out)


def _one_renonc(renonc: Renonc) -> str:
    code = renonc.code.replace(".", "").lower()
    forgiven = f" {lx.FORGIVEN_WORDS[0]}" if renonc.forgiven else ""  # SZMK D.1
    return f"!{code}{lx.BY_MARK}{renonc.offender}{forgiven}"


def _honour(h: Honour) -> str:
    """An honer: 9@1t5, with its chain (#31) or level (*2) and result (+, -)."""
    text = ("9" if h.rank is Rank.NINE else "8") + lx.BY_MARK + str(h.by)
    if h.trumps is not None:
        text += f"t{h.trumps}"
    if h.raises:
        text += "#" + _seats(h.raises)
    elif h.level:
        text += f"*{h.level}"
    if h.won is not None:
        text += _sign(h.won)
    return text


def _seven_by(hand: Hand) -> list[str]:
    """The partner's seven: 7@2t3 (his trumps from ``premium.seat_trumps``); none when the
    declarer announced it."""
    if hand.seven_by is None:
        return []
    trumps = dict(hand.premium.seat_trumps).get(hand.seven_by)
    return [f"7{lx.BY_MARK}{hand.seven_by}" + ("" if trumps is None else f"t{trumps}")]


def _late(hand: Hand) -> str:
    """SZMK E.5: ``nesk@2 7m``, seat 2 came 7 started minutes late."""
    assert hand.late is not None
    return f"{lx.LATE_WORDS[0]}{lx.BY_MARK}{hand.late.seat} {hand.late.minutes}{lx.MINUTE_LETTER}"


def _premium(facts: PremiumFacts) -> list[str]:
    out = []
    for name in _COUNTS:
        value = getattr(facts, name)
        if value:
            out.append(f"{lx.PREMIUM_COUNTS[name][1]}{value}")
    for name, (letter, _) in lx.PREMIUM_HOLDINGS.items():
        held = getattr(facts, name)
        if held is not None:
            out.append(letter + _sign(held))
    if facts.non_trump_marriage:
        out.append(lx.NON_TRUMP_MARRIAGE_WORDS[1])
    if facts.defender_claims:
        out.append(lx.CLAIM_WORDS[1] + _seats(facts.defender_claims))
    return out


_RANK: dict[Rank, str] = {
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10", Rank.UNDER: "sp",
    Rank.OVER: "s", Rank.KING: "k", Rank.ACE: "e",
}
