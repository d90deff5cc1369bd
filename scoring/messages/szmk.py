"""Engine messages for SZMK volený 2024: omyl, 100+7 doubled whole, the incorrect flek,
the forgiven renonc, the late arrival.

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- SZMK volený 2024
    "concession_not_in_rules": {
        "cs": "Tato pravidla omyl neznají.", "sk": "Tieto pravidlá omyl nepoznajú.",
        "en": "These rules have no omyl.",
    },
    "doubling_hundred_seven_whole": {
        "cs": "100+7 se fleká jako celek; zapište flek ke stovce.",
        "sk": "100+7 sa flekuje ako celok; flek zapíšte k stovke.",
        "en": "100+7 is doubled as a whole; record the flek on the hundred.",
    },
    "incorrect_flek_suspected": {
        "cs": "Flek vypadá jako nekorektní (SZMK E.2): může ho zrušit rozhodčí.",
        "sk": "Flek vyzerá ako nekorektný (SZMK E.2): zrušiť ho môže rozhodca.",
        "en": "The flek looks incorrect (SZMK E.2): a referee can cancel it.",
    },
    "doublings_cancelled_none": {
        "cs": "Hra nemá žádný flek, který by šlo zrušit.",
        "sk": "Hra nemá žiadny flek, ktorý by sa dal zrušiť.",
        "en": "The hand has no flek to cancel.",
    },
    "incorrect_flek_not_in_rules": {
        "cs": "Tato pravidla pokutu za nekorektní flek neznají.",
        "sk": "Tieto pravidlá pokutu za nekorektný flek nepoznajú.",
        "en": "These rules have no fine for an incorrect flek.",
    },
    "incorrect_flek_not_fleker": {
        "cs": "Místo {seat} v této hře neflekovalo.",
        "sk": "Miesto {seat} v tejto hre neflekovalo.",
        "en": "Seat {seat} did not double in this hand.",
    },
    "renonc_not_forgivable": {
        "cs": "Renonc {code} se neodpouští (odpouští se jen první menší renonc v kole).",
        "sk": "Renonce {code} sa neodpúšťa (odpúšťa sa len prvý menší renonce v kole).",
        "en": "Renonc {code} is not forgiven (only the first minor one of a round is).",
    },
    "renonc_hand_has_no_result": {
        "cs": "Po renoncu {code} se hra nehraje; výsledek hry nezapisujte.",
        "sk": "Po renonce {code} sa hra nedohráva; výsledok hry nezapisujte.",
        "en": "After renonc {code} the hand is not played; record no result.",
    },
    "flek_over_budget": {
        "cs": "Místo {seat} má v kole k dispozici {holds}, na tento flek potřebuje {needed}.",
        "sk": "Miesto {seat} má v kole k dispozícii {holds}, na tento flek potrebuje {needed}.",
        "en": "Seat {seat} holds {holds} in this round; this flek needs {needed}.",
    },
    "late_not_in_rules": {
        "cs": "Tato pravidla platbu za pozdní příchod neznají.",
        "sk": "Tieto pravidlá platbu za oneskorený príchod nepoznajú.",
        "en": "These rules have no payment for arriving late.",
    },
    "late_own_line": {
        "cs": "Pozdní příchod se zapisuje na samostatný řádek, bez hry a renonce.",
        "sk": "Oneskorený príchod sa zapisuje na samostatný riadok, bez hry a renonce.",
        "en": "A late arrival is a line of its own, without a contract or renonc.",
    },
    "late_minutes_range": {
        "cs": "Minut zpoždění má být 1 až {max} (později je to kontumace), ne {minutes}.",
        "sk": "Minút oneskorenia má byť 1 až {max} (neskôr je to kontumácia), nie {minutes}.",
        "en": "Minutes late must be 1 to {max} (later is a contumation), not {minutes}.",
    },
    "line_late": {
        "cs": "pozdní příchod místa {seat} ({minutes} min): platí každému {amount}",
        "sk": "oneskorený príchod miesta {seat} ({minutes} min): platí každému {amount}",
        "en": "seat {seat} arrived late ({minutes} min): pays everyone {amount}",
    },
    "line_contract_not_settled": {
        "cs": "renonc {code}: hra se neplatí, jen paušál",
        "sk": "renonce {code}: hra sa neplatí, len paušál",
        "en": "renonc {code}: the contract is not paid, only the flat rate",
    },
    "line_doublings_cancelled": {
        "cs": "fleky zrušil rozhodčí", "sk": "fleky zrušil rozhodca",
        "en": "doublings cancelled by the referee",
    },
    "line_renonc_forgiven": {
        "cs": "renonc {code}: místu {seat} se první menší renonc v kole odpouští",
        "sk": "renonce {code}: miestu {seat} sa prvý menší renonce v kole odpúšťa",
        "en": "renonc {code}: seat {seat}'s first minor renonc of the round is forgiven",
    },
    "line_doublings_cancelled_own": {
        "cs": "rozhodčí zrušil nekorektní flek místa {seats} a odpovědi na něj",
        "sk": "rozhodca zrušil nekorektný flek miesta {seats} a odpovede naň",
        "en": "the referee cancelled the incorrect flek of seat {seats} and the answers to it",
    },
    "line_hundred_without_marriage": {
        "cs": "renonc {code}: sto bez hlášky (či bez sedmy) v ruce se nevyhodnocuje, "
              "neplatí fleky ani hlášky obrany, jen paušál",
        "sk": "renonce {code}: stovka bez hlášky (či bez sedmy) na ruke sa nevyhodnocuje, "
              "neplatia fleky ani hlášky obrany, len paušál",
        "en": "renonc {code}: a hundred without a marriage (or seven) in hand is not settled, "
              "no doublings, no defence marriages, only the flat rate",
    },
    "line_hundred_unannounced": {
        "cs": "hláška {value} nebyla nahlášena: sto prohráno, platí se podle ní",
        "sk": "hláška {value} nebola zahlásená: stovka prehraná, platí sa podľa nej",
        "en": "marriage {value} not announced: the hundred is lost and paid by it",
    },
    "line_incorrect_flek_fine": {
        "cs": "nekorektní flek: místo {seat} platí každému {amount}",
        "sk": "nekorektný flek: miesto {seat} platí každému {amount}",
        "en": "incorrect flek: seat {seat} pays everyone {amount}",
    },
}
