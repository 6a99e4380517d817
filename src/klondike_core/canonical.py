"""A search that can only prove a draw-one position lost, over canonical states (talon cards off the tops),
its exact twin, which keeps the talon cards where they went down and so decides either way, and its precise
form, which takes off only the talon cards whose suit is ready (a proof of loss, on deals the first cannot).

On the deals the other searches of `solver.solve_board` leave undecided, the complete search meets a few
dozen arrangements of the face-down cards and hundreds of thousands of states: the same face-up cards with
every combination of talon cards hung on column tops (docs/PERFORMANCE.md, klondike-solver). A talon card
lying on a column's top loses nothing by going back to the talon: from there it can be played onto the same
card again (the talon is random access under draw one). So this search keeps only *canonical* states: every
talon card on a column's top is put back until none is, then the safe foundation moves are made. A talon
card goes down only as part of a move that lays a column's run or a foundation card on it (a chain of talon
cards when the card it goes on is in the talon too); every other legal move is tried.

Why `lost` here is a proof. A canonical state reaches the real state it came from by talon moves alone, so it
is winnable when that one is. Give a winnable state the fewest moves that are not "talon card to a column" any
winning line from it makes: a winnable canonical state has a move of this search (the chain of talon cards
that move's destination needs, then that move) to a winnable canonical state with fewer (the safe foundation
moves made at once never add one: the solver's argument for them), and none means no card face down. So if the
start is winnable this search reaches a state with no card face down; it skips only dead ends (`deadlock`,
sound for any position). The converse does not hold: a canonical state can use a talon card again that really
stays under what was laid on it (its parent can then take both its children), so reaching no card face down
here proves nothing (deal 112 is lost and this search reaches one), and the search says so and stops.

**Talon cards on the foundations.** The canonical search also lets a talon card on top of its foundation go
back into the talon, a move no real game has (more moves only loosen the relaxation: a proof over them still
covers every real line). Then states that differ only by which talon cards lie on a foundation above its
highest card from a column reach one another (such a card goes up, and back), so they are won or lost
together, and the search keeps one state a class: `canonical` makes every talon card go up that can (`raised`)
and the safe moves, then puts back into the talon each foundation's talon cards above its highest column card
(`lowered`), whichever state of the class a move reached. From it the search makes the moves of every state of
its class: a column card goes up where the highest state of the class takes it, a foundation's highest column
card comes down (the talon cards above it back in the talon), the talon cards go down in chains as before; any
other move of a state of the class is one of these or stays in the class. The argument above holds with these
talon moves counted with the others. On the deals it proves lost late in a solve it keeps 2-3 times fewer
states (856: 60,428 against 187,531; 453: 140,559 against 264,070) and takes about half the time.

**Exact** (`exact=True`): the same moves, no talon card put back. Its states are real ones (a talon card laid
down stays until a move takes it on), so reaching a state with no card face down is a real win, whose line it
returns, and seeing every state without one proves the position lost: in a winning line a talon card going to
a column can wait until just before its use (the complete search's argument for moves that can wait,
`search`), and that use is a talon card, a run or a foundation card laid on it (anything else it does there,
move on or go up, it could do from the talon); so some winning line is made of this search's moves alone, with
the safe moves up made at once and no dead end on it. It meets many more states than the canonical search
(deal 332: 9,696 against 1,332, with the swaps below) but decides deals where that one reaches every card
turned and proves nothing (517 lost in 11,974 states, 733 won in 23,523).

**A talon card goes up under a column card** (the exact twin). Other than as a safe move, a talon card goes up
only in one move with the column's top that goes up onto it (with the talon cards between, first): alone, its
only use is what goes up onto it later (coming back down, it could have gone to the column from the talon,
and left up it turns nothing). Why no win is lost: take a winning line of the search's former moves from a
kept state in which a talon card goes up alone, and follow it with that card left in the talon. The two
differ only by cards that are up in the line and not in the follower: talon cards, and column cards that the
line's safe moves took up (counting the card left out), each still its column's top in the follower, with
nothing on it. A move of the line that needs one of them up, or the place it left, is followed by putting it
up first (a top with the talon cards under it, a move of this search), or by moving it as the line does;
every other move is followed as it is; and the follower's own safe moves take up only cards the line has up
(its foundations are no higher). So the follower turns every card the line turns. Deal 990, lost: 23,443
states instead of 66,218; deal 908, lost: 26,226 instead of 34,317; deal 733, won: 10,631 instead of 23,523.

**Precise** (`precise=True`): the canonical search, but a talon card on a column's top goes back into the
talon only when its suit is ready for it (its foundation, with the talon cards that can go up raised, reaches
the card below it). Such a card can go up and come back down onto the same card, and up it is one of the
talon cards the canonical search lowers anyway: its going back loosens nothing more. One whose suit is not
ready stays where it went down, as in the exact twin: those are the cards the canonical search can use again
while they really stay under what was laid on them (deal 112 above), which makes it reach every card turned
on deals that are lost. Its `lost` is a proof as the canonical search's is: a card put back reaches its place
again by a talon move; the cards left on the tops are column cards to every move, which are made as for any
other; and a swap may move a run off or onto such a card (freed, it stays) but not off a ready one (freed, it
would go back into the talon, which the swap back does not undo). Deal 908, lost, where the canonical search
proves nothing: 2,787 states (the exact twin: 26,226); 829: 2,407 (15,389); 990: 21,006 (23,443). On the
deals the canonical search proves it needs more (453: 67,775 against 58,823), so it runs beside it.

**Swaps.** Both searches also keep one state of each set of states that differ only by which of its two
parents a run lies on. A *swap* moves a run whose first card `x` lies on a face-up card `y` onto `x`'s other
parent `y'`, a column's top: it turns no card and empties no column, and the swap back is legal right after
(`y` is then a top, and a parent of `x`), so the two states are won or lost together. Nothing else can go on
`y` or `y'` but `x` and its twin, which lies on neither, so the swaps of a state are independent of one
another (each toggles one run between two parents) and `settle` keeps the state where every run that can lies
on the lower-numbered parent. The moves a kept state lacks are those of a swapped state that need a top the
swaps freed (a card laid on it, or the top itself moving on or up); a move needs at most two tops, so
`successors` makes the moves of the state itself, those of each state one swap away that need the top it
freed, and those of each state two swaps away that need both. Why no proof is lost: count, in a winning line,
the moves that are not swaps (nor, in the canonical search, talon cards to a column). A swap does not change
the least such count of a state, nor does the settling; from a winnable kept state take a line with the least
count, and its first counted move, after the swaps before it, is one of `successors`' (with only the at most
two swaps it needs before it: the others can come after it), to a state with a smaller count. In the canonical
search no swap moves a run off or onto a talon card: a talon card left on a top goes back into the talon
there, so swapping a run off one undoes a chain of talon cards and the run laid on it, a move that counts, and
the kept state would lack the top that move freed (winnable deal 323 was proven lost that way). Deal 829:
15,389 states against 103,711 for the exact search (2.3 s against 5.5 s); 453: 58,823 against 140,559 for the
canonical one.

**Exchanges** (the canonical search and its precise form). Two face-up cards of one rank and colour, `y` and
`y'`, have the same two children, `x` and `x'`; when both are covered, one child heads the cards on `y` and
the other those on `y'`. The state with those two piles exchanged is won or lost with this one, and both
searches keep only the state where the lower-numbered child lies on the lower-numbered parent (neither parent
a card no swap may touch). Why: until `y` or `y'` is uncovered, every move of one state is legal in the other,
made with the same cards, and keeps them exchanged: a move only reads a card's neighbours, and the two piles
rest on cards with the same children. The move that uncovers `y` in one uncovers `y'` in the other, and the
pile left lies on `y'` in the first and on `y` in the second: one swap apart (above), which this search counts
as nothing (and when the card uncovered is a talon card that goes back into the talon, a talon move lays it
down again first, which is not counted either). So the two have the same least count of moves in a winning
line, and the argument above holds with it. On the deals left undecided at 10 s the precise form meets several
such pairs at once, each doubling the states (deal 767: 1,728 states with the same face-down cards,
foundations and talon), and proves lost, alone from the start, 112 in 11,286 states (151,755 without
exchanges), 878 in 51,158, 869 in 48,273, 679 in 46,706, where it needed more than 300,000 before. The exact
twin's states must be real and its line replayed, and an exchange is no move, so it does without them.

**Seen before it was laid down** (the precise form). A state with a talon card on a column's top is one talon
move from the state with that card back in the talon, settled. A talon move is not counted, so that state's
least count is no greater, and when it has been seen already (it is searched, or one of its own kind is), this
one is not searched: the argument above goes on through the state seen. Each such step takes a talon card off
the table, so no state waits on itself. On the deals left undecided at 10 s, most states with a talon card on
a top are found this way (529: 10,552 of 17,460 among its first 30,219 states); 878 is proven lost in 24,692
states (51,158 without), 860 in 27,011 (30,699), 529 in 42,518 (50,058).

Under draw three it searches the same board read as draw one: draw three's lines are draw one's too (draw
the same cards one at a time), so a proof of loss under draw one is one under draw three.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Generator

from .fast import CHILDREN, KING, PARENTS, RANK, RED, SAME, SUIT, Board
from .position import COLUMNS
from .search import (
    _F2T,
    _S2F,
    _S2T,
    _T2F,
    _T2T,
    CHECK_EVERY,
    DEFAULT_MAX_NODES,
    MAX_TABLE,
    Move,
    OutOfBudget,
    Solver,
    State,
    _tops,
    safe_up,
)

__all__ = ["CanonicalSearch"]

_REMEMBERED = 1 << 17
"""The most entries each memory of the search holds (`settle`'s lower swaps, `chains`' talon orders,
`_rising`, `_ready`): then it forgets them all and starts again."""

Chains = dict[int, list[tuple[tuple[int, ...], int]]]
"""For a talon card, every way talon moves alone make it a column's top: the talon cards put down (bottom
first, itself last) and the column."""


class CanonicalSearch:
    """The canonical search of one board under draw one, depth first, or with `exact` its exact twin, or with
    `precise` its precise form (module docstring); `steps()` runs it."""

    def __init__(
        self,
        board: Board,
        *,
        max_nodes: int | None = None,
        max_table: int = MAX_TABLE,
        yield_every: int = CHECK_EVERY,
        dead_cache: dict[bytes, bool] | None = None,
        exact: bool = False,
        precise: bool = False,
    ) -> None:
        self.solver = Solver(board, delays=False, yield_every=yield_every, dead_cache=dead_cache)
        self.max_nodes = DEFAULT_MAX_NODES if max_nodes is None else max_nodes
        self.max_table = max_table
        self.yield_every = yield_every
        self.exact = exact
        self.precise = precise and not exact
        """Whether only the talon cards whose suit is ready go back into the talon (module docstring)."""
        self.talon: Collection[int] = () if exact else self.solver.where
        """The cards no swap moves a run off or onto: in the canonical search, the talon's (docstring); the
        precise search's swaps ask `_unswapped` instead, and a move it leaves out as a swap, this."""
        self._lower: dict[object, tuple[Move | None, tuple[bytes, ...]]] = {}
        """`settle`'s swap onto a lower parent, or when there is none the columns with their exchanges made,
        by columns (three columns in five come back), and in the precise search by the cards no swap may move
        a run off or onto too (`_unswapped`)."""
        self._risings: dict[tuple[tuple[int, ...], int], tuple[tuple[int, tuple[int, ...]], ...]] = {}
        """`_rising`'s runs of talon cards, by foundations and talon."""
        self._ready_talon: dict[tuple[tuple[int, ...], int], frozenset[int]] = {}
        """`_ready`'s talon cards, by foundations and talon."""
        self._lowered: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        """`lowered`'s foundations and the talon cards it puts back, by foundations."""
        self._talons: dict[int, list[int]] = {}
        """`chains`' talon cards, kings first, by the talon's mask."""
        self.nodes = 0

    def steps(self) -> Generator[None, None, bool | list[str]]:
        """Search, yielding every `yield_every` states expanded; return True once every state is seen without
        a win (the position is lost); on reaching a state with no card face down, False (no proof either way)
        or, when `exact`, the winning line; raise `OutOfBudget` past `max_nodes` states expanded or
        `max_table` seen."""
        solver = self.solver
        board = solver.board
        root, root_moves = self.settle((board.cols, board.found, board.mask, board.ptr))
        root_key = solver._key(root)
        parents: dict[bytes, tuple[bytes, Move | None, list[Move]]] = {root_key: (b"", None, root_moves)}
        if not any(col[0] for col in root[0]):
            return self._ending(parents, root_key)
        exact = self.exact
        precise = self.precise
        seen = {root_key}
        stack = [(root_key, root)]
        nodes = 0
        while stack:
            key, state = stack.pop()
            nodes += 1
            if nodes % self.yield_every == 0:
                self.nodes = nodes
                if nodes % CHECK_EVERY == 0 and (nodes > self.max_nodes or len(seen) > self.max_table):
                    raise OutOfBudget
                yield
            if solver.is_dead(key, state) or (precise and self._laid_from(state, seen)):
                continue
            for moves, child in self.successors(state):
                child_key = solver._key(child)
                if child_key in seen:
                    continue
                if exact:
                    parents[child_key] = (key, None, moves)
                if not any(col[0] for col in child[0]):
                    self.nodes = nodes
                    return self._ending(parents, child_key)
                seen.add(child_key)
                stack.append((child_key, child))
        self.nodes = nodes
        return True

    def _laid_from(self, state: State, seen: set[bytes]) -> bool:
        """In the precise search: is `state` one talon move from a state already `seen`, a talon card on one
        of its tops put back (module docstring, "Seen before it was laid down")?"""
        cols, found, mask, ptr = state
        where = self.solver.where
        key = self.solver._key
        for d, col in enumerate(cols):
            top = col[-1]
            if top in where and len(col) > col[0] + 1:
                lifted = list(cols)
                lifted[d] = col[:-1]
                before = self.settle((tuple(lifted), found, mask | 1 << where[top], ptr))[0]
                if key(before) in seen:
                    return True
        return False

    def _ending(
        self, parents: dict[bytes, tuple[bytes, Move | None, list[Move]]], key: bytes
    ) -> bool | list[str]:
        """What reaching state `key` with no card face down answers: no proof (False), or when `exact` the
        line there, finished (`parents` as `Solver._path` reads it: each state's parent and the moves from
        it, all in the last field)."""
        if not self.exact:
            return False
        return self.solver._line(Solver._path(parents, key))

    def settle(self, state: State) -> tuple[State, list[Move]]:
        """`state` as this search keeps it, and the moves that made it so (when `exact`): its safe moves up
        when `exact`, else made `canonical`; then, as long as a run can swap onto the lower-numbered of its
        first card's parents, swapped there and settled again (module docstring, "Swaps"); last, unless
        `exact`, its exchanges made ("Exchanges")."""
        solver = self.solver
        exact = self.exact
        state, done = solver.autos(state) if exact else (self.canonical(state), [])
        remembered = self._lower
        while True:
            cols = state[0]
            talon = self._unswapped(state)
            key: object = (cols, talon) if self.precise else cols
            if key in remembered:
                swap, kept = remembered[key]
            else:
                if len(remembered) >= _REMEMBERED:
                    remembered.clear()
                lower = _swaps(cols, lower_only=True, talon=talon)
                swap = lower[0] if lower else None
                # the exchanges once no swap is left (the exact twin makes none: module docstring)
                kept = cols if swap is not None or exact else _exchange_all(cols, talon)
                remembered[key] = swap, kept
            if swap is None:
                return (kept, *state[1:]), done
            state = solver.apply(state, swap)
            if exact:
                state, autos = solver.autos(state)
                done += [swap, *autos]
            else:
                state = self.canonical(state)

    def _unswapped(self, state: State) -> Collection[int]:
        """The cards no swap of `state` moves a run off or onto (`talon`)."""
        return self._ready(state[1], state[2]) if self.precise else self.talon

    def _ready(self, found: tuple[int, ...], mask: int) -> frozenset[int]:
        """The precise search's talon cards that go back into the talon from a column's top: those whose
        suit is ready for them once every talon card that can go up is up (`raised`)."""
        key = (found, mask)
        known = self._ready_talon.get(key)
        if known is None:
            if len(self._ready_talon) >= _REMEMBERED:
                self._ready_talon.clear()
            up = self.raised(((), found, mask, 0))[1]
            known = frozenset(card for card in self.solver.where if up[SUIT[card]] == RANK[card] - 1)
            self._ready_talon[key] = known
        return known

    def canonical(self, state: State) -> State:
        """`state` with every talon card on a column's top back in the talon (in the precise search, every
        `_ready` one), every talon card that can go up up and its safe moves up (which may uncover more
        talon cards, and so on), then `lowered`: the one state this search keeps of its class (module
        docstring)."""
        where = self.solver.where
        autos = self.solver.autos
        while True:
            cols, found, mask, ptr = state
            back = self._ready(found, mask) if self.precise else where
            new: list[bytes] | None = None
            for d, col in enumerate(cols):
                if col[-1] in back and len(col) > col[0] + 1:
                    rest = col
                    while len(rest) > rest[0] + 1 and rest[-1] in back:
                        mask |= 1 << where[rest[-1]]
                        rest = rest[:-1]
                    if new is None:
                        new = list(cols)
                    new[d] = rest
            state, done = autos(self.raised((cols if new is None else tuple(new), found, mask, ptr)))
            # the tops are those just cleared of talon cards: nothing more to do, unless the precise search
            # put back a card whose going up made another ready
            if not done and (new is None or not self.precise):
                return self.lowered(state)

    def raised(self, state: State) -> State:
        """`state` with every talon card that can go up, up, suit by suit: the highest state of its class."""
        cols, found, mask, ptr = state
        up: list[int] | None = None
        for suit, run in self._rising(found, mask):
            for k in run:
                mask ^= 1 << k
            if up is None:
                up = list(found)
            up[suit] += len(run)
        return cols, found if up is None else tuple(up), mask, ptr

    def _rising(self, found: tuple[int, ...], mask: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Each suit whose next cards up are in the talon, with those cards' talon indexes, in the order they
        can go up one after another. Remembered (`raised` asks it of every state settled, again and again)."""
        key = (found, mask)
        rising = self._risings.get(key)
        if rising is None:
            if len(self._risings) >= _REMEMBERED:
                self._risings.clear()
            where = self.solver.where
            runs: list[tuple[int, tuple[int, ...]]] = []
            for suit in range(4):
                run: list[int] = []
                for rank in range(found[suit], KING):
                    k = where.get(suit * 13 + rank, -1)
                    if k < 0 or not mask >> k & 1:
                        break
                    run.append(k)
                if run:
                    runs.append((suit, tuple(run)))
            rising = self._risings[key] = tuple(runs)
        return rising

    def lowered(self, state: State) -> State:
        """`state` with each foundation's talon cards above its highest card from a column back in the talon:
        the state of its class that this search keeps."""
        cols, found, mask, ptr = state
        known = self._lowered.get(found)
        if known is None:
            where = self.solver.where
            down = list(found)
            bits = 0
            for suit in range(4):
                while down[suit]:
                    k = where.get(suit * 13 + down[suit] - 1, -1)
                    if k < 0:
                        break
                    bits |= 1 << k
                    down[suit] -= 1
            known = self._lowered[found] = (tuple(down), bits)
        return cols, known[0], mask | known[1], ptr

    def chains(
        self, state: State, tops: dict[int, int] | None = None, empty: int | None = None, floor: int = 0
    ) -> Chains:
        """Each talon card that talon moves alone can make a column's top, with every way to (`Chains`): onto
        the columns' `tops` (card: column; by default every top, and the first empty column for a king), of
        the talon cards above rank `floor` only."""
        cols, _, mask, _ = state
        if tops is None:
            tops = {cols[d][-1]: d for d in range(COLUMNS) if len(cols[d]) > 1}
        if empty is None:
            empty = next((d for d in range(COLUMNS) if len(cols[d]) == 1), -1)
        talon = self._talons.get(mask)
        if talon is None:
            if len(self._talons) >= _REMEMBERED:
                self._talons.clear()
            seq = self.solver.seq
            talon = self._talons[mask] = sorted(
                (seq[k] for k in range(len(seq)) if mask >> k & 1), key=lambda card: -RANK[card]
            )
        found: Chains = {}
        for card in talon:  # kings first: a chain's lower cards need the higher ones' ways
            if RANK[card] <= floor:
                break
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

    def successors(self, state: State) -> list[tuple[list[Move], State]]:
        """The moves of `state` and those that one or two swaps first make possible (`_variants`), the swaps
        written before them, each state reached `settle`d, with its moves (when `exact`)."""
        apply = self.solver.apply
        out: list[tuple[list[Move], State]] = []
        for swaps, freed in self._variants(state):
            base = state
            for swap in swaps:
                base = apply(base, swap)
            for start, moves in self._touching(base, freed) if freed else self._moves(base):
                if freed and not freed <= _touched(base[0], moves):
                    continue
                if self._returns(base, moves):
                    continue
                child = start
                for move in moves:
                    child = apply(child, move)
                after, done = self.settle(child)
                out.append(([*swaps, *moves, *done], after))
        return out

    def _returns(self, base: State, moves: list[Move]) -> bool:
        """Do `moves`, made in `base` (the kept state or one a swap or two away), lead back to the kept state
        once settled? A swap does (its state is of the same class), and so does a foundation card coming
        down, alone or onto talon cards, that the safe moves up put straight back (and the talon cards with
        it, in the canonical search): about a fifth of the canonical search's moves and two fifths of the
        exact one's, which need not be made and settled to be found seen."""
        kind, a, b, c = moves[-1]
        if kind == _T2T and len(moves) == 1:
            col = base[0][a]
            return b >= col[0] + 2 and col[b - 1] not in self.talon and base[0][c][-1] not in self.talon
        if kind != _F2T or (self.exact and len(moves) > 1):
            return False
        # the other foundations as the safe moves see them: raised, unless talon cards went down first
        found = list(self.raised(base)[1] if len(moves) == 1 and not self.exact else base[1])
        found[a] = base[1][a] - 1
        return safe_up(tuple(found), a)

    def _variants(self, state: State) -> list[tuple[list[Move], frozenset[int]]]:
        """`state` (no swap, nothing freed), each swap of it with the top it frees, and each two swaps with
        both tops they free: the states whose moves `successors` makes, and which top each such move must
        touch (module docstring, "Swaps")."""
        cols = state[0]
        apply = self.solver.apply
        found: list[tuple[list[Move], frozenset[int]]] = [([], frozenset())]
        kept = self._unswapped(state)
        for first in _swaps(cols, lower_only=False, talon=kept):
            _, s, i, _ = first
            bottom = cols[s][i]
            found.append(([first], frozenset((cols[s][i - 1],))))
            after = apply(state, first)[0]
            for second in _swaps(after, lower_only=False, talon=kept):
                _, t, j, _ = second
                # each pair once (the swap back has the same bottom card), and only if one freed top can be
                # laid on the other, directly or on talon cards: no other move needs both
                if after[t][j] > bottom and _stack(cols[s][i - 1], after[t][j - 1]):
                    found.append(([first, second], frozenset((cols[s][i - 1], after[t][j - 1]))))
        return found

    def _touching(self, state: State, freed: frozenset[int]) -> list[tuple[State, list[Move]]]:
        """Of `_moves`, at least those that touch a top in `freed` (`_touched`): a freed top going up, moving
        on alone, or having a run, a foundation card or a chain laid on it, and the chains with it laid on
        their last card; made without the moves of every other column, which a swapped state's moves would
        all be filtered out for (three states in four that `successors` makes moves of are swapped)."""
        solver = self.solver
        cols = state[0]
        high = state if self.exact else self.raised(state)
        column_of = {cols[d][-1]: d for d in range(COLUMNS) if len(cols[d]) > 1}
        empty = next((d for d in range(COLUMNS) if len(cols[d]) == 1), -1)
        onto = [(y, column_of[y], RANK[y] - 1) for y in freed]
        out: list[tuple[State, list[Move]]] = []
        for group in solver._run_moves(high[0], high[1], onto, -1, set(), True):
            out += [(high, [move]) for move in group if move[0] == _T2T or cols[move[1]][-1] in freed]
        for y, d, _ in onto:
            col = cols[d]
            if RANK[y] == KING:
                if empty >= 0 and col[0] and len(col) == col[0] + 2:
                    out.append((high, [(_T2T, d, len(col) - 1, empty)]))
                continue
            out += [
                (high, [(_T2T, d, len(col) - 1, column_of[parent])])
                for parent in PARENTS[y]
                if column_of.get(parent, d) != d
            ]
        out += [(state, [move]) for move in solver._back_moves(state[1], onto, -1, set())]
        if self.exact:
            out += self._up_over_talon(state, freed)
        # the chains put down on a freed top, and those a freed top is laid on
        out += self._chain_moves(state, self.chains(state, {y: d for y, d, _ in onto}, -1))
        laying = self.chains(state, column_of, empty, floor=min(RANK[y] for y in freed))
        where = solver.where
        for y, d, _ in onto:
            for parent in PARENTS[y]:
                for chain, to in laying.get(parent, ()):
                    if to != d:
                        downs: list[Move] = [(_S2T, where[down], to, 0) for down in chain]
                        out.append((state, [*downs, (_T2T, d, len(cols[d]) - 1, to)]))
        return out

    def _moves(self, state: State) -> list[tuple[State, list[Move]]]:
        """Every legal move but a talon card to a column (in the canonical search, those of the state's class:
        the column moves from its `raised` state, a foundation card down from this one), and the
        `_chain_moves`: each with the state it is made from."""
        solver = self.solver
        out: list[tuple[State, list[Move]]]
        if self.exact:
            # a talon card goes to a column in a chain and up under a column card only (module docstring)
            out = [(state, [move]) for move in solver.moves(state) if move[0] != _S2T and move[0] != _S2F]
            out += self._up_over_talon(state)
        else:
            high = self.raised(state)
            tops, empty = _tops(state[0])
            # the column moves of `solver.moves` (with `delays` off, every one), without its talon moves
            groups = solver._run_moves(high[0], high[1], tops, empty, set(), True)
            out = [(high, [move]) for group in groups for move in group]
            out += [(state, [move]) for move in solver._back_moves(state[1], tops, empty, set())]
        return out + self._chain_moves(state)

    def _up_over_talon(
        self, state: State, freed: frozenset[int] | None = None
    ) -> list[tuple[State, list[Move]]]:
        """The exact twin's moves up of a column's top (of the `freed` tops only, when given) that waits for
        talon cards of its suit: those talon cards up, then the top (module docstring, "A talon card goes up
        under a column card")."""
        cols, found, mask, _ = state
        runs = dict(self._rising(found, mask))
        out: list[tuple[State, list[Move]]] = []
        if not runs:
            return out
        for c in range(COLUMNS):
            col = cols[c]
            if len(col) == 1 or (freed is not None and col[-1] not in freed):
                continue
            top = col[-1]
            run = runs.get(SUIT[top])
            under = RANK[top] - 1 - found[SUIT[top]]
            if run is not None and 0 < under <= len(run):
                out.append((state, [*((_S2F, k, 0, 0) for k in run[:under]), (_T2F, c, 0, 0)]))
        return out

    def _chain_moves(self, state: State, chains: Chains | None = None) -> list[tuple[State, list[Move]]]:
        """Each chain of talon cards (`chains`, by default all of `state`'s) put down with a run or a
        foundation card laid on its last card, with the state it is made from."""
        if chains is None:
            chains = self.chains(state)
        out: list[tuple[State, list[Move]]] = []
        if not chains:
            return out
        where = self.solver.where
        found = state[1]
        face_up = {
            col[i]: (source, i) for source, col in enumerate(state[0]) for i in range(col[0] + 1, len(col))
        }
        for card, ways in chains.items():
            for chain, d in ways:
                downs = [(_S2T, where[down], d, 0) for down in chain]
                for lower in CHILDREN[card]:
                    at = face_up.get(lower)
                    if at is not None and at[0] != d:
                        out.append((state, [*downs, (_T2T, at[0], at[1], d)]))
                    suit = SUIT[lower]
                    if found[suit] and lower == suit * 13 + found[suit] - 1:
                        out.append((state, [*downs, (_F2T, suit, d, 0)]))
        return out


def _swaps(cols: tuple[bytes, ...], *, lower_only: bool, talon: Collection[int] = ()) -> list[Move]:
    """The swaps of `cols` (module docstring): a run whose first card lies on a face-up card moving onto
    that card's other parent, a column's top, neither of them one of the `talon` cards; with `lower_only`,
    only onto the lower-numbered parent."""
    lying: dict[int, tuple[int, int]] = {}
    for s, col in enumerate(cols):
        if len(col) > col[0] + 2:
            lying.update(_lying(col, s))
    found: list[Move] = []
    if not lying:
        return found
    for d, col in enumerate(cols):
        if len(col) > 1:
            top = col[-1]
            for card in CHILDREN[top]:
                at = lying.get(card)
                if at is None or at[0] == d or top in talon:
                    continue
                under = cols[at[0]][at[1] - 1]
                if not (lower_only and top > under) and under not in talon:
                    found.append((_T2T, at[0], at[1], d))
    return found


def _exchange_all(cols: tuple[bytes, ...], unswapped: Collection[int]) -> tuple[bytes, ...]:
    """`cols` with every exchange made (module docstring, "Exchanges"), as `CanonicalSearch.settle` keeps
    them: the two children of a rank and colour each lying on one of its two face-up parents, neither parent
    one of the `unswapped` cards, the lower child ends on the lower parent."""
    while True:
        lying: dict[int, tuple[int, int]] = {}
        for s, col in enumerate(cols):
            if len(col) > col[0] + 2:
                lying.update(_lying(col, s))
        for x, (s, i) in lying.items():
            twin = x + 13 * (SAME[SUIT[x]] - SUIT[x])
            if twin < x or twin not in lying:
                continue
            t, j = lying[twin]
            under, other = cols[s][i - 1], cols[t][j - 1]
            if under > other and under not in unswapped and other not in unswapped:
                new = list(cols)
                new[s] = cols[s][:i] + cols[t][j:]
                new[t] = cols[t][:j] + cols[s][i:]
                cols = tuple(new)
                break
        else:
            return cols


@functools.lru_cache(maxsize=1 << 16)
def _lying(col: bytes, column: int) -> dict[int, tuple[int, int]]:
    """The cards of `col` (column number `column`) that lie on a face-up card, each with where it is.
    Remembered: a search meets the same columns again and again."""
    return {col[i]: (column, i) for i in range(col[0] + 2, len(col))}


def _stack(one: int, other: int) -> bool:
    """Can the lower of two cards end a run that the higher begins (ranks apart, colours alternating)?"""
    gap = abs(RANK[one] - RANK[other])
    return gap > 0 and (gap % 2 == 1) == (RED[one] != RED[other])


def _touched(cols: tuple[bytes, ...], moves: list[Move]) -> set[int]:
    """The cards of `cols` that `moves` (one move, a chain of talon cards and the move laid on its last card,
    or talon cards up and the column's top going up onto them) needs on a column's top: where its first move
    that is not a talon card going up lands or the top it takes up, and the card heading the run its last
    move carries."""
    first = next(move for move in moves if move[0] != _S2F)
    kind = first[0]
    touched: set[int] = set()
    if kind == _T2F:
        touched.add(cols[first[1]][-1])
    else:
        d = first[3] if kind == _T2T else first[2]
        if kind != _S2F and len(cols[d]) > 1:
            touched.add(cols[d][-1])
    last = moves[-1]
    if last[0] == _T2T:
        touched.add(cols[last[1]][last[2]])
    return touched
