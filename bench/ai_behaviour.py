"""How computer seats play, per game, from the events of whole games (issue #24.3).

``python bench/ai_behaviour.py GAME --players N --games K --seats normal,normal,...
[--iterations I | --seconds S] [--seed S] [--jobs J] [--option NAME=VALUE]`` plays ``K`` games
(seat kinds rotated round the table from game to game, as in ``turnpost arena``; ``v1`` is the
frozen reference), measures each with ``engines/ai/behaviour/<GAME>.py``'s ``metrics``, and
prints one line per game, then a table of each metric's median and mean per seat kind, and last a
JSON line with the same numbers plus the arena's wins and thinking times. ``turnpost arena GAME
... --report behaviour`` does the same where Turnpost is installed (and adds a table per seat).

Run it niced and bounded on a shared machine (``nice -n 10``, ``--jobs 1`` or 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.ai.arena import GameRecord, run  # noqa: E402
from engines.ai.behaviour import table  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", default="normal", help="seat kinds, e.g. normal,v1")
    p.add_argument("--seconds", type=float, default=1.0, help="thinking time per move")
    p.add_argument("--iterations", type=int, help="search iterations instead of a time budget")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = p.parse_args(argv)

    def each(g: int, record: GameRecord) -> None:
        seats = " ".join(f"{k}={s}" for k, s in zip(record.kinds, record.scores, strict=True))
        print(f"game {g + 1}: {seats} winners={list(record.winners)} moves={record.moves}")
        sys.stdout.flush()

    out = run(
        engines.get(args.game),
        args.players,
        args.games,
        [k.strip() for k in args.seats.split(",") if k.strip()],
        args.seed,
        seconds=args.seconds,
        iterations=args.iterations,
        each=each,
        jobs=args.jobs,
        options=dict(o.split("=", 1) for o in args.option),
        report="behaviour",
    )
    print("\n".join(table(out["behaviour"])))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
