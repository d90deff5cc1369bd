"""Engine messages for the hand as written at the table: where a position is, the seats,
the contract and its trumps, the doublings (validation in :mod:`scoring.validation`).

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
    "at_position": {
        "cs": "na znaku {position}",
        "sk": "na znaku {position}",
        "en": "at character {position}",
    },
    # -- seats and contract
    "table_size": {
        "cs": "Stůl pro {players} hráče tato pravidla neznají (povoleno: {allowed}).",
        "sk": "Stôl pre {players} hráčov tieto pravidlá nepoznajú (povolené: {allowed}).",
        "en": "These rules have no table of {players} players (allowed: {allowed}).",
    },
    "seat_range": {
        "cs": "Místo {seat} u stolu neexistuje (místa jsou 1 až {players}).",
        "sk": "Miesto {seat} pri stole neexistuje (miesta sú 1 až {players}).",
        "en": "Seat {seat} does not exist (the seats are 1 to {players}).",
    },
    "declarer_is_sitter": {
        "cs": "Hráč na místě {seat} rozdával a pauzíruje, nemůže hrát hru.",
        "sk": "Hráč na mieste {seat} rozdával a pauzuje, nemôže hrať hru.",
        "en": "Seat {seat} dealt and sits out; the sitter cannot be the declarer.",
    },
    "contract_unknown": {
        "cs": "Neznámý závazek „{contract}“.", "en": "Unknown contract “{contract}”.",
        "sk": "Neznámy záväzok „{contract}“.",
    },
    "contract_missing": {
        "cs": "Chybí závazek (hra bez závazku smí zapsat jen renonc).",
        "sk": "Chýba záväzok (bez záväzku sa smie zapísať len renonce).",
        "en": "The contract is missing (only a renonc may stand without one).",
    },
    "contract_below_bid": {
        "cs": "Závazek {contract} je nižší než vylicitovaná hra {bid}.",
        "sk": "Záväzok {contract} je nižší ako vylicitovaná hra {bid}.",
        "en": "The contract {contract} is below the auction's {bid}.",
    },
    "trumps_not_allowed": {
        "cs": "Hra {contract} se hraje bez trumfů; barvu nezadávejte.",
        "sk": "Hra {contract} sa hrá bez tromfov; farbu nezadávajte.",
        "en": "{contract} has no trumps; leave the suit empty.",
    },
    "trump_missing": {
        "cs": "U hry {contract} chybí trumfová barva.",
        "sk": "Pri hre {contract} chýba tromfová farba.",
        "en": "{contract} needs a trump suit.",
    },
    "hearts_contract_without_hearts": {
        "cs": "Hra {contract} se hraje v červených; trumfy musí být červené.",
        "sk": "Hra {contract} sa hrá v červenej; tromf musí byť červený.",
        "en": "{contract} is a hearts contract; trumps must be hearts.",
    },
    "hearts_need_hearts_contract": {
        "cs": "Červené trumfy jsou jiný stupeň žebříčku než {contract} (zadejte červenou hru).",
        "sk": "Červený tromf je iný stupeň rebríčka ako {contract} (zadajte červenú hru).",
        "en": "Hearts trumps are another rung than {contract} (choose the hearts contract).",
    },
    "helper_missing": {
        "cs": "U dvou sedem chybí pomocná barva.", "en": "Two sevens need a helper suit.",
        "sk": "Pri dvoch sedmách chýba pomocná farba.",
    },
    "helper_is_trump": {
        "cs": "Pomocná barva nesmí být trumfová.",
        "sk": "Pomocná farba nesmie byť tromfová.",
        "en": "The helper suit must differ from trumps.",
    },
    "helper_not_allowed": {
        "cs": "Pomocná barva patří jen ke dvěma sedmám, ne ke hře {contract}.",
        "sk": "Pomocná farba patrí len k dvom sedmám, nie k hre {contract}.",
        "en": "A helper suit belongs to two sevens only, not to {contract}.",
    },
    "concession_needs_seven": {
        "cs": "Omyl je možný jen po vylicitované sedmě (ne po „{bid}“).",
        "sk": "Omyl je možný len po vylicitovanej sedme (nie po „{bid}“).",
        "en": "Omyl is possible only after a plain seven auction (not “{bid}”).",
    },
    "concession_has_play": {
        "cs": "Omyl se nehraje; údaj nepatří k omylu.",
        "sk": "Omyl sa nehrá; údaj k omylu nepatrí.",
        "en": "Omyl is not played; this entry does not belong to it.",
    },
    "renonc_only_has_play": {
        "cs": "Záznam jen s renoncem nemá výsledek hry; údaj odstraňte nebo zadejte závazek.",
        "sk": "Záznam len s renonce nemá výsledok hry; údaj odstráňte alebo zadajte záväzok.",
        "en": "A renonc-only entry has no play result; remove it or enter the contract.",
    },
    "renonc_needs_contract": {
        "cs": "Renonc ve hře {code} potřebuje závazek, který se prohrál.",
        "sk": "Renonce v hre {code} potrebuje záväzok, ktorý sa prehral.",
        "en": "The in-play renonc {code} needs the contract it lost.",
    },
    # -- doublings
    "doubling_twice": {
        "cs": "Flek je u této části zapsán dvakrát.",
        "sk": "Flek je pri tejto časti zapísaný dvakrát.",
        "en": "The doubling of this part is recorded twice.",
    },
    "doubling_not_in_contract": {
        "cs": "Flekovaná část není součástí hry {contract}.",
        "sk": "Flekovaná časť nie je súčasťou hry {contract}.",
        "en": "The doubled part is not part of {contract}.",
    },
    "doubling_negative": {
        "cs": "Počet fleků nemůže být záporný.", "en": "A doubling level cannot be negative.",
        "sk": "Počet flekov nemôže byť záporný.",
    },
    "doubling_capped": {
        "cs": "Flek nad {cap}. stupeň neplatí; počítá se {cap} fleků.",
        "sk": "Flek nad {cap}. stupeň neplatí; počíta sa {cap} flekov.",
        "en": "Doublings beyond the {cap}th are void; {cap} are counted.",
    },
    "doubling_by_not_defender": {
        "cs": "Hráč na místě {seat} nebrání, nemůže flekovat.",
        "sk": "Hráč na mieste {seat} nie je v obrane, nemôže flekovať.",
        "en": "Seat {seat} is not a defender and cannot double.",
    },
    "laid_down_flekers_missing": {
        "cs": "U flekované ložené hry zapište, kdo flekoval.",
        "sk": "Pri flekovanej vyloženej hre zapíšte, kto flekoval.",
        "en": "For a doubled laid-down game, record who doubled.",
    },
}
