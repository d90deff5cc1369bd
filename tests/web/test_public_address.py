"""Issue 12: printed QR codes and links use a configured public address, never 127.0.0.1.

The address is an environment setting (``DJANGO_PUBLIC_URL``) that the tournament's organisers
may override on the "Table links and PINs" page: checked (http(s), a host, no path, no loopback
host), audited before → after, and used by every link and QR code at once.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.core import pagecache, public_address
from marias_admin.core.models import SiteSetting
from marias_admin.core.services import public_url_set
from marias_admin.sheets import access
from tests.web.helpers import client_for, open_data

pytestmark = pytest.mark.django_db

NEW = "http://192.168.7.20:8000"


def edit_url(world: dict) -> str:
    return reverse("sheets:public_address", args=(world["t"].pk, 1))


def links_url(world: dict) -> str:
    return reverse("sheets:round_access", args=(world["t"].pk, 1))


def saved() -> str:
    return SiteSetting.objects.filter(pk=1).values_list("public_url", flat=True).first() or ""


def message_of(value: str) -> str:
    """The error the tournament's (Czech) pages show for ``value``."""
    with translation.override("cs"), pytest.raises(ValidationError) as caught:
        public_address.normalise(value)
    return caught.value.messages[0]


# -- what an address may be ---------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "stored"), [
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
    ("  HTTP://Marias.Example.ORG/  ", "http://marias.example.org"),
    ("https://marias.example.org", "https://marias.example.org"),
    ("http://sal-hospoda:8000/", "http://sal-hospoda:8000"),
    ("http://[fd00::20]:8000", "http://[fd00::20]:8000"),
    ("", ""),
])
def test_a_valid_address_is_stored_plainly(typed, stored):
    assert public_address.normalise(typed) == stored


@pytest.mark.parametrize(("typed", "code"), [
    ("192.168.1.20:8000", "scheme"),
    ("ftp://192.168.1.20", "scheme"),
    ("javascript:alert(1)", "scheme"),
    ("http://", "host"),
    ("http:///path", "host"),
    ("http://192.168.1.20:8000/marias", "path"),
    ("http://192.168.1.20:8000/?x=1", "path"),
    ("http://192.168.1.20:8000/#top", "path"),
    ("http://user:secret@192.168.1.20", "userinfo"),
    ("http://bad_host!:8000", "host"),
    ("http://300.1.2.3", "host"),
    ("http://192.168.1.20:99999", "invalid"),
    ("http://192.168.1.20:port", "invalid"),
    ("http://[::1", "invalid"),
    ("http://192.168.1.20:0", "port"),
    ("http://192.168.1.20 :8000", "spaces"),
    ("http://127.0.0.1:8000", "loopback"),
    ("http://127.4.5.6", "loopback"),
    ("http://localhost:8000", "loopback"),
    ("http://LOCALHOST.", "loopback"),
    ("http://marias.localhost", "loopback"),
    ("http://[::1]:8000", "loopback"),
    ("http://[::ffff:127.0.0.1]:8000", "loopback"),
    ("http://0.0.0.0:8000", "loopback"),
    ("http://" + "a" * 300 + ".cz", "max_length"),
])
def test_an_unusable_address_is_refused_with_the_reason(typed, code):
    with pytest.raises(ValidationError) as caught:
        public_address.normalise(typed)
    assert caught.value.code == code


# -- who may change it --------------------------------------------------------------------------


def test_the_organiser_changes_the_address_and_it_is_audited(world):
    organiser = client_for(world["users"]["organiser"])
    page = organiser.get(links_url(world)).content.decode()
    assert edit_url(world) in page  # reachable from the table links
    form = organiser.get(edit_url(world))
    assert form.status_code == 200 and 'name="public_url"' in form.content.decode()
    answer = organiser.post(edit_url(world), {"public_url": NEW + "/"})
    assert answer.status_code == 302 and answer["Location"] == links_url(world)
    assert saved() == NEW
    entry = AuditEntry.objects.get(action="site.public_url")
    assert entry.user == world["users"]["organiser"] and entry.tournament == world["t"]
    assert entry.before == {"public_url": ""} and entry.after == {"public_url": NEW}
    # every table link on the page uses it, and the page says where it comes from
    page = organiser.get(links_url(world), HTTP_HOST="127.0.0.1").content.decode()
    token = access.table_access(world["table"]).token
    assert f"{NEW}/table/{token}/" in page
    assert 'data-public-source="setting"' in page
    assert "http://127.0.0.1/table/" not in page
    # the next change records the previous address as its "before"
    organiser.post(edit_url(world), {"public_url": "https://marias.example.org"})
    latest = AuditEntry.objects.filter(action="site.public_url").latest("pk")
    assert latest.before == {"public_url": NEW}
    assert latest.after == {"public_url": "https://marias.example.org"}


@pytest.mark.parametrize("role", ["referee", "scorekeeper", "keeper", "plain", "seated"])
def test_only_organisers_may_change_the_address(world, role):
    client = client_for(world["users"][role])
    assert client.get(edit_url(world)).status_code == 403
    assert client.post(edit_url(world), {"public_url": NEW}).status_code == 403
    assert saved() == ""
    assert not AuditEntry.objects.filter(action="site.public_url").exists()


def test_the_referee_sees_the_address_but_no_edit_link(world):
    page = client_for(world["users"]["referee"]).get(links_url(world))
    assert page.status_code == 200
    body = page.content.decode()
    assert "data-public-url" in body and edit_url(world) not in body


def test_anonymous_visitors_are_sent_to_log_in(world):
    for answer in (Client().get(edit_url(world)), Client().post(edit_url(world),
                                                                {"public_url": NEW})):
        assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert saved() == ""


def test_a_loopback_address_is_refused_at_the_field_in_czech(world):
    organiser = client_for(world["users"]["organiser"])
    answer = organiser.post(edit_url(world), {"public_url": "http://127.0.0.1:8000"})
    assert answer.status_code == 400
    body = answer.content.decode()
    assert 'lang="cs"' in body
    expected = message_of("http://127.0.0.1:8000")
    from django.utils.html import escape

    assert escape(expected) in body
    assert saved() == ""
    assert not AuditEntry.objects.filter(action="site.public_url").exists()


@pytest.mark.parametrize("typed", ["localhost:8000", "http://x/y?z", "\x00", "x" * 5000,
                                   "http://[::1]", "http://%zz"])
def test_hostile_input_never_fails_the_page(world, typed):
    organiser = client_for(world["users"]["organiser"])
    answer = organiser.post(edit_url(world), {"public_url": typed})
    assert answer.status_code == 400
    assert saved() == ""


def test_the_service_refuses_what_the_form_would(world):
    with pytest.raises(ValidationError) as caught:
        public_url_set(user=world["users"]["organiser"], url="http://localhost")
    assert "public_url" in caught.value.message_dict
    assert saved() == ""


# -- where it comes from, and where it is used --------------------------------------------------


@override_settings(MARIAS_PUBLIC_URL="http://10.0.0.9:8000")
def test_the_setting_overrides_the_environment_and_clearing_it_restores_it(world):
    organiser = client_for(world["users"]["organiser"])
    page = organiser.get(links_url(world)).content.decode()
    assert 'data-public-source="environment"' in page and "http://10.0.0.9:8000/table/" in page
    organiser.post(edit_url(world), {"public_url": NEW})
    page = organiser.get(links_url(world)).content.decode()
    assert 'data-public-source="setting"' in page and f"{NEW}/table/" in page
    assert "http://10.0.0.9:8000/table/" not in page
    answer = organiser.post(edit_url(world), {"public_url": ""})
    assert answer.status_code == 302 and saved() == ""
    page = organiser.get(links_url(world)).content.decode()
    assert 'data-public-source="environment"' in page and "http://10.0.0.9:8000/table/" in page
    assert list(AuditEntry.objects.filter(action="site.public_url").order_by("pk")
                .values_list("after", flat=True)) == [{"public_url": NEW}, {"public_url": ""}]


@override_settings(MARIAS_PUBLIC_URL="")
def test_without_any_address_the_page_warns_about_the_browsers_address(world):
    page = client_for(world["users"]["organiser"]).get(
        links_url(world), HTTP_HOST="127.0.0.1").content.decode()
    assert 'data-public-source="browser"' in page
    assert 'class="notice warning"' in page


@override_settings(MARIAS_PUBLIC_URL="http://127.0.0.1:8000")
def test_a_loopback_address_from_the_environment_is_flagged(world):
    page = client_for(world["users"]["organiser"]).get(links_url(world)).content.decode()
    assert 'data-public-source="environment"' in page
    assert 'class="notice warning"' in page


@override_settings(ALLOWED_HOSTS=["testserver", "192.168.7.20"])
def test_a_host_the_server_does_not_answer_to_is_flagged(world):
    organiser = client_for(world["users"]["organiser"])
    organiser.post(edit_url(world), {"public_url": NEW})
    assert "DJANGO_ALLOWED_HOSTS" not in organiser.get(links_url(world)).content.decode()
    organiser.post(edit_url(world), {"public_url": "http://marias.example.org"})
    assert "DJANGO_ALLOWED_HOSTS" in organiser.get(links_url(world)).content.decode()


@override_settings(MARIAS_PUBLIC_URL="http://10.0.0.9:8000")
def test_the_printed_qr_code_uses_the_new_address(world, monkeypatch):
    from marias_admin.printouts import qr
    from tests.web.helpers import pdf_pages

    encoded: list[str] = []
    real = qr.segno.make_qr

    def spy(data, **kwargs):
        encoded.append(data)
        return real(data, **kwargs)

    monkeypatch.setattr(qr.segno, "make_qr", spy)
    organiser = client_for(world["users"]["organiser"])
    organiser.post(edit_url(world), {"public_url": NEW})
    pages = pdf_pages(organiser.get(reverse("printouts:sheets", args=(world["t"].pk, 1)),
                                    HTTP_HOST="127.0.0.1"))
    first = access.table_access(world["table"])
    assert encoded[0] == f"{NEW}/table/{first.token}/"
    assert all(link.startswith(NEW + "/") for link in encoded)
    assert not any("10.0.0.9" in text or "127.0.0.1" in text for text in pages + encoded)
    # and the link works
    assert Client().post(encoded[0].removeprefix(NEW),
                         open_data(world["table"])).status_code == 302


def test_the_printout_reads_the_address_once(world, django_assert_max_num_queries):
    """However many tables, the address costs one query per printout."""
    organiser = client_for(world["users"]["organiser"])
    organiser.post(edit_url(world), {"public_url": NEW})
    url = reverse("printouts:sheets", args=(world["t"].pk, 1))
    organiser.get(url)  # makes the tables' links
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        organiser.get(url)
    assert sum("core_sitesetting" in q["sql"] for q in queries.captured_queries) == 1


def test_changing_the_address_makes_cached_public_pages_stale(world):
    before = pagecache.generation(pagecache.GLOBAL)
    public_url_set(user=world["users"]["organiser"], url=NEW, tournament=world["t"])
    assert pagecache.generation(pagecache.GLOBAL) != before


def test_a_staff_login_is_handed_over_with_the_public_address(world):
    organiser = client_for(world["users"]["organiser"])
    organiser.post(edit_url(world), {"public_url": NEW})
    answer = organiser.post(reverse("tournaments:roles", args=(world["t"].pk,)),
                            {"action": "login", "first_name": "Jana", "last_name": "Malá",
                             "role": "scorekeeper"}, HTTP_HOST="127.0.0.1")
    assert answer.status_code == 200, answer.content[:300]
    assert f"{NEW}/accounts/login/" in answer.content.decode()
