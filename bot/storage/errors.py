"""What stops a start (or a command) on a database that cannot be used: one line each, never a
traceback (``bot.config.StartupError``)."""

from __future__ import annotations

from pathlib import Path

from bot.config import StartupError


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


class ConnectionLost(Exception):  # noqa: N818 - says what happened, like Conflict
    """The database connection broke before the transaction's COMMIT was sent: the server rolled
    it back, so nothing of it was written and running it again whole is safe (#25.6)."""


class CommitUncertain(Exception):  # noqa: N818
    """The database connection broke while the transaction's COMMIT was under way: it may or may
    not have been written. Never run again blindly; the next read says which (#25.6)."""
