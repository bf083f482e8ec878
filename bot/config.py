"""Settings from the environment and an optional ``.env`` file (python-dotenv).

Every setting is documented in ``.env.example``. Nothing here is ever logged in full: the token is
kept out of ``repr``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"Setting {name} must be a whole number, not {raw!r}") from None


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

    @staticmethod
    def from_env(env_file: str | os.PathLike[str] | None = ".env") -> Config:
        """Read ``.env`` (if present; real environment variables win) and the environment."""
        if env_file is not None and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        return Config(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=Path(os.environ.get("TURNPOST_DB", "turnpost.db")),
            dev_guild=_int("TURNPOST_DEV_GUILD", 0),
            log_level=os.environ.get("TURNPOST_LOG_LEVEL", "INFO").upper(),
            lang=os.environ.get("TURNPOST_LANG", "en"),
            reminder_delay_hours=_int("TURNPOST_REMINDER_DELAY_HOURS", 24),
            reminder_interval_hours=_int("TURNPOST_REMINDER_INTERVAL_HOURS", 24),
            reminder_max=_int("TURNPOST_REMINDER_MAX", 3),
            out_dir=Path(os.environ.get("TURNPOST_OUT", "boards")),
        )
