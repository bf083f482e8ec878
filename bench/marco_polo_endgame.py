"""How Marco Polo's computer seats spend (or keep) their coins in the last rounds (#24.3 floors).

``python bench/marco_polo_endgame.py --players 4 --seed 2026 --games 2 --iterations 100
[--rounds 2] [--level normal] [--candidates]`` plays whole self-play games at one level (the arena's
seeds: game ``g`` is seed ``seed + g``) and prints, for the last ``--rounds`` rounds, every seat's
move with its coins, camels, goods and unused dice before it; then each seat's coins, posts and
VP at the end. ``--save PATH`` writes every decision (seat, move, the state before it) to
``PATH.SEED.jsonl`` for a closer look. With ``--candidates``, each decision of the last round that starts a turn also
lists the whole turns the computer compared, each with the evaluation's rating for that seat:
where a coin could still become a VP (a Travel row to a new post, a contract, Beijing), one can
see whether it was offered and how it was rated.

Run it niced on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from engines.ai.arena import play_game  # noqa: E402
from engines.marco_polo import ai_turns  # noqa: E402
from engines.marco_polo.ai_value import seat_worth  # noqa: E402
from engines.marco_polo.state import State, goods_total  # noqa: E402


def _holds(state: State, seat: int) -> str:
    p = state.players[seat]
    dice = ",".join(f"{k}{v}" for k, v in p.dice)
    return (
        f"coin={p.coin:>2} camel={p.camel:>2} goods={goods_total(p):>2} dice=[{dice}] "
        f"posts={len(p.posts)} at={'/'.join(p.figures)}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--rounds", type=int, default=2, help="the last this many rounds are shown")
    ap.add_argument("--candidates", action="store_true", help="list compared turns (last round)")
    ap.add_argument("--save", help="write every decision (seat, move, state before) as JSON lines")
    args = ap.parse_args(argv)
    for g in range(args.games):
        seed = args.seed + g
        print(f"== game {g + 1} (seed {seed})")
        if args.save:
            with open(f"{args.save}.{seed}.jsonl", "w") as saved:
                _game(args, seed, saved)
        else:
            _game(args, seed, None)
    return 0


def _game(args: argparse.Namespace, seed: int, saved: TextIO | None) -> None:
    """One game (the module docstring says what is printed and saved)."""
    engine = engines.get("marco_polo")
    last_round = 5
    first_shown = last_round - args.rounds + 1
    final: list[State] = []

    def show(seat: int | None, move: str, events: list[Any], before: Any, after: Any) -> None:
        final[:] = [after]
        if saved is not None and seat is not None:
            row = {"seat": seat, "move": move, "state": before.to_json()}
            saved.write(json.dumps(row) + "\n")
        if seat is None or before.phase != "play" or before.round < first_shown:
            return
        print(f"r{before.round} s{seat + 1} {_holds(before, seat)} :: {move}")
        starts = not before.pending and not before.players[seat].main_done
        if args.candidates and before.round == last_round and starts:
            for turn in ai_turns.turns(engine, before, seat, ai_turns.seat_value(seat), limit=8):
                print(f"      {_rate(engine, before, seat, turn):7.2f}  {' ; '.join(turn)}")

    record = play_game(
        engine,
        args.players,
        (args.level,) * args.players,
        seed,
        seconds=1.0,
        iterations=args.iterations,
        on_step=show,
    )
    print(f"   scores {record.scores}")
    for s in range(args.players):
        print(f"   s{s + 1} {final[0].players[s].char:>9} {_holds(final[0], s)}")


def _rate(engine: Any, state: State, seat: int, turn: tuple[str, ...]) -> float:
    """The evaluation of ``seat`` after ``turn`` played from ``state`` (chance settled as the
    engine samples it)."""
    for move in turn:
        if seat not in engine.to_act(state):
            break
        state, _ = engine.play(state, seat, move)
    return seat_worth(state, seat)


if __name__ == "__main__":
    raise SystemExit(main())
