"""The SQLite database file itself: what can be said about it before (and without) opening it, its
damage check, and the errors a start stops with (one line each)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.storage.errors import DatabaseDamaged
from bot.storage.migrations import SCHEMA_VERSION

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


def stored_schema_version(path: str | Path) -> int:
    """The schema version recorded in the file at ``path``, read through a read-only connection
    (raises ``sqlite3.Error`` when it cannot be read)."""
    con = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    try:
        return int(con.execute("PRAGMA user_version").fetchone()[0])
    finally:
        con.close()


def database_problem(path: Path) -> str | None:
    """What is wrong with the database file, or None: it must exist, be SQLite, pass SQLite's
    ``PRAGMA quick_check`` (every page readable and well-formed) and have a schema this code
    knows. Read-only: nothing is created or changed."""
    if not path.exists():
        return f"database {path} does not exist"
    problem = file_problem(path)
    if problem is not None:
        return problem
    try:
        version = stored_schema_version(path)
        if version > SCHEMA_VERSION:
            return (
                f"database {path} has schema version {version}, newer than this Turnpost "
                f"knows ({SCHEMA_VERSION})"
            )
        findings = quick_check(path)
    except sqlite3.Error as exc:
        return f"database {path} cannot be read: {exc}"
    if findings != ["ok"]:
        return f"database {path} is damaged: {'; '.join(findings[:3])}"
    return None
