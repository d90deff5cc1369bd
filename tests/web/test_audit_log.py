"""The change log tells a story in words: typed actions, names, local times, fields by label.

Every service passes an :class:`AuditAction` (never a string), every action has words and a
log group, and what the log page, a hand's history and the scorekeeper's hand panel show holds
no identifier (``hand.add``, ``checked_in_at``, ``hundred_seven_hearts``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse

from marias_admin.audit.actions import ACTION_GROUPS, AuditAction, LogGroup
from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_set_state
from marias_admin.sheets.models import RulingKind, SheetState
from marias_admin.sheets.services import ruling_add
from marias_admin.tournaments.models import RegistrationStatus
from marias_admin.tournaments.services import registrations_check_in_all
from tests.factories import csm_hand as shorthand
from tests.factories import (
    make_tournament,
    make_user,
    referee_world,
    registration_at,
)
from tests.factories import world_hand_add as add_hand
from tests.web.helpers import text

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """A seated table with a referee (``ref_client`` comes from the conftest)."""
    return referee_world()

ROOT = Path(__file__).resolve().parents[2] / "marias_admin"
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")
ACTION_NAME = re.compile(r"\b[a-z]+\.[a-z_]+\b")


# -- the typed actions -------------------------------------------------------------------------


def _audit_calls() -> list[tuple[Path, ast.Call]]:
    calls = []
    for path in ROOT.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("audit_record", "_audit_record", "_write_totals"):
                    calls.append((path, node))
    return calls


def test_every_service_passes_a_typed_action() -> None:
    calls = _audit_calls()
    assert len(calls) > 30
    for path, call in calls:
        values = [k.value for k in call.keywords if k.arg == "action"]
        if getattr(call.func, "id", getattr(call.func, "attr", "")) == "_write_totals":
            values = call.args[5:6]
        for value in values:
            assert not isinstance(value, ast.Constant | ast.JoinedStr | ast.BinOp), (
                f"{path.name}:{call.lineno} passes a plain string as the audit action")


def test_every_action_has_words_and_a_log_group() -> None:
    assert set(ACTION_GROUPS) == set(AuditAction)
    for action in AuditAction:
        assert str(action.label) and str(action.label) != action.value
        assert not IDENTIFIER.search(str(action.label)), action
        assert isinstance(action.group, LogGroup)
    for kind in RulingKind:
        assert AuditAction.for_ruling(kind.value).group == LogGroup.RULINGS
    for state in SheetState:
        assert AuditAction.for_sheet_state(state.value).group == LogGroup.SHEETS
    assert all(LogGroup(g) in ACTION_GROUPS.values() for g in LogGroup.values)


# -- the log page ------------------------------------------------------------------------------


def test_check_in_all_is_one_entry_that_counts_the_players(client) -> None:
    organiser = make_user("jana", first_name="Jana", last_name="Nováková")
    tournament = make_tournament(organiser, players=5, status=RegistrationStatus.REGISTERED)
    registrations_check_in_all(user=organiser, tournament=tournament)
    entries = AuditEntry.objects.filter(tournament=tournament,
                                        action=AuditAction.REGISTRATION_CHECK_IN_ALL)
    assert entries.count() == 1 and entries.get().after["count"] == 5
    assert not AuditEntry.objects.filter(action=AuditAction.REGISTRATION_CHECK_IN).exists()
    client.force_login(organiser)
    page = text(client.get(reverse("sheets:log", args=(tournament.pk,))))
    assert "Jana Nováková zapsal prezenci 5 hráčů" in page  # Czech: the tournament's language
    client.cookies["django_language"] = "en"
    page = text(client.get(reverse("sheets:log", args=(tournament.pk,))))
    assert "Jana Nováková checked in 5 players" in page


def test_log_tells_who_did_what_in_words(ref_client, world) -> None:
    referee = world["users"]["referee"]
    record = add_hand(world, shorthand("7k+", 1, 2))
    ruling_add(user=referee, sheet=world["sheet"], kind=RulingKind.RENONC, hand=record,
               offender=registration_at(world, 3), code="E.3.b", reason="nezamíchal karty")
    round_set_state(user=world["users"]["organiser"], round=world["table"].round,
                    state=RoundState.CONFIRMED)
    response = ref_client.get(reverse("sheets:log", args=(world["t"].pk,)))
    page = text(response)
    # The referee's full name once, not "rozhodci" and not the name twice.
    assert f"Karel Sudí {AuditAction.RULING_RENONC.label}" in page
    assert "rozhodci" not in page  # also the role given to him names him
    assert "2026-05-09" not in page  # the tournament's date as the page writes dates
    # A field change by its label and the choices' labels.
    state_label = str(RoundState.CONFIRMED.label)
    assert f"{RoundState.SEATED.label!s} → {state_label}" in page
    # Local time in the page's format, never ISO.
    assert not re.search(r"\d{4}-\d\d-\d\dT", page)
    content = page.split("Tournament log")[-1] if "Tournament log" in page else page
    assert not IDENTIFIER.search(content), IDENTIFIER.search(content)
    assert not ACTION_NAME.search(content), ACTION_NAME.search(content)


def test_log_filters_by_group_and_keeps_the_query(ref_client, world) -> None:
    add_hand(world, shorthand("7k+", 1, 2))
    url = reverse("sheets:log", args=(world["t"].pk,))
    response = ref_client.get(url, {"what": LogGroup.TEAM, "round": 1})
    actions = {row.entry.action for row in response.context["rows"]}
    assert actions <= {a.value for a in AuditAction if a.group == LogGroup.TEAM}
    html = response.content.decode()
    assert f'<option value="{LogGroup.TEAM.value}" selected>' in html
    assert str(LogGroup.TEAM.label) in html
    hands = ref_client.get(url, {"what": LogGroup.HANDS}).context["rows"]
    assert [row.entry.action for row in hands] == [AuditAction.HAND_ADD]
    # An unknown group shows everything.
    assert ref_client.get(url, {"what": "hand."}).context["what"] == ""


def test_hand_history_names_actions_in_words(ref_client, world) -> None:
    referee = world["users"]["referee"]
    record = add_hand(world, shorthand("7k+", 1, 2))
    ruling_add(user=referee, sheet=world["sheet"], kind=RulingKind.RENONC, hand=record,
               offender=registration_at(world, 3), code="E.3.b", reason="nezamíchal karty")
    history = text(ref_client.get(reverse("sheets:hand_history",
                                          args=(world["t"].pk, 1, 1, record.pk))))
    assert str(AuditAction.HAND_ADD.label) in history
    assert not ACTION_NAME.search(history.split(str(AuditAction.HAND_ADD.label))[-1])
    # The scorekeeper's hand panel (seen by a referee) shows the same words.
    panel = text(ref_client.get(reverse("sheets:table", args=(world["t"].pk, 1, 1)),
                                {"hand": record.number}))
    assert str(AuditAction.HAND_ADD.label) in panel and "hand.add" not in panel
