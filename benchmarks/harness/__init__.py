"""The benchmarks' harness: what every benchmark script needs and none should write again.

- `harness.figures`: percentiles (nearest rank; the browser figures' rounded index), the 95% Wilson
  interval, rate and time-distribution lines and markdown rows;
- `harness.runs`: the clock, the command line (`--deals`, `--seed`, `--jobs`, `--budget-ms`, `--clock`),
  worker processes, the machine line, the timed hint and its summary;
- `harness.deals`: the deal samples of each game and the start of a Klondike deal;
- `harness.docs`: writing a figure block into docs/PERFORMANCE.md;
- `harness.browser` and `harness.page`: the local server, Chromium, and what several page benchmarks measure
  the same way (start-up, the ready mark, the worker's boot steps).

Importing the package puts src/ and tools/ on `sys.path`, so a script run as `python benchmarks/x.py`
imports the engines and tools/localsite.py without installing anything. The harness is a library: no module
here is a script, and no script imports another script.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository (benchmarks/ is its child)."""

for _folder in (ROOT / "tools", ROOT / "src"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))
