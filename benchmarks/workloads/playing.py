"""One deal played from its start by a player who takes every hint, and again by a simple greedy player:
the work the hint benchmark (`hint_bench.py --game ...`) times and counts, game by game.

Each function takes one picklable job and returns one `Played` row, so that `harness.runs.play_deals` can
run it in worker processes. Every hint is timed by `harness.runs.timed` (wall clock and CPU of the process).
Both players see only what the player has seen (the game's player view).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from harness.runs import HintTime, timed

from klondike_core import autoplay as klondike_autoplay
from klondike_core.deal import Deal as KlondikeDeal
from klondike_core.hint import hint as klondike_hint
from klondike_core.position import Position as KlondikePosition
from pyramid_core import autoplay as pyramid_autoplay
from pyramid_core.game import Game as PyramidGame
from pyramid_core.game import Outcome as PyramidOutcome
from pyramid_core.hint import hint as pyramid_hint
from pyramid_core.solver import Verdict as PyramidVerdict
from pyramid_core.solver import solve_game as pyramid_solve_game
from tripeaks_core.autoplay import play_out as tripeaks_play_out
from tripeaks_core.dealid import DealId as TriPeaksDealId
from tripeaks_core.game import Game as TriPeaksGame
from tripeaks_core.game import Outcome as TriPeaksOutcome
from tripeaks_core.game import PlayerView as TriPeaksView
from tripeaks_core.hint import hint as tripeaks_hint
from tripeaks_core.hint import playable_in_view
from tripeaks_core.layout import COVERS
from tripeaks_core.rules import Rules
from tripeaks_core.solver import free_of


class Played(NamedTuple):
    """One deal's result for both players."""

    number: int
    hint_won: bool
    greedy_won: bool
    hints: list[HintTime]
    """(why, wall ms, CPU ms) of every hint the hint player asked."""
    winnable: bool | None = None
    """Pyramid: the exact solver's verdict is `win` (None where the benchmark does not ask)."""
    unknown: bool = False
    """Pyramid: the exact solver could not decide."""
    hint_repeat: int | None = None
    """Klondike: the moves after which the hint player met a view it already had (None: never)."""
    greedy_repeat: int | None = None
    """Klondike: the same for the greedy player."""


class _Advice(Protocol):
    @property
    def why(self) -> str: ...


def _why(advice: _Advice) -> str:
    """Why the hint gave this advice (how the hint times are grouped)."""
    return advice.why


def tripeaks_greedy_move(view: TriPeaksView) -> int | None:
    """The TriPeaks greedy player's take (None: draw): a free fitting card, preferring one that turns a
    face-down card (the lowest position among equals)."""
    playable = playable_in_view(view)
    for position in playable:
        after = view.remaining & ~(1 << position)
        newly = free_of(after) & ~free_of(view.remaining)
        if any(newly >> below & 1 for below in COVERS[position]):
            return position
    return playable[0] if playable else None


def tripeaks_greedy_wins(number: int, rules: Rules) -> bool:
    """Whether the greedy player clears TriPeaks deal `number` under `rules`."""
    game = TriPeaksGame.from_id(TriPeaksDealId(number, rules))
    while game.outcome() is TriPeaksOutcome.PLAYING:
        move = tripeaks_greedy_move(game.player_view())
        if move is None:
            game.draw()
        else:
            game.take(move)
    return game.outcome() is TriPeaksOutcome.WON


def tripeaks_deal(job: tuple[int, Rules]) -> Played:
    """TriPeaks deal `job[0]` under the rules `job[1]`, for the hint player and the greedy player."""
    number, rules = job
    hints: list[HintTime] = []
    game = TriPeaksGame.from_id(TriPeaksDealId(number, rules))
    won = tripeaks_play_out(game, timed(tripeaks_hint, hints, _why))
    return Played(number, won, tripeaks_greedy_wins(number, rules), hints)


def pyramid_deal(number: int) -> Played:
    """Pyramid deal `number`: the exact solver's verdict (every card read), the hint player (a win of a deal
    the solver proved lost stops the run) and `autoplay.greedy`."""
    verdict = pyramid_solve_game(PyramidGame.from_id(number)).verdict
    hints: list[HintTime] = []
    game = PyramidGame.from_id(number)
    advise = timed(pyramid_hint, hints, _why)
    while game.outcome() is PyramidOutcome.PLAYING:
        advice = advise(game.player_view())
        if advice.move is None:
            break
        game.play(advice.move)
    won = game.outcome() is PyramidOutcome.WON
    if won and verdict is PyramidVerdict.LOST:
        raise SystemExit(f"deal {number}: won a deal the solver proved lost")
    simple = pyramid_autoplay.play_out(PyramidGame.from_id(number), pyramid_autoplay.greedy)
    winnable, unknown = verdict is PyramidVerdict.WIN, verdict is PyramidVerdict.UNKNOWN
    return Played(number, won, simple, hints, winnable, unknown)


def klondike_deal(number: int) -> Played:
    """Klondike deal `number` (draw one) by `autoplay.play_out` taking every hint, and by `autoplay.greedy`;
    a game also ends when its player meets a view it already had (a deterministic advisor would go round
    that circle for ever), and the moves before it are kept."""
    start = KlondikeDeal.from_number(number).start()  # every card shown, draw one
    hints: list[HintTime] = []
    repeats: list[int | None] = [None, None]

    def noter(player: int) -> Callable[[KlondikePosition, int], None]:
        def note(_view: KlondikePosition, taken: int) -> None:
            repeats[player] = taken
        return note

    won = klondike_autoplay.play_out(start, timed(klondike_hint, hints, _why), on_repeat=noter(0))
    simple = klondike_autoplay.play_out(start, klondike_autoplay.greedy, on_repeat=noter(1))
    return Played(number, won, simple, hints, hint_repeat=repeats[0], greedy_repeat=repeats[1])
