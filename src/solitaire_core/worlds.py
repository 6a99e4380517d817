"""The random worlds a hint samples: the cards the player has not seen, shuffled into their unknown places,
drawn the same way in every game (each game's `rollout.Worlds` says where the shuffled cards go).

The draw must not depend on anything but the view, so the hint is a function of what the player sees: the
generator is seeded from the view's canonical text (its sha256), and the shuffle is Fisher-Yates on the
floats of `random.random()`, the one output of Python's generator that its documentation keeps stable across
versions (`random.shuffle` and `randrange` are not).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def text_seed(text: str) -> int:
    """A 64-bit seed from a view's canonical text: the first 8 bytes of its sha256, big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def seeded_floats(seed: int) -> Callable[[], float]:
    """The `random()` of a generator seeded with `seed`: the source of `shuffled`."""
    return random.Random(seed).random


def shuffled(items: Sequence[T], rnd: Callable[[], float]) -> list[T]:
    """A copy of `items` in an order drawn from `rnd` (Fisher-Yates, from the last place down)."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order
