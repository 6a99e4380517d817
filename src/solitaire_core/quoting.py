"""How error messages quote what the user typed, so that one stderr line stays one short line.

An error names the bad input, but the input may be huge (a 100,000-character argument, a line of a file):
`quote` shows a short prefix of it, and `clip` is the last guard on a whole message line. Every module that
names user input in an error (cards, and each game's deal, deal ID, moves and command line) uses these two,
so the limits live here, once for every game.
"""

from __future__ import annotations

from typing import Final

QUOTE_LIMIT: Final = 40
"""The most characters of an input an error message quotes."""
PATH_LIMIT: Final = 120
"""The most characters of a file path an error message quotes (a path's end is its file name)."""
LINE_LIMIT: Final = 240
"""The most characters of one error message line (the `error: ` prefix aside)."""
ELLIPSIS: Final = "…"


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` as `repr` shows it, or its first `limit` characters, an ellipsis and its length.

    `repr` escapes control characters, so a newline in the input cannot split the error line in two.
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}{ELLIPSIS} ({len(text):,} characters)"


def clip(message: str, limit: int = LINE_LIMIT) -> str:
    """`message` on one line of at most `limit` characters: line breaks become spaces, the rest is cut."""
    line = " ".join(message.splitlines())
    return line if len(line) <= limit else line[: limit - len(ELLIPSIS)] + ELLIPSIS
