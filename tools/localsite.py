"""A built site (dist/ or a copy) on 127.0.0.1, and the Chromium that visits it.

One implementation for `build.py serve`, the page tests (tests/browser/) and the browser benchmarks
(benchmarks/browser*_bench.py), so they serve the same content types and launch the same browser:

- `CONTENT_TYPES`: what GitHub Pages sends for the page's files (`.mjs` as JavaScript, `.wasm` for
  streaming compilation, the manifest, wheels);
- `SiteHandler`: static files with those types, an optional `Cache-Control` header, quiet by default;
- `make_server()` / `serve()`: a threaded server on a port (0: a free one), in the foreground or as a
  context manager that yields the origin (`http://127.0.0.1:PORT`, no trailing slash);
- `launch_options()`: Playwright launch options, the system Chromium when present (toolchain.md) with
  flags that keep it quiet and make any request to another host fail at once.

Standard library only (build.py imports it before the environment is set up). tools/ is not a package:
callers put this folder on `sys.path`.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Every host but the local server resolves to nothing: a stray request to a CDN fails at once.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the page's content types; `cache_control` (when set) on every answer."""

    extensions_map = {  # noqa: RUF012 - same shape as the base class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **CONTENT_TYPES,
    }

    def __init__(
        self,
        *args: Any,  # noqa: ANN401 - request, address, server: passed on as they are
        cache_control: str | None = None,
        quiet: bool = True,
        **kwargs: Any,  # noqa: ANN401 - directory=
    ) -> None:
        self.cache_control = cache_control
        self.quiet = quiet
        super().__init__(*args, **kwargs)  # this handles the request: set the attributes first

    def end_headers(self) -> None:
        if self.cache_control is not None:
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path, *, host: str = HOST, port: int = 0, cache_control: str | None = None, quiet: bool = True
) -> http.server.ThreadingHTTPServer:
    """A server of `directory` on `host:port` (port 0: a free one), not started yet."""
    handler = functools.partial(
        SiteHandler, directory=str(directory), cache_control=cache_control, quiet=quiet
    )
    return http.server.ThreadingHTTPServer((host, port), handler)


@contextmanager
def serve(directory: Path, *, cache_control: str | None = None) -> Iterator[str]:
    """Serve `directory` on a free local port in a background thread; yields the origin."""
    httpd = make_server(directory, cache_control=cache_control)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def launch_options() -> dict[str, Any]:
    """Playwright launch options: the system Chromium when present, with CHROMIUM_ARGS."""
    launch: dict[str, Any] = {"args": list(CHROMIUM_ARGS)}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    return launch
