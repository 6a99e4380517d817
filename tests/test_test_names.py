"""Every test module has a name of its own across tests/ and tests/browser/.

The test folders are not packages, so pytest imports each test file by its bare name: two files of the same
name in one run (`python3 build.py test` runs both folders at once) stop the whole run at collection, though
each passes when run alone.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
