"""Headless Chromium for the page benchmarks, launched as the page tests launch it (tools/localsite.py), and
the machine line of a browser run. The site they serve is `harness.site`."""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import localsite
from localsite import CHROMIUM
from playwright.sync_api import Browser, sync_playwright

from harness.runs import cpu_name
from harness.site import COMPRESSED_TYPES, DIST, PAGES_CACHE, SITE, require, serve

__all__ = ["COMPRESSED_TYPES", "DIST", "PAGES_CACHE", "SITE", "chromium", "machine", "require", "serve"]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium with the page tests' launch options, closed at the end."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**localsite.launch_options())
        try:
            yield browser
        finally:
            browser.close()


def machine() -> str:
    """The machine, Chromium's version and the load average now, for a browser run's figures."""
    version = "Chromium"
    if CHROMIUM.exists():
        completed = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True, check=False)
        version = completed.stdout.strip().splitlines()[-1] if completed.stdout.strip() else version
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{platform.machine()}, {os.cpu_count()} cores ({cpu_name()}), {version} headless, "
        f"shared with other work (load average {load:.1f} at the end of the run)"
    )
