"""Tournaments under the volený families (issue 14): ČSM obecná pravidla and pagat's traditional
game. The organiser picks the rules and their documented variants in the tournament form; the
standings rank each round by money with no PB; the table sheets have no PB column and a column
for announcements against the declarer; the exports have no empty PB columns."""

from __future__ import annotations

import io
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import SeatingMethod
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.readings import MEANINGS, QUESTIONS
from marias_admin.tournaments.services import tournament_create, tournament_update
from marias_admin.tournaments.standings_rules import voleny_rules_dict
from scoring.types import HundredMarriage, Series
from tests import factories
from tests.web.helpers import assert_pdf_inside as _assert_inside
from tests.web.tournament_form import create, form_data, post_create

pytestmark = pytest.mark.django_db



# -- the form ---------------------------------------------------------------------------------


def test_the_form_offers_the_voleny_rules_and_their_variants(client, staff):
    page = client.get(reverse("tournaments:create")).content.decode()
    for code in ("csm-voleny", "pagat-voleny"):
        assert f'value="{code}"' in page and f'data-ruleset="{code}"' in page
    for name in ("arithmetic_hundreds", "half_step_hundreds", "killed_seven",
                 "no_open_contracts", "csm_values", "hundred_marriage_best",
                 "flek_per_defender_no_trumps"):
        assert f'value="{name}"' in page
    assert "pagat L101" in page  # each variant names its source


def test_pagat_brings_its_defaults_and_a_chosen_unit(client, staff):
    tournament = create(client, base_rate="0,50", variants=["killed_seven",
                                                            "arithmetic_hundreds"])
    assert (tournament.table_size, tournament.currency, tournament.base_rate) == (3, "CZK", 50)
    assert tournament.standings_rules == voleny_rules_dict()
    assert list(tournament.rounds.order_by("number").values_list("method", flat=True)) == [
        SeatingMethod.LOT, SeatingMethod.OPTIMISE, SeatingMethod.OPTIMISE]
    # stored as plain JSON, read back as the engine's values
    assert tournament.ruleset_overrides == {"hundred_series": "arithmetic",
                                            "rates": {"seven_killed": 3}}
    ruleset = tournament.ruleset()
    assert ruleset.hundred_series is Series.ARITHMETIC and ruleset.rates.seven_killed == 3
    assert ruleset.base == 50
    created = AuditEntry.objects.get(tournament=tournament, action="tournament.create")
    assert created.after["ruleset_overrides"] == tournament.ruleset_overrides


def test_pagat_without_a_rate_is_twenty_haler_a_unit(client, staff):
    tournament = create(client)
    assert tournament.base_rate == 20 and tournament.ruleset_overrides == {}


def test_the_base_rate_is_the_money_of_one_unit_for_pagat(client, staff):
    response = post_create(client, name="")  # refused: no name
    assert response.status_code == 200
    csm = post_create(client, name="", ruleset_code="csm-voleny")
    tournament = create(client, base_rate="1,00", language="en")
    edit = client.get(reverse("tournaments:edit", args=(tournament.pk,)))
    with translation.override("en"):
        assert response.context["form"]["base_rate"].label == "money of one unit"
        assert csm.context["form"]["base_rate"].label == "base rate"
        assert edit.context["form"]["base_rate"].label == "money of one unit"
    detail = client.get(reverse("tournaments:detail", args=(tournament.pk,))).content.decode()
    assert "one unit 1.00\xa0CZK" in detail


def test_ladder_variants_store_rung_codes_and_give_the_shorter_ladder(client, staff):
    tournament = create(client, variants=["csm_values"])
    assert tournament.ruleset_overrides["rates"] == {"betl": 15, "durch": 30}
    assert all(isinstance(code, str) for code in tournament.ruleset_overrides["ladder"])
    ruleset = tournament.ruleset()
    assert not any(r.open for r in ruleset.ladder) and ruleset.rates.betl == 15
    # the form reads the stored overrides back as the one box ticked
    edit = client.get(reverse("tournaments:edit", args=(tournament.pk,)))
    assert edit.context["form"]["variants"].initial == ["csm_values"]


@pytest.mark.parametrize(("variants", "message"), [
    (["arithmetic_hundreds", "half_step_hundreds"], "cannot both apply"),
    (["no_open_contracts", "csm_values"], "already includes"),
])
def test_conflicting_variants_are_refused_at_the_field(client, staff, variants, message):
    response = post_create(client, variants=variants)
    assert response.status_code == 200
    errors = response.context["form"].errors.as_data()
    assert list(errors) == ["variants"]
    [error] = errors["variants"]
    assert error.code == "variants_conflict"
    with translation.override("en"):
        assert message in str(error.message)
    assert 'role="alert"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_variant_of_other_rules_is_refused(client, staff):
    response = post_create(client, ruleset_code="csm-voleny", variants=["killed_seven"])
    [error] = response.context["form"].errors.as_data()["variants"]
    assert error.code == "variant_of_other_rules"
    assert not Tournament.objects.exists()


def test_csm_voleny_readings_are_variants_too(client, staff):
    tournament = create(client, ruleset_code="csm-voleny",
                        variants=["hundred_marriage_best", "flek_per_defender_no_trumps"])
    ruleset = tournament.ruleset()
    assert ruleset.hundred_marriage is HundredMarriage.BEST
    assert ruleset.flek_binding_no_trumps.value == "per_defender"
    assert tournament.standings_rules == voleny_rules_dict()


def test_the_organiser_edits_the_variants_and_the_page_says_them(client, staff):
    tournament = create(client, variants=["killed_seven"])
    response = client.post(reverse("tournaments:edit", args=(tournament.pk,)),
                           form_data(base_rate="0,20", currency="CZK", table_size="3",
                                     language="en", variants=["half_step_hundreds"]))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.ruleset_overrides == {"hundred_series": "half_step"}
    entry = AuditEntry.objects.filter(tournament=tournament,
                                      action="tournament.update").latest("at")
    assert entry.before["ruleset_overrides"] == {"rates": {"seven_killed": 3}}
    html = client.get(reverse("tournaments:detail", args=(tournament.pk,))).content.decode()
    assert "A hundred grows by half its value with each ten" in html
    assert "seven beaten in the last trick costs 3" not in html


def test_overrides_set_elsewhere_survive_the_form(client, staff):
    tournament = create(client, variants=["killed_seven"])
    tournament_update(user=staff, tournament=tournament, ruleset_overrides={
        **tournament.ruleset_overrides, "doubling_cap": 4})
    client.post(reverse("tournaments:edit", args=(tournament.pk,)),
                form_data(base_rate="0,20", currency="CZK", table_size="3",
                          variants=["killed_seven", "arithmetic_hundreds"]))
    tournament.refresh_from_db()
    assert tournament.ruleset_overrides == {"doubling_cap": 4, "hundred_series": "arithmetic",
                                            "rates": {"seven_killed": 3}}
    html = client.get(reverse("tournaments:detail", args=(tournament.pk,))).content.decode()
    # an override that is no variant reads in words, never as "doubling_cap = 4"
    assert "doubling_cap" not in html
    with translation.override("cs"):
        said = f"{QUESTIONS['doubling_cap']}: {MEANINGS[('doubling_cap', 4)]}"
    assert said in html


def test_a_scorekeeper_cannot_edit_the_variants(client):
    setup = factories.tournament(players=0, ruleset_code="pagat-voleny")
    client.force_login(setup.staff.scorekeeper)
    response = client.post(reverse("tournaments:edit", args=(setup.tournament.pk,)),
                           form_data(base_rate="0,20", currency="CZK", table_size="3",
                                     variants=["killed_seven"]))
    assert response.status_code == 403
    setup.tournament.refresh_from_db()
    assert setup.tournament.ruleset_overrides == {}


def test_the_service_refuses_overrides_the_preset_cannot_take(staff):
    with pytest.raises(ValidationError) as refused:
        tournament_create(user=staff, name="Špatně", date="2026-06-13",
                          ruleset_code="pagat-voleny", ruleset_overrides={"ladder": ["nope"]})
    assert "ruleset_overrides" in refused.value.error_dict
    with pytest.raises(ValidationError):
        tournament_create(user=staff, name="Špatně", date="2026-06-13",
                          ruleset_code="pagat-voleny",
                          ruleset_overrides={"hundred_series": "sometimes"})


def test_changing_the_rules_brings_their_standings_rules(staff):
    tournament = tournament_create(user=staff, name="Přechod", date="2026-06-13")
    tournament = tournament_update(user=staff, tournament=tournament, ruleset_code="csm-voleny")
    assert tournament.standings_rules == voleny_rules_dict()


# -- with results -----------------------------------------------------------------------------


def played(ruleset_code: str = "csm-voleny", players: int = 9, *, language: str = "en",
           prefix: str = "", **extra) -> factories.TournamentSetup:
    """A volený tournament with round 1 seated, one or two hands at every table, confirmed."""
    setup = factories.tournament(players=players, ruleset_code=ruleset_code, rounds=2,
                                 language=language, prefix=prefix, **extra)
    round_ = factories.seated_round(setup, 1, seed=3, state="released")
    for table in round_.tables.order_by("number"):
        sheet = factories.sheet(round_, table.number)
        size = table.seats.count()
        # a sedma proti of the forehand's left-hand defender, lost; then a betl of seat 2
        factories.add_hand(sheet, "hk 7p@3- 60", dealer=size, declarer=1,
                           by=setup.staff.scorekeeper)
        if table.number % 2:
            factories.add_hand(sheet, "b+", dealer=1, declarer=3, by=setup.staff.scorekeeper)
        sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)
    return setup


def test_the_rules_and_variants_are_locked_once_results_exist(client):
    setup = played("pagat-voleny")
    tournament = setup.tournament
    client.force_login(setup.staff.organiser)
    edit = client.get(reverse("tournaments:edit", args=(tournament.pk,)))
    assert edit.context["form"].fields["variants"].disabled
    client.post(reverse("tournaments:edit", args=(tournament.pk,)),
                form_data(name=tournament.name, base_rate="0,20", currency="CZK",
                          table_size="3", variants=["killed_seven"]))
    tournament.refresh_from_db()
    assert tournament.ruleset_overrides == {}
    with pytest.raises(ValidationError) as refused:
        tournament_update(user=setup.staff.organiser, tournament=tournament,
                          ruleset_overrides={"rates": {"seven_killed": 3}})
    assert refused.value.error_dict["ruleset_overrides"][0].code == "results_locked"


def test_standings_rank_each_round_by_money_without_pb(client):
    setup = played(players=10)  # two tables of three, one of four (the dealer sits out)
    tournament = setup.tournament
    money: dict[int, int] = defaultdict(int)
    for record in HandRecord.objects.filter(sheet__table__round__tournament=tournament):
        assert sum(record.money) == 0
        seats = dict(record.sheet.table.seats.values_list("position", "registration_id"))
        for position, amount in enumerate(record.money, start=1):
            if position in seats:
                money[seats[position]] += amount
    standings = tournament_standings(tournament)
    assert len(standings) == 10
    for s in standings:  # BP = N − rank + 1, the rank by money alone; equal money shares
        better = sum(1 for other in money.values() if other > money[s.player])
        assert s.money == money[s.player] and s.premium == 0
        assert s.bp == 10 - better
    assert [(s.bp, s.money) for s in standings] == sorted(
        ((s.bp, s.money) for s in standings), reverse=True)

    client.force_login(setup.staff.organiser)
    html = client.get(reverse("standings:standings", args=(tournament.pk,))).content.decode()
    assert ">BP</abbr>" in html and ">ZB</abbr>" in html
    assert ">PB</abbr>" not in html and ">SB</abbr>" not in html
    results = client.get(reverse("standings:round_results", args=(tournament.pk, 1)))
    assert ">PB</abbr>" not in results.content.decode()
    player = client.get(reverse("standings:player", args=(tournament.pk, standings[0].player)))
    assert ">PB</abbr>" not in player.content.decode()
    projector = client.get(reverse("standings:standings", args=(tournament.pk,)) + "?projector=1")
    assert '<th class="num">SB</th>' not in projector.content.decode()


def test_exports_have_no_pb_columns(client):
    setup = played("pagat-voleny")
    client.force_login(setup.staff.organiser)
    t = setup.tournament.pk
    standings = load_workbook(io.BytesIO(client.get(
        reverse("exports:standings_xlsx", args=(t,))).content)).active
    heads = [cell.value for cell in standings[1]]
    assert "BP" in heads and "ZB" in heads and "PB" not in heads and "SB" not in heads
    hands = load_workbook(io.BytesIO(client.get(
        reverse("exports:hands_xlsx", args=(t,))).content)).active
    heads = [cell.value for cell in hands[1]]
    assert not any(str(h).startswith("PB") for h in heads) and "Money, seat 1" in heads
    pdf = client.get(reverse("exports:standings_pdf", args=(t,)))
    assert pdf.status_code == 200
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "ZB" in text and "PB" not in text
    _assert_inside("standings", pdf.content)


@pytest.mark.parametrize("ruleset_code", ["csm-voleny", "pagat-voleny"])
def test_the_table_sheets_have_an_against_column_and_no_pb(client, ruleset_code):
    setup = played(ruleset_code, players=10, base_rate=50)
    client.force_login(setup.staff.organiser)
    pdf = client.get(reverse("printouts:sheets", args=(setup.tournament.pk, 1)))
    assert pdf.status_code == 200
    reader = PdfReader(io.BytesIO(pdf.content))
    assert len(reader.pages) == 3
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Against" in text and "PB" not in text and "Rank at the table" in text
    rate = "one unit = 0.50 CZK" if ruleset_code == "pagat-voleny" else "base rate 0.50 CZK"
    assert rate in text
    _assert_inside("sheets", pdf.content)


def test_the_table_sheets_speak_the_tournaments_language(client):
    setup = played("csm-voleny", language="", prefix="cs-")
    client.force_login(setup.staff.organiser)
    pdf = client.get(reverse("printouts:sheets", args=(setup.tournament.pk, 1)),
                     HTTP_ACCEPT_LANGUAGE="en")
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Stolový lístek" in text


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_standings_queries_do_not_grow_with_the_field(client):
    small = played(players=9, prefix="s-")
    large = played(players=31, prefix="l-")
    counts = []  # as a visitor: the public pages
    for setup in (small, large):
        t = setup.tournament
        first = setup.registrations[0].pk
        counts.append([_queries(client, url) for url in (
            reverse("standings:standings", args=(t.pk,)),
            reverse("standings:round_results", args=(t.pk, 1)),
            reverse("standings:player", args=(t.pk, first)))])
    assert counts[0] == counts[1], counts
