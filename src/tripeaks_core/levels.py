"""The difficulty levels as names and deal-ID letters: the shared `solitaire_core.levels.Level` (what a level
means for TriPeaks is in `difficulty`)."""

from __future__ import annotations

from solitaire_core.levels import Level

__all__ = ["Level"]
