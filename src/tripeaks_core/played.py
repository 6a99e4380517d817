"""A TriPeaks game with its log, as the shared worker session acts on it
(`solitaire_core.playsession.Record`).

Pyramid and Klondike keep their log beside the game (`solitaire_core.playlog.Played`, every action). A
TriPeaks game keeps its log itself, compacted as it goes so that a move costs the same whatever the length of
the history (`tripeaks_core.game`), and its save format names a restart `restart` and a take by its position
number: so this record only routes the session's actions to the game, and its copy is as small as that log.
"""

from __future__ import annotations

from .game import Game
from .moves import Action, Rejection, parse_action


class Played:
    """A TriPeaks game and the log it keeps (`Game.log`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def try_play(self, move: Action) -> Rejection | None:
        """Make a move (`draw`, `undo` or a take) if legal, else its rejection (nothing changes)."""
        return self.game.try_play(move)

    def play(self, action: str) -> None:
        """Play one action in notation (`undo` included), or raise as the game's `play` does."""
        self.game.play(parse_action(action))

    def replay(self) -> None:
        """Start the same deal again, keeping what was seen (the game writes `restart` in its log)."""
        self.game = self.game.restarted()

    def give_up(self) -> None:
        """End the game for good; the game's `GameOverError` when it is won or given up already."""
        self.game.give_up()

    def reveal(self) -> None:
        """The solution is shown: every card becomes known; `GameInProgressError` unless it may be."""
        self.game.reveal()

    def copy(self) -> Played:
        """An independent copy, as long as the compacted log (`Game.copy`)."""
        return Played(self.game.copy())
