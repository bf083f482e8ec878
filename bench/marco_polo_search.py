"""Marco Polo search iterations per CPU second at a fixed set of positions (#24.8).

``python -m bench.marco_polo_search`` plays seeded random 4-player games (basic and advanced
set-up), keeps every ``--every``-th position where a seat is to move (``--positions`` of them), and
runs the ``normal`` search (``engines.ai.search.search``) there for ``--iterations`` iterations,
each position with its own fixed generator. It prints the iterations per CPU second
(``time.process_time``, best of ``--rounds``), so two checkouts can be compared on a busy machine
(``PYTHONPATH=<checkout> python -m bench.marco_polo_search``). ``--v1-search`` runs the frozen
reference's search (``engines.ai.v1``, one command per tree edge) instead of today's whole-turn
search, ``--v1-knowledge`` the reference's Marco Polo knowledge (its evaluation, and its moves
listed token by token through ``complete``) instead of today's: the same search with either
knowledge compares what the knowledge costs per iteration.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import engines
from engines.ai.knowledge import knowledge_for
from engines.ai.search import search
from engines.base import CHANCE
from engines.randomplay import random_action
from engines.rng import Rng, seed_state


def positions(count: int, every: int, seed: int = 24) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to move) from seeded random games, one every ``every``
    player moves, alternating the basic and the advanced set-up."""
    engine = engines.get("marco_polo")
    out: list[tuple[Any, int]] = []
    game = 0
    while len(out) < count:
        setup = "advanced" if game % 2 else "basic"
        state = engine.setup(4, {"setup": setup}, seed + game)
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
            if moves % every == every - 1 and state.phase == "play":
                out.append((state, seat))
            move = random_action(engine, state, seat, rng)
            assert move is not None
            state, _ = engine.play(state, seat, move)
            moves += 1
        game += 1
    return out


def iterations_per_second(
    count: int,
    every: int,
    iterations: int,
    rounds: int,
    v1_search: bool = False,
    v1_knowledge: bool = False,
) -> float:
    """Search iterations per CPU second over the fixed positions, best of ``rounds``."""
    from engines.ai.v1.marco_polo import KNOWLEDGE as V1_KNOWLEDGE
    from engines.ai.v1.search import search as v1_run

    engine = engines.get("marco_polo")
    knowledge: Any = V1_KNOWLEDGE if v1_knowledge else knowledge_for(engine)
    run: Any = v1_run if v1_search else search
    fixed = positions(count, every)
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        for i, (state, seat) in enumerate(fixed):
            run(engine, knowledge, state, seat, Rng(seed_state(i)), iterations=iterations)
        best = max(best, count * iterations / (time.process_time() - start))
    return best


def main() -> None:
    """Print ``{"iterations_per_cpu_second": ...}`` with the run's parameters."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--every", type=int, default=23, help="keep every N-th position")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations each")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--v1-search", action="store_true", help="the frozen reference's search")
    parser.add_argument(
        "--v1-knowledge", action="store_true", help="the frozen reference's Marco Polo knowledge"
    )
    args = parser.parse_args()
    rate = iterations_per_second(
        args.positions,
        args.every,
        args.iterations,
        args.rounds,
        args.v1_search,
        args.v1_knowledge,
    )
    row = {"iterations_per_cpu_second": round(rate, 1), **vars(args)}
    print(json.dumps(row))


if __name__ == "__main__":
    main()
