"""Writing a benchmark's figures into docs/PERFORMANCE.md: each figure lives between two HTML comment
markers (`<!-- name:start -->`, `<!-- name:end -->`), which `--write` replaces, or adds under a heading when
the document has no such block yet."""

from __future__ import annotations

import argparse
import time

from harness import ROOT

DOC = ROOT / "docs" / "PERFORMANCE.md"


def markers(name: str) -> tuple[str, str]:
    """The start and end markers of the block `name`."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def replace_block(doc: str, start: str, end: str, text: str) -> str | None:
    """`doc` with the text between the markers `start` and `end` replaced; None when a marker is missing."""
    if start not in doc or end not in doc:
        return None
    head, rest = doc.split(start, 1)
    return head + f"{start}\n{text}\n{end}" + rest.split(end, 1)[1]


def add_under(doc: str, heading: str, block: str) -> str:
    """`doc` with `block` added at the end of the section `heading` (a `## ` line), or at the end of the
    document under a new such heading."""
    marker = f"\n{heading}\n"
    if marker not in doc:
        return doc.rstrip("\n") + f"\n\n{heading}\n\n{block}\n"
    head, rest = doc.split(marker, 1)
    cut = rest.find("\n## ")
    section, tail = (rest, "") if cut < 0 else (rest[:cut], rest[cut:])
    return head + marker + section.rstrip("\n") + f"\n\n{block}\n" + tail


def write_block(name: str, text: str, heading: str = "## Browser", subsection: str = "") -> None:
    """Put `text` in the block `name` of docs/PERFORMANCE.md; a new block goes at the end of the section
    `heading`, below its own `subsection` title when one is given."""
    start, end = markers(name)
    doc = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Performance\n"
    updated = replace_block(doc, start, end, text)
    if updated is None:
        block = f"{start}\n{text}\n{end}"
        updated = add_under(doc, heading, f"{subsection}\n\n{block}" if subsection else block)
    DOC.write_text(updated, encoding="utf-8")
    print(f"\nwritten to {DOC}")


def writing_arguments(doc: str | None) -> argparse.ArgumentParser:
    """The command line of a benchmark whose figures go into docs/PERFORMANCE.md: its whole docstring `doc`
    as the help, and `--write`; the script adds its own options."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="update docs/PERFORMANCE.md")
    return parser


def stamp() -> str:
    """The date and time of a run, UTC, as the figure blocks give it."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
