"""The benchmarks' harness: what every benchmark script needs and none should write again.

- `harness.figures`: percentiles (nearest rank; the browser figures' rounded index), the 95% Wilson
  interval, rate and time-distribution lines and markdown rows;
- `harness.runs`: the clock, the command line (`--deals`, `--seed`, `--jobs`, `--budget-ms`, `--clock`),
  worker processes, the machine line, the timed hint and its summary;
- `harness.deals`: the deal samples of each game (the registry's games);
- `harness.docs`: writing a figure block into docs/PERFORMANCE.md;
- `harness.browser` and `harness.page`: the local server, Chromium, and what several page benchmarks measure
  the same way (start-up, the ready mark, the worker's boot steps).

Importing the package puts src/ and tools/ on `sys.path`, so a script run as `python benchmarks/x.py`
imports the engines and tools/localsite.py without installing anything. They go after the folders named
in `PYTHONPATH` (so that `PYTHONPATH=/tmp/old/src` measures older code with today's benchmark) and before
everything else (so that an installed copy of the engines does not stand in for this checkout's).

The harness is a library: no module here is a script, and no script imports another script. What a deal
costs game by game (solving one, playing one) is the other library, `workloads`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository (benchmarks/ is its child)."""

_AFTER = 1 + len([folder for folder in os.environ.get("PYTHONPATH", "").split(os.pathsep) if folder])
"""Where the folders go in `sys.path`: after the script's own folder and PYTHONPATH's."""

for _folder in (ROOT / "tools", ROOT / "src"):
    if str(_folder) not in sys.path:
        sys.path.insert(min(_AFTER, len(sys.path)), str(_folder))
