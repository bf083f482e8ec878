"""``turnpost ratings [--rebuild]`` (#27.1) as a player runs it, on both backends: every rating as
a JSON line and a summary; ``--rebuild`` recomputes them all from the stored results and prints
the same numbers, and leaves the rating changes the profiles read as they were."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from bot.service import Service
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL
from tests.bot.test_ratings import open_game, play_out

ROOT = Path(__file__).resolve().parents[2]


async def _turnpost(database: str, *args: str) -> list[dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TURNPOST_")}
    if database.startswith("postgresql://"):
        env["TURNPOST_DATABASE_URL"] = database
    else:
        env["TURNPOST_DB"] = database
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "ratings",
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return [json.loads(line) for line in out.decode().splitlines()]


async def _changes(database: str) -> list[tuple[Any, ...]]:
    svc = await Service.open(database)
    try:
        async with svc.db.read():
            rows = await svc.db.backend.all(
                "SELECT game_id, guild_id, player, place, mu_after, sigma_after, at"
                " FROM rating_changes ORDER BY game_id, guild_id, player"
            )
        return [tuple(r) for r in rows]
    finally:
        await svc.close()


async def test_ratings_lists_every_rating_and_rebuild_gives_the_same(database: str) -> None:
    svc = await Service.open(database)
    try:
        await open_game(svc, CHANNEL, (ANA, BEN, CAL))
        await play_out(svc, CHANNEL)
        await open_game(svc, CHANNEL, (BEN, ANA), seed=8)
        await play_out(svc, CHANNEL)
    finally:
        await svc.close()
    before = await _changes(database)
    *listed, summary = await _turnpost(database)
    # Three players, on the server and across servers.
    assert summary == {"rebuilt_games": None, "ratings": 6}
    assert {(r["guild_id"], r["player"]) for r in listed} == {
        (g, f"user:{u.id}") for g in (0, 10) for u in (ANA, BEN, CAL)
    }
    assert {r["games"] for r in listed if r["player"] == f"user:{ANA.id}"} == {2}
    *rebuilt, summary = await _turnpost(database, "--rebuild")
    assert summary == {"rebuilt_games": 2, "ratings": 6}
    assert rebuilt == listed
    assert await _changes(database) == before
