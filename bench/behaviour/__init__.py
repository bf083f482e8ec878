"""What computer seats do in whole games, from the events (issue #24.3).

Each game has ``bench/behaviour/<game>.py`` with ``metrics(engine, steps, result)``: from the steps
of one finished game, one dict of named numbers per seat (Bombay: fortune-only turns, action
points unused, bales sold...; see #24.3 for every game's list). ``bench/ai_behaviour.py`` plays
games between seat kinds and summarises the numbers per kind.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.ai.arena import GameRecord, Task, play_game
from engines.base import Engine, Result


@dataclass(frozen=True)
class Step:
    """One step of a recorded game: a seat's move, or a chance node's outcome."""

    #: the seat that moved; ``None`` for a chance step (a draw, a roll)
    seat: int | None
    #: the canonical move text (or the chance outcome's)
    move: str
    #: the events ``engine.apply`` returned for it
    events: list[Any]
    before: Any
    after: Any


#: A game's metrics: one dict of named numbers per seat, from a finished game's steps.
Metrics = Callable[[Engine[Any, Any], list[Step], Result], list[dict[str, float]]]


def metrics_for(game_id: str) -> Metrics:
    """The game's ``metrics`` (``bench/behaviour/<game_id>.py``); ``LookupError`` if none."""
    try:
        module = importlib.import_module(f"bench.behaviour.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"bench.behaviour.{game_id}":
            raise
        raise LookupError(f"{game_id} has no behaviour metrics yet") from exc
    found: Metrics = module.metrics
    return found


def recorded_game(task: Task) -> tuple[GameRecord, list[dict[str, float]]]:
    """One arena game (``engines.ai.arena.Task``), its steps recorded and measured by the game's
    ``metrics``. Runs in a worker process: only the record and the numbers come back."""
    import engines

    game, players, kinds, seed, seconds, iterations, options = task
    engine = engines.get(game)
    steps: list[Step] = []

    def keep(seat: int | None, move: str, events: list[Any], before: Any, after: Any) -> None:
        steps.append(Step(seat, move, events, before, after))

    record = play_game(
        engine,
        players,
        kinds,
        seed,
        seconds=seconds,
        iterations=iterations,
        options=options,
        on_step=keep,
    )
    result = engine.result(steps[-1].after)
    assert result is not None, "a finished game has a result"
    return record, metrics_for(game)(engine, steps, result)


def by_kind(
    games: list[tuple[GameRecord, list[dict[str, float]]]],
) -> dict[str, dict[str, dict[str, float]]]:
    """Per seat kind and metric: the median, mean and count over every seat of that kind in
    every game (a metric a seat's dict lacks is not counted for it)."""
    values: dict[str, dict[str, list[float]]] = {}
    for record, per_seat in games:
        for kind, numbers in zip(record.kinds, per_seat, strict=True):
            mine = values.setdefault(kind, {})
            for name, value in numbers.items():
                mine.setdefault(name, []).append(float(value))
    return {
        kind: {name: _stats(found) for name, found in sorted(metrics.items())}
        for kind, metrics in sorted(values.items())
    }


def _stats(found: list[float]) -> dict[str, float]:
    ordered = sorted(found)
    n = len(ordered)
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {"median": round(middle, 3), "mean": round(sum(ordered) / n, 3), "n": n}


def table(summary: Mapping[str, Mapping[str, Mapping[str, float]]]) -> list[str]:
    """``by_kind``'s numbers as text lines: one line per metric, median and mean per kind."""
    kinds = list(summary)
    names = sorted({name for metrics in summary.values() for name in metrics})
    width = max((len(n) for n in names), default=6)
    head = f"{'metric':<{width}}  " + "  ".join(f"{k + ' median':>16} {'mean':>8}" for k in kinds)
    lines = [head]
    for name in names:
        cells = []
        for kind in kinds:
            stats = summary[kind].get(name)
            cells.append(
                f"{stats['median']:>16g} {stats['mean']:>8g}" if stats else f"{'-':>16} {'-':>8}"
            )
        lines.append(f"{name:<{width}}  " + "  ".join(cells))
    return lines
