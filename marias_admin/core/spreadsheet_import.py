"""One spreadsheet import flow: upload → preview → confirm, the same for every import.

An import (the player list, the team list, the federation imports to come) declares only what
is its own in a subclass of :class:`SpreadsheetImport`: its reader, preview and commit, its
pages and texts. Everything else is done here once, so that every import refuses the same way:
the upload cut off at the size limit on its way in, the file read by the upload form (a file
that cannot be read names why), the parsed rows kept in the session (never on disk), the
preview with a fingerprint of what the commit would do, the confirmation refused when that
fingerprint went stale, and the messages afterwards (rows left out for their errors named).

Here in ``core`` because every app with an import stands above it; the apps' own models,
permission checks and URLs stay with them (the tournament is only an object with a ``pk``).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import asdict
from enum import StrEnum
from functools import wraps
from typing import Any, Generic, TypeVar

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 * 1024
ALLOWED_EXTENSIONS = (".xlsx", ".csv")
ACCEPTED_TYPES = (".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,"
                  "text/csv")


def max_upload_bytes() -> int:
    return int(getattr(settings, "MARIAS_IMPORT_MAX_BYTES", 0) or DEFAULT_MAX_UPLOAD_BYTES)


def size_label(size: int) -> str:
    """2097152 -> "2 MB", 1536 -> "1.5 kB": how a limit is named to the organiser."""
    for unit, factor in (("MB", 1024 * 1024), ("kB", 1024)):
        if size >= factor:
            value = size / factor
            return f"{value:.0f} {unit}" if value.is_integer() else f"{value:.1f} {unit}"
    return f"{size} B"


class ImportFileError(Exception):
    """The file cannot be read as the list asked for; ``message`` says why, for the organiser."""

    def __init__(self, message: Any):
        super().__init__(str(message))
        self.message = message


class RowStatus(StrEnum):
    OK = "ok"  # will be imported (perhaps with notes)
    SKIP = "skip"  # fine, but nothing to do (already registered)
    ERROR = "error"  # not imported


STATUS_LABELS = {
    RowStatus.OK: gettext_lazy("OK"),
    RowStatus.SKIP: gettext_lazy("skipped"),
    RowStatus.ERROR: gettext_lazy("error"),
}


class KeptFile:
    """A parsed file as kept in the session between the steps (JSON, never on disk): mixed
    into a dataclass whose ``rows`` are dataclasses of the class named by ``row_type``."""

    row_type: type

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        """Back from :meth:`as_dict` (KeyError, TypeError or ValueError if it is not that)."""
        return cls(**{**data, "rows": [cls.row_type(**row) for row in data["rows"]]})


class RowsByStatus:
    """A preview's rows sorted by what the commit does with them (``rows`` set by the dataclass
    that mixes this in)."""

    rows: list[Any]

    @property
    def importable(self) -> list[Any]:
        return [r for r in self.rows if r.status is RowStatus.OK]

    @property
    def errors(self) -> list[Any]:
        return [r for r in self.rows if r.status is RowStatus.ERROR]

    @property
    def skipped(self) -> list[Any]:
        return [r for r in self.rows if r.status is RowStatus.SKIP]


def fingerprint_of(state: Any) -> str:
    """A short digest of (JSON-able) ``state``: what a preview shows, so that a confirmation
    of a preview that no longer holds can be told apart and refused."""
    return hashlib.sha256(json.dumps(state, ensure_ascii=False).encode()).hexdigest()[:32]


# -- the upload ------------------------------------------------------------------------------


class UploadLimitHandler(FileUploadHandler):
    """Drops an uploaded file as soon as it passes the import limit, so that a huge upload
    is never written to memory or disk whole; the form then names the limit."""

    # Request bodies may carry a little more than the file (the other fields, boundaries).
    OVERHEAD = 64 * 1024

    def __init__(self, request: HttpRequest, limit: int) -> None:
        super().__init__(request)
        self.limit = limit
        self.exceeded = False

    def handle_raw_input(self, input_data: Any, META: Any, content_length: int,
                         boundary: Any, encoding: Any = None) -> None:
        if content_length and content_length > self.limit + self.OVERHEAD:
            self.exceeded = True

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if self.exceeded or start + len(raw_data) > self.limit:
            self.exceeded = True
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


View = Callable[..., HttpResponse]


def upload_limited(view: View) -> View:
    """Put the :class:`UploadLimitHandler` in place before anything reads the request body,
    and hand it to ``view`` as ``limiter``. The view checks CSRF itself (``csrf_protect``
    innermost): the check reads the body, which must not happen before the limit is set."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        limiter = UploadLimitHandler(request, max_upload_bytes())
        request.upload_handlers.insert(0, limiter)
        return view(request, *args, limiter=limiter, **kwargs)

    return wrapper


def too_large_error(size: int | None) -> forms.ValidationError:
    """The refusal of an upload over the limit (``size`` None: known only to exceed it)."""
    limit = max_upload_bytes()
    if size is None:
        return forms.ValidationError(
            gettext_lazy("The file is too large; at most %(max)s can be imported."),
            code="size", params={"max": size_label(limit)})
    return forms.ValidationError(
        gettext_lazy("The file is too large (%(size)s kB); at most %(max)s can be imported."),
        code="size", params={"size": size // 1024, "max": size_label(limit)})


class SpreadsheetUploadForm(forms.Form):
    """The upload of one .xlsx or .csv file, read by :meth:`read` into what the import keeps.

    A subclass declares ``file`` (its label and help text) and :meth:`read`."""

    extension_message: Any = gettext_lazy(
        "Only .xlsx and .csv files can be imported; “%(name)s” is neither.")

    def __init__(self, *args: Any, too_large: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.too_large = too_large  # the upload was cut off on the way in (upload_limited)

    def read(self, filename: str, data: bytes) -> Any:
        """The file parsed; :class:`ImportFileError` if it cannot be."""
        raise NotImplementedError

    def clean(self) -> dict:
        if self.too_large:
            self.errors.pop("file", None)
            self.add_error("file", too_large_error(None))
        return super().clean()

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        name = upload.name or ""
        if not name.lower().endswith(ALLOWED_EXTENSIONS):
            raise forms.ValidationError(self.extension_message, code="extension",
                                        params={"name": name})
        limit = max_upload_bytes()
        if upload.size > limit:
            raise too_large_error(upload.size)
        try:
            data = upload.read(limit + 1)
        except OSError as exc:
            raise forms.ValidationError(gettext_lazy("The file could not be read."),
                                        code="read") from exc
        if len(data) > limit:
            raise too_large_error(len(data))
        try:
            return self.read(name, data)
        except ImportFileError as exc:
            raise forms.ValidationError(exc.message, code="unreadable") from exc


def spreadsheet_file_field(label: Any, help_text: Any) -> forms.FileField:
    return forms.FileField(label=label, help_text=help_text,
                           widget=forms.ClearableFileInput(attrs={"accept": ACCEPTED_TYPES}))


# -- the pages -------------------------------------------------------------------------------

Parsed = TypeVar("Parsed")  # the parsed file, kept in the session between the steps


class SpreadsheetImport(Generic[Parsed]):
    """The steps of one import. The app's views find the tournament and check who may import
    into it, then call :meth:`upload_page`, :meth:`preview_page` and :meth:`confirm`.

    A subclass sets the attributes and provides the methods that raise NotImplementedError.
    The URL names are ``<namespace>:import`` and ``<namespace>:import_preview``.
    """

    namespace: str  # of the URLs, and the session key
    parsed_type: type[KeptFile]  # what the upload form reads, kept in the session
    upload_form: type[SpreadsheetUploadForm]
    confirm_form: type[forms.Form]  # with a hidden ``fingerprint``
    upload_template: str
    preview_template: str
    column_labels: Mapping[str, Any]  # field -> its name in the preview
    changed_error: type[ValidationError]  # the commit's refusal of a stale preview
    cancel_url: str  # URL names, given the tournament id
    done_url: str
    log_name: str  # "player import"
    upload_first: Any  # texts for the organiser
    nothing_to_confirm: Any
    confirm_incomplete: Any

    def page_context(self, tournament: Any) -> dict[str, Any]:
        raise NotImplementedError

    def preview(self, tournament: Any, parsed: Parsed) -> Any:
        raise NotImplementedError

    def preview_context(self, request: HttpRequest, preview: Any) -> dict[str, Any]:
        """What the preview page shows beyond the shared context."""
        return {}

    def commit(self, request: HttpRequest, tournament: Any, parsed: Parsed,
               confirmed: dict[str, Any]) -> Any:
        """Write the import; the result has ``error_rows``."""
        raise NotImplementedError

    def report(self, request: HttpRequest, result: Any) -> None:
        """The messages saying what the commit did."""
        raise NotImplementedError

    # -- the session ---------------------------------------------------------------------------

    def session_key(self, tournament: Any) -> str:
        return f"{self.namespace}.import.{tournament.pk}"

    def stored(self, request: HttpRequest, tournament: Any) -> Parsed | None:
        data = request.session.get(self.session_key(tournament))
        if not data:
            return None
        try:
            parsed: Parsed = self.parsed_type.from_dict(data)
            return parsed
        except (KeyError, TypeError, ValueError):
            self.forget(request, tournament)
            return None

    def forget(self, request: HttpRequest, tournament: Any) -> None:
        request.session.pop(self.session_key(tournament), None)

    def _redirect(self, step: str, tournament: Any) -> HttpResponse:
        return redirect(f"{self.namespace}:{step}", tournament_id=tournament.pk)

    # -- the steps -----------------------------------------------------------------------------

    def upload_page(self, request: HttpRequest, tournament: Any,
                    limiter: UploadLimitHandler) -> HttpResponse:
        """The upload form; a readable file is parsed, kept in the session and previewed."""
        if request.method == "POST":
            form = self.upload_form(request.POST, request.FILES, too_large=limiter.exceeded)
            if form.is_valid():
                request.session[self.session_key(tournament)] = form.cleaned_data["file"].as_dict()
                return self._redirect("import_preview", tournament)
        else:
            form = self.upload_form()
        return render(request, self.upload_template, {
            **self.page_context(tournament), "form": form,
            "pending": self.stored(request, tournament) is not None})

    def preview_page(self, request: HttpRequest, tournament: Any) -> HttpResponse:
        """Every row of the uploaded file with what will happen to it. Writes nothing."""
        parsed = self.stored(request, tournament)
        if parsed is None:
            messages.info(request, self.upload_first)
            return self._redirect("import", tournament)
        preview = self.preview(tournament, parsed)
        form = self.confirm_form(initial={"fingerprint": preview.fingerprint})
        return render(request, self.preview_template, {
            **self.page_context(tournament), "preview": preview, "form": form,
            "columns": [(header, str(self.column_labels.get(name, name)))
                        for name, header in preview.columns.items()],
            "status_labels": {s.value: label for s, label in STATUS_LABELS.items()},
            "error_rows": [row.row for row in preview.errors],
            **self.preview_context(request, preview)})

    def confirm(self, request: HttpRequest, tournament: Any) -> HttpResponse:
        """Write the previewed import (or drop it, with ``cancel``)."""
        if "cancel" in request.POST:
            self.forget(request, tournament)
            messages.info(request, _("The import was cancelled; nothing was written."))
            return redirect(self.cancel_url, tournament_id=tournament.pk)
        parsed = self.stored(request, tournament)
        if parsed is None:
            messages.error(request, self.nothing_to_confirm)
            return self._redirect("import", tournament)
        form = self.confirm_form(request.POST)
        if not form.is_valid():
            messages.error(request, self.confirm_incomplete)
            return self._redirect("import_preview", tournament)
        try:
            result = self.commit(request, tournament, parsed, form.cleaned_data)
        except self.changed_error as exc:
            messages.error(request, " ".join(str(m) for m in exc.messages))
            return self._redirect("import_preview", tournament)
        except (ValidationError, DatabaseError) as exc:
            logging.getLogger(type(self).__module__).warning(
                "%s into tournament %s failed: %r", self.log_name, tournament.pk, exc)
            detail = (" ".join(str(m) for m in exc.messages)
                      if isinstance(exc, ValidationError) else "")
            messages.error(request, _("The import failed and nothing was written. %(detail)s")
                           % {"detail": detail})
            return self._redirect("import_preview", tournament)
        self.forget(request, tournament)
        self.report(request, result)
        if result.error_rows:
            messages.warning(request, _("Rows not imported because of errors: %(rows)s.")
                             % {"rows": ", ".join(str(r) for r in result.error_rows)})
        return redirect(self.done_url, tournament_id=tournament.pk)
