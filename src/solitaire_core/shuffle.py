"""The deal shuffle every game uses: a fixed, documented shuffle that gives the same deal everywhere, forever.

`random.shuffle` is not used because its algorithm is an implementation detail of CPython. Instead:

1. SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014), seeded
   with the deal number, gives a stream of 64-bit words. Each step adds the golden-ratio increment
   `0x9E3779B97F4A7C15` to the state, then mixes the state with two xor-shift-multiply rounds.
2. Fisher-Yates: for `i` from 51 down to 1, swap card `i` with card `j`, `j` uniform in `0..i`. The bounded
   draw is unbiased by rejection: words at or above the largest multiple of `i + 1` below 2**64 are thrown
   away and redrawn, then `j = word % (i + 1)`.
3. The starting order is the ordered deck (clubs A-K, then diamonds, hearts, spades); each game reads the
   shuffled order straight into its own deal notation (index 0-27 its table, 28-51 its stock, say).

Changing any of this changes every deal ID ever shared: the golden tests in `tests/test_dealid.py` and
`tests/test_solitaire_core.py` guard it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def splitmix64(seed: int) -> Iterator[int]:
    """An endless stream of 64-bit words from `seed` (any integer, taken modulo 2**64)."""
    state = seed & _MASK64
    while True:
        state = (state + _GOLDEN) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def bounded(words: Iterator[int], n: int) -> int:
    """A uniform integer in `0..n-1` taken from `words`, without modulo bias."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        word = next(words)
        if word < limit:
            return word % n


def shuffled_indexes(seed: int, size: int = 52) -> list[int]:
    """The permutation of `0..size-1` that deal `seed` uses."""
    order = list(range(size))
    words = splitmix64(seed)
    for i in range(size - 1, 0, -1):
        j = bounded(words, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def sample_numbers(count: int, seed: int, salt: int, limit: int) -> Iterator[int]:
    """`count` numbers in `0..limit-1` drawn from SplitMix64 seeded with `seed ^ salt`: the deals a game's
    `autoplay` and `stats` commands sample (each game has its own `salt`, so seed 0 is not the same deals)."""
    words = splitmix64(seed ^ salt)
    for _ in range(count):
        yield bounded(words, limit)
