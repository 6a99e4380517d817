"""The commands every game's command line has (`deal | solve | hint | autoplay | stats`, design.md), written
once: their parsers, and what `solve`, `hint`, `autoplay` and `stats` do with what the game gives them (how
a deal is read, solved, hinted and played out).

A game with variant flags of its own adds them to these parsers (`command_parsers`); a game without takes
the whole parser from `game_parser`. The output is the same words in every game: one JSON
object per result with `--json`, else one line (`describe` for a verdict).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Protocol, TypeVar

from . import cli as frame
from .cli import BadInput, Parser, emit, play_all, read_items
from .errors import SolitaireError
from .figures import autoplay_summary, stats_summary
from .verdict import Solved, Verdict

SAMPLE_HELP: Final = {
    "autoplay": "play deals taking every hint, never looking at unseen cards",
    "stats": "solver verdicts and times over random deals",
}
"""The help of the two commands that run over a sample of random deals."""

GameT = TypeVar("GameT")
Runner = Callable[[argparse.Namespace], None]
OnHint = Callable[[Any, float], None]
"""What a game's `play_out` tells of each hint: the advice and the milliseconds it took."""


class Advice(Protocol):
    """A hint as the `hint` command prints it."""

    @property
    def kind(self) -> str:
        """What kind of advice (a move, draw, stuck …)."""
        ...

    @property
    def move(self) -> object:
        """The move advised, or `None`."""
        ...

    @property
    def proven(self) -> bool:
        """True when the advice is proven (a winning line, or lost)."""
        ...

    @property
    def why(self) -> str:
        """The sentence that explains it."""
        ...

    def as_json(self) -> dict[str, Any]:
        """The hint as `--json` prints it."""
        ...


class Playing(Protocol):
    """A game as the `hint` command plays `--moves` on it."""

    def play(self, action: Any) -> None:  # noqa: ANN401 (each game's own move type)
        """Play one action, or raise."""
        ...

    def player_view(self) -> Any:  # noqa: ANN401 (each game's own view)
        """What the player sees."""
        ...


PlayingT = TypeVar("PlayingT", bound=Playing)


def describe(result: Solved, lost: str) -> str:
    """A verdict in one line of English; `lost` says what cannot be done (`"the table cannot be
    cleared"`)."""
    cost = f"({result.nodes} nodes, {result.ms:.1f} ms)"
    if result.verdict is Verdict.WIN:
        return f"win in {len(result.line)} moves {cost}: {' '.join(map(str, result.line))}"
    if result.verdict is Verdict.LOST:
        return f"lost: {lost} {cost}"
    return f"unknown: the budget ran out {cost}"


def solve_command(
    args: argparse.Namespace, resolve: Callable[[str], GameT], solve: Callable[[GameT], Solved],
    lost: str,
) -> None:
    """`solve DEAL` or `solve --file PATH` (every line read before any is solved): one result each."""
    if args.file is not None:
        if args.deal is not None:
            raise BadInput("give either DEAL or --file, not both")
        for game in read_items(args.file, resolve):
            result = solve(game)
            emit(args.json, result.as_json(), describe(result, lost))
        return
    if args.deal is None:
        raise BadInput("solve needs a DEAL or --file PATH")
    result = solve(resolve(args.deal))
    emit(args.json, result.as_json(), describe(result, lost))


def hint_command(
    args: argparse.Namespace, game: PlayingT, parse_actions: Callable[[str], Iterable[object]],
    advise: Callable[..., Advice],
) -> None:
    """`hint DEAL --moves …`: play the moves on `game`, then print the advice for what the player sees."""
    play_moves(args.moves, game, parse_actions)
    advice = advise(game.player_view(), budget_ms=args.budget_ms)
    move = f" {advice.move}" if advice.move not in (None, advice.kind) else ""
    proven = " (proven)" if advice.proven else ""
    emit(args.json, advice.as_json(), f"{advice.kind}{move}{proven}: {advice.why}")


def play_moves(moves: str | None, game: Playing, parse_actions: Callable[[str], Iterable[object]]) -> None:
    """Play `--moves` on `game`: all of them read first, then played in order. `--moves ''` is `BadInput`
    (leave the flag out to ask about the start; an empty value is more likely a shell variable that was not
    set), as is an empty item between commas (the game's `parse_actions`)."""
    if moves is None:
        return
    if moves == "":
        raise BadInput("--moves is empty: give at least one move, or leave --moves out for the deal's start")
    try:
        actions = parse_actions(moves)
    except SolitaireError as error:
        raise BadInput(f"--moves: {error}") from None
    play_all(game.play, actions)


def autoplay_command(
    args: argparse.Namespace, numbers: Iterable[int], play_out: Callable[[int, OnHint], bool]
) -> None:
    """`autoplay`: play out each deal of the sample `numbers` following the hint; the win rate and the
    hint's times."""
    won = 0
    times: list[float] = []
    for number in numbers:
        won += play_out(number, lambda _advice, ms: times.append(ms))
    data, text = autoplay_summary(args.deals, won, times)
    emit(args.json, data, text)


def stats_command(args: argparse.Namespace, numbers: Iterable[int], solve: Callable[[int], Solved]) -> None:
    """`stats`: solve each deal of the sample `numbers` from its start; the verdict counts and times."""
    counts = {verdict.value: 0 for verdict in Verdict}
    times: list[float] = []
    for number in numbers:
        result = solve(number)
        counts[result.verdict.value] += 1
        times.append(result.ms)
    data, text = stats_summary(args.deals, counts, times)
    emit(args.json, data, text)


def command_parsers(package: str, name: str) -> tuple[Parser, Any]:
    """The parser of `python -m <package>` and its sub-parsers (no abbreviation anywhere: `--jso` for
    `--json` would be accepted otherwise, and a new flag could change what an old abbreviation means)."""
    parser = Parser(prog=f"python -m {package}", description=f"Solitaire {name} engine.", allow_abbrev=False)
    return parser, parser.add_subparsers(dest="command", required=True, parser_class=Parser)


def add_sample_command(commands: Any, name: str, run: Runner) -> Parser:  # noqa: ANN401 (argparse's type)
    """The `autoplay` or `stats` sub-parser with its `--deals` and `--seed` (the game adds the rest)."""
    sub: Parser = commands.add_parser(name, help=SAMPLE_HELP[name], allow_abbrev=False)
    sub.add_argument("--deals", type=frame.count, required=True, help=frame.DEALS_HELP)
    sub.add_argument("--seed", type=frame.seed, default=0, help=frame.SEED_HELP)
    sub.set_defaults(run=run)
    return sub


def game_parser(
    package: str, name: str, *, id_help: str, moves_help: str, run: Mapping[str, Runner],
    every: Callable[[Parser], None] | None = None,
) -> argparse.ArgumentParser:
    """The whole parser of a game: `deal ID`, `solve [DEAL] [--file]`, `hint DEAL [--moves]`, `autoplay` and
    `stats` (with `--budget-ms`), each run by `run[command]`; `every`, when given, adds the game's own
    options to every command (a `--draw`, say)."""
    parser, commands = command_parsers(package, name)

    deal = commands.add_parser("deal", help="print the deal of an ID", allow_abbrev=False)
    deal.add_argument("id", help=id_help)
    deal.add_argument("--json", action="store_true")
    deal.set_defaults(run=run["deal"])

    solve_cmd = commands.add_parser("solve", help="decide a deal from its start", allow_abbrev=False)
    solve_cmd.add_argument("deal", nargs="?", help="52 card codes or a deal ID")
    solve_cmd.add_argument("--file", help="solve every line of this file (one deal a line)")
    solve_cmd.add_argument("--budget-ms", type=frame.positive, help=frame.BUDGET_HELP)
    solve_cmd.add_argument("--json", action="store_true")
    solve_cmd.set_defaults(run=run["solve"])

    hint_cmd = commands.add_parser(
        "hint", help="the hint for the position after some moves", allow_abbrev=False
    )
    hint_cmd.add_argument("deal", help="52 card codes or a deal ID")
    hint_cmd.add_argument("--moves", help=moves_help)
    hint_cmd.add_argument("--budget-ms", type=frame.positive, help=frame.BUDGET_HELP)
    hint_cmd.add_argument("--json", action="store_true")
    hint_cmd.set_defaults(run=run["hint"])

    for command in SAMPLE_HELP:
        sub = add_sample_command(commands, command, run[command])
        sub.add_argument("--json", action="store_true")
        if command == "stats":
            sub.add_argument("--budget-ms", type=frame.positive, help=frame.BUDGET_HELP)
    if every is not None:
        for sub in (deal, solve_cmd, hint_cmd, *(commands.choices[command] for command in SAMPLE_HELP)):
            every(sub)
    return parser
