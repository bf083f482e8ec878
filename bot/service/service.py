"""The service's façade: one class whose methods are the whole service, each module one concern.

See ``bot/service/__init__.py`` for the map of the package.
"""

from __future__ import annotations

import time
from pathlib import Path

from bot.config import Config
from bot.reminders import HOUR
from bot.service.archive import Archive
from bot.service.computers import Computers
from bot.service.governance import Governance
from bot.service.session import Clock
from bot.storage import SettingsRow, Storage


class Service(Computers, Governance, Archive):
    """The game service over one SQLite database. Create with ``await Service.open(path)``.

    Every change is one immediate transaction on the storage's single connection; coroutines of
    one service queue on its lock, and other processes on SQLite's, so two moves never both land.
    Live states are cached in memory by (game id, version): opening loads nothing, a game is read
    from its snapshot the first time it is touched, and a version moved on by another process is
    noticed on the next write. Autocomplete (``complete``/``legal``) answers from that cache
    without a database query when it can, so it may lag a move made by *another* process until
    this one touches the game; ``act`` always checks against the database.
    """

    @classmethod
    async def open(
        cls,
        db_path: str | Path,
        *,
        clock: Clock = time.time,
        lang: str = "en",
        reminder_delay_hours: float = 24,
        reminder_interval_hours: float = 24,
        reminder_max: int = 3,
    ) -> Service:
        """Open (creating and migrating if needed) the database. Loads no game eagerly."""
        db = await Storage.open(db_path)
        defaults = SettingsRow(
            reminder_delay_hours * HOUR, reminder_interval_hours * HOUR, reminder_max, 0.0
        )
        return cls(db, clock=clock, lang=lang, defaults=defaults)

    @classmethod
    async def from_config(cls, config: Config, *, clock: Clock = time.time) -> Service:
        """Open the service with the database and reminder defaults of ``config``."""
        return await cls.open(
            config.db_path,
            clock=clock,
            lang=config.lang,
            reminder_delay_hours=config.reminder_delay_hours,
            reminder_interval_hours=config.reminder_interval_hours,
            reminder_max=config.reminder_max,
        )
