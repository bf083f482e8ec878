"""Benchmarks behind ``turnpost bench``: engine, renderer and service timings as JSON.

Numbers are medians and 95th percentiles in milliseconds over positions taken from random games,
so they reflect real mid-game states rather than the opening.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import engines
import renderers
from engines.base import Engine
from engines.randomplay import random_action, random_game
from engines.rng import Rng


def _stats(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    return {
        "median_ms": round(statistics.median(samples) * 1000, 4),
        "p95_ms": round(p95 * 1000, 4),
    }


def _timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def positions(
    engine: Engine[Any, Any], players: int, games: int, seed: int
) -> list[tuple[Any, int, str]]:
    """(state, seat, action) from a few random games."""
    out = []
    for g in range(games):
        state = engine.setup(players, engine.meta.validate_options({}), seed + g)
        rng = Rng(seed + g)
        while who := engine.to_act(state):
            seat = who[0]
            text = random_action(engine, state, seat, rng)
            assert text is not None
            out.append((state, seat, text))
            state, _ = engine.play(state, seat, text)
    return out


def bench_engine(game: str, *, games: int = 5, renders: int = 40, seed: int = 1) -> dict[str, Any]:
    """Apply, legal/complete and render timings, PNG size and full random games per second."""
    engine = engines.get(game)
    players = engine.meta.max_players
    pos = positions(engine, players, games, seed)
    step = max(1, len(pos) // 2000)
    sample = pos[::step]
    apply_t = [_timed(lambda s=s, seat=seat, t=t: engine.play(s, seat, t)) for s, seat, t in sample]
    legal_t = [
        _timed(lambda s=s, seat=seat: engine.legal_actions(s, seat)) for s, seat, _ in sample
    ]
    complete_t = [
        _timed(lambda s=s, seat=seat: engine.complete(s, seat, "")) for s, seat, _ in sample
    ]
    renderer = renderers.get(game)
    names = [f"Player {i + 1}" for i in range(players)]
    rstep = max(1, len(pos) // renders)
    render_t: list[float] = []
    sizes: list[int] = []
    for s, _, _ in pos[::rstep][:renders]:
        view = engine.view(s, None)
        view["names"] = names
        t = time.perf_counter()
        png = renderer.render(view)
        render_t.append(time.perf_counter() - t)
        sizes.append(len(png))
    full = []
    for g in range(max(3, games)):
        t = time.perf_counter()
        random_game(engine, players, seed=seed + 1000 + g)
        full.append(time.perf_counter() - t)
    return {
        "game": game,
        "players": players,
        "positions": len(sample),
        "apply": _stats(apply_t),
        "legal": _stats(legal_t),
        "complete": _stats(complete_t),
        "render": _stats(render_t),
        "png_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "full_game": _stats(full),
        "games_per_second": round(len(full) / sum(full), 2),
    }
