"""What a benchmark asks of a PostgreSQL server as a whole (``bench/scale.py``, #25.7): a
database of its own made and dropped, its size, and the server processes serving it (whose CPU
time the benchmark counts). SQL stays in ``bot/storage``."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

import asyncpg


def database_url(url: str, name: str) -> str:
    """``url`` naming the database ``name`` instead of its own."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))


@asynccontextmanager
async def scratch_database(url: str, prefix: str = "turnpost_scale") -> AsyncIterator[str]:
    """A new, empty database on the server ``url`` names (``prefix`` and a random part): yields
    its URL and drops it at the end, its connections ended first (a killed process's may
    linger). Never touches the database ``url`` itself names."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield database_url(url, name)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def database_size(url: str) -> int:
    """Bytes on disk of the database ``url`` names (tables, indexes, TOAST)."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT pg_database_size(current_database())"))
    finally:
        await conn.close()


class Backends:
    """A connection to the server that lists the server processes serving a database."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, url: str) -> Backends:
        return cls(await asyncpg.connect(url))

    async def serving(self, database: str) -> list[int]:
        """The process ids of the server's backends connected to ``database`` now."""
        rows = await self.conn.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            database,
        )
        return [int(r["pid"]) for r in rows]

    async def close(self) -> None:
        await self.conn.close()
