"""Per-game serialisation (#25): on PostgreSQL a write transaction locks only the games it reads,
so two games' moves commit side by side while two moves of one game run one after the other; on
SQLite every write holds the whole file. Checked with two connections and events, never with
timings: a transaction is held open until the test lets it go."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.storage import SeatRow, Storage
from bot.storage.backend import is_url
from bot.storage.postgres import PostgresBackend


async def _game(db: Storage, channel: int) -> int:
    async with db.write():
        game_id = await db.insert_game(
            guild_id=1,
            channel_id=channel,
            engine="tally",
            options={},
            seed=1,
            creator_id=7,
            players=None,
            now=1.0,
        )
        await db.set_seats(game_id, [SeatRow(0, 7, "Ana")])
    return game_id


async def _move(db: Storage, game_id: int) -> int:
    """One move as the service makes it: read the game (its lock), write the next version."""
    async with db.write():
        row = await db.game(game_id)
        assert row is not None
        return await db.write_snapshot(
            game_id,
            expected_version=row.version,
            snapshot=None,
            status="lobby",
            to_act=[],
            round_info="",
            result=None,
            now=2.0,
        )


async def _waiting_for_a_lock(watcher: Storage, other: Storage) -> None:
    """Return once ``other``'s connection is blocked on a lock (PostgreSQL says so itself)."""
    assert isinstance(other.backend, PostgresBackend) and isinstance(
        watcher.backend, PostgresBackend
    )
    pid = other.backend.conn.get_server_pid()
    for _ in range(6000):  # a minute at most: a test that cannot pass fails, never hangs
        kind = await watcher.backend.conn.fetchval(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1", pid
        )
        if kind == "Lock":
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the second transaction never waited for a lock")


async def _holding(db: Storage, game_id: int, locked: asyncio.Event, go: asyncio.Event) -> int:
    """A move of ``game_id`` that stops, its game locked, until ``go`` is set."""
    async with db.write():
        row = await db.game(game_id)
        assert row is not None
        locked.set()
        await go.wait()
        return await db.write_snapshot(
            game_id,
            expected_version=row.version,
            snapshot=None,
            status="lobby",
            to_act=[],
            round_info="",
            result=None,
            now=2.0,
        )


async def test_two_games_moves_commit_side_by_side_on_postgresql(database: str) -> None:
    first = await Storage.open(database)
    # On SQLite, a writer that finds the file locked gives up at once instead of waiting.
    second = await Storage.open(database, busy_timeout_ms=0)
    try:
        one, two = await _game(first, 1), await _game(first, 2)
        locked, go = asyncio.Event(), asyncio.Event()
        holder = asyncio.create_task(_holding(first, one, locked, go))
        await locked.wait()  # game one is locked by a transaction still open
        if first.backend.parallel_writes:
            # Game two's move commits while game one's transaction is still open.
            # (a minute's bound: a database-wide lock would make it wait for ``go`` for ever)
            assert await asyncio.wait_for(_move(second, two), 60) == 1
            assert not holder.done()
        else:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                await _move(second, two)
        go.set()
        assert await holder == 1
    finally:
        await first.close()
        await second.close()


async def test_two_moves_of_one_game_run_one_after_the_other(database: str) -> None:
    first = await Storage.open(database)
    second = await Storage.open(database)
    watcher = await Storage.open(database)
    try:
        game_id = await _game(first, 1)
        locked, go = asyncio.Event(), asyncio.Event()
        holder = asyncio.create_task(_holding(first, game_id, locked, go))
        await locked.wait()
        follower = asyncio.create_task(_move(second, game_id))
        if first.backend.parallel_writes:
            # The second move waits on the game's lock, not on the version check.
            await _waiting_for_a_lock(watcher, second)
            assert not follower.done()
        go.set()
        # The second read the version the first committed, so both landed, in turn.
        assert await holder == 1
        assert await follower == 2
        async with watcher.read():
            assert await watcher.version(game_id) == 2
    finally:
        await first.close()
        await second.close()
        await watcher.close()


async def test_a_migration_holds_the_whole_database(database: str) -> None:
    """Two processes starting at once never both migrate: the second finds the schema done."""
    if not is_url(database):
        # A SQLite file must exist before two open it at once (a second opener of a file still
        # empty refuses it as not a database); its migrations hold the file's write lock.
        await (await Storage.open(database)).close()
    opened = await asyncio.gather(Storage.open(database), Storage.open(database))
    try:
        versions = [await db.schema_version() for db in opened]
        assert versions[0] == versions[1] > 0
    finally:
        for db in opened:
            await db.close()


async def test_a_write_cancelled_at_any_step_leaves_no_transaction_behind(database: str) -> None:
    """A pass stopped at shutdown cancels its write wherever it is (beginning, inside, while
    committing): the next write must still commit, visibly to another connection. (A cancelled
    begin used to leave a transaction open that every later write nested into.)"""
    db = await Storage.open(database)
    other = await Storage.open(database)
    try:
        for steps in range(12):  # cancelled after 0, 1, 2, ... turns of the event loop

            async def write(value: str) -> None:
                async with db.write():
                    await db.put_bot_state("k", value)
                    await db.put_bot_state("k2", value)

            task = asyncio.create_task(write(f"cancelled {steps}"))
            for _ in range(steps):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await write(f"kept {steps}")
            async with other.read():
                assert await other.bot_state("k") == f"kept {steps}"
    finally:
        await db.close()
        await other.close()
