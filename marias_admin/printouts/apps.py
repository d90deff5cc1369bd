from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintoutsConfig(AppConfig):
    name = "marias_admin.printouts"
    label = "printouts"
    verbose_name = _("Printouts")
