"""The processes of tests/bot/test_two_processes.py (issue 22.1), each run as
``python -m tests.bot.two_opens ROLE DB``.

``bot``: opens a service on DB, starts a game, then opens the same file a second time in the same
process (a second ``Storage.open``: an admin command, a benchmark, a worker), says ``ready``, and
plays one move per line read from stdin, printing ``acked VERSION`` once each move is committed; it
then waits to be killed.
``mover``: opens a service on DB, starts a game, plays one move, prints ``acked VERSION`` and
waits to be killed (kill -9 right after a move is acknowledged, before its board is posted).
``worker``: a job-running process (``turnpost worker``, #25.3) on DB (a file or a PostgreSQL URL):
it claims the computer job waiting there, prints ``claimed JOB_ID`` and goes on "thinking" until
it is killed (kill -9 in the middle of a computer's thought).
``other``: another process with a connection of its own to DB; it says ``open``, and closes the
connection (and says ``closed``) when a line arrives on stdin.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys

import engines
from bot.service import Service
from bot.storage import Storage
from tests.bot.conftest import CHANNEL, started_game, whose_turn
from tests.testgame import ENGINE as TALLY


async def bot(db: str) -> None:
    engines.register(TALLY)
    service = await Service.open(db)
    await started_game(service)
    second = await Storage.open(db)
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        if line.strip() == "stop":
            break
        user = await whose_turn(service)
        legal = await service.legal(CHANNEL, user)
        assert legal
        out = await service.act(CHANNEL, user, legal[0], render=False)
        print("acked", out.version, flush=True)
    print("done", flush=True)
    await asyncio.sleep(3600)  # killed here (kill -9): nothing is closed cleanly
    await second.close()


async def mover(db: str) -> None:
    engines.register(TALLY)
    service = await Service.open(db)
    info = await started_game(service)
    await service.announced(info.game_id, info.version)
    user = await whose_turn(service)
    out = await service.act(CHANNEL, user, "draw", render=False)
    print("acked", out.version, flush=True)
    await asyncio.sleep(3600)


async def worker(db: str) -> None:
    engines.register(TALLY)
    service = await Service.open(db, computers="worker", announces=False)
    job = await service.claim_job()
    print("claimed", None if job is None else job.id, flush=True)
    await asyncio.sleep(3600)  # thinking, until killed


def other(db: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute("SELECT COUNT(*) FROM games").fetchone()
    print("open", flush=True)
    sys.stdin.readline()
    conn.close()
    print("closed", flush=True)


if __name__ == "__main__":
    role, path = sys.argv[1], sys.argv[2]
    if role == "bot":
        asyncio.run(bot(path))
    elif role == "mover":
        asyncio.run(mover(path))
    elif role == "worker":
        asyncio.run(worker(path))
    else:
        other(path)
