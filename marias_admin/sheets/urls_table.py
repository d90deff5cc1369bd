"""The table sheet: its page (``sheets:table``, the QR code's URL), its writes, and the
table's access without accounts (the QR link, the PIN confirmation, handing the phone on).
Namespace ``sheets``, shared with ``urls_referee``; the root URLconf merges them."""

from django.urls import path

from marias_admin.sheets import views, views_access, views_offline

app_name = "sheets"

SHEET = "t/<int:tournament_id>/round/<int:number>/table/<int:table>/"

urlpatterns = [
    path(SHEET, views.table_page, name="table"),  # the QR code on the printed sheet
    path(SHEET + "hands/", views.hand_add_view, name="hand_add"),
    path(SHEET + "preview/", views.preview_view, name="preview"),
    path(SHEET + "hands/<int:hand>/edit/", views.hand_edit_view, name="hand_edit"),
    path(SHEET + "hands/<int:hand>/delete/", views.hand_delete_view, name="hand_delete"),
    path(SHEET + "totals/", views.totals_view, name="totals"),
    path(SHEET + "paper-totals/", views.paper_totals_view, name="paper_totals"),
    path(SHEET + "submit/", views.submit_view, name="submit"),
    path(SHEET + "confirm/", views.confirm_view, name="confirm"),
    path(SHEET + "dispute/", views.dispute_view, name="dispute"),
    path(SHEET + "reopen/", views.reopen_view, name="reopen"),
    path(SHEET + "scorekeeper/", views.scorekeeper_view, name="scorekeeper"),
    # Offline (issue 25): the queue's sync, and the worker and manifest scoped to this page.
    path(SHEET + "sync/", views_offline.sync_view, name="sync"),
    path(SHEET + "sw.js", views_offline.service_worker_view, name="service_worker"),
    path(SHEET + "manifest.webmanifest", views_offline.manifest_view, name="manifest"),
    # Table access without accounts (marias_admin.sheets.access).
    path("table/<str:token>/", views_access.table_link_view, name="table_link"),
    path(SHEET + "confirm-pin/", views_access.confirm_pin_view, name="confirm_pin"),
    path(SHEET + "access/leave/", views_access.leave_view, name="access_leave"),
]
