"""Engine messages for standings and teams (:mod:`scoring.standings` ``round_reasons``,
:mod:`scoring.teams`): the reasons of a round row and of a team row; the reasons of a player's
totals are with the rank keys (:mod:`scoring.rank_keys`). Structured reasons:
:mod:`scoring.reasons`.

Registered into the catalogue by :mod:`scoring.messages`.
"""

TEXTS: dict[str, dict[str, str]] = {
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
}
