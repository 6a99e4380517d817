"""Klondike loss probe: how many states a proof of loss needs when free talon cards go back to the talon.

    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py 59 332 338 761
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py --limit 100000 0-119

A measurement for issue 20 (draw one, every card known), not part of the solver yet. On the deals the solver
leaves undecided at 10 s, the complete search meets a few dozen arrangements of the face-down cards and
hundreds of thousands of states: the same face-up cards hung in every combination of talon cards on column
tops. A talon card on a column's top can go back to the talon without losing anything (from the talon it
can be played onto the same card again, random access), so this probe searches *canonical* states only:
every talon card lying on a column's top is put back until none is (then the safe foundation moves). A talon
card is put down only as part of a move that lays a column's run or a foundation card on it (a chain of
talon cards when the one it goes on is in the talon too).

Why `lost` here is a proof: a canonical state reaches the real state it came from by talon moves alone, so it
is winnable when that one is. Count, in a winning line, the moves that are not "talon card to a column": a
winnable canonical state has a move of this probe (the chain of talon cards that move's destination needs,
then that move) to a canonical state whose count is one lower, and a count of 0 means no card face down. So
if the root is winnable this search reaches a state with no card face down; it skips only dead ends
(`deadlock`, sound for any position). The converse does not hold: a canonical state can use a talon card
again that really stays under what was laid on it, so reaching no card face down here (`maybe-win`) proves
nothing, and deal 112, lost, is such a case.
"""

from __future__ import annotations

import argparse
import time

from klondike_core.deal import Deal
from klondike_core.fast import BYTE, CHILDREN, KING, PARENTS, RANK, SUIT, Board
from klondike_core.position import COLUMNS
from klondike_core.solver import _F2T as _FOUNDATION_TO_COLUMN
from klondike_core.solver import _S2T as _TALON_TO_COLUMN
from klondike_core.solver import _T2T as _RUN_TO_COLUMN
from klondike_core.solver import Solver, State


class Probe:
    """The canonical search of one deal, built on `Solver`'s moves with every legal move kept."""

    def __init__(self, board: Board) -> None:
        self.solver = Solver(board, delays=False)
        self.where = self.solver.where
        cols, found, mask, ptr = board.cols, board.found, board.mask, board.ptr
        self.root = self.canonical((cols, found, mask, ptr))

    def canonical(self, state: State) -> State:
        """`state` with every talon card on a column's top back in the talon, then its safe moves up."""
        while True:
            cols, found, mask, ptr = state
            new = list(cols)
            changed = False
            for d, col in enumerate(cols):
                rest = col
                while len(rest) > rest[0] + 1 and rest[-1] in self.where:
                    mask |= 1 << self.where[rest[-1]]
                    rest = rest[:-1]
                    changed = True
                new[d] = rest
            state, done = self.solver.autos((tuple(new), found, mask, ptr))
            if not changed and not done:
                return state

    def chains(self, state: State) -> dict[int, list[tuple[tuple[int, ...], int]]]:
        """For each talon card that talon moves alone can make a column's top: the talon cards put down
        (bottom first, itself last) and the column, every way."""
        cols, _, mask, _ = state
        tops = {cols[d][-1]: d for d in range(COLUMNS) if len(cols[d]) > 1}
        empty = next((d for d in range(COLUMNS) if len(cols[d]) == 1), -1)
        seq = self.solver.seq
        talon = sorted((seq[k] for k in range(len(seq)) if mask >> k & 1), key=lambda card: -RANK[card])
        found: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        for card in talon:
            ways: list[tuple[tuple[int, ...], int]] = []
            if RANK[card] == KING:
                if empty >= 0:
                    ways.append(((card,), empty))
            else:
                for parent in PARENTS[card]:
                    if parent in tops:
                        ways.append(((card,), tops[parent]))
                    ways.extend(((*chain, card), d) for chain, d in found.get(parent, ()))
            if ways:
                found[card] = ways
        return found

    def successors(self, state: State) -> list[State]:
        """Every legal move but a talon card to a column, and each chain of talon cards put down with a
        run or a foundation card laid on its last card; canonical."""
        solver = self.solver
        out = [solver.apply(state, move) for move in solver.moves(state) if move[0] != _TALON_TO_COLUMN]
        found = state[1]
        for card, ways in self.chains(state).items():
            for chain, d in ways:
                base = state
                for down in chain:
                    base = solver.apply(base, (_TALON_TO_COLUMN, self.where[down], d, 0))
                for child in CHILDREN[card]:
                    for source, col in enumerate(base[0]):
                        i = col.find(BYTE[child], col[0] + 1)
                        if source != d and i > col[0]:
                            out.append(solver.apply(base, (_RUN_TO_COLUMN, source, i, d)))
                    suit = SUIT[child]
                    if found[suit] and child == suit * 13 + found[suit] - 1:
                        out.append(solver.apply(base, (_FOUNDATION_TO_COLUMN, suit, d, 0)))
        return [self.canonical(child) for child in out]

    def run(self, limit: int) -> tuple[str, int]:
        """`lost` (a proof), `maybe-win` or `unknown` (past `limit` states), and the states seen."""
        solver = self.solver
        seen = {solver._key(self.root)}
        stack = [self.root]
        while stack:
            state = stack.pop()
            if solver.never_turned(state):
                continue
            for child in self.successors(state):
                key = solver._key(child)
                if key in seen:
                    continue
                seen.add(key)
                if not any(col[0] for col in child[0]):
                    return "maybe-win", len(seen)
                if len(seen) >= limit:
                    return "unknown", len(seen)
                stack.append(child)
        return "lost", len(seen)


def deal_numbers(words: list[str]) -> list[int]:
    """Deal numbers and ranges (`0-119`) from the command line."""
    numbers: list[int] = []
    for word in words:
        first, _, last = word.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("deals", nargs="+", help="deal numbers or ranges (0-119)")
    parser.add_argument("--limit", type=int, default=400_000, help="states at most per deal")
    options = parser.parse_args()
    print("deal verdict states cpu_s")
    for number in deal_numbers(options.deals):
        start = time.process_time()
        verdict, states = Probe(Board.of(Deal.from_number(number).start())).run(options.limit)
        print(number, verdict, states, f"{time.process_time() - start:.1f}", flush=True)


if __name__ == "__main__":
    main()
