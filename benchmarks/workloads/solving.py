"""One deal solved from its start, every card known, by each game's solver, and its winning line replayed
through the game's engine (a line that does not win stops the run): the work the solver benchmarks time.

Each function takes one picklable job and returns one picklable row, so that `harness.runs.play_deals` can
run it in worker processes; the clock is named in the job ("wall" or "cpu", `harness.runs.clock_named`).
"""

from __future__ import annotations

from harness.runs import clock_named

from klondike_core.deal import Deal as KlondikeDeal
from klondike_core.fast import Board
from klondike_core.lines import wins
from klondike_core.solver import solve_board
from pyramid_core.deal import DealId as PyramidDealId
from pyramid_core.game import Game as PyramidGame
from pyramid_core.game import Outcome as PyramidOutcome
from pyramid_core.solver import Position as PyramidPosition
from pyramid_core.solver import Verdict as PyramidVerdict
from pyramid_core.solver import solve as pyramid_solve
from tripeaks_core.dealid import DealId as TriPeaksDealId
from tripeaks_core.game import Game as TriPeaksGame
from tripeaks_core.rules import Rules
from tripeaks_core.solver import Position as TriPeaksPosition
from tripeaks_core.solver import Verdict as TriPeaksVerdict
from tripeaks_core.solver import solve as tripeaks_solve
from workloads.pyramid_naive import naive_solve as pyramid_naive
from workloads.tripeaks_naive import naive_solve as tripeaks_naive

Solved = tuple[int, float, str]
"""(deal number, ms, verdict)."""

KlondikeSolved = tuple[int, float, str, int, int]
"""(deal number, ms, verdict, nodes, line length)."""


def tripeaks_start(number: int, wrap: bool = True) -> TriPeaksPosition:
    """The solver's start position of TriPeaks deal `number` (every card known)."""
    deal = TriPeaksDealId(number).deal()
    return TriPeaksPosition.start(tuple(card.rank for card in deal.cards), wrap)


def tripeaks_deal(job: tuple[int, bool, str]) -> Solved:
    """TriPeaks deal `job[0]` under K–A wrap or not (`job[1]`), timed on the clock `job[2]`."""
    number, wrap, clock_name = job
    clock = clock_named(clock_name)
    position = tripeaks_start(number, wrap)
    begin = clock()
    result = tripeaks_solve(position)
    ms = (clock() - begin) * 1000
    if result.verdict is TriPeaksVerdict.WIN:
        game = TriPeaksGame(TriPeaksDealId(number).deal(), Rules(wrap=wrap))
        for move in result.line:
            game.play(move)
        if game.outcome().value != "won":
            raise SystemExit(f"deal {number}: the solver's line does not win")
    return number, ms, result.verdict.value


def pyramid_deal(job: tuple[int, str]) -> Solved:
    """Pyramid deal `job[0]`, timed on the clock `job[1]`."""
    number, clock_name = job
    clock = clock_named(clock_name)
    deal = PyramidDealId(number).deal()
    begin = clock()
    result = pyramid_solve(PyramidPosition.start(deal.ranks()))
    ms = (clock() - begin) * 1000
    if result.verdict is PyramidVerdict.WIN:
        game = PyramidGame(deal)
        for move in result.line:
            game.play(move)
        if game.outcome() is not PyramidOutcome.WON:
            raise SystemExit(f"deal {number}: the solver's line does not win")
    return number, ms, result.verdict.value


def klondike_game_wins(number: int, line: tuple[str, ...]) -> bool | None:
    """True when `line` wins Klondike deal `number` (draw one) through the rules engine's `Game` (None when
    the engine is not there)."""
    try:
        from klondike_core.game import Game  # noqa: PLC0415
    except ImportError:
        return None
    game = Game.from_id(number)
    for move in line:
        game.play(move)
    return bool(game.won)


def klondike_deal(job: tuple[int, str, float, int]) -> KlondikeSolved:
    """Klondike deal `job[0]` on the clock `job[1]` with a budget of `job[2]` ms of it, under draw `job[3]`;
    a winning line is replayed (draw one: `replay` and the rules engine; draw three: `lines.wins`)."""
    number, clock_name, budget, draw = job
    start = KlondikeDeal.from_number(number).start()  # every card shown, draw one
    result = solve_board(Board.of(start), budget_ms=budget, clock=clock_named(clock_name), draw=draw)
    if result.verdict.value == "win":
        # Replayed through the rules, and for draw one through the game a player plays too.
        if not wins(start, result.line, draw):
            raise SystemExit(f"deal {number}: the solver's line does not win under draw {draw}")
        if draw == 1 and klondike_game_wins(number, result.line) is False:
            raise SystemExit(f"deal {number}: the solver's line does not win the game")
    return number, result.ms, result.verdict.value, result.nodes, len(result.line)


def tripeaks_naive_deal(job: tuple[int, str]) -> tuple[int, float, bool]:
    """(number, ms, won) of the naive search on TriPeaks deal `job[0]` (K–A wrap), clock `job[1]`."""
    number, clock_name = job
    clock = clock_named(clock_name)
    position = tripeaks_start(number)
    begin = clock()
    won, _ = tripeaks_naive(position)
    return number, (clock() - begin) * 1000, won


def pyramid_naive_deal(job: tuple[int, int, str]) -> tuple[int, float, bool | None]:
    """(number, ms, won or None when stopped) of the naive search on Pyramid deal `job[0]`, stopped after
    `job[1]` nodes, clock `job[2]`."""
    number, max_nodes, clock_name = job
    clock = clock_named(clock_name)
    position = PyramidPosition.start(PyramidDealId(number).deal().ranks())
    begin = clock()
    won, _ = pyramid_naive(position, max_nodes)
    return number, (clock() - begin) * 1000, won
