"""``manage.py import_tournament <file.json> [--rename NAME] [--role-user OLD=LOCAL ...]``:
create an archived tournament."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from marias_admin.archive.importing import import_archive
from marias_admin.archive.validation import ArchiveError, read_archive


def _mapping(values: list[str]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for value in values:
        archived, sep, local = value.partition("=")
        if not sep or not archived or not local or archived in mapping:
            raise CommandError(_("--role-user takes ARCHIVE_USERNAME=LOCAL_USERNAME, each "
                                 "archived name once: %(value)s") % {"value": value})
        mapping[archived] = local
    return mapping


class Command(BaseCommand):
    help = _("Create a tournament from a JSON archive written by export_tournament.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--rename", metavar="NAME",
                            help=_("Import under this name (when the name and date are taken)."))
        parser.add_argument("--user", metavar="USERNAME",
                            help=_("Who imports it, for the audit log."))
        parser.add_argument(
            "--role-user", metavar="ARCHIVE_USERNAME=LOCAL_USERNAME", action="append",
            default=[], dest="role_users",
            help=_("Give the archived user's roles (and history) to this local user; "
                   "repeatable. Roles of users not mapped are left out."))

    def handle(self, *args, **options):
        user = None
        if options["user"]:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(_("There is no user %(name)s.") % {"name": options["user"]})
        role_users = _mapping(options["role_users"])
        path: Path = options["file"]
        try:
            document = read_archive(path)
        except ArchiveError as exc:
            raise CommandError(_("%(path)s cannot be read: %(error)s")
                               % {"path": path, "error": exc}) from exc
        try:
            report = import_archive(document, rename=options["rename"], user=user,
                                    role_users=role_users)
        except ArchiveError as exc:
            raise CommandError(_("Nothing was imported. %(error)s") % {"error": exc}) from exc
        self.stdout.write(_("Imported %(tournament)s as tournament %(id)s.")
                          % {"tournament": report.tournament, "id": report.tournament.pk})
        if report.roles_skipped:
            self.stdout.write(_("%(count)s roles were left out: give them with "
                                "--role-user ARCHIVE_USERNAME=LOCAL_USERNAME.")
                              % {"count": report.roles_skipped})
        if report.new_users:
            self.stdout.write(_("Inactive placeholder users created: %(names)s.")
                              % {"names": ", ".join(report.new_users)})
