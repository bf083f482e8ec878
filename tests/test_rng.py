"""The seeded generator every game and search draws from (``engines.rng``)."""

from __future__ import annotations

import pytest

from engines.rng import Rng, seed_state


@pytest.mark.parametrize("n", [1, 2, 6, 7, 1024, 3**40])
def test_belows_draws_what_as_many_belows_draw(n: int) -> None:
    """``belows(n, k)`` is ``k`` calls of ``below(n)``: the same numbers, and the generator
    left where they leave it (a rollout's noise drawn at once must not change a search)."""
    one, many = Rng(seed_state(7)), Rng(seed_state(7))
    assert many.belows(n, 25) == [one.below(n) for _ in range(25)]
    assert many.next64() == one.next64()
    assert many.belows(n, 0) == []


def test_belows_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(1).belows(0, 3)
