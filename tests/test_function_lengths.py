"""The engines keep every function short (issue 19: none over 80 lines), so that each says one thing. The
one exception allowed is a search's inner loop kept whole for speed, which its docstring must say (a call
per node costs several percent: docs/behaviour/README.md has the measurements)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LONGEST = 80
KEPT_WHOLE = "kept whole for speed"


def long_functions(root: Path = SRC) -> list[tuple[str, str, int, str]]:
    """(file, function, length in lines, docstring) of every function under `root` over `LONGEST` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > LONGEST:
                    doc = ast.get_docstring(node) or ""
                    found.append((str(path.relative_to(root)), node.name, length, doc))
    return found


def unexplained(root: Path = SRC) -> list[tuple[str, str, int]]:
    """The long functions whose docstring does not say they are kept whole for speed."""
    found = long_functions(root)
    return [(f, name, n) for f, name, n, doc in found if KEPT_WHOLE not in " ".join(doc.split())]


def test_no_function_is_long_unless_it_is_a_search_kept_whole_for_speed() -> None:
    assert unexplained() == []


def test_the_scan_finds_a_long_function_and_its_reason(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    (tmp_path / "long.py").write_text(f"def f() -> None:\n    \"\"\"Plain.\"\"\"\n{body}\n", encoding="utf-8")
    (tmp_path / "kept.py").write_text(
        f"def g() -> None:\n    \"\"\"The loop, kept whole\n    for speed.\"\"\"\n{body}\n", encoding="utf-8"
    )
    assert [name for _, name, _, _ in long_functions(tmp_path)] == ["g", "f"]
    assert unexplained(tmp_path) == [("long.py", "f", LONGEST + 2)]
