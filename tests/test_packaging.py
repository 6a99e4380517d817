"""The build backend's metadata: `pip install -e .[dev]` (what build.py's set-up runs on a fresh machine) must
find the test tools through the `dev` extra, or a fresh clone would have no ruff, mypy or pytest."""

from __future__ import annotations

import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _backend():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pywheel_backend  # noqa: PLC0415 - tools/ is not a package
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return pywheel_backend


def test_the_editable_wheel_declares_the_dev_extra_of_pyproject(tmp_path: Path) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["optional-dependencies"]["dev"]
    assert wanted, "pyproject.toml lists the test tools under the dev extra"
    backend = _backend()
    for build in (backend.build_editable, backend.build_wheel):
        out = tmp_path / build.__name__
        name = build(str(out))
        with zipfile.ZipFile(out / name) as archive:
            [metadata] = [m for m in archive.namelist() if m.endswith(".dist-info/METADATA")]
            headers = Parser().parsestr(archive.read(metadata).decode())
        assert headers.get_all("Provides-Extra") == ["dev"]
        required = headers.get_all("Requires-Dist") or []
        assert required == [f'{item}; extra == "dev"' for item in wanted]
