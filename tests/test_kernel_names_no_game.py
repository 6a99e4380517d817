"""The kernel names no game (issue 19): `solitaire_core` is what every game shares, so apart from the
registry, which names each game once, none of its modules may say a game's id, package or title, not even
in a docstring. A game named there is a sign that something of the game leaked into the kernel.
"""

from __future__ import annotations

import re
from pathlib import Path

from solitaire_core import registry

KERNEL = Path(__file__).resolve().parent.parent / "src" / "solitaire_core"
ALLOWED = {"registry.py"}
"""The one kernel module that names the games."""


def _names() -> list[str]:
    """Every way a registered game may be named: id, package and title."""
    return sorted({name for entry in registry.games() for name in (entry.id, entry.package, entry.title)})


def test_the_kernel_modules_name_no_game() -> None:
    pattern = re.compile("|".join(re.escape(name) for name in _names()), re.IGNORECASE)
    modules = sorted(KERNEL.glob("*.py"))
    assert len(modules) > 20, "the kernel's modules were not found"
    naming = {
        module.name: sorted({match.group(0).lower() for match in pattern.finditer(module.read_text("utf-8"))})
        for module in modules
        if module.name not in ALLOWED
    }
    assert {name: games for name, games in naming.items() if games} == {}


def test_the_check_sees_a_game_named_in_a_docstring() -> None:
    """The pattern finds a game's name however it is cased (so the test above can fail)."""
    pattern = re.compile("|".join(re.escape(name) for name in _names()), re.IGNORECASE)
    assert pattern.search('"""As TRIPEAKS does."""') and pattern.search("pyramid_core.save")
