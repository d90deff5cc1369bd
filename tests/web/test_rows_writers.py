"""The rows written in Python instead of template loops (issue 27): the round results page's
tables and the control room's rows. Pure: plain stand-ins for the presenters' objects, no
database. The pages themselves (same markup as the loops wrote) are covered by the page tests
(test_standings_pages, test_control_room, test_ruling_review …)."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.utils import translation

from marias_admin.seating.control_room_html import control_room_rows
from marias_admin.sheets.selectors import TableProgress, TableStatus
from marias_admin.standings.presenters.rows_html import round_result_tables


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _row(pk: int, position: int, *, result=None, club: str | None = "KM <Třebíč> & co",
         name: str = 'O\'Brien "Jiří" <b>', money: int | None = None):
    player = SimpleNamespace(full_name=name, club_id=1 if club else None, club=club)
    seat = SimpleNamespace(position=position, registration=SimpleNamespace(pk=pk, player=player))
    texts = ("Place 1 in the round", 'SB = "x" < y', "BP = 4 − 1 + 1") if result else ()
    return SimpleNamespace(seat=seat, result=result, explanation=texts, money=money)


def _result(money: int = -1250, sb: Fraction = Fraction(-1250), bp: Fraction = Fraction(7, 2)):
    return SimpleNamespace(money=money, premium=Fraction(20), sb=sb, rank=2, bp=bp)


def _table(rows, number: int = 3, state: str | None = "confirmed"):
    return SimpleNamespace(number=number, state=state, rows=rows,
                           confirmed=state == "confirmed",
                           state_label="confirmed" if state else "not started")


def _tables(tables, **options):
    defaults = {"head": "<thead></thead>", "notices": {}, "sheet_base": "/t/1/round/2/table/",
                "player_base": "/t/1/player/", "money_view": False, "premium_view": True}
    return str(round_result_tables(tables, **{**defaults, **options}))


def test_round_results_escape_names_clubs_and_explanations():
    html = _tables([_table([_row(7, 1, result=_result())])])
    assert "O&#x27;Brien &quot;Jiří&quot; &lt;b&gt;" in html
    assert '<span class="club">KM &lt;Třebíč&gt; &amp; co</span>' in html
    assert 'title="SB = &quot;x&quot; &lt; y"' in html
    assert "<b>" not in html


def test_round_results_premium_view_cells_and_links():
    html = _tables([_table([_row(7, 1, result=_result())])])
    assert '<a href="/t/1/round/2/table/3/">Table 3</a>' in html
    assert '<a href="/t/1/player/7/">' in html
    assert '<tr data-registration="7">\n<td class="num">1</td>' in html
    # ZB signed and red, PB, SB, place, BP as the filters wrote them
    assert '<td class="num minus">−12.50</td>' in html
    assert '<td class="num">20</td>' in html
    assert '<td class="num minus" title="SB = &quot;x&quot; &lt; y">−12.50</td>' in html
    assert '<td class="num" title="Place 1 in the round">2.</td>' in html
    assert '<td class="num bp" title="BP = 4 − 1 + 1">3.5</td>' in html
    assert 'class="result-table"' in html and "unconfirmed" not in html


def test_round_results_pages_not_public_are_not_linked():
    html = _tables([_table([_row(7, 1)], state=None)], sheet_base=None, player_base=None)
    assert "<a " not in html
    assert "<h2>\nTable 3\n" in html
    assert 'class="pill sheet-none">not started<' in html
    assert 'class="result-table unconfirmed"' in html


@pytest.mark.parametrize(("money_view", "premium_view", "span"),
                         [(False, True, 5), (True, False, 4), (False, False, 3)])
def test_round_results_unconfirmed_row_spans_the_shown_columns(money_view, premium_view, span):
    html = _tables([_table([_row(7, 1, club=None)], state="submitted")],
                   money_view=money_view, premium_view=premium_view)
    assert f'<td class="num muted" colspan="{span}">not confirmed yet</td>' in html
    assert 'class="club"' not in html


def test_round_results_money_view_shows_the_round_money_first():
    html = _tables([_table([_row(7, 1, result=_result(money=300), money=10300)])],
                   money_view=True, premium_view=False)
    cells = html.split('<td class="name">')[1]
    assert cells.index('class="num money"') < cells.index("+3.00") < cells.index("2.")
    assert ">103.00</td>" in html and "<td class=\"num\">20</td>" not in html


def test_round_results_ruling_notice_goes_under_its_tables_heading():
    html = _tables([_table([_row(7, 1)], number=1), _table([_row(8, 1)], number=2)],
                   notices={2: '<p class="notice">ruled</p>'})
    first, second = html.split("</li>")[:2]
    assert "ruled" not in first
    assert '</h2>\n<p class="notice">ruled</p>\n<div class="table-scroll">' in second


# --- the control room -----------------------------------------------------------------------


def _status(number: int = 4, progress=TableProgress.SUBMITTED, **changes):
    values = {"number": number, "progress": progress, "mode_totals": False, "hands": 12,
              "rulings": 0, "pb_pending": 0, "paper_differs": False, "last_activity": None,
              "players": ("Novák J.", "<Černý> & P."), "sheet_version": 5}
    return TableStatus(**{**values, **changes})


def _room(rows, filters=None):
    return str(control_room_rows(
        rows, sheet_base="/t/1/round/2/table/{}/",
        confirm_base="/tournaments/1/rounds/2/tables/{}/confirm/",
        reopen_base="/tournaments/1/rounds/2/tables/{}/reopen/", filters=filters or {},
        csrf_input='<input type="hidden" name="csrfmiddlewaretoken" value="TOKEN">'))


def test_control_room_submitted_row_offers_confirm_and_reopen_with_the_filters():
    html = _room([{"status": _status(), "flags": [], "ruled": None, "quiet_minutes": None}],
                 filters={"state": 'a"b'})
    assert html.startswith('<tr id="table-row-4" class="status-submitted" data-table="4" '
                           'data-progress="submitted" data-flags="">')
    assert '<a href="/t/1/round/2/table/4/" data-table-link>4</a>' in html
    assert "Novák J., &lt;Černý&gt; &amp; P." in html
    assert ('action="/tournaments/1/rounds/2/tables/4/confirm/" class="inline">\n'
            '<input type="hidden" name="csrfmiddlewaretoken" value="TOKEN">'
            '<input type="hidden" name="version" value="5">') in html
    assert html.count('<input type="hidden" name="state" value="a&quot;b">') == 2
    assert 'data-confirm-table="4">Confirm the sheet</button>' in html
    assert 'action="/tournaments/1/rounds/2/tables/4/reopen/"' in html
    assert '<span class="hands-count">12 hands</span>' in html
    assert '<td class="quiet">–</td>' in html


def test_control_room_flags_rulings_and_quiet_minutes():
    from django.utils import timezone

    status = _status(progress=TableProgress.DISPUTED, paper_differs=True, pb_pending=1,
                     rulings=1, last_activity=timezone.now(), phone_silent=True)
    html = _room([{"status": status, "flags": ["paper", "disputed"],
                   "ruled": {"under_review": True, "ruling": 3}, "quiet_minutes": 1}])
    assert 'class="status-disputed attention"' in html and 'data-flags="paper disputed"' in html
    for flag in ("paper", "phone-silent", "pb", "under-review", "rulings"):
        assert f'data-flag="{flag}"' in html
    assert "sent back by ruling 3: needs attention" in html and ">1 ruling<" in html
    assert '<small data-quiet-minutes="1">(1 min ago)</small>' in html
    assert "data-confirm-table" not in html and "reopen-row" in html


def test_control_room_table_being_entered_in_totals_has_no_actions():
    html = _room([{"status": _status(progress=TableProgress.ENTERING, mode_totals=True),
                   "flags": [], "ruled": None, "quiet_minutes": None}])
    assert '<span class="pill sheet-draft">totals being entered</span>' in html
    assert "hands-count" not in html and "<form" not in html
    assert html.endswith('<td class="row-actions">\n</td>\n</tr>')


def test_control_room_quiet_under_a_minute_is_just_now():
    from django.utils import timezone

    status = _status(last_activity=timezone.now())
    html = _room([{"status": status, "flags": [], "ruled": None, "quiet_minutes": 0}])
    assert '<small data-quiet-minutes="0">(just now)</small>' in html
    assert "0 min" not in html
    html = _room([{"status": status, "flags": [], "ruled": None, "quiet_minutes": 2}])
    assert '<small data-quiet-minutes="2">(2 min ago)</small>' in html
