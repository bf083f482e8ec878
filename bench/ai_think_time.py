"""Thinking time per decision at the bot's budget (#24.4, #24.5): wall seconds, p50/p95/max.

``python bench/ai_think_time.py [GAME ...] --positions 20 --level normal [--seconds 1.5]`` times
the search a computer seat runs (``normal``: one search of ``--seconds``; ``strong``: its root-
parallel searches one after another, as on a pool of one worker, ``STRONG_TIME`` times as long)
on positions met along seeded random 4-player games (3 for a game without 4), and prints one JSON
line per game. The default budget is the bot's (``bot.service.computers.THINK_SECONDS``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from bot.service.computers import THINK_SECONDS  # noqa: E402
from engines.ai.knowledge import knowledge_for  # noqa: E402
from engines.ai.search import search  # noqa: E402
from engines.ai.seats import strong  # noqa: E402
from engines.randomplay import random_action  # noqa: E402
from engines.rng import Rng, seed_state  # noqa: E402


def positions(game: str, count: int, seed: int = 77) -> list[tuple[object, int]]:
    """``count`` positions spread over seeded random games, with the seat deciding in each."""
    engine = engines.get(game)
    players = min(4, engine.meta.max_players)
    out: list[tuple[object, int]] = []
    rng = Rng(seed_state(seed))
    while len(out) < count:
        state = engine.setup(players, engine.meta.validate_options({}), seed + len(out))
        moves = 0
        while engine.to_act(state) and len(out) < count:
            seat = engine.to_act(state)[0]
            if moves % 17 == 5:
                out.append((state, seat))
            move = random_action(engine, state, seat, rng)
            assert move is not None
            state, _ = engine.play(state, seat, move)
            moves += 1
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=engines.builtin_ids())
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--level", choices=("normal", "strong"), default="normal")
    p.add_argument("--seconds", type=float, default=THINK_SECONDS, help="normal's budget")
    args = p.parse_args()
    for game in args.games:
        engine = engines.get(game)
        knowledge = knowledge_for(engine)
        times = []
        for i, (state, seat) in enumerate(positions(game, args.positions)):
            rng = Rng(seed_state(i))
            started = time.perf_counter()
            if args.level == "strong":
                strong(engine, knowledge, state, seat, rng, seconds=args.seconds)
            else:
                search(engine, knowledge, state, seat, rng, seconds=args.seconds)
            times.append(time.perf_counter() - started)
        times.sort()
        row = {
            "game": game,
            "level": args.level,
            "seconds": args.seconds,
            "positions": len(times),
            "p50": round(times[len(times) // 2], 3),
            "p95": round(times[int(0.95 * (len(times) - 1))], 3),
            "max": round(times[-1], 3),
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
