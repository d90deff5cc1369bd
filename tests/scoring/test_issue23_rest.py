"""Issue 23, the rest: several renoncs in one hand and the čtyřka's defence announcements as
rule variants (docs/readings.md §9.53 and §9.36a).

Rule lines as docs/sources.md counts them: "SLS D4 L260" = line 260 of the SloapSlam text,
"ČSM 2023 E.6.d" = the ČSM licitovaný rules, item E.6.d. Seats: A = 1 declares, B = 2 his
partner, C = 3 and D = 4 defend, D deals. Pure: no database, the command run in process.
"""

from __future__ import annotations

import io
import json

import pytest

from scoring import get_preset, settle
from scoring.cli import main
from scoring.errors import ScoringError
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, parse
from scoring.readings import readings
from scoring.ruleset import Ruleset

SLS = get_preset("sloapslam-krizovy")
CTYRKA = get_preset("sloapslam-ctyrka")
EVERY_RENONC = SLS.override(first_in_play_renonc_only=False)
NO_DEFENCE = CTYRKA.override(defence_announcements=frozenset())

# Example 5.7.8 (hra červená, C fleks, A re, C revokes, no dohrávka), then D's wrong lead.
TWO_RENONCS = "hc sp@2 rh#31 !c1@3 !c3@4"


def command(code: str, notation: str, *settings: str) -> tuple[int, list[int] | str]:
    """``python -m scoring settle`` in this process: the exit code and the money or the
    message."""
    out, err = io.StringIO(), io.StringIO()
    extra = [arg for setting in settings for arg in ("--set", setting)]
    code_ = main(["settle", "--ruleset", code, "--seats", "4", "--dealer", "4",
                  "--declarer", "1", "--lang", "en", "--notation", notation, *extra],
                 stdout=out, stderr=err)
    return code_, (json.loads(out.getvalue())["money"] if code_ == 0 else err.getvalue())


def problem_codes(notation: str, ruleset: Ruleset) -> list[str]:
    with pytest.raises(ScoringError) as caught:
        settle(parse(notation, ruleset=ruleset, players=4, dealer=4, declarer=1), ruleset)
    return [p.code for p in caught.value.problems]


# --- §9.53: several renoncs in a hand without a dohrávka -----------------------------------------


def test_by_default_only_the_first_renonc_of_a_hand_counts() -> None:
    """SLS D4 L260 prices a further renonc only during a dohrávka; elsewhere the preset reads
    ČSM 2023 E.6.d (only the first renonc counts): a second one is refused, and the message
    says which rule."""
    assert SLS.first_in_play_renonc_only
    assert problem_codes(TWO_RENONCS, SLS) == ["further_renonc_without_played_out"]
    code, message = command("sloapslam-krizovy", TWO_RENONCS)
    assert code != 0 and "only the first renonc of a hand counts" in str(message)


def test_every_renonc_counts_each_further_one_a_pausal() -> None:
    """The other reading: SLS D4 L260 ("paušál i za tento renonc") with D2 L256 (the paušál
    besides the game) for every renonc of the hand. C's renonc decides the hand as in example
    5.7.8 (A +360, B +360, C −920, D +200); D's wrong lead adds his 2 Kč to each other player."""
    hand = parse(TWO_RENONCS, ruleset=EVERY_RENONC, players=4, dealer=4, declarer=1)
    result = settle(hand, EVERY_RENONC)
    assert [result.money[s] for s in hand.seats] == [560, 560, -720, -400]
    assert sum(result.money.values()) == 0
    assert command("sloapslam-krizovy", TWO_RENONCS,
                   "first_in_play_renonc_only=false") == (0, [560, 560, -720, -400])
    # the record survives the shorthand and the JSON hand format
    again = parse(format_hand(hand, EVERY_RENONC, "cs"), ruleset=EVERY_RENONC, players=4,
                  dealer=4, declarer=1)
    assert again == hand
    assert hand_from_dict(json.loads(json.dumps(hand_to_dict(hand)))) == hand


def test_a_pausal_only_renonc_before_the_deciding_one() -> None:
    """B/7 L180: commenting out of order (C7) costs the paušál and play goes on, so a later
    C1 can still decide the hand; recorded deciding renonc first, C7 beside it."""
    assert command("sloapslam-krizovy", "hc sp@2 rh#31 !c1@3 !c7@4",
                   "first_in_play_renonc_only=false") == (0, [560, 560, -720, -400])


def test_without_a_dohravka_no_further_renonc_ends_one() -> None:
    """SLS D4 L260: "bez dohr" marks the renonc that ended a dohrávka; without one the first
    renonc decides the hand, so the mark is refused under either reading."""
    assert "renonc_decisive_without_dohravka" in problem_codes(
        TWO_RENONCS + " bez dohr", EVERY_RENONC)


@pytest.mark.parametrize("ruleset", [SLS, EVERY_RENONC])
def test_the_dohravka_renoncs_do_not_depend_on_the_reading(ruleset: Ruleset) -> None:
    """SLS D4 L260 says outright what a renonc during a dohrávka costs: the reading does not
    touch it (example 8 of the křížový tests: hra won, C's renonc played out, D's in it)."""
    hand = parse("hc sp@2 !c1@3 dohr !c3@4 h+", ruleset=ruleset, players=4, dealer=4,
                 declarer=1)
    result = settle(hand, ruleset)
    assert [result.money[s] for s in hand.seats] == [440, 440, -440, -440]


def test_the_reading_is_listed_where_renoncs_may_be_played_out() -> None:
    """Only SloapSlam křížový has renoncs played out (D1-D4); ČSM 2023 E.6.d states its own
    rule, so there it is no reading."""
    listed = {r["option"]: r for r in readings(SLS)}["first_in_play_renonc_only"]
    assert listed["value"] is True and {o["value"] for o in listed["options"]} == {True, False}
    assert "first_in_play_renonc_only" not in {
        r["option"] for r in readings(get_preset("csm-licitovany-2023"))}


# --- §9.36a: the čtyřka's defence announcements ------------------------------------------------


@pytest.mark.parametrize(("notation", "expected"), [
    ("hk sp@2 7p@3+ 50+40k:+20z", [-100, -100, 100, 100]),
    ("hk sp@2 100p@3 30+40k:60+20z", [2400, 2400, -2400, -2400]),
])
def test_ctyrka_defence_announcements_switch(notation: str, expected: list[int]) -> None:
    """SLS L16 writes only the čtyřka's departures from the ČSM honer rules (OBE L250 allows
    announcements against the declaring side): the default settles them. The other reading
    takes L42-52 as complete (only the declarer's and his partner's trumps are counted): a
    sedma or sto proti is refused, naming the part."""
    assert command("sloapslam-ctyrka", notation) == (0, expected)
    assert problem_codes(notation, NO_DEFENCE) == ["announcement_not_in_rules"]
    code, message = command("sloapslam-ctyrka", notation, "defence_announcements=[]")
    assert code != 0 and message


def test_ctyrka_reading_is_listed_with_both_options() -> None:
    listed = {r["option"]: r for r in readings(CTYRKA)}["defence_announcements"]
    assert listed["value"] == ("hundred", "seven")
    assert [o["value"] for o in listed["options"]] == [("hundred", "seven"), ()]
    assert {r["option"]: r for r in readings(NO_DEFENCE)}["defence_announcements"][
        "value"] == ()
    # the volený families list their defence announcements elsewhere (docs/readings.md §9.5)
    assert "defence_announcements" not in {r["option"] for r in readings(SLS)}
