"""Engine messages for the lines of a hand's settlement explanation (:mod:`scoring.explain`).

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
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
}
