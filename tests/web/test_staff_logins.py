"""Staff without the Django admin (issue 12, item 2): the organiser makes scorekeeper and
referee logins on the tournament's team page, sees the password once, and the audit log
records the login but never the password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.tournaments.models import Role, TournamentRole
from marias_admin.tournaments.services import staff_login_create
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    return factories.tournament(players=0)


def test_the_team_page_makes_a_scorekeeper_login_that_works(client, setup):
    client.force_login(setup.staff.organiser)
    url = reverse("tournaments:roles", args=[setup.tournament.pk])
    page = client.post(url, {"first_name": "Jiří", "last_name": "Čermák",
                             "role": Role.SCOREKEEPER})
    assert page.status_code == 200
    member = get_user_model().objects.get(last_name="Čermák")
    assert member.username == "jcermak"
    password = page.context["password"]
    assert password in page.content.decode() and member.username in page.content.decode()
    assert TournamentRole.objects.filter(tournament=setup.tournament, user=member,
                                         role=Role.SCOREKEEPER).exists()
    entry = AuditEntry.objects.get(action="role.login_create")
    assert password not in str(entry.after) + entry.summary
    # the role itself is granted by the one role service, with its own entry
    grants = AuditEntry.objects.filter(action="role.grant", after__user="jcermak")
    assert [g.after for g in grants] == [{"user": "jcermak", "role": Role.SCOREKEEPER.value}]
    client.logout()
    assert client.login(username="jcermak", password=password)


def test_a_taken_login_name_gets_a_number(setup):
    first, _ = staff_login_create(user=setup.staff.organiser, tournament=setup.tournament,
                                  first_name="Jan", last_name="Novák", role=Role.REFEREE)
    second, _ = staff_login_create(user=setup.staff.organiser, tournament=setup.tournament,
                                   first_name="Jana", last_name="Nováková", role=Role.REFEREE)
    third, _ = staff_login_create(user=setup.staff.organiser, tournament=setup.tournament,
                                  first_name="Josef", last_name="Novák", role=Role.SCOREKEEPER)
    assert (first.username, second.username, third.username) == ("jnovak", "jnovakova",
                                                                 "jnovak2")


def test_organiser_logins_are_not_made_here_and_a_surname_is_needed(setup):
    with translation.override("en"), pytest.raises(ValidationError) as raised:
        staff_login_create(user=setup.staff.organiser, tournament=setup.tournament,
                           first_name="A", last_name="B", role=Role.ORGANISER)
    assert "role" in raised.value.message_dict
    with pytest.raises(ValidationError) as raised:
        staff_login_create(user=setup.staff.organiser, tournament=setup.tournament,
                           first_name="A", last_name=" ", role=Role.REFEREE)
    assert "last_name" in raised.value.message_dict
    assert not get_user_model().objects.filter(first_name="A").exists()


def test_only_organisers_make_logins(client, setup):
    client.force_login(setup.staff.scorekeeper)
    response = client.post(reverse("tournaments:roles", args=[setup.tournament.pk]),
                           {"first_name": "X", "last_name": "Y", "role": Role.REFEREE})
    assert response.status_code == 403
    assert not get_user_model().objects.filter(last_name="Y").exists()
