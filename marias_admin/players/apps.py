from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "marias_admin.players"
    label = "players"
    verbose_name = _("Players and clubs")
    default_auto_field = "django.db.models.BigAutoField"
