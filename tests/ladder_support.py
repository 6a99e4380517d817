"""Ladder, the tests' own small game (tests/fourth_game/: its Python package under src/, its page parts under
web/): where it is, how a test registers it, and a deal with a known winning line. It lives outside src/ and
web/ on purpose: it proves that a game is added without editing a shared file (issue 19)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

FOLDER: Final = Path(__file__).resolve().parent / "fourth_game"
"""Laid out like the repository: src/ladder_core/, web/games/ladder/, web/i18n/ladder.<lang>.json."""
if str(FOLDER / "src") not in sys.path:
    sys.path.insert(0, str(FOLDER / "src"))

from ladder_core import ENTRY  # noqa: E402 - its folder goes on the path first

from solitaire_core import registry  # noqa: E402

WIN_DEAL: Final = "1"
"""Row 7D 9C 4D 8H, waste 8D: won by `WIN_LINE`."""
WIN_LINE: Final = ("a", "d", "b", "draw", "c")
REFUSED: Final = ("c", "not_adjacent")
"""On deal 1's start, `c` (4D on 8D) is refused as not one rank apart."""


@contextmanager
def registered() -> Iterator[registry.Entry]:
    """Ladder in the registry while the block runs, as a real game's registry line would put it."""
    registry.register(ENTRY)
    try:
        yield ENTRY
    finally:
        registry.unregister(ENTRY.id)


__all__ = ["ENTRY", "FOLDER", "REFUSED", "WIN_DEAL", "WIN_LINE", "registered"]
