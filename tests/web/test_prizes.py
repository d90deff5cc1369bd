"""Categories and prizes (issue 16): player data, category rankings drawn from the main
standings, the prize list with a player who qualifies twice (both rules), its PDF and xlsx,
the import's new columns and the archive."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import pgettext
from openpyxl import load_workbook

from marias_admin.archive.exporting import export_tournament
from marias_admin.archive.importing import import_tournament
from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players.importing import read_upload
from marias_admin.players.models import Player
from marias_admin.prizes import exports, selectors
from marias_admin.prizes.models import Category, Prize, PrizeSettings
from marias_admin.prizes.services import category_save
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Registration, Role
from marias_admin.tournaments.player_import import import_commit, import_preview
from marias_admin.tournaments.services import role_grant
from tests.factories import make_user, played_field, prize_setup, user
from tests.web.helpers import assert_pdf_inside, pdf_pages, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def field():
    """12 players, two rounds played; by the main order: positions 2, 5 and 7 are women,
    positions 2 and 4 seniors (born 1955 and 1950), everyone else a man born 1985."""
    generated = played_field(12, rounds=2, seed=3, pairs=0)
    t = generated.tournament
    order = [s.player for s in tournament_standings(t)]
    details = {order[1]: ("female", 1955), order[4]: ("female", 1980),
               order[6]: ("female", 1990), order[3]: ("male", 1950)}
    return {"t": t, "order": order, "organiser": user("field-organiser"), "details": details}


def _client(who) -> Client:
    client = Client()
    if who is not None:
        client.force_login(who)
    return client


def test_pages_per_role(field):
    t = field["t"]
    prize_setup(t, field["organiser"], field["details"])
    scorekeeper = user("field-scorekeeper")
    outsider = make_user("outsider")
    referee = make_user("prize-referee")
    role_grant(user=field["organiser"], tournament=t, member=referee, role=Role.REFEREE)
    registration = t.registrations.first() if hasattr(t, "registrations") else \
        Registration.objects.filter(tournament=t).first()
    urls = [reverse("prizes:setup", args=(t.pk,)), reverse("prizes:prize_list", args=(t.pk,)),
            reverse("prizes:prize_list_pdf", args=(t.pk,)),
            reverse("prizes:prize_list_xlsx", args=(t.pk,)),
            reverse("prizes:players", args=(t.pk,)),
            reverse("prizes:player_edit", args=(t.pk, registration.pk))]
    for url in urls:
        assert _client(field["organiser"]).get(url).status_code == 200, url
        anonymous = _client(None).get(url)
        assert anonymous.status_code == 302 and "/login" in anonymous["Location"], url
        for who in (outsider, scorekeeper, referee):
            assert _client(who).get(url).status_code in (403, 404), (url, who)
    # Writes are the organiser's only.
    post = reverse("prizes:setup", args=(t.pk,))
    data = {"action": "category", "name": "Kraj", "kind": "region", "region": "Vysočina"}
    assert _client(scorekeeper).post(post, data).status_code in (403, 404)
    assert not Category.objects.filter(name="Kraj").exists()
    assert _client(field["organiser"]).post(post, data).status_code == 302
    assert Category.objects.filter(tournament=t, name="Kraj").exists()
    # The public standings filter follows the standings toggle, for everyone.
    category = Category.objects.get(tournament=t, name="Ženy")
    public = reverse("standings:standings", args=(t.pk,)) + f"?category={category.pk}"
    assert _client(None).get(public).status_code == (200 if t.public_standings else 404)


def test_services_validate_and_audit(field):
    t, organiser = field["t"], field["organiser"]
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        category_save(user=organiser, tournament=t, name="Senioři", kind="seniors")
    assert "year" in error.value.error_dict
    with pytest.raises(ValidationError):
        category_save(user=organiser, tournament=t, name="Vybraní", kind="custom")
    setup = prize_setup(t, organiser, field["details"])
    with pytest.raises(ValidationError):
        category_save(user=organiser, tournament=t, name="ženy", kind="women")
    actions = set(AuditEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert {AuditAction.CATEGORY_SAVE, AuditAction.PRIZE_SAVE, AuditAction.PRIZE_RULE,
            AuditAction.PLAYER_DETAILS} <= actions
    assert setup["women"].name == "Ženy"


def test_category_rankings_are_drawn_from_the_main_standings(field):
    t, order = field["t"], field["order"]
    setup = prize_setup(t, field["organiser"], field["details"])
    women = selectors.category_ranking(setup["women"])
    assert [p.player for p in women] == [order[1], order[4], order[6]]
    assert [p.place for p in women] == [1, 2, 3]
    assert [p.main_position for p in women] == [2, 5, 7]
    seniors = selectors.category_ranking(setup["seniors"])
    assert [p.player for p in seniors] == [order[1], order[3]]

    # The public standings page filtered: the category's players, places renumbered.
    client = _client(field["organiser"])
    response = client.get(reverse("standings:standings", args=(t.pk,)),
                          {"category": setup["women"].pk})
    assert response.status_code == 200
    html = text(response)
    names = {r.pk: r.player.full_name for r in
             Registration.objects.filter(tournament=t).select_related("player")}
    positions = [html.index(names[pk]) for pk in (order[1], order[4], order[6])]
    assert positions == sorted(positions)
    assert names[order[0]] not in html
    assert 'data-rank="1"' in response.content.decode()
    assert "Ženy" in html
    assert client.get(reverse("standings:standings", args=(t.pk,)),
                      {"category": "999999"}).status_code == 404
    assert client.get(reverse("standings:standings", args=(t.pk,)),
                      {"category": "x"}).status_code == 404

    # The player page names his categories and places.
    page = text(client.get(reverse("standings:player", args=(t.pk, order[3]))))
    assert "Senioři" in page and "Ženy" not in page


def _winners(t) -> dict[str, int | None]:
    by_label = {}
    for line in selectors.prize_list(t):
        by_label[line.prize.label] = line.registration.pk if line.registration else None
    return by_label


def test_prize_list_player_who_qualifies_twice_takes_the_higher_prize(field):
    """Position 2 is a woman and a senior: by value she takes 2nd place overall (2 000 Kč);
    the women's 1st prize passes to the next woman, the seniors' to the next senior."""
    t, order = field["t"], field["order"]
    prize_setup(t, field["organiser"], field["details"], rule="higher", women_first=True)
    won = _winners(t)
    assert won["3 000 Kč"] == order[0]
    assert won["2 000 Kč"] == order[1]
    assert won["1 000 Kč"] == order[2]
    assert won["Pohár a 1 500 Kč"] == order[4]
    assert won["500 Kč"] == order[6]
    assert won["Koš"] == order[3]
    lines = {line.prize.label: line for line in selectors.prize_list(t)}
    # She is a woman: the sentences about her take the female form (not "Vyhrál by i").
    would = pgettext("female", "Would also have won “%(prize)s” (%(what)s) and takes the "
                     "higher prize.").partition("%(prize)s")[0]
    passes = pgettext("female", "%(player)s, placed higher, takes “%(prize)s” (%(what)s) "
                      "instead; this prize passes to the next player.").rpartition(";")[2]
    assert "Vyhrál by i" not in lines["2 000 Kč"].reason
    assert lines["2 000 Kč"].reason.count(would) == 2
    assert "Pohár a 1 500 Kč" in lines["2 000 Kč"].reason
    assert passes.strip() in lines["Pohár a 1 500 Kč"].reason


def test_prize_list_player_who_qualifies_twice_by_the_organisers_order(field):
    """The same field with the women's prizes first in the table and the organiser's order:
    position 2 takes the women's 1st prize, so 2nd place overall goes to position 3."""
    t, order = field["t"], field["order"]
    prize_setup(t, field["organiser"], field["details"], rule="organiser_order",
                women_first=True)
    won = _winners(t)
    assert won["Pohár a 1 500 Kč"] == order[1]
    assert won["500 Kč"] == order[4]
    assert won["Koš"] == order[3]
    assert won["3 000 Kč"] == order[0]
    assert won["2 000 Kč"] == order[2]
    assert won["1 000 Kč"] == order[5]
    page = text(_client(field["organiser"]).get(reverse("prizes:prize_list", args=(t.pk,))))
    assert "která je v tabulce cen výš" in page


def test_prize_list_pdf_fits_and_xlsx_matches_the_page_row_by_row(field):
    t = field["t"]
    prize_setup(t, field["organiser"], field["details"], women_first=True)
    client = _client(field["organiser"])
    lines = selectors.prize_list(t)
    page = client.get(reverse("prizes:prize_list", args=(t.pk,))).content.decode()
    # The page in the list's order.
    marks = [page.index(f'data-prize="{line.prize.pk}"') for line in lines]
    assert marks == sorted(marks)

    pdf = client.get(reverse("prizes:prize_list_pdf", args=(t.pk,)))
    assert pdf["Content-Type"] == "application/pdf"
    assert_pdf_inside("prize list", pdf.content)
    pdf_text = " ".join(pdf_pages(pdf))
    for line in lines:
        assert line.registration.player.last_name in pdf_text

    xlsx = client.get(reverse("prizes:prize_list_xlsx", args=(t.pk,)))
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    header, body = rows[0], rows[1:]
    assert len(body) == len(lines)
    # The headers in the tournament's language (the export's), in the order of the specs.
    with translation.override(t.page_language):
        names = [c.header for c in exports.columns(t)]
        lines = selectors.prize_list(t)
    assert list(header) == names
    col = dict(zip(["Order", "Prize for", "Prize", "Value", "Place", "Last name",
                    "First name", "Club", "Why"], range(len(names)), strict=True))
    for row, line in zip(body, lines, strict=True):
        player = line.registration.player
        assert row[col["Prize"]] == line.prize.label
        assert row[col["Prize for"]] == line.what
        assert row[col["Last name"]] == player.last_name
        assert row[col["First name"]] == player.first_name
        assert row[col["Place"]] == line.rank
        assert row[col["Value"]] == line.prize.value / 100
        assert row[col["Why"]] == line.reason
        # …and the same row on the page, in the same place.
        block = page[page.index(f'data-prize="{line.prize.pk}"'):]
        block = block[:block.index("</li>")]
        assert player.full_name in block and line.prize.label in block


def test_organiser_forms_define_categories_and_prizes(field):
    t = field["t"]
    client = _client(field["organiser"])
    url = reverse("prizes:setup", args=(t.pk,))
    reg = Registration.objects.filter(tournament=t).first()
    assert client.post(url, {"action": "category", "name": "Vybraní", "kind": "custom",
                             "members": [reg.pk]}).status_code == 302
    custom = Category.objects.get(tournament=t, name="Vybraní")
    assert list(custom.members.all()) == [reg]
    bad = client.post(url, {"action": "category", "name": "Junioři", "kind": "juniors"})
    assert bad.status_code == 200 and not Category.objects.filter(name="Junioři").exists()
    assert client.post(url, {"action": "prize", "category": custom.pk, "place": 1,
                             "label": "Kytka", "value": "12.50"}).status_code == 302
    prize = Prize.objects.get(tournament=t, label="Kytka")
    assert prize.value == 1250 and prize.category == custom
    again = client.post(url, {"action": "prize", "category": custom.pk, "place": 1,
                              "label": "Jiná"})
    assert again.status_code == 200 and "už má cenu" in text(again)
    assert client.post(url, {"action": "rule", "double_rule": "organiser_order"}
                       ).status_code == 302
    assert PrizeSettings.objects.get(tournament=t).double_rule == "organiser_order"
    edit = reverse("prizes:player_edit", args=(t.pk, reg.pk))
    assert client.post(edit, {"sex": "female", "birth_year": "1949", "region": "Praha"}
                       ).status_code == 302
    reg.player.refresh_from_db()
    assert (reg.player.sex, reg.player.birth_year, reg.player.region) == (
        "female", 1949, "Praha")
    assert client.post(edit, {"sex": "x", "birth_year": "1700"}).status_code == 200
    assert client.post(reverse("prizes:prize_delete", args=(t.pk, prize.pk))
                       ).status_code == 302
    assert client.post(reverse("prizes:category_delete", args=(t.pk, custom.pk))
                       ).status_code == 302
    assert not Category.objects.filter(pk=custom.pk).exists()


def test_import_reads_sex_birth_year_and_region():
    from datetime import date

    from marias_admin.tournaments.services import tournament_create

    organiser = get_user_model().objects.create_user("imp-organiser")
    t = tournament_create(user=organiser, name="Import", date=date(2026, 6, 1))
    existing = Player.objects.create(first_name="Jan", last_name="Starý")
    data = ("Příjmení;Jméno;Pohlaví;Rok narození;Kraj\n"
            "Nováková;Jana;Ž;1956;Vysočina\n"
            "Dvořák;Petr;M;1. 3. 2008;Praha\n"
            "Starý;Jan;muž;1940;\n"
            "Chybná;Eva;x;1800;\n").encode()
    parsed = read_upload("hraci.csv", data)
    assert {"sex", "birth_year", "region"} <= set(parsed.columns)
    preview = import_preview(tournament=t, parsed=parsed)
    assert [r.status.value for r in preview.rows] == ["ok", "ok", "ok", "error"]
    codes = {p.code for p in preview.rows[3].problems}
    assert {"bad_sex", "bad_birth_year"} <= codes
    import_commit(user=organiser, tournament=t, parsed=parsed, fingerprint=preview.fingerprint)
    jana = Player.objects.get(last_name="Nováková")
    assert (jana.sex, jana.birth_year, jana.region) == ("female", 1956, "Vysočina")
    petr = Player.objects.get(last_name="Dvořák")
    assert (petr.sex, petr.birth_year, petr.region) == ("male", 2008, "Praha")
    existing.refresh_from_db()  # an existing player's blanks are filled in, nothing else
    assert (existing.sex, existing.birth_year) == ("male", 1940)
    # English headers too.
    english = read_upload("p.csv", b"Last name,First name,Sex,Birth year,Region\nA,B,F,1970,X\n")
    assert {"sex", "birth_year", "region"} <= set(english.columns)


def test_archive_round_trip_keeps_categories_and_prizes(field):
    t = field["t"]
    prize_setup(t, field["organiser"], field["details"], rule="organiser_order",
                women_first=True)
    document = export_tournament(t)
    assert len(document["categories"]) == 2 and len(document["prizes"]) == 6
    copy = import_tournament(document, user=field["organiser"], rename="Kopie")
    again = export_tournament(copy)
    for key in ("categories", "prizes", "prize_settings", "players"):
        assert again[key] == document[key], key
    assert _winners_by_name(copy) == _winners_by_name(t)
    # An archive written before categories existed imports without them.
    old = {k: v for k, v in document.items()
           if k not in ("categories", "prizes", "prize_settings")}
    older = import_tournament(old, user=field["organiser"], rename="Starší")
    assert not Category.objects.filter(tournament=older).exists()


def _winners_by_name(t) -> list[tuple[str, str]]:
    return [(line.prize.label, line.registration.player.full_name if line.registration else "")
            for line in selectors.prize_list(t)]
