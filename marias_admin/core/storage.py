"""Static files storage for serving with DEBUG off."""

from __future__ import annotations

import logging

from whitenoise.storage import CompressedManifestStaticFilesStorage

log = logging.getLogger(__name__)


class StaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed files — but pages still render before ``collectstatic``.

    Without a manifest Django raises on every ``{% static %}``, so a server started without
    ``collectstatic`` (``manage.py runserver`` with DEBUG off) would answer every page with a
    500. Here such a page keeps the plain file name and only its styles are missing; the log
    says why. Once collected, a name missing from the manifest is an error as usual.
    """

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:
            log.warning("No staticfiles manifest: run 'manage.py collectstatic' (%s)", name)
            return name
        return super().stored_name(name)
