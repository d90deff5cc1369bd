"""Messages of the shorthand parser: what was expected at the character an error points at.

The position is added in front by :meth:`scoring.errors.Problem.message` ("na znaku 7: ..."),
so these sentences start in lower case and say only what should have been there.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "notation_empty": {
        "cs": "prázdný zápis: očekáván závazek (např. 7k, 100z, b, d, 2x7k/z, omyl)",
        "en": "empty entry: a contract was expected (e.g. 7k, 100z, b, d, 2x7k/z, omyl)",
    },
    "notation_expected_contract": {
        "cs": "očekáván závazek (7, 100, 100+7, b, d, 2x7, 2x7+100, omyl) nebo renonc (!)",
        "en": "a contract was expected (7, 100, 100+7, b, d, 2x7, 2x7+100, omyl) or a renonc (!)",
    },
    "notation_unknown_contract": {
        "cs": "hru „{found}“ tato pravidla nemají",
        "en": "these rules have no contract “{found}”",
    },
    "notation_expected_suit": {
        "cs": "očekávána barva ({suits})",
        "en": "a suit was expected ({suits})",
    },
    "notation_expected_separator": {
        "cs": "očekávána mezera nebo čárka před dalším údajem",
        "en": "a space or comma was expected before the next entry",
    },
    "notation_expected_item": {
        "cs": "očekáván údaj: flek (f7, re100, f@23), body (80+40:10), výsledek (h+, s-, b+, +),"
              " tichá sedma (ti+), ložená (l), nehráno (n), renonc (!e2a@3)"
              " nebo PB (tr4, e+, x-, nt)",
        "en": "an entry was expected: flek (f7, re100, f@23), points (80+40:10),"
              " result (h+, s-, b+, +), silent seven (ti+), laid down (l), not played (n),"
              " renonc (!e2a@3) or PB facts (tr4, e+, x-, nt)",
    },
    "notation_expected_component": {
        "cs": "očekávána část hry (h, s nebo 7, 100, b, d, 2x7)",
        "en": "a part of the contract was expected (h, s or 7, 100, b, d, 2x7)",
    },
    "notation_expected_seat": {
        "cs": "očekáváno číslo místa u stolu (1 až 4)",
        "en": "a seat number was expected (1 to 4)",
    },
    "notation_expected_level": {
        "cs": "očekáván počet fleků (f, r, t, b, flek, re, tutti, boty nebo číslo)",
        "en": "a doubling level was expected (f, r, t, b, flek, re, tutti, boty or a number)",
    },
    "notation_expected_close": {
        "cs": "očekávána čárka nebo zavírací závorka „)“",
        "en": "a comma or a closing parenthesis “)” was expected",
    },
    "notation_expected_outcome": {
        "cs": "očekáván výsledek (+ nebo -, uhrána nebo prohrána)",
        "en": "a result was expected (+ or -, uhrána or prohrána)",
    },
    "notation_expected_offender": {
        "cs": "očekáváno místo hráče, který renonc způsobil (např. @3)",
        "en": "the seat of the offender was expected (e.g. @3)",
    },
    "notation_expected_minutes": {
        "cs": "očekáván počet započatých minut zpoždění (např. nesk@2 7m)",
        "en": "the number of started minutes late was expected (e.g. nesk@2 7m)",
    },
    "notation_expected_number": {
        "cs": "očekáváno číslo (body aktéra z karet)",
        "en": "a number was expected (the declarer's card points)",
    },
    "notation_expected_marriage": {
        "cs": "očekávána hodnota hlášky (20 nebo 40, např. nzh40)",
        "en": "a marriage value was expected (20 or 40, e.g. nzh40)",
    },
    "notation_expected_ruling": {
        "cs": "očekáváno rozhodnutí o PB (pb+ přiznány, pb- odepřeny)",
        "en": "a PB ruling was expected (pb+ granted, pb- refused)",
    },
    "notation_unknown_renonc": {
        "cs": "očekáván kód renoncu podle pravidel ({known})",
        "en": "a renonc code of the rules was expected ({known})",
    },
    "notation_renonc_name": {
        "cs": "název renoncu {code} má znít „{name}“ a končit závorkou",
        "en": "the name of renonc {code} should read “{name}” and end with a parenthesis",
    },
    "notation_points_sum": {
        "cs": "body obrany z karet mají být {expected} (90 minus body aktéra)",
        "en": "the defence's card points should be {expected} (90 minus the declarer's)",
    },
    "notation_played_out_without_renonc": {
        "cs": "dohrávka patří k renonci: zapište i renonc (např. !c1@3 dohr)",
        "en": "a dohrávka belongs to a renonc: write the renonc too (e.g. !c1@3 dohr)",
    },
    "notation_twice": {
        "cs": "údaj „{what_cs}“ je zapsán podruhé",
        "en": "“{what_en}” is given a second time",
    },
    "notation_number_too_long": {
        "cs": "číslo je delší než {digits} číslice",
        "en": "the number has more than {digits} digits",
    },
    "notation_outcome_nothing": {
        "cs": "celkový výsledek (+ nebo -) se nemá k čemu vztahovat: hra nemá část"
              " s výsledkem uhráno/prohráno (u sta zapište body)",
        "en": "the overall result (+ or -) has nothing to apply to: no part of the contract is"
              " won or lost as such (for a hundred, record the points)",
    },
    "notation_doubling_nothing": {
        "cs": "flek bez části hry: zapište, na co padl (např. f100, flek na betl)",
        "en": "a flek without a part: say what it was on (e.g. f100, flek na betl)",
    },
    "notation_bid_suit": {
        "cs": "u licitace se píše jen červená (č nebo c), jiná barva ne",
        "en": "an auction rung takes only hearts (č or c), no other suit",
    },
    "notation_internal": {
        "cs": "zápis se nepodařilo přečíst (chyba programu, nahlaste ji prosím)",
        "en": "the entry could not be read (a program error, please report it)",
    },
}

# Slovak texts (SZMK sheets). Kept beside MESSAGES rather than inside it, because the ČSM
# notation tests hold every entry of MESSAGES to exactly its Czech and English text;
# :mod:`scoring.notation` registers each code with all three.
MESSAGES_SK: dict[str, str] = {
    "notation_empty":
        "prázdny zápis: očakáva sa záväzok (napr. hg, 7g, 100z, 100+7c, m, v, b, d, omyl)",
    "notation_expected_contract":
        "očakáva sa záväzok (h, 7, 100, 100+7, m, v, b, d, 2x7, omyl) alebo renonce (!)",
    "notation_unknown_contract": "hru „{found}“ tieto pravidlá nepoznajú",
    "notation_expected_suit": "očakáva sa farba ({suits})",
    "notation_expected_separator": "pred ďalším údajom sa očakáva medzera alebo čiarka",
    "notation_expected_item":
        "očakáva sa údaj: flek (fh, r100, f@23), body (80+40:10), výsledok (h+, s-, m+, +),"
        " tichá sedma (ti+), vyložená (l), nekorektný flek (nf@2), zrušené fleky (zf),"
        " renonce (!kla.a@3) alebo oneskorený príchod (nesk@2 7m)",
    "notation_expected_component": "očakáva sa časť hry (h, s alebo 7, 100, m, v)",
    "notation_expected_seat": "očakáva sa číslo miesta pri stole (1 až 4)",
    "notation_expected_level":
        "očakáva sa počet flekov (f, r, flek, reflek, sub, hirš alebo číslo)",
    "notation_expected_close": "očakáva sa čiarka alebo zatváracia zátvorka „)“",
    "notation_expected_outcome": "očakáva sa výsledok (+ alebo -, uhraná alebo prehraná)",
    "notation_expected_offender":
        "očakáva sa miesto hráča, ktorý urobil renonce (napr. @3)",
    "notation_expected_minutes":
        "očakáva sa počet začatých minút oneskorenia (napr. nesk@2 7m)",
    "notation_expected_number": "očakáva sa číslo (body voliaceho hráča z kariet)",
    "notation_expected_marriage": "očakáva sa hodnota hlášky (20 alebo 40, napr. nzh40)",
    "notation_expected_ruling": "očakáva sa rozhodnutie o PB (pb+ priznané, pb- zamietnuté)",
    "notation_unknown_renonc": "očakáva sa kód renonce podľa pravidiel ({known})",
    "notation_renonc_name": "názov renonce {code} má znieť „{name}“ a končiť zátvorkou",
    "notation_points_sum":
        "body obrany z kariet majú byť {expected} (90 mínus body voliaceho hráča)",
    "notation_played_out_without_renonc":
        "dohrávka patrí k renonce: zapíšte aj renonce (napr. !c1@3 dohr)",
    "notation_twice": "údaj „{what_cs}“ je zapísaný druhýkrát",
    "notation_number_too_long": "číslo je dlhšie ako {digits} číslice",
    "notation_outcome_nothing":
        "celkový výsledok (+ alebo -) sa nemá k čomu vzťahovať: hra nemá časť"
        " s výsledkom uhraná/prehraná (pri stovke zapíšte body)",
    "notation_doubling_nothing":
        "flek bez časti hry: zapíšte, na čo padol (napr. fh, f100, flek na malého)",
    "notation_bid_suit": "pri licitácii sa píše len červená (č alebo c), iná farba nie",
    "notation_internal": "zápis sa nepodarilo prečítať (chyba programu, nahláste ju, prosím)",
}


def with_slovak() -> dict[str, dict[str, str]]:
    """Every message of the parser with its Czech, Slovak and English text."""
    return {code: {**texts, "sk": MESSAGES_SK[code]} for code, texts in MESSAGES.items()}
