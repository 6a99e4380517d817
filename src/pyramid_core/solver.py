"""The exact solver: with every card known, can the pyramid still be cleared under the three-pass rules?

**State.** The stock and the waste together always keep the stock's original order (draws move the stock top
onto the waste, a recycle turns the waste back over), so they are one sequence of the stock cards still in
play, split by a pointer: cards before it are on the waste (the last of them is its top), cards from it on
are the stock (the first is its top). A state is (pyramid mask, mask of removed sequence cards, pointer,
pass), and the pointer is kept canonical (one past the waste top), so equal positions have equal states.

**Dominance between passes.** With the same cards left, a state earlier in the deal is at least as good as
a later one: from pass `p` pointer `a` the player can draw on (and, if need be, recycle) to reach pass `q`
pointer `b` whenever `(p, a) <= (q, b)`. So the table of failed states keeps, for each (pyramid mask,
removed mask), the earliest progress `32*pass + pointer` at which it failed, and a state at that progress or
later fails without search. Every move removes cards or advances the progress, so the state graph has no
cycles and memoising failures is sound.

**Pruning by rank supply** (sound: it only cuts states that cannot be won). A pair class is two ranks that
make 13. For a class, let the pyramid hold `a` cards of one rank and `b` of the other, the sequence `c`
and `d`. Every pyramid card needs its own partner; `k` pyramid-pyramid pairs leave `a - k` cards needing a
sequence partner of the other rank, so a win needs some `k <= min(a, b)` with `a - k <= d` and
`b - k <= c`. And a pyramid card with no sequence partner of its partner rank needs a pyramid partner
outside its *cone* (the cards that must go before it and the cards that can only go after it). A move only
changes the class of the cards it removes, so only that class is checked after it.

**Forced moves** (sound: they never make a position worse). A playable king goes at once (it only blocks);
a pair whose two cards are the last two of their class goes at once (they can only leave together, and
leaving early only uncovers); two sequence cards that no pyramid card needs go at once (they only block).

**Relaxation.** Before a state is searched, the same question is asked of a relaxed game in which every
stock card still in play is at hand at any time, in any order (state: pyramid mask and how many sequence
cards of each rank are left). If even that cannot be won, neither can the real position. Many real states
share one relaxed state, so it is memoised; on 100 random deals this alone took the search from 89 s to
0.45 s, because most lost deals are lost for a reason the relaxed game already sees.

The search is a depth-first search with this move order: a pyramid card with the stock or waste top first,
then pairs of pyramid cards (the one uncovering most first), then draw, then stock+waste, then recycle (on
benchmark deals, trying the stock and waste pairs first needed about a third fewer nodes). A budget of nodes
or milliseconds turns a search that runs too long into `unknown`; `lost` is answered only after a complete
search.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from solitaire_core.verdict import SolveResult as SharedSolveResult
from solitaire_core.verdict import Verdict

from .deal import STOCK_START
from .game import Game, PlayerView
from .layout import CONE_MASK, FULL_MASK, PYRAMID_SIZE, playable_mask
from .moves import DRAW, RECYCLE
from .rules import KING, PARTNER, PASSES

__all__ = ["DEFAULT_MAX_NODES", "Position", "SolveResult", "Solver", "Verdict", "solve", "solve_game"]

DEFAULT_MAX_NODES: Final = 3_000_000
_CHECK_EVERY: Final = 1024
_PROGRESS_PASS: Final = 32


@dataclass(frozen=True, slots=True)
class Position:
    """A full-information position, as the solver needs it.

    `pyramid[i]` is the rank at pyramid index `i` (meaningful where `remaining` has bit `i`). `sequence` is
    the ranks of the stock cards still in play in their order: the waste bottom to top, then the stock top
    to bottom; the first `waste_count` of them are on the waste. `pass_number` is 1-3.
    """

    pyramid: tuple[int, ...]
    remaining: int
    sequence: tuple[int, ...]
    waste_count: int
    pass_number: int = 1

    @classmethod
    def start(cls, ranks: tuple[int, ...]) -> Position:
        """The start of a deal given as its 52 ranks in notation order."""
        return cls(tuple(ranks[:STOCK_START]), FULL_MASK, tuple(ranks[STOCK_START:]), 0, 1)

    @classmethod
    def of_game(cls, game: Game) -> Position:
        """The current position of `game`, read with every card known (fair only for the solver's use)."""
        ranks = game.deal.ranks()
        sequence = tuple(ranks[i] for i in (*game.waste_indexes, *game.stock_indexes))
        pyramid = tuple(ranks[i] if game.is_present(i) else 0 for i in range(PYRAMID_SIZE))
        return cls(pyramid, game.remaining, sequence, game.waste_count, game.pass_number)

    @classmethod
    def of_view(cls, view: PlayerView) -> Position:
        """The position of a view in which every card is known."""
        if not view.all_known:
            raise ValueError("the solver may only be used once every card is known")
        pyramid = tuple(c.rank if c is not None else 0 for c in view.pyramid)
        sequence = tuple(c.rank for c in view.waste) + tuple(c.rank for c in view.stock if c is not None)
        return cls(pyramid, view.remaining, sequence, len(view.waste), view.pass_number)


@dataclass(frozen=True, slots=True)
class SolveResult(SharedSolveResult[str]):
    """The verdict, a winning line when there is one (moves in notation from the position given), the
    nodes expanded and the time taken (the shared `solitaire_core.verdict.SolveResult`)."""


_NO_LINE: Final[tuple[str, ...]] = ()
Pair = tuple[int, int, int]
"""A pair as the search makes it: (pyramid bits, the sequence bit or 0, the pyramid card's rank)."""
State = tuple[int, int, int, int, int]
"""A search state: (pyramid mask, removed sequence cards, the waste's end, pass, rank counts of the sequence
cards in play, 3 bits a rank)."""
_Search = Callable[[int, int, int, int, int], bool]
"""The search's closure: whether the state given as the five numbers of a `State` can be won."""
_SHIFT: Final = tuple(3 * rank for rank in range(14))
_UNIT: Final = tuple(1 << (3 * rank) for rank in range(14))


class _OutOfBudget(Exception):
    pass


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Solver:
    """One search over one position; `run()` gives the result. Use `solve()` unless you need internals."""

    def __init__(
        self, position: Position, max_nodes: int | None = None, budget_ms: float | None = None
    ) -> None:
        self.position = position
        self.max_nodes = DEFAULT_MAX_NODES if max_nodes is None else max_nodes
        self.deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        self.nodes = 0
        ranks = position.pyramid
        seq = position.sequence
        self.size = len(seq)
        # rank masks: PR[r] pyramid indexes of rank r, SR[r] sequence indexes of rank r
        self.pr = [0] * 14
        for i in range(PYRAMID_SIZE):
            if position.remaining >> i & 1:
                self.pr[ranks[i]] |= 1 << i
        self.sr = [0] * 14
        for j, rank in enumerate(seq):
            self.sr[rank] |= 1 << j
        self.rank_of_bit = {1 << i: ranks[i] for i in range(PYRAMID_SIZE)}
        self.seq_rank_of_bit = {1 << j: seq[j] for j in range(self.size)}
        self.failed: dict[int, int] = {}
        self.relaxed_memo: dict[int, bool] = {}

    def run(self) -> SolveResult:
        """Search and report."""
        start = time.perf_counter()
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 2000))
        try:
            line = self._search_root()
        except _OutOfBudget:
            verdict, moves = Verdict.UNKNOWN, _NO_LINE
        else:
            verdict = Verdict.LOST if line is None else Verdict.WIN
            moves = _NO_LINE if line is None else tuple(line)
        finally:
            sys.setrecursionlimit(limit)
        return SolveResult(verdict, moves, self.nodes, (time.perf_counter() - start) * 1000)

    # --- the rank supply bound ----------------------------------------------------------------------------

    def _class_dead(self, mask: int, avail: int, rank: int) -> bool:
        """True when the pair class of `rank` can no longer be cleared from the pyramid."""
        other = PARTNER[rank]
        pr, sr = self.pr, self.sr
        pa, pb = mask & pr[rank], mask & pr[other]
        if not pa and not pb:
            return False
        a, b = pa.bit_count(), pb.bit_count()
        c, d = (avail & sr[rank]).bit_count(), (avail & sr[other]).bit_count()
        if max(a - d, b - c, 0) > min(a, b):
            return True
        if not d:
            for low in _bits(pa):
                if not pb & ~CONE_MASK[low.bit_length() - 1]:
                    return True
        if not c:
            for low in _bits(pb):
                if not pa & ~CONE_MASK[low.bit_length() - 1]:
                    return True
        return False

    def _dead(self, mask: int, avail: int) -> bool:
        return any(self._class_dead(mask, avail, rank) for rank in range(1, 7))

    # --- the relaxation: every sequence card always at hand -------------------------------------------------

    def _relaxed(self, mask: int, counts: int) -> bool:
        """Could the pyramid `mask` be cleared if the sequence cards counted in `counts` (3 bits a rank) were
        all at hand at any time, in any order? A `False` proves the real position lost (the real game only
        adds constraints); memoised on (mask, counts), which many real states share."""
        key = mask | counts << PYRAMID_SIZE
        memo = self.relaxed_memo
        known = memo.get(key)
        if known is not None:
            return known
        result = False
        if not mask:
            result = True
        else:
            play = playable_mask(mask)
            kings = play & self.pr[KING]
            if kings:
                result = self._relaxed(mask ^ (kings & -kings), counts)
            else:
                rank_of_bit, pr = self.rank_of_bit, self.pr
                rest = play
                while rest and not result:
                    low = rest & -rest
                    rest ^= low
                    other = PARTNER[rank_of_bit[low]]
                    partners = rest & pr[other]
                    while partners:
                        plow = partners & -partners
                        partners ^= plow
                        if self._relaxed(mask ^ low ^ plow, counts):
                            result = True
                            break
                rest = play
                while rest and not result:
                    low = rest & -rest
                    rest ^= low
                    other = PARTNER[rank_of_bit[low]]
                    if counts >> _SHIFT[other] & 7 and self._relaxed(mask ^ low, counts - _UNIT[other]):
                        result = True
        memo[key] = result
        return result

    # --- the moves ----------------------------------------------------------------------------------------

    def _talon(self, removed: int, ptr: int) -> tuple[int, int, int, int, int]:
        """The sequence cards still in play (`avail`), those in the stock (`above`), the stock top `s`, those
        on the waste (`below`) and the waste top `w`, as bit masks, for the cards `removed` and the waste's
        end `ptr` (the sequence is the waste bottom to top, then the stock top to bottom)."""
        avail = ((1 << self.size) - 1) & ~removed
        above = avail >> ptr << ptr
        below = avail ^ above
        return avail, above, above & -above, below, 1 << (below.bit_length() - 1) if below else 0

    def _pairs(  # noqa: PLR0917 - one call a node of the search: positional for speed
        self, mask: int, avail: int, play: int, s: int, w: int, sr_s: int, sr_w: int
    ) -> tuple[list[Pair], list[Pair], Pair | None]:
        """The pairs that make 13 (`rules.PARTNER`) among the free pyramid cards `play` of `mask` and the tops
        `s` and `w` (of ranks `sr_s` and `sr_w`, 0 for none): pairs of pyramid cards, pairs of a pyramid card
        with a top (each as (pyramid bits, sequence bit, the pyramid card's rank)), and a pair that is
        *forced* (module docstring: the last two cards of their rank class, nothing else can take them), if
        any. The stock top with the waste top is the caller's."""
        pr, sr, rank_of_bit = self.pr, self.sr, self.rank_of_bit
        pyramid_pairs: list[Pair] = []
        top_pairs: list[Pair] = []
        forced: Pair | None = None
        rest = play
        while rest:
            low = rest & -rest
            rest ^= low
            rank = rank_of_bit[low]
            other = PARTNER[rank]
            partners = rest & pr[other]
            while partners:
                plow = partners & -partners
                partners ^= plow
                pyramid_pairs.append((low | plow, 0, rank))
                if (mask & (pr[rank] | pr[other])) == low | plow and not avail & (sr[rank] | sr[other]):
                    forced = (low | plow, 0, rank)
            if sr_s == other:
                top_pairs.append((low, s, rank))
                if (mask & (pr[rank] | pr[other])) == low and avail & (sr[rank] | sr[other]) == s:
                    forced = (low, s, rank)
            if sr_w == other:
                top_pairs.append((low, w, rank))
                if (mask & (pr[rank] | pr[other])) == low and avail & (sr[rank] | sr[other]) == w:
                    forced = (low, w, rank)
        return pyramid_pairs, top_pairs, forced

    def moves(self, mask: int, removed: int, ptr: int, pss: int) -> list[str]:
        """Every legal move of the state (pyramid `mask`, sequence cards `removed`, the waste's end `ptr`,
        pass `pss`) in notation, read with the search's own pieces (`_talon`, `_pairs`, `rules.PARTNER`),
        before any pruning: what the property test compares with the rules' `legal_moves`."""
        avail, above, s, below, w = self._talon(removed, ptr)
        play = playable_mask(mask)
        names = [str(low.bit_length() - 1) for low in _bits(play & self.pr[KING])]
        sr_s = self.seq_rank_of_bit[s] if s else 0
        sr_w = self.seq_rank_of_bit[w] if w else 0
        names += [name for bit, name, rank in ((s, "S", sr_s), (w, "W", sr_w)) if bit and rank == KING]
        pyramid_pairs, top_pairs, _ = self._pairs(mask, avail, play, s, w, sr_s, sr_w)
        names += ["+".join(sorted(_names(p, q, s, w), key=_order)) for p, q, _ in pyramid_pairs + top_pairs]
        if s and w and PARTNER[sr_s] == sr_w:
            names.append("S+W")
        if s:
            names.append(DRAW)
        if not above and below and pss < PASSES:
            names.append(RECYCLE)
        return names

    # --- the search ---------------------------------------------------------------------------------------

    def _search_root(self) -> list[str] | None:
        """The winning line from the root, or `None` when the search proves there is none (`_OutOfBudget`
        when the budget runs out first). The search itself is `_depth_first`'s closure; this method only
        rules out a root the rank supply already condemns, starts the search and reads its line."""
        position = self.position
        if self._dead(position.remaining, (1 << self.size) - 1):
            return None
        line: list[str] = []
        search, nodes_so_far = self._depth_first(line)
        try:
            counts = sum(_UNIT[rank] for rank in position.sequence)
            won = search(position.remaining, 0, position.waste_count, position.pass_number, counts)
        finally:
            self.nodes = nodes_so_far()
        if not won:
            return None
        line.reverse()
        return line

    def _depth_first(self, line: list[str]) -> tuple[_Search, Callable[[], int]]:
        """The depth-first search: a closure `search(mask, removed, ptr, pss, counts)` answering whether the
        state can be won (on the way back from a win it appends the moves to `line`, last move first), and a
        function reading how many nodes it has expanded so far.

        `search` is the search's inner loop, one call a node, kept whole for speed: a helper called at every
        node costs several percent, so its tables are bound in local variables and it calls out only for
        what a node needs anyway (`_pairs`, `_class_dead`, the relaxation) or on rare paths (`_forced_child`,
        the budget, naming a move of the line). At a node, the failed-state table and the relaxation prune
        first; a forced king or stock pair is tried alone; else the pairs (a forced pair alone, else the
        pairs with a top, then the pyramid pairs most uncovering first, each skipped when it leaves its
        class dead), draw, stock+waste and recycle; when none wins, the state is recorded as failed at its
        progress. The moves come from `_talon` (inlined) and `_pairs`, the pieces `moves` lists the legal
        moves with, so the property test covers them."""
        full = (1 << self.size) - 1
        failed, relaxed, relaxed_memo = self.failed, self._relaxed, self.relaxed_memo
        pr, seq_rank_of_bit, class_dead, pairs = self.pr, self.seq_rank_of_bit, self._class_dead, self._pairs
        pyramid_kings, seq_kings = pr[KING], self.sr[KING]
        check_budget, move_name = self._check_budget, self._move_name
        nodes = 0

        def search(mask: int, removed: int, ptr: int, pss: int, counts: int) -> bool:
            nonlocal nodes
            if not mask:
                return True
            key = mask | removed << PYRAMID_SIZE
            progress = pss * _PROGRESS_PASS + ptr
            seen = failed.get(key)
            if seen is not None and seen <= progress:  # failed at this progress or earlier: dominated
                return False
            fits = relaxed_memo.get(mask | counts << PYRAMID_SIZE)  # `_relaxed`'s memo first: a call less
            if not (relaxed(mask, counts) if fits is None else fits):
                failed[key] = -1
                return False
            nodes += 1
            if nodes % _CHECK_EVERY == 0:
                check_budget(nodes)
            avail = full & ~removed  # `_talon` inlined (a call less a node; the property test reads `_talon`)
            above = avail >> ptr << ptr
            below = avail ^ above
            s = above & -above
            w = 1 << (below.bit_length() - 1) if below else 0
            play = playable_mask(mask)
            kings = play & pyramid_kings
            sr_s = seq_rank_of_bit[s] if s else 0
            sr_w = seq_rank_of_bit[w] if w else 0
            stock_pair = s and w and PARTNER[sr_s] == sr_w
            stock_units = _UNIT[sr_s] + _UNIT[sr_w] if stock_pair else 0
            if kings or (s | w) & seq_kings or (stock_pair and not mask & (pr[sr_s] | pr[sr_w])):
                child = _forced_child(mask, removed, ptr, pss, counts, kings, s, w, below, sr_s, sr_w)
                if search(*child):  # a king, or two sequence cards no pyramid card needs: tried alone
                    line.append(move_name(mask, removed, ptr, pss, child))
                    return True
                failed[key] = progress
                return False
            pyramid_pairs, top_pairs, forced = pairs(mask, avail, play, s, w, sr_s, sr_w)
            if forced is None and len(pyramid_pairs) > 1:
                pyramid_pairs.sort(key=_uncover_score(mask), reverse=True)
            for pbits, sbits, rank in top_pairs + pyramid_pairs if forced is None else (forced,):
                if class_dead(mask ^ pbits, avail & ~sbits, rank):
                    continue
                new_ptr = (below ^ w).bit_length() if sbits == w and w else ptr
                new_counts = counts - _UNIT[PARTNER[rank]] if sbits else counts
                if search(mask ^ pbits, removed | sbits, new_ptr, pss, new_counts):
                    line.append("+".join(sorted(_names(pbits, sbits, s, w), key=_order)))
                    return True
            if forced is None:
                if s and search(mask, removed, s.bit_length(), pss, counts):
                    line.append(DRAW)
                    return True
                if stock_pair and not class_dead(mask, avail & ~(s | w), min(sr_s, sr_w)) and search(
                    mask, removed | s | w, (below ^ w).bit_length(), pss, counts - stock_units
                ):
                    line.append("S+W")
                    return True
                if not above and below and pss < PASSES and search(mask, removed, 0, pss + 1, counts):
                    line.append(RECYCLE)
                    return True
            failed[key] = progress
            return False

        def nodes_so_far() -> int:
            return nodes

        return search, nodes_so_far

    def _check_budget(self, nodes: int) -> None:
        """Publish the node count and raise `_OutOfBudget` when the nodes or the time are spent (the search
        calls this every `_CHECK_EVERY` nodes, not at each: reading the clock costs)."""
        self.nodes = nodes
        if nodes > self.max_nodes or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise _OutOfBudget

    def _move_name(self, mask: int, removed: int, ptr: int, pss: int, child: State) -> str:
        """The notation of the move from the state (`mask`, `removed`, `ptr`, `pss`) to its `child`, read
        from what changed: the pass (recycle), nothing removed (draw), else the cards removed."""
        child_mask, child_removed, _, child_pss, _ = child
        if child_pss != pss:
            return RECYCLE
        pbits, sbits = mask ^ child_mask, removed ^ child_removed
        if not pbits | sbits:
            return DRAW
        _, _, s, _, w = self._talon(removed, ptr)
        return "+".join(sorted(_names(pbits, sbits, s, w), key=_order))


def _forced_child(  # noqa: PLR0917 - called by the search at each node with a forced move, positional
    mask: int, removed: int, ptr: int, pss: int, counts: int,
    kings: int, s: int, w: int, below: int, sr_s: int, sr_w: int,
) -> State:
    """The one child the search tries from a state whose move is forced before any pair is looked at
    (module docstring, forced moves): a playable pyramid king (the lowest index), else a king on the stock
    top `s`, else on the waste top `w`, else the stock and waste tops, of ranks `sr_s` and `sr_w`, that make
    13 when no pyramid card needs them. `below` is the waste (its top leaving sets the waste's end)."""
    if kings:
        return (mask ^ (kings & -kings), removed, ptr, pss, counts)
    if sr_s == KING:
        return (mask, removed | s, ptr, pss, counts - _UNIT[KING])
    past_w = (below ^ w).bit_length()
    if sr_w == KING:
        return (mask, removed | w, past_w, pss, counts - _UNIT[KING])
    return (mask, removed | s | w, past_w, pss, counts - (_UNIT[sr_s] + _UNIT[sr_w]))


def _names(pbits: int, sbits: int, s: int, w: int) -> list[str]:
    """The names of the cards a move removes: the pyramid indexes of `pbits`, then "S" and "W" for the
    sequence bits `sbits` that are the stock top `s` and the waste top `w`."""
    names = [str(low.bit_length() - 1) for low in _bits(pbits)]
    names += ["S" if bit == s else "W" for bit in _bits(sbits)]
    return names


def _order(name: str) -> int:
    return {"S": PYRAMID_SIZE, "W": PYRAMID_SIZE + 1}.get(name, 0) or int(name)


def _uncover_score(mask: int) -> Callable[[tuple[int, int, int]], int]:
    """A sort key for pyramid pairs at `mask`: the pairs that make more cards playable first."""

    def score(pair: tuple[int, int, int]) -> int:
        after = mask ^ pair[0]
        return (playable_mask(after) & ~playable_mask(mask)).bit_count()

    return score


def solve(position: Position, max_nodes: int | None = None, budget_ms: float | None = None) -> SolveResult:
    """Decide `position` (see the module docstring)."""
    return Solver(position, max_nodes, budget_ms).run()


def solve_game(game: Game, max_nodes: int | None = None, budget_ms: float | None = None) -> SolveResult:
    """Decide `game`'s current position, every card read (for the solver's own use, not the hint's)."""
    return solve(Position.of_game(game), max_nodes, budget_ms)


__all__ = ["Position", "SolveResult", "Solver", "Verdict", "solve", "solve_game"]
