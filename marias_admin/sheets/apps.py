from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    name = "marias_admin.sheets"
    label = "sheets"
    verbose_name = _("Table sheets")
    default_auto_field = "django.db.models.BigAutoField"
