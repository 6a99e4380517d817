"""The build backend of pyproject.toml (PEP 517 and PEP 660), standard library only: `pip install .` and
`pip install -e .` install every package of src/ (the shared core and each game) with nothing to download.

The wheels are the ones `tools/pywheel.py` writes for the page; the editable one is a `.pth` that puts src/
on `sys.path`, so a package added to src/ later imports at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pywheel

ROOT = Path(__file__).resolve().parent.parent


def build_wheel(
        wheel_directory: str, config_settings: dict[str, object] | None = None,
        metadata_directory: str | None = None) -> str:
    """PEP 517: the wheel of every package of src/, written into `wheel_directory`; its file name."""
    return pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", Path(wheel_directory)).name


def build_editable(
        wheel_directory: str, config_settings: dict[str, object] | None = None,
        metadata_directory: str | None = None) -> str:
    """PEP 660: a wheel whose `.pth` puts src/ on `sys.path`; its file name."""
    return pywheel.build_editable_wheel(ROOT / "src", ROOT / "pyproject.toml", Path(wheel_directory)).name
