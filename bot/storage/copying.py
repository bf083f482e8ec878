"""``turnpost migrate FROM TO`` (#25.4): every row of one database copied into another, SQLite to
PostgreSQL or back, both at this code's schema version, then every game checked to replay to
its snapshot in the copy.

The copy is one write transaction on the destination, so a failure leaves it empty as it was;
a destination that already holds rows is refused, never merged into. Row ids are copied as they
are (the log, votes and outbox rows point at their game by id), and PostgreSQL's id counters
are then moved past the highest id, so the next game gets a fresh one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.storage.errors import StorageError
from bot.storage.store import Storage

#: Rows sent in one statement.
BATCH = 500

#: Tables filled first, in this order: the others point at them.
FIRST = ("games",)

#: Where the schema's own version is kept: each side records its own.
SKIPPED = frozenset({"schema_version"})


@dataclass
class CopyReport:
    """What was copied: rows per table, and the games checked to replay to their snapshot."""

    rows: dict[str, int] = field(default_factory=dict)
    games_verified: int = 0
    #: Games whose snapshot in the copy differs from the source's or from a replay of its log.
    mismatched: list[int] = field(default_factory=list)


async def tables(storage: Storage) -> list[str]:
    """The database's tables (but the schema version's), those others point at first."""
    backend = storage.backend
    if backend.dialect == "postgresql":
        sql = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema ="
            " current_schema() AND table_type = 'BASE TABLE'"
        )
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    async with storage.read():
        names = sorted(str(r[0]) for r in await backend.all(sql) if str(r[0]) not in SKIPPED)
    return [t for t in FIRST if t in names] + [t for t in names if t not in FIRST]


async def _count(storage: Storage, table: str) -> int:
    row = await storage.backend.one(f"SELECT COUNT(*) FROM {table}")  # noqa: S608 - a table name
    return int(row[0]) if row else 0


async def copy_rows(source: Storage, destination: Storage) -> dict[str, int]:
    """Copy every table's rows from ``source`` into the empty ``destination`` (one write
    transaction there); rows per table. Raises :class:`StorageError` (one line) when the
    destination holds any row, or the two schemas' tables differ."""
    names = await tables(source)
    theirs = await tables(destination)
    if sorted(names) != sorted(theirs):
        raise StorageError(
            f"The databases' tables differ ({', '.join(sorted(set(names) ^ set(theirs)))});"
            " both must be at this Turnpost's schema version."
        )
    counts: dict[str, int] = {}
    async with destination.write():
        for table in names:
            held = await _count(destination, table)
            if held:
                raise StorageError(
                    f"The destination {destination.path} is not empty ({table}: {held} rows);"
                    " turnpost migrate copies into an empty database only."
                )
        for table in names:
            columns = await source.backend.columns(table)
            listed = ", ".join(columns)
            async with source.read():
                rows = await source.backend.all(f"SELECT {listed} FROM {table}")  # noqa: S608
            insert = f"INSERT INTO {table} ({listed}) VALUES ({', '.join('?' for _ in columns)})"  # noqa: S608
            types = await _column_types(destination, table, columns)
            for start in range(0, len(rows), BATCH):
                batch = [_fit(row, types) for row in rows[start : start + BATCH]]
                await destination.backend.run_many(insert, batch)
            counts[table] = len(rows)
        if destination.backend.dialect == "postgresql":
            await _move_id_counters(destination)
    return counts


async def insert_rows(
    storage: Storage, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Insert ``rows`` (values in ``columns`` order) into ``table``, ``BATCH`` rows per
    statement, each batch its own write transaction (a benchmark filling a database)."""
    insert = (
        f"INSERT INTO {table} ({', '.join(columns)})"  # noqa: S608 - names from the caller
        f" VALUES ({', '.join('?' for _ in columns)})"
    )
    for start in range(0, len(rows), BATCH):
        async with storage.write():
            await storage.backend.run_many(insert, rows[start : start + BATCH])


async def refresh_statistics(storage: Storage) -> None:
    """Have PostgreSQL read the tables' statistics now (after a bulk fill, so its plans see
    the rows); SQLite plans without them."""
    if storage.backend.dialect == "postgresql":
        async with storage.write():
            await storage.backend.run("ANALYZE")


async def _column_types(storage: Storage, table: str, columns: list[str]) -> list[str]:
    """PostgreSQL's type of each column ("" on SQLite, which takes any value)."""
    if storage.backend.dialect != "postgresql":
        return ["" for _ in columns]
    rows = await storage.backend.all(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ?",
        (table,),
    )
    by_name = {str(r[0]): str(r[1]) for r in rows}
    return [by_name.get(c, "") for c in columns]


def _fit(row: Any, types: list[str]) -> tuple[Any, ...]:
    """A SQLite row's values as PostgreSQL's columns take them (SQLite keeps a whole number in a
    REAL column as an integer)."""
    out = []
    for value, kind in zip(row, types, strict=True):
        if kind == "double precision" and isinstance(value, int):
            value = float(value)
        out.append(value)
    return tuple(out)


async def _move_id_counters(storage: Storage) -> None:
    """Move every identity column's counter past its highest copied id."""
    rows = await storage.backend.all(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in rows:
        await storage.backend.one(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"  # noqa: S608
            f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
        )


async def snapshots(storage: Storage) -> dict[int, Any]:
    """Every game's id → its stored snapshot and version."""
    async with storage.read():
        rows = await storage.backend.all("SELECT id, version, snapshot FROM games ORDER BY id")
    return {int(r[0]): (int(r[1]), r[2]) for r in rows}
