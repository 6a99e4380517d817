"""How error messages quote what the user typed: shared by every game, see `solitaire_core.quoting`."""

from __future__ import annotations

from solitaire_core.quoting import ELLIPSIS, LINE_LIMIT, PATH_LIMIT, QUOTE_LIMIT, clip, quote

__all__ = ["ELLIPSIS", "LINE_LIMIT", "PATH_LIMIT", "QUOTE_LIMIT", "clip", "quote"]
