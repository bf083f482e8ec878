"""The storage façade: one :class:`Storage` offers every concern's queries over one backend.

The action log is the truth; the game row's snapshot is a cache of the state after the log's last
(non-undone) action and must equal a replay of the log. A move is one write transaction that
checks the version, appends the log row, writes the snapshot, bumps the version and writes its
outbox row, so two simultaneous moves on one game never both land, even from two processes.

Every use goes through ``async with storage.write()`` (a transaction that serialises each game it
reads: SQLite's file lock, PostgreSQL's row locks, ``backend.py``) or ``async with
storage.read()``; the row-level methods assume the caller holds one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.actions import ActionQueries
from bot.storage.backend import Backend, is_url
from bot.storage.clocks import ClockQueries
from bot.storage.errors import StorageError
from bot.storage.games import GameQueries
from bot.storage.jobs import JobQueries
from bot.storage.migrations import migrate
from bot.storage.outbox import OutboxQueries
from bot.storage.ratings import RatingQueries
from bot.storage.schedules import ScheduleQueries
from bot.storage.settings import SettingsQueries
from bot.storage.sqlite import SQLiteBackend
from bot.storage.standings import StandingQueries
from bot.storage.votes import VoteQueries


class Storage(
    GameQueries,
    ActionQueries,
    SettingsQueries,
    ScheduleQueries,
    VoteQueries,
    OutboxQueries,
    JobQueries,
    RatingQueries,
    ClockQueries,
    StandingQueries,
):
    """The database. Open with ``await Storage.open(path)``."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = 10_000) -> Storage:
        """Connect and run pending migrations: ``path`` is a SQLite file, or a PostgreSQL URL
        (``postgresql://user@host:port/database``; a ``search_path`` parameter picks the schema).

        Raises :class:`~bot.storage.errors.SchemaTooNew` when the database was migrated by newer
        code, :class:`~bot.storage.errors.StorageError` (one line) when it cannot be used.
        """
        backend: Backend
        failures: tuple[type[BaseException], ...] = (sqlite3.Error,)
        if is_url(path):
            import asyncpg

            from bot.storage.postgres import PostgresBackend

            backend = await PostgresBackend.open(str(path))
            failures = (asyncpg.PostgresError,)
        else:
            backend = await SQLiteBackend.open(path, busy_timeout_ms=busy_timeout_ms)
        try:
            await migrate(backend)
        except failures as exc:
            await backend.close()
            raise StorageError(f"The database {backend.path} cannot be opened: {exc}.") from None
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    @property
    def path(self) -> str:
        """The database's file (what errors name)."""
        return self.backend.path

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self.backend.closed

    @property
    def conn(self) -> aiosqlite.Connection:
        """The SQLite connection (tests and ``bench/move_path.py`` look at its statements)."""
        assert isinstance(self.backend, SQLiteBackend), "only the SQLite backend has one"
        return self.backend.conn

    async def close(self) -> None:
        """Close the connection."""
        await self.backend.close()

    async def schema_version(self) -> int:
        """How many migrations the database has had."""
        return await self.backend.schema_version()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Storage]:
        """A write transaction: committed on success, rolled back on any exception."""
        async with self.backend.write():
            yield self

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Storage]:
        """Exclusive use of the connection for reads (no transaction is opened)."""
        async with self.backend.read():
            yield self
