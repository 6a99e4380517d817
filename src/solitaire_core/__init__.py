"""What every solitaire game of the site shares: cards, the deal shuffle, errors, the quoting of bad input,
the save envelope, the worker session's request guards and dispatch, and the command-line frame; and the
generic pieces both games carried: a deal's 52 distinct cards (`deal`), masks of places (`masks`), work in
steps and sliced jobs (`steps`), the hint ops of a session (`hints`), the solver's verdict and result
(`verdict`), the autoplay loop (`autoplay`) and the figures of `autoplay` and `stats` (`figures`); the end of
a game (`ending`: given up, closed, over, the solution and undo) and, for the games whose moves are `Move`
objects, their playing (`moveplay`); a game kept with its log and the save that is that log (`playlog`) and
the worker session over it (`playsession`), checked against the one declared protocol (`protocol`: ops,
args, replies, the rejection `{reason, at}`, each game's capabilities); and the commands of every command
line (`commands`).

A game's rules, layout, snapshot, solver and hint stay in the game's own package (`<game>_core`, named
once in `registry`), which imports from here. Pure Python with no run-time dependency, like the games.
"""

from __future__ import annotations

from .cards import DECK_SIZE, FULL_DECK, Card
from .errors import CardError, RequestError, SaveError, SolitaireError
from .shuffle import shuffled_indexes

__all__ = ["DECK_SIZE", "FULL_DECK", "Card", "CardError", "RequestError", "SaveError", "SolitaireError",
           "shuffled_indexes"]
