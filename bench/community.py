"""Leaderboard and profile latency with 100,000 rated games stored (#27.2).

    python -m bench.community                      # SQLite (a temporary file)
    python -m bench.community --postgres postgresql://postgres@127.0.0.1:5432/postgres

With ``--postgres`` a fresh database is created on that server for the run and dropped after.
The games are written through the storage layer (``Storage.open``, its migrations, and
``copying.insert_rows``: the backend's ``run_many`` inside ``Storage.write``), in batches: finished games with their seats, a
short log each (the turn times the profile reads), their ``rated_games`` rows, each seat's rating
change on the game's server and across servers, and the resulting ratings. The rating numbers are
drawn at random (the queries' cost does not depend on them; running openskill 200,000 times would
only make the set-up slow). Players live on one of the servers each, so a member has about a
hundred games, as a regular would.

Then ``Service.leaderboard`` and ``Service.profile`` are timed (``--calls`` each, random games,
scopes, readers and members), alone and with their picture drawn (``bot/drawing.py``), and p50 and
p95 are printed with the machine's load average, which timed numbers must be read beside.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot import drawing
from bot.service import Service, ServiceError, User
from bot.storage import Storage
from bot.storage.copying import insert_rows, refresh_statistics
from bot.storage.postgres import scratch_database

GAMES = ("bombay", "imhotep", "marco_polo", "brass")
GUILDS = 20
USERS_PER_GUILD = 150
LEVELS = ("easy", "normal", "strong")
MOVES_PER_GAME = 10
T0 = 1_767_571_200.0


def _game_rows(n: int, rng: random.Random) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows for ``n`` finished, rated games."""
    out: dict[str, list[tuple[Any, ...]]] = {
        "games": [],
        "seats": [],
        "actions": [],
        "rated_games": [],
        "rating_changes": [],
    }
    ratings: dict[tuple[str, int, str], list[float]] = {}
    for gid in range(1, n + 1):
        guild = rng.randint(1, GUILDS)
        engine = rng.choice(GAMES)
        players = rng.randint(2, 4)
        base = guild * 1000
        users = rng.sample(range(base + 1, base + USERS_PER_GUILD + 1), players)
        if rng.random() < 0.1:
            users[-1] = -(10 + LEVELS.index(rng.choice(LEVELS)) + 1)  # a computer seat
        finished = T0 + gid * 60.0
        scores = [rng.randint(20, 120) for _ in users]
        order = sorted(range(players), key=lambda s: -scores[s])
        result = {"scores": scores, "ranking": [[s] for s in order], "winners": [order[0]]}
        out["games"].append(
            (gid, guild, 10_000 + gid, engine, "{}", gid, "finished", abs(users[0]), players,
             MOVES_PER_GAME, finished - 86_400.0, finished, "{}", "[]", "", json.dumps(result), "")
        )  # fmt: skip
        for seat, user in enumerate(users):
            name = f"Player {user}" if user > 0 else f"Computer {seat} (normal)"
            out["seats"].append((gid, seat, user, name, 0))
        for move in range(MOVES_PER_GAME):
            at = finished - 86_400.0 + move * rng.uniform(600, 7200)
            out["actions"].append((gid, move, move % players, "pass", "[]", 0, 0, 0, at))
        out["rated_games"].append((gid, gid, finished))
        for place, seat in enumerate(order, start=1):
            user = users[seat]
            level = LEVELS[(-user) % 10 - 1] if user < 0 else ""
            player = f"computer:{level}" if user < 0 else f"user:{user}"
            for g in (guild, 0):
                mu0, s0 = rng.uniform(15, 35), rng.uniform(1, 8)
                mu1, s1 = mu0 + rng.uniform(-2, 2), s0 * 0.97
                out["rating_changes"].append(
                    (gid, g, player, engine, place, mu0, s0, mu1, s1, finished)
                )
                entry = ratings.setdefault((engine, g, player), [mu1, s1, 0, 0])
                entry[0], entry[1] = mu1, s1
                entry[2] += 1
                entry[3] += int(place == 1)
    out["ratings"] = [(e, g, p, *v) for (e, g, p), v in ratings.items()]
    return out


#: The columns of each table filled, in the order ``_game_rows`` gives their values.
COLUMNS = {
    "games": (
        "id", "guild_id", "channel_id", "engine", "options", "seed", "status", "creator_id",
        "players", "version", "created_at", "updated_at", "snapshot", "to_act", "round_info",
        "result", "lang",
    ),
    "seats": ("game_id", "seat", "user_id", "name", "removed"),
    "actions": (
        "game_id", "move", "seat", "action", "events", "reveals", "auto", "undone", "at",
    ),
    "rated_games": ("seq", "game_id", "rated_at"),
    "rating_changes": (
        "game_id", "guild_id", "player", "engine", "place", "mu_before", "sigma_before",
        "mu_after", "sigma_after", "at",
    ),
    "ratings": ("engine", "guild_id", "player", "mu", "sigma", "games", "wins"),
}  # fmt: skip


async def fill(target: str, games: int, seed: int) -> dict[str, int]:
    """Store ``games`` rated games through the storage layer; rows per table."""
    rows = _game_rows(games, random.Random(seed))
    storage = await Storage.open(target)
    try:
        for table, columns in COLUMNS.items():
            await insert_rows(storage, table, columns, rows[table])
        await refresh_statistics(storage)
    finally:
        await storage.close()
    return {table: len(r) for table, r in rows.items()}


async def timed(calls: int, call: Callable[[int], Awaitable[Any]]) -> list[float]:
    """Milliseconds of each of ``calls`` calls, one after another."""
    out = []
    for i in range(calls):
        started = time.perf_counter()
        await call(i)
        out.append((time.perf_counter() - started) * 1000)
    return out


def summary(name: str, ms: Sequence[float]) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{name:34s} p50 {statistics.median(ordered):7.1f} ms   p95 {p95:7.1f} ms   n={len(ms)}"


async def measure(target: str, calls: int, seed: int) -> list[str]:
    """Time the leaderboard and the profile on a filled database."""
    svc = await Service.open(target, announces=False)
    rng = random.Random(seed + 1)

    def member() -> tuple[int, User]:
        guild = rng.randint(1, GUILDS)
        user = guild * 1000 + rng.randint(1, USERS_PER_GUILD)
        return guild, User(user, f"Player {user}")

    async def board(_: int) -> Any:
        guild, reader = member()
        scope = rng.choice(("server", "global"))
        return await svc.leaderboard(
            guild, rng.choice(GAMES), scope=scope, viewer=reader.id, lang="en"
        )

    async def board_drawn(i: int) -> None:
        got = await board(i)
        await asyncio.to_thread(drawing.draw_leaderboard, got.view)

    async def profile(_: int) -> Any:
        guild, who = member()
        try:
            return await svc.profile(guild, who, lang="en")
        except ServiceError:
            return None  # a member never seated there (only in a small --games run)

    async def profile_drawn(i: int) -> None:
        got = await profile(i)
        if got is not None and got.view is not None:
            await asyncio.to_thread(drawing.draw_profile, got.view)

    try:
        await board(0)  # warm the connection and the caches once
        await profile(0)
        lines = [
            summary("leaderboard (service)", await timed(calls, board)),
            summary("profile (service)", await timed(calls, profile)),
            summary("leaderboard + picture", await timed(calls // 2, board_drawn)),
            summary("profile + picture", await timed(calls // 2, profile_drawn)),
        ]
    finally:
        await svc.close()
    return lines


async def run_postgres(server: str, games: int, calls: int, seed: int) -> list[str]:
    """Create a fresh database on ``server``, fill and time it, drop it."""
    async with scratch_database(server, prefix="turnpost_bench") as target:
        started = time.perf_counter()
        counts = await fill(target, games, seed)
        filled = time.perf_counter() - started
        return [f"stored {counts} in {filled:.0f} s", *await measure(target, calls, seed)]


async def run_sqlite(games: int, calls: int, seed: int) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        target = str(Path(folder) / "bench.db")
        started = time.perf_counter()
        counts = await fill(target, games, seed)
        filled = time.perf_counter() - started
        return [f"stored {counts} in {filled:.0f} s", *await measure(target, calls, seed)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--postgres", default="", help="a server URL: a database is made there")
    args = parser.parse_args()
    if args.postgres:
        lines = asyncio.run(run_postgres(args.postgres, args.games, args.calls, args.seed))
        where = "PostgreSQL"
    else:
        lines = asyncio.run(run_sqlite(args.games, args.calls, args.seed))
        where = "SQLite"
    print(f"{where}, {args.games} rated games; load average {os.getloadavg()}")
    for line in lines:
        print(line)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
