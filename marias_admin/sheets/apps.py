from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    name = "marias_admin.sheets"
    label = "sheets"
    verbose_name = _("Table sheets")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Answer what the seating app below asks of the sheets (marias_admin.core.probes).
        from marias_admin.seating import probes
        from marias_admin.sheets import selectors, services

        probes.tables_with_results.provide(selectors.tables_with_results)
        probes.unconfirmed_tables.provide(selectors.unconfirmed_tables)
        probes.round_table_statuses.provide(selectors.round_table_statuses)
        from marias_admin.sheets import control_room

        probes.confirm_table.provide(control_room.confirm_table)
        probes.reopen_table.provide(control_room.reopen_table)
        probes.delete_round_sheets.provide(services.delete_round_sheets)
