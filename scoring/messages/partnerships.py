"""Engine messages for křížový (ČSM obecná pravidla VII.2; :mod:`scoring.partnerships`):
partners, the called rank, trick 8.

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
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
}
