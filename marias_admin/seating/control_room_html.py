"""The control room's table rows as HTML, written in Python rather than by a template loop.

At 80 tables the row loop of ``seating/_tables_status.html`` was a third of the organiser's
round page (issue 27: 2 URLs, 3 plural sentences and some 50 lookups a row), and the room
polls it every few seconds. The rows are the template's markup line for line (its indentation
dropped, as the public page cache drops it); the tests and the room's script read the same
``data-table``, ``data-flags``, ``data-confirm-table`` … Every text from a name, a flag or a
filter is escaped here; a ``{% translate %}`` text too (as the tag does), a
``{% blocktranslate %}`` text not (as that tag does not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from marias_admin.core import formatting

SHEET_STATES_WITH_REOPEN = ("submitted", "confirmed", "disputed")


def _hands(count: int) -> str:
    return ngettext("%(counter)s hand", "%(counter)s hands", count) % {"counter": count}


def _words() -> dict[str, str]:
    """The row's fixed texts in the active language, worded once a render (escaped as
    ``{% translate %}`` escapes)."""
    return {key: escape(text) for key, text in (
        ("totals", _("totals being entered")), ("paper", _("paper totals differ")),
        ("pb-missing", _("PB facts missing")), ("phone-silent", _("phone not heard from")),
        ("pb", _("PB waiting for the referee")), ("changed", _("changed by ruling")),
        ("confirm", _("Confirm the sheet")), ("summary", _("Reopen the sheet for changes")),
        ("reason", _("Reason")), ("reopen", _("Reopen")))}


def _pills(status: Any, ruled: Mapping[str, Any] | None, words: dict[str, str]) -> list[str]:
    """The sheet cell's lines: its state, then a pill a flag."""
    progress = str(status.progress)
    if progress == "entering":
        text = words["totals"] if status.mode_totals else _hands(status.hands)
        lines = [f'<span class="pill sheet-draft">{text}</span>']
    else:
        lines = [f'<span class="pill sheet-{escape(progress)}">'
                 f"{escape(status.progress.label)}</span>"]
    if progress != "entering" and status.hands:
        lines.append(f'<span class="hands-count">{_hands(status.hands)}</span>')
    for on, flag, style in ((status.paper_differs, "paper", "warn"),
                            (status.pb_missing, "pb-missing", "warn"),
                            (status.phone_silent, "phone-silent", "warn"),
                            (status.pb_pending, "pb", "pb50")):
        if on:
            lines.append(f'<span class="pill {style}" data-flag="{flag}">{words[flag]}</span>')
    if ruled and ruled.get("under_review"):
        text = _("sent back by ruling %(number)s: needs attention") % {
            "number": escape(ruled["ruling"])}
        lines.append(f'<span class="pill warn" data-flag="under-review">{text}</span>')
    elif ruled:
        text = _("changed by ruling %(number)s") % {"number": escape(ruled["ruling"])}
        lines.append(f'<span class="pill" data-flag="changed-by-ruling">{text}</span>')
    elif status.changed_by_ruling:
        lines.append(f'<span class="pill" data-flag="changed-by-ruling">{words["changed"]}'
                     "</span>")
    if status.rulings:
        text = ngettext("%(counter)s ruling", "%(counter)s rulings", status.rulings) % {
            "counter": status.rulings}
        lines.append(f'<span class="pill" data-flag="rulings">{text}</span>')
    return lines


def _quiet(status: Any, minutes: int | None) -> str:
    """The time of the table's last activity and how long ago, "just now" under a minute
    ("0 min ago" reads as if the room had lost count)."""
    if not status.last_activity:
        return '<td class="quiet">–</td>'
    at = escape(formatting.time_of_day(status.last_activity, seconds=True))
    ago: str
    if not minutes:
        ago = escape(_("just now"))
    else:
        ago = ngettext("%(counter)s min ago", "%(counter)s min ago", minutes) % {
            "counter": escape(minutes)}
    return (f'<td class="quiet"><span title="{at}">{at}</span> '
            f'<small data-quiet-minutes="{escape(minutes)}">({ago})</small></td>')


def control_room_rows(rows: Iterable[Mapping[str, Any]], *, sheet_base: str,
                      confirm_base: str, reopen_base: str, filters: Mapping[str, Any],
                      csrf_input: str) -> SafeString:
    """The ``<tr>`` of every row of the control room (``control_room`` in
    ``views_control``). ``*_base``: a table's sheet page, confirm and reopen URLs with the
    number in the place of ``{}``; ``csrf_input``: the ``{% csrf_token %}`` field."""
    hidden = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
                     for k, v in filters.items())
    words = _words()
    out = []
    for row in rows:
        status, flags = row["status"], row["flags"]
        n, progress = status.number, escape(str(status.progress))
        attention = " attention" if flags else ""
        lines = [
            f'<tr id="table-row-{n}" class="status-{progress}{attention}" data-table="{n}" '
            f'data-progress="{progress}" data-flags="{" ".join(escape(f) for f in flags)}">',
            f'<td class="num"><a href="{sheet_base.format(n)}" data-table-link>{n}</a></td>',
            f'<td class="players">{", ".join(escape(p) for p in status.players)}</td>',
            "<td>", *_pills(status, row.get("ruled"), words), "</td>",
            _quiet(status, row.get("quiet_minutes")), '<td class="row-actions">']
        if progress == "submitted":
            version = "" if status.sheet_version is None else escape(status.sheet_version)
            lines += [f'<form method="post" action="{confirm_base.format(n)}" class="inline">',
                      f'{csrf_input}<input type="hidden" name="version" value="{version}">']
            if hidden:
                lines.append(hidden)
            lines += [f'<button type="submit" class="button small" data-confirm-table="{n}">'
                      f'{words["confirm"]}</button>', "</form>"]
        if progress in SHEET_STATES_WITH_REOPEN:
            lines += ['<details class="reopen-row">', f'<summary>{words["summary"]}</summary>',
                      f'<form method="post" action="{reopen_base.format(n)}" class="inline">']
            if csrf_input:
                lines.append(csrf_input)
            if hidden:
                lines.append(hidden)
            lines += [f'<label for="reopen-reason-{n}">{words["reason"]}</label>',
                      f'<input id="reopen-reason-{n}" name="reason" maxlength="200" required>',
                      f'<button type="submit" class="button small secondary" '
                      f'data-reopen-table="{n}">{words["reopen"]}</button>', "</form>",
                      "</details>"]
        lines += ["</td>", "</tr>"]
        out.append("\n".join(lines))
    return mark_safe("\n".join(out))  # every text above is escaped
