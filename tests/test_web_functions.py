"""The page's scripts keep every function short (issue 19: none over 80 lines), so that each says one thing:
a game's table component is assembled from small functions, the shell from one module per job.

The scan is a small lexer of the page's JavaScript (comments, strings and template literals blanked out,
then braces matched): a function body is a `{` that follows `)` or `=>`. It reads web/ as written, so it
runs with the Python suite, without a browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
LONGEST = 80


def _skip_quoted(src: str, i: int, quote: str) -> int:
    """The index just after the string or template literal that opens at `i`."""
    j = i + 1
    while src[j] != quote:
        j += 2 if src[j] == "\\" else 1
    return j + 1


def blank(src: str) -> str:
    """`src` with comments, strings and template literals replaced by spaces (line breaks kept)."""
    out: list[str] = []
    i = 0
    while i < len(src):
        if src.startswith("//", i):
            end = src.find("\n", i)
            end = len(src) if end < 0 else end
        elif src.startswith("/*", i):
            end = src.index("*/", i) + 2
        elif src[i] in "'\"`":
            end = _skip_quoted(src, i, src[i])
        else:
            out.append(src[i])
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", src[i:end]))
        i = end
    return "".join(out)


def long_functions(src: str, longest: int = LONGEST) -> list[tuple[int, int]]:
    """(first line, length in lines) of every function body of `src` longer than `longest` lines."""
    code = blank(src)
    found: list[tuple[int, int]] = []
    opened: list[tuple[int, bool]] = []  # (line, whether a function body) of each open brace
    line = 1
    for i, char in enumerate(code):
        if char == "\n":
            line += 1
        elif char == "{":
            before = code[:i].rstrip()
            opened.append((line, before.endswith((")", "=>"))))
        elif char == "}":
            start, is_function = opened.pop()
            if is_function and line - start + 1 > longest:
                found.append((start, line - start + 1))
    return found


def test_the_scan_finds_a_long_function_and_skips_strings() -> None:
    body = "\n".join(f"  x += {i};" for i in range(LONGEST))
    src = "\n".join(
        ["// } {", 'const s = "{";', "function f(x) {", body, "  return `}${x}`;", "}", "const g = () => {};"]
    )
    assert long_functions(src) == [(3, LONGEST + 3)]
    assert long_functions(src, longest=LONGEST + 3) == []


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.js")), ids=lambda p: str(p.relative_to(WEB)))
def test_no_function_of_the_page_is_over_80_lines(path: Path) -> None:
    assert long_functions(path.read_text(encoding="utf-8")) == []
