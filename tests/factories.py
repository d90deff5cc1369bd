"""Test data built through the services an organiser, scorekeeper and referee use.

Every object here is validated and audited exactly as in production; tests that need a
tournament, a seated round or a sheet with hands start from these helpers instead of writing
models directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth import get_user_model

from marias_admin.seating.models import Round
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.sheets.models import HandRecord, TableSheet
from marias_admin.sheets.services import hand_add, sheet_for
from marias_admin.tournaments.models import (
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
)
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    role_grant,
    tournament_create,
)
from scoring.notation import parse

SURNAMES = ["Novák", "Svoboda", "Novotný", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý",
            "Horák", "Němec", "Marek", "Pospíšil", "Hájek", "Jelínek", "Král", "Růžička",
            "Beneš", "Fiala", "Sedláček", "Doležal", "Zeman", "Kolář", "Navrátil", "Čermák"]


def user(username: str, **extra: Any) -> Any:
    """A user (created once per name)."""
    User = get_user_model()
    found = User.objects.filter(username=username).first()
    return found or User.objects.create_user(username, password="heslo-" + username, **extra)


@dataclass
class Staff:
    organiser: Any
    scorekeeper: Any
    referee: Any


@dataclass
class TournamentSetup:
    tournament: Tournament
    staff: Staff
    registrations: list[Registration] = field(default_factory=list)


def tournament(*, players: int = 8, ruleset_code: str = "csm-licitovany-2023",
               rounds: int = 2, name: str = "Turnaj", prefix: str = "",
               **extra: Any) -> TournamentSetup:
    """A tournament with an organiser, a scorekeeper and a referee, and ``players`` present."""
    staff = Staff(user(prefix + "organiser"), user(prefix + "scorekeeper"),
                  user(prefix + "referee"))
    t = tournament_create(user=staff.organiser, name=name, date=date(2026, 11, 21),
                          ruleset_code=ruleset_code, rounds_planned=rounds, **extra)
    role_grant(user=staff.organiser, tournament=t, member=staff.scorekeeper,
               role=Role.SCOREKEEPER)
    role_grant(user=staff.organiser, tournament=t, member=staff.referee, role=Role.REFEREE)
    setup = TournamentSetup(t, staff)
    for i in range(players):
        player = player_create(user=staff.organiser, first_name=f"Hráč{i + 1}",
                               last_name=SURNAMES[i % len(SURNAMES)] + ("" if i < len(SURNAMES)
                                                                        else str(i)))
        setup.registrations.append(registration_create(
            user=staff.organiser, tournament=t, player=player,
            status=RegistrationStatus.PRESENT))
    return setup


def seated_round(setup: TournamentSetup, number: int = 1, *, seed: int = 1,
                 state: str | None = None) -> Round:
    """Seat round ``number``; ``state`` "confirmed" or "released" moves it on."""
    round = round_seat(user=setup.staff.organiser,
                       round=setup.tournament.rounds.get(number=number), seed=seed)
    order = ["confirmed", "released", "closed"]
    if state is not None:
        for step in order[: order.index(state) + 1]:
            round = round_set_state(user=setup.staff.organiser, round=round, state=step)
    return round


def sheet(round: Round, table: int = 1) -> TableSheet:
    return sheet_for(round.tables.get(number=table))


# A complete hand (issue 21): sedma kule won with its trump facts; four trumps earn no PB in
# the ČSM table (its sedma rows go up to three), so amounts and PB are those of a bare "7k+".
COMPLETE_SEVEN = "7k+ tr4"


def add_hand(sheet: TableSheet, text: str = COMPLETE_SEVEN, *, dealer: int = 1,
             declarer: int = 2, by: Any = None) -> HandRecord:
    """Enter a hand in the scorekeeper's shorthand, as the table page does."""
    sheet.refresh_from_db()
    tournament = sheet.table.round.tournament
    players = sheet.table.seats.count()
    hand = parse(text, ruleset=tournament.ruleset(), players=players, dealer=dealer,
                 declarer=declarer)
    author = by or user("scorekeeper")
    return hand_add(user=author, sheet=sheet, expected_version=sheet.version, hand=hand,
                    notation=text)


def running(setup: TournamentSetup) -> Tournament:
    """Move the tournament through its states up to "running", as the organiser does."""
    from marias_admin.tournaments.models import TournamentState
    from marias_admin.tournaments.services import tournament_advance

    t = setup.tournament
    for state in (TournamentState.REGISTRATION, TournamentState.RUNNING):
        t.refresh_from_db()
        if t.state != state:
            t = tournament_advance(user=setup.staff.organiser, tournament=t, state=state)
    setup.tournament = t
    return t


def seat_players(table: Any) -> dict[int, int]:
    """The registration (id) at each seat position of a table, as stored now."""
    from marias_admin.seating.models import Seat

    return dict(Seat.objects.filter(table=table).values_list("position", "registration_id"))


def finish(setup: TournamentSetup) -> Tournament:
    """Move the tournament on through its states, as the organiser does, until finished
    (confirming the finish over rounds or sheets still open, as his finish page asks)."""
    from marias_admin.tournaments.services import tournament_advance, tournament_next_state

    t = setup.tournament
    while (state := tournament_next_state(t)) is not None:
        t = tournament_advance(user=setup.staff.organiser, tournament=t, state=state,
                               confirmed_open=True)
    setup.tournament = t
    return t


# --- the page tests' tournaments ---------------------------------------------------------------

FIRST = ["Jiří", "Šárka", "Čeněk", "Řehoř", "Žofie", "Ľubomír", "Ťažký", "Ondřej", "Dušan",
         "Věra", "Ľudmila", "Zdeněk"]
LAST = ["Šťastný", "Dvořák", "Novák", "Černý", "Kříž", "Procházka", "Kučera", "Veselý",
        "Horák", "Němec", "Pokorný", "Marek"]
CLUBS = ("KM Třebíč", "Sokol Říčany", "MK Šumperk", "Mariáš Košice")
# A hundred in bells with two trump premiums (structured hand), as the referee tests use it.
HUNDRED_TWO_TRUMPS = {"contract": "hundred", "trump": "bells",
                      "points": {"declarer_cards": 80, "declarer_marriages": [40]},
                      "premium": {"trumps": 2, "trump_ace": True, "trump_ten": True}}


def make_user(username: str, **extra: Any) -> Any:
    """A new user without a password (tests log in with ``force_login``)."""
    return get_user_model().objects.create_user(username=username, password=None, **extra)


def make_tournament(organiser: Any = None, players: int = 24, *,
                    status: RegistrationStatus = RegistrationStatus.PRESENT,
                    **kwargs: Any) -> Tournament:
    """A ČSM tournament with ``players`` entries (names with diacritics, four clubs), created,
    and its players registered, through the organiser's services."""
    from marias_admin.players.models import Player

    organiser = organiser or make_user("org")
    t = tournament_create(user=organiser, name=kwargs.pop("name", "Velká cena Žďáru"),
                          date=date(2026, 5, 9), venue="Žďár nad Sázavou", **kwargs)
    start = Player.objects.count()
    for i in range(players):
        player = player_create(
            user=organiser, first_name=FIRST[i % len(FIRST)],
            last_name=f"{LAST[i % len(LAST)]}{'' if i < len(LAST) else i // len(LAST)}",
            club_name=CLUBS[i % len(CLUBS)], registration_number=f"CZ-{start + i:05d}")
        registration_create(user=organiser, tournament=t, player=player, status=status)
    return t


def seat(tournament: Tournament, number: int, user: Any, method: str = "lot",
         seed: int = 7) -> Round:
    return round_seat(user=user, round=tournament.rounds.get(number=number),
                      method=method, seed=seed)  # type: ignore[arg-type]


def release(tournament: Tournament, number: int, user: Any) -> None:
    from marias_admin.seating.models import RoundState

    round = tournament.rounds.get(number=number)
    if round.state == RoundState.SEATED:
        round_set_state(user=user, round=round, state=RoundState.CONFIRMED)
    round_set_state(user=user, round=round, state=RoundState.RELEASED)


# --- a seated table with its people (the table page tests' "world") ----------------------------


def make_world(players: int = 8, **tournament: Any) -> dict:
    """A ČSM tournament with round 1 seated; table 1's sheet is kept by ``keeper``; the player
    on seat 1 of table 1 has an account (``seated``)."""
    from marias_admin.players.models import Player
    from marias_admin.seating.models import Seat, Table
    from marias_admin.sheets.services import sheet_assign_scorekeeper

    organiser = make_user("organiser")
    t = make_tournament(organiser, players=players, **tournament)
    seat(t, 1, organiser)
    table = Table.objects.get(round__tournament=t, round__number=1, number=1)
    users = {
        "organiser": organiser,
        "plain": make_user("plain"),
        "seated": make_user("seated"),
        "scorekeeper": make_user("scorekeeper"),
        "keeper": make_user("keeper"),
        "referee": make_user("referee"),
    }
    first = Seat.objects.select_related("registration").get(table=table, position=1)
    # No service links an account to a player (the admin does); written directly.
    Player.objects.filter(pk=first.registration.player_id).update(user=users["seated"])
    for name, role in (("scorekeeper", Role.SCOREKEEPER), ("keeper", Role.SCOREKEEPER),
                       ("referee", Role.REFEREE)):
        role_grant(user=organiser, tournament=t, member=users[name], role=role)
    sheet = sheet_for(table)
    sheet_assign_scorekeeper(user=organiser, sheet=sheet, scorekeeper=users["keeper"],
                             expected_version=0)
    return {"t": t, "table": table, "users": users, "args": (t.pk, 1, 1)}


def sheet_of(world: dict) -> TableSheet:
    return TableSheet.objects.get(table=world["table"])


def version(world: dict) -> int:
    return sheet_of(world).version


def shorthand(world: dict, notation: str, dealer: int, declarer: int) -> Any:
    return parse(notation, ruleset=world["t"].ruleset(), players=4, dealer=dealer,
                 declarer=declarer)


def add_hands(world: dict, count: int) -> None:
    """``count`` hands of "7k+ tr4" (complete: no PB facts missing) entered by the keeper,
    the dealer going round."""
    sheet = sheet_of(world)
    for i in range(count):
        dealer = i % 4 + 1
        hand_add(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version,
                 hand=shorthand(world, COMPLETE_SEVEN, dealer, dealer % 4 + 1))
        sheet.refresh_from_db()


# --- a seated table with a referee (the referee and audit log tests' "world") -----------------


def referee_world() -> dict:
    organiser = make_user("organiser")
    t = make_tournament(organiser, players=8)
    seat(t, 1, organiser)
    users = {"organiser": organiser, "referee": make_user("rozhodci", first_name="Karel",
                                                          last_name="Sudí"),
             "scorekeeper": make_user("keeper"), "plain": make_user("plain")}
    role_grant(user=organiser, tournament=t, member=users["referee"], role=Role.REFEREE)
    role_grant(user=organiser, tournament=t, member=users["scorekeeper"],
               role=Role.SCOREKEEPER)
    table = t.rounds.get(number=1).tables.get(number=1)
    return {"t": t, "table": table, "sheet": sheet_for(table), "users": users}


def csm_hand(text: str, dealer: int, declarer: int) -> Any:
    """A hand of the ČSM rules at a table of four, from the shorthand."""
    from scoring import get_preset

    return parse(text, ruleset=get_preset("csm-licitovany-2023"), players=4, dealer=dealer,
                 declarer=declarer)


def world_hand_add(world: dict, hand: Any) -> HandRecord:
    """Enter ``hand`` on the world's sheet as its organiser."""
    sheet = world["sheet"]
    sheet.refresh_from_db()
    return hand_add(user=world["users"]["organiser"], sheet=sheet,
                    expected_version=sheet.version, hand=hand)


def registration_at(world: dict, position: int) -> Registration:
    return world["table"].seats.get(position=position).registration


# --- a large played field (standings, exports and their scale) --------------------------------

FIELD_FIRST = ["Jiří", "Šárka", "Čeněk", "Řehoř", "Žofie", "Ľubomír", "Ťažký", "Ondřej",
               "Dušan", "Věra", "Ľudmila", "Zdeněk", "Přemysl", "Bořivoj", "Hedvika", "Kryštof"]
FIELD_LAST = ["Šťastný", "Dvořák", "Novák", "Černý", "Kříž", "Procházka", "Kučera", "Veselý",
              "Horák", "Němec", "Pokorný", "Marek", "Růžička", "Bečvář", "Žák", "Ďurica"]
FIELD_CLUBS = ("KM Třebíč", "Sokol Říčany", "MK Šumperk", "Mariáš Košice", "KMK Plzeň",
               "MK Brno")


@dataclass
class Generated:
    """What was generated, as plain data (for checks independent of the selectors)."""

    tournament: Any
    # registration id → round → (table number, seat, money in haléř, PB)
    results: dict[int, dict[int, tuple[int, int, int, Fraction]]] = field(default_factory=dict)
    tied_pairs: list[tuple[int, int]] = field(default_factory=list)
    unconfirmed: set[tuple[int, int]] = field(default_factory=set)  # (round, table) not counted


def played_field(players: int, rounds: int = 4, *, seed: int = 1, organiser: Any = None,
                 pairs: int | None = None, unconfirmed: int = 0,
                 name: str | None = None) -> Generated:
    """A running tournament with ``rounds`` released rounds of totals sheets, every step through
    the services an organiser and a scorekeeper use (seated by lot, confirmed by the organiser).

    ``pairs`` pairs of players (default: one per 24 players, at least one) are moved to sit
    together at a table of four every round (by seat swaps) and get the same result, so they end
    equal on the whole tie-break chain; ``unconfirmed`` tables of the last round are left
    submitted. The services create one object at a time (no bulk path), so a 320-player field
    takes a few seconds.
    """
    import random

    from django.utils import timezone

    from marias_admin.seating.models import RoundState, Seat
    from marias_admin.seating.services import seat_swap
    from marias_admin.sheets.services import sheet_confirm, sheet_submit, totals_set

    if players < 9:
        raise ValueError("at least 9 players")
    rng = random.Random(seed)
    User = get_user_model()
    organiser = organiser or User.objects.get_or_create(username="field-organiser")[0]
    keeper = User.objects.get_or_create(username="field-scorekeeper")[0]
    t = tournament_create(user=organiser, name=name or f"Generovaný turnaj {players}",
                          date=timezone.localdate(), venue="Třebíč", rounds_planned=rounds)
    role_grant(user=organiser, tournament=t, member=keeper, role=Role.SCOREKEEPER)
    ids = []
    for i in range(players):
        player = player_create(
            user=organiser, first_name=FIELD_FIRST[i % len(FIELD_FIRST)],
            last_name=FIELD_LAST[(i // len(FIELD_FIRST) + i) % len(FIELD_LAST)]
            + ("" if i < len(FIELD_FIRST) * len(FIELD_LAST) else str(i)),
            club_name=FIELD_CLUBS[i % len(FIELD_CLUBS)] if i % 7 else "")
        ids.append(registration_create(user=organiser, tournament=t, player=player,
                                       status=RegistrationStatus.PRESENT).pk)
    generated = Generated(t, {i: {} for i in ids})
    for number in range(1, rounds + 1):
        _analyze()
        round = round_seat(user=organiser, round=t.rounds.get(number=number),
                           method="lot", seed=rng.randrange(10**6))  # type: ignore[arg-type]
        if number == 1:  # the pairs: neighbours at the tables of four, so no swap here
            at: dict[int, list[int]] = {}
            for table_id, registration_id in (Seat.objects.filter(round=round)
                                              .order_by("table__number", "position")
                                              .values_list("table_id", "registration_id")):
                at.setdefault(table_id, []).append(registration_id)
            fours = [people for people in at.values() if len(people) == 4]
            candidates = ([(p[0], p[1]) for p in fours] + [(p[2], p[3]) for p in fours])
            count = pairs if pairs is not None else max(1, players // 24)
            generated.tied_pairs = candidates[:count]
        round = _pairs_together(round, generated.tied_pairs, organiser, seat_swap)
        round = round_set_state(user=organiser, round=round, state=RoundState.CONFIRMED)
        round = round_set_state(user=organiser, round=round, state=RoundState.RELEASED)
        tables = list(round.tables.order_by("number"))
        by_table: dict[int, list[int]] = {}
        for table_id, registration_id in (Seat.objects.filter(round=round)
                                          .order_by("table_id", "position")
                                          .values_list("table_id", "registration_id")):
            by_table.setdefault(table_id, []).append(registration_id)
        for table in tables:
            seated = by_table[table.pk]
            money, premium = _field_result(rng, seated, generated.tied_pairs)
            confirmed = not (number == rounds and table.number > len(tables) - unconfirmed)
            sheet = sheet_for(table)
            sheet = totals_set(user=keeper, sheet=sheet, expected_version=sheet.version,
                               money=money, pb=[Decimal(p.numerator) / p.denominator
                                                for p in premium])
            sheet = sheet_submit(user=keeper, sheet=sheet, expected_version=sheet.version)
            if confirmed:
                sheet_confirm(user=organiser, sheet=sheet, expected_version=sheet.version)
            else:
                generated.unconfirmed.add((number, table.number))
            for position, registration_id in enumerate(seated, start=1):
                if confirmed:
                    generated.results[registration_id][number] = (
                        table.number, position, money[position - 1], premium[position - 1])
    t.refresh_from_db()
    generated.tournament = t
    return generated


def _analyze() -> None:
    """PostgreSQL plans a query by the statistics of its tables, which autovacuum refreshes
    only for committed rows: inside a test's transaction, after hundreds of rows, the planner
    still believes the tables as small as an earlier test left them and may choose nested
    loops that take minutes. ANALYZE in the transaction counts what it sees."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE players_player, players_club, tournaments_registration, "
                           "seating_round, seating_table, seating_seat, sheets_tablesheet")


def _pairs_together(round: Round, pairs: list[tuple[int, int]], organiser: Any,
                    swap: Any) -> Round:
    """Swap seats until each pair sits at one table of four (two pairs at most per table)."""
    from marias_admin.seating.models import Seat

    placed: set[int] = set()
    for a, b in pairs:
        where = dict(Seat.objects.filter(round=round).values_list("registration_id", "table_id"))
        tables: dict[int, list[int]] = {}
        for registration_id, table_id in where.items():
            tables.setdefault(table_id, []).append(registration_id)
        fours = [tid for tid, people in tables.items() if len(people) == 4
                 and sum(1 for p in people if p not in placed) >= 2]
        target = where[a] if where[a] in fours else fours[0]
        for mover in (a, b):
            if where[mover] == target:
                continue
            free = next(p for p in tables[target] if p not in placed and p not in (a, b))
            round = swap(user=organiser, round=round,
                         first=round.tournament.registrations.get(pk=mover),
                         second=round.tournament.registrations.get(pk=free))
            tables[target] = [mover if p == free else p for p in tables[target]]
            where[free], where[mover] = where[mover], target
        placed |= {a, b}
    return round


def _field_result(rng: Any, table: list[int], pairs: list[tuple[int, int]]
                  ) -> tuple[list[int], list[Fraction]]:
    """Zero-sum money (multiples of 10 haléř) and some PB; a pair at the table gets equal
    values."""
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    units: list[list[int]] = []
    for position, registration_id in enumerate(table):
        mate = partner.get(registration_id)
        if mate in table and table.index(mate) < position:
            continue
        units.append([position] + ([table.index(mate)] if mate in table else []))
    units.sort(key=len, reverse=True)  # a single (if any) comes last and balances the sum
    money = [0] * len(table)
    premium = [Fraction(0)] * len(table)
    total = 0
    for k, unit in enumerate(units):
        last = k == len(units) - 1
        value = -total // len(unit) if last else rng.randrange(-300, 300) * 10
        pb = Fraction(rng.choice((0, 0, 0, 0, 5, 10, 15, 20, 50)))
        if len(unit) == 1 and rng.random() < 0.1:
            pb += Fraction(1, 2)
        for position in unit:
            money[position], premium[position] = value, pb
        total += value * len(unit)
    return money, premium


# --- categories and prizes (issue 16) ------------------------------------------------------------


def prize_setup(t: Tournament, organiser: Any, details: dict[int, tuple[str, int]], *,
                rule: str = "higher", women_first: bool = False) -> dict[str, Any]:
    """Categories and a prize table through the organiser's services: ``details`` gives
    registration id → (sex, year of birth); a women's and a seniors' (born in or before
    1960) category; three main prizes, two women's and one senior's (values in haléř), the
    women's and seniors' first in the table with ``women_first``."""
    from marias_admin.prizes.services import (
        category_save,
        double_rule_set,
        player_details_update,
        prize_save,
    )

    for registration in Registration.objects.filter(tournament=t).select_related("player"):
        sex, year = details.get(registration.pk, ("male", 1985))
        player_details_update(user=organiser, player=registration.player, sex=sex,
                              birth_year=year, region="Vysočina", tournament=t)
    women = category_save(user=organiser, tournament=t, name="Ženy", kind="women")
    seniors = category_save(user=organiser, tournament=t, name="Senioři", kind="seniors",
                            year=1960)
    main = [("main1", None, 1, "3 000 Kč", 300_000), ("main2", None, 2, "2 000 Kč", 200_000),
            ("main3", None, 3, "1 000 Kč", 100_000)]
    others = [("women1", women, 1, "Pohár a 1 500 Kč", 150_000),
              ("women2", women, 2, "500 Kč", 50_000),
              ("seniors1", seniors, 1, "Koš", 80_000)]
    prizes = {}
    for key, category, place, label, value in (others + main if women_first else main + others):
        prizes[key] = prize_save(user=organiser, tournament=t, category=category, place=place,
                                 label=label, value=value)
    double_rule_set(user=organiser, tournament=t, rule=rule)
    return {"women": women, "seniors": seniors, "prizes": prizes}


# --- teams (issue 16) --------------------------------------------------------------------------


def team_rules(tournament: Tournament, rules: str, *, deadline: Any = None, by: Any = None,
               reason: str = "") -> Any:
    """Choose the tournament's team rules (and deadline) as the organiser does."""
    from marias_admin.teams.services import team_settings_update

    return team_settings_update(user=by or user("organiser"), tournament=tournament,
                                rules=rules, deadline=deadline, reason=reason)


def team(tournament: Tournament, name: str, members: Any = (), *, kind: str = "free",
         club: Any = None, by: Any = None) -> Any:
    """A team with ``members`` — (registration, role) pairs — through the team services."""
    from marias_admin.teams.services import member_add, team_create

    organiser = by or user("organiser")
    created = team_create(user=organiser, tournament=tournament, name=name, kind=kind,
                          club=club)
    for registration, role in members:
        member_add(user=organiser, team=created, registration=registration, role=role)
    return created
