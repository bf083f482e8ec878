"""What a view costs, printed as JSON: ``python -m bench.views [--games N] [game ...]``.

Over every position of N random 4-player games (seeds 1..N, default options), the median
microseconds of ``engine.view(state, None)`` (the public view: the service builds one per move for
its board mark, and one per board drawn), of ``engine.view(state, 0)`` (a seat's, for "my hand")
and of ``kit.plain`` of the public view (its JSON: the export, the log's marks). Best of two
passes, so a first pass that fills a view's shared parts is not counted against it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import engines
from engines.kit import plain
from engines.randomplay import random_play
from engines.rng import Rng


def _median_us(positions: list[Any], fn: Callable[[Any], object]) -> float:
    times = []
    for state in positions:
        start = time.perf_counter()
        fn(state)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def measure(game: str, games: int) -> dict[str, Any]:
    """The median cost of a public view, a seat's view and the public view's JSON for ``game``."""
    engine = engines.get(game)
    players = min(4, engine.meta.max_players)
    positions: list[Any] = []
    for seed in range(1, games + 1):
        start = engine.setup(players, engine.meta.validate_options({}), seed)
        _, steps = random_play(engine, start, Rng(seed))
        positions += [state for state, _, _ in steps]
    cases: dict[str, Callable[[Any], object]] = {
        "view_public_us": lambda s: engine.view(s, None),
        "view_seat_us": lambda s: engine.view(s, 0),
        "plain_public_us": lambda s: plain(engine.view(s, None)),
    }
    out: dict[str, Any] = {"game": game, "positions": len(positions)}
    for name, fn in cases.items():
        out[name] = round(min(_median_us(positions, fn) for _ in range(2)), 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("game", nargs="*", default=[g.id for g in engines.GAMES])
    args = parser.parse_args()
    print(json.dumps([measure(game, args.games) for game in args.game], indent=2))


if __name__ == "__main__":
    main()
