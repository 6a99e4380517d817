"""The frame of every game's command line (`python -m tripeaks_core …`, `python -m pyramid_core …`).

Bad input exits with status 2 and one line on stderr that names the problem: numbers are ASCII digits only
(`positive`, `count`, `seed`), flags are never abbreviated (`Parser`, made with `allow_abbrev=False` on each
sub-parser too), a huge input is quoted by a short prefix (see `quoting`), a file is read up to
`MAX_FILE_BYTES` (`read_lines`), and an output closed early (`... | head -1`) ends with status 2 and one
line, no traceback (`main`). A game builds its parser with `Parser`, gives each sub-command a `run`
default, and calls `main(build_parser, argv)`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import string
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NoReturn, TypeVar

from .errors import SolitaireError
from .quoting import PATH_LIMIT, clip, quote

EXIT_BAD_INPUT: Final = 2
MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""`read_lines` refuses a larger file (a deal is 156 bytes a line), and never reads `/dev/zero` forever."""
_WHOLE: Final = re.compile(r"-?[0-9]{1,20}")  # ASCII digits only: isdigit and int() also take "３" and "²"
_DECIMAL: Final = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15}")

T = TypeVar("T")
A = TypeVar("A")


class BadInput(Exception):
    """A command line that cannot run: its message is the one line printed after `error: `."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises `BadInput` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(message)

    def _check_value(self, action: argparse.Action, value: object) -> None:
        # argparse's own message quotes the whole value, however long; this one quotes a short prefix.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            message = f"invalid choice {quote(str(value))} (choose from {choices})"
            raise argparse.ArgumentError(action, message)


def emit(as_json: bool, data: dict[str, Any], text: str) -> None:
    """Print one result: `data` as one JSON object with `--json`, else `text`."""
    print(json.dumps(data) if as_json else text)


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
    """`--budget-ms`: a positive decimal number in ASCII digits (no sign, exponent, `inf` or `nan`)."""
    if _DECIMAL.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {quote(text)}")
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be positive: {quote(text)}")
    return value


def count(text: str) -> int:
    """`--deals`: a whole number from 1, in ASCII digits."""
    if _WHOLE.fullmatch(text) is None or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {quote(text)}")
    return int(text)


def seed(text: str) -> int:
    """`--seed`: a whole number in ASCII digits, optionally negative (the generator takes it modulo 2**64)."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {quote(text)}")
    return int(text)


def _run(build_parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None) -> None:
    args, extra = build_parser().parse_known_args(argv)
    if extra:  # argparse's own message would join every extra argument, however long, into the line
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        raise BadInput(f"unrecognized argument {quote(extra[0])}{more}")
    args.run(args)
    sys.stdout.flush()  # here, so that a closed pipe is an error of this run and not of the shutdown


def _drop_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is left cannot fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): just replace it
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives until the exit)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def main(build_parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None = None) -> int:
    """Parse `argv` with the parser `build_parser` makes, run the chosen command (its `run` default), and
    return the exit status: 0, or `EXIT_BAD_INPUT` after one `error: …` line on stderr."""
    try:
        _run(build_parser, argv)
    except (BadInput, SolitaireError) as error:
        print(f"error: {clip(str(error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        _drop_stdout()
        print("error: the output was closed before it was all written (broken pipe)", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0
