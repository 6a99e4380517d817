"""The built site the page and Pyodide benchmarks measure: which build they serve, the local server with
GitHub Pages' cache header (tools/localsite.py, as the page tests), and the engine wheel the build ships.

They serve the test build beside the site (build.py writes both): the benchmarks read the worker's `trace`
hook, which the site that ships does not obey. Apart from js/hooks.js the two builds are the same files.
`SITE_DIST` names another site folder, as it does for build.py. Standard library only (no playwright), so
the Pyodide benchmark can use it too.
"""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import AbstractContextManager
from pathlib import Path

import localsite
import pywheel

from harness import ROOT

SITE = Path(os.environ.get("SITE_DIST", ROOT / "dist")).resolve()  # as build.py
DIST = SITE.with_name(f"{SITE.name}-test")
PAGES_CACHE = "max-age=600"  # the Cache-Control header GitHub Pages sends
COMPRESSED_TYPES = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm", "/")
"""What a static host (GitHub Pages) compresses on the way: text, JSON, JavaScript and the wasm runtime; not
the files that are already compressed (zip, wheel, png, the .gz snapshot)."""


def require(folder: Path, name: str, what: str = "is not built") -> None:
    """Stop the run when `folder / name` is missing: the build is needed first."""
    if not (folder / name).exists():
        raise SystemExit(f"{folder.name}/ {what}: run `python3 build.py build`")


def serve(folder: Path = DIST) -> AbstractContextManager[str]:
    """`folder` on a free local port with GitHub Pages' cache header (localsite.serve); yields the origin."""
    served: AbstractContextManager[str] = localsite.serve(folder, cache_control=PAGES_CACHE)
    return served


def engine_wheel(dist: Path, folder: Path) -> Path:
    """The wheel `dist`/config.json names, checked against its sha256 and against a fresh build of src/ in
    `folder` (a stale build is refused: its figures would not be those of this code)."""
    config_file = dist / "config.json"
    if not config_file.exists():
        raise SystemExit(f"{config_file} is missing: run `SITE_DIST={dist} python3 build.py build` first")
    config = json.loads(config_file.read_text(encoding="utf-8"))
    wheel = dist / str(config["wheel"])
    sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if sha256 != config["wheel_sha256"]:
        raise SystemExit(f"{wheel} does not match the sha256 in config.json")
    fresh = pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", folder)
    if hashlib.sha256(fresh.read_bytes()).hexdigest() != sha256:
        raise SystemExit(f"{wheel} is not built from the current src/: rebuild {dist}")
    return wheel
