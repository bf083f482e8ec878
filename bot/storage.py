"""SQLite storage for games, seats, the action log, settings, reminders and votes (aiosqlite).

The action log is the truth; the game row's snapshot is a cache of the state after the log's last
(non-undone) action and must equal a replay of the log. A move is one ``BEGIN IMMEDIATE``
transaction that checks the version, appends the log row, writes the snapshot and bumps the version,
so two simultaneous moves on one game never both land, even from two processes.

One :class:`Storage` owns one connection. Every use goes through ``async with storage.write()`` (an
immediate transaction) or ``async with storage.read()``; both hold an asyncio lock, because
coroutines sharing one connection would otherwise interleave inside each other's transactions.
The row-level methods assume the caller holds one of them.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.config import StartupError

LIVE = ("lobby", "active")

#: Numbered schema migrations; ``PRAGMA user_version`` records how many have run.
MIGRATIONS: tuple[str, ...] = (
    # 1: the initial schema.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        engine      TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        creator_id  INTEGER NOT NULL,
        players     INTEGER,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        snapshot    TEXT,
        to_act      TEXT    NOT NULL DEFAULT '[]',
        round_info  TEXT    NOT NULL DEFAULT '',
        result      TEXT
    );
    CREATE UNIQUE INDEX games_one_live_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games (channel_id, id);

    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT    NOT NULL,
        removed  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE actions (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        move     INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   TEXT    NOT NULL,
        events   TEXT    NOT NULL,
        reveals  INTEGER NOT NULL DEFAULT 0,
        auto     INTEGER NOT NULL DEFAULT 0,
        undone   INTEGER NOT NULL DEFAULT 0,
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, move)
    ) WITHOUT ROWID;

    CREATE TABLE game_settings (
        game_id            INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        reminder_delay     REAL    NOT NULL,
        reminder_interval  REAL    NOT NULL,
        reminder_max       INTEGER NOT NULL,
        deadline           REAL    NOT NULL DEFAULT 0
    );

    CREATE TABLE user_settings (
        user_id            INTEGER PRIMARY KEY,
        quiet_start        INTEGER NOT NULL DEFAULT 0,
        quiet_end          INTEGER NOT NULL DEFAULT 0,
        tz_offset_minutes  INTEGER NOT NULL DEFAULT 0,
        away_until         REAL    NOT NULL DEFAULT 0
    );

    CREATE TABLE reminders (
        game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id       INTEGER NOT NULL,
        kind          TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
        turn_started  REAL    NOT NULL,
        due_at        REAL,
        sent          INTEGER NOT NULL DEFAULT 0,
        last_sent_at  REAL,
        PRIMARY KEY (game_id, user_id, kind)
    );
    CREATE INDEX reminders_due ON reminders (due_at) WHERE due_at IS NOT NULL;

    CREATE TABLE votes (
        game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind              TEXT    NOT NULL CHECK (kind IN ('abort', 'remove', 'replace')),
        target            INTEGER NOT NULL,
        voter_id          INTEGER NOT NULL,
        replacement_id    INTEGER NOT NULL DEFAULT 0,
        replacement_name  TEXT    NOT NULL DEFAULT '',
        at                REAL    NOT NULL,
        PRIMARY KEY (game_id, kind, target, voter_id)
    );
    """,
    # 2: the table's own quiet hours (on top of each player's).
    """
    ALTER TABLE game_settings ADD COLUMN quiet_start INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_settings ADD COLUMN quiet_end INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_settings ADD COLUMN tz_offset_minutes INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: the bot's own bookkeeping, e.g. the hash of the command payload last synced to Discord.
    """
    CREATE TABLE bot_state (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    );
    """,
    # 4: the outbox: a change committed but not yet announced in its channel (written in the
    # change's own transaction, deleted once its message is posted), so a crash between the two
    # never leaves a move silent. ``claimed_until`` is a lease: whoever holds an unexpired one is
    # posting the row now, and nobody else may.
    """
    CREATE TABLE outbox (
        id             INTEGER PRIMARY KEY,
        game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version        INTEGER NOT NULL,
        first_move     INTEGER NOT NULL,
        head           TEXT    NOT NULL DEFAULT '[]',
        created_at     REAL    NOT NULL,
        claimed_by     TEXT    NOT NULL DEFAULT '',
        claimed_until  REAL    NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_by_game ON outbox (game_id, version);
    """,
    # 5: what each move changed on the board, as the engine's public view tells it (its "last"),
    # so a board can mark every move since the acting player's last turn, not only the newest.
    """
    ALTER TABLE actions ADD COLUMN mark TEXT;
    """,
    # 6: a player's time zone by IANA name (e.g. Asia/Tokyo), so daylight saving never moves
    # their quiet hours or away time; '' keeps the fixed tz_offset_minutes.
    """
    ALTER TABLE user_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
    """,
    # 7: a table may turn hints off at creation (competitive games, #15.5).
    """
    ALTER TABLE game_settings ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
    """,
    # 8: Brass games stored before the full game (issue 16) name no ``mode``: they are
    # introductory games, and say so, so that validating their options again (a replay of their
    # record) keeps them introductory instead of filling in the new default, ``full``.
    """
    UPDATE games SET options = json_set(options, '$.mode', 'intro')
    WHERE engine = 'brass' AND json_extract(options, '$.mode') IS NULL;
    """,
    # 9: the table's quiet hours in an IANA zone, so daylight saving does not move them (#13.5).
    """
    ALTER TABLE game_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
    """,
    # 10: every running service beats here every few seconds, so a claim (an outbox lease) held
    # by a process that stopped beating (killed, its machine gone) is taken over within seconds
    # instead of when its lease runs out (#22.2). In the database, so it holds across machines.
    """
    CREATE TABLE processes (
        owner    TEXT PRIMARY KEY,
        beat_at  REAL NOT NULL
    );
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


class StorageError(StartupError):
    """The database file cannot be used (a folder, not SQLite, empty, unreadable...): one line."""


class SchemaTooNew(StorageError):
    """The database was written by a newer Turnpost than this one."""


class DatabaseDamaged(StorageError):
    """Pages of the database cannot be read (SQLite finds the file malformed): one line naming
    the file and ``turnpost health``, never a traceback (issue 22.4)."""

    def __init__(self, path: str | Path, detail: str) -> None:
        super().__init__(
            f"The database {path} is damaged ({detail}); run `turnpost health` for the details "
            "and restore the file from a backup."
        )


#: SQLite's result codes for a file whose pages cannot be read as a database.
DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


def is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite saying the file's pages are damaged."""
    return isinstance(exc, sqlite3.DatabaseError) and (
        getattr(exc, "sqlite_errorcode", None) in DAMAGE_CODES
    )


def quick_check(path: str | Path) -> list[str]:
    """SQLite's ``PRAGMA quick_check`` of the file at ``path`` (every page readable and
    well-formed), through a read-only connection: ``["ok"]`` or what is wrong. Raises
    ``sqlite3.Error`` when the file cannot be read at all."""
    con = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    try:
        return [str(r[0]) for r in con.execute("PRAGMA quick_check").fetchall()]
    finally:
        con.close()


def damage_problem(path: str | Path) -> DatabaseDamaged | None:
    """The damage an existing database file has (one line to stop a start with), or None.
    Reads every page (``quick_check``): for start-up, not for every open."""
    if str(path) == ":memory:" or not Path(path).exists():
        return None
    try:
        findings = quick_check(path)
    except sqlite3.Error as exc:
        return DatabaseDamaged(path, str(exc)) if is_damage(exc) else None
    return None if findings == ["ok"] else DatabaseDamaged(path, findings[0])


#: The smallest SQLite database file: one page of the smallest page size. SQLite writes nothing
#: until the first transaction, and then a whole page, so anything shorter is not a database.
MIN_DATABASE_BYTES = 512


def file_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot hold a Turnpost database, without changing it, or None.

    A missing file is fine (it will be created) as long as its folder can be; a 0-byte or
    non-SQLite file is refused, never started over as a new database: it may be a damaged or
    misplaced copy of the real one, and overwriting it would lose it for good.

    The file itself is never opened here except by SQLite: this process may already hold the
    database open (a second ``Storage.open``), and closing *any* descriptor of the file drops
    every POSIX lock the process holds on it, after which another process's connection, closing,
    believes it is the last one and deletes the write-ahead log under ours (SQLite's "How To
    Corrupt An SQLite Database File", 2.2; issue 22.1). SQLite's own descriptors are shared per
    file inside the process and closed only when no lock needs them."""
    if str(path) == ":memory:":
        return None
    path = Path(path)
    if path.is_dir():
        return f"The database path {path} is a folder; give the name of a file (TURNPOST_DB)."
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            return f"The database {path} cannot be created: {parent} is a file, not a folder."
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"The database file {path} cannot be read: {exc.strerror or exc}."
    if not os.access(path, os.R_OK):
        return f"The database file {path} cannot be read: Permission denied."
    if size == 0:
        return (
            f"The database file {path} is empty (0 bytes), so it is not a Turnpost database; it "
            "was left as it is. Restore it from a backup, or remove it to start a new one."
        )
    if size < MIN_DATABASE_BYTES or not _has_sqlite_header(path):
        return (
            f"The file {path} is not a SQLite database; it was left as it is. Point TURNPOST_DB "
            "at the right file, or remove this one to start a new database."
        )
    return None


def _has_sqlite_header(path: Path) -> bool:
    """Whether SQLite reads ``path``'s header as a database's (read-only: nothing is written;
    any other failure is left for the real open to report)."""
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            con.execute("PRAGMA schema_version").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        return getattr(exc, "sqlite_errorcode", None) != sqlite3.SQLITE_NOTADB
    except sqlite3.Error:
        return True
    return True


@dataclass(frozen=True)
class GameRow:
    """One row of ``games`` (``snapshot`` is only filled when asked for)."""

    id: int
    guild_id: int
    channel_id: int
    engine: str
    options: dict[str, str]
    seed: int
    status: str
    creator_id: int
    players: int | None
    version: int
    created_at: float
    updated_at: float
    to_act: list[int]
    round_info: str
    result: dict[str, Any] | None
    snapshot: str | None = None
    #: Columns that could not be read (damaged JSON or shape): the game's record is damaged.
    damaged: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    removed: bool = False


@dataclass(frozen=True)
class ActionRow:
    move: int
    seat: int
    action: str
    events: list[dict[str, Any]]
    reveals: bool
    auto: bool
    undone: bool
    at: float
    #: The row could not be read in full (its events, action text or seat).
    damaged: bool = False


@dataclass(frozen=True)
class SettingsRow:
    reminder_delay: float
    reminder_interval: float
    reminder_max: int
    deadline: float
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    #: whether players may ask for a hint (the AI's best moves) on their turn
    hints: bool = True
    #: the table's IANA zone for its quiet hours ("" = use ``tz_offset_minutes``)
    time_zone: str = ""


@dataclass(frozen=True)
class UserRow:
    user_id: int
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    away_until: float = 0.0
    time_zone: str = ""


@dataclass(frozen=True)
class OutboxRow:
    """A change waiting to be announced: the game's version after it, the first log move it
    added (the next move number when it added none), and its rendered head lines."""

    id: int
    game_id: int
    version: int
    first_move: int
    head: list[str]
    created_at: float
    claimed_by: str
    claimed_until: float
    #: The row could not be read (head not a list of lines, or version/first move not whole
    #: numbers): its own content is skipped, the game's announcement goes on without it.
    damaged: bool = False


@dataclass(frozen=True)
class ReminderRow:
    game_id: int
    user_id: int
    kind: str
    turn_started: float
    due_at: float | None
    sent: int
    last_sent_at: float | None


_GAME_COLS = (
    "id, guild_id, channel_id, engine, options, seed, status, creator_id, players, version, "
    "created_at, updated_at, to_act, round_info, result"
)


def _loads(text: Any, valid: Callable[[Any], bool]) -> tuple[Any, bool]:
    """A JSON column's value and whether it was readable (valid JSON of the expected shape)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None, False
    return value, valid(value)


def _is_lines(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _outbox_row(r: Sequence[Any]) -> OutboxRow:
    """An outbox row as read; one that cannot be read comes back marked ``damaged`` (with no
    head lines and its numbers as 0) instead of raising, so it never stops the drain."""
    head, ok = _loads(r[4], _is_lines)
    ok = ok and _is_int(r[2]) and _is_int(r[3])
    if ok:
        return OutboxRow(r[0], r[1], r[2], r[3], head, r[5], r[6], r[7])
    version = r[2] if _is_int(r[2]) else 0
    first_move = r[3] if _is_int(r[3]) else 0
    return OutboxRow(r[0], r[1], version, first_move, [], r[5], r[6], r[7], damaged=True)


def _is_options(v: Any) -> bool:
    return isinstance(v, dict) and all(
        isinstance(k, str) and isinstance(x, str) for k, x in v.items()
    )


def _is_seats(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


def _is_result(v: Any) -> bool:
    return v is None or (
        isinstance(v, dict) and {"ranking", "scores", "breakdown", "winners"} <= set(v)
    )


def _game(row: Sequence[Any], snapshot: str | None = None) -> GameRow:
    """A game row; a column that cannot be read (damaged JSON, wrong shape) is named in
    ``damaged`` and given an empty value, so one damaged game never breaks a listing."""
    damaged: list[str] = []
    options, ok = _loads(row[4], _is_options)
    if not ok:
        options = {}
        damaged.append("options")
    to_act, ok = _loads(row[12], _is_seats)
    if not ok:
        to_act = []
        damaged.append("to_act")
    result, ok = _loads(row[14], _is_result) if row[14] else (None, True)
    if not ok:
        result = None
        damaged.append("result")
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        engine=row[3],
        options=options,
        seed=row[5],
        status=row[6],
        creator_id=row[7],
        players=row[8],
        version=row[9],
        created_at=row[10],
        updated_at=row[11],
        to_act=to_act,
        round_info=row[13] if isinstance(row[13], str) else "",
        result=result,
        snapshot=snapshot,
        damaged=tuple(damaged),
    )


def _action(r: Sequence[Any]) -> ActionRow:
    """A log row; unreadable events (damaged JSON) become none, flagged ``damaged``."""
    events, ok = _loads(r[3], lambda v: isinstance(v, list) and all(isinstance(e, dict) for e in v))
    bad = not ok or not isinstance(r[2], str) or not isinstance(r[1], int)
    return ActionRow(
        r[0],
        r[1] if isinstance(r[1], int) else -1,
        r[2] if isinstance(r[2], str) else "",
        events if ok else [],
        bool(r[4]),
        bool(r[5]),
        bool(r[6]),
        r[7],
        damaged=bad,
    )


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON (what every JSON column holds)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Storage:
    """The database. Open with ``await Storage.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection, path: str | Path = ":memory:") -> None:
        self.conn = conn
        self.path = str(path)
        self.lock = asyncio.Lock()
        #: Set by :meth:`close`.
        self.closed = False

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = 10_000) -> Storage:
        """Connect, set the pragmas and run pending migrations.

        Raises :class:`SchemaTooNew` when the file was migrated by newer code.
        """
        # isolation_level=None: we issue BEGIN IMMEDIATE ourselves instead of sqlite3's implicit
        # deferred transactions, which would let two writers read the same version.
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
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL is consistent under WAL (a power cut may lose the last commits, never corrupt).
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            storage = cls(conn, path)
            await storage._migrate()
        except sqlite3.Error as exc:
            await conn.close()
            raise StorageError(f"The database {path} cannot be opened: {exc}.") from None
        except BaseException:
            await conn.close()
            raise
        return storage

    async def close(self) -> None:
        """Close the connection (again: nothing)."""
        self.closed = True
        await self.conn.close()

    async def schema_version(self) -> int:
        """The file's ``PRAGMA user_version``."""
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        async with self.lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                current = await self.schema_version()
                latest = len(MIGRATIONS)
                if current > latest:
                    raise SchemaTooNew(
                        f"This database has schema version {current}, but this Turnpost only "
                        f"knows versions up to {latest}. Upgrade Turnpost, or point "
                        f"TURNPOST_DB at another file."
                    )
                for number in range(current, latest):
                    for statement in _statements(MIGRATIONS[number]):
                        await self.conn.execute(statement)
                    await self.conn.execute(f"PRAGMA user_version = {number + 1}")
                await self.conn.execute("COMMIT")
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise

    # -- transactions -----------------------------------------------------------------------
    @asynccontextmanager
    async def write(self) -> AsyncIterator[Storage]:
        """An immediate transaction: committed on success, rolled back on any exception."""
        async with self.lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self
                await self.conn.execute("COMMIT")
            except BaseException as exc:
                # Also when COMMIT itself failed: never leave the connection inside a transaction.
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                if is_damage(exc):
                    raise DatabaseDamaged(self.path, str(exc)) from exc
                raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Storage]:
        """Exclusive use of the connection for reads (no transaction is opened)."""
        async with self.lock:
            try:
                yield self
            except sqlite3.DatabaseError as exc:
                if is_damage(exc):
                    raise DatabaseDamaged(self.path, str(exc)) from exc
                raise

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> Any:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def _exec(self, sql: str, params: Iterable[Any] = ()) -> None:
        await self.conn.execute(sql, tuple(params))

    # -- games ------------------------------------------------------------------------------
    async def insert_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        engine: str,
        options: dict[str, str],
        seed: int,
        creator_id: int,
        players: int | None,
        now: float,
    ) -> int:
        """A new lobby; raises ``sqlite3.IntegrityError`` if the channel already has a live game."""
        async with self.conn.execute(
            "INSERT INTO games (guild_id, channel_id, engine, options, seed, status, creator_id,"
            " players, version, created_at, updated_at) VALUES (?,?,?,?,?,'lobby',?,?,0,?,?)",
            (guild_id, channel_id, engine, dumps(options), seed, creator_id, players, now, now),
        ) as cur:
            game_id = cur.lastrowid
        assert game_id is not None
        return game_id

    async def live_game(self, channel_id: int) -> GameRow | None:
        """The lobby/active game of a channel."""
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? "
            "AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game, else its most recent game of any status."""
        live = await self.live_game(channel_id)
        if live is not None:
            return live
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        """A game by id."""
        row = await self._one(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def snapshot(self, game_id: int) -> str | None:
        """The stored state snapshot (canonical JSON text)."""
        row = await self._one("SELECT snapshot FROM games WHERE id = ?", (game_id,))
        return row[0] if row else None

    async def version(self, game_id: int) -> int | None:
        """The game's current version."""
        row = await self._one("SELECT version FROM games WHERE id = ?", (game_id,))
        return int(row[0]) if row else None

    async def write_snapshot(
        self,
        game_id: int,
        *,
        expected_version: int,
        snapshot: str | None,
        status: str,
        to_act: list[int],
        round_info: str,
        result: dict[str, Any] | None,
        now: float,
    ) -> int:
        """Store the state after a change and bump the version; returns the new version.

        Raises ``RuntimeError`` if the version moved (the caller's transaction is then rolled back).
        """
        async with self.conn.execute(
            "UPDATE games SET snapshot = ?, status = ?, to_act = ?, round_info = ?, result = ?,"
            " updated_at = ?, version = version + 1 WHERE id = ? AND version = ?",
            (
                snapshot,
                status,
                dumps(to_act),
                round_info,
                dumps(result) if result is not None else None,
                now,
                game_id,
                expected_version,
            ),
        ) as cur:
            changed = cur.rowcount
        if changed != 1:
            raise RuntimeError(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        """Change a game's status (and bump its version: buttons on it are stale)."""
        await self._exec(
            "UPDATE games SET status = ?, updated_at = ?, version = version + 1 WHERE id = ?",
            (status, now, game_id),
        )

    async def touch(self, game_id: int, now: float) -> None:
        """Bump the version and update time (seats changed)."""
        await self._exec(
            "UPDATE games SET updated_at = ?, version = version + 1 WHERE id = ?", (now, game_id)
        )

    async def count_games(self) -> int:
        """How many games are stored."""
        row = await self._one("SELECT COUNT(*) FROM games")
        return int(row[0])

    async def games_of_user(self, user_id: int) -> list[tuple[GameRow, int]]:
        """Every lobby/active game the user sits in, with their seat."""
        rows = await self._all(
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLS.split(','))}, s.seat"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'active')",
            (user_id,),
        )
        return [(_game(r[:-1]), int(r[-1])) for r in rows]

    async def games_with_computers(self) -> list[GameRow]:
        """Active games with a computer seat still playing (negative user ids)."""
        rows = await self._all(
            f"SELECT {_GAME_COLS} FROM games g WHERE g.status = 'active' AND EXISTS"
            " (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id < 0 AND s.removed = 0)"
            " ORDER BY g.id",
            (),
        )
        return [_game(r) for r in rows]

    # -- seats ------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        """Seats in seat order."""
        rows = await self._all(
            "SELECT seat, user_id, name, removed FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        """Replace all seats of a game."""
        await self._exec("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self.conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, removed) VALUES (?,?,?,?,?)",
            [(game_id, s.seat, s.user_id, s.name, int(s.removed)) for s in seats],
        )

    # -- the action log ---------------------------------------------------------------------
    async def next_move(self, game_id: int) -> int:
        """The number the next log row gets (1-based, no gaps; undone rows keep theirs)."""
        row = await self._one("SELECT MAX(move) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0] or 0) + 1

    async def append_action(
        self,
        game_id: int,
        *,
        move: int,
        seat: int,
        action: str,
        events: list[dict[str, Any]],
        reveals: bool,
        auto: bool,
        now: float,
        mark: Any = None,
    ) -> None:
        """Append one row to the log (a duplicate move number fails: the PRIMARY KEY). ``mark``
        is what the move changed on the public board (the engine view's "last"), if anything."""
        await self._exec(
            "INSERT INTO actions (game_id, move, seat, action, events, reveals, auto, at, mark)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
            (
                game_id,
                move,
                seat,
                action,
                dumps(events),
                int(reveals),
                int(auto),
                now,
                None if mark is None else dumps(mark),
            ),
        )

    async def recent_marks(self, game_id: int, limit: int = 100) -> list[tuple[int, bool, Any]]:
        """(seat, automatic, board mark or None) of the newest ``limit`` moves in effect, oldest
        first."""
        rows = await self._all(
            "SELECT seat, auto, mark FROM actions WHERE game_id = ? AND undone = 0"
            " ORDER BY move DESC LIMIT ?",
            (game_id, limit),
        )
        return [(r[0], bool(r[1]), json.loads(r[2]) if r[2] else None) for r in reversed(rows)]

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRow]:
        """The log in move order (without taken-back moves unless asked)."""
        sql = (
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ?"
        )
        if not include_undone:
            sql += " AND undone = 0"
        rows = await self._all(sql + " ORDER BY move", (game_id,))
        return [_action(r) for r in rows]

    async def last_action(self, game_id: int) -> ActionRow | None:
        """The latest action still in effect."""
        r = await self._one(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 ORDER BY move DESC LIMIT 1",
            (game_id,),
        )
        if r is None:
            return None
        return _action(r)

    async def last_turn_rows(self, game_id: int) -> list[ActionRow]:
        """The latest move still in effect (a row of a seat; chance rows have a negative seat)
        and the chance rows after it (the draws it led to), oldest first; empty before the first
        move."""
        rows = await self._all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move >= (SELECT MAX(move) FROM actions"
            " WHERE game_id = ? AND undone = 0 AND seat >= 0) ORDER BY move",
            (game_id, game_id),
        )
        return [_action(r) for r in rows]

    async def actions_since_turn(
        self, game_id: int, seats: Iterable[int], *, limit: int = 200
    ) -> list[ActionRow]:
        """The log rows in effect after the earliest own (not automatic) action of any of
        ``seats`` (all rows for a seat that never acted), the newest ``limit`` of them."""
        start = None
        for seat in seats:
            row = await self._one(
                "SELECT MAX(move) FROM actions WHERE game_id = ? AND seat = ? AND undone = 0"
                " AND auto = 0",
                (game_id, seat),
            )
            last = int(row[0] or 0)
            start = last if start is None else min(start, last)
        rows = await self._all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move > ? ORDER BY move DESC LIMIT ?",
            (game_id, start or 0, limit),
        )
        return [_action(r) for r in reversed(rows)]

    async def actions_since_move(self, game_id: int, move: int) -> list[ActionRow]:
        """The log rows in effect after log move ``move``, in order."""
        rows = await self._all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move > ? ORDER BY move",
            (game_id, move),
        )
        return [_action(r) for r in rows]

    async def mark_undone(self, game_id: int, move: int) -> None:
        """Take a move back. The row stays (the log keeps its history) but no longer counts."""
        await self._exec(
            "UPDATE actions SET undone = 1 WHERE game_id = ? AND move = ?", (game_id, move)
        )

    # -- settings ---------------------------------------------------------------------------
    async def settings(self, game_id: int) -> SettingsRow | None:
        """A game's reminder settings."""
        r = await self._one(
            "SELECT reminder_delay, reminder_interval, reminder_max, deadline, quiet_start,"
            " quiet_end, tz_offset_minutes, hints, time_zone FROM game_settings WHERE game_id = ?",
            (game_id,),
        )
        if not r:
            return None
        return SettingsRow(
            r[0], r[1], r[2], r[3], r[4], r[5], r[6], hints=bool(r[7]), time_zone=str(r[8])
        )

    async def put_settings(self, game_id: int, s: SettingsRow) -> None:
        """Store a game's reminder settings."""
        await self._exec(
            "INSERT OR REPLACE INTO game_settings (game_id, reminder_delay, reminder_interval,"
            " reminder_max, deadline, quiet_start, quiet_end, tz_offset_minutes, hints,"
            " time_zone) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                game_id,
                s.reminder_delay,
                s.reminder_interval,
                s.reminder_max,
                s.deadline,
                s.quiet_start,
                s.quiet_end,
                s.tz_offset_minutes,
                int(s.hints),
                s.time_zone,
            ),
        )

    async def user(self, user_id: int) -> UserRow:
        """A user's preferences (defaults when none are stored)."""
        r = await self._one(
            "SELECT quiet_start, quiet_end, tz_offset_minutes, away_until, time_zone"
            " FROM user_settings WHERE user_id = ?",
            (user_id,),
        )
        return UserRow(user_id, r[0], r[1], r[2], r[3], r[4]) if r else UserRow(user_id)

    async def put_user(self, u: UserRow) -> None:
        """Store a user's preferences."""
        await self._exec(
            "INSERT OR REPLACE INTO user_settings"
            " (user_id, quiet_start, quiet_end, tz_offset_minutes, away_until, time_zone)"
            " VALUES (?,?,?,?,?,?)",
            (u.user_id, u.quiet_start, u.quiet_end, u.tz_offset_minutes, u.away_until, u.time_zone),
        )

    # -- reminders --------------------------------------------------------------------------
    async def reminders(
        self, *, game_id: int | None = None, user_id: int | None = None
    ) -> list[ReminderRow]:
        """Reminder rows of a game and/or a user."""
        where, params = [], []
        if game_id is not None:
            where.append("game_id = ?")
            params.append(game_id)
        if user_id is not None:
            where.append("user_id = ?")
            params.append(user_id)
        rows = await self._all(
            "SELECT game_id, user_id, kind, turn_started, due_at, sent, last_sent_at"
            " FROM reminders" + (" WHERE " + " AND ".join(where) if where else ""),
            params,
        )
        return [ReminderRow(*r) for r in rows]

    async def put_reminder(self, r: ReminderRow) -> None:
        """Insert or replace one reminder row."""
        await self._exec(
            "INSERT OR REPLACE INTO reminders"
            " (game_id, user_id, kind, turn_started, due_at, sent, last_sent_at)"
            " VALUES (?,?,?,?,?,?,?)",
            (r.game_id, r.user_id, r.kind, r.turn_started, r.due_at, r.sent, r.last_sent_at),
        )

    async def delete_reminders(self, game_id: int, user_ids: Iterable[int] | None = None) -> None:
        """Drop a game's reminders (all, or those of some users)."""
        if user_ids is None:
            await self._exec("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            return
        await self.conn.executemany(
            "DELETE FROM reminders WHERE game_id = ? AND user_id = ?",
            [(game_id, u) for u in user_ids],
        )

    async def due(self, now: float) -> list[tuple[ReminderRow, int]]:
        """Unsent reminders due by ``now`` in active games, oldest first, with the channel id."""
        rows = await self._all(
            "SELECT r.game_id, r.user_id, r.kind, r.turn_started, r.due_at, r.sent,"
            " r.last_sent_at, g.channel_id FROM reminders r JOIN games g ON g.id = r.game_id"
            " WHERE r.due_at IS NOT NULL AND r.due_at <= ? AND g.status = 'active'"
            " ORDER BY r.due_at, r.game_id, r.kind, r.user_id",
            (now,),
        )
        return [(ReminderRow(*r[:7]), int(r[7])) for r in rows]

    async def mark_sent(self, r: ReminderRow, *, next_due: float | None, now: float) -> bool:
        """Record one reminder as sent, only if it is still due at the same time; returns whether
        it was (so marking twice, or after a move rescheduled it, does nothing)."""
        async with self.conn.execute(
            "UPDATE reminders SET sent = sent + 1, last_sent_at = ?, due_at = ?"
            " WHERE game_id = ? AND user_id = ? AND kind = ? AND due_at = ?",
            (now, next_due, r.game_id, r.user_id, r.kind, r.due_at),
        ) as cur:
            return cur.rowcount == 1

    # -- votes ------------------------------------------------------------------------------
    async def add_vote(
        self,
        game_id: int,
        kind: str,
        target: int,
        voter_id: int,
        *,
        replacement_id: int = 0,
        replacement_name: str = "",
        now: float,
    ) -> None:
        """Record (or change) one player's vote."""
        await self._exec(
            "INSERT OR REPLACE INTO votes (game_id, kind, target, voter_id, replacement_id,"
            " replacement_name, at) VALUES (?,?,?,?,?,?,?)",
            (game_id, kind, target, voter_id, replacement_id, replacement_name, now),
        )

    async def votes(self, game_id: int, kind: str, target: int) -> list[tuple[int, int, str]]:
        """(voter id, replacement id, replacement name) of each vote on one question."""
        rows = await self._all(
            "SELECT voter_id, replacement_id, replacement_name FROM votes"
            " WHERE game_id = ? AND kind = ? AND target = ?",
            (game_id, kind, target),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def vote_questions(self, game_id: int) -> list[tuple[str, int]]:
        """(kind, target) of every question of a game that has at least one vote, in order."""
        rows = await self._all(
            "SELECT DISTINCT kind, target FROM votes WHERE game_id = ? ORDER BY kind, target",
            (game_id,),
        )
        return [(str(r[0]), int(r[1])) for r in rows]

    async def clear_votes(
        self, game_id: int, kind: str | None = None, target: int | None = None
    ) -> None:
        """Forget the votes of a game: all, of one kind, or on one question (kind and target)."""
        if kind is None:
            await self._exec("DELETE FROM votes WHERE game_id = ?", (game_id,))
        elif target is None:
            await self._exec("DELETE FROM votes WHERE game_id = ? AND kind = ?", (game_id, kind))
        else:
            await self._exec(
                "DELETE FROM votes WHERE game_id = ? AND kind = ? AND target = ?",
                (game_id, kind, target),
            )

    # -- the outbox -------------------------------------------------------------------------
    async def add_outbox(
        self,
        game_id: int,
        *,
        version: int,
        first_move: int,
        head: Sequence[str],
        now: float,
        owner: str,
        lease_until: float,
    ) -> int:
        """Queue a change for announcement, already claimed by ``owner`` (the one about to post
        it) until ``lease_until``; returns the row id."""
        async with self.conn.execute(
            "INSERT INTO outbox (game_id, version, first_move, head, created_at, claimed_by,"
            " claimed_until) VALUES (?,?,?,?,?,?,?)",
            (game_id, version, first_move, dumps(list(head)), now, owner, lease_until),
        ) as cur:
            row_id = cur.lastrowid
        assert row_id is not None
        return row_id

    async def outbox(self, game_id: int | None = None) -> list[OutboxRow]:
        """Rows waiting, by game and version (of one game, or all)."""
        sql = (
            "SELECT id, game_id, version, first_move, head, created_at, claimed_by, claimed_until"
            " FROM outbox"
        )
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params = (game_id,)
        rows = await self._all(sql + " ORDER BY game_id, version, id", params)
        return [_outbox_row(r) for r in rows]

    async def claim_outbox(
        self, game_id: int, *, owner: str, now: float, until: float, alive_after: float
    ) -> bool:
        """Take every row of a game for ``owner`` until ``until``, unless another process still
        beating (last beat after ``alive_after``) holds one of them under a lease still running,
        or ``owner`` itself holds one it has not released (it is still posting it, however long
        that takes; it releases it if posting fails); returns whether it did. A lease of a
        process that stopped beating (killed) is no reason to wait. Call inside ``write()``: the
        immediate transaction makes the check and the claim one step for every process."""
        held = await self._one(
            "SELECT 1 FROM outbox WHERE game_id = ?"
            " AND ((claimed_by = ? AND claimed_until > 0) OR (claimed_until > ? AND claimed_by IN"
            " (SELECT owner FROM processes WHERE beat_at > ?))) LIMIT 1",
            (game_id, owner, now, alive_after),
        )
        if held is not None:
            return False
        async with self.conn.execute(
            "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE game_id = ?",
            (owner, until, game_id),
        ) as cur:
            return cur.rowcount > 0

    async def beat(self, owner: str, now: float) -> None:
        """Record that the process ``owner`` is alive at ``now`` (and forget processes silent
        for a day: killed long ago, their rows only tell that they once ran)."""
        await self._exec("DELETE FROM processes WHERE beat_at < ?", (now - 86_400.0,))
        await self._exec(
            "INSERT INTO processes (owner, beat_at) VALUES (?, ?)"
            " ON CONFLICT (owner) DO UPDATE SET beat_at = excluded.beat_at",
            (owner, now),
        )

    async def forget_process(self, owner: str) -> None:
        """A process stopping cleanly: its beat row goes and its claims are given back, so
        whoever comes next takes its rows over at once."""
        await self._exec("DELETE FROM processes WHERE owner = ?", (owner,))
        await self._exec(
            "UPDATE outbox SET claimed_until = 0 WHERE claimed_by = ?",
            (owner,),
        )

    async def clear_outbox(self, game_id: int, up_to_version: int) -> int:
        """Forget the rows of a game up to a version (announced), and any of its rows whose
        version is not a number (damaged: no version to compare); returns how many."""
        async with self.conn.execute(
            "DELETE FROM outbox WHERE game_id = ? AND (version <= ? OR typeof(version) != 'integer')",
            (game_id, up_to_version),
        ) as cur:
            return cur.rowcount

    async def release_outbox(self, game_id: int, owner: str) -> None:
        """Give back ``owner``'s claim on a game's rows (its post failed: retry on a later pass)."""
        await self._exec(
            "UPDATE outbox SET claimed_until = 0 WHERE game_id = ? AND claimed_by = ?",
            (game_id, owner),
        )

    async def bot_state(self, key: str) -> str | None:
        """A value the bot stored for itself under ``key``, if any."""
        row = await self._one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def put_bot_state(self, key: str, value: str) -> None:
        """Store (or overwrite) one of the bot's own values."""
        await self._exec(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


def _probe(path: str) -> None:
    """Open and close ``path`` with a plain connection (raises ``sqlite3.Error``)."""
    sqlite3.connect(path).close()


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (``sqlite3.complete_statement`` boundaries)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
