"""What the table page gives its offline script (issue 25): where to sync, the worker to
install, the sheet version the phone writes on, and the script's words in the visitor's
language (the script has no catalogue of its own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from marias_admin.sheets.presenters.page import SheetPage

# The plural forms the script picks from: Czech and Slovak have three (1, 2–4, 5+).
_SAMPLES = {"one": 1, "few": 2, "many": 5}


def _plural(words: Callable[[int], str]) -> dict[str, str]:
    """Each form, with the count left for the script; ``words`` calls ``ngettext`` with literal
    strings so that makemessages finds them."""
    return {name: words(n) % {"count": "{n}"} for name, n in _SAMPLES.items()}


def offline_words() -> dict[str, Any]:
    return {
        "offline": _("offline"),
        "offline_waiting": _plural(lambda n: ngettext("offline — %(count)s hand waiting",
                                                    "offline — %(count)s hands waiting", n)),
        "waiting": _plural(lambda n: ngettext("%(count)s hand waiting",
                                            "%(count)s hands waiting", n)),
        "sending": _("sending…"),
        "saved": _("all saved"),
        "attention": _("A hand from the queue needs your attention."),
        "ended": _("The table link no longer works: keep this page open and show the queue "
                   "to the referee."),
        "keep_queue": _("Keep this page open and show the queue to the referee."),
        "checked_later": _("will be checked when the network is back"),
        "queued": _("Kept on this phone; it will be checked when the network is back."),
        "conflict": _("not saved: the sheet changed meanwhile"),
        "refused": _("not saved: the rules refused it"),
        "unreadable": _("not saved: the server could not read it"),
        "not_sent": _("not saved: kept on this phone"),
        "server_has": _("On the server:"),
        "enter_again": _("Enter again"),
        "drop": _("Drop"),
        "dropping": _("dropped"),
        "correct": _("Correct"),
        "delete": _("Delete"),
        "save": _("Save"),
        "reason": _("Reason"),
        "hand_label": _("Hand (shorthand or description)"),
        "by_form": _("(entered by the form)"),
        "correction": _("correction:"),
        "deletion": _("deleted"),
        "hand": _("Hand %(number)s") % {"number": "{n}"},
        "needs_network": _("This needs the network: your input is kept in the form; try "
                           "again when the phone is back online."),
    }


def offline_context(page: SheetPage) -> dict[str, Any]:
    args = (page.tournament.pk, page.round.number, page.table.number)
    return {
        "offline": {
            "sync": reverse("sheets:sync", args=args),
            "worker": reverse("sheets:service_worker", args=args),
            "manifest": reverse("sheets:manifest", args=args),
            "scope": page.url,
            "version": page.sheet.version,
            "seen": timezone.now().isoformat(),
        },
        "offline_words": offline_words(),
    }
