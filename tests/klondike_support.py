"""Helpers of the Klondike tests, written from the seed (003) and design.md, not from the engine's code.

`Model` is the rules again, as plainly as possible: seven lists of `[code, face_up]`, a stock list (next card
first), a waste list (top last), four foundation counts, a recycle count, and whole copies for undo. Nothing
is imported from `klondike_core.rules` or `klondike_core.game`; only `Deal` is used to read deals. The deck's
codes, the filling of a deal and the resealing of a save are the shared `engine_support`'s.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engine_support import ALL_CODES, RANKS, SUITS, filled_deal

from klondike_core.deal import Deal
from solitaire_core.cards import Card


def rank_of(code: str) -> int:
    return RANKS.index(code[0]) + 1


def suit_of(code: str) -> int:
    return SUITS.index(code[1])


def red(code: str) -> bool:
    return code[1] in "DH"


def column_range(c: int) -> range:
    """design.md: column c holds indexes c(c+1)/2 to c(c+1)/2 + c, the last face up."""
    start = c * (c + 1) // 2
    return range(start, start + c + 1)


class Model:
    """The seed's rules on one deal; with `draw` 3, design.md's draw three (a draw turns up to three cards
    one by one onto the waste, each known from then on)."""

    def __init__(self, deal: Deal, draw: int = 1) -> None:
        self.draw = draw
        codes = [c.code for c in deal.cards]
        self.columns: list[list[list[Any]]] = [
            [[codes[i], i == column_range(c)[-1]] for i in column_range(c)] for c in range(7)
        ]
        self.stock = codes[28:]
        self.waste: list[str] = []
        self.found = [0, 0, 0, 0]
        self.recycles = 0
        self.history: list[Any] = []
        self.known = {col[-1][0] for col in self.columns}

    # where cards are
    def movable(self) -> dict[str, tuple[str, int, int]]:
        """Every card that may start a move: code -> (where, column, depth)."""
        out: dict[str, tuple[str, int, int]] = {}
        if self.waste:
            out[self.waste[-1]] = ("W", -1, -1)
        for c, col in enumerate(self.columns):
            for d, (code, up) in enumerate(col):
                if up:
                    out[code] = ("T", c, d)
        for s in range(4):
            if self.found[s]:
                out[RANKS[self.found[s] - 1] + SUITS[s]] = ("F", s, -1)
        return out

    def can(self, code: str, target: str, movable: dict[str, tuple[str, int, int]] | None = None) -> bool:
        where = (self.movable() if movable is None else movable).get(code)
        if where is None:
            return False
        kind, c, d = where
        if target == "F":
            if kind == "F":
                return False
            if kind == "T" and d != len(self.columns[c]) - 1:
                return False
            return self.found[suit_of(code)] == rank_of(code) - 1
        t = int(target[1])
        if kind == "T" and c == t:
            return False
        col = self.columns[t]
        if not col:
            return rank_of(code) == 13
        below = col[-1][0]
        return rank_of(below) == rank_of(code) + 1 and red(below) != red(code)

    def legal(self) -> set[str]:
        if self.won():
            return set()
        movable = self.movable()
        moves = {f"{code}>{t}" for code in movable for t in [*(f"T{i}" for i in range(7)), "F"]
                 if self.can(code, t, movable)}
        if self.stock:
            moves.add("draw")
        elif self.waste:
            moves.add("recycle")
        return moves

    def play(self, move: str) -> None:
        assert move in self.legal(), move
        self.history.append(copy.deepcopy((self.columns, self.stock, self.waste, self.found, self.recycles)))
        if move == "draw":
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop(0))
                self.known.add(self.waste[-1])
            return
        if move == "recycle":
            self.stock, self.waste = list(self.waste), []
            self.recycles += 1
            return
        code, target = move.split(">")
        kind, c, d = self.movable()[code]
        if kind == "W":
            run = [[self.waste.pop(), True]]
        elif kind == "F":
            self.found[c] -= 1
            run = [[code, True]]
        else:
            run = self.columns[c][d:]
            del self.columns[c][d:]
            if self.columns[c] and not self.columns[c][-1][1]:
                self.columns[c][-1][1] = True
                self.known.add(self.columns[c][-1][0])
        if target == "F":
            self.found[suit_of(code)] += 1
        else:
            self.columns[int(target[1])].extend(run)

    def undo(self) -> None:
        self.columns, self.stock, self.waste, self.found, self.recycles = self.history.pop()

    def won(self) -> bool:
        return self.found == [13, 13, 13, 13]

    def face_up_codes(self) -> set[str]:
        return {code for col in self.columns for code, up in col if up}


def build_deal(columns: Mapping[int, Sequence[str]] | None = None, stock: Sequence[str] = (),
               filler: Sequence[str] | None = None) -> Deal:
    """A deal whose column c ends with the codes `columns[c]` (its top card last; at most c+1 of them), whose
    stock starts with `stock`, every other slot filled with the unused cards in `filler` order."""
    slots: list[str | None] = [None] * 52
    for c, codes in (columns or {}).items():
        indexes = list(column_range(c))
        assert len(codes) <= len(indexes)
        for i, code in zip(indexes[len(indexes) - len(codes):], codes, strict=True):
            slots[i] = code
    return Deal.parse(filled_deal(slots, stock, filler))


def shown_cards(snap: dict[str, Any]) -> set[str]:
    """Every card code a snapshot shows anywhere."""
    text = json.dumps(snap)
    return {code for code in ALL_CODES if f'"{code}"' in text}


DEMAND = ("QD", "KD", *(r + s for r in RANKS for s in "HS"))
"""The 28 tableau cards of `easy_deal` in the order the foundations want them."""


def easy_deal() -> Deal:
    """A deal won by foundation moves and draws alone: the stock is AC … KC, AD … JD in order, and the
    tableau holds `DEMAND` in layers, the first seven the columns' top cards, the next six the cards under the
    tops of columns 1-6, and so on, so each card the foundations want next is on top by then."""
    slots: list[str | None] = [None] * 52
    order = iter(DEMAND)
    for layer in range(7):
        for c in range(layer, 7):
            slots[column_range(c)[-1 - layer]] = next(order)
    stock = [r + "C" for r in RANKS] + [r + "D" for r in RANKS[:11]]
    for offset, code in enumerate(stock):
        slots[28 + offset] = code
    return Deal.parse(" ".join(c for c in slots if c is not None))


def foundation_first(model: Model) -> str:
    """The plain player that wins `easy_deal`: a foundation move if any, else draw, else recycle."""
    legal = sorted(model.legal())
    ups = [m for m in legal if m.endswith(">F") and model.movable()[m[:2]][0] != "F"]
    if ups:
        return ups[0]
    return "draw" if "draw" in legal else "recycle"


def unseen_shuffled(deal: Deal, known: Collection[Card], rng: random.Random) -> Deal:
    """`deal` with the cards not in `known` shuffled among their own places: a deal that differs from it only
    in what the player has not seen (the no-peek tests play both the same way)."""
    cards = list(deal.cards)
    hidden = [i for i, card in enumerate(cards) if card not in known]
    moved = [cards[i] for i in hidden]
    rng.shuffle(moved)
    for i, card in zip(hidden, moved, strict=True):
        cards[i] = card
    return Deal(tuple(cards))
