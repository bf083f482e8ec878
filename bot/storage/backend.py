"""The interface every database backend implements: statements with ``?`` parameters, the two
kinds of transaction, and the schema's version. The concern modules (games, actions, settings,
schedules, votes, outbox) write their queries once against it; SQLite implements it
(``bot/storage/sqlite.py``), and PostgreSQL (``bot/storage/postgres.py``, issue 25).

What every backend guarantees:

- ``write()`` is one transaction that serialises every change of a game: SQLite's
  ``BEGIN IMMEDIATE`` takes the file's write lock at its start; PostgreSQL locks the row of each
  game the transaction reads (``row_lock()``: ``SELECT … FOR UPDATE``), so two processes never
  both read a game's version and both move it on, and two games' moves commit side by side
  (``parallel_writes``). ``write(exclusive=True)`` (migrations) holds the whole database. It
  commits on success and rolls back on any exception;
- ``read()`` gives exclusive use of the connection without opening a write transaction;
- a unique or key violation raises :class:`Conflict`; unreadable pages raise
  :class:`~bot.storage.files.DatabaseDamaged`;
- the row-level calls below are made inside one of the two.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


def is_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://…``), not a SQLite file."""
    return str(target).startswith(("postgresql://", "postgres://"))


class Conflict(Exception):
    """A row that must be unique already exists (a second live game in a channel, a log move
    number taken): nothing was written."""


class Backend(Protocol):
    """One connection to one database (see the module's docstring for the guarantees)."""

    #: What errors name: the file, or the server and database.
    path: str
    #: Which text of each migration it runs: "sqlite" or "postgresql".
    dialect: str
    #: Set once closed.
    closed: bool
    #: Whether a column may hold a value of another type than declared (SQLite): damaged rows
    #: must then be recognised by their values' types.
    loose_types: bool
    #: Whether two write transactions on different games commit at the same time.
    parallel_writes: bool

    def write(self, *, exclusive: bool = False) -> AbstractAsyncContextManager[None]:
        """A write transaction (see the module's docstring)."""
        ...

    def row_lock(self, *, skip_locked: bool = False) -> str:
        """The clause that ends a ``SELECT`` of rows this write transaction must hold until it
        ends (``""`` where the transaction already holds everything, or in a read)."""
        ...

    def read(self) -> AbstractAsyncContextManager[None]:
        """Exclusive use of the connection for reads."""
        ...

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any] | None:
        """The first row of a query, or None."""
        ...

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Sequence[Any]]:
        """Every row of a query."""
        ...

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""
        ...

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one INSERT into a table with an ``id`` key; returns the new row's id."""
        ...

    async def columns(self, table: str) -> list[str]:
        """The column names of ``table``, in order."""
        ...

    async def schema_version(self) -> int:
        """How many migrations the database has had."""
        ...

    async def set_schema_version(self, version: int) -> None:
        """Record that the database has had ``version`` migrations (inside ``write()``)."""
        ...

    async def close(self) -> None:
        """Close the connection."""
        ...
