from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "marias_admin.seating"
    label = "seating"
    verbose_name = _("Rounds and seating")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Answer what the tournaments app below asks of seating (marias_admin.core.probes).
        from marias_admin.seating import open_work, selectors, services
        from marias_admin.tournaments import probes

        probes.stale_rounds.provide(selectors.stale_rounds)
        probes.seated_rounds_with.provide(selectors.seated_rounds_with)
        probes.sync_rounds.provide(services.sync_rounds)
        probes.open_work.provide(open_work.open_work)
