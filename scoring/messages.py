"""Message catalogue of the rules engine: stable code → sentence in Czech and English.

The engine has no Django, so it cannot use gettext catalogues; the web layer shows these texts
in the user's language (Slovak falls back to Czech until the SZMK work adds its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FALLBACK = {"sk": "cs"}

MESSAGES: dict[str, dict[str, str]] = {
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
    # -- explanation lines
    "line_payers": {"cs": "místa {seats}:", "sk": "miesta {seats}:", "en": "seats {seats}:"},
    "line_hearts": {"cs": "červené ×{factor}", "sk": "červená ×{factor}", "en": "hearts ×{factor}"},
    "line_won": {"cs": "uhráno", "sk": "uhrané", "en": "won"},
    "line_lost": {"cs": "prohráno", "sk": "prehrané", "en": "lost"},
    "note_silent_hundred": {
        "cs": "tiché sto, {total} bodů",
        "sk": "tichá stovka, {total} bodov",
        "en": "silent hundred, {total} points",
    },
    "note_hundred_made": {
        "cs": "po desítkách nad 100",
        "sk": "po desiatkach nad 100",
        "en": "per ten above 100",
    },
    "note_hundred_failed": {
        "cs": "desítky do 100 a hlášky obrany", "en": "tens short of 100 and defence marriages",
        "sk": "desiatky do 100 a hlášky obrany",
    },
    "note_basic_rate": {"cs": "základní sazba", "sk": "základná sadzba", "en": "basic rate"},
    "line_limit": {
        "cs": "limit: platba omezena na {amount} (místo {before})",
        "sk": "limit: platba obmedzená na {amount} (namiesto {before})",
        "en": "limit: payment capped at {amount} (instead of {before})",
    },
    "line_doubling_capped": {
        "cs": "fleky nad {cap}. neplatí", "en": "doublings beyond the {cap}th are void",
        "sk": "fleky nad {cap}. neplatia",
    },
    "line_concession": {
        "cs": "omyl: aktér platí každému {amount}",
        "sk": "omyl: voliaci hráč platí každému {amount}",
        "en": "omyl: the declarer pays everyone {amount}",
    },
    "line_not_played": {
        "cs": "nehráno: části se vyrovnaly, nikdo neplatí",
        "sk": "nehrané: časti sa vyrovnali, nikto neplatí",
        "en": "not played: the parts cancel, nobody pays",
    },
    "line_renonc_pays_for_side": {
        "cs": "renonc: místo {seat} platí aktérovi za celou obranu {amount}",
        "sk": "renonce: miesto {seat} platí voliacemu za celú obranu {amount}",
        "en": "renonc: seat {seat} pays the declarer for the whole defence {amount}",
    },
    "line_laid_down_fleker": {
        "cs": "ložená hra: flekující místo {seat} doplácí {amount}",
        "sk": "vyložená hra: flekujúce miesto {seat} dopláca {amount}",
        "en": "laid-down game: doubling seat {seat} pays {amount}",
    },
    "line_renonc_penalty": {
        "cs": "renonc {code}: místo {seat} platí každému paušál {amount}",
        "sk": "renonce {code}: miesto {seat} platí každému paušál {amount}",
        "en": "renonc {code}: seat {seat} pays everyone the flat rate {amount}",
    },
    "line_premium": {
        "cs": "PB místo {seat}: {pb} ({note_cs})", "en": "PB seat {seat}: {pb} ({note_en})",
        "sk": "PB miesto {seat}: {pb} ({note_cs})",
    },
    "line_premium_refused_offender": {
        "cs": "PB místa {seat} ({pb}) propadají: jeho strana se dopustila renoncu",
        "sk": "PB miesta {seat} ({pb}) prepadajú: jeho strana urobila renonce",
        "en": "PB of seat {seat} ({pb}) forfeited: his side committed the renonc",
    },
    "line_premium_refused_ruling": {
        "cs": "PB místa {seat} ({pb}) rozhodčí nepřiznal",
        "sk": "PB miesta {seat} ({pb}) rozhodca nepriznal",
        "en": "PB of seat {seat} ({pb}) refused by the referee",
    },
    "line_premium_pending": {
        "cs": "PB místa {seat} ({pb}) čekají na rozhodnutí rozhodčího",
        "sk": "PB miesta {seat} ({pb}) čakajú na rozhodnutie rozhodcu",
        "en": "PB of seat {seat} ({pb}) await the referee's ruling",
    },
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


@dataclass(frozen=True)
class Named:
    """A parameter that has its own name per language (a contract's Czech and English name,
    and a Slovak one where it differs)."""

    cs: str
    en: str
    sk: str | None = None

    def in_language(self, lang: str) -> str:
        if lang == "sk" and self.sk is not None:
            return self.sk
        return self.en if lang == "en" else self.cs

    def __str__(self) -> str:
        return self.cs


_AND = {"cs": " a ", "sk": " a ", "en": " and "}


def named_list(items: list[Named]) -> Named:
    """Several names as one, in each language: "a, b a c" (en "a, b and c")."""

    def joined(lang: str) -> str:
        words = [item.in_language(lang) for item in items]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + _AND[lang] + words[-1]

    return Named(joined("cs"), joined("en"), joined("sk"))


def render(message_code: str, lang: str = "cs", /, **params: Any) -> str:
    """The message of ``message_code`` in ``lang`` (Czech when the language has no text)."""
    texts = MESSAGES.get(message_code)
    if texts is None:
        return message_code
    text = texts.get(lang) or texts.get(FALLBACK.get(lang, "cs")) or texts["cs"]
    # Named texts and amounts (scoring.formatting.Money) read in the message's language.
    values = {k: v.in_language(lang) if hasattr(v, "in_language") else v
              for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def register(messages: dict[str, dict[str, str]]) -> None:
    """Add a module's own codes (the shorthand parser, the PB tables) to the catalogue."""
    clash = set(messages) & set(MESSAGES)
    if clash:
        raise ValueError(f"message codes defined twice: {sorted(clash)}")
    MESSAGES.update(messages)



# Křížový (ČSM obecná pravidla VII.2; scoring/partnerships.py)
register({
    "partnership_not_in_rules": {
        "cs": "Spoluhráče, volanou kartu a osmý zdvih zná jen křížový mariáš.",
        "sk": "Spoluhráča, volanú kartu a ôsmy zdvih pozná len krížový mariáš.",
        "en": "A partner, a called rank and trick 8 exist only in křížový.",
    },
    "partner_is_declarer": {
        "cs": "Spoluhráčem nemůže být sám aktér (místo {seat}); kdo hraje sám, nemá spoluhráče.",
        "sk": "Spoluhráčom nemôže byť sám voliaci hráč (miesto {seat}); kto hrá sám, nemá "
              "spoluhráča.",
        "en": "The partner cannot be the declarer (seat {seat}); playing alone means no "
              "partner.",
    },
    "partner_no_trumps": {
        "cs": "Betl a durch hraje aktér sám proti třem; spoluhráč jen u durchu s chytrým "
              "(osmý zdvih).",
        "sk": "Malý a veľký hrá voliaci hráč sám proti trom; spoluhráč len pri veľkom "
              "s chytrým (ôsmy zdvih).",
        "en": "Betl and durch are played alone against three; a partner only by trick 8 of "
              "a durch s chytrým.",
    },
    "trick8_not_clever": {
        "cs": "Osmý zdvih se zapisuje jen u durchu s chytrým.",
        "sk": "Ôsmy zdvih sa zapisuje len pri veľkom s chytrým.",
        "en": "Trick 8 is recorded only for a durch s chytrým.",
    },
    "trick8_missing": {
        "cs": "U uhraného durchu s chytrým chybí, kdo vzal osmý zdvih.",
        "sk": "Pri uhranom veľkom s chytrým chýba, kto vzal ôsmy zdvih.",
        "en": "A won durch s chytrým needs the seat that took trick 8.",
    },
    "called_rank_without_contract": {
        "cs": "Volená karta patří k zápisu hry.",
        "sk": "Volená karta patrí k zápisu hry.",
        "en": "A called rank belongs to a contract.",
    },
    "partner_flek": {
        "cs": "Volaný spoluhráč (místo {seat}) nesmí flekovat závazek aktéra; liché fleky "
              "dává jen obrana.",
        "sk": "Volaný spoluhráč (miesto {seat}) nesmie flekovať záväzok voliaceho hráča; "
              "nepárne fleky dáva len obrana.",
        "en": "The called partner (seat {seat}) may not flek the declarer's contract; odd "
              "raises are the defence's.",
    },
    "partner_raise_not_allowed": {
        "cs": "Podle těchto pravidel dává re a další sudé fleky jen aktér (ne spoluhráč {seat}).",
        "sk": "Podľa týchto pravidiel dáva re a ďalšie párne fleky len voliaci hráč (nie "
              "spoluhráč {seat}).",
        "en": "Under these rules only the declarer says re and the other even raises (not "
              "the partner, seat {seat}).",
    },
    "announcement_by_partner": {
        "cs": "Hlášku proti volící straně smí dát jen hráč obrany, ne spoluhráč aktéra "
              "(místo {seat}).",
        "sk": "Hlášku proti voliacej strane smie dať len hráč obrany, nie spoluhráč "
              "(miesto {seat}).",
        "en": "Only a defender may announce against the declaring side, not the partner "
              "(seat {seat}).",
    },
    "line_renonc_pays_for_pair": {
        "cs": "renonc: místo {seat} platí hru za celou svou stranu, každému soupeři {amount}",
        "sk": "renonce: miesto {seat} platí hru za celú svoju stranu, každému súperovi {amount}",
        "en": "renonc: seat {seat} pays the game for his whole side, {amount} to each opponent",
    },
})


# Standings and teams (scoring/standings.round_reasons, scoring/teams): the reasons of a
# round row and of a team row; the reasons of a player's totals are with the rank keys
# (scoring/rank_keys.py). Structured reasons: scoring/reasons.py.
register({
    "round_money_budget": {
        "cs": "Nahraná suma = {budget} + ZB {zb} = {total}",
        "sk": "Nahratá suma = {budget} + ZB {zb} = {total}",
        "en": "Money = {budget} + ZB {zb} = {total}",
    },
    "round_sb": {
        "cs": "SB = ZB {zb} + {factor} × PB {pb} = {sb}",
        "sk": "SB = ZB {zb} + {factor} × PB {pb} = {sb}",
        "en": "SB = ZB {zb} + {factor} × PB {pb} = {sb}",
    },
    "round_sb_rounded": {
        "cs": "SB = ZB {zb} → {rounded} + {factor} × PB {pb} = {sb}",
        "sk": "SB = ZB {zb} → {rounded} + {factor} × PB {pb} = {sb}",
        "en": "SB = ZB {zb} → {rounded} + {factor} × PB {pb} = {sb}",
    },
    "round_bp_at_table": {"cs": "u stolu", "sk": "pri stole", "en": "at the table"},
    "round_bp_in_round": {"cs": "v kole", "sk": "v kole", "en": "in the round"},
    "round_bp_bye": {
        "cs": "BP = {bp} pevně (volno v kole)",
        "sk": "BP = {bp} pevne (voľno v kole)",
        "en": "BP = {bp} fixed (a bye in the round)",
    },
    "round_bp_fixed": {
        "cs": "BP = {bp} pevně (kontumace), {rank}. místo {where}",
        "sk": "BP = {bp} pevne (kontumácia), {rank}. miesto {where}",
        "en": "BP = {bp} fixed (contumation), place {rank} {where}",
    },
    "round_bp_n_minus_rank": {
        "cs": "BP = {size} − {rank} + 1 = {bp} ({rank}. místo {where})",
        "sk": "BP = {size} − {rank} + 1 = {bp} ({rank}. miesto {where})",
        "en": "BP = {size} − {rank} + 1 = {bp} (place {rank} {where})",
    },
    "round_bp_key": {
        "cs": "BP = {bp} ({rank}. místo {where}, klíč {key})",
        "sk": "BP = {bp} ({rank}. miesto {where}, kľúč {key})",
        "en": "BP = {bp} (place {rank} {where}, key {key})",
    },
    # Why a member counts for his team in a round, or not (scoring/teams.MemberRound.reason)
    "member_nominated": {"cs": "nominovaný", "sk": "nominovaný", "en": "nominated"},
    "member_nominated_absent": {"cs": "nominovaný, nehrál", "sk": "nominovaný, nehral",
                                "en": "nominated, did not play"},
    "member_substitute_counted": {"cs": "{place}. nejlepší náhradník",
                                  "sk": "{place}. najlepší náhradník",
                                  "en": "best substitute no. {place}"},
    "member_substitute_not_counted": {
        "cs": "{place}. náhradník podle výsledku, počítají se {best}",
        "sk": "{place}. náhradník podľa výsledku, počítajú sa {best}",
        "en": "substitute no. {place} by the result, {best} count",
    },
    "member_substitute_absent": {"cs": "náhradník, nehrál", "sk": "náhradník, nehral",
                                 "en": "substitute, did not play"},
    "member_best_counted": {"cs": "{place}. nejlepší v týmu", "sk": "{place}. najlepší v tíme",
                            "en": "best no. {place} of the team"},
    "member_best_not_counted": {
        "cs": "{place}. v týmu podle výsledku, počítá se {best}",
        "sk": "{place}. v tíme podľa výsledku, počíta sa {best}",
        "en": "no. {place} of the team by the result, {best} count",
    },
    "member_team": {"cs": "člen týmu", "sk": "člen tímu", "en": "team member"},
    "member_absent": {"cs": "nehrál", "sk": "nehral", "en": "did not play"},
    # A team row (scoring/teams.team_reasons): one line per round, then one per key
    "team_key_value": {"cs": "{key} {value}", "sk": "{key} {value}", "en": "{key} {value}"},
    "team_member_values": {"cs": "{name} ({reason}: {values})",
                           "sk": "{name} ({reason}: {values})",
                           "en": "{name} ({reason}: {values})"},
    "team_member": {"cs": "{name} ({reason})", "sk": "{name} ({reason})",
                    "en": "{name} ({reason})"},
    "team_nobody": {"cs": "nikdo", "sk": "nikto", "en": "nobody"},
    "team_round": {"cs": "{round}. kolo: {sums} = {counted}",
                   "sk": "{round}. kolo: {sums} = {counted}",
                   "en": "Round {round}: {sums} = {counted}"},
    "team_round_others": {"cs": "{round}. kolo: {sums} = {counted}; nezapočteni: {others}",
                          "sk": "{round}. kolo: {sums} = {counted}; nezapočítaní: {others}",
                          "en": "Round {round}: {sums} = {counted}; not counted: {others}"},
    "team_sum": {"cs": "{key} {total} = {terms}", "sk": "{key} {total} = {terms}",
                 "en": "{key} {total} = {terms}"},
    "team_record": {"cs": "Bilance kol ({key}) {record}", "sk": "Umiestnenia v kolách ({key}) "
                    "{record}", "en": "Round record ({key}) {record}"},
    "team_best_round": {"cs": "Nejlepší kolo: {round}. kolo ({values})",
                        "sk": "Najlepšie kolo: {round}. kolo ({values})",
                        "en": "Best round: round {round} ({values})"},
})
