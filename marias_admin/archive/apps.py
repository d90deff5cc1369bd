from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchiveConfig(AppConfig):
    """Recovery: SQLite backups and moving one tournament between instances.

    It sits at the top of the layering (it reads and writes every other app's models) and has
    no models of its own.
    """

    name = "marias_admin.archive"
    label = "archive"
    verbose_name = _("Backups and archives")
    default_auto_field = "django.db.models.BigAutoField"
