from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "marias_admin.seasons"
    label = "seasons"
    verbose_name = _("Seasons")
    default_auto_field = "django.db.models.BigAutoField"
