"""The deal shuffle (SplitMix64 and Fisher-Yates): shared by every game, see `solitaire_core.shuffle`."""

from __future__ import annotations

from solitaire_core.shuffle import bounded, shuffled_indexes, splitmix64

__all__ = ["bounded", "shuffled_indexes", "splitmix64"]
