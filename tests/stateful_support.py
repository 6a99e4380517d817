"""What the games' Hypothesis state machines share: the rule that draws or recycles many times in a row, the
same in every game with a stock that recycles (Klondike, Pyramid)."""

from __future__ import annotations

from collections.abc import Collection, Sized
from typing import Protocol

from hypothesis import strategies as st
from hypothesis.stateful import rule


class StockModel(Protocol):
    """The part of a test model the rule reads: its stock and its legal moves in notation."""

    @property
    def stock(self) -> Sized:
        """The model's stock (only whether it is empty counts)."""
        ...

    def legal(self) -> Collection[str]:
        """The legal moves in notation."""
        ...


class DrawsAndRecycles:
    """A state machine's mixin: the rule `draw_or_recycle_many`, which plays `_do` (the machine's own step:
    the move on the game and on the model, checked to be legal) with `draw`, or `recycle` once the stock is
    empty, up to `count` times while the model allows it."""

    model: StockModel

    def _do(self, move: str) -> None:
        raise NotImplementedError

    @rule(count=st.integers(1, 30))
    def draw_or_recycle_many(self, count: int) -> None:
        for _ in range(count):
            move = "draw" if self.model.stock else "recycle"
            if move not in self.model.legal():
                return
            self._do(move)
