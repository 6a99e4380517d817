"""The frame of every game's command line (`python -m <game>_core …`, `registry.Entry.cli`).

Bad input exits with status 2 and one line on stderr that names the problem: numbers are ASCII digits only
and bounded (`positive`, `count`, `seed`: no run of a billion deals, no budget of a century), flags are never
abbreviated (`Parser`, made with `allow_abbrev=False` on each sub-parser too), a huge input is quoted by a
short prefix (see `quoting`), and a file is read up to `MAX_FILE_BYTES` (`read_lines`).

Whatever happens, `main` ends with a status and at most one line on stderr, never a traceback: an output that
cannot be written (stdout closed, a full disk, `... | head -1`) is status `EXIT_OUTPUT`, Ctrl-C is status
`EXIT_INTERRUPTED`, and with stderr closed or unwritable the line is dropped but the status stays the same.
A game builds its parser with `Parser`, gives each sub-command a `run` default, and calls
`main(build_parser, argv)`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import string
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO, TypeVar

from .errors import SolitaireError
from .quoting import PATH_LIMIT, clip, quote

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

EXIT_BAD_INPUT: Final = 2
EXIT_OUTPUT: Final = 2
"""The output could not be written: the run failed as it would on bad input (the line on stderr says so)."""
EXIT_INTERRUPTED: Final = 130
"""Ctrl-C (SIGINT): 128 + the signal's number, what shells report for a command the signal ended."""
MAX_DEALS: Final = 1_000_000
"""`--deals` at most: a million deals already take hours; more is a typo, not a plan."""
MAX_BUDGET_MS: Final = 3_600_000.0
"""`--budget-ms` at most: one hour for one search."""
MAX_SEED: Final = 2**64 - 1
"""`--seed` within ±this: the generator takes the seed modulo 2**64, so a larger one only aliases another."""
MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""`read_lines` refuses a larger file (a deal is 156 bytes a line), and never reads `/dev/zero` forever."""
DEALS_HELP: Final = "how many deals, 1 to 1,000,000"
SEED_HELP: Final = "which deals: a whole number within ±(2**64 - 1), default 0"
BUDGET_HELP: Final = "the search's time limit in milliseconds, above 0 and at most 3600000 (one hour)"
_WHOLE: Final = re.compile(r"-?[0-9]{1,20}")  # ASCII digits only: isdigit and int() also take "３" and "²"
_DECIMAL: Final = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15}")

T = TypeVar("T")
A = TypeVar("A")


class BadInput(Exception):
    """A command line that cannot run: its message is the one line printed after `error: `."""


class OutputError(Exception):
    """stdout cannot take the output (closed, a full disk, a pipe whose reader is gone): the message says
    why, after `cannot write the output: `."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises `BadInput` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(message)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse's own ignores a failed write, so `--help > /dev/full` ended with status 0 and no output.
        if not message:
            return
        if file is sys.stdout:
            write_out(message)
        else:
            say(message.rstrip("\n"))

    def _check_value(self, action: argparse.Action, value: object) -> None:
        # argparse's own message quotes the whole value, however long; this one quotes a short prefix.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            message = f"invalid choice {quote(str(value))} (choose from {choices})"
            raise argparse.ArgumentError(action, message)


def emit(as_json: bool, data: dict[str, Any], text: str) -> None:
    """Print one result: `data` as one JSON object with `--json`, else `text`; `OutputError` when stdout
    cannot take it."""
    write_out((json.dumps(data) if as_json else text) + "\n")


def write_out(text: str) -> None:
    """Write `text` on stdout, or raise `OutputError` saying why it cannot be written."""
    with _writing_out():
        _stdout().write(text)


def flush_out() -> None:
    """Flush stdout now, so that a failure to write is an error of this run (one line, a status), not a
    complaint of the interpreter as it exits; `OutputError` when it fails."""
    with _writing_out():
        _stdout().flush()


def _stdout() -> TextIO:
    """stdout, or `OutputError` when it was closed before the run (`>&-`: Python then sets it to None)."""
    if sys.stdout is None:
        raise OutputError("the standard output is closed")
    return sys.stdout


@contextlib.contextmanager
def _writing_out() -> Iterator[None]:
    """Turn a failed write on stdout into `OutputError` with its reason (`broken pipe`, `no space left on
    device`)."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise OutputError("broken pipe" if isinstance(error, BrokenPipeError) else reason.lower()) from None
    except ValueError:  # "I/O operation on closed file"
        raise OutputError("the standard output is closed") from None


def quote_path(path: str) -> str:
    """A file path as an error message quotes it (a longer prefix than other input: its end is its name)."""
    return quote(path, PATH_LIMIT)


def read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 file of at most `MAX_FILE_BYTES`, split on `\n` only (as editors number them).

    A byte order mark at the start (some editors write one) is not part of the first line.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise BadInput(f"cannot read {quote_path(path)}: {reason}") from None
    except ValueError:  # a NUL character, which no file name can hold (main() called with a list)
        raise BadInput(f"cannot read {quote_path(path)}: not a file name") from None
    if len(data) > MAX_FILE_BYTES:
        raise BadInput(f"cannot read {quote_path(path)}: larger than {MAX_FILE_BYTES // 2**20} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BadInput(f"cannot read {quote_path(path)}: not UTF-8 text (line {line})") from None
    return [line.removesuffix("\r") for line in text.split("\n")]


def read_items(path: str, parse: Callable[[str], T]) -> list[T]:
    """Each line of the file at `path` that is not blank, read by `parse` (a deal, say), all of them before
    any is used: a line `parse` refuses is `BadInput` naming the file and its line number (blank lines
    counted), and nothing has been printed yet."""
    items = []
    for number, line in enumerate(read_lines(path), 1):
        if not line.strip(string.whitespace):
            continue
        try:
            items.append(parse(line))
        except SolitaireError as error:
            raise BadInput(f"{quote_path(path)} line {number}: {error}") from None
    return items


def play_all(play: Callable[[A], object], actions: Iterable[A]) -> None:
    """Play `actions` in order (`--moves` of a `hint` command); the first that `play` refuses is `BadInput`
    naming it by its place in the list, from 1."""
    for index, action in enumerate(actions):
        try:
            play(action)
        except SolitaireError as error:
            raise BadInput(f"move {index + 1} ({action}) cannot be played: {error}") from None


def positive(text: str) -> float:
    """`--budget-ms`: a positive decimal number in ASCII digits (no sign, exponent, `inf` or `nan`), at most
    `MAX_BUDGET_MS`."""
    if _DECIMAL.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {quote(text)}")
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be positive: {quote(text)}")
    if value > MAX_BUDGET_MS:
        raise argparse.ArgumentTypeError(f"at most {MAX_BUDGET_MS:,.0f} ms (one hour), not {quote(text)}")
    return value


def count(text: str) -> int:
    """`--deals`: a whole number from 1 to `MAX_DEALS`, in ASCII digits."""
    if _WHOLE.fullmatch(text) is None or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {quote(text)}")
    if int(text) > MAX_DEALS:
        raise argparse.ArgumentTypeError(f"at most {MAX_DEALS:,} deals, not {quote(text)}")
    return int(text)


def seed(text: str) -> int:
    """`--seed`: a whole number in ASCII digits, optionally negative, within ±`MAX_SEED` (the generator
    takes it modulo 2**64)."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {quote(text)}")
    if abs(int(text)) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be within ±{MAX_SEED} (2**64 - 1), not {quote(text)}")
    return int(text)


def _run(build_parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None) -> int:
    """Parse and run; the exit status of a run that did not fail (`--help` too)."""
    _stdout()  # a closed stdout is refused before any work (a `stats` run of hours, printed nowhere)
    try:
        args, extra = build_parser().parse_known_args(argv)
    except SystemExit as done:  # `--help` was printed: argparse exits with 0
        flush_out()
        return done.code if isinstance(done.code, int) else EXIT_BAD_INPUT
    if extra:  # argparse's own message would join every extra argument, however long, into the line
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        raise BadInput(f"unrecognized argument {quote(extra[0])}{more}")
    args.run(args)
    flush_out()
    return 0


def _to_null(stream: TextIO | None, name: str) -> None:
    """Point a standard stream that failed at the null device, so that the interpreter's last flush of
    what is left in its buffer cannot fail again (a complaint on stderr, status 120)."""
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): replace it
        setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives until the exit)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def say(line: str) -> None:
    """Write one line on stderr when it can be written; when it cannot (closed, full, a closed pipe) drop
    it: the exit status still tells what happened, and a failure to complain is no new failure."""
    stream = sys.stderr
    if stream is None:  # `2>&-`; print(file=None) would write the line on stdout instead
        return
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):
        _to_null(stream, "stderr")


def _output_failed(error: OutputError) -> int:
    _to_null(sys.stdout, "stdout")
    say(f"error: cannot write the output: {error}")
    return EXIT_OUTPUT


def _interrupted() -> int:
    """Ctrl-C: what was printed so far is kept (flushed when it can be), then one line."""
    try:
        flush_out()
    except OutputError:
        _to_null(sys.stdout, "stdout")
    say("interrupted")
    return EXIT_INTERRUPTED


def main(build_parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None = None) -> int:
    """Parse `argv` with the parser `build_parser` makes, run the chosen command (its `run` default), and
    return the exit status: 0; `EXIT_BAD_INPUT` after one `error: …` line on stderr; `EXIT_OUTPUT` when
    stdout cannot be written; `EXIT_INTERRUPTED` after Ctrl-C. Never a traceback for any of them."""
    try:
        return _run(build_parser, argv)
    except (BadInput, SolitaireError) as error:
        say(f"error: {clip(str(error))}")
        return EXIT_BAD_INPUT
    except OutputError as error:
        return _output_failed(error)
    except KeyboardInterrupt:
        return _interrupted()
