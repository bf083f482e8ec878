"""Settings from the environment and an optional ``.env`` file (python-dotenv).

Every setting is documented in ``.env.example``. Nothing here is ever logged in full: the token is
kept out of ``repr``.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import load_dotenv


class StartupError(RuntimeError):
    """Turnpost cannot start as configured; ``str(err)`` is the one line to show (no traceback)."""


#: The one range of each reminder setting, accepted alike by ``.env``, ``/game settings``, the console
#: and the service (hours). A reminder at least an hour after the turn began and at most every
#: 30 days; 0 deadline means none.
MIN_REMINDER_HOURS = 1
MAX_REMINDER_HOURS = 24 * 30
MAX_REMINDERS = 20
MAX_DEADLINE_HOURS = MAX_REMINDER_HOURS


def reminder_problem(
    *,
    delay: float | None = None,
    interval: float | None = None,
    count: int | None = None,
    deadline: float | None = None,
) -> tuple[str, dict[str, object]] | None:
    """The first value out of its range as a catalog (key, params), or None when all are fine.
    The one check behind every place a reminder setting comes in."""
    for name, value in (("delay", delay), ("interval", interval)):
        if value is not None and not MIN_REMINDER_HOURS <= value <= MAX_REMINDER_HOURS:
            return "service.bad_hours", {
                "setting": name,
                "low": MIN_REMINDER_HOURS,
                "high": MAX_REMINDER_HOURS,
            }
    if count is not None and not 0 <= count <= MAX_REMINDERS:
        return "service.bad_count", {"high": MAX_REMINDERS}
    if deadline is not None and not (deadline == 0 or 1 <= deadline <= MAX_DEADLINE_HOURS):
        return "service.bad_deadline", {"high": MAX_DEADLINE_HOURS}
    return None


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"Setting {name} must be a whole number, not {raw!r}") from None


def url_problem(url: str) -> str | None:
    """Why ``url`` (TURNPOST_DATABASE_URL) cannot name a PostgreSQL database, or None. Checked
    before anything connects, so a typo is one clear line, never a SQLite file of that name."""
    scheme, sep, _ = url.partition("://")
    if not sep or scheme not in ("postgresql", "postgres"):
        return (
            "Setting TURNPOST_DATABASE_URL must start with postgresql:// (e.g."
            " postgresql://user:password@host:5432/turnpost), not "
            f"{url.split('@')[-1][:40]!r}."
        )
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 - reading it checks it (a number from 0 to 65535)
    except ValueError:
        port = parts.netloc.rpartition("@")[2].rpartition(":")[2]
        return (
            f"Setting TURNPOST_DATABASE_URL has the port {port!r}; a port is a number from 1 to"
            " 65535 (PostgreSQL's is 5432)."
        )
    return None


@dataclass(frozen=True)
class Config:
    """The bot's settings."""

    token: str = field(default="", repr=False)
    db_path: Path = Path("turnpost.db")
    #: A guild id to sync commands to instantly during development (0 = sync globally).
    dev_guild: int = 0
    log_level: str = "INFO"
    lang: str = "en"
    reminder_delay_hours: int = 24
    reminder_interval_hours: int = 24
    reminder_max: int = 3
    #: Where the local console writes board images.
    out_dir: Path = Path("boards")
    #: A PostgreSQL database (``postgresql://…``) instead of the SQLite file ``db_path``.
    database_url: str = field(default="", repr=False)
    #: Where computer seats and hints think: ``inline`` (every bot process, the default) or
    #: ``worker`` (``turnpost worker`` processes only; bot processes ask them for hints).
    computers: str = "inline"
    #: ``turnpost run`` without Discord (``--dry`` or ``TURNPOST_DRY=1``): the database, the
    #: beats and the passes that post nothing (bot/dry.py).
    dry: bool = False
    #: Votes asked as Discord polls too (#27.6; ``TURNPOST_POLLS=0`` turns them off): the bot
    #: then asks for the poll-vote events (the non-privileged guild message polls intent).
    polls: bool = True
    #: This process's name among those sharing the database (``TURNPOST_PROCESS_NAME``; empty:
    #: the host's name), which ``turnpost health --process`` looks its beat up by.
    process_name: str = ""

    @property
    def database(self) -> str:
        """What ``Storage.open`` opens: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or str(self.db_path)

    @property
    def name(self) -> str:
        """This process's name in the ``processes`` table: ``TURNPOST_PROCESS_NAME``, else the
        host's name (a container's own: one process per container)."""
        return self.process_name or socket.gethostname()

    @staticmethod
    def from_env(env_file: str | os.PathLike[str] | None = ".env") -> Config:
        """Read ``.env`` (if present; real environment variables win) and the environment."""
        if env_file is not None and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        config = Config(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=Path(os.environ.get("TURNPOST_DB", "turnpost.db")),
            dev_guild=_int("TURNPOST_DEV_GUILD", 0),
            log_level=os.environ.get("TURNPOST_LOG_LEVEL", "INFO").upper(),
            lang=os.environ.get("TURNPOST_LANG", "en"),
            reminder_delay_hours=_int("TURNPOST_REMINDER_DELAY_HOURS", 24),
            reminder_interval_hours=_int("TURNPOST_REMINDER_INTERVAL_HOURS", 24),
            reminder_max=_int("TURNPOST_REMINDER_MAX", 3),
            out_dir=Path(os.environ.get("TURNPOST_OUT", "boards")),
            database_url=os.environ.get("TURNPOST_DATABASE_URL", "").strip(),
            computers=os.environ.get("TURNPOST_COMPUTERS", "inline").strip().lower() or "inline",
            dry=os.environ.get("TURNPOST_DRY", "").strip().lower() in ("1", "yes", "true"),
            polls=os.environ.get("TURNPOST_POLLS", "1").strip().lower()
            not in ("0", "no", "false", "off"),
            process_name=os.environ.get("TURNPOST_PROCESS_NAME", "").strip(),
        )
        config.check()
        return config

    def check(self) -> None:
        """Refuse (SystemExit with one clear line) a reminder default out of its range, or
        computers neither inline nor in a worker."""
        from engines.catalog import CATALOG

        if self.database_url:
            bad_url = url_problem(self.database_url)
            if bad_url is not None:
                raise StartupError(bad_url)
        if self.computers not in ("inline", "worker"):
            raise SystemExit(
                f"Setting TURNPOST_COMPUTERS={self.computers}: say inline (computer seats think"
                " in every bot process) or worker (only in `turnpost worker` processes)."
            )

        for env, kwargs in (
            ("TURNPOST_REMINDER_DELAY_HOURS", {"delay": self.reminder_delay_hours}),
            ("TURNPOST_REMINDER_INTERVAL_HOURS", {"interval": self.reminder_interval_hours}),
            ("TURNPOST_REMINDER_MAX", {"count": self.reminder_max}),
        ):
            problem = reminder_problem(**kwargs)
            if problem is not None:
                key, params = problem
                value = next(iter(kwargs.values()))
                text = CATALOG.text(key, params, lang=self.lang)
                raise SystemExit(f"Setting {env}={value}: {text}")
