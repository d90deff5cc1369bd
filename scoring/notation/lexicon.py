"""The words of the shorthand and of the canonical description, in one place.

Scorekeepers type on phones, often without diacritics and with whatever case autocorrect left,
so every Czech word is listed once with its diacritics and the parser accepts it folded
(:func:`scoring.notation.tokens.fold`). ``ž`` is kept apart from ``z`` by the folding because
``z`` is zelené and ``ž`` is žaludy; the ASCII spelling of žaludy is ``za``.

Words that come from the ruleset (rung names, doubling names, renonc codes and names) are not
here; :mod:`scoring.notation.grammar` reads them from the ruleset, so a club's ruleset speaks its
own words.

A ruleset whose sheets are Slovak (``Ruleset.language == "sk"``, SZMK) reads the ``SK_*`` words
below on top of the Czech ones (a Slovak scorekeeper may type either), and its description is
written with the ``"sk"`` entries of the canonical tables.
"""

from __future__ import annotations

from scoring.types import Component, Side, Suit

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D, T = Component.BETL, Component.DURCH, Component.TWO_SEVENS

# -- suits ---------------------------------------------------------------------------------------

SUIT_WORDS: dict[Suit, tuple[str, ...]] = {
    Suit.HEARTS: ("č", "čer", "červ", "červené", "červená", "červených", "červenou", "srdce"),
    Suit.BELLS: ("k", "ku", "kul", "kule", "kulová", "kulové", "kulových", "koule"),
    Suit.LEAVES: ("z", "ze", "zel", "zelené", "zelená", "zelených", "listy"),
    Suit.ACORNS: ("ž", "za", "žal", "žaludy", "žaludová", "žaludové", "žaludových", "žaludů"),
}
SUIT_LETTERS = "k, z, ž/za, č/c"  # for messages: what a suit looks like in the shorthand

# The canonical description: the suit after a contract or a marriage, and the helper suit
# (pomocná [barva] ...).
SUIT_NAME: dict[str, dict[Suit, str]] = {
    "cs": {Suit.HEARTS: "červené", Suit.BELLS: "kule", Suit.LEAVES: "zelené",
           Suit.ACORNS: "žaludy"},
    "sk": {Suit.HEARTS: "červeň", Suit.BELLS: "gule", Suit.LEAVES: "zeleň",
           Suit.ACORNS: "žalude"},
    "en": {Suit.HEARTS: "hearts", Suit.BELLS: "bells", Suit.LEAVES: "leaves",
           Suit.ACORNS: "acorns"},
}
SUIT_ADJECTIVE: dict[str, dict[Suit, str]] = {
    "cs": {Suit.HEARTS: "červená", Suit.BELLS: "kulová", Suit.LEAVES: "zelená",
           Suit.ACORNS: "žaludová"},
    "sk": {Suit.HEARTS: "červená", Suit.BELLS: "guľová", Suit.LEAVES: "zelená",
           Suit.ACORNS: "žaluďová"},
    "en": SUIT_NAME["en"],
}

# -- contracts -----------------------------------------------------------------------------------

# Short forms and generic words of a contract, by the components they commit to; hearts come
# from a suit written after them (7c, sto č). Full rung names are taken from the ruleset.
CONTRACT_CORES: dict[str, frozenset[Component]] = {
    "7": frozenset({G, S}),
    "sedma": frozenset({G, S}),
    "100": frozenset({H}),
    "sto": frozenset({H}),
    "100+7": frozenset({H, S}),
    "7+100": frozenset({H, S}),
    "sto a sedma": frozenset({H, S}),
    "b": frozenset({B}),
    "betl": frozenset({B}),
    "d": frozenset({D}),
    "durch": frozenset({D}),
    "2x7": frozenset({T}),
    "dvě sedmy": frozenset({T}),
    "2x7+100": frozenset({T, H}),
    "100+2x7": frozenset({T, H}),
    "dvě sedmy a sto": frozenset({T, H}),
}
# "dvě sedmy kule a sto": the hundred may follow the suit of a two-sevens contract.
AND_HUNDRED = ("a sto", "+100", "a 100")
TRUMP_WORDS = ("trumf", "trumfy")  # optional after a contract's suit: "červená trumf"
CONCESSION_WORDS = ("omyl", "o")
NO_CONTRACT_WORDS = ("bez závazku",)
HELPER_MARK = "/"  # 2x7k/z: trumps bells, helper leaves

# -- components (what a flek or a result refers to) ----------------------------------------------

COMPONENT_SHORT: dict[str, Component] = {
    "h": G, "s": S, "7": S, "100": H, "b": B, "d": D, "2x7": T,
}
COMPONENT_WORDS: dict[str, Component] = {
    "hra": G, "hru": G, "hry": G,
    "sedma": S, "sedmu": S, "sedmy": S,
    "sto": H,
    "betl": B, "betlu": B,
    "durch": D, "durchu": D,
    "dvě sedmy": T,
}
# Canonical forms: the accusative after "na" (flek na sedmu), the nominative before a result.
COMPONENT_ACCUSATIVE: dict[str, dict[Component, str]] = {
    "cs": {G: "hru", S: "sedmu", H: "sto", B: "betl", D: "durch", T: "dvě sedmy"},
    "sk": {G: "hru", S: "sedmu", H: "stovku", B: "malého", D: "veľkého", T: "dve sedmy"},
    "en": {G: "game", S: "seven", H: "hundred", B: "betl", D: "durch", T: "two sevens"},
}
COMPONENT_NOMINATIVE: dict[str, dict[Component, str]] = {
    "cs": {G: "hra", S: "sedma", H: "sto", B: "betl", D: "durch", T: "dvě sedmy"},
    "sk": {G: "hra", S: "sedma", H: "stovka", B: "malý", D: "veľký", T: "dve sedmy"},
    "en": COMPONENT_ACCUSATIVE["en"],
}
# Czech past participles agree with the component: hra uhrána, betl uhrán, dvě sedmy uhrány.
_FEMININE, _MASCULINE, _PLURAL = ("uhrána", "prohrána"), ("uhrán", "prohrán"), ("uhrány",
                                                                                   "prohrány")
RESULT_WORDS: dict[str, dict[Component, tuple[str, str]]] = {
    "cs": {G: _FEMININE, S: _FEMININE, H: ("uhráno", "prohráno"), B: _MASCULINE,
           D: _MASCULINE, T: _PLURAL},
    # Slovak agrees the same way: hra uhraná, malý uhraný, dve sedmy uhrané.
    "sk": {G: ("uhraná", "prehraná"), S: ("uhraná", "prehraná"), H: ("uhraná", "prehraná"),
           B: ("uhraný", "prehraný"), D: ("uhraný", "prehraný"), T: ("uhrané", "prehrané")},
    "en": {c: ("won", "lost") for c in Component},
}
JOIN_COMPONENTS = {"cs": " a ", "sk": " a ", "en": " and "}
COMPONENT_JOIN_WORDS = ("a", "i")  # flek na hru a sedmu; f100+7 joins with "+"

# -- results -------------------------------------------------------------------------------------

WON_WORDS = ("+", "uhrána", "uhrán", "uhráno", "uhrány", "uhrana", "vyhrána", "vyhrán",
             "vyhráno", "vyhrány")
LOST_WORDS = ("-", "prohrána", "prohrán", "prohráno", "prohrány")

SILENT_SEVEN_WORDS = ("ti", "tichá sedma", "tichá")
SIDE_WORDS: dict[str, Side] = {
    "a": Side.DECLARER, "aktéra": Side.DECLARER, "aktér": Side.DECLARER,
    "o": Side.DEFENCE, "obrany": Side.DEFENCE, "obrana": Side.DEFENCE,
}
SIDE_NAME: dict[str, dict[Side, str]] = {
    "cs": {Side.DECLARER: "aktéra", Side.DEFENCE: "obrany"},
    "sk": {Side.DECLARER: "voliaceho", Side.DEFENCE: "obrany"},
    "en": {Side.DECLARER: "of the declarer", Side.DEFENCE: "of the defence"},
}

# -- doublings -----------------------------------------------------------------------------------

LEVEL_LETTERS: dict[str, int] = {"r": 2, "t": 3, "b": 4}  # plus f, ff, fff... (one per level)
FLEK_LETTER = "f"
LEVEL_COUNT_WORDS = ("fleků", "fleky")  # 5 fleků, 2 fleky (or glued: 2f)
NO_DOUBLING_WORDS = ("bez fleku",)  # level 0
TO_WORD = "na"  # flek na sto
BY_MARK = "@"  # f100@23
BY_WORDS = ("od",)  # flek na sto od hráčů 2 a 3
PLAYER_WORDS = ("hráč", "hráče", "hráči", "hráčů", "hráčům", "hráčem", "místo", "místa")
PER_DEFENDER_MARK = "/"  # t100@23/4f: seat 4 pays only a flek
PER_DEFENDER_WORDS = ("pro",)  # (pro hráče 4 flek)

# -- points --------------------------------------------------------------------------------------

POINTS_WORDS = ("body",)  # body 80 + 40 zelené : 10
MARRIAGE_MARK = "+"
DEFENCE_MARK = ":"

# -- flags, auction, helper, trump ---------------------------------------------------------------

LAID_DOWN_WORDS = ("l", "lož", "ložená", "ložená hra")
NOT_PLAYED_WORDS = ("n", "nh", "neh", "nehráno", "nehrána")
BID_WORDS = ("licitace", "lic", "vylicitováno", "v")
HELPER_WORDS = ("pomocná barva", "pomocná", "pomocné", "pom", "p")
TRUMP_OVERRIDE_WORDS = ("trumf",)  # sedma, trumf červené (a sedma that is not sedma červená)
NO_TRUMP_WORDS = ("bez trumfu",)

# -- renonc --------------------------------------------------------------------------------------

RENONC_WORDS = ("!", "renonc", "ren")
# SZMK D.1: the offender's first menší of the round is not paid; written after the offender.
FORGIVEN_WORDS = ("odp", "odpuštěn", "odpustený", "odpuštěný")

# -- referee's rulings on doublings (SZMK E.1, E.2) -----------------------------------------------

CANCELLED_WORDS = ("zf", "fleky zrušeny", "fleky zrušené")  # every flek of the hand void
INCORRECT_FLEK_WORDS = ("nf", "nekorektní flek", "nekorektný flek")  # nf@2: seat 2 fined

# -- a sto on a marriage not announced (SZMK C.6.e) ---------------------------------------------

# The marriage's value (and suit) follows: nzh40, nzh20g; nezahlásená hláška 40 gule. Every
# language's phrase parses everywhere, as the late arrival's do.
UNANNOUNCED_WORDS = ("nzh", "nezahlásená hláška", "nehlášená hláška")

# -- late arrival (SZMK E.5) ----------------------------------------------------------------------

# A line of its own: the late seat, then the started minutes (nesk@2 7m; oneskorený príchod
# hráča 2, 7 min). "nesk" (neskoro) is the shorthand; the descriptions of every language parse.
LATE_WORDS = ("nesk", "oneskorený príchod", "pozdní příchod")
# After the minutes: glued "m" (7m), or a word (7 min, 7 minút). A spaced "m" is not a unit,
# because on a Slovak sheet m is the malý.
MINUTE_LETTER = "m"
MINUTE_WORDS = ("min", "minút", "minúty", "minúta", "minut", "minuty", "minuta")

# -- PB facts ------------------------------------------------------------------------------------

# Counts: the key before or after the number (tr4, trumfů 4, 4 trumfy). The first word of each
# list is the canonical one; the short form is typed first on a phone.
PREMIUM_COUNTS: dict[str, tuple[str, ...]] = {
    "trumps": ("trumfů", "tr", "trumfy", "trumfu", "trumf"),
    "helper_cards": ("pomocných", "po", "pom", "pomocné", "pomocnych"),
    "betl_catching_aces": ("chytacích es", "ce", "chytací esa", "chytací eso",
                           "chytajících es"),
    "betl_six_card_single_catcher": ("šestikaret s jedním chytačem", "sk",
                                     "šestikarta s jedním chytačem"),
    "durch_unsolid_suits": ("neucelených barev", "nb", "neucelené barvy", "neucelená barva"),
}
PREMIUM_COUNT_LABEL_EN: dict[str, str] = {
    "trumps": "trumps", "helper_cards": "helper cards", "betl_catching_aces": "catching aces",
    "betl_six_card_single_catcher": "six-card suits with one catcher",
    "durch_unsolid_suits": "unsolid suits",
}
# Tri-state holdings: (held, not held) in words; the short form is the letter with + or -.
PREMIUM_HOLDINGS: dict[str, tuple[str, tuple[str, str]]] = {
    "trump_ace": ("e", ("s trumfovým esem", "bez trumfového esa")),
    "trump_ten": ("x", ("s trumfovou desítkou", "bez trumfové desítky")),
}
PREMIUM_HOLDINGS_EN: dict[str, tuple[str, str]] = {
    "trump_ace": ("with the trump ace", "without the trump ace"),
    "trump_ten": ("with the trump ten", "without the trump ten"),
}
NON_TRUMP_MARRIAGE_WORDS = ("sto na netrumfovou hlášku", "nt", "netrumfová hláška")
CLAIM_WORDS = ("pb za flek", "pf")  # PB za flek hráčům 2 a 3, pf23
RULING_WORDS = ("pb",)
RULING_RESULT_WORDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("přiznány rozhodčím", "přiznány", "+"),
    ("odepřeny rozhodčím", "odepřeny", "nepřiznány", "-"),
)

# -- the canonical description -------------------------------------------------------------------

# Fixed phrases of the description (the words the parser must read back are in the lists above;
# these are their canonical picks, kept together so the Czech and English texts line up).
PHRASES: dict[str, dict[str, str]] = {
    "cs": {
        "concession": "omyl",
        "contract_suit": "{name} {suit}",
        "no_contract": "bez závazku",
        "helper": "pomocná {suit}",
        "trump": "trumf {suit}",
        "no_trump": "bez trumfu",
        "bid": "licitace {rung}",
        "doubling": "{level} na {components}",
        "by_one": "od hráče {seats}",
        "by_many": "od hráčů {seats}",
        "per_defender": "hráč {seat} {level}",
        "level_many": "{level} fleků",
        "points": "body {cards}",
        "result": "{component} {result}",
        "silent_seven": "tichá sedma {side} {result}",
        "silent_won": "uhrána",
        "silent_lost": "prohrána",
        "laid_down": "ložená",
        "not_played": "nehráno",
        "renonc": "renonc {code} ({name}) hráče {seat}",
        "late": "pozdní příchod hráče {seat}, {minutes} min",
        "forgiven": "{renonc} odpuštěn",
        "cancelled": "fleky zrušeny",
        "incorrect_one": "nekorektní flek hráče {seats}",
        "incorrect_many": "nekorektní flek hráčů {seats}",
        "unannounced": "nehlášená hláška {marriage}",
        "count": "{label} {count}",
        "non_trump_marriage": "sto na netrumfovou hlášku",
        "claims_one": "PB za flek hráči {seats}",
        "claims_many": "PB za flek hráčům {seats}",
        "ruling_granted": "PB přiznány rozhodčím",
        "ruling_refused": "PB odepřeny rozhodčím",
        "and": " a ",
    },
    "en": {
        "concession": "omyl (concession)",
        "contract_suit": "{name} ({suit})",
        "no_contract": "no contract",
        "helper": "helper suit {suit}",
        "trump": "trumps {suit}",
        "no_trump": "no trumps",
        "bid": "auction won at {rung}",
        "doubling": "{level} on {components}",
        "by_one": "by seat {seats}",
        "by_many": "by seats {seats}",
        "per_defender": "seat {seat} {level}",
        "level_many": "{level} doublings",
        "points": "points {cards}",
        "result": "{component} {result}",
        "silent_seven": "silent seven {side} {result}",
        "silent_won": "won",
        "silent_lost": "lost",
        "laid_down": "laid down",
        "not_played": "not played",
        "renonc": "renonc {code} ({name}) by seat {seat}",
        "late": "late arrival of seat {seat}, {minutes} min",
        "forgiven": "{renonc}, forgiven",
        "cancelled": "doublings cancelled",
        "incorrect_one": "incorrect flek by seat {seats}",
        "incorrect_many": "incorrect flek by seats {seats}",
        "unannounced": "unannounced marriage {marriage}",
        "count": "{label} {count}",
        "non_trump_marriage": "hundred on a non-trump marriage",
        "claims_one": "PB for the flek to seat {seats}",
        "claims_many": "PB for the flek to seats {seats}",
        "ruling_granted": "PB granted by the referee",
        "ruling_refused": "PB refused by the referee",
        "and": " and ",
    },
    # SZMK sheets. PB facts and rulings, the trump override and the placeholder without a
    # contract never occur in a valid SZMK hand; they keep the Czech words, which parse in
    # every language.
    "sk": {
        "concession": "omyl",
        "contract_suit": "{name} {suit}",
        "no_contract": "bez záväzku",
        "helper": "pomocná {suit}",
        "trump": "trumf {suit}",
        "no_trump": "bez trumfu",
        "bid": "licitácia {rung}",
        "doubling": "{level} na {components}",
        # A flek on the contract's only part (stovka, 100+7 fleked whole, malý, veľký) does
        # not name the part again: "malý, reflek od hráča 2". Hra is always named.
        "doubling_whole": "{level}",
        "by_one": "od hráča {seats}",
        "by_many": "od hráčov {seats}",
        "per_defender": "hráč {seat} {level}",
        "level_many": "{level} flekov",
        "points": "body {cards}",
        "result": "{component} {result}",
        "silent_seven": "tichá sedma {side} {result}",
        "silent_won": "uhraná",
        "silent_lost": "prehraná",
        "laid_down": "vyložená",
        "not_played": "nehrané",
        "renonc": "renonce {code} ({name}) hráča {seat}",
        "late": "oneskorený príchod hráča {seat}, {minutes} min",
        "forgiven": "{renonc} odpustený",
        "cancelled": "fleky zrušené",
        "incorrect_one": "nekorektný flek hráča {seats}",
        "incorrect_many": "nekorektný flek hráčov {seats}",
        "unannounced": "nezahlásená hláška {marriage}",
        "count": "{label} {count}",
        "non_trump_marriage": "sto na netrumfovou hlášku",
        "claims_one": "PB za flek hráči {seats}",
        "claims_many": "PB za flek hráčům {seats}",
        "ruling_granted": "PB přiznány rozhodčím",
        "ruling_refused": "PB odepřeny rozhodčím",
        "and": " a ",
    },
}

# -- Slovak words (SZMK volený mariáš) -----------------------------------------------------------

# Accepted on a Slovak sheet on top of the Czech words of the same table. Suits: červeň, zeleň,
# guľa, žaluď (g is guľa; k, z, ž/za and č/c keep their Czech meaning).
SK_SUIT_WORDS: dict[Suit, tuple[str, ...]] = {
    Suit.HEARTS: ("červeň", "červeňou", "červene"),
    Suit.BELLS: ("g", "guľa", "gule", "guľou", "guľová", "guľové", "gulí"),
    Suit.LEAVES: ("zeleň", "zeleňou"),
    Suit.ACORNS: ("žaluď", "žalude", "žaluďová", "žaluďové", "žaluďov"),
}
SK_SUIT_LETTERS = "g/k, z, ž/za, č/c"
# Contract words: farba is hra alone (h, hra; a suit may be glued: hz, hč), malý and veľký
# (m, v) the Slovak betl and durch. Rung names (farba, stovka, 100+7, malý, ...) come from the
# ruleset as everywhere.
SK_CONTRACT_CORES: dict[str, frozenset[Component]] = {
    "h": frozenset({G}),
    "hra": frozenset({G}),
    "sedmička": frozenset({G, S}),
    "stovka a sedma": frozenset({H, S}),
    "stovka a sedmička": frozenset({H, S}),
    "m": frozenset({B}),
    "malý": frozenset({B}),
    "v": frozenset({D}),
    "veľký": frozenset({D}),
}
GLUED_CONTRACT_CORES: dict[str, frozenset[Component]] = {"h": frozenset({G})}
# The shortest typed form of a contract on a Slovak sheet (the rest as in CONTRACT_CORES).
SK_CORE_SHORT: dict[frozenset[Component], str] = {
    frozenset({G}): "h", frozenset({B}): "m", frozenset({D}): "v",
}
SK_COMPONENT_SHORT: dict[str, Component] = {"m": B, "v": D}
SK_COMPONENT_WORDS: dict[str, Component] = {
    "farba": G, "farbu": G,
    "sedmička": S, "sedmičku": S,
    "stovka": H, "stovku": H, "stovky": H,
    "malý": B, "malého": B,
    "veľký": D, "veľkého": D,
}
SK_WON_WORDS = ("uhraná", "uhraný", "uhrané", "vyhraná", "vyhraný", "vyhrané")
SK_LOST_WORDS = ("prehraná", "prehraný", "prehrané")
SK_SILENT_SEVEN_WORDS = ("tichá sedmička",)
SK_SIDE_WORDS: dict[str, Side] = {"voliaceho": Side.DECLARER, "voliaci": Side.DECLARER}
SK_PLAYER_WORDS = ("hráča", "hráčov", "hráčovi", "hráčom")
SK_LAID_DOWN_WORDS = ("vyl", "vyložená", "vyložený")
SK_NOT_PLAYED_WORDS = ("nehrané",)
SK_RENONC_WORDS = ("renonce",)
SK_LEVEL_COUNT_WORDS = ("flekov",)
SK_BID_WORDS = ("licitácia",)
# Raises by letter: f flek and r reflek as in Czech; sub and hirš are typed as words or counts
# (3f, 4f), because s is the sedma and h the hra.
LEVEL_LETTERS_BY_LANGUAGE: dict[str, dict[str, int]] = {"cs": LEVEL_LETTERS, "sk": {"r": 2}}
