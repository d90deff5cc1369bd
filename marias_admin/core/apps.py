from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "marias_admin.core"
    label = "core"
    verbose_name = _("Core")

    def ready(self) -> None:
        # SQLite has no Czech collation: every new connection gets ours (see core/ordering.py).
        from django.db.backends.signals import connection_created

        from marias_admin.core.ordering import register_sqlite_collations

        connection_created.connect(register_sqlite_collations,
                                   dispatch_uid="marias_sqlite_collations")
