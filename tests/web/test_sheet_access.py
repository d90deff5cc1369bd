"""Who may do what on a table sheet: every visitor kind × every sheet URL.

A cell is the expected status code; for a POST answered with a redirect, ``+`` means the sheet
changed (the write happened) and ``-`` that it did not (a login redirect or a refusal shown as a
message). Each request runs in its own savepoint, so one cell never sees another's write.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client

from marias_admin.sheets.services import hand_delete, sheet_submit
from marias_admin.tournaments.models import Tournament
from tests.factories import add_hands, sheet_of, version
from tests.web.helpers import add_data, client_for, page_url, url

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "plain", "seated", "scorekeeper", "keeper", "referee", "organiser",
         "superuser")


def expect(*cells: str) -> dict[str, str]:
    return dict(zip(ROLES, cells, strict=True))


def _submitted(world):
    sheet_submit(user=world["users"]["keeper"], sheet=sheet_of(world),
                 expected_version=version(world))


def _without_hands(world):
    record = sheet_of(world).hands.get()
    hand_delete(user=world["users"]["keeper"], record=record, expected_version=version(world),
                reason="jen součty")


def _private(world):
    Tournament.objects.filter(pk=world["t"].pk).update(public_seating=False)


# (what, method, URL, POST data, setup, expected per role)
MATRIX = [
    ("page", "get", lambda w: page_url(w), None, None,
     expect("200", "200", "200", "200", "200", "200", "200", "200")),
    ("page, private tournament", "get", lambda w: page_url(w), None, _private,
     expect("404", "404", "200", "200", "200", "200", "200", "200")),
    ("add hand", "post", lambda w: url(w, "hand_add"), lambda w: add_data(w, "7k+", 2, 3), None,
     expect("302-", "403", "403", "403", "302+", "302+", "302+", "302+")),
    ("preview", "post", lambda w: url(w, "preview"), lambda w: add_data(w, "7k+", 2, 3), None,
     expect("302-", "403", "403", "403", "200", "200", "200", "200")),
    ("edit hand", "post", lambda w: url(w, "hand_edit", 1),
     lambda w: {"entry": "edit-text", "edit-text-version": version(w), "edit-text-dealer": 1,
                "edit-text-declarer": 2, "edit-text-notation": "7k-",
                "edit-text-reason": "překlep"}, None,
     expect("302-", "403", "403", "403", "302+", "302+", "302+", "302+")),
    ("delete hand", "post", lambda w: url(w, "hand_delete", 1),
     lambda w: {"delete-version": version(w), "delete-reason": "omyl"}, None,
     expect("302-", "403", "403", "403", "302+", "302+", "302+", "302+")),
    ("submit", "post", lambda w: url(w, "submit"), lambda w: {"submit-version": version(w)},
     None, expect("302-", "403", "403", "403", "302+", "302+", "302+", "302+")),
    # The keeper submitted: he is refused with a message; the seated player may confirm.
    ("confirm", "post", lambda w: url(w, "confirm"), lambda w: {"confirm-version": version(w)},
     _submitted, expect("302-", "403", "302+", "403", "302-", "302+", "302+", "302+")),
    ("totals", "post", lambda w: url(w, "totals"),
     lambda w: {"totals-version": version(w), "totals-money_1": "1", "totals-money_2": "-1",
                "totals-money_3": "0", "totals-money_4": "0"}, _without_hands,
     expect("302-", "403", "403", "403", "302+", "302+", "302+", "302+")),
    ("reopen", "post", lambda w: url(w, "reopen"),
     lambda w: {"reopen-version": version(w), "reopen-reason": "oprava"}, _submitted,
     expect("302-", "403", "403", "403", "403", "302+", "302+", "302+")),
    ("scorekeeper", "post", lambda w: url(w, "scorekeeper"),
     lambda w: {"scorekeeper-version": version(w),
                "scorekeeper-scorekeeper": w["users"]["scorekeeper"].pk}, None,
     expect("302-", "403", "403", "403", "403", "403", "302+", "302+")),
]


@pytest.fixture
def world(world):
    """The conftest's world with a superuser and one hand entered."""
    world["users"]["superuser"] = type(world["users"]["plain"]).objects.create_superuser(
        "root", password=None)
    add_hands(world, 1)
    return world


@pytest.mark.parametrize("role", ROLES)
def test_sheet_access_matrix(world, role):
    user = world["users"].get(role)
    client = client_for(user) if user is not None else Client()
    failures = []
    for what, method, make_url, make_data, setup, expected in MATRIX:
        sid = transaction.savepoint()
        if setup is not None:
            setup(world)
        target = make_url(world)
        before = version(world)
        data = make_data(world) if make_data else None
        response = client.get(target) if method == "get" else client.post(target, data)
        got = str(response.status_code)
        if response.status_code == 302:
            got += "+" if version(world) != before else "-"
            if role == "anonymous":
                assert response["Location"].startswith(resolve_url(settings.LOGIN_URL)), what
        transaction.savepoint_rollback(sid)
        if got != expected[role]:
            failures.append(f"{what}: {method.upper()} {target} → {got}, "
                            f"expected {expected[role]}")
    assert not failures, "\n".join(failures)


def test_unknown_tables_and_hands_are_404(world):
    organiser = client_for(world["users"]["organiser"])
    t = world["t"].pk
    assert organiser.get(f"/t/{t}/round/1/table/99/").status_code == 404
    assert organiser.get(f"/t/{t}/round/9/table/1/").status_code == 404
    assert organiser.post(url(world, "hand_delete", 99),
                          {"delete-version": version(world), "delete-reason": "x"}
                          ).status_code == 404
    assert organiser.get(url(world, "hand_add")).status_code == 405
