"""Imported results files in the admin, to look at only (see ``core.admin``): a tournament
comes from an exchange file through the import service, which checks, records and audits it;
the row that ties it to the file's id is never edited by hand."""

from django.contrib import admin

from marias_admin.api.models import ExchangeImport
from marias_admin.core.admin import ReadOnlyAdmin


@admin.register(ExchangeImport)
class ExchangeImportAdmin(ReadOnlyAdmin):
    list_display = ("uid", "tournament", "imported_at", "imported_by")
    list_select_related = ("tournament", "imported_by")
    search_fields = ("uid", "tournament__name")
