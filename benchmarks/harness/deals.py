"""Which deals a benchmark plays: each game's sample (the deals its `autoplay` and `stats` commands use, so
a run is reproducible and comparable with theirs) and the start of a Klondike deal by number."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from klondike_core.cli import sample_deal_numbers as klondike_sample
from klondike_core.position import Position
from pyramid_core.cli import sample_deal_numbers as pyramid_sample
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes
from tripeaks_core.cli import sample_deal_numbers as tripeaks_sample

GAMES = ("tripeaks", "pyramid", "klondike")

_SAMPLES: dict[str, Callable[[int, int], Iterator[int]]] = {
    "tripeaks": tripeaks_sample,
    "pyramid": pyramid_sample,
    "klondike": klondike_sample,
}


def numbers(game: str, count: int, seed: int) -> Iterator[int]:
    """`count` deal numbers of `game` drawn from `seed` as they are needed (a stream of candidates when
    `count` is large): `<game>_core.cli.sample_deal_numbers`."""
    return _SAMPLES[game](count, seed)


def sample(game: str, count: int, seed: int) -> list[int]:
    """The list of the `count` deal numbers of `game` drawn from `seed` (`numbers`)."""
    return list(numbers(game, count, seed))


def klondike_start(number: int) -> Position:
    """The start of Klondike deal `number` (`shuffled_indexes(number)` in the deal notation), every card
    shown: the position the Klondike solver and hint benchmarks start from."""
    return Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))
