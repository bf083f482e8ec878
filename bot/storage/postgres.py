"""The PostgreSQL backend (asyncpg): one connection, write transactions serialised per game, the
same guarantees as SQLite's (``backend.py``).

asyncpg rather than psycopg 3: it speaks PostgreSQL's protocol itself (no libpq on the host, a
plain wheel), is asyncio-native like the rest of the bot, and is the faster of the two.

Per-game serialisation (#25): a write transaction locks the row of every game it reads
(``SELECT … FOR UPDATE``, :meth:`PostgresBackend.row_lock`), so two moves of one game run one
after the other, each reading the version the previous one committed (READ COMMITTED re-reads a
locked row once its holder commits), while two games' moves commit side by side. The version
check in the snapshot's ``UPDATE … WHERE version = ?`` stays as the last guard. Migrations alone
take one database-wide advisory lock (``write(exclusive=True)``): two processes starting at once
never both migrate. Locks are released at commit or rollback, and by the server if the
connection dies.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import socket
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.backend import Conflict
from bot.storage.errors import CommitUncertain, ConnectionLost, StorageError

#: The advisory lock an exclusive write (a migration) takes (any constant; "turnpost" in ASCII).
WRITE_LOCK = 0x7475726E706F7374

#: How long a process tries to reconnect to a server that went away (a restart) before a
#: statement fails with :class:`ConnectionLost`, and the longest pause between two tries.
RECONNECT_FOR_S = 60.0
RECONNECT_PAUSE_MAX_S = 2.0
#: A connection idle this long is asked whether it still stands (``SELECT 1``) before a read or
#: a write uses it: a restart takes longer than this, so a connection idle across one is found
#: broken before a statement that cannot be run again fails; back-to-back uses pay nothing.
PING_AFTER_IDLE_S = 0.5

#: What a broken connection raises: the server shut it (a restart, ``pg_terminate_backend``), is
#: starting up, or the socket died.
_LOST = (
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.AdminShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.PostgresConnectionError,
    # The server's goodbye arrived while the connection was idle: asyncpg's protocol is left in
    # a state no statement can leave ("another operation is in progress").
    asyncpg.InternalClientError,
)

_STATUS_COUNT = re.compile(r"(\d+)$")


def placeholders(sql: str) -> str:
    """``?`` parameters as PostgreSQL's ``$1, $2, …`` (never inside a quoted literal)."""
    out: list[str] = []
    number = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            number += 1
            out.append(f"${number}")
        else:
            out.append(ch)
    return "".join(out)


@asynccontextmanager
async def scratch_schema(url: str, prefix: str = "scratch") -> AsyncIterator[str]:
    """A schema of its own on the server at ``url`` for a benchmark's run: yields the URL that
    opens it (``search_path``), and drops it with everything in it at the end."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
        finally:
            await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        await admin.close()


@asynccontextmanager
async def scratch_database(url: str, prefix: str = "scratch") -> AsyncIterator[str]:
    """A fresh database on the server at ``url`` for a benchmark's run: yields the URL that
    opens it, and drops it (closing whatever is still connected) at the end."""
    name = f"{prefix}_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            parts = urlsplit(url)
            yield urlunsplit(parts._replace(path=f"/{name}"))
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def _safe(url: str) -> str:
    """The URL without its password (what errors name)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def _where(url: str) -> str:
    """``host:port`` of the server ``url`` names (the defaults asyncpg connects to otherwise)."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}"


def connect_problem(url: str, exc: BaseException, timeout: float) -> str:
    """The one line to stop with when connecting to ``url`` failed with ``exc``: what went
    wrong in the words a host can act on, naming the server but never the password."""
    parts = urlsplit(url)
    where = _where(url)
    database = parts.path.lstrip("/") or parts.username or "postgres"
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return (
            f"The PostgreSQL server at {where} has no database {database!r}; create it"
            f" (createdb {database}) or fix TURNPOST_DATABASE_URL."
        )
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return (
            f"The PostgreSQL server at {where} refused the password of user"
            f" {parts.username or 'postgres'!r}; fix TURNPOST_DATABASE_URL."
        )
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f"The PostgreSQL server at {where} refused the login: {exc}; fix TURNPOST_DATABASE_URL."
        )
    if isinstance(exc, socket.gaierror):
        return f"The PostgreSQL host {parts.hostname!r} cannot be found ({exc.strerror}); fix TURNPOST_DATABASE_URL."
    if isinstance(exc, ConnectionRefusedError):
        return (
            f"Nothing answers at {where} (connection refused): is PostgreSQL running there?"
            " Start it, or fix TURNPOST_DATABASE_URL."
        )
    if isinstance(exc, TimeoutError):
        return f"The PostgreSQL server at {where} did not answer within {timeout:g} s."
    return f"The database {_safe(url)} cannot be opened: {exc}."


async def connect(url: str, *, timeout: float = 10.0) -> asyncpg.Connection:
    """A connection to ``url``; raises :class:`StorageError` with one clear line when the server
    cannot be reached, the login is refused or the database does not exist."""
    try:
        return await asyncpg.connect(url, timeout=timeout)
    except (TimeoutError, OSError, asyncpg.PostgresError, ValueError, OverflowError) as exc:
        raise StorageError(connect_problem(url, exc, timeout)) from None


async def probe(url: str, *, timeout: float = 10.0) -> tuple[str, int | None]:
    """The server's version and the schema version of the database ``url`` names (None when
    no Turnpost schema is there yet), read without changing anything (``turnpost health``, and
    ``turnpost run`` before it needs a token). Raises :class:`StorageError` (one line)."""
    conn = await connect(url, timeout=timeout)
    try:
        server = str(await conn.fetchval("SHOW server_version"))
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return server, None
        value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
        return server, int(value or 0)
    except asyncpg.PostgresError as exc:
        raise StorageError(f"The database {_safe(url)} cannot be read: {exc}.") from None
    finally:
        await conn.close()


class PostgresBackend:
    """A PostgreSQL database. Open with ``await PostgresBackend.open(url)``."""

    loose_types = False
    dialect = "postgresql"
    #: Two games' write transactions commit side by side (each locks only its games' rows).
    parallel_writes = True

    def __init__(self, conn: asyncpg.Connection, path: str, url: str = "") -> None:
        self.conn = conn
        self.path = path
        #: The URL (with its password) to connect again with when the connection broke.
        self.url = url
        #: When the connection was last used (``time.monotonic``).
        self.used = time.monotonic()
        self.lock = asyncio.Lock()
        self.closed = False
        #: Inside a write transaction: reads of a game's row lock it (:meth:`row_lock`).
        self.writing = False

    @classmethod
    async def open(cls, url: str, *, timeout: float = 10.0) -> PostgresBackend:
        """Connect (and make sure the schema-version table exists). Raises
        :class:`StorageError`, one line, when the server cannot be used."""
        conn = await connect(url, timeout=timeout)
        try:
            # Under the migrations' lock: two processes starting at once would otherwise race
            # inside CREATE TABLE IF NOT EXISTS (a duplicate-key error from the catalog).
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
                )
        except BaseException:
            await conn.close()
            raise
        return cls(conn, _safe(url), url)

    async def close(self) -> None:
        self.closed = True
        await self.conn.close()

    def _lost(self, exc: BaseException) -> bool:
        """Whether ``exc`` says the connection broke (rather than a statement failing); the
        connection is then let go, so the next use connects again."""
        lost = isinstance(exc, _LOST) or self.conn.is_closed()
        if lost and not self.conn.is_closed():
            self.conn.terminate()
        return lost

    async def _alive(self) -> None:
        """Connect again when the connection broke (the server restarted): a process carries
        on by itself once the server is back, trying for ``RECONNECT_FOR_S``."""
        if self.closed:
            return
        if not self.conn.is_closed() and time.monotonic() - self.used >= PING_AFTER_IDLE_S:
            try:
                await self.conn.execute("SELECT 1")
            except (*_LOST, asyncpg.InterfaceError, OSError):
                self.conn.terminate()
        self.used = time.monotonic()
        if not self.conn.is_closed():
            return
        deadline = time.monotonic() + RECONNECT_FOR_S
        pause = 0.05
        while True:
            try:
                self.conn = await asyncpg.connect(self.url, timeout=RECONNECT_PAUSE_MAX_S * 5)
                return
            except (OSError, asyncpg.PostgresError) as exc:
                if time.monotonic() + pause > deadline:
                    raise ConnectionLost(
                        f"The database {self.path} cannot be reached again: {exc}"
                    ) from exc
            await asyncio.sleep(pause)
            pause = min(pause * 2, RECONNECT_PAUSE_MAX_S)

    @asynccontextmanager
    async def write(self, *, exclusive: bool = False) -> AsyncIterator[None]:
        """A write transaction (``backend.py``). A connection that broke before COMMIT raises
        :class:`ConnectionLost` (the server rolled the transaction back: safe to run whole
        again, ``Playing.act`` does); one that broke during COMMIT raises
        :class:`CommitUncertain` (never retried blindly). The next use connects again."""
        async with self.lock:
            await self._alive()
            self.writing = True
            committing = False
            try:
                await self._to_end("BEGIN")
                if exclusive:
                    await self.conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                yield
                committing = True
                await self._to_end("COMMIT")
            except BaseException as exc:
                if self._lost(exc):
                    if committing:
                        raise CommitUncertain(
                            f"The connection to {self.path} broke during a commit: {exc}"
                        ) from exc
                    raise ConnectionLost(
                        f"The connection to {self.path} broke; nothing was written: {exc}"
                    ) from exc
                # Also when the task was cancelled (a pass stopped at shutdown): never leave
                # the connection inside a transaction, holding its locks.
                if self.conn.is_in_transaction():
                    await self._to_end("ROLLBACK")
                raise
            finally:
                self.writing = False
                self.used = time.monotonic()

    async def _to_end(self, sql: str) -> None:
        """Run a transaction statement and wait for it to have run, even when the caller is
        cancelled meanwhile; a cancellation is raised once it has. (asyncpg's own transaction
        object, cancelled while it began, left the connection inside a transaction that every
        later one nested into as a savepoint: nothing committed again.)"""
        statement = asyncio.ensure_future(self.conn.execute(sql))
        try:
            await asyncio.shield(statement)
        except asyncio.CancelledError:
            await asyncio.wait({statement})
            raise

    def row_lock(self, *, skip_locked: bool = False) -> str:
        """``FOR UPDATE`` (``SKIP LOCKED``: rows another transaction holds are left out) inside
        a write transaction; nothing in a read, which never waits for a writer."""
        if not self.writing:
            return ""
        return " FOR UPDATE SKIP LOCKED" if skip_locked else " FOR UPDATE"

    @asynccontextmanager
    async def read(self) -> AsyncIterator[None]:
        async with self.lock:
            await self._alive()
            try:
                yield
            except BaseException as exc:
                if self._lost(exc):
                    raise ConnectionLost(f"The connection to {self.path} broke: {exc}") from exc
                raise
            finally:
                self.used = time.monotonic()

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any] | None:
        row = await self.conn.fetchrow(placeholders(sql), *params)
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        return [tuple(r) for r in await self.conn.fetch(placeholders(sql), *params)]

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        async with self._guarded(sql):
            status = await self.conn.execute(placeholders(sql), *params)
        found = _STATUS_COUNT.search(status or "")
        return int(found.group(1)) if found else 0

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self._guarded(sql):
            await self.conn.executemany(placeholders(sql), [tuple(r) for r in rows])

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        async with self._guarded(sql):
            row_id = await self.conn.fetchval(placeholders(sql) + " RETURNING id", *params)
        return int(row_id)

    @asynccontextmanager
    async def _guarded(self, sql: str) -> AsyncIterator[None]:
        """A statement that may break a unique key raises :class:`Conflict`, and, inside a
        transaction, runs under a savepoint: PostgreSQL would otherwise abort the whole
        transaction, where SQLite lets it go on (the lobby reads the live game after a
        refused insert)."""
        if not sql.lstrip().upper().startswith("INSERT"):
            yield
            return
        try:
            if self.conn.is_in_transaction():
                await self.conn.execute("SAVEPOINT turnpost_insert")
                try:
                    yield
                except BaseException:
                    await self.conn.execute("ROLLBACK TO SAVEPOINT turnpost_insert")
                    raise
                await self.conn.execute("RELEASE SAVEPOINT turnpost_insert")
            else:
                yield
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise Conflict(str(exc)) from exc

    async def columns(self, table: str) -> list[str]:
        rows = await self.conn.fetch(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            table,
        )
        return [str(r[0]) for r in rows]

    async def schema_version(self) -> int:
        value = await self.conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(value or 0)

    async def set_schema_version(self, version: int) -> None:
        await self.conn.execute("DELETE FROM schema_version")
        await self.conn.execute("INSERT INTO schema_version (version) VALUES ($1)", int(version))
