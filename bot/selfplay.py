"""Random legal games to the end, for testing and profiling (``turnpost selfplay``)."""

from __future__ import annotations

import time
import traceback
from typing import Any

import engines
from engines.randomplay import random_game


def selfplay(
    game: str,
    *,
    players: int | None = None,
    games: int = 10,
    seed: int = 0,
    options: dict[str, str] | None = None,
    verbose: bool = False,
) -> dict[str, Any]:
    """Play ``games`` random games (player counts cycle over the range unless ``players`` is
    given) and return a summary: game, games, finished, errors, actions, seconds."""
    engine = engines.get(game)
    meta = engine.meta
    counts = [players] if players else list(range(meta.min_players, meta.max_players + 1))
    finished = errors = actions = 0
    start = time.perf_counter()
    for i in range(games):
        n = counts[i % len(counts)]
        try:
            state, log = random_game(engine, n, options, seed=seed + i)
            actions += len(log)
            if engine.result(state) is not None:
                finished += 1
        except Exception:  # a crash in one game is reported, not fatal to the run
            errors += 1
            if verbose:
                traceback.print_exc()
    return {
        "game": game,
        "games": games,
        "finished": finished,
        "errors": errors,
        "actions": actions,
        "seconds": round(time.perf_counter() - start, 3),
    }
