"""Settings: a table's reminders, quiet hours and hints, a player's own preferences, and the bot's
own bookkeeping values."""

from __future__ import annotations

from bot.storage.backend import Backend
from bot.storage.rows import SettingsRow, TurnDmRow, UserRow


class SettingsQueries:
    """The ``game_settings``, ``user_settings``, ``turn_dms`` and ``bot_state`` tables."""

    backend: Backend

    async def settings(self, game_id: int) -> SettingsRow | None:
        """A game's reminder settings."""
        r = await self.backend.one(
            "SELECT reminder_delay, reminder_interval, reminder_max, deadline, quiet_start,"
            " quiet_end, tz_offset_minutes, hints, time_zone FROM game_settings WHERE game_id = ?",
            (game_id,),
        )
        if not r:
            return None
        return SettingsRow(
            r[0], r[1], r[2], r[3], r[4], r[5], r[6], hints=bool(r[7]), time_zone=str(r[8])
        )

    async def put_settings(self, game_id: int, s: SettingsRow) -> None:
        """Store a game's reminder settings."""
        await self.backend.run(
            "INSERT INTO game_settings (game_id, reminder_delay, reminder_interval,"
            " reminder_max, deadline, quiet_start, quiet_end, tz_offset_minutes, hints,"
            " time_zone) VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id) DO UPDATE SET"
            " reminder_delay = excluded.reminder_delay,"
            " reminder_interval = excluded.reminder_interval,"
            " reminder_max = excluded.reminder_max, deadline = excluded.deadline,"
            " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
            " tz_offset_minutes = excluded.tz_offset_minutes, hints = excluded.hints,"
            " time_zone = excluded.time_zone",
            (
                game_id,
                s.reminder_delay,
                s.reminder_interval,
                s.reminder_max,
                s.deadline,
                s.quiet_start,
                s.quiet_end,
                s.tz_offset_minutes,
                int(s.hints),
                s.time_zone,
            ),
        )

    async def user(self, user_id: int) -> UserRow:
        """A user's preferences (defaults when none are stored)."""
        r = await self.backend.one(
            "SELECT quiet_start, quiet_end, tz_offset_minutes, away_until, time_zone"
            " FROM user_settings WHERE user_id = ?",
            (user_id,),
        )
        return UserRow(user_id, r[0], r[1], r[2], r[3], r[4]) if r else UserRow(user_id)

    async def put_user(self, u: UserRow) -> None:
        """Store a user's preferences."""
        await self.backend.run(
            "INSERT INTO user_settings"
            " (user_id, quiet_start, quiet_end, tz_offset_minutes, away_until, time_zone)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET"
            " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
            " tz_offset_minutes = excluded.tz_offset_minutes,"
            " away_until = excluded.away_until, time_zone = excluded.time_zone",
            (u.user_id, u.quiet_start, u.quiet_end, u.tz_offset_minutes, u.away_until, u.time_zone),
        )

    async def turn_dm(self, user_id: int) -> TurnDmRow | None:
        """Whether ``user_id`` asked for a direct message when their turn comes (None: no)."""
        r = await self.backend.one(
            "SELECT lang, failed_at, error FROM turn_dms WHERE user_id = ?", (user_id,)
        )
        return TurnDmRow(user_id, r[0], r[1], r[2]) if r else None

    async def put_turn_dm(self, user_id: int, lang: str | None) -> None:
        """Opt ``user_id`` in (in ``lang``; a failure recorded before is forgotten), or out
        (``lang`` None)."""
        if lang is None:
            await self.backend.run("DELETE FROM turn_dms WHERE user_id = ?", (user_id,))
            return
        await self.backend.run(
            "INSERT INTO turn_dms (user_id, lang, failed_at, error) VALUES (?,?,0,'')"
            " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, failed_at = 0,"
            " error = ''",
            (user_id, lang),
        )

    async def turn_dm_failed(self, user_id: int, at: float, error: str) -> None:
        """Record that a turn's direct message to ``user_id`` failed (still opted in)."""
        await self.backend.run(
            "UPDATE turn_dms SET failed_at = ?, error = ? WHERE user_id = ?",
            (at, error, user_id),
        )

    async def bot_state(self, key: str) -> str | None:
        """A value the bot stored for itself under ``key``, if any."""
        row = await self.backend.one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def put_bot_state(self, key: str, value: str) -> None:
        """Store (or overwrite) one of the bot's own values."""
        await self.backend.run(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
