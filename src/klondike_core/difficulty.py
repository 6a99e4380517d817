"""Difficulty levels: deals proven winnable, sorted by how soon a sloppy plain player wins them.

**Definition** (fixed forever: deal IDs carry their level, so it must never change). A deal is played, under
its draw, by the sloppy greedy player of `playout` (the obvious move at random, now and then a draw instead;
never a look at a hidden card, never a plan), game after game, all the games on one SplitMix64 stream seeded
with `seed_of(number, draw)`. Its *first win* is the number (1, 2, ...) of the first game won. Then:

| level | draw one (`T` absent) | draw three (`T`) | proof that the deal is winnable |
| --- | --- | --- | --- |
| easy | first win in game 1-2 | first win in game 1-3 | the game won |
| medium | first win in game 3-10 | first win in game 4-15 | the game won |
| hard | no win in 10 games | no win in 15 games | the exact solver's line, replayed (`proof`) |

Deals neither won nor proven have no level.

**Why this measure.** Players feel a deal as easy when the obvious moves win it, and as hard when they keep
losing it though it can be won. How soon the sloppy player first wins estimates how often the obvious moves
win (a deal whose games it wins one time in two is usually won at the first or second try), and it can be
decided after the first few games: a deal that is not easy is known after 2 (3) lost games, one that is not
medium after 10 (15), which is what lets the worker deal a levelled deal within a second (a count of wins
out of 50 games, Pyramid's measure, would need about 50 games to turn most deals down). Draw three gets more
games because its plain player wins far less (on deals 1-600 a first win within 20 games: 31% of the deals
with draw one, 7% with draw three). What each level means for a player, measured with another player
(the hint's greedy player and the hint, over hundreds of deals a level): docs/KLONDIKE.md, "Levels".

**Proof.** An easy or medium deal is proven winnable by the game the player won: a line of legal moves
(`playout.play` records it; the tests replay such lines through `rules` to a win). A hard deal needs the
exact solver: `proof.solve_position` (draw one and draw three), whose win stands only when its line replays
under the deal's draw, asked with the solver's late phase off (`late=False`): that phase came after hard deals
were first dealt, and with it a deal dealt before might not be proven again within the same node budget.

**Cost** (CPython, this machine): a game takes about 0.7 ms; an easy deal is turned down after 2-3 games,
a medium one after 10-15; a hard candidate costs its 10 games and the solver, given `GENERATION_NODES` nodes
while dealing (a deal it cannot prove in time is skipped: another comes soon) and `VERIFY_NODES` when a claim
is checked (the same search run further, so a deal dealt is always verified).
`benchmarks/levels_bench.py --game klondike` measures the time to deal each level.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from solitaire_core.dealid import random_number
from solitaire_core.levels import Level
from solitaire_core.shuffle import splitmix64
from solitaire_core.verdict import Verdict

from .deal import RANDOM_LIMIT, DealId
from .errors import DealIdError
from .playout import play
from .proof import solve_position

WITHIN: Final[dict[int, tuple[int, int]]] = {1: (2, 10), 3: (3, 15)}
"""By draw: the last game whose first win makes a deal easy, and the last that makes it medium."""
GENERATION_NODES: Final = 3_000
"""The solver's node budget while a hard deal is dealt."""
VERIFY_NODES: Final = 20_000
"""The solver's node budget when a hard claim is verified (at least `GENERATION_NODES`)."""
MAX_CANDIDATES: Final = 20_000
"""Dealing gives up after this many candidate deals (never reached in practice)."""
_SEED_SALT: Final = 0x6B6C6E2D6C766C73  # "kln-lvls": the levels' stream, unrelated to other seeds


@dataclass(frozen=True, slots=True)
class Assessment:
    """What classification found: the first game won (or `None` within the games played), the solver's
    verdict (`None` when it was not asked), and the level (`None` unless proven)."""

    first_win: int | None
    verdict: Verdict | None
    level: Level | None


def seed_of(number: int, draw: int) -> int:
    """The games' seed of deal `number` under `draw` (fixed forever: levels must not change)."""
    return (number ^ _SEED_SALT ^ (draw << 56)) & (2**64 - 1)


def first_win(number: int, draw: int, games: int, record: list[str] | None = None) -> int | None:
    """The number (1-based) of the sloppy player's first won game of deal `number` under `draw`, or `None`
    when none of the first `games` is won. With `record`, the winning game's moves are left in it."""
    cards = [card.index for card in DealId(number).deal().cards]
    words = splitmix64(seed_of(number, draw))
    for game in range(1, games + 1):
        line: list[str] | None = [] if record is not None else None
        if play(cards, draw, words, line):
            if record is not None and line is not None:
                record[:] = line
            return game
    return None


def _proven(number: int, draw: int, nodes: int) -> bool:
    start = DealId(number, draw).deal().start(draw)
    return solve_position(start, node_budget=nodes, late=False).verdict is Verdict.WIN


def assess(number: int, draw: int = 1) -> Assessment:
    """The level of deal `number` under `draw`, with what decided it (the solver asked only for a deal the
    player never won)."""
    easy, medium = WITHIN[draw]
    first = first_win(number, draw, medium)
    if first is not None:
        return Assessment(first, None, Level.EASY if first <= easy else Level.MEDIUM)
    start = DealId(number, draw).deal().start(draw)
    verdict = solve_position(start, node_budget=VERIFY_NODES, late=False).verdict
    return Assessment(None, verdict, Level.HARD if verdict is Verdict.WIN else None)


def matches(number: int, draw: int, level: Level, nodes: int = VERIFY_NODES) -> bool:
    """True when deal `number` under `draw` is of `level` and proven winnable (a hard deal within `nodes` of
    the solver). Only as many games are played as `level` needs."""
    easy, medium = WITHIN[draw]
    if level is Level.EASY:
        return first_win(number, draw, easy) is not None
    first = first_win(number, draw, medium)
    if level is Level.MEDIUM:
        return first is not None and first > easy
    return first is None and _proven(number, draw, nodes)


def deal_at_level(level: Level, draw: int = 1, start: int | None = None) -> DealId:
    """A deal of `level` under `draw`: deal numbers are tried one after the other from `start` (by default a
    number from the system's secure random source) until one matches; its ID carries the level's letter."""
    number = start if start is not None else random_number()
    for _ in range(MAX_CANDIDATES):
        if matches(number, draw, level, GENERATION_NODES):
            return DealId(number, draw, level)
        number = number + 1 if number + 1 < RANDOM_LIMIT else 1
    raise RuntimeError(f"no {level} deal found in {MAX_CANDIDATES} tries")  # pragma: no cover


def candidates(seed: int) -> Iterator[int]:
    """Start numbers for benchmarks and tests: SplitMix64 from `seed`, in 1 .. `RANDOM_LIMIT` - 1."""
    words = splitmix64(seed)
    while True:
        yield 1 + next(words) % (RANDOM_LIMIT - 1)


def verify(deal_id: DealId) -> None:
    """Raise `DealIdError` when an ID claims a level its deal does not have under its draw (a hand-edited
    link, a save, a typed ID)."""
    level = deal_id.level
    if level is not None and not matches(deal_id.number, deal_id.draw, level):
        rules = "draw three" if deal_id.draw == 3 else "draw one"
        raise DealIdError(f"deal {deal_id} is not a proven-winnable {level} deal ({rules})")


def parse_verified(text: str) -> DealId:
    """The deal ID of `text`, its level claim verified (`DealIdError` when malformed or false)."""
    deal_id = DealId.parse(text)
    verify(deal_id)
    return deal_id


__all__ = ["GENERATION_NODES", "VERIFY_NODES", "WITHIN", "Assessment", "assess", "candidates",
           "deal_at_level", "first_win", "matches", "parse_verified", "seed_of", "verify"]
