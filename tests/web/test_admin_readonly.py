"""Issue 10: the Django admin writes nothing behind the services' backs.

Every model with a service is read-only in the admin, even for a superuser: the change and
delete pages refuse a POST and nothing changes. Competitions are saved through their service;
users stay manageable.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Player
from marias_admin.seating.models import Round
from marias_admin.sheets.models import HandRecord
from marias_admin.tournaments.models import Tournament
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    setup = factories.tournament(players=4)
    round = factories.seated_round(setup, 1, state="released")
    hand = factories.add_hand(factories.sheet(round, 1), "7k+")
    root = get_user_model().objects.create_superuser("root", "", "Root-pa55word")
    return setup, hand, root


def _admin_url(obj, view):
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=[obj.pk])


def test_superuser_cannot_change_or_delete_through_the_admin(client, world):
    setup, hand, root = world
    client.force_login(root)
    player = setup.registrations[0].player
    targets = [
        (player, {"first_name": "Changed", "last_name": "Changed"}),
        (setup.tournament, {"name": "Changed", "venue": "Changed"}),
        (hand, {"description": "Changed", "number": "9"}),
    ]
    audit_before = AuditEntry.objects.count()
    for obj, data in targets:
        response = client.post(_admin_url(obj, "change"), data)
        assert response.status_code == 403, obj
        response = client.post(_admin_url(obj, "delete"), {"post": "yes"})
        assert response.status_code == 403, obj
        # the page opens read-only: no save button
        page = client.get(_admin_url(obj, "change"))
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert Player.objects.get(pk=player.pk).first_name != "Changed"
    assert Tournament.objects.get(pk=setup.tournament.pk).name != "Changed"
    assert HandRecord.objects.get(pk=hand.pk).description != "Changed"
    assert HandRecord.objects.filter(pk=hand.pk, deleted_at__isnull=True).exists()
    assert AuditEntry.objects.count() == audit_before


def test_no_add_pages_and_no_bulk_delete(client, world):
    setup, _hand, root = world
    client.force_login(root)
    for model in (Player, Tournament, Round, HandRecord):
        meta = model._meta
        response = client.post(reverse(f"admin:{meta.app_label}_{meta.model_name}_add"), {})
        assert response.status_code == 403, model
    changelist = reverse("admin:tournaments_tournament_changelist")
    response = client.post(changelist, {"action": "delete_selected", "post": "yes",
                                        "_selected_action": [setup.tournament.pk]})
    assert Tournament.objects.filter(pk=setup.tournament.pk).exists()
    assert "delete_selected" not in client.get(changelist).content.decode()


def test_users_stay_manageable_by_superusers(client, world):
    _setup, _hand, root = world
    client.force_login(root)
    assert client.get(reverse("admin:auth_user_add")).status_code == 200
    assert client.get(reverse("admin:auth_user_change", args=[root.pk])).status_code == 200


def test_audit_list_shows_action_words_and_filters_by_group(client, world):
    _setup, _hand, root = world
    client.force_login(root)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    changelist = reverse("admin:audit_auditentry_changelist")
    html = client.get(changelist).content.decode()
    assert "entered a hand" in html and "seated a round" in html
    assert '<td class="field-action_text">entered a hand</td>' in html
    assert "action group" in html and "?group=hands" in html  # the filter, by log group

    hands = client.get(changelist, {"group": "hands"})
    shown = {entry.action for entry in hands.context["cl"].result_list}
    assert shown == {AuditAction.HAND_ADD.value}
    only = client.get(changelist, {"action": AuditAction.ROUND_SEAT.value})
    assert {e.action for e in only.context["cl"].result_list} == {AuditAction.ROUND_SEAT.value}


# Saved by the admin through their service (validated, audited), like Competition.
SERVICE_SAVED = {"seasons.competition", "seasons.ranking", "seasons.membership"}


def test_every_project_model_in_the_admin_is_read_only(client, rf):
    """Models added later (offline writes, imported results, locked seats, season final
    places) are listed and shown, never written, by a superuser in the admin."""
    root = get_user_model().objects.create_superuser("root", "", "Root-pa55word")
    request = rf.get("/")
    request.user = root
    registered = {model._meta.label_lower: (model, model_admin)
                  for model, model_admin in admin.site._registry.items()
                  if model.__module__.startswith("marias_admin.")}
    assert {"sheets.syncwrite", "api.exchangeimport", "seating.seatlock",
            "seasons.placementsnapshot", "seasons.finalplace",
            "seasons.finalteamplace"} <= set(registered)
    client.force_login(root)
    for label, (model, model_admin) in registered.items():
        if label in SERVICE_SAVED:
            continue
        assert not model_admin.has_add_permission(request), label
        assert not model_admin.has_change_permission(request), label
        assert not model_admin.has_delete_permission(request), label
        meta = model._meta
        changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        assert client.get(changelist).status_code == 200, label
