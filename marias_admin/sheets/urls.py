"""The table sheet: its page (``sheets:table``, the QR code's URL) and its writes."""

from django.urls import path

from marias_admin.sheets import (
    urls_referee,
    views,
    views_access,
)

app_name = "sheets"  # shared with urls_referee, whose patterns are appended below

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
    # Table access without accounts (marias_admin.sheets.access).
    path("table/<str:token>/", views_access.table_link_view, name="table_link"),
    path(SHEET + "confirm-pin/", views_access.confirm_pin_view, name="confirm_pin"),
    path(SHEET + "access/leave/", views_access.leave_view, name="access_leave"),
    path("t/<int:tournament_id>/round/<int:number>/access/", views_access.round_access_view,
         name="round_access"),
    path("t/<int:tournament_id>/round/<int:number>/access/address/",
         views_access.public_address_view, name="public_address"),
    path(SHEET + "access/regenerate/", views_access.access_regenerate_view,
         name="access_regenerate"),
    path(SHEET + "access/unlock/", views_access.pins_unlock_view, name="pins_unlock"),
]

# The referee's pages share the namespace: one URLconf, so Django can reverse all of its names.
urlpatterns += urls_referee.urlpatterns
