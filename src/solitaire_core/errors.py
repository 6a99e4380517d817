"""The errors every game shares: one base class, `SolitaireError` (a `ValueError`), and the kinds of bad input
that the shared pieces themselves detect.

Callers (a game's command line, its worker session) catch `SolitaireError` and show its message; the class
name says what kind of input was wrong. A game adds its own subclasses (its `errors` module), and may call
the base by its own name (an alias of this class), so `except` on that name still catches every error.
"""

from __future__ import annotations


class SolitaireError(ValueError):
    """Base class of every error an engine raises on bad input."""


class CardError(SolitaireError):
    """A card code that is not a rank `A23456789TJQK` followed by a suit `CDHS`."""


class SaveError(SolitaireError):
    """A saved game that cannot be restored: corrupted, tampered with, or of another version."""


class RequestError(SolitaireError):
    """A request the protocol does not know: unknown op, missing or ill-typed argument, not JSON, too large
    or nested too deeply."""
