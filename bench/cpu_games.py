"""Full random games per second of CPU time, printed as JSON: ``python -m bench.cpu_games imhotep``.

``turnpost bench`` times games by the wall clock, which on a shared machine measures the other
processes too (a 2-core machine running a test suite beside it halves the figure). This counts
only this process's CPU time (``time.process_time``), best of three rounds of the same games at the
game's largest player count, so a change can be compared with the one before it on a busy machine:
run it on both checkouts (``PYTHONPATH=<checkout> python -m bench.cpu_games <game>``).
"""

from __future__ import annotations

import argparse
import json
import time

import engines
from engines.randomplay import random_game


def games_per_cpu_second(game: str, games: int = 40, rounds: int = 3, seed: int = 1000) -> float:
    """Full random games of ``game`` per CPU second, best of ``rounds`` runs of ``games`` games."""
    engine = engines.get(game)
    players = engine.meta.max_players
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        for g in range(games):
            random_game(engine, players, seed=seed + g)
        best = max(best, games / (time.process_time() - start))
    return best


def main() -> None:
    """Print ``{"game": ..., "games_per_cpu_second": ...}`` for each game named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--count", type=int, default=40, help="games per round")
    args = parser.parse_args()
    for game in args.games:
        rate = games_per_cpu_second(game, args.count)
        print(json.dumps({"game": game, "games_per_cpu_second": round(rate, 1)}))


if __name__ == "__main__":
    main()
