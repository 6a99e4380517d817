"""Helpers of the command-line tests that run a game's engine as `python -m <package>` in a subprocess
(`test_pyramid_cli.py`, `test_klondike_cli.py`): the run, with only `src` on the path, and its one JSON
line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def run_module(package: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m <package> <args>`, its output as text (never raises on a non-zero status)."""
    return subprocess.run(
        [sys.executable, "-m", package, *args], capture_output=True, text=True, input=stdin,
        env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, timeout=300, check=False,
    )


def one_json(result: subprocess.CompletedProcess[str]) -> dict[str, object]:
    """The one JSON object a successful `--json` run printed, and nothing on stderr."""
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and result.stderr == ""
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data
