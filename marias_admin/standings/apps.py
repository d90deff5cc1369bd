from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "marias_admin.standings"
    label = "standings"
    verbose_name = _("Standings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import pre_save

        from marias_admin.standings.services import lock_rules_on_start
        from marias_admin.tournaments.models import Tournament

        pre_save.connect(lock_rules_on_start, sender=Tournament,
                         dispatch_uid="standings.lock_rules_on_start")

        from marias_admin.standings import cache

        cache.connect()  # the public pages' cache follows the results

        # Answer what the seating app below asks of the standings (marias_admin.core.probes).
        from marias_admin.seating import probes
        from marias_admin.standings.selectors import order_before_round

        probes.standings_order.provide(order_before_round)

        # Rulings on handed-in sheets: the preview's standings lines (asked by the sheets) and
        # the round page's markers (asked by seating), marias_admin.standings.review.
        from marias_admin.seating import review as seating_review
        from marias_admin.sheets import probes as sheets_probes
        from marias_admin.standings import review

        sheets_probes.standings_lines.provide(review.standings_lines)
        seating_review.tables_changed_by_rulings.provide(review.tables_changed_by_rulings)
