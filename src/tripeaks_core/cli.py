"""The command line: `python -m tripeaks_core deal | solve | hint | autoplay | stats`, on the frame every
game shares (`solitaire_core.cli`: the parser, number arguments, file reading, error line, exit status).

Output is in English. With `--json`, stdout carries exactly one JSON object per result and nothing else. Bad
input exits with status 2 and one line on stderr that names the problem: numbers are ASCII digits only, flags
are never abbreviated, a huge input is quoted by a short prefix (see `quoting`), a file is read up to
`MAX_FILE_BYTES`, and an output closed early (`... | head -1`) ends with status 2 and one line, no traceback.
"""

from __future__ import annotations

import argparse
import string
from collections.abc import Iterator, Sequence

from solitaire_core import cli as frame
from solitaire_core import commands
from solitaire_core.cli import EXIT_BAD_INPUT, MAX_FILE_BYTES, BadInput, emit, read_items
from solitaire_core.shuffle import sample_numbers

from .autoplay import play_out
from .deal import Deal
from .dealid import DealId
from .difficulty import verify
from .game import Game
from .hint import hint
from .moves import parse_actions
from .rules import Rules
from .solver import Position, SolveResult, solve, solve_game

__all__ = ["EXIT_BAD_INPUT", "MAX_FILE_BYTES", "SAMPLE_DEALS", "build_parser", "main", "resolve",
           "sample_deal_numbers"]

SAMPLE_DEALS = 1_000_000_000


def resolve(text: str, no_wrap: bool = False, all_visible: bool = False) -> Game:
    """A new game from a deal in notation (52 codes) or a deal ID; the flags switch variants on."""
    stripped = text.strip(string.whitespace)
    if " " in stripped:
        deal, rules, named = Deal.parse(stripped), Rules(), None
    else:
        named = DealId.parse(stripped)
        verify(named)
        deal, rules = named.deal(), named.rules
    rules = Rules(wrap=rules.wrap and not no_wrap, all_visible=rules.all_visible or all_visible)
    if named is not None and named.rules != rules:
        named = DealId(named.number, rules)
    return Game(deal, rules, named)


def sample_deal_numbers(count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers drawn from SplitMix64 seeded with `seed`: the deals `autoplay` and `stats` use."""
    return sample_numbers(count, seed, 0x7472697065616B73, SAMPLE_DEALS)


def _describe(result: SolveResult) -> str:
    return commands.describe(result, "no way to clear the table")


def _cmd_deal(args: argparse.Namespace) -> None:
    named = DealId.parse(args.id)
    verify(named)
    deal = named.deal()
    rules = named.rules
    data = {
        "deal_id": str(named),
        "deal": deal.notation(),
        "rules": rules.as_json(),
        "level": named.level.value if named.level else None,
    }
    wrap = "K-A wrap on" if rules.wrap else "no K-A wrap"
    peaks = "all cards face up" if rules.all_visible else "peaks face down"
    emit(args.json, data, f"{deal.notation()}\ndeal {named}: {wrap}, {peaks}")


def _cmd_solve(args: argparse.Namespace) -> None:
    if args.file is not None:
        if args.deal is not None:
            raise BadInput("give either DEAL or --file, not both")
        games = read_items(args.file, lambda line: resolve(line, args.no_wrap))
        for game in games:
            result = solve_game(game)
            emit(args.json, result.as_json(), _describe(result))
        return
    if args.deal is None:
        raise BadInput("solve needs a DEAL or --file PATH")
    game = resolve(args.deal, args.no_wrap)
    result = solve_game(game, budget_ms=args.budget_ms)
    emit(args.json, result.as_json(), _describe(result))


def _cmd_hint(args: argparse.Namespace) -> None:
    game = resolve(args.deal, args.no_wrap, args.all_visible)
    commands.play_moves(args.moves, game, parse_actions)
    advice = hint(game.player_view(), budget_ms=args.budget_ms)
    where = f" {advice.position}" if advice.position is not None else ""
    proven = " (proven)" if advice.proven else ""
    emit(args.json, advice.as_json(), f"{advice.kind}{where}{proven}: {advice.why}")


def _cmd_autoplay(args: argparse.Namespace) -> None:
    commands.autoplay_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number, on_hint: play_out(Game.from_id(DealId(number, Rules(wrap=not args.no_wrap))),
                                         on_hint=on_hint),
    )


def _ranks(deal: Deal) -> tuple[int, ...]:
    return tuple(card.rank for card in deal.cards)


def _cmd_stats(args: argparse.Namespace) -> None:
    commands.stats_command(
        args, sample_deal_numbers(args.deals, args.seed),
        lambda number: solve(Position.start(_ranks(DealId(number).deal()), not args.no_wrap)),
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line.

    No parser takes abbreviations (`allow_abbrev=False`, on each sub-parser too): `--jso` for `--json` or
    `--budget` for `--budget-ms` would be accepted otherwise, and a new flag could change what an old
    abbreviation means.
    """
    parser, subs = commands.command_parsers("tripeaks_core", "TriPeaks")

    deal = subs.add_parser("deal", help="print the deal of an ID and its rules", allow_abbrev=False)
    deal.add_argument("id", help="a deal ID; a bare number N is deal N under the standard rules")
    deal.add_argument("--json", action="store_true")
    deal.set_defaults(run=_cmd_deal)

    solve_cmd = subs.add_parser(
        "solve", help="decide a deal from its start with every card known", allow_abbrev=False)
    solve_cmd.add_argument("deal", nargs="?", help="52 card codes or a deal ID")
    solve_cmd.add_argument("--file", help="solve every line of this file (one deal a line)")
    solve_cmd.add_argument("--no-wrap", action="store_true", help="K and A do not connect")
    solve_cmd.add_argument("--budget-ms", type=frame.positive, help=frame.BUDGET_HELP)
    solve_cmd.add_argument("--json", action="store_true")
    solve_cmd.set_defaults(run=_cmd_solve)

    hint_cmd = subs.add_parser(
        "hint", help="the hint for the position after some moves", allow_abbrev=False)
    hint_cmd.add_argument("deal", help="52 card codes or a deal ID")
    hint_cmd.add_argument("--no-wrap", action="store_true")
    hint_cmd.add_argument("--all-visible", action="store_true", help="all table cards face up")
    hint_cmd.add_argument("--moves", help="moves from the start, comma-separated: 0-27, draw, undo")
    hint_cmd.add_argument("--budget-ms", type=frame.positive, help=frame.BUDGET_HELP)
    hint_cmd.add_argument("--json", action="store_true")
    hint_cmd.set_defaults(run=_cmd_hint)

    for name, runner in (("autoplay", _cmd_autoplay), ("stats", _cmd_stats)):
        sub = commands.add_sample_command(subs, name, runner)
        sub.add_argument("--no-wrap", action="store_true")
        sub.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return frame.main(build_parser, argv)
