"""What a move costs through the worker API after a long history (issue 9).

For each history length N, a game of one deal is played N random actions (takes, draws and many undos, an
undo instead when the game is won or stuck), straight on the `Game`; then `--moves` more random takes, draws
and undos go through `Session.handle` as the page sends them, each one timed. The table gives the median and
the 95th percentile per move in microseconds, and the size of the save in the last reply (what the page
writes to localStorage after every move).

It uses only what the API had before issue 9 too (`Session`, `Game.take/draw/undo`, `playable_positions`,
`outcome`), so the same file measures older code:

    .venv/bin/python benchmarks/save_bench.py --clock cpu
    git archive 0d985de src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/save_bench.py --clock cpu

On a shared machine prefer `--clock cpu` (the CPU time of this process); compare the rows of one run, and
the shape of two runs.
"""

from __future__ import annotations

import json
import random
import statistics

from harness.figures import quantile
from harness.runs import Clock, arguments, clock_named

from tripeaks_core.api import Session
from tripeaks_core.game import Game

SIZES = (0, 1_000, 10_000, 100_000, 300_000)


def choose(game: Game, rng: random.Random, undo_rate: float) -> str:
    """The next random action: `undo`, `draw` or a position, as a request op."""
    playing = game.outcome().value == "playing"
    if game.can_undo and (not playing or rng.random() < undo_rate):
        return "undo"
    takes = game.playable_positions() if playing else []
    can_draw = playing and game.stock_left > 0
    if takes and (not can_draw or rng.random() < 0.7):
        return str(rng.choice(takes))
    if can_draw:
        return "draw"
    return "undo"


def play(game: Game, op: str) -> None:
    if op == "undo":
        game.undo()
    elif op == "draw":
        game.draw()
    else:
        game.take(int(op))


def request(op: str) -> str:
    if op == "undo":
        return json.dumps({"op": op, "args": {}})
    return json.dumps({"op": "move", "args": {"move": op}})


def measure(size: int, moves: int, seed: int, deal_id: str, *, undo_rate: float, clock: Clock) -> (
        dict[str, float]):
    """The median and p95 µs of `moves` timed requests after a history of `size` actions, and the save's
    size in the last reply."""
    rng = random.Random(seed)
    session = Session()
    session.handle(json.dumps({"op": "new", "args": {"deal_id": deal_id}}))
    game = session.game
    for _ in range(size):
        play(game, choose(game, rng, undo_rate))
    times: list[float] = []
    reply = ""
    for _ in range(moves):
        text = request(choose(session.game, rng, undo_rate))
        start = clock()
        reply = session.handle(text)
        times.append((clock() - start) * 1e6)
    answer = json.loads(reply)
    assert answer["ok"], answer
    return {
        "median": statistics.median(times),
        "p95": quantile(times, 0.95),
        "save": len(json.dumps(answer["save"])),
    }


def main() -> None:
    """Play each history length, time the moves after it, print one row each."""
    parser = arguments(__doc__, None, seed=9, jobs=None, clock="wall")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="history lengths, comma-separated")
    parser.add_argument("--moves", type=int, default=200, help="timed moves per history length")
    parser.add_argument("--deal", default="1234")
    parser.add_argument("--undo-rate", type=float, default=0.45)
    args = parser.parse_args()
    print(f"deal {args.deal}, {args.moves} timed moves per row, undo rate {args.undo_rate}, "
          f"seed {args.seed}, {args.clock} clock")
    print(f"{'history':>9} {'median µs':>10} {'p95 µs':>10} {'save bytes':>11}")
    for size in (int(s) for s in args.sizes.split(",")):
        clock = clock_named(args.clock)
        row = measure(size, args.moves, args.seed, args.deal, undo_rate=args.undo_rate, clock=clock)
        print(f"{size:>9,} {row['median']:>10,.0f} {row['p95']:>10,.0f} {row['save']:>11,}", flush=True)


if __name__ == "__main__":
    main()
