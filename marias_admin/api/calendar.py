"""iCalendar text (RFC 5545), written by hand: the feed needs one component and six properties.

What the RFC asks and this module does: lines end in CRLF (3.1); a line longer than 75 octets
is folded, the continuation starting with one space, never splitting a UTF-8 character (3.1);
TEXT values escape backslash, semicolon, comma and newline (3.3.11); an all-day event has
``DTSTART;VALUE=DATE`` and an exclusive ``DTEND`` the next day (3.6.1); ``DTSTAMP`` is UTC
(3.8.7.2); every event has a ``UID`` that stays the same for ever (3.8.4.7), see
:mod:`.identity`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

CRLF = "\r\n"
MAX_OCTETS = 75
PRODID = "-//marias-admin//Mariáš tournaments//CS"


@dataclass(frozen=True)
class Event:
    uid: str
    day: date
    summary: str
    stamp: datetime  # when the event's data was written (UTC)
    location: str = ""
    url: str = ""
    description: str = ""


def escape(text: str) -> str:
    """A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11)."""
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))


def fold(line: str) -> str:
    """Fold a content line into pieces of at most 75 octets, each continuation led by a space
    (which counts in its 75), splitting between characters, not inside one."""
    pieces: list[str] = []
    current: list[str] = []
    size, limit = 0, MAX_OCTETS
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            pieces.append("".join(current))
            current, size, limit = [], 0, MAX_OCTETS - 1
        current.append(char)
        size += width
    pieces.append("".join(current))
    return (CRLF + " ").join(pieces)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _event_lines(event: Event) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{event.uid}",
        f"DTSTAMP:{_stamp(event.stamp)}",
        f"DTSTART;VALUE=DATE:{event.day:%Y%m%d}",
        f"DTEND;VALUE=DATE:{event.day + timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{escape(event.summary)}",
    ]
    if event.location:
        lines.append(f"LOCATION:{escape(event.location)}")
    if event.description:
        lines.append(f"DESCRIPTION:{escape(event.description)}")
    if event.url:
        lines.append(f"URL:{event.url}")  # a URI value: not escaped (3.3.13)
    lines.append("END:VEVENT")
    return lines


def calendar(events: Iterable[Event], name: str) -> str:
    """The whole VCALENDAR, CRLF after every line including the last."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{escape(name)}"]
    for event in events:
        lines.extend(_event_lines(event))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)
