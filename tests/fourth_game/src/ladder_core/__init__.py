"""Ladder: a tiny solitaire that exists only for the tests, to prove that the shared kernel and shell take a
game from outside the tree (issue 19, "A fourth game proves it"). It is written the way a real game is: the
kernel (`solitaire_core`) gives the deal-ID grammar, the end of a game, moves and undo, the log and its save,
the worker session and the protocol; this package says only what is its own.

The rules. Eight cards: four face up in a row (places `a`-`d`), one face up on the waste, three face down in
the stock. Take a row card one rank above or below the waste top (no wrap from king to ace): it becomes the
waste top. `draw` turns the next stock card onto the waste. Empty the row to win; with no take and no card
left to draw, the game is stuck.

`ENTRY` is its registry entry: a test registers it (`solitaire_core.registry.register`), and a site built
with it names it in config.json, from which the worker registers it (build.py's `Outside`).
"""

from __future__ import annotations

from typing import Final

from solitaire_core.registry import Entry

ENTRY: Final = Entry("ladder", "ladder_core", "Ladder")

__all__ = ["ENTRY"]
