"""The public address of the server: the one phones use, on which printed QR codes and table
links are built.

Where it comes from, first found wins (:class:`AddressSource`):

1. the site setting an organiser saved on the "Table links and PINs" page
   (:class:`~marias_admin.core.models.SiteSetting`, written by
   :func:`marias_admin.core.services.public_url_set`);
2. the environment, ``DJANGO_PUBLIC_URL`` (``settings.MARIAS_PUBLIC_URL``; ``make run`` sets it
   to the laptop's LAN address);
3. the address of the browser asking, the last resort (127.0.0.1 on the organiser's laptop,
   which no phone can reach: the pages say so).

An address is only a scheme and a host (with its port): ``http://192.168.1.20:8000``, never a
path, and never a loopback host (127.x, ``localhost``, ``::1``), which on a phone means the
phone itself.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpRequest
from django.http.request import split_domain_port, validate_host
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

MAX_LENGTH = 200
EXAMPLE = "http://192.168.1.20:8000"
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST_NAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*\.?$")
_REQUEST_CACHE = "_marias_public_address"


class AddressSource(models.TextChoices):
    """Where the address in effect comes from."""

    SETTING = "setting", _("the setting saved here")
    ENVIRONMENT = "environment", _("the server's environment (DJANGO_PUBLIC_URL)")
    BROWSER = "browser", _("this browser's address")


@dataclass(frozen=True)
class PublicAddress:
    url: str  # without a trailing slash; '' only without a request to take it from
    source: AddressSource

    @property
    def host(self) -> str:
        return address_host(self.url)

    @property
    def loopback(self) -> bool:
        return bool(self.url) and is_loopback(self.host)

    @property
    def allowed(self) -> bool:
        """Whether this server answers to the address's host (``DJANGO_ALLOWED_HOSTS``):
        otherwise every phone gets "Bad Request"."""
        if not self.url:
            return True
        allowed = list(settings.ALLOWED_HOSTS)
        if settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]
        domain, _port = split_domain_port(urlsplit(self.url).netloc.rpartition("@")[2])
        return bool(domain) and validate_host(domain, allowed)


def address_host(url: str) -> str:
    """The host of an address, lowercase, without brackets or port ('' if none)."""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def is_loopback(host: str) -> bool:
    """127.x, ::1 (also as an IPv4-mapped address), 0.0.0.0, ``localhost`` and its names."""
    host = host.strip().strip("[]").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    return ip.is_loopback or ip.is_unspecified


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return len(host) <= 253 and bool(_HOST_NAME.match(host)) and not host.replace(
            ".", "").isdigit()  # 300.1.2.3 is neither an address nor a name
    return True


def normalise(value: str) -> str:
    """A valid public address in its stored form (``http://host:port``, lowercase scheme and
    host, no trailing slash); '' stays '' (no setting). Raises :class:`ValidationError` with a
    message saying what to type instead."""
    value = (value or "").strip()
    if not value:
        return ""
    if len(value) > MAX_LENGTH:
        raise ValidationError(
            gettext("The address is too long (at most %(max)s characters).") % {"max": MAX_LENGTH},
            code="max_length")
    if any(ch.isspace() for ch in value) or any(ord(ch) < 32 for ch in value):
        raise ValidationError(gettext("An address contains no spaces."), code="spaces")
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        raise ValidationError(
            gettext("This is not a valid address. Type it like %(example)s.")
            % {"example": EXAMPLE}, code="invalid") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValidationError(
            gettext("Start the address with http:// or https://, e.g. %(example)s.")
            % {"example": EXAMPLE}, code="scheme")
    host = (parts.hostname or "").lower()
    if not host:
        raise ValidationError(
            gettext("The address needs the server's name or IP address, e.g. %(example)s.")
            % {"example": EXAMPLE}, code="host")
    if "@" in parts.netloc:
        raise ValidationError(gettext("An address contains no user name or password."),
                              code="userinfo")
    if parts.path not in ("", "/") or parts.query or parts.fragment or value.endswith(
            ("?", "#")):
        raise ValidationError(
            gettext("Type only the server's address, without a path or query: e.g. "
                    "%(example)s.") % {"example": EXAMPLE}, code="path")
    if not _valid_host(host):
        raise ValidationError(
            gettext("“%(host)s” is not a valid server name or IP address.") % {"host": host},
            code="host")
    if is_loopback(host):
        raise ValidationError(
            gettext("%(host)s is this computer's own (loopback) address: on a phone it means "
                    "the phone itself, so phones could not open the links. Use the address of "
                    "this computer on the hall's network, e.g. %(example)s.")
            % {"host": host, "example": EXAMPLE}, code="loopback")
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        if port == 0:
            raise ValidationError(gettext("The port must be a number from 1 to 65535."),
                                  code="port")
        netloc += f":{port}"
    return f"{parts.scheme.lower()}://{netloc}"


def saved_url() -> str:
    """The address saved as the site setting ('' when none)."""
    from marias_admin.core.models import SiteSetting

    return (SiteSetting.objects.filter(pk=SiteSetting.SINGLETON_PK)
            .values_list("public_url", flat=True).first() or "")


def environment_url() -> str:
    return (settings.MARIAS_PUBLIC_URL or "").strip().rstrip("/")


def configured() -> PublicAddress | None:
    """The configured address (the setting, else the environment), or None."""
    saved = saved_url()
    if saved:
        return PublicAddress(saved, AddressSource.SETTING)
    env = environment_url()
    if env:
        return PublicAddress(env, AddressSource.ENVIRONMENT)
    return None


def effective(request: HttpRequest | None) -> PublicAddress:
    """The address links are built on for this request (read once per request)."""
    cached = getattr(request, _REQUEST_CACHE, None) if request is not None else None
    if cached is not None:
        return cached
    found = configured()
    if found is None:
        url = request.build_absolute_uri("/").rstrip("/") if request is not None else ""
        found = PublicAddress(url, AddressSource.BROWSER)
    if request is not None:
        setattr(request, _REQUEST_CACHE, found)
    return found


def forget(request: HttpRequest | None) -> None:
    """Drop the address remembered for this request (after it was changed)."""
    if request is not None and hasattr(request, _REQUEST_CACHE):
        delattr(request, _REQUEST_CACHE)
