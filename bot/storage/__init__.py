"""Storage for games, seats, the action log, settings, schedules, votes and the outbox.

One module per concern, each writing its queries once against the backend interface
(``backend.py``), which SQLite implements today (``sqlite.py``):

- ``store``: the façade :class:`Storage` (open, transactions) offering every concern's queries;
- ``games`` (games and seats), ``actions`` (the log), ``settings`` (a table's and a player's
  settings, the bot's own values), ``schedules`` (reminders), ``votes``, ``outbox`` (with the
  processes' beats), ``jobs`` (computer moves and hints, claimed under leases), ``ratings`` (rated games
  and each player's rating), ``clocks`` (time banks);
- ``migrations``: the numbered schema; ``rows``: the row dataclasses; ``files``: the database
  file's checks; ``errors``: what a start stops with; ``copying``: one database copied into
  another (``turnpost migrate``).

Nothing outside this package writes SQL.
"""

from bot.storage.backend import Backend, Conflict
from bot.storage.clocks import ClockRow
from bot.storage.errors import (
    CommitUncertain,
    ConnectionLost,
    DatabaseDamaged,
    SchemaTooNew,
    StorageError,
)
from bot.storage.files import (
    MIN_DATABASE_BYTES,
    damage_problem,
    database_problem,
    file_problem,
    is_damage,
    quick_check,
    stored_schema_version,
)
from bot.storage.jobs import JobRow
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.ratings import RatingChange, RatingRow
from bot.storage.rows import (
    LIVE,
    ActionRow,
    GameRow,
    OutboxRow,
    ReminderRow,
    SeatRow,
    SettingsRow,
    TurnDmRow,
    UserRow,
    dumps,
)
from bot.storage.sqlite import SQLiteBackend
from bot.storage.store import Storage
from bot.storage.votes import PollRow

__all__ = [
    "LIVE",
    "MIGRATIONS",
    "MIN_DATABASE_BYTES",
    "SCHEMA_VERSION",
    "ActionRow",
    "Backend",
    "ClockRow",
    "CommitUncertain",
    "Conflict",
    "ConnectionLost",
    "DatabaseDamaged",
    "GameRow",
    "JobRow",
    "OutboxRow",
    "PollRow",
    "RatingChange",
    "RatingRow",
    "ReminderRow",
    "SQLiteBackend",
    "SchemaTooNew",
    "SeatRow",
    "SettingsRow",
    "Storage",
    "StorageError",
    "TurnDmRow",
    "UserRow",
    "damage_problem",
    "database_problem",
    "dumps",
    "file_problem",
    "is_damage",
    "quick_check",
    "stored_schema_version",
]
