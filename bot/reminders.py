"""Reminder policy: when the next nudge or deadline for a pending decision falls due.

Pure functions of times (Unix seconds) and settings; the service stores the results in the
``reminders`` table and the Discord loop sends whatever is due. Keeping the policy here, away from
SQLite and Discord, lets it be tested exhaustively with plain numbers.

A player whose turn began at ``turn_started`` is reminded after ``delay``, then every ``interval``,
at most ``cap`` times. A reminder never falls inside the player's quiet hours or the table's (the
game's own quiet hours; it waits for their end) nor before the player's away-until time. A deadline, when the game has one, is a fixed time after the
turn began: the table agreed on it, so it is not moved by one player's quiet hours (the service
holds a deadline back only while its player is away).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Prefs:
    """One player's preferences: quiet local hours [start, end) (equal: none), their local time,
    and a time before which they are away.

    Local time is the IANA zone ``time_zone`` (e.g. "Asia/Tokyo", "Europe/Madrid") when one is
    set, so daylight-saving changes never move the quiet hours; otherwise the fixed offset
    ``tz_offset_minutes`` from UTC (what older settings hold).
    """

    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    away_until: float = 0.0
    time_zone: str = ""

    def zone(self) -> tzinfo:
        """The player's local time zone."""
        if self.time_zone:
            return zone_named(self.time_zone)
        return timezone(timedelta(minutes=self.tz_offset_minutes))


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name the zone database knows, sorted."""
    return tuple(sorted(available_timezones()))


@cache
def _zone_names() -> dict[str, str]:
    return {z.lower(): z for z in zone_names()}


def known_zone(name: str) -> str | None:
    """The IANA zone called ``name`` as the zone database spells it ("asia/tokyo" →
    "Asia/Tokyo"), or ``None`` when there is no such zone."""
    return _zone_names().get(name.strip().lower().replace(" ", "_"))


def zone_label(time_zone: str, offset_minutes: int) -> str:
    """How a time zone is shown: its IANA name, or without one the fixed offset ("UTC+02:00")."""
    if time_zone:
        return time_zone
    sign = "+" if offset_minutes >= 0 else "-"
    mins = abs(offset_minutes)
    return f"UTC{sign}{mins // 60:02d}:{mins % 60:02d}"


@cache
def zone_named(name: str) -> ZoneInfo:
    """The IANA zone ``name``; raises ``ValueError`` for a name the zone database lacks."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(name) from exc


NO_QUIET = Prefs()


@dataclass(frozen=True)
class Policy:
    """A game's reminder settings in seconds (``deadline`` 0: no deadline), and the table's quiet
    hours (a ``Prefs`` whose ``away_until`` is unused)."""

    delay: float = 24 * HOUR
    interval: float = 24 * HOUR
    cap: int = 3
    deadline: float = 0.0
    table_quiet: Prefs = NO_QUIET


def in_quiet_hours(t: float, prefs: Prefs) -> bool:
    """Whether ``t`` falls inside the player's quiet hours."""
    start, end = prefs.quiet_start % 24, prefs.quiet_end % 24
    if start == end:
        return False
    local = datetime.fromtimestamp(t, prefs.zone())
    hour = local.hour + local.minute / 60 + local.second / 3600
    if start < end:
        return start <= hour < end
    return hour >= start or hour < end  # quiet hours span midnight, e.g. 22–7


def end_of_quiet(t: float, prefs: Prefs) -> float:
    """The first moment at or after ``t`` outside quiet hours."""
    if not in_quiet_hours(t, prefs):
        return t
    zone = prefs.zone()
    local = datetime.fromtimestamp(t, zone)
    day = local.date()
    # The quiet end on the local wall clock, today or tomorrow; the zone says which UTC instant
    # that is on that very date (so a daylight-saving change in between does not shift it).
    for _ in range(2):
        end = datetime(day.year, day.month, day.day, prefs.quiet_end % 24, tzinfo=zone)
        if end.timestamp() > t:
            return end.timestamp()
        day += timedelta(days=1)
    return t


def earliest_allowed(t: float, prefs: Prefs, table: Prefs = NO_QUIET) -> float:
    """``t`` moved past the player's away time and out of both their and the table's quiet hours.

    Leaving one window may land inside the other, so this repeats until neither moves it; if the
    two windows together cover the whole day there is no allowed time, and the result is the end
    of the last window tried rather than a search without end.
    """
    t = max(t, prefs.away_until)
    for _ in range(4):
        moved = end_of_quiet(end_of_quiet(t, prefs), table)
        if moved == t:
            break
        t = moved
    return t


def next_reminder(
    turn_started: float,
    sent: int,
    policy: Policy,
    prefs: Prefs,
    last_sent: float | None = None,
) -> float | None:
    """When reminder number ``sent + 1`` is due, or None once ``cap`` reminders were sent.

    Reminders follow the schedule delay, delay+interval, ...; after a late send (the bot was down)
    the next one still waits a whole interval, so a restart never produces a burst of reminders.
    """
    if sent >= policy.cap:
        return None
    due = turn_started + policy.delay + sent * policy.interval
    if last_sent is not None:
        due = max(due, last_sent + policy.interval)
    return earliest_allowed(due, prefs, policy.table_quiet)


def deadline_at(turn_started: float, policy: Policy) -> float | None:
    """When the turn's deadline passes, or None when the game has no deadline."""
    if policy.deadline <= 0:
        return None
    return turn_started + policy.deadline
