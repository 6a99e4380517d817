"""One pure-Python wheel holding every engine package of src/ (the shared core and every game), for the page.

    python3 tools/pywheel.py OUT_DIR   # write OUT_DIR/<name>-<version>-py3-none-any.whl and print its path

`build.py build` calls `build_wheel(SRC, PYPROJECT, outdir)`; a site built with games from outside the tree
(a test's) passes their source folders too (`extra`), whose packages join the same wheel. Standard library
only. A package is a folder
of src/ with an `__init__.py` (`solitaire_core` and every game's `<game>_core`); the
wheel holds their `.py` files (and `py.typed` markers), `METADATA`, `WHEEL`, `entry_points.txt` and a
`RECORD` with each file's sha256 and size.

The wheel is deterministic: files in sorted order, one fixed timestamp, fixed permissions and compression,
so the same sources give the same bytes (and the same `wheel_sha256` in config.json). Name, version,
summary, Python requirement and console scripts come from pyproject.toml's `[project]` table.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

TIMESTAMP = (2016, 1, 1, 0, 0, 0)
"""Every member's date in the zip (what flit_core wrote before; any fixed date after 1980 would do)."""
PACKAGE_FILES = ("*.py", "py.typed")
"""What of a package goes in the wheel: its modules and the typing marker, never caches or data."""
TAG = "py3-none-any"


@dataclass(frozen=True)
class Project:
    """What the wheel's metadata says, read from pyproject.toml."""

    name: str
    version: str
    summary: str
    requires_python: str
    license: str
    scripts: dict[str, str]
    dependencies: tuple[str, ...]
    extras: dict[str, tuple[str, ...]]
    """Optional dependencies by extra (`dev`: the test tools that `pip install -e .[dev]` asks for)."""

    @classmethod
    def read(cls, pyproject: Path) -> Project:
        table = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        license_text = table.get("license", {})
        return cls(
            name=str(table["name"]),
            version=str(table["version"]),
            summary=str(table.get("description", "")),
            requires_python=str(table.get("requires-python", "")),
            license=str(license_text.get("text", "")) if isinstance(license_text, dict) else "",
            scripts={str(k): str(v) for k, v in table.get("scripts", {}).items()},
            dependencies=tuple(str(d) for d in table.get("dependencies", [])),
            extras={
                str(name): tuple(str(d) for d in items)
                for name, items in table.get("optional-dependencies", {}).items()
            },
        )

    @property
    def wheel_name(self) -> str:
        """The file name, `name-version-py3-none-any.whl`, with the name normalised as wheels require."""
        return f"{self.dist_name}-{self.version}-{TAG}.whl"

    @property
    def dist_name(self) -> str:
        return re.sub(r"[-_.]+", "_", self.name).lower()


def packages(src: Path) -> list[str]:
    """The importable packages directly under `src`, sorted: folders holding an `__init__.py`."""
    return sorted(p.name for p in src.iterdir() if p.is_dir() and (p / "__init__.py").is_file())


def package_files(*sources: Path) -> list[tuple[str, bytes]]:
    """Every file of every package of each source folder, as (path inside the wheel, bytes), sorted by
    path; no `__pycache__`. Two folders holding one package is an error (one would hide the other)."""
    found: dict[str, bytes] = {}
    for src in sources:
        for package in packages(src):
            if any(path.split("/")[0] == package for path in found):
                raise SystemExit(f"[wheel] package {package} is in more than one source folder")
            for pattern in PACKAGE_FILES:
                for path in (src / package).rglob(pattern):
                    relative = path.relative_to(src)
                    if path.is_file() and "__pycache__" not in relative.parts:
                        found[relative.as_posix()] = path.read_bytes()
    return sorted(found.items())


def _metadata(project: Project, names: list[str]) -> bytes:
    lines = ["Metadata-Version: 2.1", f"Name: {project.name}", f"Version: {project.version}"]
    if project.summary:
        lines.append(f"Summary: {project.summary}")
    if project.license:
        lines.append(f"License: {project.license}")
    if project.requires_python:
        lines.append(f"Requires-Python: {project.requires_python}")
    lines.extend(f"Requires-Dist: {requirement}" for requirement in project.dependencies)
    for extra, requirements in sorted(project.extras.items()):
        lines.append(f"Provides-Extra: {extra}")
        lines.extend(f'Requires-Dist: {requirement}; extra == "{extra}"' for requirement in requirements)
    lines.append(f"Description: packages {', '.join(names)}")
    return ("\n".join(lines) + "\n").encode()


def _wheel_file() -> bytes:
    return f"Wheel-Version: 1.0\nGenerator: tools/pywheel.py\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode()


def _entry_points(project: Project) -> bytes:
    if not project.scripts:
        return b""
    lines = ["[console_scripts]", *(f"{name} = {target}" for name, target in sorted(project.scripts.items()))]
    return ("\n".join(lines) + "\n").encode()


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _member(path: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(path, date_time=TIMESTAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
    info.create_system = 3  # Unix, whatever the machine that builds
    return info


def _write(project: Project, names: list[str], files: list[tuple[str, bytes]], outdir: Path) -> Path:
    """The wheel of `files` (path inside the wheel, bytes) with its metadata, written into `outdir`."""
    info_dir = f"{project.dist_name}-{project.version}.dist-info"
    members = list(files)
    members.append((f"{info_dir}/METADATA", _metadata(project, names)))
    members.append((f"{info_dir}/WHEEL", _wheel_file()))
    entry_points = _entry_points(project)
    if entry_points:
        members.append((f"{info_dir}/entry_points.txt", entry_points))
    record_path = f"{info_dir}/RECORD"
    record = "\n".join([*(_record_line(path, data) for path, data in members), f"{record_path},,"]) + "\n"
    members.append((record_path, record.encode()))

    outdir.mkdir(parents=True, exist_ok=True)
    target = outdir / project.wheel_name
    with zipfile.ZipFile(target, "w") as archive:
        for path, data in members:
            archive.writestr(_member(path), data, compresslevel=9)
    return target


def _names(*sources: Path) -> list[str]:
    names = sorted(name for src in sources for name in packages(src))
    if not names:
        raise SystemExit(f"[wheel] no package (a folder with __init__.py) in {sources[0]}")
    return names


def build_wheel(src: Path, pyproject: Path, outdir: Path, extra: tuple[Path, ...] = ()) -> Path:
    """Write the wheel of every package of `src` (and of each folder of `extra`) into `outdir` and return
    its path."""
    return _write(Project.read(pyproject), _names(src, *extra), package_files(src, *extra), outdir)


def build_editable_wheel(src: Path, pyproject: Path, outdir: Path) -> Path:
    """An editable wheel: a `.pth` file that puts `src` on `sys.path`, so every package there (a new one
    too) imports from the work tree."""
    project = Project.read(pyproject)
    pth = (f"{project.dist_name}.pth", f"{src.resolve()}\n".encode())
    return _write(project, _names(src), [pth], outdir)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python3 tools/pywheel.py OUT_DIR", file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parent.parent
    print(build_wheel(root / "src", root / "pyproject.toml", Path(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
