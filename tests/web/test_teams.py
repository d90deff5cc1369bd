"""Teams of a tournament (issue 16): data and constraints, the services' refusals (deadline,
results), the organiser pages per role, the import with its preview, the nomination sheet,
the public team standings (recomputed from the individual results, constant queries), the
xlsx export against the page, and the archive round trip."""

from __future__ import annotations

import io
import re
from datetime import timedelta
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from openpyxl import load_workbook

from marias_admin.archive.exporting import dumps, export_tournament
from marias_admin.archive.importing import import_tournament
from marias_admin.audit.models import AuditEntry
from marias_admin.standings.selectors import tournament_standings
from marias_admin.teams import services
from marias_admin.teams.models import MemberRole, Team, TeamMember, TeamRulesPreset
from marias_admin.teams.selectors import team_table
from marias_admin.teams.services import TeamAction
from marias_admin.tournaments.models import Registration
from marias_admin.tournaments.services import player_create, registration_create
from tests import factories
from tests.web.helpers import assert_pdf_inside, client_for, messages_of, pdf_pages, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    return factories.tournament(players=8)


def _list_url(t) -> str:
    return reverse("teams:list", args=[t.pk])


# -- roles ---------------------------------------------------------------------------------------


def test_organiser_edits_teams_scorekeeper_and_anonymous_are_refused(setup) -> None:
    t, staff = setup.tournament, setup.staff
    organiser = client_for(staff.organiser)
    assert organiser.get(_list_url(t)).status_code == 200
    assert client_for(staff.scorekeeper).get(_list_url(t)).status_code == 403
    assert client_for(staff.referee).post(_list_url(t), {
        "action": "create", "name": "Esa", "kind": "free"}).status_code == 403
    anonymous = Client().post(_list_url(t), {"action": "create", "name": "Esa", "kind": "free"})
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert not Team.objects.exists()

    response = organiser.post(_list_url(t), {"action": "create", "name": "Esa", "kind": "free"})
    team = Team.objects.get(tournament=t)
    assert response.status_code == 302
    edit = reverse("teams:edit", args=[t.pk, team.pk])
    first, second = setup.registrations[:2]
    organiser.post(edit, {"action": "add", "registration": first.pk, "role": "captain"})
    organiser.post(edit, {"action": "add", "registration": second.pk, "role": "member"})
    assert dict(team.members.values_list("registration_id", "role")) == {
        first.pk: "captain", second.pk: "member"}
    member = team.members.get(registration=second)
    role_url = reverse("teams:member_role", args=[t.pk, team.pk, member.pk])
    assert client_for(staff.scorekeeper).post(role_url, {
        f"m{member.pk}-role": "captain"}).status_code == 403
    page = organiser.post(role_url, {f"m{member.pk}-role": "captain"}, follow=True)
    assert "captain already" in " ".join(messages_of(page)) or "kapitána" in text(page)
    member.refresh_from_db()
    assert member.role == "member"
    organiser.post(reverse("teams:member_remove", args=[t.pk, team.pk, member.pk]))
    assert not team.members.filter(pk=member.pk).exists()
    actions = set(AuditEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert {TeamAction.CREATE, TeamAction.MEMBER_ADD, TeamAction.MEMBER_REMOVE} <= actions
    assert organiser.get(edit).status_code == 200
    assert organiser.get(reverse("teams:import", args=[t.pk])).status_code == 200
    assert client_for(staff.scorekeeper).get(reverse("teams:import", args=[t.pk])
                                             ).status_code == 403
    detail = organiser.get(reverse("tournaments:detail", args=[t.pk]))
    assert _list_url(t) in detail.content.decode()


# -- constraints and refusals --------------------------------------------------------------------


def test_database_constraints_hold_without_the_services(setup) -> None:
    t = setup.tournament
    a = factories.team(t, "A", [(setup.registrations[0], MemberRole.CAPTAIN)])
    b = factories.team(t, "B")
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=b, registration=setup.registrations[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=a, registration=setup.registrations[1], role="captain")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(tournament=t, name="a")  # the same name in another case
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(tournament=t, name="Klub", kind="club")  # a club team needs a club


def test_services_refuse_with_clear_messages(setup) -> None:
    with translation.override("en"):  # the messages, as an English organiser reads them
        t, organiser = setup.tournament, setup.staff.organiser
        r = setup.registrations
        a = factories.team(t, "A", [(r[0], MemberRole.CAPTAIN)])
        with pytest.raises(ValidationError, match="plays for the team"):
            factories.team(t, "B", [(r[0], MemberRole.MEMBER)])
        b = Team.objects.get(name="B")
        with pytest.raises(ValidationError, match="captain already"):
            services.member_add(user=organiser, team=a, registration=r[1], role=MemberRole.CAPTAIN)
        with pytest.raises(ValidationError, match="already"):
            services.team_create(user=organiser, tournament=t, name=" a ")
        with pytest.raises(ValidationError, match="club team needs"):
            services.team_update(user=organiser, team=b, kind="club")
        other = factories.tournament(players=1, name="Jiný", prefix="x")
        with pytest.raises(ValidationError, match="not registered"):
            services.member_add(user=organiser, team=a, registration=other.registrations[0])
        factories.team_rules(t, TeamRulesPreset.CHAMPIONSHIP_FOUR)
        for registration in r[1:4]:
            services.member_add(user=organiser, team=a, registration=registration)
        with pytest.raises(ValidationError, match="at most 4"):
            services.member_add(user=organiser, team=a, registration=r[4])
        with pytest.raises(ValidationError, match="no role"):
            services.member_add(user=organiser, team=b, registration=r[4], role="substitute")


def test_deadline_refuses_changes_without_a_reason_and_logs_the_reason(setup) -> None:
    t, organiser = setup.tournament, setup.staff.organiser
    team = factories.team(t, "A")
    factories.team_rules(t, TeamRulesPreset.NONE, deadline=timezone.now() - timedelta(hours=1))
    with pytest.raises(ValidationError) as refused:
        services.member_add(user=organiser, team=team, registration=setup.registrations[0])
    assert refused.value.code == "team_deadline"
    assert "Uzávěrka" in refused.value.messages[0] and "důvod" in refused.value.messages[0]
    page = client_for(organiser).post(reverse("teams:edit", args=[t.pk, team.pk]), {
        "action": "add", "registration": setup.registrations[0].pk, "role": "member"})
    assert page.status_code == 200 and "Uzávěrka" in text(page)
    assert not team.members.exists()
    services.member_add(user=organiser, team=team, registration=setup.registrations[0],
                       reason="Hráč přijel pozdě, rozhodčí souhlasil")
    entry = AuditEntry.objects.filter(action=TeamAction.MEMBER_ADD).get()
    assert entry.reason == "Hráč přijel pozdě, rozhodčí souhlasil"


def test_team_delete_is_refused_once_results_exist() -> None:
    setup = factories.tournament(players=8)
    t = setup.tournament
    doomed = factories.team(t, "Zrušený", [(setup.registrations[0], MemberRole.MEMBER)])
    services.team_delete(user=setup.staff.organiser, team=doomed)
    assert not Team.objects.filter(pk=doomed.pk).exists()
    kept = factories.team(t, "A", [(setup.registrations[0], MemberRole.MEMBER)])
    factories.running(setup)
    round_ = factories.seated_round(setup, state="released")
    factories.add_hand(factories.sheet(round_), by=setup.staff.scorekeeper)
    with pytest.raises(ValidationError, match="už má výsledky"):
        services.team_delete(user=setup.staff.organiser, team=kept)
    assert Team.objects.filter(pk=kept.pk).exists()


# -- import --------------------------------------------------------------------------------------


def test_import_previews_then_confirms_and_reports_unknown_players(setup) -> None:
    t, organiser = setup.tournament, setup.staff.organiser
    numbered = player_create(user=organiser, first_name="Karel", last_name="Číslo",
                             registration_number="12345")
    registration_create(user=organiser, tournament=t, player=numbered,
                                  status="present")
    first = setup.registrations[0].player
    second = setup.registrations[1].player
    csv = ("Tým;Role;Hráč\n"
           "Esa;kapitán;12345\n"
           f"Esa;člen;{first.first_name} {first.last_name}\n"
           "Esa;člen;Neznámý Pan\n"
           f"Sedmy;;{second.last_name} {second.first_name}\n").encode()
    client = client_for(organiser)
    upload = client.post(reverse("teams:import", args=[t.pk]), {
        "file": SimpleUploadedFile("tymy.csv", csv, content_type="text/csv")})
    assert upload.status_code == 302
    preview = client.get(reverse("teams:import_preview", args=[t.pk]))
    page = text(preview)
    assert "Neznámý Pan" in page and "nemá v tomto turnaji přihlášku" in page
    assert not Team.objects.exists()
    rows = {r.row: r for r in preview.context["preview"].rows}
    assert rows[4].has_error and not rows[2].has_error and not rows[5].has_error
    fingerprint = preview.context["preview"].fingerprint
    done = client.post(reverse("teams:import_confirm", args=[t.pk]),
                       {"fingerprint": fingerprint}, follow=True)
    assert any("4" in m for m in messages_of(done))  # the error row is named
    esa = Team.objects.get(tournament=t, name="Esa")
    assert dict(esa.members.values_list("registration__player_id", "role")) == {
        numbered.pk: "captain", first.pk: "member"}
    assert Team.objects.get(name="Sedmy").members.get().role == "member"
    assert AuditEntry.objects.filter(action=TeamAction.IMPORT).count() == 1


def test_import_refuses_a_stale_preview(setup) -> None:
    t, organiser = setup.tournament, setup.staff.organiser
    player = setup.registrations[0].player
    client = client_for(organiser)
    client.post(reverse("teams:import", args=[t.pk]), {"file": SimpleUploadedFile(
        "t.csv", f"team,role,player\nA,captain,{player.first_name} {player.last_name}\n"
        .encode())})
    preview = client.get(reverse("teams:import_preview", args=[t.pk])).context["preview"]
    factories.team(t, "B", [(setup.registrations[0], MemberRole.MEMBER)])
    client.post(reverse("teams:import_confirm", args=[t.pk]),
                {"fingerprint": preview.fingerprint})
    assert not Team.objects.filter(name="A").exists()


# -- nomination sheet ----------------------------------------------------------------------------


def test_nomination_sheet_fits_the_page_and_names_everyone(setup) -> None:
    t = setup.tournament
    r = setup.registrations
    factories.team(t, "Esa Třebíč s velmi dlouhým názvem, který se na řádek nevejde vůbec",
                   [(r[0], MemberRole.CAPTAIN), (r[1], MemberRole.MEMBER),
                    (r[2], MemberRole.MEMBER)])
    factories.team(t, "Sedmy", [(reg, MemberRole.MEMBER) for reg in r[3:8]])
    url = reverse("teams:nominations_pdf", args=[t.pk])
    assert client_for(setup.staff.scorekeeper).get(url).status_code == 403
    response = client_for(setup.staff.organiser).get(url)
    pages = pdf_pages(response)
    assert len(pages) == 2
    with translation.override(t.page_language):
        captain = str(MemberRole.CAPTAIN.label)
    assert r[0].player.last_name in pages[0] and captain in pages[0]
    assert all(reg.player.last_name in pages[1] for reg in r[3:8])
    assert_pdf_inside("nominations", response.content)


# -- team standings ------------------------------------------------------------------------------


def _number(cell: str) -> float:
    cleaned = re.sub(r"[^\d,.\-−]", "", cell).replace("−", "-").replace(",", ".")
    return float(cleaned)


def _page_rows(html: str) -> list[tuple[str, list[str]]]:
    rows = []
    for match in re.finditer(r'<tr data-team="(\d+)">(.*?)</tr>', html, re.S):
        cells = [re.sub(r"<[^>]+>", " ", c) for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                  match.group(2), re.S)]
        rows.append((match.group(1), [" ".join(c.split()) for c in cells]))
    return rows


@pytest.fixture
def field():
    generated = factories.played_field(16, rounds=2, name="Týmy")
    t = generated.tournament
    organiser = t.roles.get(role="organiser").user
    ids = sorted(generated.results)
    factories.team_rules(t, TeamRulesPreset.CHAMPIONSHIP_FOUR, by=organiser)
    registrations = Registration.objects.in_bulk(ids)
    teams = []
    for number in range(4):
        members = [(registrations[ids[number * 4 + i]],
                    MemberRole.CAPTAIN if i == 0 else MemberRole.MEMBER) for i in range(4)]
        teams.append(factories.team(t, f"Tým {number + 1}", members, by=organiser))
    return generated, organiser, teams


def test_team_rows_are_the_sums_of_their_members_individual_rows(field) -> None:
    generated, _organiser, _teams = field
    t = generated.tournament
    individual = {r.player: {} for s in tournament_standings(t) for r in s.rounds}
    for s in tournament_standings(t):
        for r in s.rounds:
            individual[s.player][r.round] = r
    response = Client().get(reverse("teams:standings", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    rows = _page_rows(html)
    assert len(rows) == 4
    previous = None
    for team_id, cells in rows:
        team = Team.objects.get(pk=team_id)
        members = list(team.members.values_list("registration_id", flat=True))
        bp = sum((individual[m][n].bp for m in members for n in (1, 2)), Fraction(0))
        sb = sum((individual[m][n].sb for m in members for n in (1, 2)), Fraction(0))
        zb = sum(individual[m][n].money for m in members for n in (1, 2))
        assert team.name in cells[1]
        round_bp = [sum((individual[m][n].bp for m in members), Fraction(0)) for n in (1, 2)]
        assert [_number(c) for c in cells[2:4]] == [float(v) for v in round_bp]
        assert _number(cells[4]) == float(bp)
        assert _number(cells[5]) == pytest.approx(float(sb) / 100)
        assert _number(cells[6]) == pytest.approx(zb / 100)
        assert previous is None or previous >= bp  # ordered by BP first
        previous = bp
        for registration_id in members:  # each member's round named in the explanation
            assert f'data-registration="{registration_id}"' in html
    assert "projector" in Client().get(reverse("teams:standings", args=[t.pk]) + "?projector=1"
                                       ).content.decode()


def test_team_page_queries_do_not_grow_with_the_teams(field) -> None:
    generated, organiser, teams = field
    t = generated.tournament
    client = client_for(organiser)  # logged in: never from the page cache
    url = reverse("teams:standings", args=[t.pk])
    client.get(url)  # the first request of a session reads a little more
    with CaptureQueriesContext(connection) as many:
        assert client.get(url).status_code == 200
    for team in teams[1:]:
        for member in team.members.all():
            services.member_remove(user=organiser, member=member)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    assert len(many) == len(few), ([q["sql"][:90] for q in many.captured_queries],
                                   [q["sql"][:90] for q in few.captured_queries])


def test_public_team_page_is_cached_and_refreshed_by_a_team_change(field) -> None:
    generated, organiser, teams = field
    t = generated.tournament
    url = reverse("teams:standings", args=[t.pk])
    assert Client().get(url)["X-Page-Cache"] == "miss"
    assert Client().get(url)["X-Page-Cache"] == "hit"
    services.team_update(user=organiser, team=teams[0], name="Přejmenovaný")
    fresh = Client().get(url)
    assert fresh["X-Page-Cache"] == "miss" and "Přejmenovaný" in fresh.content.decode()


def test_szmk_rules_count_nominated_and_two_best_substitutes(field) -> None:
    generated, organiser, teams = field
    t = generated.tournament
    for team in teams:
        for member in team.members.all():
            services.member_remove(user=organiser, member=member)
    factories.team_rules(t, TeamRulesPreset.SZMK_EXTRALIGA, by=organiser)
    ids = sorted(generated.results)
    regs = Registration.objects.in_bulk(ids)
    roles = [MemberRole.CAPTAIN] + [MemberRole.NOMINATED] * 3 + [MemberRole.SUBSTITUTE] * 3
    for team, start in ((teams[0], 0), (teams[1], 7)):
        for offset, role in enumerate(roles):
            services.member_add(user=organiser, team=team, registration=regs[ids[start + offset]],
                                role=role)
    with pytest.raises(ValidationError, match="plný počet nominovaných"):
        services.member_set_role(user=organiser, member=teams[0].members.filter(
            role="substitute").first(), role="nominated")
    rows = {row.team.pk: row for row in team_table(t).rows}
    by_player = {s.player: {r.round: r for r in s.rounds} for s in tournament_standings(t)}
    for team, start in ((teams[0], 0), (teams[1], 7)):
        row = rows[team.pk]
        for number in (1, 2):
            nominated = [by_player[ids[start + i]][number].bp for i in range(4)]
            subs = sorted(((by_player[ids[start + i]][number].bp,
                            by_player[ids[start + i]][number].money) for i in range(4, 7)),
                          reverse=True)[:2]
            expected = sum(nominated, Fraction(0)) + sum((s[0] for s in subs), Fraction(0))
            team_round = next(r for r in row.standing.rounds if r.round == number)
            assert team_round.bp == expected
            assert len(team_round.counted) == 6


def test_xlsx_matches_the_page_row_by_row(field) -> None:
    generated, organiser, _teams = field
    t = generated.tournament
    client = client_for(organiser)
    assert Client().get(reverse("teams:standings_xlsx", args=[t.pk])).status_code == 302
    response = client.get(reverse("teams:standings_xlsx", args=[t.pk]))
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    sheet = book.worksheets[0]
    values = list(sheet.iter_rows(values_only=True))
    header, data = values[0], values[1:]
    assert header[:3] == ("Místo", "Tým", "Klub") or header[1] in ("Team", "Tým")
    page_rows = _page_rows(client.get(reverse("teams:standings", args=[t.pk])).content.decode())
    assert len(data) == len(page_rows)
    for row, (_team_id, cells) in zip(data, page_rows, strict=True):
        assert f"{row[0]}." == cells[0]
        assert row[1] in cells[1]
        # BP, SB, ZB, then the rounds' BP: the page shows the rounds first, then the totals
        assert [row[3], row[4] * 1, row[5]] == pytest.approx(
            [_number(cells[4]), _number(cells[5]), _number(cells[6])])
        assert [row[6], row[7]] == pytest.approx([_number(cells[2]), _number(cells[3])])
    members = book.worksheets[1]
    member_rows = list(members.iter_rows(values_only=True))[1:]
    assert len(member_rows) == 4 * 4 * 2
    for row in data:
        counted = [m for m in member_rows if m[0] == row[1] and m[4] in ("ano", "yes")]
        assert sum(m[6] for m in counted) == pytest.approx(row[3])


def test_pdf_fits_and_matches_the_page_row_by_row(field) -> None:
    generated, organiser, _teams = field
    t = generated.tournament
    client = client_for(organiser)
    assert Client().get(reverse("teams:standings_pdf", args=[t.pk])).status_code == 302
    response = client.get(reverse("teams:standings_pdf", args=[t.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert_pdf_inside("team standings", response.content)
    text = " ".join(pdf_pages(response))
    page_rows = _page_rows(client.get(reverse("teams:standings", args=[t.pk])).content.decode())
    assert len(page_rows) == 4
    for _team_id, cells in page_rows:  # place, name, then every figure of the row
        for cell in (cells[0], *cells[2:7]):
            assert cell.split()[0] in text, (cell, text)


# -- archive ------------------------------------------------------------------------------------


def test_archive_carries_teams_and_members(setup) -> None:
    t = setup.tournament
    r = setup.registrations
    factories.team_rules(t, TeamRulesPreset.CHAMPIONSHIP_FOUR,
                         deadline=timezone.now() + timedelta(days=1))
    club = player_create(user=setup.staff.organiser, first_name="X", last_name="Y",
                                   club_name="Klub bez hráčů").club
    factories.team(t, "Esa", [(r[0], MemberRole.CAPTAIN), (r[1], MemberRole.MEMBER)],
                   kind="club", club=club)
    factories.team(t, "Sedmy", [(r[2], MemberRole.MEMBER)])
    document = export_tournament(t)
    assert [row["name"] for row in document["teams"]] == ["Esa", "Sedmy"]
    assert len(document["team_members"]) == 3
    copy = import_tournament(document, rename="Kopie",
                             role_users={r["user"]: r["user"] for r in document["roles"]})
    again = export_tournament(copy)
    for key in ("teams", "team_members", "team_settings"):
        assert again[key] == document[key]
    assert dumps({**again, "tournament": {**again["tournament"], "name": "Turnaj"}}) == dumps(
        document)
    esa = Team.objects.get(tournament=copy, name="Esa")
    assert esa.club == club
    assert esa.members.get(role="captain").registration.player == r[0].player
    older = {k: v for k, v in document.items()
             if k not in ("teams", "team_members", "team_settings")}
    third = import_tournament(older, rename="Starší archiv")
    assert not Team.objects.filter(tournament=third).exists()


def test_the_team_page_words_every_reason_the_engine_gives():
    # the engine decides why a member counts (scoring.teams: a reason code), the page words it
    from marias_admin.teams.selectors import REASON_TEXTS
    from scoring.messages import MESSAGES

    assert set(REASON_TEXTS) == {code for code in MESSAGES if code.startswith("member_")}
