"""``manage.py resettle``: every stored hand of a tournament, a season or everything settled
again by the engine; prints what differs (:mod:`marias_admin.sheets.resettle`)."""

from __future__ import annotations

import time
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from marias_admin.seasons.models import Competition
from marias_admin.sheets.resettle import Difference, resettle
from marias_admin.tournaments.models import Tournament


def _pb(values: tuple[Decimal, ...]) -> str:
    return ", ".join(str(v) for v in values)


def describe(difference: Difference) -> str:
    """One difference in a line: where the hand is, what is stored, what the engine says."""
    where = _("Tournament %(tournament)s, round %(round)s, table %(table)s, hand %(hand)s "
              "(record %(record)s)") % {
        "tournament": difference.tournament, "round": difference.round,
        "table": difference.table, "hand": difference.hand, "record": difference.record}
    money, pb = difference.stored
    if isinstance(difference.engine, str):
        return _("%(where)s: stored money %(money)s, PB %(pb)s; the engine refuses the hand: "
                 "%(error)s") % {"where": where, "money": list(money), "pb": _pb(pb),
                                 "error": difference.engine}
    return _("%(where)s: stored money %(money)s, PB %(pb)s; the engine gives money "
             "%(new_money)s, PB %(new_pb)s") % {
        "where": where, "money": list(money), "pb": _pb(pb),
        "new_money": list(difference.engine[0]), "new_pb": _pb(difference.engine[1])}


class Command(BaseCommand):
    help = _("Settle every stored hand again with the engine (of one or more tournaments, a "
             "season or all) and list the hands whose money or PB differ. Writes nothing; "
             "exits with status 1 when something differs.")

    def add_arguments(self, parser):
        parser.add_argument("--tournament", type=int, action="append", default=[],
                            help=_("a tournament's id (may be repeated)"))
        parser.add_argument("--season", type=int, action="append", default=[],
                            help=_("a season's (competition's) id: all its tournaments"))
        parser.add_argument("--all", action="store_true", help=_("every tournament"))

    def handle(self, *args, **options):
        tournaments = Tournament.objects.order_by("pk")
        if not options["all"]:
            if not options["tournament"] and not options["season"]:
                raise CommandError(_("Name a tournament (--tournament), a season (--season) "
                                     "or --all."))
            for season in options["season"]:
                if not Competition.objects.filter(pk=season).exists():
                    raise CommandError(_("There is no season %(id)s.") % {"id": season})
            for tournament in options["tournament"]:
                if not Tournament.objects.filter(pk=tournament).exists():
                    raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament})
            tournaments = tournaments.filter(
                pk__in={*options["tournament"], *Tournament.objects.filter(
                    competition_memberships__competition_id__in=options["season"])
                    .values_list("pk", flat=True)})
        start = time.perf_counter()
        report = resettle(tournaments)
        seconds = time.perf_counter() - start
        for difference in report.differences:
            self.stdout.write(describe(difference))
        self.stdout.write(_("%(hands)d hands of %(tournaments)d tournaments settled again "
                            "(%(distinct)d distinct) in %(seconds).1f s: %(differences)d "
                            "differ.") % {
            "hands": report.hands, "tournaments": report.tournaments,
            "distinct": report.settled, "seconds": seconds,
            "differences": len(report.differences)})
        if report.differences:
            raise SystemExit(1)
