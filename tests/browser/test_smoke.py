import re

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.browser


def test_home_page_in_czech(live_server, page):
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "cs"
    assert page.locator("h1").inner_text() == "Správa turnajů v mariáši"
    # The stylesheet is served (WhiteNoise / live server static handler).
    assert page.evaluate("() => document.styleSheets.length") >= 1


def test_switch_language_to_english(live_server, page):
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("html[lang=en]")
    assert page.locator("h1").inner_text() == "Mariáš tournament administration"


def test_login_from_the_home_page(live_server, page, transactional_db):
    # Issue 12: the main button leads through the login; issue 24: a login lands on the front
    # page, where staff see their tournaments first. The Django admin is linked for superusers
    # only.
    get_user_model().objects.create_superuser("admin", "", "browser-Pa55word")
    page.goto(live_server.url + "/")
    page.locator(".hero").get_by_role("link", name="Přihlásit se").click()
    page.wait_for_url(re.compile(r"/accounts/login/"))
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "browser-Pa55word")
    page.locator("form[action$='/accounts/login/'] button[type=submit]").click()
    page.wait_for_url(re.compile(r"://[^/]+/$"))
    page.get_by_role("link", name="Administrace").click()
    page.wait_for_url(re.compile(r"/admin/$"))
    assert page.get_by_role("button", name=re.compile("Odhlásit")).count() == 1
