"""Preset ``pagat-voleny``: the traditional volený mariáš for three as pagat.com describes it.

Source: ``rules/pagat-marias-de.txt`` (PAG, cited by line: one paragraph a line) and
docs/pagat-voleny.md. Amounts are units ("Einheiten", L73) whose value the players agree
on: ``base`` is the money of one unit (20 h by default, so that examples compare with ČSM;
an organiser overrides it). Documented variants (L99-106) are overrides, see
``docs/pagat-voleny.md`` and :data:`VARIANTS`.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from typing import Any

from scoring.ruleset import Rates, RenoncRule, Ruleset, Rung
from scoring.types import (
    Component,
    HandEffect,
    RenoncGameValue,
    RenoncKind,
    Series,
    SilentHundredRule,
    UnplayedRule,
)

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D = Component.BETL, Component.DURCH

# L23-33: Farbe (forhont only), Betl, Durch, Offener Betl, Offener Durch, ascending; a Farbe
# carries the forhont's announcements (Sieben, 100, 100 und Sieben, L46), and a 100 replaces
# the game's value (L93), so "100" has no hra part.
LADDER = (
    Rung("game", 1, frozenset({G}), False, "hra", "game (Farbe)"),
    Rung("game_hearts", 2, frozenset({G}), True, "hra červená", "game in hearts"),
    Rung("seven", 3, frozenset({G, S}), False, "sedma", "seven (Sieben)"),
    Rung("seven_hearts", 4, frozenset({G, S}), True, "sedma červená", "seven in hearts"),
    Rung("hundred", 5, frozenset({H}), False, "sto", "hundred"),
    Rung("hundred_hearts", 6, frozenset({H}), True, "sto červených", "hundred in hearts"),
    Rung("hundred_seven", 7, frozenset({H, S}), False, "sto a sedma", "hundred and seven"),
    Rung("hundred_seven_hearts", 8, frozenset({H, S}), True, "sto a sedma červených",
         "hundred and seven in hearts"),
    Rung("betl", 9, frozenset({B}), False, "betl", "betl"),
    Rung("durch", 10, frozenset({D}), False, "durch", "durch"),
    Rung("open_betl", 11, frozenset({B}), False, "otevřený betl", "open betl", open=True),
    Rung("open_durch", 12, frozenset({D}), False, "otevřený durch", "open durch", open=True),
)

# L91: "10 oder mehr": the offender pays each other player the larger of 10 units and the
# contract with its premiums. One entry: the text names no kinds of renonc.
RENONCS = (
    RenoncRule("R", "renonc", "renonc", RenoncKind.IN_PLAY,
               HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT, "pausal_1"),
)

PAGAT_VOLENY = Ruleset(
    code="pagat-voleny",
    name="Volený mariáš (pagat.com, tradiční)",
    valid_from=date(2000, 1, 1),  # the text carries no date
    table_sizes=(3, 4),  # L108: at four the dealer sits out (pauzírák) and pays as a defender
    base=20,  # one unit; the players agree on it (L73)
    currency="CZK",
    ladder=LADDER,
    # L77-91: Spiel 1, Betl 5, Durch 10, offener Betl 10, offener Durch 20, stille Sieben 1,
    # Sieben 2, 100 4; renonc at least 10; no limit is mentioned.
    rates=Rates(game=1, seven=2, silent_seven=1, hundred=4, betl=5, durch=10, open_betl=10,
                open_durch=20, two_sevens=20, two_sevens_hearts=40, concession=0, pausal_1=10,
                pausal_2=0, limit=None, raised_limit=None),
    silent_hundred=SilentHundredRule.SERIES,  # L84: 2 units for 100, doubled per ten
    hundred_series=Series.GEOMETRIC,  # L84, L88
    silent_hundred_marriages=1,  # L53: one marriage to reach 100, all for the tens
    hundred_failed_counts_opponent_marriages=False,  # L88: only the tens missing
    doubling_names=("flek", "re", "tutti", "boty", "kalhoty", "kaiser"),  # L57
    doubling_cap=None,  # L57: "ohne eine Begrenzung"
    defence_announcements=frozenset({S, H}),  # L46: "7 gegen", "100 gegen"
    trump_game_forehand_only=True,  # L18, L25
    unplayed_rules=frozenset({UnplayedRule.SEVEN_VS_FLEKED_GAME,  # L97
                              UnplayedRule.QUIET_TRUMP_GAME}),  # L96
    seven_vs_fleked_game_by_rule=True,  # L97: not played by the rule, no mark needed
    concession_rungs=frozenset(),
    renoncs=RENONCS,
    renonc_game_value=RenoncGameValue.BASIC_AT_LEVELS,
    premium_table=None,  # a pub game: no PB
    sb_premium_factor=0,
)

# L109-116: all four play (no talon). Forhont calls a trump card by rank and its holder is his
# partner (``Hand.partner``; alone when he holds it himself, L110); 2v2 each player is paid by
# one opponent, 1v3 by all three (L112). L114: two more contracts rank between Farbe and Betl:
# Durch mit Partner (L115, the holder of a named card plays with him; lost under 6 tricks of
# his own, he pays double and the partner nothing) and Durch mit dem Raffinierten (L116, the
# taker of trick 8 joins him: ``clever``). Their value is not stated: the durch's (10 units).
DURCH_PARTNER = Rung("durch_partner", 9, frozenset({D}), False, "durch se spoluhráčem",
                     "durch with a partner", called_partner=True)
DURCH_CLEVER = Rung("durch_clever", 10, frozenset({D}), False, "durch s chytrým",
                    "durch with the clever one", clever=True)
LADDER_FOUR = (
    *LADDER[:8], DURCH_PARTNER, DURCH_CLEVER,
    *(dataclasses.replace(r, rank=r.rank + 2) for r in LADDER[8:]),
)

# Pagat's named variants (L99-106) as overrides of the preset: ``PAGAT_VOLENY.override(
# **VARIANTS["arithmetic_hundreds"])``.
VARIANTS: dict[str, dict[str, Any]] = {
    "arithmetic_hundreds": {"hundred_series": Series.ARITHMETIC},  # L101: 4+4+4+4
    "half_step_hundreds": {"hundred_series": Series.HALF_STEP},  # L101: 4+2+2+2
    "killed_seven": {"rates": {"seven_killed": 3}},  # L103: vernichtete Sieben 3 instead of 2
    # L99-100: no open contracts (and the ČSM values betl 15, durch 30)
    "no_open_contracts": {"ladder": LADDER[:10]},
    "csm_values": {"ladder": LADDER[:10], "rates": {"betl": 15, "durch": 30}},
    # L109-116: the all-four game with a called partner, in place of the pauzírák (L108)
    # L111: only forhont's opponents flek the game
    "all_four": {"table_sizes": (4,), "partnerships": True, "ladder": LADDER_FOUR,
                 "game_flek_forehand_opponents": True},
}
