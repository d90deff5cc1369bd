"""The volený demos ``make run`` shows beside the ČSM and SZMK ones: no auction, no PB.

* **ČSM volený** (obecná pravidla): 13 players, two rounds played and confirmed — three tables
  of three and one of four, where the dealer sits out (L27-28) — with sedma proti and sto
  proti (VII.1 L240), raise chains, betl; the standings rank each round by money.
* **pagat** (the traditional game): 10 players at 0,50 Kč a unit (L73: the organiser chooses),
  the variant "killed seven" (L103) ticked, round 1 played and confirmed, round 2 to seat.

Built through the services an organiser, a scorekeeper and a referee use, in one transaction,
from fixed hands written in the scorekeeper's shorthand (docs/notation.md, "Volený
families"): the same tournaments on every fresh database. Each hand names its declarer by
role: the forehand plays every trump game (obecná pravidla VII.1 L233-239, pagat L25), a
betl or durch may be any active player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.sheets.services import hand_add, sheet_confirm, sheet_for, sheet_submit
from marias_admin.tournaments.models import (
    RegistrationStatus,
    Role,
    Tournament,
    TournamentState,
)
from marias_admin.tournaments.rule_variants import overrides_with
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    role_grant,
    tournament_create,
    tournament_update,
)
from scoring.notation import parse

SCOREKEEPER = ("demo-zapisovatelka", "Jana", "Králová")
REFEREE = ("demo-rozhodci", "Pavel", "Beneš")
HANDS_PER_TABLE = 9

# (shorthand with {fh}, {a}, {b} for the forehand and the next two active seats clockwise,
# the declarer's role). The comments say what each shows.
CSM_HANDS: tuple[tuple[str, str], ...] = (
    ("hk 60", "fh"),  # a plain hra kule, won
    ("hk 100p@{a} 30:+40k+20z", "fh"),  # sto proti, made by the defence (VII.1 L240)
    ("b+", "a"),  # betl of a defender's seat: the others took the talon (VII.1 L236)
    ("hk 7p@{b}#{fh}- 60", "fh"),  # sedma proti, fleked by the declarer, lost
    ("7z+ 70", "fh"),  # sedma zelená
    ("hc rh#{a}{fh} 40:+20", "fh"),  # hra červená, flek and re, lost (V.5)
    ("hž 7p@{a}+ 50", "fh"),  # sedma proti won
    ("b-", "b"),  # betl lost
    ("100k 70+40", "fh"),  # sto kule
    ("hz f@{b} 70", "fh"),  # a fleked hra
    ("hk 40", "fh"),  # a hra lost
)

PAGAT_HANDS: tuple[tuple[str, str], ...] = (
    ("hz f@{a} 70", "fh"),  # a fleked game
    ("hk 40", "fh"),  # nobody raised: not played, the forehand is paid one game (L96)
    ("7k- sx 70", "fh"),  # the variant of L103: a seven killed in the last trick costs 3
    ("b+", "a"),  # betl (5 units)
    ("hk 100p@{b} 30:+40k+20z", "fh"),  # 100 gegen made (L50-55)
    ("ob-", "b"),  # open betl lost (10 units)
    ("hž 7p@{a}x 60", "fh"),  # Sieben gegen killed
    ("7z+ 70", "fh"),  # Sieben
    ("hc f@{b} 60", "fh"),  # a fleked game in hearts
)


@dataclass(frozen=True)
class VolenyDemo:
    name: str
    venue: str
    ruleset_code: str
    players: tuple[tuple[str, str, str], ...]  # first name, last name, club
    rounds_planned: int
    rounds_played: int
    seed: int
    hands: tuple[tuple[str, str], ...]
    base_rate: int | None = None
    variants: tuple[str, ...] = ()


CSM_VOLENY_DEMO = VolenyDemo(
    name="Demo: Rokycanský volený mariáš", venue="Sokolovna Rokycany",
    ruleset_code="csm-voleny", rounds_planned=3, rounds_played=2, seed=20091, hands=CSM_HANDS,
    players=(
        ("Antonín", "Bartoš", "MK Rokycany"), ("Bohumil", "Cibulka", "MK Rokycany"),
        ("Čestmír", "Doubek", "MK Rokycany"), ("Drahomír", "Fišer", "Sokol Holoubkov"),
        ("Eduard", "Havlík", "Sokol Holoubkov"), ("František", "Chalupa", "Sokol Holoubkov"),
        ("Hynek", "Jirák", "MK Plzeň-Doubravka"), ("Ivan", "Kubát", "MK Plzeň-Doubravka"),
        ("Jaroslav", "Lukeš", "MK Plzeň-Doubravka"), ("Kamil", "Mach", "TJ Mýto"),
        ("Ladislav", "Ouředník", "TJ Mýto"), ("Miloš", "Říha", "TJ Mýto"),
        ("Naděžda", "Šebestová", "MK Zbiroh"),
    ),
)

PAGAT_DEMO = VolenyDemo(
    name="Demo: Mariáš pod lípou", venue="Hostinec U Lípy, Kramolín",
    ruleset_code="pagat-voleny", rounds_planned=2, rounds_played=1, seed=20001,
    hands=PAGAT_HANDS, base_rate=50, variants=("killed_seven",),
    players=(
        ("Oldřich", "Pavlík", "U Lípy"), ("Přemysl", "Rybář", "U Lípy"),
        ("Radek", "Sýkora", "U Lípy"), ("Stanislav", "Toman", "Hasiči Kramolín"),
        ("Tomáš", "Urban", "Hasiči Kramolín"), ("Václav", "Vlček", "Hasiči Kramolín"),
        ("Vilém", "Zajíc", "Sokol Nesvačily"), ("Zbyněk", "Žák", "Sokol Nesvačily"),
        ("Alena", "Šindelářová", "Sokol Nesvačily"), ("Bořivoj", "Kadlec", ""),
    ),
)


def load_csm_voleny_demo(user: Any) -> Tournament:
    """Create the ČSM volený demo once; later runs return the existing one untouched."""
    return _load(CSM_VOLENY_DEMO, user)


def load_pagat_demo(user: Any) -> Tournament:
    """Create the pagat demo once; later runs return the existing one untouched."""
    return _load(PAGAT_DEMO, user)


def _load(spec: VolenyDemo, user: Any) -> Tournament:
    existing = Tournament.objects.filter(name=spec.name).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        return _Build(spec, user).tournament


def _demo_user(username: str, first_name: str, last_name: str) -> Any:
    User = get_user_model()
    found = User.objects.filter(username=username).first()
    # A demo account nobody logs in with (no usable password).
    return found or User.objects.create_user(username=username, password=None,
                                             first_name=first_name, last_name=last_name)


def seats_from_forehand(players: int, dealer: int) -> list[int]:
    """The active seats clockwise from the forehand; at four the dealer sits out (obecná
    pravidla L27-28, pagat L108)."""
    order = [(dealer + k) % players + 1 for k in range(players)]
    return [seat for seat in order if players == 3 or seat != dealer]


class _Build:
    def __init__(self, spec: VolenyDemo, organiser: Any) -> None:
        self.spec = spec
        self.organiser = organiser
        self.scorekeeper = _demo_user(*SCOREKEEPER)
        self.referee = _demo_user(*REFEREE)
        extra: dict[str, Any] = {}
        if spec.base_rate is not None:
            extra["base_rate"] = spec.base_rate
        if spec.variants:
            extra["ruleset_overrides"] = overrides_with(spec.ruleset_code, spec.variants)
        tournament = tournament_create(
            user=organiser, name=spec.name, date=date.today(), venue=spec.venue,
            ruleset_code=spec.ruleset_code, rounds_planned=spec.rounds_planned,
            round_minutes=60, standings_seed=spec.seed, **extra,
        )
        for first, last, club in spec.players:
            player = player_create(user=organiser, first_name=first, last_name=last,
                                   club_name=club)
            registration_create(user=organiser, tournament=tournament, player=player,
                                status=RegistrationStatus.PRESENT)
        for member, role in ((self.scorekeeper, Role.SCOREKEEPER), (self.referee, Role.REFEREE)):
            role_grant(user=organiser, tournament=tournament, member=member, role=role)
        tournament = tournament_update(user=organiser, tournament=tournament,
                                       state=TournamentState.RUNNING)
        self.ruleset = tournament.ruleset()
        for number in range(1, spec.rounds_played + 1):
            self._play_round(tournament.rounds.get(number=number))
        self.tournament = tournament

    def _play_round(self, round_: Round) -> None:
        round_ = round_seat(user=self.organiser, round=round_,
                            seed=self.spec.seed + round_.number)
        round_set_state(user=self.organiser, round=round_, state=RoundState.CONFIRMED)
        round_set_state(user=self.organiser, round=round_, state=RoundState.RELEASED)
        for table in round_.tables.prefetch_related("seats").order_by("number"):
            self._play_table(round_.number, table)

    def _play_table(self, number: int, table: Table) -> None:
        """Nine hands from the list, each table starting elsewhere in it; the deal passes
        clockwise from seat 1."""
        sheet = sheet_for(table)
        players = len(table.seats.all())
        hands = self.spec.hands
        start = (3 * number + 5 * table.number) % len(hands)
        dealer = 1
        for line in range(HANDS_PER_TABLE):
            text, role = hands[(start + line) % len(hands)]
            fh, a, b = seats_from_forehand(players, dealer)
            seat = {"fh": fh, "a": a, "b": b}
            text = text.format(**seat)
            hand = parse(text, ruleset=self.ruleset, players=players, dealer=dealer,
                         declarer=seat[role])
            hand_add(user=self.scorekeeper, sheet=sheet, expected_version=None, hand=hand,
                     notation=text)
            dealer = dealer % players + 1
        sheet_submit(user=self.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=self.referee, sheet=sheet, expected_version=None)
