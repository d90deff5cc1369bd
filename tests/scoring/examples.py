"""The worked examples of docs/csm-licitovany.md#worked-examples as JSON hands
(docs/hand-format.md).

Shared by the settlement tests and the CLI tests. Seat 1 deals, so at a table of four seat 1
sits out and seat 2 (forehand) declares; X is what each payer pays the declarer.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Example(NamedTuple):
    name: str
    hand: dict[str, Any]
    money: list[int]
    source: str


DOC = "docs/csm-licitovany.md"  # the page whose worked examples these are


def _h(**fields: Any) -> dict[str, Any]:
    return {"players": 4, "dealer": 1, "declarer": 2, **fields}


EXAMPLES = [
    Example("1 sedma kule", _h(contract="seven", trump="bells", game_won=True, seven_won=True),
            [-60, 180, -60, -60], f"{DOC} example 4.1; ČSM 2023 A sazebník hra 1, sedma 2"),
    Example("1 sedma kule at a table of 3",
            _h(players=3, contract="seven", trump="bells", game_won=True, seven_won=True),
            [-60, 120, -60], f"{DOC} example 4.1; ČSM 2023 B.2 nepauzírovaný stůl"),
    Example("2 sedma červená, flek re on sedma",
            _h(contract="seven_hearts", trump="hearts", doublings={"seven": 2}, game_won=True,
               seven_won=False),
            [280, -840, 280, 280], f"{DOC} example 4.2; ČSM 2023 A červené platí dvojnásob"),
    Example("3 sto zelené 80 + 40",
            _h(contract="hundred", trump="leaves",
               points={"declarer_cards": 80, "declarer_marriages": [40]}),
            [-240, 720, -240, -240], f"{DOC} example 4.3; obecná pravidla V.6"),
    Example("4 sto zelené failed",
            _h(contract="hundred", trump="leaves",
               points={"declarer_cards": 40, "declarer_marriages": [40],
                       "defence_marriages": [20]}),
            [320, -960, 320, 320], f"{DOC} example 4.4; obecná pravidla V.6"),
    Example("5 sto a sedma červených, flek on sto",
            _h(contract="hundred_seven_hearts", trump="hearts", doublings={"hundred": 1},
               points={"declarer_cards": 60, "declarer_marriages": [40]}, seven_won=True),
            [-400, 1200, -400, -400], f"{DOC} example 4.5; obecná pravidla V.3, V.5"),
    Example("6 betl fleked, lost",
            _h(contract="betl", doublings={"betl": 1}, betl_won=False),
            [600, -1800, 600, 600], f"{DOC} example 4.6; ČSM 2023 A betl 3,00"),
    Example("7 durch won", _h(contract="durch", durch_won=True),
            [-600, 1800, -600, -600], f"{DOC} example 4.7; ČSM 2023 A durch 6,00"),
    Example("8 dvě sedmy won",
            _h(contract="two_sevens", trump="bells", helper="leaves", two_sevens_won=True),
            [-800, 2400, -800, -800], f"{DOC} example 4.8; ČSM 2023 A dvě sedmy 8,00"),
    Example("8 dvě sedmy, červená trumf, won",
            _h(contract="two_sevens_hearts", trump="hearts", helper="leaves",
               two_sevens_won=True),
            [-1200, 3600, -1200, -1200], f"{DOC} example 4.8 and its readings (hearts rate 60)"),
    Example("9 sto červených at boty, limit",
            _h(contract="hundred_hearts", trump="hearts", doublings={"hundred": 4},
               points={"declarer_cards": 90, "declarer_marriages": [40, 20]}),
            [-10000, 30000, -10000, -10000], f"{DOC} example 4.9; ČSM 2023 A limit 500×"),
    Example("10 omyl", _h(contract="concession"),
            [120, -360, 120, 120], f"{DOC} example 4.10; ČSM 2023 B.8, A omyl 1,20"),
    Example("11 sto kule with silent seven",
            _h(contract="hundred", trump="bells",
               points={"declarer_cards": 60, "declarer_marriages": [40]},
               silent_seven={"side": "declarer", "won": True}),
            [-100, 300, -100, -100], f"{DOC} example 4.11; ČSM 2023 A tichá sedma poloviční"),
    Example("12 sedma zelené with tiché sto",
            _h(contract="seven", trump="leaves",
               points={"declarer_cards": 70, "declarer_marriages": [40]}, seven_won=True),
            [-120, 360, -120, -120], f"{DOC} example 4.12; ČSM 2023 A tiché sto, obecná V.7"),
    Example("13 technical renonc by the sitter",
            _h(contract=None, renonc={"code": "E.3.b", "offender": 1}),
            [-600, 200, 200, 200], f"{DOC} example 4.13; ČSM 2023 E.3, E.6.a"),
]
