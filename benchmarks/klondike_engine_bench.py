"""What Klondike's rules engine costs per reply: the snapshot (destinations of every card, outcome, the
"gets anywhere" search behind the no-progress note, auto-finish) over games played at random, and how often
the search proves a dead end, finds progress, or stops at its bounds.

Each deal is played up to `--steps` random actions (a card move six times in ten when there is one, else the
last legal move: draw or recycle), the snapshot timed before each. Prints one JSON object:

    .venv/bin/python benchmarks/klondike_engine_bench.py --deals 100 --clock cpu
"""

from __future__ import annotations

import json
import random
from collections import Counter

from harness.figures import percentile
from harness.runs import arguments, clock_named

from klondike_core.game import Game
from klondike_core.snapshot import snapshot


def main() -> None:
    """Play the deals, time every snapshot, print the JSON figures."""
    parser = arguments(__doc__, 100, seed=1, jobs=None, clock="cpu")
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    clock = clock_named(args.clock)
    rng = random.Random(args.seed)
    times: list[float] = []
    answers: Counter[str] = Counter()
    for number in range(args.deals):
        game = Game.from_id(number)
        for _ in range(args.steps):
            start = clock()
            snapshot(game)
            times.append((clock() - start) * 1000)
            answers[game.progress().value] += 1
            moves = game.legal_moves()
            if not moves:
                break
            cards = [m for m in moves if m.kind == "move"]
            game.play(rng.choice(cards) if cards and rng.random() < 0.6 else moves[-1])
    print(json.dumps({
        "deals": args.deals, "snapshots": len(times), "clock": args.clock,
        "snapshot_ms": {"median": round(percentile(times, 0.5), 3), "p95": round(percentile(times, 0.95), 3),
                        "p99": round(percentile(times, 0.99), 3), "max": round(max(times), 3)},
        "progress": dict(answers),
    }))


if __name__ == "__main__":
    main()
