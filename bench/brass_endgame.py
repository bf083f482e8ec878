"""What Brass computer seats do with their last rounds (issue #24: money left at the end).

``python bench/brass_endgame.py [--games K] [--seed S] [--players N] [--seats normal,...]
[--iterations I] [--rounds R] [--quiet]`` plays ``K`` full games as ``bench/ai_behaviour.py``
does (game ``g`` with seed ``S + g``, seat kinds rotated round the table), and prints the last
``R`` rounds of the rail era of each: every command with its seat's money before and after it
(``--quiet``: not those), each seat's money, income level and VP at the end, and last, over all
games, the median money a seat holds when its turn of each of those rounds starts, spends in it
and keeps at the end. Money scores nothing in the full game (R46): what is left there is a build
or a link not made, and this shows in which round it was not made.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.ai.arena import GameRecord, play_game, seat_kinds  # noqa: E402
from engines.brass import components as C  # noqa: E402
from engines.brass.state import State, income_level  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seats", default="normal", help="seat kinds, e.g. normal,v1")
    p.add_argument("--iterations", type=int, default=30)
    p.add_argument("--rounds", type=int, default=2, help="last rounds of the rail era shown")
    p.add_argument("--quiet", action="store_true", help="no line per command")
    args = p.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    per = C.rounds_per_era(args.players)
    shown = range(per - args.rounds + 1, per + 1)
    # round -> money at the start of each seat's turn, and what it spent in that turn
    held: dict[int, list[int]] = {r: [] for r in shown}
    spent: dict[int, list[int]] = {r: [] for r in shown}
    left: list[int] = []
    for g in range(args.games):
        seed = args.seed + g
        record, lines, final, turns = _play(args, seat_kinds(kinds, args.players, g), seed, shown)
        print(f"game seed {seed}: scores {list(record.scores)} winners {list(record.winners)}")
        if not args.quiet:
            print("\n".join(lines))
        for (r, _), (start, after) in turns.items():
            held[r].append(start)
            # a sale's income is not spending: count only money that went down
            spent[r].append(max(0, start - after))
        for s in range(args.players):
            left.append(final.money[s])
            print(
                f"  end seat {s}: £{final.money[s]} income {income_level(final.income[s])} "
                f"VP {record.scores[s]}"
            )
        sys.stdout.flush()
    for r in shown:
        if held[r]:
            print(
                f"round {r}: money at the turn's start median £{statistics.median(held[r]):g}, "
                f"spent median £{statistics.median(spent[r]):g}"
            )
    if left:
        print(
            f"end: money left median £{statistics.median(left):g}, mean £{statistics.mean(left):.1f}"
        )
    return 0


def _play(
    args: argparse.Namespace, kinds: tuple[str, ...], seed: int, shown: range
) -> tuple[GameRecord, list[str], State, dict[tuple[int, int], list[int]]]:
    """One game: its record, a line per command of the rounds ``shown``, its last state, and
    per (round, seat) the money at the turn's start and after its last command."""
    lines: list[str] = []
    ends: list[State] = []
    turns: dict[tuple[int, int], list[int]] = {}

    def keep(seat: int | None, move: str, _e: list[Any], before: State, after: State) -> None:
        ends[:] = [after]
        if seat is None or before.era != C.RAIL or before.round not in shown:
            return
        turn = turns.setdefault((before.round, seat), [before.money[seat], 0])
        turn[1] = after.money[seat]
        lines.append(
            f"  r{before.round} seat {seat}: £{before.money[seat]:>3} -> "
            f"£{after.money[seat]:>3}  {move}"
        )

    record = play_game(
        engines.get("brass"),
        args.players,
        kinds,
        seed,
        seconds=1.0,
        iterations=args.iterations,
        options={},
        on_step=keep,
    )
    return record, lines, ends[0], turns


if __name__ == "__main__":
    raise SystemExit(main())
