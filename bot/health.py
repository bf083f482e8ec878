"""The container health check (``turnpost health``): the database opens and, while the bot runs,
its heartbeat file is fresh."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from bot.config import Config

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


def check(config: Config) -> str | None:
    """``None`` when healthy, else what is wrong."""
    try:
        con = sqlite3.connect(f"file:{config.db_path}?mode=ro", uri=True, timeout=5)
        con.execute("PRAGMA user_version").fetchone()
        con.close()
    except sqlite3.Error as exc:
        return f"database {config.db_path} cannot be read: {exc}"
    beat = heartbeat_path(config)
    if beat.exists() and time.time() - beat.stat().st_mtime > STALE_AFTER_S:
        return f"no heartbeat for {int(time.time() - beat.stat().st_mtime)} s"
    return None
