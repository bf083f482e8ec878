"""The container health check (``turnpost health``): the database is a sound SQLite file of a schema
this code knows, and, while the bot runs, its heartbeat file is fresh."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from bot.config import Config
from bot.storage import SCHEMA_VERSION, file_problem, quick_check

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
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            version = int(con.execute("PRAGMA user_version").fetchone()[0])
        finally:
            con.close()
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


def check(config: Config) -> str | None:
    """``None`` when healthy, else what is wrong."""
    problem = database_problem(config.db_path)
    if problem is not None:
        return problem
    beat = heartbeat_path(config)
    if beat.exists() and time.time() - beat.stat().st_mtime > STALE_AFTER_S:
        return f"no heartbeat for {int(time.time() - beat.stat().st_mtime)} s"
    return None
