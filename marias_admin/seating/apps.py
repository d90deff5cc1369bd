from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "marias_admin.seating"
    label = "seating"
    verbose_name = _("Rounds and seating")
    default_auto_field = "django.db.models.BigAutoField"
