"""Ladder's exact solver: a depth-first search over every line from a position whose cards are all known.

Eight cards make at most 2**4 row states times 8 waste tops times 4 stock heights, so the search is exhaustive
and instant; positions that cannot be won are remembered so that none is searched twice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solitaire_core.cards import Card
from solitaire_core.verdict import SolveResult, Verdict

from .game import Game, adjacent
from .moves import DRAW, PLACES

Row = tuple[Card | None, ...]


@dataclass
class _Search:
    nodes: int = 0

    def __post_init__(self) -> None:
        self.lost: set[tuple[Row, Card, tuple[Card, ...]]] = set()

    def line(self, row: Row, waste: Card, stock: tuple[Card, ...]) -> list[str] | None:
        """A winning line from this position (moves in notation), or `None` when there is none."""
        self.nodes += 1
        if not any(row):
            return []
        key = (row, waste, stock)
        if key in self.lost:
            return None
        for place, card in enumerate(row):
            if card is not None and adjacent(card, waste):
                rest = self.line((*row[:place], None, *row[place + 1:]), card, stock)
                if rest is not None:
                    return [PLACES[place], *rest]
        if stock:
            rest = self.line(row, stock[0], stock[1:])
            if rest is not None:
                return [DRAW, *rest]
        self.lost.add(key)
        return None


def solve(row: Row, waste: Card, stock: tuple[Card, ...]) -> SolveResult[str]:
    """Win (with the line) or lost, from a position given by its cards (the stock top first)."""
    started = time.perf_counter()
    search = _Search()
    line = search.line(row, waste, stock)
    verdict = Verdict.LOST if line is None else Verdict.WIN
    return SolveResult(verdict, tuple(line or ()), search.nodes, (time.perf_counter() - started) * 1000)


def solve_game(game: Game) -> SolveResult[str]:
    """The game's position solved with every card shown (for the solution, which shows them all)."""
    cards = game.deal.cards
    stock = tuple(cards[i] for i in reversed(game.stock_indexes))
    return solve(tuple(game.row_card(p) for p in range(len(PLACES))), game.waste_top, stock)
