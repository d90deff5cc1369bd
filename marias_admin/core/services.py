"""Writes to the site settings: validated, in one transaction, audited."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import pagecache, public_address
from marias_admin.core.models import SiteSetting


@transaction.atomic
def public_url_set(*, user: Any, url: str, tournament: Any = None) -> SiteSetting:
    """Save the public address QR codes and links are built on ('' clears it: the environment's
    ``DJANGO_PUBLIC_URL`` applies again). ``tournament``: the one whose page it was changed
    from, so that its log shows the change.

    Raises :class:`ValidationError` (``{"public_url": …}``) for anything but an http(s)
    address of a host phones can reach, without a path."""
    try:
        value = public_address.normalise(url)
    except ValidationError as error:
        raise ValidationError({"public_url": error.messages}) from None
    setting, _created = SiteSetting.objects.select_for_update().get_or_create(
        pk=SiteSetting.SINGLETON_PK)
    before = setting.public_url
    if value == before:
        return setting
    setting.public_url = value
    setting.updated_by = user if getattr(user, "is_authenticated", False) else None
    setting.save()
    empty = _("(not set)")
    audit_record(user=user, action=AuditAction.SITE_PUBLIC_URL, obj=setting, tournament=tournament,
                 before={"public_url": before}, after={"public_url": value},
                 summary=_("Public address for QR codes and links: %(before)s → %(after)s")
                 % {"before": before or empty, "after": value or empty})
    # Every cached public page is stale: none should keep an absolute link to the old address.
    pagecache.bump(pagecache.GLOBAL)
    return setting
