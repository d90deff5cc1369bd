"""The federation's member list imported into a season (issue 26): read by the player
import's reader, previewed row by row, confirmed against a fingerprint, idempotent."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.seasons.membership_import import (
    membership_import,
    membership_preview,
    read_members,
)
from marias_admin.seasons.models import Membership
from marias_admin.tournaments.services import player_create
from tests.factories import make_user

pytestmark = pytest.mark.django_db

CSV = ("Registrační číslo;Jméno a příjmení;Klub;Zaplaceno;Licence;Diskvalifikace\n"
       "CZ-00001;Adam Bílý;MK Beroun;ano;L-1;\n"
       "cz00002;Bára Černá;;ne;L-2;ano\n"
       "CZ-00009;Nikdo Neznámý;;ano;;\n"
       "CZ-00001;Adam Bílý;;ano;;\n"
       "CZ-00003;Cyril Dub;;možná;;\n").encode()


@pytest.fixture
def staff():
    user = make_user("federation", is_staff=True)
    player_create(user=user, first_name="Adam", last_name="Bílý", club_name="MK Beroun",
                  registration_number="CZ-00001")
    player_create(user=user, first_name="Bára", last_name="Černá",
                  registration_number="CZ-00002")
    player_create(user=user, first_name="Cyril", last_name="Dub",
                  registration_number="CZ-00003")
    return user


def test_preview_names_each_row_and_writes_nothing(staff):
    parsed = read_members("clenove.csv", CSV)
    assert set(parsed.columns) == {"registration_number", "full_name", "club", "paid",
                                   "licence", "disqualified"}
    with translation.override("en"):  # the messages' English source words
        preview = membership_preview("2026", parsed)
    by_row = {line.row.row: line for line in preview.lines}
    assert [by_row[r].status for r in (2, 3, 4, 5, 6)] == [
        "new", "new", "error", "error", "error"]
    assert "no player" in by_row[4].message and "twice" in by_row[5].message
    assert "možná" in by_row[6].message
    assert by_row[3].values == {"paid": False, "club": None, "licence": "L-2",
                                "disqualified": True}
    assert not Membership.objects.exists()


def test_import_is_audited_refuses_a_stale_preview_and_is_idempotent(staff):
    parsed = read_members("clenove.csv", CSV)
    preview = membership_preview("2026", parsed)
    with pytest.raises(ValidationError):
        membership_import(user=staff, season="2026", parsed=parsed, fingerprint="stale")
    membership_import(user=staff, season="2026", parsed=parsed, fingerprint=preview.fingerprint)
    adam = Membership.objects.get(player__registration_number="CZ-00001")
    assert (adam.paid, adam.club.name, adam.licence, adam.disqualified) == (
        True, "MK Beroun", "L-1", False)
    assert Membership.objects.get(player__registration_number="CZ-00002").disqualified
    assert AuditEntry.objects.filter(action="membership.import").count() == 1
    again = membership_preview("2026", parsed)
    assert [line.status for line in again.lines if line.status != "error"] == ["same", "same"]
    membership_import(user=staff, season="2026", parsed=parsed, fingerprint=again.fingerprint)
    assert Membership.objects.count() == 2
    assert AuditEntry.objects.filter(action="membership.import").count() == 1


def test_a_file_without_the_number_column_is_refused(client, staff):
    client.force_login(staff)
    client.cookies["django_language"] = "en"
    url = reverse("seasons:members_import")
    response = client.post(url, {"season": "2026", "file": _upload(b"Jmeno;Klub\nA;B\n")})
    assert response.status_code == 200
    assert "registration number" in response.content.decode()


def test_upload_preview_confirm_pages(client, staff):
    client.force_login(staff)
    client.cookies["django_language"] = "en"
    response = client.post(reverse("seasons:members_import"),
                           {"season": "2026", "file": _upload(CSV)})
    assert response.status_code == 302
    page = client.get(reverse("seasons:members_preview"))
    html = page.content.decode()
    assert page.status_code == 200 and html.count('data-status="error"') == 3
    # the rows with errors stand out, and the page says they are left out before confirming
    assert html.count('class="import-error"') == 3
    assert "The 3 rows with errors will be skipped" in html
    fingerprint = page.context["preview"].fingerprint
    done = client.post(reverse("seasons:members_confirm"), {"fingerprint": fingerprint})
    assert done.status_code == 302 and Membership.objects.count() == 2


def _upload(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("clenove.csv", data, content_type="text/csv")


def test_admin_saves_rankings_and_memberships_through_the_services(client, staff):
    from decimal import Decimal

    from marias_admin.players.models import Player
    from marias_admin.seasons.models import Ranking
    from marias_admin.seasons.services import competition_save

    root = make_user("root-admin", is_staff=True, is_superuser=True)
    client.force_login(root)
    competition = competition_save(user=root, name="Liga", season="2026",
                                   coefficient=Decimal("1"))
    response = client.post(reverse("admin:seasons_ranking_add"), {
        "competition": competition.pk, "name": "Jednotlivci", "audience": "all",
        "scheme": "superliga", "drop_worst": "1", "min_played": "0", "club_counted": "3",
        "tie_breaks": "score,money", "ordering": "0"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Ranking.objects.get().drop_worst == 1
    assert AuditEntry.objects.filter(action="ranking.save").count() == 1
    adam = Player.objects.get(registration_number="CZ-00001")
    response = client.post(reverse("admin:seasons_membership_add"), {
        "season": "2026", "player": adam.pk, "paid": "on", "licence": "L-9", "note": ""})
    assert response.status_code == 302, response.content.decode()[:2000]
    membership = Membership.objects.get()
    response = client.post(reverse("admin:seasons_membership_change", args=[membership.pk]),
                           {"licence": "L-10", "note": "", "disqualified": "on"})
    assert response.status_code == 302
    membership.refresh_from_db()
    assert (membership.paid, membership.licence, membership.disqualified) == (
        False, "L-10", True)
    assert AuditEntry.objects.filter(action="membership.save").count() == 2
    assert client.post(reverse("admin:seasons_membership_delete", args=[membership.pk]),
                       {"post": "yes"}).status_code == 403


# -- carrying the members over into the next season ---------------------------------------------


def _members_2026(staff):
    from marias_admin.players.models import Player
    from marias_admin.seasons.ranking_services import membership_save

    adam, bara, cyril = (Player.objects.get(registration_number=f"CZ-0000{i}")
                         for i in (1, 2, 3))
    membership_save(user=staff, season="2026", player=adam, paid=True, club=adam.club,
                    licence="L-1")
    membership_save(user=staff, season="2026", player=bara, paid=True, licence="L-2",
                    disqualified=True, note="red card")
    membership_save(user=staff, season="2027", player=cyril, paid=True, licence="L-3")
    membership_save(user=staff, season="2026", player=cyril, paid=False, licence="L-old")
    return adam, bara, cyril


def test_copy_carries_the_members_over_unpaid_and_keeps_those_already_there(staff):
    from marias_admin.seasons.membership_copy import membership_copy

    adam, bara, cyril = _members_2026(staff)
    result = membership_copy(user=staff, source="2026", target=" 2027 ")
    assert (result.copied, result.kept) == (2, 1)
    new = {m.player_id: m for m in Membership.objects.filter(season="2027")}
    assert (new[adam.pk].paid, new[adam.pk].club_id, new[adam.pk].licence) == (
        False, adam.club_id, "L-1")
    # a disqualification and a note are the old season's: they stay behind
    assert (new[bara.pk].paid, new[bara.pk].disqualified, new[bara.pk].note) == (
        False, False, "")
    assert (new[cyril.pk].paid, new[cyril.pk].licence) == (True, "L-3")  # left as it was
    entry = AuditEntry.objects.get(action="membership.copy")
    assert entry.after["players"] == sorted([adam.pk, bara.pk])
    again = membership_copy(user=staff, source="2026", target="2027")
    assert (again.copied, again.kept) == (0, 3)
    assert AuditEntry.objects.filter(action="membership.copy").count() == 1
    for source, target in (("2026", "2026"), ("2026", " "), ("2030", "2031")):
        with pytest.raises(ValidationError):
            membership_copy(user=staff, source=source, target=target)
    assert Membership.objects.count() == 6


def test_copy_button_on_the_staff_page_and_the_staff_only_message(client, staff):
    _members_2026(staff)
    client.force_login(staff)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("seasons:members_import")).content.decode()
    assert reverse("seasons:members_copy") in page and 'value="2026"' in page
    done = client.post(reverse("seasons:members_copy"), {"source": "2026", "target": "2028"},
                       follow=True)
    assert Membership.objects.filter(season="2028").count() == 3
    assert "3 added with dues unpaid" in done.content.decode()
    refused = client.post(reverse("seasons:members_copy"), {"source": "2026",
                                                            "target": "2026"}, follow=True)
    assert "different season" in refused.content.decode()
    client.force_login(make_user("player-only"))
    denied = client.get(reverse("seasons:members_import"))
    assert denied.status_code == 403
    assert "members of the seasons" in denied.content.decode()
    assert "create tournaments" not in denied.content.decode()


def test_a_too_long_licence_is_a_row_error_not_a_failed_confirmation(staff):
    data = ("Registrační číslo;Jméno a příjmení;Licence\n"
            f"CZ-00001;Adam Bílý;{'L' * 41}\n"
            "CZ-00002;Bára Černá;L-2\n").encode()
    parsed = read_members("clenove.csv", data)
    with translation.override("en"):
        preview = membership_preview("2026", parsed)
    assert [line.status for line in preview.lines] == ["error", "new"]
    assert "licence" in preview.lines[0].message
    membership_import(user=staff, season="2026", parsed=parsed, fingerprint=preview.fingerprint)
    assert list(Membership.objects.values_list("licence", flat=True)) == ["L-2"]
