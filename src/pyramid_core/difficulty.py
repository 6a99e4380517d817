"""Difficulty levels: deals the solver has proven winnable, sorted by how often a sloppy plain player wins.

**Definition** (fixed forever: deal IDs carry their level, so it must never change). A deal's *score* is
how many of `PLAYOUTS` (100) games the *sloppy greedy player* wins on it, each game on its own stretch of one
SplitMix64 stream seeded with `seed_of(number)`. That player never looks at a hidden card and never plans:

1. a playable king leaves at once (pyramid kings by index, then the stock top, then the waste top);
2. otherwise, when some pair makes 13, it makes one, chosen at random among all of them; but one time in four
   (`TURN_INSTEAD`), when it could also draw or recycle, it turns a card instead;
3. otherwise it draws, else recycles (at most twice), else the game is lost.

Among deals the exact solver proves winnable (`solver.solve` from the start, every card read):

- easy: the score is at least `EASY_FROM` (10 games of 100): many plain ways of playing it win;
- medium: between `MEDIUM_FROM` (1) and 9 games: winnable, but a plain player rarely finds the way;
- hard: 0 games of 100: only a player who keeps pairs back for later (or plans the whole deal) wins it.

Deals the solver does not prove winnable have no level.

**Why this player.** Pyramid's plain greedy player (`autoplay.greedy`) never declines a pair, and on about a
third of the winnable deals no greedy line at all wins: the winning lines keep some card for a later partner.
A strictly greedy score would put all of those deals at 0, and they are exactly the ones the hint player loses
most. Turning a card instead of pairing one time in four lets the score see *how many* such refusals a deal
needs: a deal that needs one or two gets a few wins of 100 (medium), one that needs many gets none (hard).
On 605 winnable deals, the hint player won 359/359 of the deals this definition calls easy, 157/165 of the
medium ones and 70/81 of the hard ones; `benchmarks/levels_bench.py --game pyramid` measures it on other deals
(docs/PERFORMANCE.md, section "Pyramid levels": 100%, 96%, 90%).

**Cost.** A game takes about 0.07 ms in CPython, and the counting stops as soon as the level is decided
(at the first win when the question is "hard?", at the tenth when it is "easy?"), so a candidate costs a few
ms; the solver, which proves the deal winnable, is asked only once the score fits, and while dealing only
for `GENERATION_NODES` nodes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from solitaire_core.dealid import random_number
from solitaire_core.levels import Level, level_of
from solitaire_core.shuffle import bounded, splitmix64

from .deal import STOCK_START, DealId
from .errors import DealIdError
from .layout import FULL_MASK, PYRAMID_SIZE, playable_mask
from .rules import KING, PARTNER, can_recycle, makes_13
from .solver import Position, Verdict, solve

PLAYOUTS: Final = 100
EASY_FROM: Final = 10
"""Games won (of `PLAYOUTS`) from which a winnable deal is easy."""
MEDIUM_FROM: Final = 1
"""Games won from which a winnable deal is medium (below: hard)."""
TURN_INSTEAD: Final = 4
"""One time in this many, the sloppy player turns a card instead of making a pair it could make."""
GENERATION_NODES: Final = 20_000
"""Node budget of the solver while a deal is *dealt*: a candidate it cannot prove in time is skipped (some
other deal of the level comes soon), which keeps the slowest generations short. A deal proven within it is
proven by `verify`'s full search too (the same search, run further)."""
MAX_CANDIDATES: Final = 5_000
"""Generation gives up after this many candidate deals (never reached in practice: each level is common)."""
_SEED_SALT: Final = 0x7079722D6C766C73  # "pyr-lvls": the levels' stream, unrelated to other seeds


@dataclass(frozen=True, slots=True)
class Assessment:
    """What classification found: the solver's verdict, the games won of `PLAYOUTS`, the resulting level."""

    verdict: Verdict
    wins: int
    level: Level | None


def seed_of(number: int) -> int:
    """The playout seed of deal `number` (fixed forever: levels must not change)."""
    return number ^ _SEED_SALT


def _pairs(ranks: tuple[int, ...], rank_mask: list[int], play: int, s: int, w: int) -> list[tuple[int, int]]:
    """Every pair that makes 13 now, in a fixed order: for each playable pyramid card by index, its pyramid
    partners of higher index, then the stock top, then the waste top; last the stock top with the waste top.
    Each entry is (pyramid bits removed, 0 none / 1 stock top / 2 waste top / 3 both)."""
    pairs: list[tuple[int, int]] = []
    rest = play
    while rest:
        low = rest & -rest
        rest ^= low
        need = PARTNER[ranks[low.bit_length() - 1]]
        partners = play & rank_mask[need] & ~(low - 1) & ~low
        while partners:
            high = partners & -partners
            partners ^= high
            pairs.append((low | high, 0))
        if s == need:
            pairs.append((low, 1))
        if w == need:
            pairs.append((low, 2))
    if s and w and makes_13(s, w):
        pairs.append((0, 3))
    return pairs


def playout_wins(ranks: tuple[int, ...], seed: int, cap: int = PLAYOUTS, need: int = 0) -> int:
    """How many of `PLAYOUTS` games of the sloppy greedy player (module text) are won on the deal of these 52
    ranks. Counting stops once `cap` games are won (the result is then `cap`), or once fewer than `need` wins
    remain possible (the result is then below `need`): enough to decide a level, and exact for it."""
    pyramid = ranks[:STOCK_START]
    rank_mask = [0] * 14
    for index in range(PYRAMID_SIZE):
        rank_mask[pyramid[index]] |= 1 << index
    start_stock = list(reversed(ranks[STOCK_START:]))  # top last
    words = splitmix64(seed)
    wins = 0
    for played in range(PLAYOUTS):
        if wins >= cap or wins + PLAYOUTS - played < need:
            break
        mask, stock, pass_number = FULL_MASK, start_stock[:], 1
        waste: list[int] = []
        while mask:
            play = playable_mask(mask)
            kings = play & rank_mask[KING]
            if kings:
                mask ^= kings & -kings
                continue
            s = stock[-1] if stock else 0
            w = waste[-1] if waste else 0
            if s == KING:
                stock.pop()
                continue
            if w == KING:
                waste.pop()
                continue
            pairs = _pairs(pyramid, rank_mask, play, s, w)
            can_turn = bool(stock) or can_recycle(len(stock), len(waste), pass_number)
            if pairs and not (can_turn and bounded(words, TURN_INSTEAD) == 0):
                bits, tops = pairs[bounded(words, len(pairs))] if len(pairs) > 1 else pairs[0]
                mask ^= bits
                if tops & 1:
                    stock.pop()
                if tops & 2:
                    waste.pop()
            elif stock:
                waste.append(stock.pop())
            elif can_turn:
                stock, waste, pass_number = waste[::-1], [], pass_number + 1
            else:
                break
        wins += not mask
    return wins


def level_of_wins(wins: int) -> Level:
    """The level of a winnable deal whose sloppy greedy player won `wins` games of `PLAYOUTS`."""
    return level_of(wins, EASY_FROM, MEDIUM_FROM)


def _ranks(number: int) -> tuple[int, ...]:
    return DealId(number).deal().ranks()


def assess(number: int) -> Assessment:
    """Solve deal `number` from its start and count its games; `level` is None unless proven winnable."""
    ranks = _ranks(number)
    wins = playout_wins(ranks, seed_of(number))
    verdict = solve(Position.start(ranks)).verdict
    return Assessment(verdict, wins, level_of_wins(wins) if verdict is Verdict.WIN else None)


def matches(number: int, level: Level, max_nodes: int | None = None) -> bool:
    """True when deal `number` is proven winnable (within `max_nodes`, by default the solver's own budget) and
    of `level`. The games are counted first, and only as far as `level` needs; the solver is asked only when
    they fit."""
    ranks = _ranks(number)
    seed = seed_of(number)
    if level is Level.HARD:
        fits = playout_wins(ranks, seed, cap=MEDIUM_FROM) < MEDIUM_FROM
    elif level is Level.MEDIUM:
        fits = MEDIUM_FROM <= playout_wins(ranks, seed, cap=EASY_FROM, need=MEDIUM_FROM) < EASY_FROM
    else:
        fits = playout_wins(ranks, seed, cap=EASY_FROM, need=EASY_FROM) >= EASY_FROM
    return fits and solve(Position.start(ranks), max_nodes).verdict is Verdict.WIN


def deal_at_level(level: Level, candidates: Iterator[int] | None = None) -> DealId:
    """A random deal of `level`: deal numbers (from the system's secure random source, or from
    `candidates`) are tried until one matches; its ID carries the level's letter."""
    for _ in range(MAX_CANDIDATES):
        number = next(candidates) if candidates is not None else random_number()
        if matches(number, level, GENERATION_NODES):
            return DealId(number, level)
    raise RuntimeError(f"no {level} deal found in {MAX_CANDIDATES} tries")  # pragma: no cover


def parse_verified(text: str) -> DealId:
    """The deal ID of `text`, verified as `new` and a save verify it: `DealIdError` when malformed or when
    its difficulty letter is not its deal's."""
    deal_id = DealId.parse(text)
    verify(deal_id)
    return deal_id


def verify(deal_id: DealId) -> None:
    """Raise `DealIdError` when an ID claims a level its deal does not have (a hand-edited link)."""
    level = deal_id.level
    if level is not None and not matches(deal_id.number, level):
        raise DealIdError(f"deal {deal_id} is not a winnable {level} deal")


__all__ = ["EASY_FROM", "MEDIUM_FROM", "PLAYOUTS", "TURN_INSTEAD", "Assessment", "assess", "deal_at_level",
           "level_of_wins", "matches", "parse_verified", "playout_wins", "seed_of", "verify"]
