"""Levels benchmark: how fast is each difficulty level dealt, and do the levels sort deals for a real player?

    .venv/bin/python benchmarks/levels_bench.py --game tripeaks --deals 100 --hint-deals 100
    .venv/bin/python benchmarks/levels_bench.py --game pyramid --deals 100 --hint-deals 100 --jobs 2
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 300 --draw 1
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 300 --draw 3 --hint-deals 20
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 100 --no-players     # times only
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 60 --draw 3 --session
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 300 --hint-deals 300 --draw 3 \
        --level hard --jobs 2                                                                 # one row
    .venv/bin/python benchmarks/levels_bench.py --game klondike --deals 300 --hint-from 100 --hint-deals 200 \
        --draw 1 --jobs 2                                   # the hint on deals 100-299 of each level only

For each level (and for TriPeaks and Pyramid "any deal", the plain random deal) it deals `--deals` deals
with the game's `difficulty.deal_at_level`, fed by a fixed stream of candidate numbers unrelated to the tests'
streams, so runs are reproducible: TriPeaks SplitMix64 from `1000 + row`, Pyramid
`sample_deal_numbers(10**6, 2000 + row)`, Klondike `difficulty.candidates(3000 + 10 * draw + row)`. It
reports:

- the time to deal one, median, 95th percentile and slowest, in wall clock and in CPU time of this process
  (the machine is shared; Klondike's "within 1 s at p95" is read on the CPU column);
- "greedy wins": the share of those deals won by a plain player that never looks at an unseen card and is not
  the one that defines the levels (TriPeaks: one seeded playout of `difficulty.greedy_score`, seeds unrelated
  to the ones that define the levels; Pyramid and Klondike: `autoplay.greedy`);
- Pyramid's "sloppy wins": the share of games the level-defining player (`difficulty.playout_wins`) wins,
  100 games a deal on seeds unrelated to the ones that define the levels (`seed_of(n) ^ 0x5EED`): since the
  levels are defined by that player its ordering is expected, so this column checks the code, not the
  definition; and the share of "any deal" the solver proves winnable;
- "hint wins": the share of the first `--hint-deals` deals (Klondike: from the `--hint-from`th on) won by
  the game's `autoplay.play_out`, which takes every hint and never sees an unseen card: the real check, its
  rate must fall from easy to medium to hard. `--jobs` plays those deals in parallel processes (each deal
  whole in one process). Klondike also gives, paired on the hint's deals, the greedy player's wins there and
  the deals only one of the two won, and the CPU time of each hint (`time.process_time`, median / p95 /
  max).

Rates come with 95% Wilson intervals. With `--session` (Klondike), the time is that of the whole worker
request `{"op": "new", "args": {"level", "draw"}}` (`klondike_core.api.Session.handle`: dealing from a secure
random start, the game, its snapshot and save, the reply's JSON), and the players are not run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from harness.deals import GAMES, numbers
from harness.figures import percentile, short_rate
from harness.runs import arguments, play_deals, print_footer, print_header

from klondike_core import autoplay as klondike_autoplay
from klondike_core import difficulty as klondike_difficulty
from klondike_core.api import Session as KlondikeSession
from klondike_core.deal import DealId as KlondikeDealId
from klondike_core.hint import Hint as KlondikeHint
from klondike_core.hint import hint as klondike_hint
from klondike_core.position import Position as KlondikePosition
from pyramid_core import autoplay as pyramid_autoplay
from pyramid_core import difficulty as pyramid_difficulty
from pyramid_core.deal import DealId as PyramidDealId
from pyramid_core.game import Game as PyramidGame
from pyramid_core.solver import Position as PyramidPosition
from pyramid_core.solver import Verdict as PyramidVerdict
from pyramid_core.solver import solve as pyramid_solve
from solitaire_core.levels import Level
from solitaire_core.shuffle import bounded, splitmix64
from tripeaks_core import difficulty as tripeaks_difficulty
from tripeaks_core.autoplay import play_out as tripeaks_play_out
from tripeaks_core.dealid import RANDOM_LIMIT as TRIPEAKS_LIMIT
from tripeaks_core.dealid import DealId as TriPeaksDealId
from tripeaks_core.game import Game as TriPeaksGame
from tripeaks_core.rules import Rules
from tripeaks_core.solver import Position as TriPeaksPosition
from tripeaks_core.solver import tables

OTHER_SEEDS = 0x5EED
"""Mixed into the level-defining seeds so that the check players play other games than the definition's."""
TRIPEAKS_OTHER_SEEDS = 0x5EED_0F_6A3E

ROWS: dict[str, tuple[Level | None, ...]] = {
    "tripeaks": (None, Level.EASY, Level.MEDIUM, Level.HARD),
    "pyramid": (None, Level.EASY, Level.MEDIUM, Level.HARD),
    "klondike": tuple(Level),
}


class Dealt(NamedTuple):
    """The deals of one level and the wall and CPU milliseconds each took to deal."""

    deals: list[Any]
    wall: list[float]
    cpu: list[float]


def deal_timed(make: Callable[[], Any], count: int) -> Dealt:
    """`count` deals made by `make`, each timed on the wall clock and in CPU time of this process."""
    dealt = Dealt([], [], [])
    for _ in range(count):
        wall, cpu = time.perf_counter(), time.process_time()
        dealt.deals.append(make())
        dealt.wall.append((time.perf_counter() - wall) * 1000)
        dealt.cpu.append((time.process_time() - cpu) * 1000)
    return dealt


def timing(values: list[float]) -> str:
    """`median / p95 / max` in ms."""
    return f"{statistics.median(values):.1f} / {percentile(values, 0.95):.1f} / {max(values):.1f}"


def tripeaks_candidates(seed: int) -> Iterator[int]:
    """An endless reproducible stream of TriPeaks deal numbers."""
    words = splitmix64(seed)
    while True:
        yield 1 + bounded(words, TRIPEAKS_LIMIT - 1)


def tripeaks_hint_wins(deal_id: TriPeaksDealId) -> bool:
    """One TriPeaks deal played out taking every hint (run in a worker process)."""
    return tripeaks_play_out(TriPeaksGame(deal_id.deal(), deal_id.rules, deal_id))


def pyramid_hint_wins(number: int) -> bool:
    """One Pyramid deal played out taking every hint (run in a worker process)."""
    return pyramid_autoplay.play_out(PyramidGame.from_id(number))


def klondike_hint_wins(job: tuple[KlondikeDealId, int]) -> tuple[bool, list[float]]:
    """One Klondike deal played out taking every hint under draw `job[1]` (run in a worker process): won,
    and the CPU milliseconds of each hint."""
    deal_id, draw = job
    times: list[float] = []

    def timed(view: KlondikePosition) -> KlondikeHint:
        begin = time.process_time()
        advice = klondike_hint(view)
        times.append((time.process_time() - begin) * 1000)
        return advice

    return klondike_autoplay.play_out(deal_id.deal().start(draw), advisor=timed), times


def tripeaks_row(args: argparse.Namespace, row: int, level: Level | None) -> tuple[Dealt, list[str]]:
    """TriPeaks: the level's deals and its cells (greedy wins, hint wins)."""
    rules = Rules(wrap=not args.no_wrap, all_visible=args.all_visible)
    stream = tripeaks_candidates(1000 + row)
    dealt = deal_timed(lambda: TriPeaksDealId(next(stream), rules) if level is None
                       else tripeaks_difficulty.deal_at_level(level, rules, stream), args.deals)
    greedy = 0
    for deal_id in dealt.deals:
        position = TriPeaksPosition.start(tuple(card.rank for card in deal_id.deal().cards), rules.wrap)
        seed = deal_id.number ^ TRIPEAKS_OTHER_SEEDS
        greedy += tripeaks_difficulty.greedy_score(position, seed=seed, playouts=1) == 1.0
    played = dealt.deals[: args.hint_deals]
    won = sum(play_deals(tripeaks_hint_wins, played, args.jobs))
    return dealt, [short_rate(greedy, len(dealt.deals)), short_rate(won, len(played))]


def pyramid_row(args: argparse.Namespace, row: int, level: Level | None) -> tuple[Dealt, list[str]]:
    """Pyramid: the level's deals and its cells (winnable share, sloppy wins, greedy wins, hint wins)."""
    stream = numbers("pyramid", 10**6, 2000 + row)
    dealt = deal_timed(lambda: PyramidDealId(next(stream)) if level is None
                       else pyramid_difficulty.deal_at_level(level, stream), args.deals)
    ids: list[PyramidDealId] = dealt.deals
    winnable = "-"
    if level is None:
        verdicts = [pyramid_solve(PyramidPosition.start(d.deal().ranks())).verdict for d in ids]
        winnable = short_rate(verdicts.count(PyramidVerdict.WIN), len(ids))
    sloppy = sum(pyramid_difficulty.playout_wins(d.deal().ranks(), pyramid_difficulty.seed_of(d.number)
                                                 ^ OTHER_SEEDS) for d in ids)
    plain = sum(pyramid_autoplay.play_out(PyramidGame.from_id(d), pyramid_autoplay.greedy) for d in ids)
    played = [d.number for d in ids[: args.hint_deals]]
    won = sum(play_deals(pyramid_hint_wins, played, args.jobs))
    sloppy_share = f"{100 * sloppy / (pyramid_difficulty.PLAYOUTS * len(ids)):.0f}%"
    return dealt, [winnable, sloppy_share, short_rate(plain, len(ids)), short_rate(won, len(played))]


def klondike_row(args: argparse.Namespace, row: int, level: Level | None) -> tuple[Dealt, list[str]]:
    """Klondike: the level's deals and its cells (greedy wins, hint wins)."""
    assert level is not None
    starts = klondike_difficulty.candidates(3000 + 10 * args.draw + row)
    dealt = deal_timed(lambda: klondike_difficulty.deal_at_level(level, args.draw, next(starts)), args.deals)
    if args.no_players:
        return dealt, ["-"] * 5
    greedy = [klondike_autoplay.play_out(d.deal().start(args.draw), advisor=klondike_autoplay.greedy)
              for d in dealt.deals]
    first = args.hint_from
    played = [(d, args.draw) for d in dealt.deals[first : first + args.hint_deals]]
    results = play_deals(klondike_hint_wins, played, args.jobs, every=10, progress=klondike_progress) \
        if played else []
    won = [result[0] for result in results]
    times = [ms for result in results for ms in result[1]]
    beside = greedy[first : first + len(won)]
    paired = sum(beside)
    hint_only = sum(h and not g for h, g in zip(won, beside, strict=True))
    greedy_only = sum(g and not h for h, g in zip(won, beside, strict=True))
    return dealt, [short_rate(sum(greedy), len(greedy)), short_rate(sum(won), len(won)),
                   short_rate(paired, len(won)), f"{hint_only} / {greedy_only}",
                   timing(times) if times else "-"]


def klondike_progress(results: list[tuple[bool, list[float]]]) -> str:
    """The running figures of the hint player, printed every 10 deals."""
    times = [ms for result in results for ms in result[1]]
    return (f": hint won {sum(result[0] for result in results)} of {len(results)}, "
            f"hint CPU ms median {statistics.median(times):.1f}, p95 {percentile(times, 0.95):.1f}")


COLUMNS = {
    "tripeaks": ("greedy wins", "hint wins"),
    "pyramid": ("winnable (solver)", "sloppy wins", "greedy wins", "hint wins"),
    "klondike": ("greedy wins", "hint wins", "greedy wins, the hint's deals",
                 "won by hint only / greedy only", "hint CPU ms: median / p95 / max"),
}
ROW_OF: dict[str, Callable[[argparse.Namespace, int, Level | None], tuple[Dealt, list[str]]]] = {
    "tripeaks": tripeaks_row, "pyramid": pyramid_row, "klondike": klondike_row,
}


def levels_table(args: argparse.Namespace) -> None:
    """One row a level, printed as it is done."""
    columns = ("level", "deals", "deal ms, wall: median / p95 / max", "CPU ms: median / p95 / max",
               *COLUMNS[args.game])
    print("| " + " | ".join(columns) + " |\n" + "| --- " * len(columns) + "|")
    for row, level in enumerate(ROWS[args.game]):
        name = "any deal" if level is None else str(level)
        if args.level is not None and name != args.level:
            continue  # each row keeps its own stream of candidates, so a row alone gives the same deals
        dealt, cells = ROW_OF[args.game](args, row, level)
        figures = [name, str(len(dealt.deals)), timing(dealt.wall), timing(dealt.cpu), *cells]
        print("| " + " | ".join(figures) + " |", flush=True)


def session_times(deals: int, draw: int) -> None:
    """The CPU time of `deals` Klondike worker requests `new` of each level under `draw`."""
    session = KlondikeSession(KlondikeDealId(1))
    print(f"Klondike `new` op, draw {draw}, {deals} requests a level")
    print("| level | `new` median / p95 / max (ms CPU) |\n| --- | --- |")
    for level in Level:
        request = json.dumps({"op": "new", "args": {"level": level.value, "draw": draw}})
        times: list[float] = []
        for _ in range(deals):
            begin = time.process_time()
            reply = json.loads(session.handle(request))
            times.append((time.process_time() - begin) * 1000)
            if not reply["ok"]:
                print(f"| {level} | {reply['error']['message']} |", flush=True)
                break
        else:
            print(f"| {level} | {timing(times)} |", flush=True)


def main() -> None:
    """Run and print a markdown table."""
    parser = arguments(__doc__, 100)
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--hint-deals", type=int, default=None,
                        help="deals a level the hint player plays (default 40; Klondike 0: it is slow)")
    parser.add_argument("--hint-from", type=int, default=0,
                        help="Klondike: the hint plays the level's deals from this one on (to extend a run)")
    parser.add_argument("--no-wrap", action="store_true", help="TriPeaks: no K-A wrap")
    parser.add_argument("--all-visible", action="store_true", help='TriPeaks: "Tout visible"')
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1, help="Klondike: draw one or three")
    parser.add_argument("--no-players", action="store_true", help="Klondike: deal times only")
    parser.add_argument("--level", choices=("any deal", *(str(level) for level in Level)), default=None,
                        help="one row only (its deals are the same as in a run of every row)")
    parser.add_argument("--session", action="store_true", help="Klondike: time the worker's `new` op instead")
    args = parser.parse_args()
    if args.hint_deals is None:
        args.hint_deals = 0 if args.game == "klondike" else 40
    begin = time.perf_counter()
    print_header()
    if args.game == "tripeaks":
        tables()
    if args.game == "klondike" and args.session:
        session_times(args.deals, args.draw)
    else:
        levels_table(args)
    print()
    print_footer(begin)


if __name__ == "__main__":
    main()
