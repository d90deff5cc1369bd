"""Every reference points inside the repository (issue 22 item 7).

The domain knowledge the code and tests cite lives in docs/; the team's notes outside the
repository are not cited any more, every docs/ page named exists (with the heading an anchor
names), and every worked example cited by its id ("example 4.5") is a heading of
docs/csm-licitovany.md. Pure: reads files only.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

# Names of the outside notes and their folders; split so that this file does not name them.
OUTSIDE = ("domain" + ".md", "variants" + ".md", "research" + "/", "pb-" + "tables",
           "../" + "shared", "/" + "work/")
OUTSIDE_PATTERN = re.compile("|".join(re.escape(name) for name in OUTSIDE))
DOC_LINK = re.compile(r"(?<![\w/.-])docs/([\w.-]+\.md)(?:#([\w-]+))?")
EXAMPLE_IDS = re.compile(r"\bexamples? (4\.\d+(?![.\d])(?:(?:, | and )4\.\d+(?![.\d]))*)",
                         re.IGNORECASE)
EXAMPLE_HEADING = re.compile(r"^#{2,4} Example (4\.\d+)\b", re.MULTILINE)


def _files() -> list[Path]:
    """The repository's files (tracked, and new ones not ignored), without translations."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    return [ROOT / name for name in listed
            if not name.startswith(("locale/", ".venv/")) and (ROOT / name).is_file()]


def _texts() -> list[tuple[str, str]]:
    """(path, text) of every text file; binaries are skipped."""
    texts = []
    for path in _files():
        raw = path.read_bytes()
        if b"\0" in raw:
            continue
        try:
            texts.append((str(path.relative_to(ROOT)), raw.decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return texts


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, '-' for
    spaces."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {_anchor(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def test_nothing_cites_notes_outside_the_repository() -> None:
    hits = [f"{name}:{number}: {line.strip()[:120]}"
            for name, text in _texts()
            for number, line in enumerate(text.splitlines(), start=1)
            if OUTSIDE_PATTERN.search(line)]
    assert not hits, "cites notes outside the repository:\n" + "\n".join(hits)


def test_every_docs_page_named_exists() -> None:
    missing = []
    for name, text in _texts():
        for m in DOC_LINK.finditer(text):
            page, anchor = DOCS / m.group(1), m.group(2)
            if not page.is_file():
                missing.append(f"{name}: docs/{m.group(1)}")
            elif anchor and anchor.lower() not in _anchors(page):
                missing.append(f"{name}: docs/{m.group(1)}#{anchor} (no such heading)")
    assert not missing, "\n".join(sorted(set(missing)))


def test_every_cited_worked_example_is_a_heading() -> None:
    headings = set(EXAMPLE_HEADING.findall((DOCS / "csm-licitovany.md").read_text("utf-8")))
    assert {f"4.{n}" for n in range(1, 14)} <= headings
    cited = {(name, number) for name, text in _texts() for m in EXAMPLE_IDS.finditer(text)
             for number in re.findall(r"4\.\d+", m.group(1))}
    assert cited, "no worked example is cited"
    unknown = sorted(f"{name}: example {number}" for name, number in cited
                     if number not in headings)
    assert not unknown, "\n".join(unknown)
