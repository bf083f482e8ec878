"""Commands per turn and characters typed per turn, per game, printed as JSON (issue #12):
``python bench/typed_chars.py [--games N] [--canonical] [game ...]``.

Random games are played to the end on the engines; a turn is a run of consecutive commands by
one seat. Each command is counted as typed:

* ``--canonical``: the canonical text (what the engine's ``complete`` spells; before #12.1 the
  only accepted form). To measure "before", run it against that commit's engines:
  ``git archive 8372446 | tar -x -C /tmp/before && PYTHONPATH=/tmp/before python bench/typed_chars.py --canonical``
* default: the shortest spelling today's forgiving reader takes for the same move
  (``bench/notation_bench.py``'s ``shortest``), over every move of every game.

Unlike ``bench/notation_bench.py`` (today's canonical text vs today's shortest spelling), this
one can measure "before" on the old engines themselves, whose canonical text was longer (Brass
``slot=`` between identical slots, Imhotep's internal ids).

Random games of the same seeds differ between two commits whose rules differ, so compare the
means over several games, not game by game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

# appended, not inserted: with PYTHONPATH=<an older checkout> its engines/ must win
sys.path.append(str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.randomplay import random_play  # noqa: E402
from engines.rng import Rng  # noqa: E402


def _players(game: str) -> int:
    """Three players, or the nearest count ``game`` takes."""
    meta = engines.get(game).meta
    return min(max(3, meta.min_players), meta.max_players)


def one_game(game: str, seed: int, canonical: bool) -> dict[str, float]:
    """Commands, turns and characters of one random game of ``game``."""
    engine: Any = engines.get(game)
    state = engine.setup(_players(game), engine.meta.validate_options({}), seed)
    _, steps = random_play(engine, state, Rng(seed ^ 0x5EED))
    if not canonical:
        from bench.notation_bench import shortest  # today's engines only (Engine.read)
    chars = turns = 0
    last = None
    for before, seat, text in steps:
        typed = text if canonical else shortest(engine, before, seat, text)
        chars += len(typed)
        if seat != last:
            turns += 1
            last = seat
    return {"commands": len(steps), "turns": turns, "chars": chars}


def main(argv: list[str] | None = None) -> None:
    """Print per game the mean commands per turn and characters per turn and per command."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--canonical", action="store_true")
    ap.add_argument("game", nargs="*", default=engines.builtin_ids())
    args = ap.parse_args(argv)
    out: dict[str, Any] = {"typed": "canonical" if args.canonical else "shortest accepted"}
    for game in args.game:
        runs = [one_game(game, seed, args.canonical) for seed in range(1, args.games + 1)]
        out[game] = {
            "games": len(runs),
            "players": _players(game),
            "commands_per_turn": round(
                statistics.mean(r["commands"] / r["turns"] for r in runs), 2
            ),
            "chars_per_turn": round(statistics.mean(r["chars"] / r["turns"] for r in runs), 1),
            "chars_per_command": round(
                statistics.mean(r["chars"] / r["commands"] for r in runs), 1
            ),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
