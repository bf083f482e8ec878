"""How much typing the forgiving notation saves (issue 12.1): per game, commands per turn and
characters typed per command, canonical text vs the shortest spelling the engine accepts.

    python bench/notation_bench.py [--games 2] [--sample 60]

Random games (engines.randomplay) give the positions; for a sample of their moves the shortest
accepted spelling is found greedily: each token is left out if the move still reads as the same
canonical action, else cut to its shortest prefix that still does (a ``name=value`` keyword may
also be typed as its bare value). "Before" is the canonical text, which the old strict notation
required; "after" is that shortest spelling. Commands per turn count consecutive commands of one
seat; the notation does not change them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.base import IllegalAction  # noqa: E402
from engines.randomplay import random_play  # noqa: E402
from engines.rng import Rng  # noqa: E402


def reads_as(engine: engines.Engine, state: object, seat: int, text: str, want: str) -> bool:
    try:
        return str(engine.read(state, seat, text)) == want
    except IllegalAction:
        return False


def shortest(engine: engines.Engine, state: object, seat: int, canonical: str) -> str:
    toks = canonical.split()
    for i in range(len(toks) - 1, 0, -1):  # the verb stays; later tokens first
        trial = toks[:i] + toks[i + 1 :]
        if reads_as(engine, state, seat, " ".join(trial), canonical):
            toks = trial
            continue
        name, eq, value = toks[i].partition("=")
        forms = [value] if eq else []
        forms += [
            f"{name}={value[:n]}" if eq else toks[i][:n] for n in range(1, len(value or toks[i]))
        ]
        forms += [value[:n] for n in range(1, len(value))] if eq else []
        for form in sorted(set(forms), key=len):
            trial = [*toks[:i], form, *toks[i + 1 :]]
            if reads_as(engine, state, seat, " ".join(trial), canonical):
                toks = trial
                break
    for n in range(1, len(toks[0])):
        trial = [toks[0][:n], *toks[1:]]
        if reads_as(engine, state, seat, " ".join(trial), canonical):
            toks = trial
            break
    return " ".join(toks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--sample", type=int, default=60, help="moves measured per game")
    args = parser.parse_args()
    print(f"{'game':<11} {'cmds/turn':>9} {'chars before':>12} {'chars after':>11} {'saved':>6}")
    for engine in engines.all_engines():
        if engine.meta.id == "tally":
            continue
        runs: list[int] = []
        before: list[int] = []
        after: list[int] = []
        for g in range(args.games):
            opts = engine.meta.validate_options({})
            state = engine.setup(engine.meta.min_players, opts, 100 + g)
            _, steps = random_play(engine, state, Rng(g), 2000)
            last, run = None, 0
            for _, seat, _ in steps:
                if seat == last:
                    run += 1
                else:
                    if run:
                        runs.append(run)
                    last, run = seat, 1
            runs.append(run)
            every = max(1, len(steps) // args.sample)
            for st, seat, text in steps[::every][: args.sample]:
                before.append(len(text))
                after.append(len(shortest(engine, st, seat, text)))
        b, a = statistics.mean(before), statistics.mean(after)
        print(
            f"{engine.meta.id:<11} {statistics.mean(runs):>9.2f} {b:>12.1f} {a:>11.1f} "
            f"{(1 - a / b) * 100:>5.0f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
