"""The exceptions of the Pyramid engine: one class per kind of failure, all of them `ValueError`s.

Callers (the command line, the worker API) catch `PyramidError` and show its message; the class name says
what kind of input was wrong. A refused move is not an exception but data (`moves.Rejection`); only
`Game.pair` and friends raise `IllegalMove` for it, for callers that prefer exceptions.
"""

from __future__ import annotations


class PyramidError(ValueError):
    """Base class of every error the engine raises on bad input."""


class DealError(PyramidError):
    """A deal in notation that is not 52 distinct upper-case card codes separated by single spaces."""


class DealIdError(PyramidError):
    """A deal ID that is not a bare decimal number in range."""


class PositionError(PyramidError):
    """A place out of range, or naming a card that is not there (gone, or an empty stock or waste)."""


class MoveError(PyramidError):
    """A move text that is not in the move notation of `design.md`."""


class SaveError(PyramidError):
    """A saved game that cannot be restored: corrupted, tampered with, or of another version."""


def quote(text: str, limit: int = 40) -> str:
    """`repr` of `text`, cut to its first `limit` characters so an error line stays short for huge input."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"... ({len(text)} characters)"
