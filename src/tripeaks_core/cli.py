"""The command line: `python -m tripeaks_core deal | solve | hint | autoplay | stats`.

Output is in English. With `--json`, stdout carries exactly one JSON object per result and nothing else. Bad
input exits with status 2 and one line on stderr that names the problem: numbers are ASCII digits only, flags
are never abbreviated, a huge input is quoted by a short prefix (see `quoting`), a file is read up to
`MAX_FILE_BYTES`, and an output closed early (`... | head -1`) ends with status 2 and one line, no traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import string
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

from .autoplay import play_out
from .deal import Deal
from .dealid import DealId
from .difficulty import verify
from .errors import TriPeaksError
from .game import Game
from .hint import hint
from .moves import parse_actions
from .quoting import PATH_LIMIT, clip, quote
from .rules import Rules
from .shuffle import bounded, splitmix64
from .solver import Position, SolveResult, Verdict, solve, solve_game

EXIT_BAD_INPUT = 2
SAMPLE_DEALS = 1_000_000_000
MAX_FILE_BYTES = 16 * 1024 * 1024
"""`solve --file` refuses a larger file (a deal is 156 bytes a line), and never reads `/dev/zero` forever."""
_WHOLE = re.compile(r"-?[0-9]{1,20}")  # ASCII digits only: str.isdigit and int() also take "３" and "²"
_DECIMAL = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15}")


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises `_BadInput` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _BadInput(message)

    def _check_value(self, action: argparse.Action, value: object) -> None:
        # argparse's own message quotes the whole value, however long; this one quotes a short prefix.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            message = f"invalid choice {quote(str(value))} (choose from {choices})"
            raise argparse.ArgumentError(action, message)


class _BadInput(Exception):
    pass


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
    words = splitmix64(seed ^ 0x7472697065616B73)
    for _ in range(count):
        yield bounded(words, SAMPLE_DEALS)


def _emit(as_json: bool, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if as_json else text)


def _describe(result: SolveResult) -> str:
    if result.verdict is Verdict.WIN:
        moves = " ".join(str(m) for m in result.line)
        return f"win in {len(result.line)} moves ({result.nodes} nodes, {result.ms:.1f} ms): {moves}"
    if result.verdict is Verdict.LOST:
        return f"lost: no way to clear the table ({result.nodes} nodes, {result.ms:.1f} ms)"
    return f"unknown: the budget ran out ({result.nodes} nodes, {result.ms:.1f} ms)"


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
    _emit(args.json, data, f"{deal.notation()}\ndeal {named}: {wrap}, {peaks}")


def _cmd_solve(args: argparse.Namespace) -> None:
    if args.file is not None:
        if args.deal is not None:
            raise _BadInput("give either DEAL or --file, not both")
        games = []
        for number, line in enumerate(_read_lines(args.file), 1):
            if not line.strip(string.whitespace):
                continue
            try:
                games.append(resolve(line, args.no_wrap))
            except TriPeaksError as error:
                raise _BadInput(f"{_quote_path(args.file)} line {number}: {error}") from None
        for game in games:
            result = solve_game(game)
            _emit(args.json, result.as_json(), _describe(result))
        return
    if args.deal is None:
        raise _BadInput("solve needs a DEAL or --file PATH")
    game = resolve(args.deal, args.no_wrap)
    result = solve_game(game, budget_ms=args.budget_ms)
    _emit(args.json, result.as_json(), _describe(result))


def _quote_path(path: str) -> str:
    return quote(path, PATH_LIMIT)


def _read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 file of at most `MAX_FILE_BYTES`, split on `\n` only (as editors number them).

    A byte order mark at the start (some editors write one) is not part of the first line.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise _BadInput(f"cannot read {_quote_path(path)}: {reason}") from None
    except ValueError:  # a NUL character, which no file name can hold (main() called with a list)
        raise _BadInput(f"cannot read {_quote_path(path)}: not a file name") from None
    if len(data) > MAX_FILE_BYTES:
        raise _BadInput(f"cannot read {_quote_path(path)}: larger than {MAX_FILE_BYTES // 2**20} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise _BadInput(f"cannot read {_quote_path(path)}: not UTF-8 text (line {line})") from None
    return [line.removesuffix("\r") for line in text.split("\n")]


def _cmd_hint(args: argparse.Namespace) -> None:
    game = resolve(args.deal, args.no_wrap, args.all_visible)
    for index, action in enumerate(parse_actions(args.moves or "")):
        try:
            game.play(action)
        except TriPeaksError as error:
            raise _BadInput(f"move {index + 1} ({action}) cannot be played: {error}") from None
    advice = hint(game.player_view(), budget_ms=args.budget_ms)
    where = f" {advice.position}" if advice.position is not None else ""
    proven = " (proven)" if advice.proven else ""
    _emit(args.json, advice.as_json(), f"{advice.kind}{where}{proven}: {advice.why}")


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _cmd_autoplay(args: argparse.Namespace) -> None:
    won = 0
    times: list[float] = []
    for number in sample_deal_numbers(args.deals, args.seed):
        game = Game.from_id(DealId(number, Rules(wrap=not args.no_wrap)))
        won += play_out(game, on_hint=lambda _advice, ms: times.append(ms))
    data = {
        "deals": args.deals,
        "won": won,
        "win_rate": won / args.deals if args.deals else 0.0,
        "hint_ms_median": round(statistics.median(times), 3) if times else 0.0,
    }
    rate = 100 * data["win_rate"]
    text = f"won {won} of {args.deals} ({rate:.1f}%), median hint {data['hint_ms_median']} ms"
    _emit(args.json, data, text)


def _cmd_stats(args: argparse.Namespace) -> None:
    counts = {verdict.value: 0 for verdict in Verdict}
    times: list[float] = []
    for number in sample_deal_numbers(args.deals, args.seed):
        deal = DealId(number).deal()
        result = solve(Position.start(tuple(c.rank for c in deal.cards), not args.no_wrap))
        counts[result.verdict.value] += 1
        times.append(result.ms)
    decided = counts["win"] + counts["lost"]
    data: dict[str, Any] = {
        "deals": args.deals,
        **counts,
        "win_rate": counts["win"] / decided if decided else 0.0,
        "ms_median": round(statistics.median(times), 3) if times else 0.0,
        "ms_p90": round(_percentile(times, 0.9), 3) if times else 0.0,
        "ms_p99": round(_percentile(times, 0.99), 3) if times else 0.0,
        "ms_max": round(max(times), 3) if times else 0.0,
        "ms_mean": round(statistics.fmean(times), 3) if times else 0.0,
    }
    text = (
        f"{args.deals} deals: {counts['win']} win, {counts['lost']} lost, {counts['unknown']} unknown; "
        f"ms median {data['ms_median']}, p90 {data['ms_p90']}, p99 {data['ms_p99']}, max {data['ms_max']}"
    )
    _emit(args.json, data, text)


def _positive(text: str) -> float:
    """`--budget-ms`: a positive decimal number in ASCII digits (no sign, exponent, `inf` or `nan`)."""
    if _DECIMAL.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {quote(text)}")
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be positive: {quote(text)}")
    return value


def _count(text: str) -> int:
    """`--deals`: a whole number from 1, in ASCII digits."""
    if _WHOLE.fullmatch(text) is None or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {quote(text)}")
    return int(text)


def _seed(text: str) -> int:
    """`--seed`: a whole number in ASCII digits, optionally negative (the generator takes it modulo 2**64)."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {quote(text)}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line.

    No parser takes abbreviations (`allow_abbrev=False`, on each sub-parser too): `--jso` for `--json` or
    `--budget` for `--budget-ms` would be accepted otherwise, and a new flag could change what an old
    abbreviation means.
    """
    parser = _Parser(
        prog="python -m tripeaks_core", description="Solitaire TriPeaks engine.", allow_abbrev=False)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    deal = commands.add_parser("deal", help="print the deal of an ID and its rules", allow_abbrev=False)
    deal.add_argument("id", help="a deal ID; a bare number N is deal N under the standard rules")
    deal.add_argument("--json", action="store_true")
    deal.set_defaults(run=_cmd_deal)

    solve_cmd = commands.add_parser(
        "solve", help="decide a deal from its start with every card known", allow_abbrev=False)
    solve_cmd.add_argument("deal", nargs="?", help="52 card codes or a deal ID")
    solve_cmd.add_argument("--file", help="solve every line of this file (one deal a line)")
    solve_cmd.add_argument("--no-wrap", action="store_true", help="K and A do not connect")
    solve_cmd.add_argument("--budget-ms", type=_positive)
    solve_cmd.add_argument("--json", action="store_true")
    solve_cmd.set_defaults(run=_cmd_solve)

    hint_cmd = commands.add_parser(
        "hint", help="the hint for the position after some moves", allow_abbrev=False)
    hint_cmd.add_argument("deal", help="52 card codes or a deal ID")
    hint_cmd.add_argument("--no-wrap", action="store_true")
    hint_cmd.add_argument("--all-visible", action="store_true", help="all table cards face up")
    hint_cmd.add_argument("--moves", help="moves from the start, comma-separated: 0-27, draw, undo")
    hint_cmd.add_argument("--budget-ms", type=_positive)
    hint_cmd.add_argument("--json", action="store_true")
    hint_cmd.set_defaults(run=_cmd_hint)

    for name, runner, text in (
        ("autoplay", _cmd_autoplay, "play deals taking every hint, never looking at unseen cards"),
        ("stats", _cmd_stats, "solver verdicts and times over random deals"),
    ):
        sub = commands.add_parser(name, help=text, allow_abbrev=False)
        sub.add_argument("--deals", type=_count, required=True)
        sub.add_argument("--seed", type=_seed, default=0)
        sub.add_argument("--no-wrap", action="store_true")
        sub.add_argument("--json", action="store_true")
        sub.set_defaults(run=runner)
    return parser


def _run(argv: Sequence[str] | None) -> None:
    args, extra = build_parser().parse_known_args(argv)
    if extra:  # argparse's own message would join every extra argument, however long, into the line
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        raise _BadInput(f"unrecognized argument {quote(extra[0])}{more}")
    args.run(args)
    sys.stdout.flush()  # here, so that a closed pipe is an error of this run and not of the shutdown


def _drop_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is left cannot fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): just replace it
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives until the exit)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        _run(argv)
    except (_BadInput, TriPeaksError) as error:
        print(f"error: {clip(str(error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        _drop_stdout()
        print("error: the output was closed before it was all written (broken pipe)", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0
