"""PB tables per seat: who scores what, by flek level (SloapSlam bodovaný křížový).

The ČSM tables of :mod:`scoring.premium.tables` give the declarer one value per game. The club's
bodovací tabulka of the křížový (SLS L212-216, B/10 L186, C "Renoncem není" 3 L244;
docs/sloapslam-krizovy.md "Premium points per seat", docs/families.md §8.2 k) needs more, and this
module is that structure as data:

- **facts per announcing seat** (L214): a sedma counts the trumps of the seat that announced it,
  a sto the summed trumps of the announcing pair (:class:`TrumpsCount`); s výnosem means the
  announcer himself led (reading of the čtyřka's L56-58, which the křížový text does not state);
- **columns by flek level** (L244: a flek beyond the table is not a renonc and the last column
  still in the table applies): ``points[level]``, the last cell for any level above;
- **recipients** (L216): the PB of a won announced game go to each member of the announcing side
  in full (``Recipients.SIDE``) or only to the announcer; the PB of a fleked game the announcing
  side lost go only to the fleker (``Recipients.FLEKERS``), from the ``lost_fleked`` column;
- **negative points** (B/10 L186): a game "za kterou jsou minusové body" (its ``minus`` column is
  not empty) that the announcing side won costs the first voluntary fleker that many PB,
  counted up to the flek at which a third player joined the fleking; a trhák's compulsory flek
  (B/19 L204, ``Hand.forced_flekers``) costs nothing.

A cell nobody has told us is ``None`` ("unknown", a warning), never 0. The club's own numbers
are not in the texts: :data:`scoring.premium.data_sloapslam.SLOAPSLAM_KRIZOVY_STRUCTURE` ships
the structure with every cell unknown (``placeholder``), and ``sloapslam-krizovy`` keeps
``premium_table = None`` until an organiser loads the real table (:func:`seat_table_from_dict`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from fractions import Fraction
from typing import Any

from scoring.errors import Problem, ScoringError
from scoring.hand import Hand, Seat
from scoring.messages import Named, register
from scoring.premium.compute import PremiumAward, PremiumLine
from scoring.premium.tables import PB, pb
from scoring.ruleset import Rung
from scoring.types import Component

FORMAT = "per_seat"  # the "format" of a table's JSON form


class Recipients(StrEnum):
    """Who gets the PB of one case."""

    ANNOUNCER = "announcer"  # only the seat that announced the game
    SIDE = "side"  # each member of the side that won, in full (L216 "každému aktérovi")
    FLEKERS = "flekers"  # only the seats of the winning side that fleked it (L216)
    NONE = "none"


class MinusRecipients(StrEnum):
    """Who gets the minus points of a won game fleked of one's own will (B/10)."""

    FIRST_FLEKER = "first_fleker"  # B/10: the first (and third, ...) flek's author
    EACH_FLEKER = "each_fleker"  # every voluntary fleker the full minus (alternative)
    NONE = "none"


class TrumpsCount(StrEnum):
    """Whose trumps choose the row (L214)."""

    ANNOUNCER = "announcer"  # sedma: "trumfy u spolu hrajících hráčů se nesčítají"
    SIDE = "side"  # sto: "u spolu hrajících hráčů se trumfy sčítají"
    NONE = "none"  # betl, durch: no trumps


@dataclass(frozen=True)
class SeatPremiumRow:
    """One game of the table: which hands it matches and its columns by flek level.

    ``min_trumps``/``max_trumps`` bound the counted trumps (None: unbounded); ``with_lead``
    None matches both; ``points`` are the PB of the winners, ``lost_fleked`` of the fleker when
    the announcing side lost a fleked game, ``minus`` the minus PB of a fleker of the won game
    (stored as positive numbers; empty: the game carries no minus points), each indexed by the
    flek level (0 unfleked, 1 flek, 2 re, ...).
    """

    component: Component
    min_trumps: int | None = None
    max_trumps: int | None = None
    with_lead: bool | None = None
    points: tuple[PB, ...] = ()
    lost_fleked: tuple[PB, ...] = ()
    minus: tuple[PB, ...] = ()

    def __post_init__(self) -> None:
        for name in ("points", "lost_fleked", "minus"):
            object.__setattr__(self, name, tuple(pb(v) for v in getattr(self, name)))

    def matches(self, trumps: int | None, with_lead: bool) -> bool:
        if self.with_lead is not None and self.with_lead != with_lead:
            return False
        if trumps is None:
            return self.min_trumps is None and self.max_trumps is None
        return ((self.min_trumps is None or trumps >= self.min_trumps)
                and (self.max_trumps is None or trumps <= self.max_trumps))

    @property
    def label(self) -> str:
        """A short code naming the row in lines and warnings: ``seven[2-2,with_lead]``."""
        parts = []
        if self.min_trumps is not None or self.max_trumps is not None:
            low = "" if self.min_trumps is None else str(self.min_trumps)
            high = "" if self.max_trumps is None else str(self.max_trumps)
            parts.append(f"{low}-{high}")
        if self.with_lead is not None:
            parts.append("with_lead" if self.with_lead else "without_lead")
        return self.component.value + (f"[{','.join(parts)}]" if parts else "")

    @property
    def cells(self) -> tuple[PB, ...]:
        return (*self.points, *self.lost_fleked, *self.minus)


@dataclass(frozen=True)
class SeatPremiumTable:
    """A versioned PB table per seat; ``levels`` columns (flek levels 0 .. levels − 1)."""

    code: str
    name: str
    valid_from: date
    rows: tuple[SeatPremiumRow, ...]
    levels: int = 5
    won: Recipients = Recipients.SIDE
    lost_fleked: Recipients = Recipients.FLEKERS
    minus: MinusRecipients = MinusRecipients.FIRST_FLEKER
    trumps: Mapping[Component, TrumpsCount] = field(default_factory=lambda: {
        Component.SEVEN: TrumpsCount.ANNOUNCER, Component.HUNDRED: TrumpsCount.SIDE})
    source: str = ""
    # True: a structure without numbers (the real table is not known); no cell may be filled
    placeholder: bool = False

    def __post_init__(self) -> None:
        problems = []
        if self.levels < 1:
            problems.append(Problem("premium_table_value_invalid", "premium_table.levels",
                                    {"value": self.levels}))
        for index, row in enumerate(self.rows):
            for name in ("points", "lost_fleked", "minus"):
                if len(getattr(row, name)) > self.levels:
                    problems.append(Problem("premium_table_value_invalid",
                                            f"premium_table.rows.{index}.{name}",
                                            {"value": list(getattr(row, name))}))
        if self.placeholder and any(v is not None for row in self.rows for v in row.cells):
            problems.append(Problem("premium_table_placeholder_filled", "premium_table.rows",
                                    {}))
        if problems:
            raise ScoringError(problems)
        object.__setattr__(self, "rows", tuple(self.rows))

    def __hash__(self) -> int:
        return hash((self.code, self.valid_from))

    def counted(self, component: Component) -> TrumpsCount:
        return self.trumps.get(component, TrumpsCount.NONE)

    def row(self, component: Component, trumps: int | None, with_lead: bool
            ) -> SeatPremiumRow | None:
        """The first row of ``component`` matching the facts; None: no PB for this game."""
        for row in self.rows:
            if row.component is component and row.matches(trumps, with_lead):
                return row
        return None

    def scores(self, component: Component) -> bool:
        return any(row.component is component for row in self.rows)


def column(values: Sequence[PB], level: int) -> PB:
    """The cell of ``level``; a level beyond the table reads its last column (L244)."""
    if not values:
        return None
    return values[min(level, len(values) - 1)]


# -- one hand ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Scored:
    """One announced scored game of the hand: the contract's part or a defence announcement."""

    component: Component
    announcer: Seat
    side: tuple[Seat, ...]  # the announcing side
    won: bool
    level: int
    raises: tuple[Seat, ...]  # the chain as said, when recorded
    fleked_by: tuple[Seat, ...]  # seats of the other side that fleked it


def _other(hand: Hand, side: tuple[Seat, ...]) -> tuple[Seat, ...]:
    return tuple(s for s in hand.seats if s not in side and s != hand.sitter)


def _scored_games(hand: Hand, rung: Rung, won: Mapping[Component, bool],
                  table: SeatPremiumTable) -> list[_Scored]:
    games = []
    side = hand.declaring_side
    for component in sorted(rung.components, key=lambda c: c.value):
        if not table.scores(component) or won.get(component) is None:
            continue
        doubling = hand.doubling(component)
        # L214, L42: a seven counts the trumps of whoever of the side announced it
        announcer = hand.seven_announcer if component is Component.SEVEN else hand.declarer
        games.append(_Scored(component, announcer, side, bool(won[component]),
                             doubling.level, doubling.raises,
                             tuple(s for s in doubling.by if s not in side)))
    defence = _other(hand, side)
    for a in hand.announcements:
        if not table.scores(a.component) or a.won is None:
            continue  # a sto proti decided by the points: not scored here (docs)
        games.append(_Scored(a.component, a.by, defence, a.won, a.level, a.raises,
                             tuple(dict.fromkeys(s for s in a.raises if s in side))))
    return games


def _trumps(hand: Hand, table: SeatPremiumTable, game: _Scored,
            missing: list[str]) -> tuple[bool, int | None]:
    """(known, count) of the trumps choosing the row; unknown facts are named in ``missing``."""
    counted = table.counted(game.component)
    if counted is TrumpsCount.NONE:
        return True, None
    seats = (game.announcer,) if counted is TrumpsCount.ANNOUNCER else game.side
    values = [hand.premium.trumps_of(s, hand.declarer) for s in seats]
    if any(v is None for v in values):
        missing.extend(f"seat_trumps.{s}" for s, v in zip(seats, values, strict=True)
                       if v is None)
        return False, None
    return True, sum(v for v in values if v is not None)


def _minus_level(game: _Scored, first: Seat) -> int:
    """B/10: the first fleker's minus points reach "do fleku, kterým se do flekování zapojil
    třetí hráč": the levels before the first raise by a player of neither the first fleker
    nor the announcing side (reading: that raise itself not included). Without a recorded
    chain, the level reached."""
    if not game.raises:
        return game.level
    for index, seat in enumerate(game.raises):
        if seat != first and seat not in game.side:
            return index
    return len(game.raises)


def seat_premium_points(hand: Hand, rung: Rung, won: Mapping[Component, bool],
                        table: SeatPremiumTable) -> PremiumAward:
    """PB per seat of a played hand under a per-seat table (negative: minus points).

    ``won`` holds the declarer's results per component (the settlement's, renonc included);
    announcements of the defence carry their own. Levels are capped at the table's last column.
    """
    lines: list[PremiumLine] = []
    warnings: list[Problem] = []
    missing: list[str] = []

    def add(seat: Seat, value: Fraction, row: SeatPremiumRow, case: str, level: int) -> None:
        cs, en = _CASES[case]
        flek = f", flek {level}" if level else ""
        lines.append(PremiumLine(seat=seat, row=f"{row.label}.{case}@{level}", value=value,
                                 note_cs=f"{cs} {row.label}{flek}",
                                 note_en=f"{en} {row.label}{flek}"))

    def unknown(row: SeatPremiumRow, case: str, level: int) -> None:
        problem = Problem("premium_cell_unknown", "premium", {
            "table": table.name, "row": Named(row.label, row.label), "row_code": row.label,
            "column": Named(f"{_CASES[case][0]}, flek {level}", f"{_CASES[case][1]}, flek "
                            f"{level}"),
            "contract": Named(rung.name_cs, rung.name_en)})
        if problem not in warnings:
            warnings.append(problem)

    for game in _scored_games(hand, rung, won, table):
        known, trumps = _trumps(hand, table, game, missing)
        if not known:
            continue
        row = table.row(game.component, trumps, game.announcer == hand.forehand)
        if row is None:
            continue  # the table gives this game no PB
        level = min(game.level, table.levels - 1)
        if game.won:
            value = column(row.points, level)
            winners = {Recipients.SIDE: game.side, Recipients.ANNOUNCER: (game.announcer,),
                       Recipients.FLEKERS: (), Recipients.NONE: ()}[table.won]
            if winners and value is None and row.points:
                unknown(row, "won", level)
            elif winners and value:
                for seat in winners:
                    add(seat, value, row, "won", level)
            if row.minus and game.level:
                _minus(hand, table, game, row, add, unknown)
        elif game.level:
            value = column(row.lost_fleked, level)
            takers = {Recipients.SIDE: _other(hand, game.side),
                      Recipients.FLEKERS: game.fleked_by, Recipients.ANNOUNCER: (),
                      Recipients.NONE: ()}[table.lost_fleked]
            if takers and value is None and row.lost_fleked:
                unknown(row, "lost_fleked", level)
            elif takers and value:
                for seat in takers:
                    add(seat, value, row, "lost_fleked", level)
    if missing:
        warnings.append(Problem("premium_seat_trumps_missing", "premium.seat_trumps",
                                {"seats": ", ".join(m.split(".")[1]
                                                    for m in dict.fromkeys(missing))}))
    per_seat: dict[Seat, Fraction] = {}
    for line in lines:
        per_seat[line.seat] = per_seat.get(line.seat, Fraction(0)) + line.value
    return PremiumAward(per_seat={s: v for s, v in sorted(per_seat.items()) if v},
                        lines=tuple(lines), warnings=tuple(warnings))


def _minus(hand: Hand, table: SeatPremiumTable, game: _Scored, row: SeatPremiumRow,
           add: Any, unknown: Any) -> None:
    """B/10 minus points of a won game fleked of one's own will (a trhák's flek is exempt)."""
    order = tuple(dict.fromkeys(s for s in (game.raises or game.fleked_by)
                                if s in game.fleked_by))
    forced = hand.forced_on(game.component)  # per part: a free flek elsewhere still counts
    voluntary = [s for s in order if s not in forced]
    if table.minus is MinusRecipients.NONE or not voluntary:
        return
    if order[0] in forced and table.minus is MinusRecipients.FIRST_FLEKER:
        return  # B/10 last sentence: the first flek was compulsory
    takers = voluntary[:1] if table.minus is MinusRecipients.FIRST_FLEKER else voluntary
    for seat in takers:
        level = (_minus_level(game, seat) if table.minus is MinusRecipients.FIRST_FLEKER
                 else game.level)
        level = min(level, table.levels - 1)
        if not level:
            continue
        value = column(row.minus, level)
        if value is None:
            unknown(row, "minus", level)
        elif value:
            add(seat, -value, row, "minus", level)


_CASES = {
    "won": ("vyhraná hlášená hra", "won announced game"),
    "lost_fleked": ("flek na prohranou hru", "flek on a lost game"),
    "minus": ("minusové body za flek", "minus points for the flek"),
}


# -- JSON --------------------------------------------------------------------------------------


def _json_pb(value: PB) -> int | str | None:
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else str(value)


def seat_table_to_dict(table: SeatPremiumTable) -> dict[str, Any]:
    """The JSON form an organiser edits; unknown cells as null."""
    return {
        "format": FORMAT,
        "code": table.code,
        "name": table.name,
        "valid_from": table.valid_from.isoformat(),
        "source": table.source,
        "placeholder": table.placeholder,
        "levels": table.levels,
        "recipients": {"won": table.won.value, "lost_fleked": table.lost_fleked.value,
                       "minus": table.minus.value},
        "trumps": {c.value: t.value for c, t in sorted(table.trumps.items())},
        "rows": [_row_out(row) for row in table.rows],
    }


def _row_out(row: SeatPremiumRow) -> dict[str, Any]:
    out: dict[str, Any] = {"component": row.component.value}
    if row.min_trumps is not None or row.max_trumps is not None:
        out["trumps"] = [row.min_trumps, row.max_trumps]
    if row.with_lead is not None:
        out["with_lead"] = row.with_lead
    for name in ("points", "lost_fleked", "minus"):
        if getattr(row, name):
            out[name] = [_json_pb(v) for v in getattr(row, name)]
    return out


class _Reader:
    """Collects every problem of an uploaded table, so a form can show them all at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, where: str, value: Any) -> None:
        self.problems.append(Problem("premium_table_value_invalid", f"premium_table.{where}",
                                     {"value": value}))

    def enum(self, kind: Any, value: Any, where: str, default: Any) -> Any:
        if value is None:
            return default
        try:
            return kind(value)
        except ValueError:
            self.bad(where, value)
            return default

    def count(self, value: Any, where: str) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
            self.bad(where, value)
            return None
        return value

    def cells(self, value: Any, where: str) -> tuple[PB, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.bad(where, value)
            return ()
        out: list[PB] = []
        for index, item in enumerate(value):
            if item is None:
                out.append(None)
                continue
            try:
                if isinstance(item, bool) or not isinstance(item, int | float | str):
                    raise ValueError(item)
                number = Fraction(str(item))
            except (ValueError, ZeroDivisionError):
                self.bad(f"{where}.{index}", item)
                out.append(None)
                continue
            if number < 0:  # minus points are stored as their size
                self.bad(f"{where}.{index}", item)
            out.append(number)
        return tuple(out)

    def row(self, value: Any, where: str) -> SeatPremiumRow | None:
        if not isinstance(value, Mapping):
            self.bad(where, value)
            return None
        allowed = {"component", "trumps", "with_lead", "points", "lost_fleked", "minus"}
        for key in set(value) - allowed:
            self.problems.append(Problem("premium_table_row_unknown", f"premium_table.{where}."
                                         f"{key}", {"row": key}))
        component = self.enum(Component, value.get("component"), f"{where}.component", None)
        if component is None:
            self.bad(f"{where}.component", value.get("component"))
            return None
        low = high = None
        trumps = value.get("trumps")
        if trumps is not None:
            if isinstance(trumps, list) and len(trumps) == 2:
                low = self.count(trumps[0], f"{where}.trumps.0")
                high = self.count(trumps[1], f"{where}.trumps.1")
            else:
                self.bad(f"{where}.trumps", trumps)
        lead = value.get("with_lead")
        if lead is not None and not isinstance(lead, bool):
            self.bad(f"{where}.with_lead", lead)
            lead = None
        return SeatPremiumRow(component, low, high, lead,
                              self.cells(value.get("points"), f"{where}.points"),
                              self.cells(value.get("lost_fleked"), f"{where}.lost_fleked"),
                              self.cells(value.get("minus"), f"{where}.minus"))


def seat_table_from_dict(data: Mapping[str, Any]) -> SeatPremiumTable:
    """A per-seat table from its JSON form; raises :class:`ScoringError` listing every problem."""
    reader = _Reader()
    for name in ("code", "name", "valid_from", "rows"):
        if name not in data:
            reader.problems.append(Problem("premium_table_field_missing",
                                           f"premium_table.{name}", {"name": name}))
    if data.get("format", FORMAT) != FORMAT:
        reader.bad("format", data.get("format"))
    try:
        valid_from = date.fromisoformat(data.get("valid_from"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        reader.bad("valid_from", data.get("valid_from"))
        valid_from = date.min
    levels = data.get("levels", 5)
    if isinstance(levels, bool) or not isinstance(levels, int) or not 1 <= levels <= 10:
        reader.bad("levels", levels)
        levels = 5
    recipients = data.get("recipients") or {}
    if not isinstance(recipients, Mapping):
        reader.bad("recipients", recipients)
        recipients = {}
    trumps_in = data.get("trumps")
    trumps: dict[Component, TrumpsCount] = {Component.SEVEN: TrumpsCount.ANNOUNCER,
                                            Component.HUNDRED: TrumpsCount.SIDE}
    if trumps_in is not None:
        trumps = {}
        if not isinstance(trumps_in, Mapping):
            reader.bad("trumps", trumps_in)
        else:
            for key, value in trumps_in.items():
                component = reader.enum(Component, key, f"trumps.{key}", None)
                count = reader.enum(TrumpsCount, value, f"trumps.{key}", None)
                if component is not None and count is not None:
                    trumps[component] = count
    rows_in = data.get("rows") or []
    if not isinstance(rows_in, list):
        reader.bad("rows", rows_in)
        rows_in = []
    rows = [reader.row(value, f"rows.{index}") for index, value in enumerate(rows_in)]
    placeholder = data.get("placeholder", False)
    if not isinstance(placeholder, bool):
        reader.bad("placeholder", placeholder)
        placeholder = False
    won = reader.enum(Recipients, recipients.get("won"), "recipients.won", Recipients.SIDE)
    lost = reader.enum(Recipients, recipients.get("lost_fleked"), "recipients.lost_fleked",
                       Recipients.FLEKERS)
    minus = reader.enum(MinusRecipients, recipients.get("minus"), "recipients.minus",
                        MinusRecipients.FIRST_FLEKER)
    if reader.problems:
        raise ScoringError(reader.problems)
    return SeatPremiumTable(
        code=str(data["code"]), name=str(data["name"]), valid_from=valid_from,
        rows=tuple(r for r in rows if r is not None), levels=levels, won=won,
        lost_fleked=lost, minus=minus, trumps=trumps, source=str(data.get("source", "")),
        placeholder=placeholder,
    )


register({
    "premium_table_placeholder_filled": {
        "cs": "Tabulka označená jako kostra bez čísel nesmí obsahovat hodnoty.",
        "sk": "Tabuľka označená ako kostra bez čísel nesmie obsahovať hodnoty.",
        "en": "A table marked as a structure without numbers must hold no values.",
    },
    "premium_seat_trumps_missing": {
        "cs": "Pro PB chybí počet trumfů hráčů na místech {seats}; PB za tuto hru nepřiděleny.",
        "sk": "Pre PB chýba počet tromfov hráčov na miestach {seats}; PB za túto hru "
              "nepridelené.",
        "en": "The PB need the trumps of seats {seats}; no PB for this game.",
    },
})
