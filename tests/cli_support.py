"""Helpers of the command-line tests that run a game's engine as `python -m <package>` in a subprocess
(`test_pyramid_cli.py`, `test_klondike_cli.py`): the run, with only `src` on the path, and its one JSON
line."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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


ENV = {"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}


def run_closed(package: str, *args: str, close: int) -> subprocess.CompletedProcess[str]:
    """`python -m <package> <args>` with file descriptor `close` (1 stdout, 2 stderr) closed, as `>&-` and
    `2>&-` leave it; the other one captured."""
    return subprocess.run(
        [sys.executable, "-m", package, *args], capture_output=True, text=True, env=ENV, timeout=300,
        check=False, preexec_fn=lambda: os.close(close),
    )


def run_full(package: str, *args: str, stream: str) -> subprocess.CompletedProcess[str]:
    """`python -m <package> <args>` with `stream` ("stdout" or "stderr") on /dev/full (every write fails
    with "no space left on device"); the other one captured."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        pipes: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, stream: full}
        return subprocess.run(
            [sys.executable, "-m", package, *args], text=True, env=ENV, timeout=300, check=False,
            stdout=pipes["stdout"], stderr=pipes["stderr"],  # type: ignore[arg-type]
        )


def run_into_a_closed_pipe(package: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m <package> <args>` writing into a pipe whose reader has already gone (`| head -c0`)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", package, *args], stdout=write_end, stderr=subprocess.PIPE, text=True,
            env=ENV, timeout=300, check=False,
        )
    finally:
        os.close(write_end)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def _children_hear_ctrl_c() -> Iterator[None]:
    """Children started inside get Ctrl-C's default action, as a command typed at a terminal has. A suite
    started in the background by a non-interactive shell (`cmd &`) ignores SIGINT, children inherit an
    ignored signal, and Python then leaves it ignored: the command would never see the test's Ctrl-C. A
    handled signal is reset to the default at exec, so a handler here for the time of the start is enough."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if previous is signal.SIG_IGN:
            signal.signal(signal.SIGINT, previous)


def interrupt_during(package: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Start `python -m <package> <args>`, wait until it has used half a second of CPU (its imports take
    far less, so it is in the command's work), then send it SIGINT (Ctrl-C) and collect what it printed."""
    with _children_hear_ctrl_c():
        child = subprocess.Popen([sys.executable, "-m", package, *args], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=ENV)
    with child:
        deadline = time.monotonic() + 120
        while _cpu_seconds(child.pid) < 0.5 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            child.kill()  # a child that outlived Ctrl-C must fail the test, not hang the suite
            out, err = child.communicate()
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def assert_one_line(result: subprocess.CompletedProcess[str], status: int, words: str) -> None:
    """The run ended with `status` and exactly one short stderr line holding `words`, no traceback."""
    assert result.returncode == status, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and len(lines[0]) < 300, result.stderr[-2000:]


def check_output_failures(package: str) -> None:
    """A closed stdout, a full disk, a closed pipe, a closed or full stderr: each ends with status 2 and one
    line on stderr when stderr can take it, nothing on stdout, never a traceback."""
    assert_one_line(run_closed(package, "deal", "7", close=1), 2, "cannot write the output: the standard")
    assert_one_line(run_full(package, "deal", "7", stream="stdout"), 2, "no space left on device")
    assert_one_line(run_full(package, "--help", stream="stdout"), 2, "no space left on device")
    assert_one_line(run_into_a_closed_pipe(package, "deal", "7"), 2, "broken pipe")
    silent = run_closed(package, "deal", "abc", close=2)
    assert silent.returncode == 2 and silent.stdout == ""  # the error line went nowhere, not to stdout
    full = run_full(package, "deal", "abc", stream="stderr")
    assert full.returncode == 2 and full.stdout == ""


def check_ctrl_c(package: str) -> None:
    """Ctrl-C during `stats`: status 130 and the one line `interrupted`, no traceback."""
    result = interrupt_during(package, "stats", "--deals", "1000000", "--json")
    assert result.returncode == 130, result.stderr[-2000:]
    assert result.stderr == "interrupted\n" and result.stdout == ""


def check_refused(package: str, *args: str, words: str) -> None:
    """A bad argument: status 2, nothing on stdout, one short line on stderr holding `words`."""
    result = run_module(package, *args)
    assert result.stdout == ""
    assert_one_line(result, 2, words)


OUT_OF_BOUNDS = [
    (["stats", "--deals", "1000001"], "at most 1,000,000 deals"),
    (["autoplay", "--deals", "99999999999999999999"], "at most 1,000,000 deals"),
    (["stats", "--deals", "1", "--seed", str(2**64)], "--seed"),
    (["autoplay", "--deals", "1", "--seed", str(-(2**64))], "--seed"),
    (["solve", "1", "--budget-ms", "3600000.5"], "one hour"),
    (["hint", "1", "--budget-ms", "999999999999999"], "one hour"),
]
"""Numbers past the command line's bounds, and words of the line that refuses each."""

AT_THE_BOUNDS = [
    ["stats", "--deals", "1000000"], ["autoplay", "--deals", "1", "--seed", str(2**64 - 1)],
    ["stats", "--deals", "1", "--seed", str(1 - 2**64)], ["solve", "1", "--budget-ms", "3600000"],
]
"""The largest numbers still accepted (parsed only: a million deals are not played)."""

EMPTY_MOVES = ["", ",draw", "draw,", "draw,,draw", "draw, ,draw"]
"""`--moves` values with an empty move: refused in every game."""
