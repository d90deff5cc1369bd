"""The SZMK demo tournament ``make run`` shows beside the ČSM one: a whole tournament played.

30 players of Slovak clubs, six rounds at tables of three seated by the SZMK plan (rounds 4–6
from the confirmed standings), every table's hands entered one by one, submitted by the
scorekeeper and confirmed by the referee (two demo accounts without a usable password). Built
through the services an organiser, a scorekeeper and a referee use, in one transaction, from
fixed seeds: the same tournament on every fresh database. On purpose, it shows

* a player's first menší renonce of a round forgiven and his second one at the same table paid
  (round 1, table 1: he shuffles wrongly, later deals wrongly);
* an incorrect flek (a defender fleked a farba the declarer then made with 120) cancelled by
  the referee, the fleker fined (round 2, table 2);
* two players equal on table points and money at the end, ordered by their round records
  (built in round 6: the pair's two tables are played to exact results);
* the extraliga's club teams (issue 16) by the SZMK extraliga rules (4 nominated + the 2 best
  substitutes of each round, by table points then money), entered through the teams services
  before round 1: every club of four a team (a captain and nominated players, substitutes in
  some), so the team table shows nominated players who count every round and substitutes
  counted in one round and not in another (:data:`CLUB_TEAMS`);
* categories (women, seniors born in or before :data:`SENIORS_BORN_BY`) and a prize table
  (:data:`PRIZES`) where Krajčí Anton, third overall and the best senior, qualifies for two
  prizes and takes the higher one, the seniors' prize passing to the next senior.

Hands come from :mod:`marias_admin.demo.hands`. The standings maths is not repeated here
beyond what building the tie needs: points by rank at the table by money (5 / 3 / 1), and the
tables are kept free of equal money so that no points are shared.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum

from marias_admin.demo.hands import (
    PLAYERS,
    Money,
    forehand,
    hands_to_reach,
    next_dealer,
    random_hand,
    renonc_line,
)
from marias_admin.players.importing import read_upload
from marias_admin.prizes.models import CategoryKind
from marias_admin.prizes.services import category_save, player_details_update, prize_save
from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.sheets.models import RulingKind, TableSheet
from marias_admin.sheets.services import (
    FLEK_INCORRECT,
    hand_add,
    ruling_add,
    sheet_confirm,
    sheet_for,
    sheet_submit,
)
from marias_admin.standings.selectors import round_scores, rules_from
from marias_admin.teams.models import MemberRole, TeamKind, TeamRulesPreset
from marias_admin.teams.services import member_add, team_create, team_settings_update
from marias_admin.tournaments.models import Registration, Role, Tournament, TournamentState
from marias_admin.tournaments.player_import import import_commit
from marias_admin.tournaments.services import role_grant, tournament_create, tournament_update
from scoring import Doubling, Hand, Marriage, Points, Suit
from scoring.ruleset import Ruleset
from scoring.standings import StandingsRules, compute_standings, table_points
from scoring.types import Component

SZMK_DEMO_NAME = "Demo: Veľká cena Popradu"
SZMK_RULESET = "szmk-voleny-2024"
SZMK_DEMO_SEED = 20241
ROUNDS = 6
SCOREKEEPER = ("demo-zapisovatel", "Zuzana", "Kmeťová")
REFEREE = ("demo-rozhodca", "Peter", "Hrušovský")

# (name, club, registration number); the file order is the seeding (1 = strongest).
PLAYERS_30: tuple[tuple[str, str, str], ...] = (
    ("Ľubomír Hudák", "MK Poprad", "SK-1001"),
    ("Jozef Baláž", "MK Martin", "SK-1002"),
    ("Štefan Kováč", "MK Stará Ľubovňa", "SK-1003"),
    ("Ján Ďurica", "Klub mariáša Žilina", "SK-1004"),
    ("Milan Horváth", "MK Prešov", "SK-1005"),
    ("Peter Šimko", "MK Ružomberok", "SK-1006"),
    ("Dušan Žiak", "MK Liptovský Mikuláš", "SK-1007"),
    ("Vladimír Pačuta", "MK Banská Bystrica", "SK-1008"),
    ("Marián Čech", "MK Poprad", "SK-1009"),
    ("Rudolf Ondruš", "MK Martin", "SK-1010"),
    ("Anton Krajčí", "MK Stará Ľubovňa", "SK-1011"),
    ("Igor Ľupták", "Klub mariáša Žilina", "SK-1012"),
    ("Pavol Kňazovický", "MK Prešov", "SK-1013"),
    ("Róbert Mižigár", "MK Ružomberok", "SK-1014"),
    ("Ladislav Šťastný", "MK Liptovský Mikuláš", "SK-1015"),
    ("František Gondáš", "MK Banská Bystrica", "SK-1016"),
    ("Miroslav Bartek", "MK Poprad", "SK-1017"),
    ("Ondrej Švec", "MK Martin", "SK-1018"),
    ("Tibor Varga", "MK Stará Ľubovňa", "SK-1019"),
    ("Eduard Murín", "Klub mariáša Žilina", "SK-1020"),
    ("Viliam Jurčo", "MK Prešov", "SK-1021"),
    ("Karol Dobiáš", "MK Ružomberok", "SK-1022"),
    ("Emil Páleník", "MK Liptovský Mikuláš", "SK-1023"),
    ("Ivan Mráz", "MK Banská Bystrica", "SK-1024"),
    ("Mária Lacková", "MK Poprad", "SK-1025"),
    ("Alžbeta Záborská", "MK Martin", "SK-1026"),
    ("Juraj Ťapák", "MK Stará Ľubovňa", "SK-1027"),
    ("Branislav Čaplovič", "Klub mariáša Žilina", "SK-1028"),
    ("Gabriel Pŕhoda", "MK Prešov", "SK-1029"),
    ("Matúš Ôsvald", "MK Ružomberok", "SK-1030"),
)

# The club teams of the extraliga (issue 16): club → the roles of its players in file order
# (the first is the captain, who counts as nominated). Clubs of three play for no team.
C, N, S = MemberRole.CAPTAIN, MemberRole.NOMINATED, MemberRole.SUBSTITUTE
CLUB_TEAMS: dict[str, tuple[MemberRole, ...]] = {
    "MK Poprad": (C, N, N, N),  # four nominated: all count every round
    "MK Martin": (C, S, S, S),  # three substitutes: the 2 best of each round count
    "MK Stará Ľubovňa": (C, N, S, S),
    "Klub mariáša Žilina": (C, N, N, S),
    "MK Prešov": (C, S, S, S),
    "MK Ružomberok": (C, N, S, S),
}

# Categories and prizes (issue 16): the players' details by registration number.
WOMEN = {"SK-1025", "SK-1026"}
SENIORS_BORN_BY = 1960
BIRTH_YEARS = {"SK-1003": 1951, "SK-1005": 1958, "SK-1011": 1956, "SK-1020": 1960,
               "SK-1025": 1963, "SK-1026": 1959}
PRIZES = (  # (category or None for the main standings, place, text, value in cents)
    (None, 1, "Pohár a 100 €", 10_000),
    (None, 2, "70 €", 7_000),
    (None, 3, "50 €", 5_000),
    ("women", 1, "Kytica a 30 €", 3_000),
    ("seniors", 1, "Kôš dobrôt a 30 €", 3_000),
)

# Where the demo shows what it must (round, table).
FORGIVEN_AT = (1, 1)
FORGIVEN_OFFENDER = 2  # seat
RENONC_GAP = 3  # lines between his two renoncs
INCORRECT_FLEK_AT = (2, 2)
INCORRECT_FLEK_HAND = 5  # the table's fifth line
HANDS_PER_TABLE = (9, 13)  # a 50-minute round, give or take
ROUND_MONEY_LIMIT = 300  # cents either way for the results built in round 6


def load_szmk_demo(user: Any) -> Tournament:
    """Create the SZMK demo once; later runs return the existing one untouched."""
    existing = Tournament.objects.filter(name=SZMK_DEMO_NAME).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        return _Demo(user).build()


def players_csv() -> bytes:
    """The demo's players as an organiser would upload them (CSV, Slovak header)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    writer.writerow(["Meno a priezvisko", "Klub", "Registračné číslo", "Nasadenie"])
    for seed, (name, club, number) in enumerate(PLAYERS_30, start=1):
        writer.writerow([name, club, number, seed])
    return out.getvalue().encode("utf-8")


def _demo_user(username: str, first_name: str, last_name: str) -> Any:
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:  # a demo account nobody logs in with (no usable password)
        user = User.objects.create_user(username=username, password=None,
                                        first_name=first_name, last_name=last_name)
    return user


@dataclass
class _Table:
    """One table being played: its sheet, who sits where, the money so far."""

    sheet: TableSheet
    seats: dict[int, Registration]
    money: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    dealer: int = 1
    lines: int = 0

    def held(self, ruleset: Ruleset) -> dict[int, int]:
        start = ruleset.round_budget or 0
        return {seat: start + self.money[seat - 1] for seat in range(1, PLAYERS + 1)}


class _Demo:
    def __init__(self, organiser: Any) -> None:
        self.organiser = organiser
        self.scorekeeper = _demo_user(*SCOREKEEPER)
        self.referee = _demo_user(*REFEREE)

    # -- the tournament ---------------------------------------------------------------------

    def build(self) -> Tournament:
        tournament = tournament_create(
            user=self.organiser, name=SZMK_DEMO_NAME, date=date.today(),
            venue="Dom kultúry, Poprad", ruleset_code=SZMK_RULESET, rounds_planned=ROUNDS,
            round_minutes=50, standings_seed=SZMK_DEMO_SEED,
        )
        import_commit(user=self.organiser, tournament=tournament,
                      parsed=read_upload("hraci-szmk-demo.csv", players_csv()))
        role_grant(user=self.organiser, tournament=tournament, member=self.scorekeeper,
                   role=Role.SCOREKEEPER)
        role_grant(user=self.organiser, tournament=tournament, member=self.referee,
                   role=Role.REFEREE)
        self._club_teams(tournament)
        self._prizes(tournament)
        tournament = tournament_update(user=self.organiser, tournament=tournament,
                                       state=TournamentState.RUNNING)
        self.tournament = tournament
        self.ruleset = tournament.ruleset()
        self.rules = rules_from(tournament)
        for number in range(1, ROUNDS + 1):
            self._play_round(tournament.rounds.get(number=number))
        return tournament_update(user=self.organiser, tournament=tournament,
                                 state=TournamentState.FINISHED)

    def _club_teams(self, tournament: Tournament) -> None:
        """The nomination sheets of :data:`CLUB_TEAMS`, entered through the teams services."""
        team_settings_update(user=self.organiser, tournament=tournament,
                             rules=TeamRulesPreset.SZMK_EXTRALIGA, deadline=None)
        registrations = list(Registration.objects.filter(tournament=tournament)
                             .select_related("player__club").order_by("seed_rank", "pk"))
        for club_name, roles in CLUB_TEAMS.items():
            players = [r for r in registrations
                       if r.player.club and r.player.club.name == club_name]
            team = team_create(user=self.organiser, tournament=tournament, name=club_name,
                               kind=TeamKind.CLUB, club=players[0].player.club)
            for registration, role in zip(players, roles, strict=True):
                member_add(user=self.organiser, team=team, registration=registration, role=role)

    def _prizes(self, tournament: Tournament) -> None:
        """The players' sex and year of birth, the categories and the prize table."""
        for registration in (Registration.objects.filter(tournament=tournament)
                             .select_related("player")):
            player = registration.player
            number = player.registration_number
            player_details_update(
                user=self.organiser, player=player, tournament=tournament,
                sex="female" if number in WOMEN else "male",
                birth_year=BIRTH_YEARS.get(number, 1965 + int(number[-2:])))
        categories = {
            "women": category_save(user=self.organiser, tournament=tournament, name="Ženy",
                                   kind=CategoryKind.WOMEN),
            "seniors": category_save(user=self.organiser, tournament=tournament,
                                     name="Seniori", kind=CategoryKind.SENIORS,
                                     year=SENIORS_BORN_BY),
        }
        for category, place, label, value in PRIZES:
            prize_save(user=self.organiser, tournament=tournament, place=place, label=label,
                       value=value, category=categories[category] if category else None)

    def _play_round(self, round_: Round) -> None:
        """Seat (the SZMK plan, from the standings confirmed so far), play, confirm, close."""
        round_ = round_seat(user=self.organiser, round=round_,
                            seed=SZMK_DEMO_SEED + round_.number)
        round_set_state(user=self.organiser, round=round_, state=RoundState.CONFIRMED)
        round_set_state(user=self.organiser, round=round_, state=RoundState.RELEASED)
        tables = list(round_.tables.prefetch_related("seats").order_by("number"))
        if round_.number < ROUNDS:
            for table in tables:
                self._play_table(round_.number, table)
        else:
            self._play_last_round(round_.number, tables)
        round_set_state(user=self.organiser, round=round_, state=RoundState.CLOSED)

    def _play_last_round(self, number: int, tables: Sequence[Table]) -> None:
        """The free tables first; then the two tables of the planned tie, to exact results
        chosen with the rest of the field known."""
        seats = {t.number: [s.registration_id for s in sorted(t.seats.all(),
                                                              key=lambda s: s.position)]
                 for t in tables}
        table_of = {player: n for n, players in seats.items() for player in players}
        tie = _choose_tie(self._totals(), table_of, self.rules)
        for table in tables:
            if table.number not in (table_of[tie.x], table_of[tie.y]):
                self._play_table(number, table)
        goals = _tie_results(self._totals(), tie, {n: seats[n] for n in
                                                   (table_of[tie.x], table_of[tie.y])},
                             self.rules)
        for table in tables:
            if table.number in goals:
                self._play_table(number, table, goal=goals[table.number])

    # -- one table --------------------------------------------------------------------------

    def _play_table(self, number: int, table: Table, goal: Money | None = None) -> None:
        rng = random.Random(f"szmk-demo:{SZMK_DEMO_SEED}:{number}:{table.number}")
        sheet = sheet_for(table)
        state = _Table(sheet, {s.position: s.registration for s in table.seats.all()})
        hands = rng.randint(*HANDS_PER_TABLE)
        # Round 1, table 1: the same dealer shuffles wrongly, and later deals wrongly.
        renoncs = ["men.a", "men.b"] if (number, table.number) == FORGIVEN_AT else []
        last_renonc = -RENONC_GAP
        while state.lines < hands:
            if (renoncs and state.dealer == FORGIVEN_OFFENDER
                    and state.lines >= last_renonc + RENONC_GAP):
                last_renonc = state.lines
                self._add(state, renonc_line(state.dealer, renoncs.pop(0), FORGIVEN_OFFENDER))
            elif (number, table.number) == INCORRECT_FLEK_AT and (
                    state.lines == INCORRECT_FLEK_HAND - 1):
                self._incorrect_flek(state)
            else:
                self._add(state, random_hand(rng, self.ruleset, state.dealer,
                                             state.held(self.ruleset)))
        if goal is not None:
            for hand in hands_to_reach(rng, self.ruleset, state.dealer, tuple(state.money),
                                       goal):
                self._add(state, hand)
        while len(set(state.money)) < PLAYERS:  # no shared places: one more hand decides
            self._add(state, random_hand(rng, self.ruleset, state.dealer,
                                         state.held(self.ruleset)))
        sheet_submit(user=self.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=self.referee, sheet=sheet, expected_version=None)

    def _add(self, state: _Table, hand: Hand) -> Any:
        record = hand_add(user=self.scorekeeper, sheet=state.sheet, expected_version=None,
                          hand=hand)
        state.lines += 1
        state.dealer = next_dealer(hand)
        if hand.renonc is not None:  # the round's renoncs may have re-settled earlier lines
            self._refresh(state)
        else:
            state.money = [a + b for a, b in zip(state.money, record.money, strict=True)]
        return record

    def _refresh(self, state: _Table) -> None:
        sums = state.sheet.hands.filter(deleted_at__isnull=True).aggregate(
            **{f"m{s}": Sum(f"money_{s}") for s in range(1, PLAYERS + 1)})
        state.money = [sums[f"m{s}"] or 0 for s in range(1, PLAYERS + 1)]

    def _incorrect_flek(self, state: _Table) -> None:
        """A defender fleks a farba; the declarer makes 80 in cards and the trump marriage,
        120 together. The referee cancels the flek as incorrect and the fleker is fined."""
        declarer = forehand(state.dealer)
        fleker = declarer % PLAYERS + 1
        hand = Hand(
            players=PLAYERS, dealer=state.dealer, declarer=declarer, contract="game",
            trump=Suit.LEAVES, doublings=(Doubling(Component.GAME, 1, (fleker,)),),
            points=Points(80, (Marriage(40, Suit.LEAVES),), (Marriage(20, Suit.BELLS),)),
        )
        record = self._add(state, hand)
        ruling_add(user=self.referee, sheet=state.sheet, kind=RulingKind.FLEK_CANCELLED,
                   hand=record, offender=state.seats[fleker], code=FLEK_INCORRECT,
                   reason="Flek na farbu, ktorú aktér uhral so 120 (80 v kartách a štyridsiatka); "
                          "zrušený ako nekorektný.")
        self._refresh(state)

    # -- standings as far as the tie needs them ----------------------------------------------

    def _totals(self) -> dict[int, _Player]:
        """Every player's points, money and round points from the confirmed sheets."""
        standings = compute_standings(round_scores(self.tournament, rules=self.rules),
                                      self.rules)
        return {s.player: _Player(s.bp, s.money, [r.bp for r in s.rounds]) for s in standings}


@dataclass(frozen=True)
class _Player:
    points: Fraction
    money: int
    records: list[Fraction]


@dataclass(frozen=True)
class _Tie:
    """Two players at different tables of the last round, the places they are to take there
    (0 = first) and the money they are to win or lose."""

    x: int
    y: int
    place_x: int
    place_y: int
    money_x: int
    money_y: int


def _choose_tie(before: dict[int, _Player], table_of: dict[int, int],
                rules: StandingsRules) -> _Tie:
    """The pair the last round brings level on points and money, with different round
    records, as high up the standings as can be."""
    by_place = rules.table_points
    best: tuple[tuple[Fraction, int], _Tie] | None = None
    for x, y in combinations(sorted(before), 2):
        if table_of[x] == table_of[y]:
            continue
        px, py = before[x], before[y]
        for place_x, place_y in product(range(PLAYERS), repeat=2):
            points = px.points + by_place[place_x]
            if points != py.points + by_place[place_y]:
                continue
            if (sorted([*px.records, by_place[place_x]])
                    == sorted([*py.records, by_place[place_y]])):
                continue
            money = _round_money(place_x, place_y, px.money - py.money)
            if money is None:
                continue
            score = (points, -abs(money[0]) - abs(money[1]))
            if best is None or score > best[0]:
                best = (score, _Tie(x, y, place_x, place_y, *money))
    if best is None:
        raise RuntimeError("no two players can be brought level in the last round")
    return best[1]


def _round_money(place_x: int, place_y: int, lead_of_x: int) -> tuple[int, int] | None:
    """Round money (x, y) with y − x = x's lead in money, each fitting its place at the
    table (the first of a table is up, the last down: the three sum to zero)."""
    options = []
    for money_x in range(-ROUND_MONEY_LIMIT, ROUND_MONEY_LIMIT + 5, 5):
        money_y = money_x + lead_of_x
        if abs(money_y) <= ROUND_MONEY_LIMIT and _fits(place_x, money_x) and _fits(
                place_y, money_y):
            options.append((abs(money_x) + abs(money_y), money_x, money_y))
    return (min(options)[1], min(options)[2]) if options else None


def _fits(place: int, money: int) -> bool:
    return {0: money >= 20, 1: True, 2: money <= -20}[place]


def _table_results(place: int, money: int, limit: int = 12) -> list[tuple[int, int, int]]:
    """(the player's money, the two others') putting the player at ``place`` with ``money``:
    all three different, summing to zero; the closest to an even split first."""
    results = []
    for first in range(-2 * ROUND_MONEY_LIMIT, 2 * ROUND_MONEY_LIMIT + 5, 5):
        second = -money - first
        if len({money, first, second}) < PLAYERS or first < second:
            continue
        if sorted((money, first, second), reverse=True).index(money) == place:
            results.append((abs(first - second), (money, first, second)))
    return [values for _spread, values in sorted(results)[:limit]]


def _tie_results(totals: dict[int, _Player], tie: _Tie, seats: dict[int, list[int]],
                 rules: StandingsRules) -> dict[int, Money]:
    """Per table of the pair, the money per seat that makes the tie, with nobody else level
    with the pair on points and money."""
    (table_x, players_x), (table_y, players_y) = (
        next((n, p) for n, p in seats.items() if who in p) for who in (tie.x, tie.y))
    for result_x, result_y in product(_table_results(tie.place_x, tie.money_x),
                                      _table_results(tie.place_y, tie.money_y)):
        money = {}
        for player, result, players in ((tie.x, result_x, players_x),
                                        (tie.y, result_y, players_y)):
            others = [p for p in players if p != player]
            money.update(zip([player, *others], result, strict=True))
        final = {p: (t.points, t.money) for p, t in totals.items()}
        for players in (players_x, players_y):
            points_of = table_points([money[p] for p in players], rules)
            for player, points in zip(players, points_of, strict=True):
                final[player] = (final[player][0] + points, final[player][1] + money[player])
        level = [p for p, value in final.items() if value == final[tie.x]]
        if sorted(level) == sorted((tie.x, tie.y)):
            return {table_x: tuple(money[p] for p in players_x),
                    table_y: tuple(money[p] for p in players_y)}
    raise RuntimeError("no result of the last round keeps the tie to the pair alone")
