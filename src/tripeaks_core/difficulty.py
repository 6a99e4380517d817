"""Difficulty levels: deals the solver has proven winnable, sorted by how a plain player fares on them.

**Definition.** A deal's *greedy score* is the fraction of `PLAYOUTS` games that the simple greedy player
wins on it: that player never looks at a hidden card, takes a fitting free card whenever there is one
(preferring a card that turns or frees a card below it, choosing at random among equals), and draws only when
nothing fits. The random choices come from SplitMix64 seeded with the deal number and rules, so the score of a
deal never changes. Among deals the exact solver proves winnable:

- easy: greedy score at least `EASY_FROM` (0.6): most ways of playing it win;
- medium: between `MEDIUM_FROM` (0.2) and 0.6;
- hard: below 0.2: winnable, but a plain player almost always misses the line.

Deals the solver does not prove winnable have no level. `benchmarks/levels_bench.py --game tripeaks` shows
that the hint player's win rate falls from easy to medium to hard, and how fast each level is dealt.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from solitaire_core.dealid import random_number
from solitaire_core.levels import Level, level_of
from solitaire_core.shuffle import bounded, splitmix64

from .deal import Deal
from .dealid import DealId
from .errors import DealIdError
from .layout import COVERER_MASK, COVERS
from .rules import Rules
from .solver import Position, Verdict, free_of, solve

PLAYOUTS: Final = 32
EASY_FROM: Final = 0.6
MEDIUM_FROM: Final = 0.2
MAX_CANDIDATES: Final = 2_000
"""Generation gives up after this many candidate deals (never reached in practice: each level is common)."""


@dataclass(frozen=True, slots=True)
class Assessment:
    """What classification found: the solver's verdict, the greedy score and the resulting level."""

    verdict: Verdict
    greedy_score: float
    level: Level | None


def _turns_a_card(mask_after: int, position: int) -> bool:
    return any(mask_after >> below & 1 and not mask_after & COVERER_MASK[below] for below in COVERS[position])


def greedy_score(position: Position, seed: int, playouts: int = PLAYOUTS) -> float:
    """The fraction of `playouts` greedy games won from `position` (see the module text for the player)."""
    ranks, stock = position.ranks, position.stock
    rules = Rules(wrap=position.wrap)
    fits = [0] * 14
    for rank in range(1, 14):
        neighbours = rules.neighbour_ranks(rank)
        fits[rank] = sum(1 << p for p in range(len(ranks)) if ranks[p] in neighbours)
    words = splitmix64(seed)
    wins = 0
    for _ in range(playouts):
        mask, waste, drawn = position.remaining, position.waste_rank, 0
        while mask:
            playable = free_of(mask) & fits[waste]
            if playable:
                turning: list[int] = []
                others: list[int] = []
                while playable:
                    low = playable & -playable
                    playable ^= low
                    taken = low.bit_length() - 1
                    (turning if _turns_a_card(mask ^ low, taken) else others).append(taken)
                pool = turning or others
                taken = pool[bounded(words, len(pool))] if len(pool) > 1 else pool[0]
                mask ^= 1 << taken
                waste = ranks[taken]
            elif drawn < len(stock):
                waste = stock[drawn]
                drawn += 1
            else:
                break
        wins += not mask
    return wins / playouts


def level_of_score(score: float) -> Level:
    """The level of a winnable deal with this greedy score."""
    return level_of(score, EASY_FROM, MEDIUM_FROM)


def seed_of(number: int, rules: Rules) -> int:
    """The playout seed of deal `number` under `rules` (fixed forever: levels must not change)."""
    return number * 4 + (0 if rules.wrap else 1) + (0 if not rules.all_visible else 2)


def assess(deal: Deal, rules: Rules, number: int) -> Assessment:
    """Solve the deal from its start and score it; `level` is None unless it is proven winnable."""
    position = Position.start(tuple(card.rank for card in deal.cards), rules.wrap)
    score = greedy_score(position, seed_of(number, rules))
    verdict = solve(position).verdict
    return Assessment(verdict, score, level_of_score(score) if verdict is Verdict.WIN else None)


def matches(deal: Deal, rules: Rules, number: int, level: Level) -> bool:
    """True when the deal is proven winnable and of `level`; scores first, since that is cheaper."""
    position = Position.start(tuple(card.rank for card in deal.cards), rules.wrap)
    if level_of_score(greedy_score(position, seed_of(number, rules))) is not level:
        return False
    return solve(position).verdict is Verdict.WIN


def deal_at_level(level: Level, rules: Rules, candidates: Iterator[int] | None = None) -> DealId:
    """A random deal of `level` under `rules`: deal numbers (from the system's secure random source, or
    from `candidates`) are tried until one matches."""
    for _ in range(MAX_CANDIDATES):
        number = next(candidates) if candidates is not None else random_number()
        deal_id = DealId(number, rules)
        if matches(deal_id.deal(), rules, number, level):
            return DealId(number, rules, level)
    raise RuntimeError(f"no {level} deal found in {MAX_CANDIDATES} tries")  # pragma: no cover


def verify(deal_id: DealId) -> None:
    """Raise `DealIdError` when an ID claims a level its deal does not have (a hand-edited link)."""
    level = deal_id.level
    if level is not None and not matches(deal_id.deal(), deal_id.rules, deal_id.number, level):
        raise DealIdError(f"deal {deal_id} is not a winnable {deal_id.level} deal")
