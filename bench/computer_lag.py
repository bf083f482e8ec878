"""Event-loop lag while computer seats think in several channels at once, printed as JSON:
``python -m bench.computer_lag [--channels N] [--moves M] [--game G] [--level L]``.

Computer seats think in the service's process pool (``bot/service/computers.py``), so the event
loop that serves Discord (its heartbeat, other channels' commands) should stay free. This opens
``N`` tables of ``G`` (one person, one computer seat) on one service, then lets every computer take
``M`` turns concurrently (each person answering with a random legal move) while a ticker task
measures how late the loop wakes it up every 10 ms. Reported: the ticker's lag (median, p95, max,
in ms), the computer moves played, the wall time, and the pool's size. The target is a p95 and
max under 50 ms whatever the number of channels.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import engines
from bot.service import Service, User
from bot.service.computers import pool_size
from engines.catalog import CATALOG
from engines.rng import Rng

TICK = 0.010


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    """Sleep ``TICK`` again and again, recording how much later than asked each wake-up was."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(max(0.0, time.perf_counter() - asked - TICK))


async def table(svc: Service, channel: int, game: str, level: str, moves: int, seed: int) -> int:
    """One table: a person answers at random, the computer thinks; returns computer moves."""
    person = User(10_000 + channel, f"P{channel}")
    await svc.create_lobby(1, channel, person, game, players=2, seed=seed)
    await svc.add_computer(channel, person, level)
    await svc.start(channel, person, render=False)
    rng = Rng(seed)
    played = 0
    while played < moves:
        info = await svc.game(channel)
        if info.status != "active":
            break
        if person.id in info.to_act:
            legal = await svc.legal(channel, person)
            if not legal:
                break
            await svc.act(channel, person, rng.choice(sorted(legal)), render=False)
            continue
        if await svc.computer_turn(info.game_id) is not None:
            played += 1
    return played


async def measure(channels: int, moves: int, game: str, level: str) -> dict[str, Any]:
    # What a running bot has already loaded at start-up (engines, catalogs, data) is loaded
    # before the measurement: first-use imports are not thinking.
    engines.all_engines()
    CATALOG.text("service.started", {"game": game})
    with tempfile.TemporaryDirectory() as folder:
        svc = await Service.open(Path(folder) / "lag.db")
        lags: list[float] = []
        stop = asyncio.Event()
        tick = asyncio.create_task(ticker(lags, stop))
        started = time.perf_counter()
        try:
            played = await asyncio.gather(
                *(table(svc, 100 + c, game, level, moves, c) for c in range(channels))
            )
        finally:
            stop.set()
            await tick
            await svc.close()
        wall = time.perf_counter() - started
    ms = sorted(x * 1000 for x in lags)
    return {
        "game": game,
        "level": level,
        "channels": channels,
        "pool_processes": pool_size(),
        "computer_moves": sum(played),
        "wall_seconds": round(wall, 2),
        "loop_lag_ms": {
            "median": round(statistics.median(ms), 2) if ms else 0.0,
            "p95": round(ms[int(0.95 * (len(ms) - 1))], 2) if ms else 0.0,
            "max": round(ms[-1], 2) if ms else 0.0,
            "ticks": len(ms),
        },
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--channels", type=int, default=4)
    p.add_argument("--moves", type=int, default=5, help="computer moves per channel")
    p.add_argument("--game", default="imhotep")
    p.add_argument("--level", default="normal")
    args = p.parse_args()
    print(json.dumps(asyncio.run(measure(args.channels, args.moves, args.game, args.level))))


if __name__ == "__main__":
    main()
