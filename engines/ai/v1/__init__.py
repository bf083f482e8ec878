"""The frozen reference level ``v1``: the computer player as it was at commit 26d3b23.

Issue #24 rebuilds the computer player; to measure the new one honestly it plays against the old
one, unchanged. These modules are copies of that commit's search (``search``), its value helpers
(``knowledge``) and each game's knowledge (``bombay``, ``brass``, ``imhotep``, ``marco_polo``),
importing only engine rules and each other, never ``engines.ai`` or ``engines/<game>/ai.py``.
``v1`` is a seat kind of ``turnpost arena`` only; people never meet it in a lobby.
"""

from __future__ import annotations

from typing import Any

from engines.ai.v1.knowledge import knowledge_for
from engines.ai.v1.search import search as _search
from engines.base import Engine
from engines.rng import Rng


def choose(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
) -> tuple[str, float]:
    """The move ``v1`` (commit 26d3b23's ``normal``) makes, with its estimated chance to win."""
    best = _search(
        engine, knowledge_for(engine), state, seat, rng, seconds=seconds, iterations=iterations
    )
    return best[0].move, best[0].value
