from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrizesConfig(AppConfig):
    name = "marias_admin.prizes"
    label = "prizes"
    verbose_name = _("Categories and prizes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Answer what the standings pages below ask of the categories (core.probes).
        from marias_admin.prizes import selectors
        from marias_admin.standings import probes

        probes.category_links.provide(selectors.category_links)
        probes.category_table.provide(selectors.category_table_for)
        probes.player_categories.provide(selectors.player_categories)

        # The player details service (players) asks which finished tournaments' categories
        # a change would move.
        from marias_admin.players import probes as player_probes
        from marias_admin.prizes import details_effects

        player_probes.finished_effects.provide(details_effects.finished_effects)

        # The front door: the home page (core) asks which tournaments to list, and the list's
        # cached copy goes stale with any tournament's save.
        from django.db.models.signals import post_delete, post_save

        from marias_admin.core.views import home_sections
        from marias_admin.prizes import front
        from marias_admin.tournaments.models import Tournament

        home_sections.provide(front.home_sections)
        for signal in (post_save, post_delete):
            signal.connect(front.invalidate_list, sender=Tournament,
                           dispatch_uid=f"prizes.front.{signal is post_save}")
