"""How often a level's search picks the best whole turn, against a long search (#24.5).

``python -m bench.root_regret GAME [--games 3] [--iterations 300] [--oracle 200] [--reps 2]``
plays ``--games`` seeded 2-player games of ``normal`` against itself (60 iterations a decision),
keeps every 4th position where a seat starts a turn with at least 3 whole turns to compare, and
rates every root turn there by an oracle: ``--oracle`` iterations per turn the root may hold (12),
the root visiting its turns in turn (the same tree below it). Then each variant decides each position ``--reps`` times
with its own generators, at the arena's budget for ``--iterations N``:

- ``normal``: one search of N iterations (UCB at the root);
- ``strong-ucb``: two searches of 1.5·N merged by visits (``strong`` before sequential halving);
- ``strong``: the level as it is (``engines.ai.seats.strong``);
- ``K,W,M`` (e.g. ``2,20,3``): K searches of M·N/K iterations each with W root turns, merged
  by visits; ``K,W,M,h``: their roots halved, merged by value; ``K,W,M,hp``: halved with each
  sweep on one common sample (``search``'s ``paired``).

``--oracle-width W`` lets the oracle rate W root turns instead of 12 (to see turns a wider
root finds).

It prints one JSON line per variant: the mean regret (the oracle's value of its best turn less
that of the turn chosen, in the search's [0, 1] values) and the share of decisions that chose
the oracle's best. The oracle's values are themselves estimates (about ±0.007 at 200 iterations
a turn), so small differences between variants mean little; seconds are CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.ai import search as S  # noqa: E402
from engines.ai.arena import play_game  # noqa: E402
from engines.ai.knowledge import knowledge_for  # noqa: E402
from engines.ai.seats import STRONG_SEARCHES, STRONG_TIME, strong  # noqa: E402
from engines.ai.turns import Turn  # noqa: E402
from engines.rng import Rng, seed_state  # noqa: E402


def decisions(game: str, games: int) -> list[tuple[Any, int]]:
    """Positions where a seat starts a turn with a choice, along ``normal`` self-play."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    out: list[tuple[Any, int]] = []
    for g in range(games):
        seen: list[tuple[int | None, Any]] = []

        def keep(seat: int | None, move: str, events: Any, before: Any, after: Any) -> None:
            seen.append((seat, before))  # noqa: B023 (called only within this game)

        play_game(
            engine,
            2,
            ("normal", "normal"),
            4000 + g,
            seconds=1.0,
            iterations=60,
            options=engine.meta.validate_options({}),
            on_step=keep,
        )
        last: int | None = None  # the seat of the last step that was not chance's
        for i, (seat, before) in enumerate(seen):
            if seat is None or seat < 0:
                continue
            starts, last = seat != last, seat
            if (
                starts
                and not i % 4
                and len(S.root_turns(engine, knowledge, before, seat, Rng(1))) >= 3
            ):
                out.append((before, seat))
    return out


def oracle(
    game: str, state: Any, seat: int, per_turn: int, seed: int, width: int = S.ROOT_TURNS
) -> dict[Turn, float]:
    """Every root turn's value, the root visiting its turns in turn (none dropped) for
    ``per_turn`` iterations per turn it may hold (``width``)."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    rng = Rng(seed_state(seed))
    # One round of halving is a root that visits its turns in turn and drops none.
    keep = S.Halving.__init__

    def one_round(self: S.Halving, *args: Any) -> None:
        keep(self, *args)
        self.rounds = 1

    S.Halving.__init__ = one_round  # type: ignore[method-assign,assignment]
    try:
        ranked = S.search(
            engine,
            knowledge,
            state,
            seat,
            rng,
            iterations=per_turn * width,
            halving=True,
            width=width,
        )
    finally:
        S.Halving.__init__ = keep  # type: ignore[method-assign]
    return {r.turn: r.value for r in ranked}


def choice(game: str, variant: str, state: Any, seat: int, n: int, rng: Rng) -> Turn:
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    if variant == "normal":
        return S.search(engine, knowledge, state, seat, rng, iterations=n)[0].turn
    if variant == "strong-ucb":
        each = round(n * STRONG_TIME / STRONG_SEARCHES)
        parts = [
            S.search(engine, knowledge, state, seat, Rng(seed_state(rng.next64())), iterations=each)
            for _ in range(STRONG_SEARCHES)
        ]
        return S.merge(parts)[0].turn
    if variant == "strong":
        return strong(engine, knowledge, state, seat, rng, iterations=n)[0].turn
    return spelled(engine, knowledge, variant, state, seat, n, rng)


def spelled(
    engine: Any, knowledge: Any, variant: str, state: Any, seat: int, n: int, rng: Rng
) -> Turn:
    """The choice of a variant spelled ``K,W,M[,h|hp]`` (module docstring)."""
    searches, width, times, *root = variant.split(",")
    halving = bool(root) and root[0] in ("h", "hp")
    paired = bool(root) and root[0] == "hp"
    each = max(1, round(n * float(times) / int(searches)))
    parts = [
        S.search(
            engine,
            knowledge,
            state,
            seat,
            Rng(seed_state(rng.next64())),
            iterations=each,
            width=int(width),
            halving=halving,
            paired=paired,
        )
        for _ in range(int(searches))
    ]
    return S.merge(parts, by_value=halving)[0].turn


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--oracle", type=int, default=200, help="iterations per root turn")
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--oracle-width", type=int, default=S.ROOT_TURNS, help="turns it rates")
    p.add_argument("--variants", default="normal,strong-ucb,strong", help="by , or ;")
    args = p.parse_args()
    found = decisions(args.game, args.games)
    rated = [
        oracle(args.game, s, seat, args.oracle, 999 + i, args.oracle_width)
        for i, (s, seat) in enumerate(found)
    ]
    # Spelled variants hold commas: a list of them is separated by ";".
    for variant in args.variants.split(";" if ";" in args.variants else ","):
        regrets: list[float] = []
        started = time.process_time()
        for i, ((state, seat), values) in enumerate(zip(found, rated, strict=True)):
            best = max(values.values())
            for r in range(args.reps):
                turn = choice(
                    args.game, variant, state, seat, args.iterations, Rng(seed_state(100 * i + r))
                )
                regrets.append(best - values.get(turn, min(values.values())))
        row = {
            "game": args.game,
            "variant": variant,
            "iterations": args.iterations,
            "positions": len(found),
            "decisions": len(regrets),
            "mean_regret": round(sum(regrets) / len(regrets), 4),
            "best_share": round(sum(1 for x in regrets if x <= 0) / len(regrets), 3),
            "cpu_seconds": round(time.process_time() - started, 1),
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
