"""Who may open what: every tournament and round URL, for every kind of visitor.

Organiser pages: anonymous → login redirect, logged in without the organiser role → 403.
Public seating pages: everyone while the tournament publishes its seating; otherwise only
organisers, and a 404 for anyone else (an unpublished tournament does not show).
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.shortcuts import resolve_url
from django.urls import reverse

from marias_admin.seating.models import Seat
from marias_admin.tournaments.models import Role
from marias_admin.tournaments.services import role_grant
from tests.factories import make_tournament, make_user, seat

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "plain", "scorekeeper", "referee", "organiser", "superuser")


def expect(anonymous, plain, scorekeeper, referee, organiser, superuser):
    return dict(zip(ROLES, (anonymous, plain, scorekeeper, referee, organiser, superuser),
                    strict=True))


ORGANISER_GET = expect(302, 403, 403, 403, 200, 200)
ORGANISER_POST = expect(302, 403, 403, 403, 302, 302)
PUBLIC = expect(200, 200, 200, 200, 200, 200)
PRIVATE = expect(404, 404, 404, 404, 200, 200)

# (name, how to build the args from the world, method, POST data, expected per role)
MATRIX = [
    ("tournaments:list", lambda w: (), "get", None, expect(302, 200, 200, 200, 200, 200)),
    ("tournaments:create", lambda w: (), "get", None, expect(302, 403, 403, 403, 403, 200)),
    ("tournaments:create", lambda w: (), "post", {}, expect(302, 403, 403, 403, 403, 200)),
    ("tournaments:detail", lambda w: (w["t"],), "get", None, ORGANISER_GET),
    ("tournaments:edit", lambda w: (w["t"],), "get", None, ORGANISER_GET),
    ("tournaments:edit", lambda w: (w["t"],), "post", {}, expect(302, 403, 403, 403, 200, 200)),
    ("tournaments:state", lambda w: (w["t"],), "post", {"state": "registration"},
     ORGANISER_POST),
    ("tournaments:registrations", lambda w: (w["t"],), "get", None, ORGANISER_GET),
    ("tournaments:registration_add", lambda w: (w["t"],), "get", None, ORGANISER_GET),
    ("tournaments:check_in_all", lambda w: (w["t"],), "post", {}, ORGANISER_POST),
    ("tournaments:check_in", lambda w: (w["t"], w["reg"]), "post", {}, ORGANISER_POST),
    ("tournaments:withdraw", lambda w: (w["t"], w["reg"]), "get", None, ORGANISER_GET),
    ("tournaments:withdraw", lambda w: (w["t"], w["reg"]), "post", {"before_round": "2"},
     ORGANISER_POST),
    ("tournaments:roles", lambda w: (w["t"],), "get", None, ORGANISER_GET),
    ("tournaments:role_revoke", lambda w: (w["t"],), "post", {}, ORGANISER_POST),
    ("seating:round", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("seating:round", lambda w: (w["t"], 2), "get", None, ORGANISER_GET),
    ("seating:round_seat", lambda w: (w["t"], 2), "post", {"method": "optimise"},
     ORGANISER_POST),
    ("seating:round_swap", lambda w: (w["t"], 1), "post", {}, ORGANISER_POST),
    ("seating:round_state", lambda w: (w["t"], 1), "post", {"state": "confirmed"},
     ORGANISER_POST),
    ("seating:replan", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("seating:round_public", lambda w: (w["t"], 1), "get", None, PUBLIC),
    ("sheets:table", lambda w: (w["t"], 1, 1), "get", None, PUBLIC),
    ("seating:round_public", lambda w: (w["private"], 1), "get", None, PRIVATE),
    # The table page is the sheet the scorekeeper and referee keep, public or not.
    ("sheets:table", lambda w: (w["private"], 1, 1), "get", None,
     expect(404, 404, 200, 200, 200, 200)),
    ("sheets:log", lambda w: (w["t"],), "get", None, expect(302, 403, 403, 200, 200, 200)),
    ("sheets:ruling_add", lambda w: (w["t"], 1, 1), "get", None,
     expect(302, 403, 403, 200, 200, 200)),
    ("sheets:round_access", lambda w: (w["t"], 1), "get", None,
     expect(302, 403, 403, 200, 200, 200)),
    # The public address of QR codes and links: the tournament's organisers change it.
    ("sheets:public_address", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("sheets:public_address", lambda w: (w["t"], 1), "post", {"public_url": ""},
     ORGANISER_POST),
]


@pytest.fixture
def world():
    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=12)
    seat(tournament, 1, organiser)
    private = make_tournament(organiser, players=12, name="Neveřejný", public_seating=False)
    seat(private, 1, organiser)
    users = {
        "anonymous": None,
        "plain": make_user("plain"),
        "scorekeeper": make_user("keeper"),
        "referee": make_user("referee"),
        "organiser": organiser,
        "superuser": get_user_model().objects.create_superuser("root", password=None),
    }
    for name, role in (("scorekeeper", Role.SCOREKEEPER), ("referee", Role.REFEREE)):
        for t in (tournament, private):
            role_grant(user=organiser, tournament=t, member=users[name], role=role)
    reg = Seat.objects.filter(round__tournament=tournament).first().registration_id
    return {"t": tournament.pk, "private": private.pk, "reg": reg, "users": users}


@pytest.mark.parametrize("role", ROLES)
def test_access_matrix(client, world, role):
    """One test per visitor kind runs the whole matrix (each request in its own savepoint,
    so a POST does not change what the next row sees)."""
    user = world["users"][role]
    if user is not None:
        client.force_login(user)
    failures = []
    for name, args, method, data, expected in MATRIX:
        url = reverse(name, args=args(world))
        sid = transaction.savepoint()
        response = getattr(client, method)(url, data) if method == "post" else client.get(url)
        transaction.savepoint_rollback(sid)
        if response.status_code != expected[role]:
            failures.append(f"{method.upper()} {name} {url}: {response.status_code}, "
                            f"expected {expected[role]}")
        if response.status_code == 302 and expected[role] == 302 and role == "anonymous":
            assert response["Location"].startswith(resolve_url(settings.LOGIN_URL)), url
    assert not failures, "\n".join(failures)


def test_staff_without_roles_may_create_but_not_open_others(client, world):
    staff = make_user("staff", is_staff=True)
    client.force_login(staff)
    assert client.get(reverse("tournaments:create")).status_code == 200
    assert client.get(reverse("tournaments:detail", args=(world["t"],))).status_code == 403


def test_post_only_urls_refuse_get(client, world):
    client.force_login(world["users"]["organiser"])
    for name, args in (("tournaments:state", (world["t"],)),
                       ("tournaments:check_in", (world["t"], world["reg"])),
                       ("seating:round_seat", (world["t"], 1)),
                       ("seating:round_swap", (world["t"], 1)),
                       ("seating:round_state", (world["t"], 1))):
        assert client.get(reverse(name, args=args)).status_code == 405


def test_missing_objects_are_404(client, world):
    client.force_login(world["users"]["superuser"])
    assert client.get(reverse("tournaments:detail", args=(999999,))).status_code == 404
    assert client.get(reverse("seating:round", args=(world["t"], 99))).status_code == 404
    assert client.get(reverse("tournaments:withdraw", args=(world["t"], 999999))
                      ).status_code == 404
    assert client.get(reverse("seating:round_public", args=(999999, 1))).status_code == 404


def test_registration_of_another_tournament_is_404(client, world):
    other = make_tournament(make_user("other"), players=2, name="Jiný")
    reg = other.registrations.first().pk
    client.force_login(world["users"]["organiser"])
    response = client.post(reverse("tournaments:check_in", args=(world["t"], reg)))
    assert response.status_code == 404
