"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

import marias_admin

PRODUCT_NAME = _("Mariáš tournament administration")


def site(request: HttpRequest) -> dict[str, object]:
    return {
        "PRODUCT_NAME": PRODUCT_NAME,
        "PRODUCT_VERSION": marias_admin.__version__,
        "DEBUG_BANNER": settings.DEBUG,
        # The login page links password reset only when a mail server can send the link.
        "PASSWORD_RESET_ENABLED": getattr(settings, "EMAIL_CONFIGURED", False),
    }
