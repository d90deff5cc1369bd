"""Who may open what: every URL of the project, for every kind of visitor.

Organiser pages: anonymous → login redirect, logged in without the organiser role (a plain
user, the tournament's scorekeeper or referee, the organiser of another tournament) → 403.
Public seating pages: everyone while the tournament publishes its seating; otherwise only
organisers, and a 404 for anyone else (an unpublished tournament does not show).

The matrix must name every URL pattern of the project with a GET and a POST row
(:func:`test_matrix_covers_every_url_pattern`), so a new URL cannot go unchecked; each refusal
(login, 403, 404, 405) must write nothing to the database. Every URL pattern's view must also
declare who it is for, by its permission decorator's audience mark
(:func:`test_every_view_declares_its_audience`), and no view declared the organisers' may
answer an anonymous visitor (:func:`test_organiser_views_refuse_anonymous_visitors`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.shortcuts import resolve_url
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from marias_admin.prizes.services import category_save, prize_save
from marias_admin.seasons.ranking_services import ranking_save
from marias_admin.seasons.services import competition_save
from marias_admin.seating.models import Seat, Table
from marias_admin.sheets import access
from marias_admin.sheets.services import sheet_assign_scorekeeper, sheet_for
from marias_admin.teams.models import MemberRole
from marias_admin.tournaments.models import Role
from marias_admin.tournaments.permissions import Audience, audience_of
from marias_admin.tournaments.services import role_grant
from tests import factories
from tests.factories import make_tournament, make_user, seat
from tests.web.helpers import named_routes

pytestmark = pytest.mark.django_db

# "stranger": the organiser of another tournament (a role somewhere is no role here).
ROLES = ("anonymous", "plain", "scorekeeper", "referee", "stranger", "organiser", "superuser")
LOGIN = "login"  # a 302 to the login page


def expect(anonymous: Any, plain: Any, scorekeeper: Any, referee: Any, stranger: Any,
           organiser: Any, superuser: Any) -> dict[str, Any]:
    return dict(zip(ROLES, (anonymous, plain, scorekeeper, referee, stranger, organiser,
                            superuser), strict=True))


def same(status: Any) -> dict[str, Any]:
    return dict.fromkeys(ROLES, status)


ORGANISER_GET = expect(LOGIN, 403, 403, 403, 403, 200, 200)
ORGANISER_POST = expect(LOGIN, 403, 403, 403, 403, 302, 302)
ORGANISER_FORM = expect(LOGIN, 403, 403, 403, 403, 200, 200)  # an empty form: its errors
# The tournament's organisers and referees (the log, rulings, the table links and PINs).
REFEREE_GET = expect(LOGIN, 403, 403, 200, 403, 200, 200)
REFEREE_POST = expect(LOGIN, 403, 403, 302, 403, 302, 302)
REFEREE_FORM = REFEREE_GET
# Whoever keeps the sheet: its scorekeeper, the referee, the organisers.
KEEPER_POST = expect(LOGIN, 403, 302, 302, 403, 302, 302)
KEEPER_FORM = expect(LOGIN, 403, 200, 200, 403, 200, 200)
PUBLIC = same(200)
PRIVATE = expect(404, 404, 404, 404, 404, 200, 200)
ONLY_POST = same(405)  # GET of a view that only takes POSTs
ONLY_GET = same(405)  # POST of a page that only shows
# Login first, then the method: a logged-in visitor gets the 405.
LOGGED_IN_ONLY_GET = expect(LOGIN, 405, 405, 405, 405, 405, 405)
ORGANISER_ONLY_GET = LOGGED_IN_ONLY_GET
REFEREE_ONLY_GET = expect(LOGIN, 403, 403, 405, 403, 405, 405)

Args = Callable[[dict[str, Any]], tuple[Any, ...]]


def t(w: dict[str, Any]) -> tuple[Any, ...]:
    return (w["t"],)


def rnd(w: dict[str, Any]) -> tuple[Any, ...]:
    return (w["t"], 1)


def tbl(w: dict[str, Any]) -> tuple[Any, ...]:
    return (w["t"], 1, 1)


def none(w: dict[str, Any]) -> tuple[Any, ...]:
    return ()


def post_only(name: str, args: Args, expected: dict[str, Any],
              data: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
    """A view that only takes POSTs: every GET is a 405, whoever asks."""
    return [(name, args, "get", None, ONLY_POST), (name, args, "post", data or {}, expected)]


def get_only(name: str, args: Args, expected: dict[str, Any],
             refused_post: dict[str, Any] = ONLY_GET) -> list[tuple[Any, ...]]:
    """A page that only shows: its POST is refused (405, after the login check for some)."""
    return [(name, args, "get", None, expected), (name, args, "post", {}, refused_post)]


# (name, how to build the args from the world, method, POST data, expected per role)
MATRIX: list[tuple[Any, ...]] = [
    # -- tournaments ------------------------------------------------------------------------
    ("tournaments:list", none, "get", None, expect(LOGIN, 200, 200, 200, 200, 200, 200)),
    ("tournaments:list", none, "post", {}, ONLY_GET),
    ("tournaments:create", none, "get", None, expect(LOGIN, 403, 403, 403, 403, 403, 200)),
    ("tournaments:create", none, "post", {}, expect(LOGIN, 403, 403, 403, 403, 403, 200)),
    ("tournaments:detail", t, "get", None, ORGANISER_GET),
    ("tournaments:detail", t, "post", {}, ONLY_GET),
    ("tournaments:edit", t, "get", None, ORGANISER_GET),
    ("tournaments:edit", t, "post", {}, ORGANISER_FORM),
    ("tournaments:state", t, "post", {"state": "registration"}, ORGANISER_POST),
    ("tournaments:state", t, "get", None, ONLY_POST),
    *post_only("tournaments:reopen", t, ORGANISER_POST),
    ("tournaments:registrations", t, "get", None, ORGANISER_GET),
    ("tournaments:registrations", t, "post", {}, ONLY_GET),
    ("tournaments:players_bulk", t, "get", None, ORGANISER_GET),
    ("tournaments:players_bulk", t, "post", {}, ORGANISER_FORM),
    ("tournaments:registration_add", t, "get", None, ORGANISER_GET),
    ("tournaments:registration_add", t, "post", {}, ORGANISER_FORM),
    ("tournaments:check_in_all", t, "post", {}, ORGANISER_POST),
    ("tournaments:check_in_all", t, "get", None, ONLY_POST),
    ("tournaments:check_in", lambda w: (w["t"], w["reg"]), "post", {}, ORGANISER_POST),
    ("tournaments:check_in", lambda w: (w["t"], w["reg"]), "get", None, ONLY_POST),
    *post_only("tournaments:check_in_undo", lambda w: (w["t"], w["reg"]), ORGANISER_POST),
    ("tournaments:withdraw", lambda w: (w["t"], w["reg"]), "get", None, ORGANISER_GET),
    ("tournaments:withdraw", lambda w: (w["t"], w["reg"]), "post", {"before_round": "2"},
     ORGANISER_POST),
    ("tournaments:roles", t, "get", None, ORGANISER_GET),
    ("tournaments:roles", t, "post", {}, ORGANISER_FORM),
    ("tournaments:role_revoke", t, "post", {}, ORGANISER_POST),
    ("tournaments:role_revoke", t, "get", None, ONLY_POST),
    # -- player import and the registrations export (under /players/) ----------------------
    ("players:import", t, "get", None, ORGANISER_GET),
    ("players:import", t, "post", {}, ORGANISER_FORM),
    # Without an upload in the session the preview sends the organiser back to the upload.
    ("players:import_preview", t, "get", None, ORGANISER_POST),
    ("players:import_preview", t, "post", {}, ORGANISER_ONLY_GET),
    ("players:import_confirm", t, "get", None, LOGGED_IN_ONLY_GET),
    ("players:import_confirm", t, "post", {}, ORGANISER_POST),
    *get_only("players:export_registrations", t, ORGANISER_GET, ORGANISER_ONLY_GET),
    # -- seating ----------------------------------------------------------------------------
    ("seating:round", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("seating:round", lambda w: (w["t"], 2), "get", None, ORGANISER_GET),
    ("seating:round", rnd, "post", {}, ONLY_GET),
    ("seating:round_seat", lambda w: (w["t"], 2), "post", {"method": "optimise"},
     ORGANISER_POST),
    ("seating:round_seat", rnd, "get", None, ONLY_POST),
    ("seating:round_swap", lambda w: (w["t"], 1), "post", {}, ORGANISER_POST),
    ("seating:round_swap", rnd, "get", None, ONLY_POST),
    ("seating:round_state", lambda w: (w["t"], 1), "post", {"state": "confirmed"},
     ORGANISER_POST),
    ("seating:round_state", rnd, "get", None, ONLY_POST),
    *post_only("seating:round_clock", rnd, ORGANISER_POST),
    *post_only("seating:round_move", rnd, ORGANISER_POST),
    *post_only("seating:round_late_entry", rnd, ORGANISER_POST),
    *post_only("seating:round_lock", rnd, ORGANISER_POST),
    # The control room: the tournament's referees too (issue 24).
    *get_only("seating:round_control", rnd, REFEREE_GET),
    *get_only("seating:round_tables_status", rnd, REFEREE_GET),
    *post_only("seating:round_table_confirm", lambda w: (w["t"], 1, 1), REFEREE_POST),
    *post_only("seating:round_table_reopen", lambda w: (w["t"], 1, 1), REFEREE_POST),
    # The round clock's state, for every screen's script: public (the hall sees the clock).
    *get_only("seating:round_clock_state", rnd, PUBLIC),
    ("seating:replan", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("seating:replan", rnd, "post", {}, ORGANISER_FORM),
    ("seating:round_public", lambda w: (w["t"], 1), "get", None, PUBLIC),
    ("seating:round_public", lambda w: (w["private"], 1), "get", None, PRIVATE),
    ("seating:round_public", rnd, "post", {}, ONLY_GET),
    # -- printouts: the seating lists are as public as the seating page ---------------------
    *get_only("printouts:sheets", rnd, ORGANISER_GET),
    *get_only("printouts:seating_tables", rnd, PUBLIC),
    *get_only("printouts:seating_alpha", rnd, PUBLIC),
    # Unpublished, they are the organiser's: a login redirect and 403s (the page's 404 today).
    ("printouts:seating_tables", lambda w: (w["private"], 1), "get", None, ORGANISER_GET),
    ("printouts:seating_alpha", lambda w: (w["private"], 1), "get", None, ORGANISER_GET),
    *get_only("printouts:player_slips", t, ORGANISER_GET),
    # The hall poster with the QR code of the public home: the organiser prints it.
    *get_only("printouts:poster", t, ORGANISER_GET),
    # -- the table sheet ---------------------------------------------------------------------
    ("sheets:table", lambda w: (w["t"], 1, 1), "get", None, PUBLIC),
    # The table page is the sheet the scorekeeper and referee keep, public or not.
    ("sheets:table", lambda w: (w["private"], 1, 1), "get", None,
     expect(404, 404, 200, 200, 404, 200, 200)),
    ("sheets:table", tbl, "post", {}, ONLY_GET),
    *post_only("sheets:hand_add", tbl, KEEPER_FORM),
    *post_only("sheets:preview", tbl, KEEPER_FORM),
    *post_only("sheets:hand_edit", lambda w: (w["t"], 1, 1, 1), KEEPER_FORM),
    *post_only("sheets:hand_delete", lambda w: (w["t"], 1, 1, 1), KEEPER_FORM),
    *post_only("sheets:totals", tbl, KEEPER_FORM),
    *post_only("sheets:paper_totals", tbl, KEEPER_FORM),
    *post_only("sheets:submit", tbl, KEEPER_POST),
    *post_only("sheets:confirm", tbl, REFEREE_POST),
    *post_only("sheets:dispute", tbl, REFEREE_FORM),
    *post_only("sheets:reopen", tbl, REFEREE_FORM),
    # Only the tournament's organisers choose who keeps a sheet.
    *post_only("sheets:scorekeeper", tbl, ORGANISER_FORM),
    # The offline queue's sync (JSON; an empty form is not a queue: 400 for whoever may
    # write, 403 for the others), the table page's service worker and manifest (issue 25).
    *post_only("sheets:sync", tbl, expect(403, 403, 400, 400, 403, 400, 400)),
    *get_only("sheets:service_worker", tbl, PUBLIC),
    *get_only("sheets:manifest", tbl, PUBLIC),
    # The seated player's PIN confirms on a privileged phone: a role here or the table's link.
    *post_only("sheets:confirm_pin", tbl, KEEPER_POST),
    # Handing the phone on only forgets this phone's grant (its session): anyone, no login.
    *post_only("sheets:access_leave", tbl, same(302)),
    # The QR code's link: anyone with the phone in hand; an unknown token is a 404.
    ("sheets:table_link", lambda w: (w["token"],), "get", None, PUBLIC),
    ("sheets:table_link", lambda w: (w["token"],), "post", {}, PUBLIC),
    ("sheets:table_link", lambda w: ("no-such-token",), "get", None, same(404)),
    ("sheets:table_link", lambda w: ("no-such-token",), "post", {"pin": "1234"}, same(404)),
    *get_only("sheets:log", t, REFEREE_GET, REFEREE_ONLY_GET),
    ("sheets:ruling_add", lambda w: (w["t"], 1, 1), "get", None, REFEREE_GET),
    ("sheets:ruling_add", tbl, "post", {}, REFEREE_FORM),
    *get_only("sheets:hand_history", lambda w: (w["t"], 1, 1, w["hand_id"]), REFEREE_GET,
              REFEREE_ONLY_GET),
    ("sheets:round_access", lambda w: (w["t"], 1), "get", None, REFEREE_GET),
    ("sheets:round_access", rnd, "post", {}, ONLY_GET),
    *post_only("sheets:access_regenerate", tbl, REFEREE_POST),
    *post_only("sheets:pins_unlock", tbl, REFEREE_POST),
    # The public address of QR codes and links: the tournament's organisers change it.
    ("sheets:public_address", lambda w: (w["t"], 1), "get", None, ORGANISER_GET),
    ("sheets:public_address", lambda w: (w["t"], 1), "post", {"public_url": ""},
     ORGANISER_POST),
    # -- standings and exports -------------------------------------------------------------
    *get_only("standings:standings", t, PUBLIC),
    *get_only("standings:round_results", rnd, PUBLIC),
    *get_only("standings:player", lambda w: (w["t"], w["reg"]), PUBLIC),
    *get_only("standings:find", t, PUBLIC),
    ("standings:settings", t, "get", None, ORGANISER_GET),
    ("standings:settings", t, "post", {}, ORGANISER_FORM),
    # The exports are the organiser's, although under the public /t/ address.
    *get_only("exports:standings_xlsx", t, ORGANISER_GET),
    *get_only("exports:hands_xlsx", t, ORGANISER_GET),
    *get_only("exports:seating_xlsx", t, ORGANISER_GET),
    *get_only("exports:standings_pdf", t, ORGANISER_GET),
    # -- prizes -----------------------------------------------------------------------------
    ("prizes:setup", t, "get", None, ORGANISER_GET),
    ("prizes:setup", t, "post", {}, ORGANISER_FORM),
    ("prizes:category_edit", lambda w: (w["t"], w["category"]), "get", None, ORGANISER_GET),
    ("prizes:category_edit", lambda w: (w["t"], w["category"]), "post", {}, ORGANISER_FORM),
    *post_only("prizes:category_delete", lambda w: (w["t"], w["category"]), ORGANISER_POST),
    ("prizes:prize_edit", lambda w: (w["t"], w["prize"]), "get", None, ORGANISER_GET),
    ("prizes:prize_edit", lambda w: (w["t"], w["prize"]), "post", {}, ORGANISER_FORM),
    *post_only("prizes:prize_delete", lambda w: (w["t"], w["prize"]), ORGANISER_POST),
    *get_only("prizes:players", t, ORGANISER_GET),
    ("prizes:player_edit", lambda w: (w["t"], w["reg"]), "get", None, ORGANISER_GET),
    ("prizes:player_edit", lambda w: (w["t"], w["reg"]), "post", {}, ORGANISER_POST),
    *get_only("prizes:prize_list", t, ORGANISER_GET),
    *get_only("prizes:prize_list_xlsx", t, ORGANISER_GET),
    *get_only("prizes:prize_list_pdf", t, ORGANISER_GET),
    # -- teams ------------------------------------------------------------------------------
    ("teams:list", t, "get", None, ORGANISER_GET),
    ("teams:list", t, "post", {}, ORGANISER_FORM),
    ("teams:edit", lambda w: (w["t"], w["team"]), "get", None, ORGANISER_GET),
    ("teams:edit", lambda w: (w["t"], w["team"]), "post", {}, ORGANISER_FORM),
    *post_only("teams:delete", lambda w: (w["t"], w["team"]), ORGANISER_POST),
    *post_only("teams:member_role", lambda w: (w["t"], w["team"], w["member"]),
               ORGANISER_POST),
    *post_only("teams:member_remove", lambda w: (w["t"], w["team"], w["member"]),
               ORGANISER_POST),
    ("teams:import", t, "get", None, ORGANISER_GET),
    ("teams:import", t, "post", {}, ORGANISER_FORM),
    # Without an upload in the session the preview sends the organiser back to the upload.
    ("teams:import_preview", t, "get", None, ORGANISER_POST),
    ("teams:import_preview", t, "post", {}, ONLY_GET),
    *post_only("teams:import_confirm", t, ORGANISER_POST),
    *get_only("teams:nominations_pdf", t, ORGANISER_GET),
    # Without team rules there are no team standings: the public page does not exist.
    *get_only("teams:standings", t, PRIVATE),
    *get_only("teams:standings_xlsx", t, ORGANISER_GET),
    *get_only("teams:standings_pdf", t, ORGANISER_GET),
    # -- the front door: a tournament's public home (while it publishes anything) and its
    # prize list (off until the organiser publishes it) -------------------------------------
    *get_only("public:home", t, PUBLIC),
    *get_only("public:home", lambda w: (w["private"],), PUBLIC),  # its standings are public
    *get_only("public:prizes", t, PRIVATE),
    # -- seasons: public competitions --------------------------------------------------------
    *get_only("seasons:list", none, PUBLIC),
    *get_only("seasons:season", lambda w: (w["competition"],), PUBLIC),
    # -- open results (marias_admin.api): the read-only API answers anyone, a write is a 405;
    # a part the tournament does not publish is a 404 for everyone (nobody logs in there) ---
    *get_only("api:schema", none, PUBLIC, same(405)),
    *get_only("api:tournaments", none, PUBLIC, same(405)),
    *get_only("api:tournament", t, PUBLIC, same(405)),
    *get_only("api:rounds", t, PUBLIC, same(405)),
    *get_only("api:seating", rnd, PUBLIC, same(405)),
    ("api:seating", lambda w: (w["private"], 1), "get", None, same(404)),
    *get_only("api:results", rnd, PUBLIC, same(405)),
    *get_only("api:standings", t, PUBLIC, same(405)),
    *get_only("api:teams", t, same(404), same(405)),  # no team rules: no team standings
    *get_only("api:seasons", none, PUBLIC, same(405)),
    *get_only("api:season", lambda w: (w["competition"],), PUBLIC, same(405)),
    *get_only("opendata:standings_widget", t, PUBLIC),
    *get_only("opendata:calendar", none, PUBLIC),
    *get_only("opendata:exchange_export", t, ORGANISER_GET),
    # The federation's staff import an exchange file into a season (login, then staff only).
    ("opendata:exchange_import", lambda w: (w["competition"],), "get", None,
     expect(LOGIN, 403, 403, 403, 403, 403, 200)),
    ("opendata:exchange_import", lambda w: (w["competition"],), "post", {},
     expect(LOGIN, 403, 403, 403, 403, 403, 200)),  # an empty form: its errors
    # Without an upload waiting the confirmation sends the staff back to the upload.
    *post_only("opendata:exchange_import_confirm", lambda w: (w["competition"],),
               expect(LOGIN, 403, 403, 403, 403, 403, 302)),
    *get_only("seasons:ranking", lambda w: (w["competition"], w["ranking"]), PUBLIC),
    *get_only("seasons:player", lambda w: (w["competition"], w["season_player"]), PUBLIC),
    # the member list's import: staff only (without a file in the session: back to the upload)
    ("seasons:members_import", none, "get", None, expect(LOGIN, 403, 403, 403, 403, 403, 200)),
    ("seasons:members_import", none, "post", {}, expect(LOGIN, 403, 403, 403, 403, 403, 200)),
    *get_only("seasons:members_preview", none, expect(LOGIN, 403, 403, 403, 403, 403, 302)),
    *post_only("seasons:members_confirm", none, expect(LOGIN, 403, 403, 403, 403, 403, 302)),
    # carrying the members over: staff only (an empty form: back to the page with a message)
    *post_only("seasons:members_copy", none, expect(LOGIN, 403, 403, 403, 403, 403, 302)),
    # -- the site ----------------------------------------------------------------------------
    # The home page also answers a POST with itself (today's behaviour).
    ("core:home", none, "get", None, PUBLIC),
    ("core:home", none, "post", {}, PUBLIC),
    ("login", none, "get", None, PUBLIC),
    ("login", none, "post", {}, PUBLIC),  # an empty form: its errors
    *post_only("logout", none, same(302)),
    ("password_change", none, "get", None, expect(LOGIN, 200, 200, 200, 200, 200, 200)),
    ("password_change", none, "post", {}, expect(LOGIN, 200, 200, 200, 200, 200, 200)),
    *get_only("password_change_done", none, expect(LOGIN, 200, 200, 200, 200, 200, 200),
              LOGGED_IN_ONLY_GET),
]

# URL patterns the matrix leaves out, each with its reason (nothing else may be missing).
EXEMPT = {
    # Django's language switcher: no tournament data, a redirect for everyone.
    "set_language": "django.views.i18n.set_language",
    # Password reset by e-mail exists only when mail is configured (404 otherwise):
    # tests/web/test_security.py checks both ways.
    "password_reset": "mail only",
    "password_reset_done": "mail only",
    "password_reset_confirm": "mail only",
    "password_reset_complete": "mail only",
}
# Django's admin: superusers and staff only, by Django itself (tests/web/test_admin_readonly.py).
EXEMPT_NAMESPACES = ("admin",)
# Views that are not the project's and so carry no audience mark, each with its reason.
UNMARKED = {"set_language": "Django's language switcher: anyone, no tournament data"}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module, in a transaction rolled back after its last test."""
    with django_db_blocker.unblock(), transaction.atomic():
        built = build_world()
        with django_db_blocker.block():
            yield built
        transaction.set_rollback(True)


def build_world() -> dict[str, Any]:
    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=12)
    seat(tournament, 1, organiser)
    private = make_tournament(organiser, players=12, name="Neveřejný", public_seating=False)
    seat(private, 1, organiser)
    stranger = make_user("stranger")
    make_tournament(stranger, players=3, name="Cizí")
    users = {
        "anonymous": None,
        "plain": make_user("plain"),
        "scorekeeper": make_user("keeper"),
        "referee": make_user("referee"),
        "stranger": stranger,
        "organiser": organiser,
        "superuser": get_user_model().objects.create_superuser("root", password=None),
    }
    for name, role in (("scorekeeper", Role.SCOREKEEPER), ("referee", Role.REFEREE)):
        for each in (tournament, private):
            role_grant(user=organiser, tournament=each, member=users[name], role=role)
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=1)
    sheet = sheet_for(table)
    sheet_assign_scorekeeper(user=organiser, sheet=sheet, scorekeeper=users["scorekeeper"],
                             expected_version=sheet.version)
    hand = factories.add_hand(sheet, "7k+", dealer=1, declarer=2, by=users["scorekeeper"])
    reg = Seat.objects.filter(round__tournament=tournament).first().registration_id
    category = category_save(user=organiser, tournament=tournament, name="Ženy", kind="women")
    prize = prize_save(user=organiser, tournament=tournament, place=1, label="Pohár")
    team = factories.team(tournament, "A", [(tournament.registrations.get(pk=reg),
                                              MemberRole.CAPTAIN)], by=organiser)
    competition = competition_save(user=organiser, name="Pohár", season="2026", public=True,
                                   tournaments=[tournament])
    return {"t": tournament.pk, "private": private.pk, "reg": reg, "users": users,
            "hand_id": hand.pk, "category": category.pk, "prize": prize.pk, "team": team.pk,
            "member": team.members.get().pk, "competition": competition.pk,
            "ranking": ranking_save(user=organiser, competition=competition,
                                    name="Jednotlivci").pk,
            "season_player": tournament.registrations.get(pk=reg).player_id,
            "token": access.table_access(table).token}


# Writes a refusal may make: the session (a login redirect keeps nothing, but Django may
# touch it) and django-axes' own bookkeeping.
HARMLESS_TABLES = ("django_session", "axes_")
WRITE = re.compile(r"\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+\"?(\w+)", re.IGNORECASE)


def writes(queries: list[dict[str, str]]) -> list[str]:
    found = []
    for query in queries:
        match = WRITE.match(query["sql"])
        if match and not match.group(2).startswith(HARMLESS_TABLES):
            found.append(query["sql"][:100])
    return found


def logged_in(world: dict[str, Any], role: str) -> Client:
    client = Client()
    if world["users"][role] is not None:
        client.force_login(world["users"][role])
    return client


@pytest.mark.parametrize("role", ROLES)
def test_access_matrix(world, role):
    """One test per visitor kind runs the whole matrix (each request in its own savepoint,
    so a POST does not change what the next row sees); a refusal writes nothing."""
    client = logged_in(world, role)
    login = resolve_url(settings.LOGIN_URL)
    failures = []
    for name, args, method, data, expected in MATRIX:
        url = reverse(name, args=args(world))
        want = expected[role]
        sid = transaction.savepoint()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, data) if method == "post" else client.get(url)
        transaction.savepoint_rollback(sid)
        status = response.status_code
        where = f"{method.upper()} {name} {url}"
        if want == LOGIN:
            if status != 302 or not response["Location"].startswith(login):
                failures.append(f"{where}: {status} {response.get('Location', '')}, "
                                "expected a redirect to the login page")
        elif status != want:
            failures.append(f"{where}: {status}, expected {want}")
        if want in (LOGIN, 403, 404, 405) and writes(queries.captured_queries):
            failures.append(f"{where}: refused, yet wrote {writes(queries.captured_queries)}")
        if name == "logout":
            client = logged_in(world, role)
    assert not failures, "\n".join(failures)


def test_matrix_covers_every_url_pattern():
    """Every named URL pattern has a GET and a POST row, or a reason in EXEMPT."""
    covered = {(name, method) for name, _args, method, _data, _expected in MATRIX}
    missing = []
    for name, route in named_routes():
        if name in EXEMPT or name.split(":", 1)[0] in EXEMPT_NAMESPACES:
            continue
        lacking = [m.upper() for m in ("get", "post") if (name, m) not in covered]
        if lacking:
            missing.append(f"{name} (/{route}): no {' or '.join(lacking)} row")
    assert not missing, ("The access matrix does not cover:\n" + "\n".join(sorted(missing)))
    known = {name for name, _route in named_routes()}
    stale = sorted({row[0] for row in MATRIX} - known) + sorted(set(EXEMPT) - known)
    assert not stale, f"Rows or exemptions for URL names that no longer exist: {stale}"


def test_a_write_is_seen(world):
    """The refusals' check is not blind: a check-in the organiser may make is a write."""
    client = logged_in(world, "organiser")
    sid = transaction.savepoint()
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("tournaments:check_in", args=(world["t"], world["reg"])))
    transaction.savepoint_rollback(sid)
    assert response.status_code == 302
    assert writes(queries.captured_queries)


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


def url_views(patterns: list[Any] | None = None,
              namespace: str = "") -> list[tuple[str, Callable[..., Any]]]:
    """(``namespace:name``, view) of every named URL pattern, through every include."""
    found: list[tuple[str, Callable[..., Any]]] = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = ":".join(filter(None, (namespace, entry.namespace or "")))
            found += url_views(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            found.append((f"{namespace}:{entry.name}" if namespace else entry.name,
                          entry.callback))
    return found


def test_every_view_declares_its_audience():
    """Each URL pattern's view carries the mark of its one permission decorator
    (``marias_admin.tournaments.permissions``): a view without one has no declared check."""
    unmarked = sorted(name for name, view in url_views()
                      if name.split(":", 1)[0] not in EXEMPT_NAMESPACES
                      and name not in UNMARKED and not isinstance(audience_of(view), Audience))
    assert not unmarked, ("URL patterns whose view declares no audience (decorate it from "
                          "marias_admin.tournaments.permissions):\n" + "\n".join(unmarked))
    assert set(UNMARKED) <= {name for name, _view in url_views()}


def test_the_matrix_agrees_with_the_declared_audiences():
    """A view declared the organisers' (or the referees', the staff's, a logged-in
    visitor's) sends the anonymous visitor to the login page in the matrix, unless the
    method or a missing page refuses first."""
    audiences = dict(url_views())
    wrong = []
    for name, _args, method, _data, expected in MATRIX:
        audience = audience_of(audiences[name])
        anonymous = expected["anonymous"]
        if audience in (Audience.ORGANISER, Audience.REFEREE, Audience.STAFF,
                        Audience.ACCOUNT) and anonymous not in (LOGIN, 404, 405):
            wrong.append(f"{method.upper()} {name} ({audience}): anonymous gets {anonymous}")
    assert not wrong, "\n".join(wrong)


def test_organiser_views_refuse_anonymous_visitors(world):
    """Every organiser view, asked by an anonymous visitor with either method, answers with the
    login page (or a 405 for the wrong method, or a 404): never the page, never a write."""
    client = Client()
    login = resolve_url(settings.LOGIN_URL)
    organiser_views = {name for name, view in url_views()
                       if audience_of(view) == Audience.ORGANISER}
    assert len(organiser_views) > 40  # the check is not vacuous
    rows = {(name, method): args for name, args, method, _data, _expected in MATRIX
            if name in organiser_views}
    failures = []
    for (name, method), args in sorted(rows.items(), key=lambda item: item[0]):
        url = reverse(name, args=args(world))
        sid = transaction.savepoint()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, {}) if method == "post" else client.get(url)
        transaction.savepoint_rollback(sid)
        status = response.status_code
        to_login = status == 302 and response["Location"].startswith(login)
        if not (to_login or status in (404, 405)):
            failures.append(f"{method.upper()} {name}: {status} for an anonymous visitor")
        if writes(queries.captured_queries):
            failures.append(f"{method.upper()} {name}: wrote {writes(queries.captured_queries)}")
    assert {name for name, _method in rows} == organiser_views
    assert not failures, "\n".join(failures)
