from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """Open results: what the site publishes, for other programs and other sites.

    The read-only JSON API (``/api/v1/``), the embeddable standings widget, the iCalendar feed
    and the results exchange file. It sits high in the layers: it reads the selectors of the
    apps below it (tournaments, seating, standings, teams, seasons) and writes only through
    them and its own exchange import.
    """

    name = "marias_admin.api"
    label = "api"
    verbose_name = _("Open results")
    default_auto_field = "django.db.models.BigAutoField"
