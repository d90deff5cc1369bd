"""The SloapSlam demos ``make run`` shows beside the other presets (issue 15, deliverable 4).

Both are the SloapSlam Christmas tournament's partnership games (rules/sloapslam-krizovy-a-
honerovy.txt, "SLS"), 16 players at four tables of exactly four — all four play every hand —
two rounds played and confirmed, round 3 to seat. The standings give each table 4-2-1-0 table
points (BUS) by SB at the table, then SB, then money (tournaments/standings_rules.py,
``SLOAPSLAM_RULES``). Their PB tables are not in the texts (``premium_table = None``), so PB
is 0 and SB is the money (rounded to whole crowns) for now.

* **čtyřka** (docs/sloapslam-ctyrka.md): honerový licitovaný korunový mariáš, 1 Kč a unit
  (SLS L14). The hands are docs/notation.md's SloapSlam examples S1–S3 (an accepted sedma
  not played and paid by its trumps, a devítka fleked and re'd, a renonc paid by the
  offender for his side) and the Křížový examples valid here (K1, K3, K5, K7, K8: the čtyřka
  has no durch s chytrým and no sedma proti), with honers of either side.
* **bodovaný křížový** (docs/sloapslam-krizovy.md): 20 h a unit (SLS L82). The hands are S4
  (the fleker of a scored sedma pays above his partner's unfleked share, B/10), S5 (a renonc
  played out, a further renonc in the dohrávka, D3-D4) and K1-K8 (the called partner, alone,
  sedma proti, betl, durch s chytrým), with a fleked hra not re'd (not played, B/20).

Built like the ČSM křížový demo (:mod:`marias_admin.demo.krizovy`: the same builder, through
the services an organiser, a scorekeeper and a referee use, in one transaction, from fixed
hands in the scorekeeper's shorthand). The auction's winner declares in the čtyřka; the demo
lets the forehand win it, a betl may be any seat's.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marias_admin.demo.krizovy import _KrizovyBuild
from marias_admin.demo.voleny import VolenyDemo
from marias_admin.tournaments.models import Tournament

# (shorthand with {fh}, {a}, {b}, {c} for the forehand and the next seats clockwise — {c} is
# the dealer, who plays too — the declarer's role). docs/notation.md writes its examples with
# seat 4 dealing, so seat 1 = {fh}, 2 = {a}, 3 = {b}, 4 = {c}.
CTYRKA_HANDS: tuple[tuple[str, str], ...] = (
    ("7k sp@{a} tr2", "fh"),  # S1: sedma accepted, not played: 2 trumps s výnosem (L24, L64)
    ("hza sp@{a} 9@{fh}t5#{b}{fh}+ h+", "fh"),  # S2: devítka fleked and re'd, so played
    ("7k sp@{a} r7#{b}{fh} h+ s+ !l38@{c}", "fh"),  # S3: D's renonc, he pays for his side
    ("hk =e sp@{b} 60+20z:+20za", "fh"),  # K1: a plain hra is played (no honer)
    ("hk sp@{a} 9@{fh}t4", "fh"),  # hra with a devítka accepted: not played, conceded (L20)
    ("7c =e sp@{c} r7#{a}{fh} h+ s-", "fh"),  # K3: the sedma fleked and re'd, lost
    ("hz sp@{b} 8@{a}t3+ h+", "fh"),  # a defender's osma on 3 trumps (raised rate), won
    ("b b+", "a"),  # K5: betl, always alone, won
    ("hk sp@{a} 40:+40k+20z", "fh"),  # K7: the defence's tiché sto
    ("7z =k tr3", "fh"),  # alone (called the king he holds): sedma accepted, 3 trumps, ±3X
    ("100z sp@{a} 70+40z+20k", "fh"),  # K8: sto of the pair, its marriages added
    ("hz sp@{a} rh#{b}{fh} h-", "fh"),  # hra fleked and re'd: played, lost
    ("b-", "c"),  # the dealer's betl, lost (the auction's winner may be any seat)
    ("7k sp@{a} f7@{b} h+ s+", "fh"),  # sedma fleked: played, won
)

KRIZOVY_HANDS: tuple[tuple[str, str], ...] = (
    ("7k sp@{a} r7#{b}{fh} h+ s+", "fh"),  # S4: C fleks the scored sedma, pays above D (B/10)
    ("hc sp@{a} h+ !c1@{b} dohr !c3@{c}", "fh"),  # S5: renonc played out, one more (D3, D4)
    ("hk =e sp@{b} 60+20z:+20za", "fh"),  # K1: the called ace's holder is the partner (2v2)
    ("7z =k h+ s+", "fh"),  # K2: he called the king he holds: alone (1v3), ±3X
    ("hza sp@{a} 7p@{b}+ 50+40za:+20k", "fh"),  # K4: sedma proti of a defender, won
    ("b b+", "a"),  # K5: betl, always alone, won
    ("dch ch8@{c} d+", "fh"),  # K6: durch s chytrým, trick 8 joins the declarer (2v2)
    ("hk sp@{a} 40:+40k+20z", "fh"),  # K7: the defence's tiché sto
    ("100z sp@{a} 70+40z+20k", "fh"),  # K8: sto of the pair, its marriages added
    ("7c =e sp@{c} r7#{a}{fh} h+ s-", "fh"),  # K3: flek by a defender, re, the sedma lost
    ("hza sp@{a} trh@{b} f@{b} h+", "fh"),  # a trhák's flek, no re: not played (B/20, B/19)
    ("hz sp@{a} rh#{b}{fh} h+", "fh"),  # flek and re: played, won
    ("b-", "c"),  # the dealer's betl, lost (all play: the dealer may declare)
    ("dch d-", "b"),  # durch s chytrým lost: alone, trick 8 not needed
)

CTYRKA_DEMO = VolenyDemo(
    name="Demo: SloapSlam honerová čtyřka", venue="Hostinec Na Slamníku, Praha",
    ruleset_code="sloapslam-ctyrka", rounds_planned=3, rounds_played=2, seed=20111,
    hands=CTYRKA_HANDS,
    players=(
        ("Albert", "Dvořák", "SloapSlam"), ("Blažej", "Hruška", "SloapSlam"),
        ("Ctibor", "Jelínek", "SloapSlam"), ("Dominik", "Kratochvíl", "SloapSlam"),
        ("Evžen", "Matoušek", "MK Vinohrady"), ("Ferdinand", "Novotný", "MK Vinohrady"),
        ("Gabriel", "Procházka", "MK Vinohrady"), ("Hubert", "Růžička", "MK Vinohrady"),
        ("Igor", "Staněk", "Sokol Libeň"), ("Jakub", "Šimek", "Sokol Libeň"),
        ("Kryštof", "Tůma", "Sokol Libeň"), ("Leoš", "Vacek", "Sokol Libeň"),
        ("Matěj", "Zeman", "MK Karlín"), ("Nikolas", "Žižka", "MK Karlín"),
        ("Oskar", "Čermák", "MK Karlín"), ("Pavla", "Říhová", ""),
    ),
)

KRIZOVY_DEMO = VolenyDemo(
    name="Demo: SloapSlam bodovaný křížový", venue="Hostinec Na Slamníku, Praha",
    ruleset_code="sloapslam-krizovy", rounds_planned=3, rounds_played=2, seed=20112,
    hands=KRIZOVY_HANDS,
    players=(
        ("Rudolf", "Bednář", "SloapSlam"), ("Svatopluk", "Cimrman", "SloapSlam"),
        ("Šimon", "Daněk", "SloapSlam"), ("Tadeáš", "Frýdl", "SloapSlam"),
        ("Udo", "Holub", "MK Vršovice"), ("Vavřinec", "Ježek", "MK Vršovice"),
        ("Vojtěch", "Kašpar", "MK Vršovice"), ("Zdeněk", "Lorenc", "MK Vršovice"),
        ("Arnošt", "Malý", "TJ Modřany"), ("Bruno", "Navrátil", "TJ Modřany"),
        ("Cecílie", "Olivová", "TJ Modřany"), ("Daniel", "Pospíšil", "TJ Modřany"),
        ("Erik", "Rys", "MK Braník"), ("Felix", "Sedláček", "MK Braník"),
        ("Hanuš", "Tichý", "MK Braník"), ("Ivana", "Urbanová", ""),
    ),
)


def load_ctyrka_demo(user: Any) -> Tournament:
    """Create the SloapSlam čtyřka demo once; later runs return the existing one untouched."""
    return _load(CTYRKA_DEMO, user)


def load_sloapslam_krizovy_demo(user: Any) -> Tournament:
    """Create the SloapSlam bodovaný křížový demo once; later runs return the existing one."""
    return _load(KRIZOVY_DEMO, user)


def _load(spec: VolenyDemo, user: Any) -> Tournament:
    existing = Tournament.objects.filter(name=spec.name).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        return _KrizovyBuild(spec, user).tournament
