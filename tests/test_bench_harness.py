"""The benchmarks' harness keeps the figures' definitions the published numbers were computed with (the
Wilson interval, the two percentiles, the rate cells), writes a figure block into the performance document
without touching the rest, and no benchmark script imports another script."""

from __future__ import annotations

import ast
import math
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from harness import docs  # noqa: E402
from harness.figures import percentile, quantile, rate, short_rate, time_row, wilson  # noqa: E402


def _closed_form(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval as the hint benchmarks wrote it before the harness (centre ± half)."""
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


@pytest.mark.parametrize(("successes", "trials"), [(0, 1), (3, 3), (628, 1000), (1, 7), (452, 1000)])
def test_wilson_is_the_score_interval(successes: int, trials: int) -> None:
    low, high = wilson(successes, trials)
    expected = _closed_form(successes, trials)
    assert low == pytest.approx(expected[0], abs=1e-12)
    assert high == pytest.approx(expected[1], abs=1e-12)


def test_rates_as_published() -> None:
    assert wilson(0, 0) == (0.0, 0.0)
    assert rate(628, 1000) == "628/1000 = 62.8% [59.8, 65.7]"  # docs/PERFORMANCE.md, "Hint"
    assert rate(3, 3) == "3/3 = 100.0% [43.8, 100.0]"
    assert short_rate(2, 3) == "2/3 = 67% [21%-94%]"
    assert short_rate(0, 0) == "-"


def test_the_two_percentiles() -> None:
    values = [float(v) for v in range(10, 0, -1)]
    assert percentile(values, 0.9) == 10.0  # nearest rank: index int(0.9 * 10) = 9
    assert percentile(values, 0.5) == 6.0
    assert quantile(values, 0.5) == 5.0  # index round(0.5 * 9) = round(4.5) = 4 (to even)
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 3.0  # round(1.5) = 2
    assert quantile(values, 0.95) == 10.0


def test_time_row() -> None:
    times = [1.0, 2.0, 3.0, 4.0]
    assert time_row("s", times) == "| s | 2.50 | 4.0 | 4.0 | 4.0 | 2.50 | 0.0 |"
    assert time_row("s", times, 3, 4).endswith("| 0.0 | 75.0% of 4 |")
    assert time_row("s", times, 0, 0).endswith("| 0.0 | - |")


def test_write_block_replaces_or_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "PERFORMANCE.md"
    doc.write_text("# P\n\n## Browser\n\n<!-- a:start -->\nold\n<!-- a:end -->\n\n## Saves\n\nkept\n")
    monkeypatch.setattr(docs, "DOC", doc)
    docs.write_block("a", "new")
    docs.write_block("b", "added", subsection="### B")
    docs.write_block("c", "klondike", heading="## Klondike")
    assert doc.read_text() == (
        "# P\n\n## Browser\n\n<!-- a:start -->\nnew\n<!-- a:end -->\n\n### B\n\n<!-- b:start -->\nadded\n"
        "<!-- b:end -->\n\n## Saves\n\nkept\n\n## Klondike\n\n<!-- c:start -->\nklondike\n<!-- c:end -->\n"
    )


def test_no_script_imports_another_script() -> None:
    scripts = {path.stem for path in BENCHMARKS.glob("*.py")}
    assert "solver_bench" in scripts and "hint_bench" in scripts
    for path in BENCHMARKS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            imported = {name.split(".")[0] for name in names} & scripts
            assert not imported, f"{path.relative_to(BENCHMARKS)} imports the script(s) {imported}"
