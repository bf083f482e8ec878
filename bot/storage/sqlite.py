"""The SQLite backend (aiosqlite): one connection, WAL, immediate write transactions.

One backend owns one connection. ``write()`` and ``read()`` both hold an asyncio lock, because
coroutines sharing one connection would otherwise interleave inside each other's transactions.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.backend import Conflict
from bot.storage.errors import DatabaseDamaged, StorageError
from bot.storage.files import file_problem, is_damage


class SQLiteBackend:
    """A SQLite database file (or ``:memory:``). Open with ``await SQLiteBackend.open(path)``."""

    loose_types = True
    dialect = "sqlite"
    #: One writer at a time for the whole file (``BEGIN IMMEDIATE``).
    parallel_writes = False

    def __init__(self, conn: aiosqlite.Connection, path: str | Path = ":memory:") -> None:
        self.conn = conn
        self.path = str(path)
        self.lock = asyncio.Lock()
        self.closed = False

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = 10_000) -> SQLiteBackend:
        """Connect and set the pragmas (no migration). Raises :class:`StorageError`, one line,
        when the file cannot hold a database."""
        problem = file_problem(path)
        if problem is not None:
            raise StorageError(problem)
        if str(path) != ":memory:":
            # A fresh volume (e.g. Docker's /data) may not have the folder yet.
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StorageError(
                    f"The folder of the database {path} cannot be created: {exc.strerror or exc}."
                ) from None
        try:
            # Probe with a plain connection first: a failed aiosqlite connect leaves its worker
            # thread finishing after the caller's loop may be gone (a traceback at exit).
            await asyncio.to_thread(_probe, str(path))
        except sqlite3.Error as exc:
            raise StorageError(f"The database {path} cannot be opened: {exc}.") from None
        # isolation_level=None: we issue BEGIN IMMEDIATE ourselves instead of sqlite3's implicit
        # deferred transactions, which would let two writers read the same version.
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL is consistent under WAL (a power cut may lose the last commits, never corrupt).
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        """Close the connection."""
        self.closed = True
        await self.conn.close()

    @asynccontextmanager
    async def write(self, *, exclusive: bool = False) -> AsyncIterator[None]:
        """An immediate transaction: committed on success, rolled back on any exception. Every
        write is exclusive on SQLite (it holds the file's write lock)."""
        async with self.lock:
            try:
                await self._to_end("BEGIN IMMEDIATE")
                yield
                await self._to_end("COMMIT")
            except BaseException as exc:
                # Also when COMMIT itself failed, or the task was cancelled (a pass stopped at
                # shutdown): never leave the connection inside a transaction.
                if self.conn.in_transaction:
                    await self._to_end("ROLLBACK")
                if is_damage(exc):
                    raise DatabaseDamaged(self.path, str(exc)) from exc
                raise

    async def _to_end(self, sql: str) -> None:
        """Run ``sql`` and wait for it to have run, even when the caller is cancelled meanwhile
        (the statement is queued on the connection's thread and runs anyway: a cancelled BEGIN
        would otherwise leave a transaction open that the next one trips on); a cancellation is
        raised once it has."""
        statement = asyncio.ensure_future(self.conn.execute(sql))
        try:
            await asyncio.shield(statement)
        except asyncio.CancelledError:
            await asyncio.wait({statement})
            raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[None]:
        """Exclusive use of the connection for reads (no transaction is opened)."""
        async with self.lock:
            try:
                yield
            except sqlite3.DatabaseError as exc:
                if is_damage(exc):
                    raise DatabaseDamaged(self.path, str(exc)) from exc
                raise

    def row_lock(self, *, skip_locked: bool = False) -> str:
        """Nothing: the immediate transaction already holds the whole file."""
        return ""

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any] | None:
        async with self.conn.execute(sql, tuple(params)) as cur:
            row = await cur.fetchone()
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return [tuple(r) for r in await cur.fetchall()]

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            async with self.conn.execute(sql, tuple(params)) as cur:
                return int(cur.rowcount)
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from exc

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from exc

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            async with self.conn.execute(sql, tuple(params)) as cur:
                row_id = cur.lastrowid
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from exc
        assert row_id is not None
        return int(row_id)

    async def columns(self, table: str) -> list[str]:
        if not table.isidentifier():
            raise ValueError(f"not a table name: {table!r}")
        return [str(r[1]) for r in await self.all(f"PRAGMA table_info({table})")]

    async def schema_version(self) -> int:
        row = await self.one("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def set_schema_version(self, version: int) -> None:
        await self.conn.execute(f"PRAGMA user_version = {int(version)}")


def _probe(path: str) -> None:
    """Open and close ``path`` with a plain connection (raises ``sqlite3.Error``)."""
    sqlite3.connect(path).close()
