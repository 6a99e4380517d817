"""Work in steps (generators run at once or in slices): shared by every game, see `solitaire_core.steps`."""

from __future__ import annotations

from solitaire_core.steps import SlicedJob, Steps, finish, run_for

__all__ = ["SlicedJob", "Steps", "finish", "run_for"]
