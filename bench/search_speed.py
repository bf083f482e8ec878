"""Search iterations per CPU second at a fixed set of positions, per game (#24.8).

``python -m bench.search_speed GAME`` plays seeded random 4-player games (Marco Polo: the basic
and the advanced set-up in turn; Brass: the full game, both eras), keeps every ``--every``-th
position where a seat decides (``--positions`` of them; Marco Polo: in play, not in the set-up),
and runs the ``normal`` search (``engines.ai.search.search``) there for ``--iterations``
iterations, each position with its own fixed generator. It prints the iterations per CPU second
(``time.process_time``, best of ``--rounds``) as one JSON line with the run's parameters, so two
checkouts can be compared on a busy machine (``PYTHONPATH=<checkout> python -m
bench.search_speed GAME``). ``--profile`` prints where one round's time goes instead.
``--v1-search`` runs the frozen reference's search (``engines.ai.v1``, one command per tree edge)
instead of today's whole-turn search, ``--v1-knowledge`` the reference's knowledge of the game
(its evaluation and its move lists) instead of today's: the same search with either knowledge
compares what the knowledge costs per iteration. ``--answers FILE`` writes every position's
ranking (turns, visits, values, margins, chances) as JSON instead of timing: a speed change that
keeps the search's answers must leave that file byte for byte the same.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.ai.knowledge import knowledge_for  # noqa: E402
from engines.ai.search import search  # noqa: E402
from engines.base import CHANCE  # noqa: E402
from engines.randomplay import random_action  # noqa: E402
from engines.rng import Rng, seed_state  # noqa: E402

#: Per game: the option sets its games cycle through, and the default ``--every`` and
#: ``--iterations`` (the figures each game's numbers in the commit log were measured with).
GAMES: dict[str, tuple[tuple[dict[str, str], ...], int, int]] = {
    "marco_polo": (({"setup": "basic"}, {"setup": "advanced"}), 23, 100),
    "brass": (({"mode": "full"},), 17, 60),
    "bombay": (({},), 17, 100),
    "imhotep": (({},), 17, 100),
}
#: Games whose positions are kept only in the phase of play (Marco Polo: not its set-up draft).
PLAY_ONLY = frozenset(("marco_polo",))


def positions(game: str, count: int, every: int, seed: int = 24) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to move) from seeded random 4-player games of ``game``,
    one every ``every`` player moves, the games cycling through ``GAMES``' option sets."""
    engine = engines.get(game)
    option_sets = GAMES[game][0]
    out: list[tuple[Any, int]] = []
    played = 0
    while len(out) < count:
        options = engine.meta.validate_options(option_sets[played % len(option_sets)])
        state = engine.setup(4, options, seed + played)
        rng = Rng(seed_state(seed + played))
        moves = 0
        while len(out) < count:
            who = engine.to_act(state)
            if who == [CHANCE]:
                state, _ = engine.settle(state)
                continue
            if not who:
                break
            seat = who[0]
            if moves % every == every - 1 and (game not in PLAY_ONLY or state.phase == "play"):
                out.append((state, seat))
            move = random_action(engine, state, seat, rng)
            assert move is not None
            state, _ = engine.play(state, seat, move)
            moves += 1
        played += 1
    return out


def run(
    game: str,
    fixed: list[tuple[Any, int]],
    iterations: int,
    v1_search: bool = False,
    v1_knowledge: bool = False,
) -> None:
    """One search per position, ``iterations`` each."""
    from engines.ai.v1.knowledge import knowledge_for as v1_knowledge_for
    from engines.ai.v1.search import search as v1_run

    engine = engines.get(game)
    knowledge: Any = v1_knowledge_for(engine) if v1_knowledge else knowledge_for(engine)
    searching: Any = v1_run if v1_search else search
    for i, (state, seat) in enumerate(fixed):
        searching(engine, knowledge, state, seat, Rng(seed_state(i)), iterations=iterations)


def answers(game: str, fixed: list[tuple[Any, int]], iterations: int) -> list[list[Any]]:
    """Each position's ranking as ``run`` searches it: per turn its visits, value, margin and
    chance (floats as ``repr``, so any change in the last digit shows)."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    out = []
    for i, (state, seat) in enumerate(fixed):
        ranked = search(engine, knowledge, state, seat, Rng(seed_state(i)), iterations=iterations)
        out.append(
            [
                [list(r.turn), r.visits, repr(r.value), repr(r.margin), repr(r.chance)]
                for r in ranked
            ]
        )
    return out


def iterations_per_second(
    game: str,
    fixed: list[tuple[Any, int]],
    iterations: int,
    rounds: int,
    v1_search: bool = False,
    v1_knowledge: bool = False,
) -> float:
    """Search iterations per CPU second over the fixed positions, best of ``rounds``."""
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        run(game, fixed, iterations, v1_search, v1_knowledge)
        best = max(best, len(fixed) * iterations / (time.process_time() - start))
    return best


def main(argv: list[str] | None = None) -> None:
    """Print ``{"iterations_per_cpu_second": ...}`` with the run's parameters."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--every", type=int, help="keep every N-th position (game's default)")
    parser.add_argument("--iterations", type=int, help="search iterations each (game's default)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--v1-search", action="store_true", help="the frozen reference's search")
    parser.add_argument(
        "--v1-knowledge", action="store_true", help="the frozen reference's game knowledge"
    )
    parser.add_argument("--profile", action="store_true", help="print a profile of one round")
    parser.add_argument("--answers", type=Path, help="write the rankings as JSON here instead")
    args = parser.parse_args(argv)
    _, every, iterations = GAMES[args.game]
    args.every = args.every or every
    args.iterations = args.iterations or iterations
    fixed = positions(args.game, args.positions, args.every)
    if args.answers:
        args.answers.write_text(json.dumps(answers(args.game, fixed, args.iterations), indent=0))
        return
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, args.game, fixed, args.iterations, args.v1_search, args.v1_knowledge)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        return
    rate = iterations_per_second(
        args.game, fixed, args.iterations, args.rounds, args.v1_search, args.v1_knowledge
    )
    row = {"iterations_per_cpu_second": round(rate, 1), **vars(args)}
    print(json.dumps(row))


if __name__ == "__main__":
    main()
