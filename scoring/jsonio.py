"""Hands and settlements as JSON-ready dicts (the format of docs/hand-format.md).

Input from outside (the CLI, an API, a stored row) is checked field by field here so that a
typo gives a domain error naming the field instead of a Python exception.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, TypeVar

from scoring.errors import Problem, ScoringError
from scoring.hand import (
    Announcement,
    Doubling,
    Hand,
    Honour,
    Late,
    Marriage,
    Points,
    PremiumFacts,
    Renonc,
    SilentSeven,
)
from scoring.premium.tables import pb_out
from scoring.ruleset import Ruleset
from scoring.settle import Settlement
from scoring.types import Component, Rank, Side, Suit

E = TypeVar("E", bound=Enum)

_HAND_FIELDS = {
    "ruleset", "players", "dealer", "declarer", "contract", "trump", "helper", "bid",
    "doublings", "points", "game_won", "seven_won", "silent_seven", "betl_won", "durch_won",
    "two_sevens_won", "premium", "laid_down", "not_played", "renonc", "premium_ruling",
    "doublings_cancelled", "incorrect_flek_by", "late", "unannounced_marriage",
    "announcements", "seven_killed", "all_play", "partner", "called_rank", "trick8",
    "declarer_tricks", "honours", "forced_flekers", "further_renoncs", "seven_by",
}
_PREMIUM_INTS = ("trumps", "helper_cards")
_PREMIUM_BOOLS = ("trump_ace", "trump_ten")
_PREMIUM_COUNTS = ("betl_catching_aces", "betl_six_card_single_catcher", "durch_unsolid_suits")


def _fail(code: str, field: str, **params: Any) -> ScoringError:
    return ScoringError(Problem(code, field, params))


def _mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail("json_type", field, expected="object")
    return value


def _check_keys(data: Mapping[str, Any], allowed: set[str], prefix: str) -> None:
    for key in data:
        if key not in allowed:
            raise _fail("json_unknown_field", f"{prefix}{key}", name=f"{prefix}{key}")


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail("json_type", field, expected="integer")
    return value


def _opt_bool(value: Any, field: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise _fail("json_type", field, expected="true/false")
    return value


def _enum(kind: type[E], value: Any, field: str) -> E:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(str(e.value) for e in kind)
        raise _fail("json_value", field, value=value, allowed=allowed) from None


def _opt(value: Any, convert: Callable[[Any], Any]) -> Any:
    return None if value is None else convert(value)


def hand_from_dict(data: Any) -> Hand:
    data = _mapping(data, "hand")
    _check_keys(data, _HAND_FIELDS, "")
    for required in ("players", "dealer", "declarer"):
        if required not in data:
            raise _fail("json_missing_field", required, name=required)
    contract = data.get("contract")
    if contract is not None and not isinstance(contract, str):
        raise _fail("json_type", "contract", expected="text")
    bid = data.get("bid")
    if bid is not None and not isinstance(bid, str):
        raise _fail("json_type", "bid", expected="text")
    return Hand(
        players=_int(data["players"], "players"),
        dealer=_int(data["dealer"], "dealer"),
        declarer=_int(data["declarer"], "declarer"),
        contract=contract,
        trump=_opt(data.get("trump"), lambda v: _enum(Suit, v, "trump")),
        helper=_opt(data.get("helper"), lambda v: _enum(Suit, v, "helper")),
        bid=bid,
        doublings=_doublings(data.get("doublings") or {}),
        points=_opt(data.get("points"), _points),
        game_won=_opt_bool(data.get("game_won"), "game_won"),
        seven_won=_opt_bool(data.get("seven_won"), "seven_won"),
        silent_seven=_opt(data.get("silent_seven"), _silent_seven),
        betl_won=_opt_bool(data.get("betl_won"), "betl_won"),
        durch_won=_opt_bool(data.get("durch_won"), "durch_won"),
        two_sevens_won=_opt_bool(data.get("two_sevens_won"), "two_sevens_won"),
        premium=_premium(data.get("premium") or {}),
        laid_down=bool(_opt_bool(data.get("laid_down"), "laid_down")),
        not_played=bool(_opt_bool(data.get("not_played"), "not_played")),
        renonc=_opt(data.get("renonc"), _renonc),
        premium_ruling=_opt_bool(data.get("premium_ruling"), "premium_ruling"),
        doublings_cancelled=bool(
            _opt_bool(data.get("doublings_cancelled"), "doublings_cancelled")
        ),
        incorrect_flek_by=_seats(data.get("incorrect_flek_by") or [], "incorrect_flek_by"),
        late=_opt(data.get("late"), _late),
        unannounced_marriage=_opt(data.get("unannounced_marriage"),
                                  lambda v: _marriage(v, "unannounced_marriage")),
        announcements=_announcements(data.get("announcements") or []),
        seven_killed=bool(_opt_bool(data.get("seven_killed"), "seven_killed")),
        all_play=bool(_opt_bool(data.get("all_play"), "all_play")),
        partner=_opt(data.get("partner"), lambda v: _int(v, "partner")),
        called_rank=_opt(data.get("called_rank"), lambda v: _enum(Rank, v, "called_rank")),
        trick8=_opt(data.get("trick8"), lambda v: _int(v, "trick8")),
        declarer_tricks=_opt(data.get("declarer_tricks"), lambda v: _int(v, "declarer_tricks")),
        honours=_honours(data.get("honours") or []),
        forced_flekers=_seats(data.get("forced_flekers") or [], "forced_flekers"),
        further_renoncs=_further_renoncs(data.get("further_renoncs") or []),
        seven_by=_opt(data.get("seven_by"), lambda v: _int(v, "seven_by")),
    )


def _honours(value: Any) -> tuple[Honour, ...]:
    """Honers of the čtyřka: [{"rank": "nine", "by": 1, "trumps": 5, "won": true}, ...]."""
    if not isinstance(value, list):
        raise _fail("json_type", "honours", expected="list")
    result = []
    for index, item in enumerate(value):
        field = f"honours.{index}"
        data = _mapping(item, field)
        _check_keys(data, {"rank", "by", "trumps", "level", "raises", "won"}, f"{field}.")
        if "by" not in data:
            raise _fail("json_missing_field", f"{field}.by", name=f"{field}.by")
        result.append(Honour(
            _enum(Rank, data.get("rank"), f"{field}.rank"),
            _int(data["by"], f"{field}.by"),
            None if data.get("trumps") is None else _int(data["trumps"], f"{field}.trumps"),
            _int(data.get("level", 0), f"{field}.level"),
            _seats(data.get("raises") or [], f"{field}.raises"),
            _opt_bool(data.get("won"), f"{field}.won"),
        ))
    return tuple(result)


def _further_renoncs(value: Any) -> tuple[Renonc, ...]:
    if not isinstance(value, list):
        raise _fail("json_type", "further_renoncs", expected="list")
    return tuple(_renonc(item, f"further_renoncs.{index}") for index, item in enumerate(value))


def _announcements(value: Any) -> tuple[Announcement, ...]:
    """Parts announced by the defence: [{"component": "seven", "by": 3, "won": true}, ...]."""
    if not isinstance(value, list):
        raise _fail("json_type", "announcements", expected="list")
    result = []
    for index, item in enumerate(value):
        field = f"announcements.{index}"
        data = _mapping(item, field)
        _check_keys(data, {"component", "by", "level", "raises", "won", "killed"}, f"{field}.")
        if "by" not in data:
            raise _fail("json_missing_field", f"{field}.by", name=f"{field}.by")
        result.append(Announcement(
            _enum(Component, data.get("component"), f"{field}.component"),
            _int(data["by"], f"{field}.by"),
            _int(data.get("level", 0), f"{field}.level"),
            _seats(data.get("raises") or [], f"{field}.raises"),
            _opt_bool(data.get("won"), f"{field}.won"),
            bool(_opt_bool(data.get("killed"), f"{field}.killed")),
        ))
    return tuple(result)


def _late(value: Any) -> Late:
    data = _mapping(value, "late")
    _check_keys(data, {"seat", "minutes"}, "late.")
    return Late(_int(data.get("seat"), "late.seat"), _int(data.get("minutes"), "late.minutes"))


def _seats(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _fail("json_type", field, expected="list of seats")
    return tuple(_int(s, field) for s in value)


def _doublings(value: Any) -> tuple[Doubling, ...]:
    result = []
    for key, spec in _mapping(value, "doublings").items():
        field = f"doublings.{key}"
        component = _enum(Component, key, field)
        if isinstance(spec, Mapping):
            _check_keys(spec, {"level", "by", "per_defender", "raises", "forced"},
                        f"{field}.")
            by = spec.get("by") or []
            if not isinstance(by, list):
                raise _fail("json_type", f"{field}.by", expected="list of seats")
            per = _mapping(spec.get("per_defender") or {}, f"{field}.per_defender")
            result.append(
                Doubling(
                    component,
                    _int(spec.get("level", 0), f"{field}.level"),
                    tuple(_int(s, f"{field}.by") for s in by),
                    tuple(sorted(
                        (_seat_key(k, f"{field}.per_defender"), _int(v, f"{field}.per_defender"))
                        for k, v in per.items()
                    )),
                    _seats(spec.get("raises") or [], f"{field}.raises"),
                    # SloapSlam B/19 (L204): the seats whose flek on this part was compulsory
                    _seats(spec.get("forced") or [], f"{field}.forced"),
                )
            )
        else:
            result.append(Doubling(component, _int(spec, field)))
    return tuple(result)


def _seat_key(key: Any, field: str) -> int:
    try:
        return int(key)
    except (TypeError, ValueError):
        raise _fail("json_type", field, expected="seat number") from None


def _marriage(value: Any, field: str) -> Marriage:
    if isinstance(value, Mapping):
        _check_keys(value, {"value", "suit"}, f"{field}.")
        suit = _opt(value.get("suit"), lambda v: _enum(Suit, v, f"{field}.suit"))
        return Marriage(_int(value.get("value"), f"{field}.value"), suit)
    return Marriage(_int(value, field))


def _points(value: Any) -> Points:
    data = _mapping(value, "points")
    _check_keys(data, {"declarer_cards", "declarer_marriages", "defence_marriages"}, "points.")
    if "declarer_cards" not in data:
        raise _fail("json_missing_field", "points.declarer_cards", name="points.declarer_cards")
    sides = {}
    for side in ("declarer_marriages", "defence_marriages"):
        items = data.get(side) or []
        if not isinstance(items, list):
            raise _fail("json_type", f"points.{side}", expected="list")
        sides[side] = tuple(_marriage(m, f"points.{side}") for m in items)
    return Points(_int(data["declarer_cards"], "points.declarer_cards"), **sides)


def _silent_seven(value: Any) -> SilentSeven:
    data = _mapping(value, "silent_seven")
    _check_keys(data, {"side", "won"}, "silent_seven.")
    won = _opt_bool(data.get("won"), "silent_seven.won")
    if won is None:
        raise _fail("json_missing_field", "silent_seven.won", name="silent_seven.won")
    return SilentSeven(_enum(Side, data.get("side"), "silent_seven.side"), won)


def _renonc(value: Any, field: str = "renonc") -> Renonc:
    data = _mapping(value, field)
    _check_keys(data, {"code", "offender", "forgiven", "played_out", "decisive"}, f"{field}.")
    code = data.get("code")
    if not isinstance(code, str):
        raise _fail("json_type", f"{field}.code", expected="text")
    return Renonc(code, _int(data.get("offender"), f"{field}.offender"),
                  bool(_opt_bool(data.get("forgiven"), f"{field}.forgiven")),
                  bool(_opt_bool(data.get("played_out"), f"{field}.played_out")),
                  bool(_opt_bool(data.get("decisive"), f"{field}.decisive")))


def _premium(value: Any) -> PremiumFacts:
    data = _mapping(value, "premium")
    allowed = {*_PREMIUM_INTS, *_PREMIUM_BOOLS, *_PREMIUM_COUNTS, "non_trump_marriage",
               "defender_claims", "seat_trumps"}
    _check_keys(data, allowed, "premium.")
    values: dict[str, Any] = {}
    for name in _PREMIUM_INTS:
        raw = data.get(name)
        values[name] = None if raw is None else _int(raw, f"premium.{name}")
    for name in _PREMIUM_BOOLS:
        values[name] = _opt_bool(data.get(name), f"premium.{name}")
    for name in _PREMIUM_COUNTS:
        values[name] = _int(data.get(name, 0), f"premium.{name}")
    values["non_trump_marriage"] = bool(
        _opt_bool(data.get("non_trump_marriage"), "premium.non_trump_marriage")
    )
    claims = data.get("defender_claims") or []
    if not isinstance(claims, list):
        raise _fail("json_type", "premium.defender_claims", expected="list of seats")
    values["defender_claims"] = tuple(_int(s, "premium.defender_claims") for s in claims)
    # SloapSlam křížový L214: {"2": 3, "4": 2}, the trumps of seats other than the declarer's
    seat_trumps = data.get("seat_trumps") or {}
    if not isinstance(seat_trumps, Mapping):
        raise _fail("json_type", "premium.seat_trumps", expected="object")
    values["seat_trumps"] = tuple(
        (_seat_key(k, f"premium.seat_trumps.{k}"), _int(v, f"premium.seat_trumps.{k}"))
        for k, v in seat_trumps.items())
    return PremiumFacts(**values)


# -- output ------------------------------------------------------------------------------------


# Above the complexity budget: one flat `if` per optional field of Hand (the inverse of
# hand_from_dict), long rather than tangled.
def hand_to_dict(hand: Hand) -> dict[str, Any]:  # noqa: C901
    """The inverse of :func:`hand_from_dict`; defaults are left out to keep rows short."""
    data: dict[str, Any] = {
        "players": hand.players, "dealer": hand.dealer, "declarer": hand.declarer,
        "contract": hand.contract,
    }
    for name in ("trump", "helper"):
        if getattr(hand, name) is not None:
            data[name] = getattr(hand, name).value
    if hand.bid is not None:
        data["bid"] = hand.bid
    if hand.doublings:
        data["doublings"] = {d.component.value: _doubling_out(d) for d in hand.doublings}
    if hand.points is not None:
        p = hand.points
        data["points"] = {
            "declarer_cards": p.declarer_cards,
            "declarer_marriages": [_marriage_out(m) for m in p.declarer_marriages],
            "defence_marriages": [_marriage_out(m) for m in p.defence_marriages],
        }
    for name in ("game_won", "seven_won", "betl_won", "durch_won", "two_sevens_won",
                 "premium_ruling"):
        if getattr(hand, name) is not None:
            data[name] = getattr(hand, name)
    if hand.silent_seven is not None:
        data["silent_seven"] = {"side": hand.silent_seven.side.value,
                                "won": hand.silent_seven.won}
    if not hand.premium.is_empty:
        facts = hand.premium
        default = PremiumFacts()
        data["premium"] = {
            name: list(v) if isinstance(v, tuple) else v
            for name in (*_PREMIUM_INTS, *_PREMIUM_BOOLS, *_PREMIUM_COUNTS,
                         "non_trump_marriage", "defender_claims")
            if (v := getattr(facts, name)) != getattr(default, name)
        }
        if facts.seat_trumps:
            data["premium"]["seat_trumps"] = {str(s): n for s, n in facts.seat_trumps}
    if hand.laid_down:
        data["laid_down"] = True
    if hand.not_played:
        data["not_played"] = True
    if hand.renonc is not None:
        data["renonc"] = {"code": hand.renonc.code, "offender": hand.renonc.offender}
        if hand.renonc.forgiven:
            data["renonc"]["forgiven"] = True
        if hand.renonc.played_out:
            data["renonc"]["played_out"] = True
    if hand.late is not None:
        data["late"] = {"seat": hand.late.seat, "minutes": hand.late.minutes}
    if hand.unannounced_marriage is not None:
        data["unannounced_marriage"] = _marriage_out(hand.unannounced_marriage)
    if hand.announcements:
        data["announcements"] = [_announcement_out(a) for a in hand.announcements]
    if hand.seven_killed:
        data["seven_killed"] = True
    if hand.all_play:  # křížový (obecná pravidla VII.2)
        data["all_play"] = True
    if hand.partner is not None:
        data["partner"] = hand.partner
    if hand.called_rank is not None:
        data["called_rank"] = hand.called_rank.value
    if hand.trick8 is not None:
        data["trick8"] = hand.trick8
    if hand.declarer_tricks is not None:  # pagat L115: a lost Durch mit Partner
        data["declarer_tricks"] = hand.declarer_tricks
    if hand.honours:  # SloapSlam čtyřka L28-32
        data["honours"] = [_honour_out(h) for h in hand.honours]
    if hand.forced_flekers:  # SloapSlam B/19
        data["forced_flekers"] = list(hand.forced_flekers)
    if hand.seven_by is not None:  # SloapSlam L42, L46: the partner announced the seven
        data["seven_by"] = hand.seven_by
    if hand.further_renoncs:  # SloapSlam D4
        data["further_renoncs"] = [{"code": r.code, "offender": r.offender,
                                    **({"decisive": True} if r.decisive else {})}
                                   for r in hand.further_renoncs]
    if hand.incorrect_flek_by:
        data["incorrect_flek_by"] = list(hand.incorrect_flek_by)
    elif hand.doublings_cancelled:
        data["doublings_cancelled"] = True
    return data


def _honour_out(h: Honour) -> dict[str, Any]:
    out: dict[str, Any] = {"rank": h.rank.value, "by": h.by}
    if h.trumps is not None:
        out["trumps"] = h.trumps
    if h.raises:
        out["raises"] = list(h.raises)
    elif h.level:
        out["level"] = h.level
    if h.won is not None:
        out["won"] = h.won
    return out


def _announcement_out(a: Announcement) -> dict[str, Any]:
    out: dict[str, Any] = {"component": a.component.value, "by": a.by}
    if a.raises:
        out["raises"] = list(a.raises)
    elif a.level:
        out["level"] = a.level
    if a.won is not None:
        out["won"] = a.won
    if a.killed:
        out["killed"] = True
    return out


def _doubling_out(d: Doubling) -> int | dict[str, Any]:
    if d.forced:  # SloapSlam B/19: the compulsory fleks of this part
        plain = _doubling_out(dataclasses.replace(d, forced=()))
        return {**(plain if isinstance(plain, dict) else {"level": plain}),
                "forced": list(d.forced)}
    if d.raises and not d.per_defender:
        return {"raises": list(d.raises)}
    if not d.by and not d.per_defender:
        return d.level
    out: dict[str, Any] = {"level": d.level}
    if d.by:
        out["by"] = list(d.by)
    if d.per_defender:
        out["per_defender"] = {str(s): level for s, level in d.per_defender}
    if d.raises:
        out["raises"] = list(d.raises)
    return out


def _marriage_out(m: Marriage) -> int | dict[str, Any]:
    return m.value if m.suit is None else {"value": m.value, "suit": m.suit.value}


def settlement_to_dict(
    settlement: Settlement, ruleset: Ruleset, lang: str = "cs"
) -> dict[str, Any]:
    seats = sorted(settlement.money)
    return {
        "ruleset": ruleset.code,
        "currency": ruleset.currency,
        "money": [settlement.money[s] for s in seats],
        "premium": [pb_out(settlement.premium[s]) for s in seats],
        "lines": [line.as_dict(ruleset, lang) for line in settlement.lines],
        "warnings": [w.as_dict(lang) for w in settlement.warnings],
        "premium_pending": settlement.premium_pending,
        "premium_described": settlement.premium_described,
    }
