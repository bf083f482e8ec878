"""The container health check (``turnpost health``): the database is a sound SQLite file of a schema
this code knows, or a PostgreSQL server that answers with a database of this code's schema
version (#25.6), and, while the bot runs, its heartbeat file is fresh; with ``--process``, that
one process beats in the database's ``processes`` table (a container's own check)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from bot.config import Config
from bot.storage import SCHEMA_VERSION, StorageError, database_problem

#: The running bot touches this file (beside the database) every minute.
HEARTBEAT_NAME = "turnpost.heartbeat"
STALE_AFTER_S = 180


def heartbeat_path(config: Config) -> Path:
    """Where the bot writes its heartbeat."""
    return config.db_path.parent / HEARTBEAT_NAME


def touch_heartbeat(config: Config) -> None:
    """Record that the bot is alive."""
    path = heartbeat_path(config)
    path.touch()
    os.utime(path)


def server_status(url: str) -> tuple[str | None, str]:
    """(what is wrong or None, what was found) of the PostgreSQL database ``url`` names: the
    server answers, and its schema version is this code's (not newer, no migration pending).
    Read-only: nothing is created or migrated."""
    from bot.storage.postgres import probe

    try:
        server, version = asyncio.run(probe(url))
    except StorageError as exc:
        return str(exc), ""
    found = f"PostgreSQL {server}, schema version {version or 0}"
    if version is None:
        return (
            f"database has no Turnpost schema yet (PostgreSQL {server}); `turnpost run` creates it",
            found,
        )
    if version > SCHEMA_VERSION:
        return (
            f"database has schema version {version}, newer than this Turnpost knows"
            f" ({SCHEMA_VERSION}); upgrade Turnpost",
            found,
        )
    if version < SCHEMA_VERSION:
        return (
            f"database has schema version {version}, {SCHEMA_VERSION - version} migration(s)"
            f" pending (this Turnpost knows {SCHEMA_VERSION}); `turnpost run` applies them",
            found,
        )
    return None, found


def status(config: Config) -> tuple[str | None, str]:
    """(what is wrong or None, what was found: empty for SQLite)."""
    found = ""
    if config.database_url:
        problem, found = server_status(config.database_url)
    else:
        problem = database_problem(config.db_path)
    if problem is not None:
        return problem, found
    beat = heartbeat_path(config)
    if beat.exists() and time.time() - beat.stat().st_mtime > STALE_AFTER_S:
        return f"no heartbeat for {int(time.time() - beat.stat().st_mtime)} s", found
    return None, found


#: A process whose newest beat is older than this fails ``turnpost health --process``: it beats
#: every ``OWNER_BEAT`` (2 s), so this is many beats missed, never one late beat.
PROCESS_STALE_S = 30.0


def process_problem(config: Config, name: str) -> tuple[str | None, str]:
    """(what is wrong or None, what was found) of the process ``name`` (``turnpost run`` or
    ``turnpost worker`` with ``TURNPOST_PROCESS_NAME``): its newest beat in the ``processes``
    table is at most ``PROCESS_STALE_S`` old. Call once the database itself is healthy."""
    from bot.storage import Storage

    async def newest() -> float | None:
        db = await Storage.open(config.database)
        try:
            async with db.read():
                return await db.last_beat(name)
        finally:
            await db.close()

    try:
        beat = asyncio.run(newest())
    except StorageError as exc:
        return str(exc), ""
    if beat is None:
        return f"process {name!r} is not running (no beat in the database)", ""
    age = time.time() - beat
    if age > PROCESS_STALE_S:
        return f"process {name!r} has not beaten for {int(age)} s", ""
    return None, f"process {name!r} beat {age:.1f} s ago"


def check(config: Config) -> str | None:
    """``None`` when healthy, else what is wrong."""
    return status(config)[0]
