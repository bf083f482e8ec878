"""The container health check (``turnpost health``): the database is a sound SQLite file of a schema
this code knows, and, while the bot runs, its heartbeat file is fresh."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.config import Config
from bot.storage import database_problem

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
    problem = database_problem(config.db_path)
    if problem is not None:
        return problem
    beat = heartbeat_path(config)
    if beat.exists() and time.time() - beat.stat().st_mtime > STALE_AFTER_S:
        return f"no heartbeat for {int(time.time() - beat.stat().st_mtime)} s"
    return None
