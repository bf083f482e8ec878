"""A small seeded random generator whose whole state is one JSON integer.

Engines keep ``rng`` (an int) inside their state and thread it through: ``r = Rng(state.rng)``,
draw, then store ``r.state`` back. SplitMix64 is tiny, fast and identical on every machine, unlike
``random`` module globals.

The same state gives the same draws, on every machine and after a JSON round trip:

>>> rng = Rng(seed_state(42))
>>> [rng.die() for _ in range(5)]
[3, 4, 3, 3, 6]
>>> again = Rng(seed_state(42))
>>> [again.die() for _ in range(5)]
[3, 4, 3, 3, 6]
>>> rng.state == again.state  # the int an engine stores back in its state
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_TWO64 = 1 << 64


class Rng:
    """SplitMix64 (Steele, Lea & Flood 2014)."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _TWO64 - _TWO64 % n
        # ``next64`` written out: this is the hot loop of every random game and search.
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def belows(self, n: int, count: int) -> list[int]:
        """``count`` draws of ``below(n)``, in order: the same numbers as ``count`` calls (a
        rollout move draws a little noise for every placement it compares)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _TWO64 - _TWO64 % n
        out = []
        state = self.state
        for _ in range(count):
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    out.append(x % n)
                    break
        self.state = state
        return out

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, like ``random.randint``."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        """One roll of a die."""
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place (each swap drawn as ``below(i + 1)`` draws it)."""
        # ``below`` written out: a search shuffles every sample's hidden cards.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state


def seed_state(seed: int) -> int:
    """A well-mixed starting state for a user-facing seed."""
    return Rng(seed).next64()
