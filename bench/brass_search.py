"""Brass search iterations per CPU second at a fixed set of positions (#24.8).

``python -m bench.brass_search`` plays seeded random 4-player games of the full game, keeps every
``--every``-th position where a player decides (``--positions`` of them, both eras), and runs the
``normal`` search (``engines.ai.search.search``) there for ``--iterations`` iterations, each
position with its own fixed generator. It prints the iterations per CPU second
(``time.process_time``, best of ``--rounds``), so two checkouts can be compared on a busy machine
(``PYTHONPATH=<checkout> python -m bench.brass_search``). ``--profile`` prints where one round's
time goes instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
from typing import Any

import engines
from engines.ai.knowledge import knowledge_for
from engines.ai.search import search
from engines.base import CHANCE
from engines.randomplay import random_action
from engines.rng import Rng, seed_state


def positions(count: int, every: int, seed: int = 24) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to move) from seeded random 4-player full games, one
    every ``every`` player moves."""
    engine = engines.get("brass")
    out: list[tuple[Any, int]] = []
    game = 0
    while len(out) < count:
        state = engine.setup(4, {"mode": "full"}, seed + game)
        rng = Rng(seed_state(seed + game))
        moves = 0
        while len(out) < count:
            who = engine.to_act(state)
            if who == [CHANCE]:
                state, _ = engine.settle(state)
                continue
            if not who:
                break
            seat = who[0]
            if moves % every == every - 1:
                out.append((state, seat))
            move = random_action(engine, state, seat, rng)
            assert move is not None
            state, _ = engine.play(state, seat, move)
            moves += 1
        game += 1
    return out


def run(fixed: list[tuple[Any, int]], iterations: int) -> None:
    """One search per position, ``iterations`` each."""
    engine = engines.get("brass")
    knowledge = knowledge_for(engine)
    for i, (state, seat) in enumerate(fixed):
        search(engine, knowledge, state, seat, Rng(seed_state(i)), iterations=iterations)


def iterations_per_second(fixed: list[tuple[Any, int]], iterations: int, rounds: int) -> float:
    """Search iterations per CPU second over the fixed positions, best of ``rounds``."""
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        run(fixed, iterations)
        best = max(best, len(fixed) * iterations / (time.process_time() - start))
    return best


def main() -> None:
    """Print ``{"iterations_per_cpu_second": ...}`` with the run's parameters."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--every", type=int, default=17, help="keep every N-th position")
    parser.add_argument("--iterations", type=int, default=60, help="search iterations each")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print a profile of one round")
    args = parser.parse_args()
    fixed = positions(args.positions, args.every)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, fixed, args.iterations)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        return
    rate = iterations_per_second(fixed, args.iterations, args.rounds)
    row = {"iterations_per_cpu_second": round(rate, 1), **vars(args)}
    print(json.dumps(row))


if __name__ == "__main__":
    main()
