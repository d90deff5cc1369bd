"""The results exchange file (issue 26 item 5): export, schema, validation, preview, import.

The round trip: a played tournament in competition A is exported; the file is imported into a
fresh competition B (no tournaments: the "other database" of a federation's server); B's copy
has the same standings and B's season table is A's. Built once for the module.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from marias_admin.api.exchange.document import export_results
from marias_admin.api.exchange.importing import MatchKind, import_results, preview
from marias_admin.api.exchange.validation import ExchangeError, schema
from marias_admin.api.models import ExchangeImport
from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Player, Sex
from marias_admin.seasons.selectors import season_table, season_team_table
from marias_admin.seasons.services import competition_save
from marias_admin.sheets.models import RulingKind, RulingOutcome, TableSheet
from marias_admin.standings.selectors import tournament_standings
from marias_admin.teams.models import MemberRole, TeamKind, TeamRulesPreset
from marias_admin.teams.selectors import team_table
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament
from tests import factories
from tests.web.exchange_picture import add_rankings, picture

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_messages():
    """The refusals are asserted in English (the source wording naming rows and fields); the
    Czech and Slovak wording is the catalogue's."""
    with translation.override("en"):
        yield


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        organiser = factories.make_user("exchange-organiser")
        t = factories.played_field(12, rounds=3, organiser=organiser,
                                   name="Turnaj k výměně").tournament
        # No service gives a player a registration number afterwards (the admin does):
        # eight of the twelve get one, four are matched by name and club.
        players = list(Player.objects.filter(registrations__tournament=t).order_by("pk"))
        for index, player in enumerate(players[:8]):
            Player.objects.filter(pk=player.pk).update(registration_number=f"CZ-{7100 + index}")
        # A club team: the season's clubs' table comes from it.
        factories.team_rules(t, "championship_four", by=organiser)
        regs = list(Registration.objects.filter(tournament=t, player__club__isnull=False)
                    .select_related("player__club").order_by("pk"))
        club = regs[0].player.club
        factories.team(t, "Klubové družstvo", [(r, MemberRole.MEMBER) for r in regs
                                               if r.player.club == club][:4],
                       kind="club", club=club, by=organiser)
        league_a = competition_save(user=organiser, name="Liga A", season="2026",
                                    tournaments=[t])
        document = export_results(t)
        league_b = competition_save(user=organiser, name="Liga B", season="2026")
        report = import_results(copy.deepcopy(document), league_b, user=organiser)
        with django_db_blocker.block():
            yield {"t": t, "a": league_a, "b": league_b, "document": document,
                   "report": report, "organiser": organiser}
        transaction.set_rollback(True)


def counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Registration.objects.count(), Player.objects.count(),
            TableSheet.objects.count(), AuditEntry.objects.count(),
            ExchangeImport.objects.count())


def test_the_export_follows_its_json_schema(world):
    jsonschema.Draft202012Validator(schema()).validate(world["document"])
    document = world["document"]
    assert document["format"] == "marias-results-exchange" and document["version"] == 1
    assert len(document["players"]) == 12 and len(document["rounds"]) == 3
    assert sum(1 for p in document["players"] if p["registration_number"]) == 8
    assert all(s["money"] is not None for r in document["rounds"] for t in r["tables"]
               for s in t["seats"])


def test_the_schema_enumerations_are_the_programs_choices():
    properties = schema()["properties"]
    player = properties["players"]["items"]["properties"]
    ruling = properties["rulings"]["items"]["properties"]
    assert set(player["status"]["enum"]) == set(RegistrationStatus.values)
    assert set(player["sex"]["enum"]) - {None} == set(Sex.values)
    assert set(ruling["kind"]["enum"]) == set(RulingKind.values)
    assert set(ruling["outcome"]["enum"]) - {None} == set(RulingOutcome.values)
    teams = properties["teams"]["properties"]
    team = teams["teams"]["items"]["properties"]
    assert set(teams["rules"]["enum"]) == set(TeamRulesPreset.values)
    assert set(team["kind"]["enum"]) == set(TeamKind.values)
    assert set(team["members"]["items"]["properties"]["role"]["enum"]) == set(MemberRole.values)


def test_round_trip_gives_the_same_standings_and_season_table(world):
    original, copy_ = world["t"], world["report"].tournament
    assert world["report"].created and copy_.pk != original.pk
    assert world["report"].matched_players == 12  # the same server: everyone is known

    def standings(t: Tournament) -> dict[int, tuple[Any, ...]]:
        """Per player: rank, BP, SB, money, PB, and the position unless the lot gave it (the
        lot is drawn over database numbers, which differ between servers)."""
        player_of = dict(Registration.objects.filter(tournament=t)
                         .values_list("pk", "player_id"))
        return {player_of[s.player]: (s.rank, s.bp, s.sb, s.money, s.premium,
                                      None if s.by_lot else s.position)
                for s in tournament_standings(t)}

    assert standings(copy_) == standings(original)
    assert sum(1 for row in standings(original).values() if row[-1] is None) >= 2  # a tie

    def season(competition: Any) -> list[tuple[Any, ...]]:
        return [(r.player.pk, r.row.rank, r.row.reduced_bp, r.row.bp, r.row.sb, r.row.zb)
                for r in season_table(competition).rows]

    assert season(world["b"]) == season(world["a"])
    assert len(season(world["b"])) == 12

    def clubs(competition: Any) -> list[tuple[Any, ...]]:
        return [(r.club.pk, r.row.rank, r.row.reduced_bp, r.row.sb)
                for r in season_team_table(competition).rows]

    assert clubs(world["b"]) == clubs(world["a"]) and len(clubs(world["a"])) == 1
    assert ([(r.team.name, r.standing.bp, r.standing.sb) for r in team_table(copy_).rows]
            == [(r.team.name, r.standing.bp, r.standing.sb) for r in team_table(original).rows])
    # Exporting the copy gives the same results (only its own uid and the time differ).
    again, expected = export_results(copy_), copy.deepcopy(world["document"])
    for document in (again, expected):
        document.pop("exported_at")
        document["tournament"].pop("uid")
        document["standings"] = sorted(document["standings"], key=lambda r: r["player"])
        for row in document["standings"]:
            row.pop("position")
    assert again == expected


ROOT = Path(__file__).resolve().parents[2]


def test_round_trip_across_two_databases(world, tmp_path):
    """Exported here, imported by `manage.py import_results` into a competition of another
    server's database (a scratch SQLite database that `migrate` made in a subprocess, with its
    own var directory, that never saw these players): the tournament's standings, the season
    table, the clubs' table and four rankings come out the same, named by players and clubs
    (database numbers differ between servers)."""
    add_rankings(world["a"], world["organiser"])
    here = json.loads(json.dumps(picture(world["a"])))
    assert len(here["season"]) == 12 and len(here["rankings"]) == 4 and here["clubs"]
    path = tmp_path / "results.json"
    call_command("export_results", str(world["t"].pk), "-o", str(path))
    var = tmp_path / "var"
    var.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_CACHE_URL", "REDIS_URL")}
    env["MARIAS_VAR_DIR"] = str(var)
    env["DJANGO_SETTINGS_MODULE"] = "marias_admin.settings"  # a server's, not the test run's

    def manage(*args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""

    manage("migrate", "--noinput", "--verbosity", "0")
    competition = manage("shell", "-c", (
        "from marias_admin.seasons.services import competition_save\n"
        "from tests.web.exchange_picture import add_rankings\n"
        "c = competition_save(user=None, name='Liga B', season='2026')\n"
        "add_rankings(c)\nprint(c.pk)"))
    imported = manage("import_results", str(path), "--competition", competition)
    assert "0 players matched, 12 new" in imported  # the other server knew nobody
    there = json.loads(manage("shell", "-c", (
        "import json\nfrom marias_admin.seasons.models import Competition\n"
        "from tests.web.exchange_picture import picture\n"
        f"print(json.dumps(picture(Competition.objects.get(pk={int(competition)}))))")))
    assert there == here


def test_the_import_is_audited(world):
    entry = AuditEntry.objects.get(action=AuditAction.RESULTS_IMPORT,
                                   tournament=world["report"].tournament)
    assert entry.after["uid"] == world["document"]["tournament"]["uid"]
    assert entry.after["players"] == 12 and entry.after["competition"] == world["b"].pk


def test_the_same_file_twice_changes_nothing(world):
    before = counts()
    again = import_results(copy.deepcopy(world["document"]), world["b"], user=world["organiser"])
    assert not again.created and again.tournament == world["report"].tournament
    assert counts() == before
    assert preview(copy.deepcopy(world["document"])).already is not None


def test_other_results_under_a_known_uid_are_refused(world):
    document = copy.deepcopy(world["document"])
    document["tournament"]["venue"] = "Jinde"
    before = counts()
    with pytest.raises(ExchangeError, match="imported before"):
        import_results(document, world["b"], user=world["organiser"])
    assert counts() == before


def test_a_name_that_differs_from_the_registration_number_is_a_conflict(world):
    document = copy.deepcopy(world["document"])
    document["tournament"]["uid"] = "tournament-conflict@test"
    row = next(p for p in document["players"] if p["registration_number"])
    row["first_name"] = "Jiný"
    checked = preview(document)
    conflict = [m for m in checked.matches if m.kind == MatchKind.CONFLICT]
    assert [m.row for m in conflict] == [row["id"]]
    assert row["registration_number"] in checked.conflicts[0]
    before = counts()
    with pytest.raises(ExchangeError, match="conflicts"):
        import_results(document, world["b"], user=world["organiser"])
    assert counts() == before


def test_unknown_players_are_new_in_the_preview(world):
    document = copy.deepcopy(world["document"])
    document["players"][0]["registration_number"] = "CZ-9999"
    document["players"][11]["first_name"] = "Neznámý"
    kinds = {m.row: m.kind for m in preview(document).matches}
    assert kinds[1] == MatchKind.NEW and kinds[12] == MatchKind.NEW
    assert sum(1 for k in kinds.values() if k == MatchKind.MATCHED) == 10


@pytest.mark.parametrize(("change", "named"), [
    (lambda d: d["players"][3].update(registration_number="12"),
     "players row 4, registration_number"),
    (lambda d: d["players"][2].pop("last_name"), "players row 3"),
    (lambda d: d["rounds"][0]["tables"][0]["seats"][0].update(money=1),
     "rounds row 1, tables row 1, seats"),
    (lambda d: d["rounds"][1]["tables"][0]["seats"][1].update(player=99),
     "rounds row 2, tables row 1, seats row 2, player"),
    (lambda d: d["ruleset"].update(code="bogus"), "ruleset, code"),
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d["teams"]["teams"][0]["members"][0].update(player=99),
     "teams, teams row 1, members row 1, player"),
    (lambda d: d["standings"][0].update(bp=d["standings"][0]["bp"] + 1
                                        if isinstance(d["standings"][0]["bp"], int) else 999),
     "standings row 1"),
])
def test_a_bad_file_is_refused_whole_naming_the_row(world, change, named):
    document = copy.deepcopy(world["document"])
    document["tournament"]["uid"] = "tournament-bad@test"
    change(document)
    before = counts()
    with pytest.raises(ExchangeError) as refused:
        import_results(document, world["b"], user=world["organiser"])
    assert named in str(refused.value)
    assert counts() == before


def _seats(document: dict, at: int = 0) -> list[dict]:
    return document["rounds"][0]["tables"][at]["seats"]


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d["players"][2].pop("last_name"),
     "players row 3, last_name: missing (the format requires it)"),
    (lambda d: d["tournament"].update(sponsor="Pivovar"),
     "tournament, sponsor: not a field of this format"),
    (lambda d: d["players"][0].update(id="x"),
     'players row 1, id: must be a whole number, not "x"'),
    (lambda d: d["tournament"].update(table_size=5),
     "tournament, table_size: 5 is not one of 3, 4"),
    (lambda d: d["players"][1].update(first_name=""),
     "players row 2, first_name: must not be empty"),
    (lambda d: d["rounds"][0]["tables"][0].update(seats=_seats(d)[:2]),
     "rounds row 1, tables row 1, seats: must list at least 3 items"),
    (lambda d: d["tournament"].update(base_rate=0),
     "tournament, base_rate: must be at least 1, not 0"),
    (lambda d: d["tournament"].update(currency="czk"),
     'tournament, currency: "czk" is not in the form this field takes'),
])
def test_the_schema_s_refusals_are_our_sentences_naming_the_place(world, change, said):
    """jsonschema's English ("'last_name' is a required property") is never shown: the place
    in the file and a translatable sentence are."""
    from marias_admin.api.exchange.validation import validate

    document = copy.deepcopy(world["document"])
    change(document)
    with pytest.raises(ExchangeError) as refused:
        validate(document)
    assert str(refused.value) == said
    assert not any(english in str(refused.value) for english in (
        "required property", "is not of type", "was unexpected", "is too short",
        "does not match", "less than the minimum", "should be non-empty"))


def test_the_schema_s_refusal_is_in_the_reader_s_language(world):
    from marias_admin.api.exchange.validation import validate

    document = copy.deepcopy(world["document"])
    document["players"][2].pop("last_name")
    with translation.override("cs"), pytest.raises(ExchangeError) as refused:
        validate(document)
    with translation.override("cs"):
        problem = translation.gettext("missing (the format requires it)")
    assert str(refused.value) == f"players řádek 3, last_name: {problem}"


@pytest.mark.parametrize(("numbers", "found"), [((1, 1, 3, 4), "1, 1, 3, 4"),
                                                ((1, 2, 4), "1, 2, 4")])
def test_seats_are_numbered_one_to_n_at_every_table(world, numbers, found):
    from marias_admin.api.exchange.validation import validate

    document = copy.deepcopy(world["document"])
    table = document["rounds"][0]["tables"][1]
    table["seats"] = table["seats"][:len(numbers)]
    for seat, number in zip(table["seats"], numbers, strict=True):
        seat["seat"] = number
    with pytest.raises(ExchangeError) as refused:
        validate(document)
    assert str(refused.value) == (
        f"rounds row 1, tables row 2, seats: table {table['number']} of round 1: the seats "
        f"must be numbered 1 to {len(numbers)}, each once (the file has {found})")


def test_the_commands_export_and_preview(world, tmp_path, capsys):
    path = tmp_path / "results.json"
    call_command("export_results", str(world["t"].pk), "-o", str(path))
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["tournament"]["uid"] == world["document"]["tournament"]["uid"]
    before = counts()
    call_command("import_results", str(path), "--competition", str(world["b"].pk), "--dry-run")
    out = capsys.readouterr().out
    assert "12 matched, 0 new, 0 conflicts." in out
    assert counts() == before


def test_the_organiser_downloads_the_file(world):
    client = Client()
    client.force_login(world["organiser"])
    response = client.get(reverse("opendata:exchange_export", args=[world["t"].pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert json.loads(response.content)["standings"] == world["document"]["standings"]


def test_staff_preview_and_confirm_an_upload(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from marias_admin.seasons.selectors import member_tournaments

    staff = factories.make_user("exchange-staff", is_staff=True)
    client = Client()
    client.force_login(staff)
    league_c = competition_save(user=staff, name="Liga C", season="2026")
    document = copy.deepcopy(world["document"])
    document["tournament"]["uid"] = "tournament-web@test"
    upload = SimpleUploadedFile("results.json", json.dumps(document).encode(),
                                content_type="application/json")
    url = reverse("opendata:exchange_import", args=[league_c.pk])
    with translation.override("en"):
        shown = client.post(url, {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert shown.status_code == 200
    body = shown.content.decode()
    assert "12 players matched" in body and "0 conflicts" in body
    confirm = shown.context["confirm"].initial
    before = Tournament.objects.count()
    done = client.post(reverse("opendata:exchange_import_confirm", args=[league_c.pk]), confirm)
    assert done.status_code == 302 and done["Location"] == reverse("seasons:season",
                                                                    args=[league_c.pk])
    assert Tournament.objects.count() == before + 1
    assert [t.name for t in member_tournaments(league_c)] == ["Turnaj k výměně"]
    # The token is used up: a second confirmation imports nothing.
    again = client.post(reverse("opendata:exchange_import_confirm", args=[league_c.pk]), confirm)
    assert again.status_code == 302 and Tournament.objects.count() == before + 1


def test_a_bad_upload_names_the_row_on_the_page(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    staff = factories.make_user("exchange-staff-2", is_staff=True)
    client = Client()
    client.force_login(staff)
    document = copy.deepcopy(world["document"])
    document["players"][1]["first_name"] = ""
    upload = SimpleUploadedFile("results.json", json.dumps(document).encode())
    with translation.override("en"):
        page = client.post(reverse("opendata:exchange_import", args=[world["b"].pk]),
                           {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "players row 2, first_name" in page.content.decode()


def test_a_file_nested_too_deep_is_refused_before_parsing():
    """The parser recurses: a file of 100 000 nested lists must be refused by its depth, not end
    in a RecursionError or a stack overflow."""
    from marias_admin.api.exchange.validation import loads

    with pytest.raises(ExchangeError, match="nested deeper"):
        loads("[" * 100_000 + "]" * 100_000)


def test_a_file_a_service_refuses_is_an_exchange_error_not_a_crash(world):
    document = copy.deepcopy(world["document"])
    document["tournament"]["uid"] = "tournament-team-rule@test"
    document["teams"]["teams"][0]["club"] = None  # a club team without its club
    before = counts()
    with pytest.raises(ExchangeError, match="cannot be imported"):
        import_results(document, world["b"], user=world["organiser"])
    assert counts() == before
