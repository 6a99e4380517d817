"""The command line: `python -m klondike_core deal | solve | hint | autoplay | stats` (design.md's contract).

Output is in English. With `--json`, stdout carries exactly one JSON object per result and nothing else. The
frame is the shared `solitaire_core.cli` (as for TriPeaks and Pyramid): bad input exits with status 2 and one
short line on stderr that names the problem (a huge input is quoted by a short prefix), numbers are ASCII
digits, flags are never abbreviated, a file is read up to `MAX_FILE_BYTES`, and a closed stdout (`| head`)
ends with one line and no traceback. `solve` decides with every card known ("thoughtful" Klondike) and may
answer `unknown` when its budget runs out; `hint` sees only what the player knows after `--moves`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Final

from solitaire_core import cli as frame
from solitaire_core.cli import EXIT_BAD_INPUT, BadInput, Parser, emit, play_all, read_items
from solitaire_core.errors import SolitaireError
from solitaire_core.figures import autoplay_summary, stats_summary
from solitaire_core.shuffle import sample_numbers
from solitaire_core.verdict import Verdict

from .autoplay import play_out
from .deal import RANDOM_LIMIT, Deal, DealId
from .game import Game
from .hint import hint
from .moves import parse_actions
from .solver import SolveResult, solve

__all__ = ["EXIT_BAD_INPUT", "build_parser", "main", "resolve", "sample_deal_numbers"]

_SAMPLE_SALT: Final = 0x6B6C6F6E64696B65  # "klondike"


def resolve(text: str) -> Game:
    """A new game from a deal in notation (52 codes) or a deal ID."""
    stripped = text.strip()
    if " " in stripped:
        return Game(Deal.parse(stripped))
    return Game.from_id(DealId.parse(stripped))


def sample_deal_numbers(count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers drawn from SplitMix64 seeded with `seed`: the deals `autoplay` and `stats` use."""
    return sample_numbers(count, seed, _SAMPLE_SALT, RANDOM_LIMIT)


def _describe(result: SolveResult) -> str:
    cost = f"({result.nodes} nodes, {result.ms:.1f} ms)"
    if result.verdict is Verdict.WIN:
        return f"win in {len(result.line)} moves {cost}: {' '.join(result.line)}"
    if result.verdict is Verdict.LOST:
        return f"lost: proven that the deal cannot be won {cost}"
    return f"unknown: the budget ran out {cost}"


def _solve(game: Game, budget_ms: float | None) -> SolveResult:
    return solve(game.position(), budget_ms=budget_ms)


def _cmd_deal(args: argparse.Namespace) -> None:
    named = DealId.parse(args.id)
    deal = named.deal()
    data = {"deal_id": str(named), "deal": deal.notation(), "rules": {"draw": 1, "passes": None}}
    emit(args.json, data, f"{deal.notation()}\ndeal {named}: draw 1, unlimited passes")


def _cmd_solve(args: argparse.Namespace) -> None:
    if args.file is not None:
        if args.deal is not None:
            raise BadInput("give either DEAL or --file, not both")
        for game in read_items(args.file, resolve):
            result = _solve(game, args.budget_ms)
            emit(args.json, result.as_json(), _describe(result))
        return
    if args.deal is None:
        raise BadInput("solve needs a DEAL or --file PATH")
    result = _solve(resolve(args.deal), args.budget_ms)
    emit(args.json, result.as_json(), _describe(result))


def _cmd_hint(args: argparse.Namespace) -> None:
    game = resolve(args.deal)
    try:
        actions = parse_actions(args.moves or "")
    except SolitaireError as error:
        raise BadInput(f"--moves: {error}") from None
    play_all(game.play, actions)
    advice = hint(game.player_view(), budget_ms=args.budget_ms)
    move = f" {advice.move}" if advice.move not in (None, advice.kind) else ""
    proven = " (proven)" if advice.proven else ""
    emit(args.json, advice.as_json(), f"{advice.kind}{move}{proven}: {advice.why}")


def _cmd_autoplay(args: argparse.Namespace) -> None:
    won = 0
    times: list[float] = []
    for number in sample_deal_numbers(args.deals, args.seed):
        won += play_out(Deal.from_number(number).start(), on_hint=lambda _advice, ms: times.append(ms))
    data, text = autoplay_summary(args.deals, won, times)
    emit(args.json, data, text)


def _cmd_stats(args: argparse.Namespace) -> None:
    counts = {verdict.value: 0 for verdict in Verdict}
    times: list[float] = []
    for number in sample_deal_numbers(args.deals, args.seed):
        result = solve(Deal.from_number(number).start(), budget_ms=args.budget_ms)
        counts[result.verdict.value] += 1
        times.append(result.ms)
    data, text = stats_summary(args.deals, counts, times)
    emit(args.json, data, text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = Parser(
        prog="python -m klondike_core", description="Solitaire Klondike engine.", allow_abbrev=False
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    deal = commands.add_parser("deal", help="print the deal of an ID", allow_abbrev=False)
    deal.add_argument("id", help="a deal ID: a bare number N is deal N")
    deal.add_argument("--json", action="store_true")
    deal.set_defaults(run=_cmd_deal)

    solve_cmd = commands.add_parser("solve", help="decide a deal from its start", allow_abbrev=False)
    solve_cmd.add_argument("deal", nargs="?", help="52 card codes or a deal ID")
    solve_cmd.add_argument("--file", help="solve every line of this file (one deal a line)")
    solve_cmd.add_argument("--budget-ms", type=frame.positive)
    solve_cmd.add_argument("--json", action="store_true")
    solve_cmd.set_defaults(run=_cmd_solve)

    hint_cmd = commands.add_parser(
        "hint", help="the hint for the position after some moves", allow_abbrev=False
    )
    hint_cmd.add_argument("deal", help="52 card codes or a deal ID")
    hint_cmd.add_argument("--moves", help="moves from the start, comma-separated, e.g. draw,7D>T6,undo")
    hint_cmd.add_argument("--budget-ms", type=frame.positive)
    hint_cmd.add_argument("--json", action="store_true")
    hint_cmd.set_defaults(run=_cmd_hint)

    for name, runner, text in (
        ("autoplay", _cmd_autoplay, "play deals taking every hint, never looking at unseen cards"),
        ("stats", _cmd_stats, "solver verdicts and times over random deals"),
    ):
        sub = commands.add_parser(name, help=text, allow_abbrev=False)
        sub.add_argument("--deals", type=frame.count, required=True)
        sub.add_argument("--seed", type=frame.seed, default=0)
        sub.add_argument("--json", action="store_true")
        if name == "stats":
            sub.add_argument("--budget-ms", type=frame.positive)
        sub.set_defaults(run=runner)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    return frame.main(build_parser, argv)
