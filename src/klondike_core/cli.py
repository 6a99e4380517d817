"""The command line: `python -m klondike_core deal | solve | hint | autoplay | stats` (design.md's contract).

Output is in English. With `--json`, stdout carries exactly one JSON object per result and nothing else. The
frame is the shared `solitaire_core.cli` (as for TriPeaks and Pyramid): bad input exits with status 2 and one
short line on stderr that names the problem (a huge input is quoted by a short prefix), numbers are ASCII
digits, flags are never abbreviated, a file is read up to `MAX_FILE_BYTES`, and a closed stdout (`| head`)
ends with one line and no traceback; the commands' parsers and what they print are the shared
`solitaire_core.commands` (as Pyramid's). `solve` decides with every card known ("thoughtful" Klondike) and
may answer `unknown` when its budget runs out; `hint` sees only what the player knows after `--moves`.

Every command takes `--draw 1|3` (default 1): the rules a deal is played under. A deal ID with `T` is a
draw-three deal by itself (`--draw 3` may be given too; `--draw 1` contradicts it and is refused), and
`--draw 3` with a bare number plays that deal with draw three (`12` becomes `T-12`). A level letter is
verified under the draw the deal is played with (`difficulty.verify`): a false claim exits 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Final

from solitaire_core import cli as frame
from solitaire_core import commands
from solitaire_core.cli import EXIT_BAD_INPUT, BadInput, Parser, emit
from solitaire_core.quoting import quote
from solitaire_core.shuffle import sample_numbers

from .autoplay import play_out
from .deal import DRAWS, RANDOM_LIMIT, Deal, DealId
from .difficulty import verify
from .game import Game
from .hint import hint
from .moves import parse_actions
from .proof import solve_position

__all__ = ["EXIT_BAD_INPUT", "build_parser", "main", "resolve", "sample_deal_numbers"]

_SAMPLE_SALT: Final = 0x6B6C6F6E64696B65  # "klondike"
_LOST: Final = "proven that the deal cannot be won"


def draw_count(text: str) -> int:
    """`--draw`: 1 or 3, in ASCII digits."""
    if text not in {str(draw) for draw in DRAWS}:
        raise argparse.ArgumentTypeError(f"a draw turns 1 or 3 cards, not {quote(text)}")
    return int(text)


def named_id(text: str, draw: int | None) -> DealId:
    """The deal ID of `text` under `--draw` (`None` when not given), its level claim verified: `--draw 3`
    makes a bare number a draw-three deal, `--draw 1` with a `T` ID is `BadInput`."""
    named = DealId.parse(text)
    if draw is not None and draw != named.draw:
        if named.draw == 3:
            raise BadInput(f"deal ID {named} is a draw-three deal: --draw 1 contradicts its T")
        named = named.with_draw(draw)
    verify(named)
    return named


def resolve(text: str, draw: int | None = None) -> Game:
    """A new game from a deal in notation (52 codes, played under `draw`, default 1) or a deal ID (`named_id`:
    its own draw, its level claim verified)."""
    stripped = text.strip()
    if " " in stripped:
        return Game(Deal.parse(stripped), draw=draw or 1)
    return Game.from_id(named_id(stripped, draw))


def sample_deal_numbers(count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers drawn from SplitMix64 seeded with `seed`: the deals `autoplay` and `stats` use."""
    return sample_numbers(count, seed, _SAMPLE_SALT, RANDOM_LIMIT)


def _cmd_deal(args: argparse.Namespace) -> None:
    named = named_id(args.id, args.draw)
    deal = named.deal()
    level = named.level.value if named.level else None
    data = {"deal_id": str(named), "deal": deal.notation(), "rules": {"draw": named.draw, "passes": None},
            "level": level}
    claim = f", a proven-winnable {level} deal" if level else ""
    emit(args.json, data, f"{deal.notation()}\ndeal {named}: draw {named.draw}, unlimited passes{claim}")


def _cmd_solve(args: argparse.Namespace) -> None:
    commands.solve_command(
        args, lambda text: resolve(text, args.draw),
        lambda game: solve_position(game.position(), budget_ms=args.budget_ms), _LOST,
    )


def _cmd_hint(args: argparse.Namespace) -> None:
    commands.hint_command(args, resolve(args.deal, args.draw), parse_actions, hint)


def _cmd_autoplay(args: argparse.Namespace) -> None:
    draw = args.draw or 1
    commands.autoplay_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number, on_hint: play_out(Deal.from_number(number).start(draw), on_hint=on_hint),
    )


def _cmd_stats(args: argparse.Namespace) -> None:
    draw = args.draw or 1
    commands.stats_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number: solve_position(Deal.from_number(number).start(draw), budget_ms=args.budget_ms),
    )


def _add_draw(parser: Parser) -> None:
    parser.add_argument("--draw", type=draw_count, default=None, metavar="1|3",
                        help="cards a draw turns: 1 (default) or 3; a T deal ID is draw three")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line (`solitaire_core.commands.game_parser`)."""
    return commands.game_parser(
        "klondike_core", "Klondike",
        id_help="a deal ID: N is deal N; T-N draw three; E-N, M-N, H-N (ET-N …) claim a level",
        moves_help="moves from the start, comma-separated, e.g. draw,7D>T6,undo",
        run={"deal": _cmd_deal, "solve": _cmd_solve, "hint": _cmd_hint, "autoplay": _cmd_autoplay,
             "stats": _cmd_stats},
        every=_add_draw,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return frame.main(build_parser, argv)
