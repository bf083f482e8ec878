"""#25.4: ``turnpost migrate FROM TO`` copies a SQLite database to PostgreSQL and back: every
game, log row, setting, schedule, outbox row and vote, each game then checked to replay to the
state it had; a destination that holds anything is refused with one line and left as it was."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engines
from bot.cli import main
from bot.service import Service
from bot.storage import Storage
from bot.storage.copying import snapshots, tables
from bot.storage.postgres import scratch_schema
from engines.randomplay import random_action
from engines.rng import Rng
from tests.bot.conftest import ANA, BEN, GUILD, OUTSIDER
from tests.conftest import PG_ENV


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    server = os.environ.get(PG_ENV, "")
    if not server:
        pytest.skip(f"PostgreSQL: set {PG_ENV}=postgresql://USER@HOST:PORT/DB to run these too")
    async with scratch_schema(server, prefix="test_migrate") as url:
        yield url


async def _played_database(target: str) -> None:
    """One game of each built-in engine, 12 seeded random legal moves into it, with a setting,
    a reminder schedule, outbox rows and a vote; a lobby waiting for players."""
    svc = await Service.open(target)
    try:
        rng = Rng(25)
        for channel, game in enumerate(engines.builtin_ids(), start=1):
            await svc.create_lobby(GUILD, channel, ANA, game, seed=channel)
            await svc.join(channel, BEN)
            await svc.start(channel, ANA, order=[ANA.id, BEN.id], render=False)
            for _ in range(12):
                info = await svc.game(channel)
                if info.status != "active":
                    break
                user = ANA if ANA.id in info.to_act else BEN
                engine, state, seat = await svc.session.cached_turn(channel, user.id)
                move = random_action(engine, state, seat, rng)
                assert move is not None
                await svc.act(channel, user, move, render=False)
        await svc.update_settings(1, ANA, reminder_delay_hours=5)
        await svc.abort(2, BEN)  # not the creator: a vote, pending
        await svc.create_lobby(GUILD, 99, OUTSIDER, "bombay")
    finally:
        await svc.close()


async def _contents(target: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, sorted, as comparable tuples."""
    storage = await Storage.open(target)
    try:
        out = {}
        for table in await tables(storage):
            columns = await storage.backend.columns(table)
            async with storage.read():
                rows = await storage.backend.all(f"SELECT {', '.join(columns)} FROM {table}")
            out[table] = sorted((tuple(r) for r in rows), key=repr)
        return out
    finally:
        await storage.close()


def _migrate(capsys: pytest.CaptureFixture[str], source: str, destination: str) -> list[str]:
    assert main(["migrate", source, destination]) == 0, capsys.readouterr().err
    return capsys.readouterr().out.splitlines()


async def test_sqlite_to_postgresql_and_back_keeps_every_row_and_every_game(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = str(tmp_path / "first.db")
    back = str(tmp_path / "back.db")
    await _played_database(first)
    original = await _contents(first)
    for table in ("games", "actions", "seats", "game_settings", "reminders", "outbox", "votes"):
        assert original[table], f"the fixture should fill {table}"

    out = await asyncio.to_thread(_migrate, capsys, first, pg_url)
    assert f"actions: {len(original['actions'])} rows" in out
    assert out[-1] == f"{len(original['games'])} games replay to the source's state in the copy"
    assert await _contents(pg_url) == original

    out = await asyncio.to_thread(_migrate, capsys, pg_url, back)
    assert out[-1] == f"{len(original['games'])} games replay to the source's state in the copy"
    assert await _contents(back) == original

    # The copy plays on: a new game gets a fresh id (PostgreSQL's counters moved past the copy).
    svc = await Service.open(pg_url)
    try:
        copied = max(await snapshots(svc.db))
        info = await svc.create_lobby(GUILD, 500, ANA, "bombay")
        assert info.game_id == copied + 1
    finally:
        await svc.close()


async def test_a_destination_that_holds_anything_is_refused_and_left_as_it_was(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = str(tmp_path / "source.db")
    await _played_database(source)
    svc = await Service.open(pg_url)
    await svc.create_lobby(GUILD, 7, BEN, "imhotep")
    await svc.close()
    before = await _contents(pg_url)
    code = await asyncio.to_thread(main, ["migrate", source, pg_url])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "is not empty" in err[0], err
    assert await _contents(pg_url) == before
