"""What computer seats do in whole games, from the events (issue #24.3).

Each game has ``engines/ai/behaviour/<game>.py`` with ``metrics(engine, steps, result)``: from the
steps of one finished game, one dict of named numbers per seat (Bombay: fortune-only turns, action
points unused, bales sold...; see #24.3 for every game's list). ``turnpost arena ... --report
behaviour`` and ``bench/ai_behaviour.py`` play games between seat kinds
(``engines.ai.arena.recorded_game``) and summarise the numbers per kind (``by_kind``, ``table``).
The metrics live in the installed package, not under ``bench/``, so the command works wherever
Turnpost is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.base import Engine, Result

if TYPE_CHECKING:
    from engines.ai.arena import GameRecord


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
    """The game's ``metrics`` (``engines/ai/behaviour/<game_id>.py``); ``LookupError`` if
    none."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        raise LookupError(f"{game_id} has no behaviour metrics yet") from exc
    found: Metrics = module.metrics
    return found


def by_kind(
    games: Sequence[tuple[GameRecord, list[dict[str, float]]]],
) -> dict[str, dict[str, dict[str, float]]]:
    """Per seat kind and metric: the median, mean and count over every seat of that kind in
    every game (a metric a seat's dict lacks is not counted for it)."""
    return _grouped(games, lambda record, seat: record.kinds[seat])


def by_seat(
    games: Sequence[tuple[GameRecord, list[dict[str, float]]]],
) -> dict[str, dict[str, dict[str, float]]]:
    """Per seat at the table (``seat 1`` moves first) and metric: the median, mean and count
    over every game, whatever kind sat there (in self-play, what the seat order does)."""
    return _grouped(games, lambda record, seat: f"seat {seat + 1}")


def _grouped(
    games: Sequence[tuple[GameRecord, list[dict[str, float]]]],
    group: Callable[[GameRecord, int], str],
) -> dict[str, dict[str, dict[str, float]]]:
    values: dict[str, dict[str, list[float]]] = {}
    for record, per_seat in games:
        for seat, numbers in enumerate(per_seat):
            mine = values.setdefault(group(record, seat), {})
            for name, value in numbers.items():
                mine.setdefault(name, []).append(float(value))
    return {
        key: {name: _stats(found) for name, found in sorted(metrics.items())}
        for key, metrics in sorted(values.items())
    }


def _stats(found: list[float]) -> dict[str, float]:
    ordered = sorted(found)
    n = len(ordered)
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {"median": round(middle, 3), "mean": round(sum(ordered) / n, 3), "n": n}


def table(summary: Mapping[str, Mapping[str, Mapping[str, float]]]) -> list[str]:
    """``by_kind``'s (or ``by_seat``'s) numbers as text lines: one line per metric, median and
    mean per kind (or seat)."""
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
