"""Lighthouse (mobile preset) on every game page of the site as it ships (dist/), served on localhost.

    .venv/bin/python benchmarks/lighthouse_bench.py [--runs 3] [--lighthouse PATH] [--write]

Needs a built dist/ (`python3 build.py build`) and Lighthouse, pinned in package.json (devDependencies,
12.2.3, which runs on Node 20): `npm ci` puts it in node_modules/.bin/lighthouse (`--lighthouse` or
$LIGHTHOUSE name another copy of the same version). dist/ is served on a free local port as GitHub Pages
serves it: `Cache-Control: max-age=600`, and text, JSON, JavaScript and wasm gzipped on the way
(harness.browser.COMPRESSED_TYPES; `--no-gzip` sends every file as it is). Chrome is $CHROME_PATH, else
/usr/bin/chromium (Debian's), headless.

Lighthouse's default settings are its mobile preset: a Moto G Power-sized screen, simulated slow 4G and a 4x
slower CPU (Lantern's simulation from one real load), storage cleared first (a first visit). For each page,
the median over `--runs` runs of: the performance score, LCP, CLS, TBT, the accessibility score, and the bytes
the load transferred. Targets (issue 21): performance ≥ 0.95, LCP ≤ 2.5 s, CLS ≤ 0.05, accessibility 1.00.

`--write` puts the table between the `lighthouse:start` / `lighthouse:end` markers of docs/PERFORMANCE.md.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import harness
import localsite
from harness.browser import COMPRESSED_TYPES, PAGES_CACHE, SITE, machine, require
from harness.docs import stamp, write_block, writing_arguments

PAGES = (("TriPeaks", ""), ("Pyramid", "pyramid.html"), ("Klondike", "klondike.html"))
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"


def lighthouse_command(explicit: str | None) -> list[str]:
    """How to run the pinned Lighthouse: `--lighthouse`, $LIGHTHOUSE, or node_modules/.bin/lighthouse."""
    default = str(harness.ROOT / "node_modules" / ".bin" / "lighthouse")
    for candidate in (explicit, os.environ.get("LIGHTHOUSE"), default):
        if candidate and Path(candidate).exists():
            return [candidate]
    raise SystemExit("Lighthouse is not installed: `npm ci` (package.json pins it), or --lighthouse PATH")


def run_once(command: list[str], url: str, chrome: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        completed = subprocess.run(
            [*command, url, "--output=json", f"--output-path={report}", "--quiet",
             "--only-categories=performance,accessibility", f"--chrome-flags={CHROME_FLAGS}"],
            env={**os.environ, "CHROME_PATH": chrome},
            capture_output=True, text=True, check=False, timeout=600,
        )
        if completed.returncode != 0 or not report.exists():
            raise RuntimeError(f"lighthouse failed on {url}: {completed.stderr.strip()[-2000:]}")
        data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    if data.get("runtimeError"):
        raise RuntimeError(f"lighthouse: {data['runtimeError']}")
    return {
        "performance": data["categories"]["performance"]["score"],
        "accessibility": data["categories"]["accessibility"]["score"],
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
        "fcp_ms": audits["first-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
    }


def version(command: list[str]) -> str:
    completed = subprocess.run([*command, "--version"], capture_output=True, text=True, check=False)
    return completed.stdout.strip() or "unknown"


def markdown(results: dict[str, dict[str, float]], command: str, lighthouse: str, runs: int) -> str:
    lines = [
        f"Command: `{command}` — {stamp()}, "
        f"Lighthouse {lighthouse} (mobile preset: simulated slow 4G, 4x CPU slowdown), {machine()}; "
        f"medians of {runs} runs per page.",
        "",
        "| page | performance | LCP (s) | CLS | TBT (ms) | FCP (s) | accessibility | bytes transferred |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, figures in results.items():
        lines.append(
            f"| {name} | {figures['performance']:.2f} | {figures['lcp_ms'] / 1000:.2f} "
            f"| {figures['cls']:.3f} | {figures['tbt_ms']:.0f} | {figures['fcp_ms'] / 1000:.2f} "
            f"| {figures['accessibility']:.2f} "
            f"| {figures['bytes'] / 1e6:.1f} MB |"
        )
    lines += ["", "Targets: performance ≥ 0.95, LCP ≤ 2.5 s, CLS ≤ 0.05, accessibility 1.00 on every page. "
              "Bytes: Lighthouse's total byte weight of the load, the service worker's precache included."]
    return "\n".join(lines)


class GzipHandler(localsite.SiteHandler):
    """dist/ as a host that compresses sends it: the files of COMPRESSED_TYPES gzipped when the browser
    accepts it."""

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and file.is_file() and (path.endswith(COMPRESSED_TYPES) or path.endswith("/"))):
            super().do_GET()
            return
        body = gzip.compress(file.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve_site(compress: bool) -> Iterator[str]:
    if not compress:
        with localsite.serve(SITE, cache_control=PAGES_CACHE) as origin:
            yield origin
        return
    handler = functools.partial(GzipHandler, directory=str(SITE), cache_control=PAGES_CACHE)
    httpd = http.server.ThreadingHTTPServer((localsite.HOST, 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://{localsite.HOST}:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lighthouse", default=None, help="lighthouse executable (default: node_modules)")
    parser.add_argument("--no-gzip", action="store_true", help="send every file as it is (no compression)")
    args = parser.parse_args()
    require(SITE, "config.json")
    command = lighthouse_command(args.lighthouse)
    chrome = os.environ.get("CHROME_PATH") or shutil.which("chromium") or str(localsite.CHROMIUM)
    results: dict[str, dict[str, float]] = {}
    with serve_site(not args.no_gzip) as base:
        for name, path in PAGES:
            runs = [run_once(command, f"{base}/{path}", chrome) for _ in range(args.runs)]
            results[name] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            print(name, json.dumps(runs), flush=True)
    options = f"--runs {args.runs}" + (" --no-gzip" if args.no_gzip else "")
    text = markdown(results, f".venv/bin/python benchmarks/lighthouse_bench.py {options}",
                    version(command), args.runs)
    print(text)
    if args.write:
        write_block("lighthouse", text)


if __name__ == "__main__":
    main()
