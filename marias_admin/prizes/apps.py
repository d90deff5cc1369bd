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
