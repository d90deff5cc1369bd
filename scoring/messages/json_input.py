"""Engine messages for reading a hand or a ruleset from JSON (:mod:`scoring.jsonio`).

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- JSON input
    "json_syntax": {
        "cs": "Vstup není platný JSON (řádek {line}, sloupec {column}).",
        "sk": "Vstup nie je platný JSON (riadok {line}, stĺpec {column}).",
        "en": "The input is not valid JSON (line {line}, column {column}).",
    },
    "json_type": {
        "cs": "Hodnota má být {expected}.",
        "sk": "Hodnota má byť {expected}.",
        "en": "The value must be {expected}.",
    },
    "json_value": {
        "cs": "Neznámá hodnota „{value}“ (možné: {allowed}).",
        "sk": "Neznáma hodnota „{value}“ (možné: {allowed}).",
        "en": "Unknown value “{value}” (allowed: {allowed}).",
    },
    "json_unknown_field": {
        "cs": "Neznámé pole „{name}“.", "en": "Unknown field “{name}”.",
        "sk": "Neznáme pole „{name}“.",
    },
    "json_missing_field": {
        "cs": "Chybí povinné pole „{name}“.", "en": "The required field “{name}” is missing.",
        "sk": "Chýba povinné pole „{name}“.",
    },
    "ruleset_unknown": {
        "cs": "Neznámá pravidla „{code}“ (známá: {known}).",
        "sk": "Neznáme pravidlá „{code}“ (známe: {known}).",
        "en": "Unknown ruleset “{code}” (known: {known}).",
    },
    "ruleset_setting_invalid": {
        "cs": "Nastavení pravidel „{setting}“ nelze použít (pole=hodnota v JSON, např. "
              "renonc_basic_unfleked=true).",
        "sk": "Nastavenie pravidiel „{setting}“ nemožno použiť (pole=hodnota v JSON, napr. "
              "renonc_basic_unfleked=true).",
        "en": "The ruleset setting “{setting}” cannot be used (field=JSON value, e.g. "
              "renonc_basic_unfleked=true).",
    },
}
