"""A hand as the canonical description written on the table sheet.

The description is what a referee reads when a sheet is disputed, so it uses the words of the
game (sedma, sto, flek, re, uhrána, tichá sedma, ložená, renonc) and names every recorded fact:
the parser reads it back to the same hand, ``parse(format_hand(h)) == h`` for every valid hand.
Clauses come in one fixed order and each fact has one spelling, so equal hands give equal text.

The description is written in the sheet language of the ruleset (:func:`sheet_language`): Czech
for ČSM, Slovak for SZMK (farba gule, reflek, malý uhraný, renonce ... hráča 2, oneskorený
príchod hráča 2, 7 min).
"""

from __future__ import annotations

from scoring.errors import Problem, ScoringError
from scoring.hand import (
    CARD_POINTS_TOTAL,
    Announcement,
    Hand,
    Honour,
    Marriage,
    Points,
    PremiumFacts,
)
from scoring.notation import lexicon as lx
from scoring.notation.grammar import grammar_for, sheet_language
from scoring.ruleset import CONCESSION, Ruleset, Rung
from scoring.types import COMPONENT_ORDER, Component, Rank, Suit

_RESULTS: tuple[tuple[Component, str], ...] = (
    (Component.GAME, "game_won"),
    (Component.SEVEN, "seven_won"),
    (Component.BETL, "betl_won"),
    (Component.DURCH, "durch_won"),
    (Component.TWO_SEVENS, "two_sevens_won"),
)


def format_hand(hand: Hand, ruleset: Ruleset, lang: str | None = None) -> str:
    """The canonical description of ``hand`` in the ruleset's sheet language.

    ``lang="en"`` gives an English gloss (not parsed); any other value, or none, gives the
    canonical text (Czech for ČSM, Slovak for SZMK), which the parser reads back.
    """
    lang = "en" if lang == "en" else sheet_language(ruleset)
    return ", ".join(_Formatter(hand, ruleset, lang).clauses())


class _Formatter:
    def __init__(self, hand: Hand, ruleset: Ruleset, lang: str):
        self.hand, self.ruleset, self.lang = hand, ruleset, lang
        self.words = lx.PHRASES[lang]

    def clauses(self) -> list[str]:
        hand = self.hand
        head, implied_trump = self._contract()
        out = [head] if head else []
        if hand.trump != implied_trump:
            out.append(self._trump())
        if hand.helper is not None:
            out.append(self.words["helper"].format(suit=lx.SUIT_ADJECTIVE[self.lang][hand.helper]))
        out += self._partnership()
        if hand.bid is not None:
            out.append(self.words["bid"].format(rung=self._rung_name(self._rung(hand.bid, "bid"))))
        out += self._doublings()
        if hand.incorrect_flek_by:
            key = "incorrect_one" if len(hand.incorrect_flek_by) == 1 else "incorrect_many"
            out.append(self.words[key].format(seats=self._seats(hand.incorrect_flek_by)))
        elif hand.doublings_cancelled:
            out.append(self.words["cancelled"])
        if hand.points is not None:
            out.append(self._points(hand.points))
        if hand.unannounced_marriage is not None:  # SZMK C.6.e
            marriage = self._marriage(hand.unannounced_marriage).removeprefix(" + ")
            out.append(self.words["unannounced"].format(marriage=marriage))
        out += self._results()
        if hand.trick8 is not None:  # durch s chytrým (obecná VII.2 L251-253)
            out.append(f"trick 8 by seat {hand.trick8}" if self.lang == "en"
                       else f"osmý zdvih hráče {hand.trick8}")
        if hand.declarer_tricks is not None:  # a lost Durch mit Partner (PAG L115)
            out.append(f"the declarer took {hand.declarer_tricks} tricks" if self.lang == "en"
                       else f"zdvihy aktéra {hand.declarer_tricks}")
        if hand.seven_killed:  # pagat L103
            out.append("killed seven" if self.lang == "en" else "sedma zabitá")
        out += [self._announcement(a) for a in hand.announcements]
        out += [self._honour(h) for h in hand.honours]  # SloapSlam čtyřka L28-32
        if hand.seven_by is not None:  # SloapSlam L42, L46
            out.append(self._seven_by(hand.seven_by))
        out += [("compulsory flek by seat {}" if self.lang == "en"
                 else "povinný flek hráče {}").format(s) for s in hand.forced_flekers]
        out += [self._forced_part(s, d.component) for d in hand.doublings for s in d.forced]
        if hand.silent_seven is not None:
            result = self.words["silent_won" if hand.silent_seven.won else "silent_lost"]
            side = lx.SIDE_NAME[self.lang][hand.silent_seven.side]
            out.append(self.words["silent_seven"].format(side=side, result=result))
        if hand.laid_down:
            out.append(self.words["laid_down"])
        if hand.not_played:
            out.append(self.words["not_played"])
        if hand.renonc is not None and hand.contract is not None:
            out.append(self._renonc())
        if hand.late is not None and (hand.contract is not None or hand.renonc is not None):
            out.append(self._late())  # never valid; written so that nothing is lost
        out += self._premium(hand.premium)
        if hand.premium_ruling is not None:
            out.append(self.words["ruling_granted" if hand.premium_ruling else "ruling_refused"])
        return out

    # -- křížový (obecná pravidla VII.2) ----------------------------------------------------------

    def _partnership(self) -> list[str]:
        """The called rank, then the partner's seat or "sám" for a trump game played alone."""
        hand = self.hand
        en = self.lang == "en"
        out = []
        if hand.called_rank is not None:
            rank = _RANK_EN[hand.called_rank] if en else _RANK_CS[hand.called_rank]
            out.append(f"calls the {rank}" if en else f"volá {rank}")
        if hand.partner is not None:
            out.append(f"partner {hand.partner}" if en else f"spoluhráč {hand.partner}")
        elif hand.all_play and hand.contract not in (None, CONCESSION):
            rung = self.ruleset.rung(hand.contract or "")
            if rung is not None and rung.has_trumps:
                out.append("alone" if en else "sám")
        return out

    # -- contract --------------------------------------------------------------------------------

    def _rung(self, code: str, field: str) -> Rung:
        rung = self.ruleset.rung(code)
        if rung is None:
            raise ScoringError(Problem("contract_unknown", field, {"contract": code}))
        return rung

    def _rung_name(self, rung: Rung) -> str:
        return rung.name_en if self.lang == "en" else rung.name_cs

    def _contract(self) -> tuple[str, Suit | None]:
        """The first clause and the trump a reader of it would assume."""
        hand = self.hand
        if hand.contract is None:
            # A renonc-only line starts with the renonc, a late arrival (SZMK E.5) with the
            # lateness; anything else needs a placeholder.
            if hand.renonc is not None:
                return self._renonc(), None
            if hand.late is not None:
                return self._late(), None
            return self.words["no_contract"], None
        if hand.contract == CONCESSION:
            return self.words["concession"], None
        rung = self._rung(hand.contract, "contract")
        name = self._rung_name(rung)
        trump = hand.trump
        if rung.hearts:
            if trump is None or trump is Suit.HEARTS:
                return name, Suit.HEARTS
            return self._with_suit(name, trump), trump
        if trump is None or trump is Suit.HEARTS:
            return name, None  # hearts on a plain rung would read as the hearts rung
        return self._with_suit(name, trump), trump

    def _with_suit(self, name: str, suit: Suit) -> str:
        return self.words["contract_suit"].format(name=name, suit=lx.SUIT_NAME[self.lang][suit])

    def _trump(self) -> str:
        if self.hand.trump is None:
            return self.words["no_trump"]
        return self.words["trump"].format(suit=lx.SUIT_NAME[self.lang][self.hand.trump])

    # -- doublings ---------------------------------------------------------------------------------

    def _level(self, level: int) -> str:
        names = self.ruleset.doubling_names
        if level == 0:
            return "no doubling" if self.lang == "en" else lx.NO_DOUBLING_WORDS[0]
        if 1 <= level <= len(names):
            return names[level - 1]
        return self.words["level_many"].format(level=level)

    def _seats(self, seats: tuple[int, ...]) -> str:
        text = [str(s) for s in seats]
        if len(text) < 2:
            return "".join(text)
        return ", ".join(text[:-1]) + self.words["and"] + text[-1]

    def _chain(self, raises: tuple[int, ...]) -> str:
        """The seats of each raise in order (obecná pravidla V.5): " (fleky 2, 1)"."""
        word = "raises" if self.lang == "en" else "fleky"
        return f" ({word} {', '.join(str(s) for s in raises)})" if raises else ""

    def _announcement(self, a: Announcement) -> str:
        """Sedma proti / sto proti of a defender (obecná pravidla VII.1)."""
        en = self.lang == "en"
        names = ({Component.SEVEN: "seven against", Component.HUNDRED: "hundred against"} if en
                 else {Component.SEVEN: "sedma proti", Component.HUNDRED: "sto proti"})
        text = f"{names[a.component]} {'by seat' if en else 'hráče'} {a.by}"
        if a.raises:
            text += self._chain(a.raises)
        elif a.level:
            text += f" ({a.level} {'raises' if en else 'fleky'})"
        if a.won is not None:
            words = (("won", "lost", "killed") if en else ("uhrána", "prohrána", "zabitá"))
            text += " " + (words[0] if a.won else words[2] if a.killed else words[1])
        return text

    def _doublings(self) -> list[str]:
        groups: dict[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]],
                     list[Component]]
        groups = {}
        for d in self.hand.doublings:
            by = () if d.raises else d.by  # the chain names the flekers
            groups.setdefault((d.level, by, d.per_defender, d.raises), []).append(d.component)
        out = []
        sole = self._sole_part()
        for (level, by, per_defender, raises), components in groups.items():
            ordered = sorted(components, key=COMPONENT_ORDER.index)
            if sole is not None and ordered == [sole]:
                text = self.words["doubling_whole"].format(level=self._level(level))
            else:
                names = lx.JOIN_COMPONENTS[self.lang].join(
                    lx.COMPONENT_ACCUSATIVE[self.lang][c] for c in ordered
                )
                text = self.words["doubling"].format(level=self._level(level), components=names)
            out.append(text + self._by(by) + self._chain(raises)
                       + self._per_defender(per_defender))
        return out

    def _sole_part(self) -> Component | None:
        """The part a bare flek stands for, where the language leaves it unnamed (SZMK)."""
        if "doubling_whole" not in self.words or self.hand.contract is None:
            return None
        rung = self.ruleset.rung(self.hand.contract)
        if rung is None:
            return None
        parts = grammar_for(self.ruleset).whole(rung)
        if len(parts) != 1 or parts[0] is Component.GAME:
            return None  # hra is always named: "farba gule, flek na hru"
        return parts[0]

    def _by(self, by: tuple[int, ...]) -> str:
        if not by:
            return ""
        key = "by_one" if len(by) == 1 else "by_many"
        return " " + self.words[key].format(seats=self._seats(by))

    def _per_defender(self, entries: tuple[tuple[int, int], ...]) -> str:
        if not entries:
            return ""
        parts = (self.words["per_defender"].format(seat=s, level=self._level(level))
                 for s, level in entries)
        return " (" + ", ".join(parts) + ")"

    # -- points and results ----------------------------------------------------------------------

    def _marriage(self, marriage: Marriage) -> str:
        text = f" + {marriage.value}"
        if marriage.suit is not None:
            text += " " + lx.SUIT_NAME[self.lang][marriage.suit]
        return text

    def _points(self, points: Points) -> str:
        text = self.words["points"].format(cards=points.declarer_cards)
        text += "".join(self._marriage(m) for m in points.declarer_marriages)
        cards_known = 0 <= points.declarer_cards <= CARD_POINTS_TOTAL
        if cards_known or points.defence_marriages:
            text += " :"
            if cards_known:
                text += f" {points.defence_cards}"
            text += "".join(self._marriage(m) for m in points.defence_marriages)
        return text

    def _results(self) -> list[str]:
        out = []
        for component, field in _RESULTS:
            won = getattr(self.hand, field)
            if won is None:
                continue
            result = lx.RESULT_WORDS[self.lang][component][0 if won else 1]
            name = lx.COMPONENT_NOMINATIVE[self.lang][component]
            out.append(self.words["result"].format(component=name, result=result))
        return out

    # -- renonc and PB ---------------------------------------------------------------------------

    def _renonc(self) -> str:
        renonc = self.hand.renonc
        assert renonc is not None
        rule = self.ruleset.renonc(renonc.code)
        if rule is None:
            raise ScoringError(Problem("renonc_unknown", "renonc.code", {"code": renonc.code}))
        name = rule.name_en if self.lang == "en" else rule.name_cs
        text = self.words["renonc"].format(code=rule.code, name=name, seat=renonc.offender)
        if renonc.forgiven:  # SZMK D.1
            text = self.words["forgiven"].format(renonc=text)
        out = [text]
        if renonc.played_out:  # SloapSlam D1-D4
            out.append("played out" if self.lang == "en" else "dohrávka")
        for extra in self.hand.further_renoncs:
            rule = self.ruleset.renonc(extra.code)
            name = (rule.name_en if self.lang == "en" else rule.name_cs) if rule else ""
            out.append(self.words["renonc"].format(code=extra.code, name=name,
                                                   seat=extra.offender))
            if extra.decisive:  # SloapSlam D4: no dohrávka after it
                out.append("no further play-out" if self.lang == "en" else "bez dohrávky")
        return ", ".join(out)

    def _honour(self, h: Honour) -> str:
        """An honer of the čtyřka: devítka hráče 1 na 5 trumfů (fleky 3, 1) uhrána."""
        en = self.lang == "en"
        name = {Rank.NINE: "nine", Rank.EIGHT: "eight"} if en else {
            Rank.NINE: "devítka", Rank.EIGHT: "osma"}
        text = f"{name[h.rank]} {'by seat' if en else 'hráče'} {h.by}"
        if h.trumps is not None:
            word = "trumps" if en else ("trumf" if h.trumps == 1 else "trumfy"
                                        if h.trumps < 5 else "trumfů")
            text += f" {'on' if en else 'na'} {h.trumps} {word}"
        if h.raises:
            text += self._chain(h.raises)
        elif h.level:
            text += f" ({h.level} {'raises' if en else 'fleky'})"
        if h.won is not None:
            text += " " + (("won" if h.won else "lost") if en
                           else ("uhrána" if h.won else "prohrána"))
        return text

    def _forced_part(self, seat: int, component: Component) -> str:
        """A trhák's compulsory flek on one part (SloapSlam B/19): povinný flek hráče 3 na
        sedmu."""
        part = lx.COMPONENT_ACCUSATIVE["en" if self.lang == "en" else "cs"][component]
        return (f"compulsory flek by seat {seat} on the {part}" if self.lang == "en"
                else f"povinný flek hráče {seat} na {part}")

    def _seven_by(self, seat: int) -> str:
        """The seven announced by the declarer's partner: sedma hráče 2 na 3 trumfy."""
        en = self.lang == "en"
        text = f"{'seven by seat' if en else 'sedma hráče'} {seat}"
        trumps = dict(self.hand.premium.seat_trumps).get(seat)
        if trumps is not None:
            text += f" {'on' if en else 'na'} {trumps} {self._trumps_word(trumps)}"
        return text

    def _trumps_word(self, trumps: int) -> str:
        if self.lang == "en":
            return "trumps"
        return "trumf" if trumps == 1 else "trumfy" if trumps < 5 else "trumfů"

    def _late(self) -> str:
        late = self.hand.late
        assert late is not None
        return self.words["late"].format(seat=late.seat, minutes=late.minutes)

    def _count(self, name: str, value: int) -> str:
        label = (lx.PREMIUM_COUNT_LABEL_EN[name] if self.lang == "en"
                 else lx.PREMIUM_COUNTS[name][0])
        return self.words["count"].format(label=label, count=value)

    def _premium(self, facts: PremiumFacts) -> list[str]:
        out = []
        if facts.trumps is not None:
            out.append(self._count("trumps", facts.trumps))
        for name in ("trump_ace", "trump_ten"):
            held = getattr(facts, name)
            if held is not None:
                words = (lx.PREMIUM_HOLDINGS_EN[name] if self.lang == "en"
                         else lx.PREMIUM_HOLDINGS[name][1])
                out.append(words[0 if held else 1])
        if facts.non_trump_marriage:
            out.append(self.words["non_trump_marriage"])
        if facts.helper_cards is not None:
            out.append(self._count("helper_cards", facts.helper_cards))
        for name in ("betl_catching_aces", "betl_six_card_single_catcher", "durch_unsolid_suits"):
            if getattr(facts, name):
                out.append(self._count(name, getattr(facts, name)))
        if facts.defender_claims:
            key = "claims_one" if len(facts.defender_claims) == 1 else "claims_many"
            out.append(self.words[key].format(seats=self._seats(facts.defender_claims)))
        return out



_RANK_CS = {Rank.SEVEN: "sedmu", Rank.EIGHT: "osmu", Rank.NINE: "devítku", Rank.TEN: "desítku",
            Rank.UNDER: "spodka", Rank.OVER: "svrška", Rank.KING: "krále", Rank.ACE: "eso"}
_RANK_EN = {Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten",
            Rank.UNDER: "under", Rank.OVER: "over", Rank.KING: "king", Rank.ACE: "ace"}
