"""Helpers of the Pyramid tests, written from the seed (002) and design.md, not from the engine's code.

`Model` is the rules again, as plainly as possible: a set of pyramid indexes, a stock list and a waste list of
deal indexes, a pass counter, and a history of whole copies for undo. The cover relation is computed from
design.md's formula here, and nothing is imported from `pyramid_core.layout` or `pyramid_core.game`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine_support import RANKS, filled_deal

from pyramid_core.deal import Deal


def index(row: int, place: int) -> int:
    return row * (row + 1) // 2 + place


def coverers(i: int) -> tuple[int, ...]:
    """design.md: row r place j is index r(r+1)/2 + j, covered by row r+1 places j and j+1."""
    for row in range(7):
        for place in range(row + 1):
            if index(row, place) == i:
                return () if row == 6 else (index(row + 1, place), index(row + 1, place + 1))
    raise ValueError(i)


COVER = {i: coverers(i) for i in range(28)}


def rank_of(code: str) -> int:
    return RANKS.index(code[0]) + 1


class Model:
    """The seed's rules on one deal. Places: 0-27, 'S', 'W'."""

    def __init__(self, deal: Deal) -> None:
        self.codes = [c.code for c in deal.cards]
        self.present = set(range(28))
        self.stock = list(range(28, 52))  # top first
        self.waste: list[int] = []  # bottom first
        self.passes = 1
        self.history: list[tuple[set[int], list[int], list[int], int]] = []
        self.known = set(range(29))

    def rank(self, i: int) -> int:
        return rank_of(self.codes[i])

    def uncovered(self, i: int) -> bool:
        return i in self.present and not any(q in self.present for q in COVER[i])

    def card(self, place: int | str) -> int | None:
        """Deal index at a place, or None."""
        if place == "S":
            return self.stock[0] if self.stock else None
        if place == "W":
            return self.waste[-1] if self.waste else None
        assert isinstance(place, int)
        return place if place in self.present else None

    def playable(self) -> list[int | str]:
        out: list[int | str] = [i for i in range(28) if self.uncovered(i)]
        if self.stock:
            out.append("S")
        if self.waste:
            out.append("W")
        return out

    def legal(self) -> set[str]:
        """Every legal move in notation (pairs in both orders); none once the pyramid is cleared (won)."""
        moves: set[str] = set()
        if not self.present:
            return moves
        places = self.playable()
        for a in places:
            ia = self.card(a)
            assert ia is not None
            if self.rank(ia) == 13:
                moves.add(str(a))
            for b in places:
                ib = self.card(b)
                assert ib is not None
                if a != b and self.rank(ia) + self.rank(ib) == 13:
                    moves.add(f"{a}+{b}")
        if self.stock:
            moves.add("draw")
        if not self.stock and self.waste and self.passes < 3:
            moves.add("recycle")
        return moves

    def _save(self) -> None:
        self.history.append((set(self.present), list(self.stock), list(self.waste), self.passes))

    def remove(self, places: Sequence[int | str]) -> None:
        self._save()
        indexes = [self.card(p) for p in places]
        for p, i in zip(places, indexes, strict=True):
            if p == "S":
                self.stock.remove(i)  # type: ignore[arg-type]
            elif p == "W":
                self.waste.remove(i)  # type: ignore[arg-type]
            else:
                self.present.discard(i)  # type: ignore[arg-type]
        self._see()

    def draw(self) -> None:
        self._save()
        self.waste.append(self.stock.pop(0))
        self._see()

    def recycle(self) -> None:
        self._save()
        self.stock = list(self.waste)  # the first card drawn is the new top
        self.waste = []
        self.passes += 1
        self._see()

    def undo(self) -> None:
        self.present, self.stock, self.waste, self.passes = self.history.pop()

    def _see(self) -> None:
        if self.stock:
            self.known.add(self.stock[0])

    def play(self, move: str) -> None:
        if move == "draw":
            self.draw()
        elif move == "recycle":
            self.recycle()
        else:
            self.remove([p if p in ("S", "W") else int(p) for p in move.split("+")])

    def won(self) -> bool:
        return not self.present

    def stuck(self) -> bool:
        return bool(self.present) and not self.legal()


def build_deal(pyramid: dict[int, str] | None = None, stock: Sequence[str] = (),
               filler: Sequence[str] | None = None) -> Deal:
    """A deal with the given pyramid cards and first stock cards, the rest filled in `filler` order."""
    slots: list[str | None] = [None] * 52
    for i, code in (pyramid or {}).items():
        slots[i] = code
    return Deal.parse(filled_deal(slots, stock, filler))


def brute_force(deal: Deal, max_states: int = 300_000, moves: Sequence[str] = ()) -> bool | None:
    """Can the pyramid be cleared after `moves` from the start? A plain memoised search over the model's
    full state (no dominance, no pruning); None past `max_states`."""
    model = Model(deal)
    for move in moves:
        model.play(move)
    seen: set[tuple[frozenset[int], tuple[int, ...], tuple[int, ...], int]] = set()

    def search() -> bool | None:
        if model.won():
            return True
        key = (frozenset(model.present), tuple(model.stock), tuple(model.waste), model.passes)
        if key in seen:
            return False
        if len(seen) > max_states:
            return None
        seen.add(key)
        unknown = False
        for move in sorted(model.legal()):
            model.play(move)
            result = search()
            model.undo()
            if result:
                return True
            unknown = unknown or result is None
        return None if unknown else False

    return search()


def shuffle_unseen(deal: Deal, known: frozenset[int], rng: random.Random) -> Deal:
    """The deal with the cards at the unseen indexes shuffled among themselves."""
    cards = list(deal.cards)
    hidden = [i for i in range(52) if i not in known]
    moved = [cards[i] for i in hidden]
    rng.shuffle(moved)
    for i, c in zip(hidden, moved, strict=True):
        cards[i] = c
    return Deal(tuple(cards))
