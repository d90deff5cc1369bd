"""Numbers of the standings pages in the active language (BP, PB, money without a symbol).

Thin filters over :mod:`marias_admin.core.formatting`, the site's one convention.
"""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.core import formatting

register = template.Library()


@register.filter
def points(value: Any) -> str:
    """BP: "12", "12,5"."""
    return "" if value is None else formatting.points(value, places=2)


@register.filter
def pb(value: Any) -> str:
    """PB: "20", "12,5"."""
    return "" if value is None else formatting.points(value, places=1)


@register.filter
def amount(value: Any) -> str:
    """ZB or SB in the smallest unit as an amount: 1240 → "12,40", −50 → "−0,50"."""
    return "" if value is None else formatting.amount(value)


@register.filter
def signed(value: Any) -> str:
    """Like ``amount`` with a plus for gains: "+12,40"."""
    return "" if value is None else formatting.signed(value)


@register.filter
def negative(value: Any) -> bool:
    return value is not None and value < 0


@register.simple_tag
def standings_rows(table: Any, players_linked: Any, player_base: str) -> str:
    """The standings page's rows, written in Python (:mod:`..presenters.rows_html`)."""
    from marias_admin.standings.presenters.rows_html import standings_rows as rows

    return rows(table, bool(players_linked), player_base)


@register.simple_tag
def projector_rows(table: Any) -> str:
    """The projector's rows (:mod:`..presenters.rows_html`)."""
    from marias_admin.standings.presenters.rows_html import projector_rows as rows

    return rows(table)



@register.simple_tag(takes_context=True)
def round_result_tables(context: Any) -> str:
    """The round results page's tables (``<li>`` each), written in Python
    (:func:`..presenters.rows_html.round_result_tables`); the head of the tables, the same for
    every table, and a ruling's notice are still templates, rendered once each."""
    from marias_admin.standings.presenters.rows_html import round_result_tables as write

    engine = context.template.engine
    head = engine.get_template("standings/_round_results_head.html").render(context).strip()
    notice = engine.get_template("standings/_round_results_ruling.html")
    notices = {}
    for number, ruled in (context.get("reviewed") or {}).items():
        with context.push(ruled=ruled):
            notices[number] = notice.render(context).strip()
    return write(context["tables"], head=head, notices=notices,
                 sheet_base=context["sheet_base"], player_base=context["player_base"],
                 money_view=bool(context["money_view"]),
                 premium_view=bool(context["premium_view"]))
