"""Make `src/` importable when the package is not installed (the browser tests have their own conftest)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--slow`: the property tests check their full counts (100,000 random positions a game and variant)
    instead of the suite's share."""
    parser.addoption("--slow", action="store_true", default=False, help="run the property tests in full")


@pytest.fixture
def slow(request: pytest.FixtureRequest) -> bool:
    """True under `pytest --slow`."""
    return bool(request.config.getoption("--slow"))
