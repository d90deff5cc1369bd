"""No identifier on any page (issue 24, "Words and numbers").

Every demo tournament `make run` loads is read in Czech, Slovak and English, by its organiser
and by an anonymous spectator: one page of each URL pattern (the overview with its rule
variants and readings, the registrations, the round and its table page, the standings, a
player's page, the log, the prizes, the teams …). Its visible text (tags, scripts, styles and
attributes stripped) must not show what only the code knows: a snake_case name
(``partner_even_raises``), a dotted code (``rates.durch``), ``True``/``False``/``None``, nor a
label with nothing after it (a ``dt`` with an empty ``dd``, "Other reading:" and then nothing).
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext

from marias_admin.audit.models import AuditEntry
from marias_admin.core.people import by_sex
from marias_admin.core.words import long_in
from marias_admin.demo.season import SEASON_DEMO_NAME
from marias_admin.players.models import Player
from marias_admin.prizes.models import Category, Prize
from marias_admin.seasons.models import Competition
from marias_admin.sheets import access
from marias_admin.sheets.models import HandRecord
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.readings import MEANINGS, QUESTIONS
from marias_admin.tournaments.rule_variants import describe
from scoring.messages import render
from scoring.presets import PRESETS, get_preset
from scoring.presets.szmk_2024 import RENONCS
from scoring.readings import readings
from tests import factories
from tests.demo_data import restored
from tests.factories import make_world
from tests.web.helpers import messages_of, open_data

pytestmark = pytest.mark.django_db

LANGUAGES = ("cs", "sk", "en")
SNAKE = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.-])")
DOTTED = re.compile(r"(?<![\w./@-])[a-z_]+\.[a-z_]+(?:\.[a-z_]+)*(?![\w/-])")
# Not codes: file names, web addresses, "e.g.", and the SZMK offence codes a referee types in
# the shorthand ("!kla.a@3"), which the ruling form lists with their names ("kla.a – …").
ALLOWED = re.compile(r"\.(pdf|xlsx|csv|html|txt|com|cz|sk|org|net|eu)$|^(e\.g|i\.e)$")
OFFENCE_CODES = {rule.code for rule in RENONCS}
PYTHON = re.compile(r"\b(?:True|False)\b|\bNone\b(?! [a-z])")  # "None in the sheets." is a word
# A label that ends in a colon and then nothing before its block closes ("Jiný výklad:").
EMPTY_AFTER_COLON = re.compile(r"([^\s<>][^<>]{0,60}):\s*(?:</(?:span|strong|em|b)>\s*)*"
                               r"</(dd|td|th|li)>")


@pytest.fixture(scope="module")
def demos(django_db_setup, django_db_blocker, demo_snapshot):
    """The demo tournaments (built once for the session, ``tests/demo_data.py``), in the
    module's transaction, rolled back after its last test."""
    with django_db_blocker.unblock(), restored(demo_snapshot):
        # The demo season's six small tournaments are read through its season pages
        # (below): their tournament pages are those of the others.
        yield list(Tournament.objects.exclude(
            competition_memberships__competition__name=SEASON_DEMO_NAME).order_by("pk"))


def visible(html: str) -> str:
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S | re.I)
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


class EmptyLabels(HTMLParser):
    """Finds ``<dt>`` whose ``<dd>`` is empty and row headers whose cells are all empty."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.stack: list[str] = []
        self.texts: dict[int, list[str]] = {}
        self.last_dt = ""
        self.row: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("dt", "dd", "th", "td"):
            self.stack.append(tag)
            self.texts[len(self.stack)] = []
        elif tag == "tr":
            self.row = []

    def handle_endtag(self, tag):
        if tag in ("dt", "dd", "th", "td") and self.stack and self.stack[-1] == tag:
            content = " ".join("".join(self.texts.pop(len(self.stack), [])).split())
            self.stack.pop()
            if tag == "dt":
                self.last_dt = content
            elif tag == "dd":
                if self.last_dt and not content:
                    self.found.append(f"<dt>{self.last_dt}</dt> with an empty <dd>")
                self.last_dt = ""
            else:
                self.row.append((tag, content))
        elif tag == "tr":
            if (len(self.row) > 1 and self.row[0][0] == "th" and self.row[0][1]
                    and all(kind == "td" and not content for kind, content in self.row[1:])):
                self.found.append(f"row {self.row[0][1]!r} with nothing in it")
            self.row = []

    def handle_data(self, data):
        for depth in range(1, len(self.stack) + 1):
            self.texts.setdefault(depth, []).append(data)


def problems(html: str) -> list[str]:
    text = visible(html)
    found = [f"identifier {m!r}" for m in SNAKE.findall(text)]
    found += [f"code {m!r}" for m in DOTTED.findall(text)
              if not ALLOWED.search(m) and m not in OFFENCE_CODES]
    found += [f"Python value {m!r}" for m in PYTHON.findall(text)]
    stripped = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    found += [f"empty label {m[0].strip()!r}:" for m in EMPTY_AFTER_COLON.findall(stripped)]
    parser = EmptyLabels()
    parser.feed(stripped)
    found += parser.found
    return found


NEGATIVE_CELL = re.compile(r'<(td|dd)\b([^>]*)>\s*(?:<strong>)?\s*([−-]\d[\d\u00a0 .]*[.,]\d\d)\s*'
                           r'(?:</strong>)?\s*</\1>')


def uncoloured_money(html: str) -> list[str]:
    """Negative amounts (two decimals: ZB, SB, money) in a cell that is not painted as one:
    the one colour rule, negative SB red as negative ZB is."""
    found = []
    for _tag, attrs, amount in NEGATIVE_CELL.findall(html):
        classes = re.search(r'class="([^"]*)"', attrs)
        if not classes or "minus" not in classes.group(1).split():
            found.append(f"negative amount {amount!r} not red")
    return found


def pages(tournament: Tournament) -> list[str]:
    """One URL of each page pattern of the tournament (GET, HTML)."""
    t = tournament.pk
    urls = [reverse(name, args=(t,)) for name in (
        "tournaments:detail", "tournaments:edit", "tournaments:registrations",
        "tournaments:registration_add", "tournaments:roles", "standings:settings",
        "standings:standings", "standings:find", "prizes:setup", "prizes:players",
        "prizes:prize_list", "teams:list", "teams:standings", "sheets:log")]
    urls.append(reverse("standings:find", args=(t,)) + "?q=a")
    urls += [reverse(name, args=(t,)) for name in ("players:import", "teams:import")]
    team = tournament.teams.order_by("pk").first()
    if team is not None:
        urls.append(reverse("teams:edit", args=(t, team.pk)))
    category = Category.objects.filter(tournament=tournament).order_by("pk").first()
    if category is not None:
        urls.append(reverse("prizes:category_edit", args=(t, category.pk)))
    prize = Prize.objects.filter(tournament=tournament).order_by("pk").first()
    if prize is not None:
        urls.append(reverse("prizes:prize_edit", args=(t, prize.pk)))
    registration = tournament.registrations.order_by("pk").first()
    if registration is not None:
        urls.append(reverse("standings:player", args=(t, registration.pk)))
    round_ = tournament.rounds.filter(tables__isnull=False).order_by("-number").first()
    if round_ is not None:
        n = round_.number
        urls += [reverse(name, args=(t, n)) for name in (
            "seating:round", "seating:round_public", "standings:round_results",
            "sheets:round_access", "sheets:public_address")]
        urls += [reverse(name, args=(t, n, 1)) for name in ("sheets:table",
                                                             "sheets:ruling_add")]
        urls.append(reverse("sheets:table", args=(t, n, 1)) + "?entry=form")
        hand = HandRecord.objects.filter(sheet__table__round=round_).order_by("pk").first()
        if hand is not None:
            urls.append(reverse("sheets:hand_history",
                                args=(t, n, hand.sheet.table.number, hand.pk)))
    return urls


def season_pages() -> list[str]:
    """The demo season's page, its rankings and the season pages of a member, the one who
    has not paid his dues and the disqualified one."""
    season = Competition.objects.get(name=SEASON_DEMO_NAME)
    players = Player.objects.filter(
        registration_number__in=("CZ-26001", "CZ-26013", "CZ-26014")).order_by("pk")
    return [reverse("seasons:season", args=(season.pk,)),
            *(reverse("seasons:ranking", args=(season.pk, r.pk)) for r in season.rankings.all()),
            *(reverse("seasons:player", args=(season.pk, p.pk)) for p in players)]


def read(client: Client, url: str, language: str) -> str | None:
    client.cookies["django_language"] = language
    response = client.get(url)
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return None
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_identifier_on_any_page_of_the_demos(demos, language) -> None:
    organiser, anonymous = Client(), Client()
    bad: list[str] = []
    read_pages = 0
    for url in (reverse("core:home"), reverse("tournaments:list"), reverse("seasons:list"),
                *season_pages()):
        for who, client in (("anonymous", anonymous),):
            html = read(client, url, language)
            bad += [f"{who} {url}: {p}" for p in problems(html or "")]
    for tournament in demos:
        organiser.force_login(tournament.roles.filter(role="organiser").first().user)
        for url in pages(tournament):
            for who, client in (("organiser", organiser), ("anonymous", anonymous)):
                html = read(client, url, language)
                if html is None:
                    continue
                read_pages += 1
                bad += [f"{who} {url}: {p}" for p in problems(html) + uncoloured_money(html)]
    assert read_pages > 7 * 15
    assert not bad, "\n".join(sorted(set(bad)))


@pytest.mark.parametrize(("html", "expected"), [
    ("<p>Partner: partner_even_raises</p>", "identifier 'partner_even_raises'"),
    ("<li>rates.durch = 30</li>", "code 'rates.durch'"),
    ("<li>Ostrá sedma = True</li>", "Python value 'True'"),
    ("<dd>x <span>Jiný výklad: </span></dd>", "empty label 'Jiný výklad':"),
    ("<dl><dt>Klub</dt><dd> </dd></dl>", "<dt>Klub</dt> with an empty <dd>"),
])
def test_the_check_finds_what_it_looks_for(html, expected) -> None:
    assert expected in problems(html)


@pytest.mark.parametrize("html", [
    "<p>Stáhnout standings.xlsx, napište na info@marias.cz, 1.5.2026, 1,50 Kč, e.g. pagat.com</p>",
    "<p>None in the confirmed sheets.</p><select><option>kla.a – nepriznanie farby</option>",
    '<a href="/t/1/round_results/" class="a_b">Výsledky</a><script>var a_b = 1;</script>',
    "<dl><dt>Klub</dt><dd>KM Praha</dd></dl><p>Hráči:</p><ul><li>Eva</li></ul>",
])
def test_the_check_leaves_words_alone(html) -> None:
    assert problems(html) == []


def test_the_colour_check_finds_a_black_negative_amount() -> None:
    assert uncoloured_money('<td class="num">−2,00</td><td class="num minus">−3,00</td>'
                            '<td class="num">−7,5</td><td>+2,00</td>') == [
        "negative amount '−2,00' not red"]


@pytest.mark.parametrize("code", sorted(PRESETS))
def test_every_reading_of_every_ruleset_has_words(code) -> None:
    """Not only the demos: each reading any preset plays has its question and every option in
    the reader's words (else the overview would fall back to the engine's English)."""
    for reading in readings(get_preset(code)):
        assert reading["option"] in QUESTIONS, (code, reading["option"])
        for option in reading["options"]:
            assert (reading["option"], option["value"]) in MEANINGS, (code, option)


def test_an_override_outside_the_variants_reads_in_words() -> None:
    with translation.override("en"):
        lines = [str(line) for line in describe("csm-krizovy", {
            "partner_even_raises": False, "rates": {"durch": 20}})]
    assert lines == ["Who of the declaring pair may say the even raises (re, boty): only the "
                     "declarer", "Durch (also durch with a clever one): 20 units (betl 10)"]


@pytest.mark.parametrize(("language", "long_forms"), [
    # ve druhém, třetím, čtvrtém, dvanáctém, třináctém, čtrnáctém, dvacátém …, čtyřicátém …
    ("cs", {2, 3, 4, 12, 13, 14, *range(20, 50)}),
    ("sk", {4, *range(40, 50)}),  # vo štvrtom, vo štyridsiatom …; v štrnástom
    ("en", set()),
])
def test_in_before_an_ordinal(language, long_forms) -> None:
    assert {n for n in range(1, 100) if long_in(n, language)} == long_forms
    assert long_in(100, "cs") and long_in(200, "cs") and not long_in(500, "cs")  # ve stém
    assert not long_in("", "cs") and not long_in(None, "cs") and not long_in(0, "cs")


def test_the_template_filter_follows_the_page_language() -> None:
    template = Template("{% load marias %}{% for n in numbers %}{% if n|long_in %}ve{% else %}v"
                        "{% endif %} {{ n }}.;{% endfor %}")
    numbers = Context({"numbers": [1, 2, 4, 5, 14, 21]})
    with translation.override("cs"):
        assert template.render(numbers) == "v 1.;ve 2.;ve 4.;v 5.;ve 14.;ve 21.;"
    with translation.override("sk"):
        assert template.render(numbers) == "v 1.;v 2.;ve 4.;v 5.;v 14.;v 21.;"


# --- the sentences that change with a player's sex, a page's language ---------------------------


def test_by_sex_picks_the_form() -> None:
    forms = {"female": "přihlášena", "male": "přihlášen", "neutral": "přihláška zapsána"}
    assert [by_sex(sex, **forms) for sex in ("female", "male", "", None)] == [
        "přihlášena", "přihlášen", "přihláška zapsána", "přihláška zapsána"]


def test_a_prize_reason_agrees_with_each_players_sex(monkeypatch) -> None:
    """The passed-over player and the winner are told of in their own forms: a woman placed
    higher, a man who would also have won, a player of unknown sex in the neutral form."""
    from types import SimpleNamespace

    from django.utils.text import format_lazy

    from marias_admin.prizes import selectors as prize_selectors
    from scoring import prizes as rules

    monkeypatch.setattr(prize_selectors, "pgettext", lambda context, text: f"[{context}] {text}")
    # The "also won" sentences are a table of lazy forms (female, male, neutral): tag them too.
    monkeypatch.setattr(prize_selectors, "ALSO_WON", {
        rule: (format_lazy("[female] {}", female), male, format_lazy("[sex unknown] {}", neutral))
        for rule, (female, male, neutral) in prize_selectors.ALSO_WON.items()})
    category = SimpleNamespace(name="Ženy")
    held = SimpleNamespace(label="Pohár", category=None, place=1)
    left = SimpleNamespace(label="Kytice", category=category, place=1)
    by_spec = {(None, 1): held, ("women", 1): left}
    award = rules.AwardedPrize(
        rules.Prize(None, 2, "x"), winner=2, place=2,
        passed_over=((1, rules.Prize(None, 1, "Pohár")),),
        also_won=(rules.Prize("women", 1, "Kytice"),))
    with translation.override("en"):
        told = prize_selectors._reason(award, {1: "Nováková Eva", 2: "Novák Jan"}, by_spec,
                                       rules.DoublePrize.HIGHER, {1: "female", 2: "male"})
        unknown = prize_selectors._reason(award, {1: "A", 2: "B"}, by_spec,
                                          rules.DoublePrize.HIGHER, {})
    assert "[female] Nováková Eva, placed higher" in told
    assert "[male]" not in told and " Would also have won “Kytice”" in told
    assert unknown.count("[sex unknown]") == 2


def test_the_table_link_greets_in_the_tournaments_language(client) -> None:
    """The link's URL names no tournament; its message is still in the tournament's language,
    not in the visitor's default Czech (a Slovak page showed "Tento telefon teď …")."""
    world = make_world(language="en")
    answer = client.post(reverse("sheets:table_link",
                                 args=(access.table_access(world["table"]).token,)),
                         open_data(world["table"]), follow=True)
    assert answer.status_code == 200
    assert any("This phone now enters the hands of table 1" in m for m in messages_of(answer))


def test_the_log_tells_a_stored_summary_in_the_pages_language(client) -> None:
    """The seating was recorded by a Czech page; the English log tells it in English."""
    world = make_world(language="en")
    with translation.override("cs"):
        seating = AuditEntry.objects.get(action="round.seat", tournament=world["t"])
        seating.summary = "1. kolo rozsazeno (losem, číslo losu 7)"
        seating.save(update_fields=["summary"])
    client.force_login(world["users"]["organiser"])
    page = visible(client.get(reverse("sheets:log", args=(world["t"].pk,))).content.decode())
    assert "rozsazeno" not in page
    assert re.search(r"Round 1 seated \(.+, seed \d+\)", page), page[-2000:]


@pytest.mark.parametrize(("sex", "context"), [("female", "female"), ("male", None),
                                              ("", "sex unknown")])
def test_registering_a_player_speaks_of_her_or_him(client, sex, context) -> None:
    """"Nováková Eva přihlášen a přítomen" was the masculine form for a woman: the message
    takes the form of the player's sex, a neutral one where it is not entered."""
    setup = factories.tournament(players=0)
    client.force_login(setup.staff.organiser)
    answer = client.post(reverse("tournaments:registration_add", args=(setup.tournament.pk,)),
                         {"new": "1", "last_name": "Nováková", "first_name": "Eva", "sex": sex,
                          "present": "on"}, follow=True)
    message = "%(player)s registered and checked in."
    with translation.override("cs"):
        expected = (pgettext(context, message) if context else gettext(message)) % {
            "player": "Nováková Eva"}
    assert expected in messages_of(answer)
    if sex != "male":
        assert "Nováková Eva přihlášen a přítomen." not in messages_of(answer)


@pytest.mark.parametrize("players", [3, 4])
def test_a_seat_out_of_range_needs_no_plural(players) -> None:
    """"stůl má 4 míst" read wrong: the message names the range, which agrees with any count."""
    said = {lang: render("seat_range", lang, seat=5, players=players)
            for lang in ("cs", "sk", "en")}
    assert said["cs"] == f"Místo 5 u stolu neexistuje (místa jsou 1 až {players})."
    assert said["sk"] == f"Miesto 5 pri stole neexistuje (miesta sú 1 až {players})."
    assert said["en"] == f"Seat 5 does not exist (the seats are 1 to {players})."
