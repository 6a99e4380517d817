"""The command line: `python -m pyramid_core deal | solve | hint | autoplay | stats` (design.md's contract).

Output is in English. With `--json`, stdout carries exactly one JSON object per result and nothing else. The
frame is the shared `solitaire_core.cli` (as for TriPeaks): bad input exits with status 2 and one short line
on stderr that names the problem (a huge input is quoted by a short prefix), numbers are ASCII digits, flags
are never abbreviated, a file is read up to `MAX_FILE_BYTES`, and a closed stdout (`| head`) ends with one
line and no traceback; the commands' parsers and what they print are the shared `solitaire_core.commands`
(as Klondike's).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Final

from solitaire_core import cli as frame
from solitaire_core import commands
from solitaire_core.cli import EXIT_BAD_INPUT, emit
from solitaire_core.shuffle import sample_numbers

from .autoplay import play_out
from .deal import RANDOM_LIMIT, Deal, DealId
from .difficulty import verify
from .game import Game
from .hint import hint
from .moves import parse_actions
from .solver import Position, solve, solve_game

__all__ = ["EXIT_BAD_INPUT", "build_parser", "main", "resolve", "sample_deal_numbers"]

_SAMPLE_SALT = 0x707972616D6964  # "pyramid"
_LOST: Final = "the pyramid cannot be cleared"


def resolve(text: str) -> Game:
    """A new game from a deal in notation (52 codes) or a deal ID (verified: a difficulty letter its deal
    does not have is a `DealIdError`)."""
    stripped = text.strip()
    if " " in stripped:
        return Game(Deal.parse(stripped))
    named = DealId.parse(stripped)
    verify(named)
    return Game.from_id(named)


def sample_deal_numbers(count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers drawn from SplitMix64 seeded with `seed`: the deals `autoplay` and `stats` use."""
    return sample_numbers(count, seed, _SAMPLE_SALT, RANDOM_LIMIT)


def _cmd_deal(args: argparse.Namespace) -> None:
    named = DealId.parse(args.id)
    verify(named)
    deal = named.deal()
    data = {"deal_id": str(named), "deal": deal.notation(), "rules": {"passes": 3, "win": "pyramid"},
            "level": named.level.value if named.level else None}
    level = f", a winnable {named.level} deal" if named.level else ""
    emit(args.json, data, f"{deal.notation()}\ndeal {named}: three passes, clearing the pyramid wins{level}")


def _cmd_solve(args: argparse.Namespace) -> None:
    commands.solve_command(args, resolve, lambda game: solve_game(game, budget_ms=args.budget_ms), _LOST)


def _cmd_hint(args: argparse.Namespace) -> None:
    commands.hint_command(args, resolve(args.deal), parse_actions, hint)


def _cmd_autoplay(args: argparse.Namespace) -> None:
    commands.autoplay_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number, on_hint: play_out(Game.from_id(number), on_hint=on_hint),
    )


def _cmd_stats(args: argparse.Namespace) -> None:
    commands.stats_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number: solve(Position.start(DealId(number).deal().ranks()), budget_ms=args.budget_ms),
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line (`solitaire_core.commands.game_parser`)."""
    return commands.game_parser(
        "pyramid_core", "Pyramid",
        id_help="a deal ID: a bare number N is deal N; E-N, M-N, H-N claim its level",
        moves_help="moves from the start, comma-separated, e.g. 21+27,draw,S+W,undo",
        run={"deal": _cmd_deal, "solve": _cmd_solve, "hint": _cmd_hint, "autoplay": _cmd_autoplay,
             "stats": _cmd_stats},
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return frame.main(build_parser, argv)
