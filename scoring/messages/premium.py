"""Engine messages for premium points (PB): their facts and tables (:mod:`scoring.premium`),
and the renonc codes.

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- premium facts
    "premium_trumps_range": {
        "cs": "Počet karet v barvě musí být 1 až 8 (zadáno {trumps}).",
        "sk": "Počet kariet vo farbe musí byť 1 až 8 (zadané {trumps}).",
        "en": "A suit has 1 to 8 cards (given {trumps}).",
    },
    "premium_count_range": {
        "cs": "Počet barev je 0 až 4.", "en": "A count of suits is 0 to 4.",
        "sk": "Počet farieb je 0 až 4.",
    },
    "premium_claim_not_defender": {
        "cs": "PB za flek může dostat jen hráč obrany (místo {seat} nebrání).",
        "sk": "PB za flek môže dostať len hráč obrany (miesto {seat} nie je v obrane).",
        "en": "Only a defender earns PB for a flek (seat {seat} is not one).",
    },
    "premium_facts_missing": {
        "cs": "Uhraná hra {contract} má PB, ale k jejich výpočtu chybí {facts}. Doplňte to, "
              "jinak se PB nepřidělí.",
        "sk": "Uhraná hra {contract} má PB, ale na ich výpočet chýba {facts}. Doplňte to, "
              "inak sa PB nepridelia.",
        "en": "The made {contract} earns PB, but counting them needs {facts}. Add it, or no "
              "PB are awarded.",
    },
    "premium_cell_unknown": {
        "cs": "Tabulka PB {table} nezná hodnotu {row} ({column}); PB za tuto část nepřiděleny.",
        "sk": "Tabuľka PB {table} nepozná hodnotu {row} ({column}); PB za túto časť nepridelené.",
        "en": "PB table {table} has no value for {row} ({column}); no PB for this part.",
    },
    "premium_claim_without_flek": {
        "cs": "Místo {seat} neflekovalo, PB za flek nedostane.",
        "sk": "Miesto {seat} neflekovalo, PB za flek nedostane.",
        "en": "Seat {seat} did not double, so it earns no flek PB.",
    },
    "premium_claim_ignored": {
        "cs": "PB obránce (místo {seat}) jsou jen za prohraný betl či durch, ne u hry {contract}.",
        "sk":
            "PB obrancu (miesto {seat}) sú len za prehratý betl či durch, nie pri hre {contract}.",
        "en": "Defender PB (seat {seat}) exist only for a lost betl or durch, not in {contract}.",
    },
    "premium_table_row_unknown": {
        "cs": "Tabulka PB nezná řádek „{row}“.", "en": "The PB table has no row “{row}”.",
        "sk": "Tabuľka PB nepozná riadok „{row}“.",
    },
    "premium_table_field_missing": {
        "cs": "V tabulce PB chybí „{name}“.", "en": "The PB table lacks “{name}”.",
        "sk": "V tabuľke PB chýba „{name}“.",
    },
    "premium_table_value_invalid": {
        "cs": "Neplatná hodnota v tabulce PB: {value}.", "en": "Invalid PB table value: {value}.",
        "sk": "Neplatná hodnota v tabuľke PB: {value}.",
    },
    # -- renonc
    "premium_ruling_without_renonc": {
        "cs": "Rozhodnutí o PB patří jen k hře s renoncem.",
        "sk": "Rozhodnutie o PB patrí len k hre s renonce.",
        "en": "A PB ruling belongs to a hand with a renonc only.",
    },
    "renonc_unknown": {
        "cs": "Renonc „{code}“ pravidla neznají.", "en": "The rules know no renonc “{code}”.",
        "sk": "Renonce „{code}“ pravidlá nepoznajú.",
    },
    "renonc_in_laid_down": {
        "cs": "Ložená hra se nehraje, renonc ve hře v ní nastat nemůže.",
        "sk": "Vyložená hra sa nehrá, renonce v hre v nej nemôže nastať.",
        "en": "A laid-down game is not played; no in-play renonc can occur.",
    },
}
