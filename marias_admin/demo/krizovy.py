"""The ČSM křížový demo ``make run`` shows beside the other presets (issue 15, deliverable 4).

* **ČSM křížový** (obecná pravidla VII.2, docs/csm-krizovy.md): 16 players at four tables of
  exactly four — all four play every hand, nobody sits out (L243) — two rounds played and
  confirmed, round 3 to seat. The hands are the worked examples of docs/notation.md
  ("Křížový examples", K1–K8) and variations of them: a called partner (2v2), a declarer
  alone who called a card he holds (1v3), sedma proti, betl of any seat (the dealer too),
  durch s chytrým with trick 8 joining the declarer (or taken by himself, or lost). The
  standings give each table's four 4-2-1-0 table points by their money at the table, then
  money (tournaments/standings_rules.py, ``KRIZOVY_RULES``).

Built through the services an organiser, a scorekeeper and a referee use, in one transaction,
from fixed hands written in the scorekeeper's shorthand: the same tournament on every fresh
database. It reuses the volený demo's builder (:mod:`marias_admin.demo.voleny`); only the
table differs: four active seats, the forehand declares every trump game (VII.2 L245–246 with
VII.1), a betl or durch may be any seat's.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marias_admin.demo.voleny import VolenyDemo, _Build
from marias_admin.seating.models import Table
from marias_admin.sheets.services import hand_add, sheet_confirm, sheet_for, sheet_submit
from marias_admin.tournaments.models import Tournament
from scoring.notation import parse

PLAYERS_AT_TABLE = 4
HANDS_PER_TABLE = 8  # each player deals twice

# (shorthand with {fh}, {a}, {b}, {c} for the forehand and the next seats clockwise — {c} is
# the dealer, who plays too — the declarer's role). The K-examples are written with seat 4
# dealing, so seat 1 = {fh}, 2 = {a}, 3 = {b}, 4 = {c}.
KRIZOVY_HANDS: tuple[tuple[str, str], ...] = (
    ("hk =e sp@{b} 60+20z:+20za", "fh"),  # K1: the called ace's holder is the partner (2v2)
    ("7z =k h+ s+", "fh"),  # K2: he called the king he holds: alone (1v3), ±3X
    ("hza sp@{a} 7p@{b}+ 50+40za:+20k", "fh"),  # K4: sedma proti of a defender, won
    ("b b+", "a"),  # K5: betl, always alone, won
    ("dch ch8@{c} d+", "fh"),  # K6: durch s chytrým, trick 8 joins the declarer (2v2)
    ("hk sp@{a} 40:+40k+20z", "fh"),  # K7: the defence's tiché sto
    ("100z sp@{a} 70+40z+20k", "fh"),  # K8: sto of the pair, its marriages added
    ("7c =e sp@{c} r7#{a}{fh} h+ s-", "fh"),  # K3: flek by a defender, re, the sedma lost
    ("hz =e sp@{c} 70", "fh"),  # a plain hra with the dealer as partner
    ("b-", "c"),  # the dealer's betl, lost (all play: the dealer may declare, L243)
    ("hc =k sam 60", "fh"),  # alone in hearts (the rate doubled), won
    ("dch ch8@{fh} d+", "fh"),  # durch s chytrým, all eight tricks himself: 1v3 won
    ("hk =e sp@{b} 7p@{c}- 60", "fh"),  # sedma proti lost
    ("dch d-", "b"),  # durch s chytrým lost: alone, trick 8 not needed
)

KRIZOVY_DEMO = VolenyDemo(
    name="Demo: Křížový mariáš v Berouně", venue="Restaurace Na Plzeňce, Beroun",
    ruleset_code="csm-krizovy", rounds_planned=3, rounds_played=2, seed=20151,
    hands=KRIZOVY_HANDS,
    players=(
        ("Adam", "Brož", "MK Beroun"), ("Bedřich", "Čáp", "MK Beroun"),
        ("Cyril", "Dostál", "MK Beroun"), ("Dalibor", "Exner", "MK Beroun"),
        ("Emil", "Fořt", "Sokol Králův Dvůr"), ("Filip", "Gregor", "Sokol Králův Dvůr"),
        ("Gustav", "Hanzlík", "Sokol Králův Dvůr"), ("Herbert", "Chvátal", "Sokol Králův Dvůr"),
        ("Ignác", "Jindra", "TJ Hořovice"), ("Jaromír", "Kos", "TJ Hořovice"),
        ("Karel", "Linhart", "TJ Hořovice"), ("Luboš", "Mareš", "TJ Hořovice"),
        ("Marek", "Nedvěd", "MK Zdice"), ("Norbert", "Pešek", "MK Zdice"),
        ("Otakar", "Řezníček", "MK Zdice"), ("Petra", "Štěpánková", ""),
    ),
)


def load_krizovy_demo(user: Any) -> Tournament:
    """Create the ČSM křížový demo once; later runs return the existing one untouched."""
    existing = Tournament.objects.filter(name=KRIZOVY_DEMO.name).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        return _KrizovyBuild(KRIZOVY_DEMO, user).tournament


def seats_clockwise(dealer: int) -> dict[str, int]:
    """The forehand and the next seats clockwise at a table of four; {c} is the dealer."""
    fh, a, b, c = ((dealer + k) % PLAYERS_AT_TABLE + 1 for k in range(PLAYERS_AT_TABLE))
    return {"fh": fh, "a": a, "b": b, "c": c}


class _KrizovyBuild(_Build):
    def _play_table(self, number: int, table: Table) -> None:
        """Eight hands from the list, each table starting elsewhere in it; the deal passes
        clockwise from seat 1 and all four play every hand."""
        sheet = sheet_for(table)
        players = len(table.seats.all())
        assert players == PLAYERS_AT_TABLE, players  # křížový: tables of exactly four
        hands = self.spec.hands
        start = (3 * number + 5 * table.number) % len(hands)
        dealer = 1
        for line in range(HANDS_PER_TABLE):
            template, role = hands[(start + line) % len(hands)]
            seat = seats_clockwise(dealer)
            text = template.format(**seat)
            hand = parse(text, ruleset=self.ruleset, players=players, dealer=dealer,
                         declarer=seat[role])
            hand_add(user=self.scorekeeper, sheet=sheet, expected_version=None, hand=hand,
                     notation=text)
            dealer = dealer % players + 1
        sheet_submit(user=self.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=self.referee, sheet=sheet, expected_version=None)
