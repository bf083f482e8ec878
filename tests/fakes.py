"""Test doubles shared by the service and Discord tests."""

from __future__ import annotations


class FakeClock:
    """A clock the test moves by hand (Unix seconds)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
