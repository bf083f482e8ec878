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


def games_per_cpu_second(
    game: str,
    games: int = 40,
    rounds: int = 3,
    seed: int = 1000,
    options: dict[str, str] | None = None,
) -> float:
    """Full random games of ``game`` per CPU second, best of ``rounds`` runs of ``games`` games
    (with game ``options``, e.g. Brass's ``mode=intro``)."""
    engine = engines.get(game)
    players = engine.meta.max_players
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        for g in range(games):
            random_game(engine, players, options, seed=seed + g)
        best = max(best, games / (time.process_time() - start))
    return best


def main() -> None:
    """Print ``{"game": ..., "games_per_cpu_second": ...}`` for each game named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--count", type=int, default=40, help="games per round")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. --option mode=intro for Brass's introductory game",
    )
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option) or None
    for game in args.games:
        rate = games_per_cpu_second(game, args.count, options=options)
        row: dict[str, object] = {"game": game, "games_per_cpu_second": round(rate, 1)}
        if options:
            row["options"] = options
        print(json.dumps(row))


if __name__ == "__main__":
    main()
