"""Storage: migrations, pragmas, the one-live-game-per-channel index, the version check."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Conflict,
    DatabaseDamaged,
    SchemaTooNew,
    Storage,
)
from tests.bot.conftest import damage_tables


async def _pragma(db: Storage, name: str) -> object:
    async with db.conn.execute(f"PRAGMA {name}") as cur:
        row = await cur.fetchone()
    assert row is not None
    return row[0]


async def test_a_fresh_database_is_migrated_to_the_latest_schema(db_path: Path) -> None:
    db = await Storage.open(db_path)
    try:
        assert await db.schema_version() == SCHEMA_VERSION
        assert await _pragma(db, "journal_mode") == "wal"
        assert await _pragma(db, "foreign_keys") == 1
        assert int(str(await _pragma(db, "busy_timeout"))) > 0
        async with db.conn.execute("SELECT name FROM sqlite_master WHERE type='table'") as cur:
            tables = {r[0] for r in await cur.fetchall()}
        assert {"games", "seats", "actions", "game_settings", "user_settings"} <= tables
        assert {"reminders", "votes"} <= tables
    finally:
        await db.close()


async def test_reopening_runs_no_migration_twice(db_path: Path) -> None:
    await (await Storage.open(db_path)).close()
    for _ in range(2):
        db = await Storage.open(db_path)
        assert await db.schema_version() == SCHEMA_VERSION
        await db.close()


async def test_a_database_from_newer_code_refuses_to_start(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew, match="Upgrade Turnpost"):
        await Storage.open(db_path)
    # ...and it was left untouched.
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0


def _insert(conn: sqlite3.Connection, channel: int, status: str) -> None:
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, engine, options, seed, status, creator_id,"
        " created_at, updated_at) VALUES (1, ?, 'tally', '{}', 1, ?, 1, 0, 0)",
        (channel, status),
    )


async def test_the_index_itself_allows_one_live_game_per_channel(db_path: Path) -> None:
    await (await Storage.open(db_path)).close()
    # Plain SQL, bypassing the service: the database enforces the rule on its own.
    with sqlite3.connect(db_path) as conn:
        _insert(conn, 5, "finished")
        _insert(conn, 5, "aborted")
        _insert(conn, 5, "lobby")
        with pytest.raises(sqlite3.IntegrityError):
            _insert(conn, 5, "active")
        with pytest.raises(sqlite3.IntegrityError):
            _insert(conn, 5, "lobby")
        _insert(conn, 6, "active")  # another channel is fine
        conn.execute("UPDATE games SET status = 'finished' WHERE channel_id = 5")
        _insert(conn, 5, "lobby")  # once it ended, the channel is free again


async def test_a_snapshot_write_at_a_stale_version_fails(db_path: Path) -> None:
    db = await Storage.open(db_path)
    try:
        async with db.write():
            game_id = await db.insert_game(
                guild_id=1,
                channel_id=1,
                engine="tally",
                options={},
                seed=1,
                creator_id=1,
                players=None,
                now=0,
            )
        with pytest.raises(RuntimeError, match="no longer at version 5"):
            async with db.write():
                await db.write_snapshot(
                    game_id,
                    expected_version=5,
                    snapshot="{}",
                    status="active",
                    to_act=[0],
                    round_info="",
                    result=None,
                    now=1,
                )
        async with db.read():
            assert await db.version(game_id) == 0
    finally:
        await db.close()


async def test_the_log_refuses_a_duplicate_move_number(db_path: Path) -> None:
    db = await Storage.open(db_path)
    try:
        async with db.write():
            game_id = await db.insert_game(
                guild_id=1,
                channel_id=1,
                engine="tally",
                options={},
                seed=1,
                creator_id=1,
                players=None,
                now=0,
            )
            await db.append_action(
                game_id, move=1, seat=0, action="draw", events=[], reveals=True, auto=False, now=0
            )
        with pytest.raises(Conflict):
            async with db.write():
                await db.append_action(
                    game_id, move=1, seat=1, action="draw", events=[], reveals=0, auto=0, now=0
                )
        async with db.read():
            assert [a.seat for a in await db.actions(game_id)] == [0]
    finally:
        await db.close()


async def test_pending_migrations_run_in_order_and_keep_the_data(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = await Storage.open(db_path)
    async with db.write():
        game_id = await db.insert_game(
            guild_id=1,
            channel_id=1,
            engine="tally",
            options={},
            seed=1,
            creator_id=1,
            players=None,
            now=0,
        )
    await db.close()
    # A later release adds migration 2; opening the old file applies just that one.
    monkeypatch.setattr(
        "bot.storage.migrations.MIGRATIONS",
        (*MIGRATIONS, "ALTER TABLE games ADD COLUMN title TEXT NOT NULL DEFAULT 'untitled';"),
    )
    db = await Storage.open(db_path)
    try:
        assert await db.schema_version() == SCHEMA_VERSION + 1
        async with db.conn.execute("SELECT id, title FROM games") as cur:
            assert list(await cur.fetchall()) == [(game_id, "untitled")]
    finally:
        await db.close()


async def test_a_missing_folder_is_created(tmp_path: Path) -> None:
    db = await Storage.open(tmp_path / "volume" / "data" / "turnpost.db")
    await db.close()
    assert (tmp_path / "volume" / "data" / "turnpost.db").exists()


async def test_a_version_1_database_gains_the_table_quiet_hours(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        m.setattr("bot.storage.migrations.MIGRATIONS", MIGRATIONS[:1])
        db = await Storage.open(db_path)
        await db.conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, engine, options, seed, status,"
            " creator_id, created_at, updated_at) VALUES (7, 1, 1, 'tally', '{}', 1, 'lobby', 1,"
            " 0, 0)"
        )
        await db.conn.execute("INSERT INTO game_settings VALUES (7, 3600, 7200, 2, 0)")
        assert await db.schema_version() == 1
        await db.close()
    db = await Storage.open(db_path)
    try:
        assert await db.schema_version() == SCHEMA_VERSION
        async with db.read():
            settings = await db.settings(7)
        assert settings is not None
        assert (settings.reminder_interval, settings.reminder_max) == (7200, 2)
        assert (settings.quiet_start, settings.quiet_end, settings.tz_offset_minutes) == (0, 0, 0)
    finally:
        await db.close()


async def test_bot_state_remembers_a_value_across_reopening(db_path: Path) -> None:
    # Migration 3 adds a small key/value table for the bot's own bookkeeping (e.g. the hash of
    # the last command payload synced to Discord).
    db = await Storage.open(db_path)
    try:
        async with db.read():
            assert await db.bot_state("commands:global") is None
        async with db.write():
            await db.put_bot_state("commands:global", "abc")
            await db.put_bot_state("commands:global", "def")
    finally:
        await db.close()
    db = await Storage.open(db_path)
    try:
        async with db.read():
            assert await db.bot_state("commands:global") == "def"
    finally:
        await db.close()


async def test_a_damaged_page_read_after_opening_is_one_line_naming_the_file(
    db_path: Path,
) -> None:
    """#22.4: the open reads only the schema, so damage is found by the first read of the page;
    it is said as a ``DatabaseDamaged`` (one line for the command line), not SQLite's own error."""
    db = await Storage.open(db_path)
    async with db.write():
        game_id = await db.insert_game(
            guild_id=1,
            channel_id=5,
            engine="tally",
            options={},
            seed=1,
            creator_id=1,
            players=2,
            now=0.0,
        )
    await db.close()
    damage_tables(db_path, "games")
    db = await Storage.open(db_path)
    try:
        with pytest.raises(DatabaseDamaged) as err:
            async with db.read():
                await db.game(game_id)
        assert str(db_path) in str(err.value) and "turnpost health" in str(err.value)
        with pytest.raises(DatabaseDamaged):
            async with db.write():
                await db.touch(game_id, 1.0)
    finally:
        await db.close()
