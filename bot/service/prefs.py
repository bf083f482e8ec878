"""A table's and a player's stored settings as the pure policies read them (``bot/reminders.py``,
``bot/clock.py``): shared by the reminder schedule and the time banks."""

from __future__ import annotations

from bot.reminders import Policy, Prefs
from bot.storage import SettingsRow, UserRow


def policy_of(s: SettingsRow) -> Policy:
    """A table's reminder settings and its own quiet hours."""
    table = Prefs(s.quiet_start, s.quiet_end, s.tz_offset_minutes, time_zone=s.time_zone)
    return Policy(s.reminder_delay, s.reminder_interval, s.reminder_max, s.deadline, table)


def prefs_of(u: UserRow) -> Prefs:
    """A player's quiet hours, time zone and away time."""
    return Prefs(u.quiet_start, u.quiet_end, u.tz_offset_minutes, u.away_until, u.time_zone)
