from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "marias_admin.tournaments"
    label = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from marias_admin.tournaments.middleware import forget_page_language
        from marias_admin.tournaments.models import Tournament

        for signal in (post_save, post_delete):
            signal.connect(forget_page_language, sender=Tournament,
                           dispatch_uid=f"tournaments.language.{signal is post_save}")
