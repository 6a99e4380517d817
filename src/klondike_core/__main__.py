"""`python -m klondike_core`: the command line."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
