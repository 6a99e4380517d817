"""Cards and their two-character codes: shared by every game, see `solitaire_core.cards`."""

from __future__ import annotations

from solitaire_core.cards import DECK_SIZE, FULL_DECK, RANK_CHARS, RANKS, SUIT_CHARS, Card

__all__ = ["DECK_SIZE", "FULL_DECK", "RANKS", "RANK_CHARS", "SUIT_CHARS", "Card"]
