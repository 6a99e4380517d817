"""Which deals a benchmark plays: each game's sample (the deals its `autoplay` and `stats` commands use, so
a run is reproducible and comparable with theirs). The games are the registry's (`solitaire_core.registry`),
each game's sample its `<package>.cli.sample_deal_numbers`, so this module names no game."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

from solitaire_core import registry

GAMES = tuple(entry.id for entry in registry.games())


def _sampler(game: str) -> Callable[[int, int], Iterator[int]]:
    """`sample_deal_numbers` of `game`'s command line (imported on first use)."""
    sampler: Callable[[int, int], Iterator[int]] = importlib.import_module(
        f"{registry.game(game).package}.cli"
    ).sample_deal_numbers
    return sampler


def numbers(game: str, count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers of `game` drawn from `seed` as they are needed (a stream of candidates when
    `count` is large): `<game>_core.cli.sample_deal_numbers`."""
    return _sampler(game)(count, seed)


def sample(game: str, count: int, seed: int) -> list[int]:
    """The list of the `count` deal numbers of `game` drawn from `seed` (`numbers`)."""
    return list(numbers(game, count, seed))
