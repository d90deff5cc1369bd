"""Every public standings page obeys its tournament toggle; organisers always see it.

One test over all pages × toggle on/off: anonymous visitors and logged-in strangers get the
page while it is public and a 404 when it is switched off; the organiser gets it either way.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from marias_admin.tournaments.models import Tournament
from tests.factories import make_user, played_field

pytestmark = pytest.mark.django_db

# (page, toggle it obeys, url from the generated tournament)
PAGES = [
    ("standings", "public_standings",
     lambda g, t: reverse("standings:standings", args=(t.pk,))),
    ("projector", "public_standings",
     lambda g, t: reverse("standings:standings", args=(t.pk,)) + "?projector=1"),
    ("standings refresh", "public_standings",
     lambda g, t: reverse("standings:standings", args=(t.pk,))),
    ("round results", "public_results",
     lambda g, t: reverse("standings:round_results", args=(t.pk, 2))),
    ("player", "public_players",
     lambda g, t: reverse("standings:player", args=(t.pk, next(iter(g.results))))),
    ("where do I sit", "public_seating",
     lambda g, t: reverse("standings:find", args=(t.pk,)) + "?q=novak"),
]


@pytest.mark.parametrize("public", [True, False], ids=["public", "switched-off"])
@pytest.mark.parametrize(("page", "toggle", "url"), PAGES, ids=[p[0] for p in PAGES])
def test_public_page_obeys_its_toggle(client, page, toggle, url, public):
    organiser = make_user("organiser")
    generated = played_field(12, 2, organiser=organiser)
    tournament = generated.tournament
    Tournament.objects.filter(pk=tournament.pk).update(**{toggle: public})
    # every other toggle off: a page depends on its own switch only
    others = {t: False for _p, t, _u in PAGES if t != toggle}
    Tournament.objects.filter(pk=tournament.pk).update(**others)
    address = url(generated, tournament)
    headers = {"HX-Request": "true"} if page == "standings refresh" else {}
    expected = 200 if public else 404
    assert client.get(address, headers=headers).status_code == expected  # anonymous
    client.force_login(make_user("stranger"))
    assert client.get(address, headers=headers).status_code == expected
    client.force_login(organiser)
    response = client.get(address, headers=headers)
    assert response.status_code == 200
    if not public and page not in ("projector", "standings refresh"):
        assert "jen pořadatelé" in response.content.decode()  # told the page is not public
