"""Engine messages for what a hand's play records: card points and marriages, the outcome
of each part, facts that cannot happen at a table, a hundred without a marriage (SZMK C.6.d,
C.6.e).

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- points
    "points_missing": {
        "cs": "U sta chybí body aktéra.", "en": "A hundred needs the declarer's points.",
        "sk": "Pri stovke chýbajú body voliaceho hráča.",
    },
    "points_not_counted": {
        "cs": "Hra {contract} se nehraje na body; body nezadávejte.",
        "sk": "Hra {contract} sa nehrá na body; body nezadávajte.",
        "en": "{contract} is not played for points; leave the points empty.",
    },
    "card_points_range": {
        "cs": "Body z karet musí být 0 až 90 (zadáno {points}).",
        "sk": "Body z kariet musia byť 0 až 90 (zadané {points}).",
        "en": "Card points must be 0 to 90 (given {points}).",
    },
    "card_points_tens": {
        "cs": "Body z karet jsou vždy po desítkách (zadáno {points}).",
        "sk": "Body z kariet sú vždy po desiatkach (zadané {points}).",
        "en": "Card points come in tens (given {points}).",
    },
    "marriage_value": {
        "cs": "Hláška má hodnotu 20 nebo 40 (zadáno {value}).",
        "sk": "Hláška má hodnotu 20 alebo 40 (zadané {value}).",
        "en": "A marriage is worth 20 or 40 (given {value}).",
    },
    "marriage_40_outside_trumps": {
        "cs": "Čtyřicet je jen hláška v trumfech.", "en": "Only the trump marriage is a 40.",
        "sk": "Štyridsiatka je len hláška v tromfoch.",
    },
    "marriage_20_in_trumps": {
        "cs": "Hláška v trumfech má 40, ne 20.", "en": "The trump marriage is a 40, not a 20.",
        "sk": "Hláška v tromfoch má 40, nie 20.",
    },
    "marriage_suit_twice": {
        "cs": "Hláška v jedné barvě může být jen jedna.",
        "sk": "Hláška v jednej farbe môže byť len jedna.",
        "en": "There is only one marriage per suit.",
    },
    "marriage_too_many": {
        "cs": "Hlášek je nejvýš čtyři a dvacítky nejvýš tři.",
        "sk": "Hlášok je najviac štyri a dvadsiatok najviac tri.",
        "en": "There are at most four marriages, at most three of them 20s.",
    },
    # -- outcome
    "outcome_not_in_contract": {
        "cs": "Výsledek patří k části, kterou hra {contract} nemá.",
        "sk": "Výsledok patrí k časti, ktorú hra {contract} nemá.",
        "en": "This result belongs to a part {contract} does not have.",
    },
    "outcome_missing": {
        "cs": "Chybí výsledek části „{part}“ (uhráno, nebo prohráno?).",
        "sk": "Chýba výsledok časti „{part}“ (uhraná, alebo prehraná?).",
        "en": "The result of “{part}” is missing (won or lost?).",
    },
    "game_result_conflicts_points": {
        "cs": "Výsledek hry neodpovídá zapsaným bodům.",
        "sk": "Výsledok hry nezodpovedá zapísaným bodom.",
        "en": "The game result contradicts the recorded points.",
    },
    "laid_down_lost": {
        "cs": "Ložená hra nemůže být prohraná.", "en": "A laid-down game cannot be lost.",
        "sk": "Vyložená hra nemôže byť prehraná.",
    },
    "laid_down_not_played": {
        "cs": "Hra nemůže být zároveň ložená a nehraná.",
        "sk": "Hra nemôže byť zároveň vyložená a nehraná.",
        "en": "A hand cannot be both laid down and not played.",
    },
    "silent_seven_with_seven": {
        "cs": "Tichá sedma neexistuje ve hře s hlášenou sedmou.",
        "sk": "Tichá sedma neexistuje v hre s hlásenou sedmou.",
        "en": "There is no silent seven in a contract with an announced seven.",
    },
    "silent_seven_no_trumps": {
        "cs": "Tichá sedma potřebuje trumfy.", "en": "A silent seven needs trumps.",
        "sk": "Tichá sedma potrebuje tromfy.",
    },
    "not_played_invalid": {
        "cs": "Nehraje se jen sedma s flekem na hru, schválenou sedmou a bez re.",
        "sk": "Nehrá sa len sedma s flekom na hru, odobrenou sedmou a bez refleku.",
        "en": "Only a seven with hra doubled once and the seven accepted is not played.",
    },
    # -- facts that cannot happen at a table (docs/hand-format.md, "Impossible facts")
    "last_trick_declarer_no_points": {
        "cs": "{fact}: poslední zdvih (10 bodů) vzal aktér, ale má 0 bodů z karet.",
        "sk": "{fact}: posledný štich (10 bodov) vzal voliaci hráč, ale má 0 bodov z kariet.",
        "en": "{fact}: the declarer took the last trick (10 points), yet has 0 card points.",
    },
    "last_trick_defence_no_points": {
        "cs": "{fact}: poslední zdvih (10 bodů) vzala obrana, ale aktér má všech 90 bodů "
              "z karet.",
        "sk": "{fact}: posledný štich (10 bodov) vzala obrana, ale voliaci hráč má všetkých "
              "90 bodov z kariet.",
        "en": "{fact}: the defence took the last trick (10 points), yet the declarer has all "
              "90 card points.",
    },
    "silent_seven_laid_down": {
        "cs": "V ložené hře bere poslední zdvih aktér; {fact} tomu odporuje.",
        "sk": "Vo vyloženej hre berie posledný štich voliaci hráč; {fact} tomu odporuje.",
        "en": "In a laid-down game the declarer takes the last trick; {fact} contradicts it.",
    },
    # -- SZMK C.6.d, C.6.e: a sto without a marriage
    "hundred_without_marriage": {
        "cs": "Sto bez hlášky aktéra: bez hlášky v ruce je to renonc {code} (SZMK C.6.d), "
              "s hláškou nenahlášenou zapište nehlášenou hlášku (SZMK C.6.e).",
        "sk": "Stovka bez hlášky voliaceho: bez hlášky na ruke je to renonce {code} (SZMK C.6.d), "
              "s hláškou nezahlásenou zapíšte nezahlásenú hlášku (SZMK C.6.e).",
        "en": "A hundred without a declarer's marriage: with none in hand it is renonc {code} "
              "(SZMK C.6.d); with one not announced, record the unannounced marriage (SZMK C.6.e).",
    },
    "unannounced_marriage_not_in_rules": {
        "cs": "Tato pravidla sto bez nahlášené hlášky neřeší zvlášť (zapište jen body).",
        "sk": "Tieto pravidlá stovku bez zahlásenej hlášky neriešia osobitne (zapíšte len body).",
        "en": "These rules do not treat a hundred with an unannounced marriage apart "
              "(record the points only).",
    },
    "unannounced_marriage_not_hundred": {
        "cs": "Nehlášená hláška se zapisuje jen ke stu (či 100+7), ne ke hře {contract}.",
        "sk": "Nezahlásená hláška sa zapisuje len k stovke (či 100+7), nie k hre {contract}.",
        "en": "An unannounced marriage belongs to a hundred (or 100+7) only, not {contract}.",
    },
    "unannounced_marriage_with_announced": {
        "cs": "Aktér hlásil hlášku, sto tedy nehrál bez hlášky; nehlášenou hlášku odstraňte.",
        "sk": "Voliaci hráč hlásil hlášku, stovku teda nehral bez hlášky; nezahlásenú hlášku "
              "odstráňte.",
        "en": "The declarer announced a marriage, so the hundred had one; remove the "
              "unannounced marriage.",
    },
    "unannounced_marriage_with_renonc": {
        "cs": "Renonc {code} znamená sto bez hlášky v ruce; nehlášená hláška mu odporuje.",
        "sk": "Renonce {code} znamená stovku bez hlášky na ruke; nezahlásená hláška mu "
              "odporuje.",
        "en": "Renonc {code} means no marriage in hand; an unannounced marriage contradicts it.",
    },
    "renonc_needs_hundred": {
        "cs": "Renonc {code} patří ke stu nebo 100+7, ne ke hře {contract}.",
        "sk": "Renonce {code} patrí k stovke alebo 100+7, nie k hre {contract}.",
        "en": "Renonc {code} belongs to a hundred or 100+7, not to {contract}.",
    },
    "renonc_offender_not_declarer": {
        "cs": "Renonc {code} může udělat jen aktér (místo {seat}).",
        "sk": "Renonce {code} môže urobiť len voliaci hráč (miesto {seat}).",
        "en": "Only the declarer (seat {seat}) can commit renonc {code}.",
    },
}
