"""Time bank policy (#27.3): how much of a turn's time is used, and when a seat's time runs out.

Pure functions of times (Unix seconds) and settings, like ``bot/reminders.py``; the service keeps
the results in the ``clocks`` table and a pass claims whatever ran out.

A table with a clock gives each turn ``per_move`` seconds, and each seat a ``bank`` that pays
for whatever a turn takes beyond that; the bank is filled again at the end of each round (or
era, or never: ``refill``). The clock stops while its player is inside their own quiet hours or
the table's, and while they said they are away: only the time they could have played counts.
When a turn has used ``per_move`` plus the whole bank, the table's ``policy`` applies: a
computer at ``level`` plays the seat until its player is back (``computer``), or the table is
asked to vote (``vote``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.reminders import DAY, HOUR, NO_QUIET, Prefs, in_quiet_hours

#: What happens when a seat's time runs out.
POLICIES = ("computer", "vote")
#: When a seat's bank is filled again.
REFILLS = ("round", "era", "never")

#: Longest allowed time per move and bank (what a table sets is checked against them).
MAX_PER_MOVE = 14 * DAY
MAX_BANK = 30 * DAY

#: The clocks ``/game new clock:`` offers (#27.3): name -> (time per move, bank), in hours; the
#: bank is filled again each round. A table wanting another clock sets it with ``/game clock``.
PRESETS: dict[str, tuple[float, float]] = {
    "12h+1d": (12, 24),
    "24h+3d": (24, 72),
    "48h+7d": (48, 168),
}

#: How far ahead a running-out time is looked for: a seat whose quiet hours and the table's
#: cover the whole day, or who is away for ever, never runs out.
HORIZON = 400 * DAY


@dataclass(frozen=True)
class ClockRules:
    """A table's clock: seconds per move, the bank, when it refills, and what happens when it
    runs out (``level``: the computer that plays the seat)."""

    per_move: float
    bank: float
    refill: str = "round"
    policy: str = "computer"
    level: str = "normal"


def _next_hour(t: float, prefs: Prefs) -> float:
    """The next full local hour after ``t`` in the player's zone (quiet hours begin and end on
    full hours, so nothing changes between two of them)."""
    local = datetime.fromtimestamp(t, prefs.zone())
    top = local.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    nxt = top.timestamp()
    # A daylight-saving change may put the wall-clock hour behind ``t``: never step back.
    return nxt if nxt > t else t + 15 * 60


def _paused(t: float, prefs: Prefs, table: Prefs) -> bool:
    return t < prefs.away_until or in_quiet_hours(t, prefs) or in_quiet_hours(t, table)


def _pieces(
    start: float, end: float, prefs: Prefs, table: Prefs
) -> list[tuple[float, float, bool]]:
    """``[start, end)`` cut where pausing may change: (from, to, paused) pieces, in order."""
    out = []
    t = start
    while t < end:
        nxt = min(end, _next_hour(t, prefs), _next_hour(t, table))
        if t < prefs.away_until:
            nxt = min(nxt, prefs.away_until)
        out.append((t, nxt, _paused(t, prefs, table)))
        t = nxt
    return out


def charged(start: float, end: float, prefs: Prefs, table: Prefs = NO_QUIET) -> float:
    """Seconds of ``[start, end)`` that count against the clock: outside the player's and the
    table's quiet hours and after the player's away time."""
    if end <= start:
        return 0.0
    return sum(b - a for a, b, paused in _pieces(start, end, prefs, table) if not paused)


def runs_out(start: float, budget: float, prefs: Prefs, table: Prefs = NO_QUIET) -> float | None:
    """The moment at which ``budget`` seconds counted from ``start`` are used (pauses skipped),
    or None when that never happens within ``HORIZON``."""
    if budget <= 0:
        return start
    left = budget
    t = start
    limit = start + budget + HORIZON
    while t < limit:
        nxt = min(_next_hour(t, prefs), _next_hour(t, table))
        if t < prefs.away_until:
            nxt = min(nxt, prefs.away_until)
        if not _paused(t, prefs, table):
            if nxt - t >= left:
                return t + left
            left -= nxt - t
        t = nxt
    return None


def left_after(rules: ClockRules, bank: float, used: float) -> float:
    """Seconds a turn has left once it used ``used`` with ``bank`` in the bank (never below 0)."""
    return max(0.0, rules.per_move + bank - used)


def bank_after_turn(rules: ClockRules, bank: float, used: float) -> float:
    """The bank once a turn that used ``used`` seconds has ended: what went beyond the time per
    move is paid from it."""
    return max(0.0, bank - max(0.0, used - rules.per_move))


def refills(rules: ClockRules, period: str | None) -> bool:
    """Whether a round's or era's end (``period``, from ``Engine.clock_period``) fills the bank
    again under ``rules``: an era's end is a round's end too."""
    if period is None or rules.refill == "never":
        return False
    return rules.refill == "round" or period == "era"


def split(seconds: float) -> tuple[int, int, int]:
    """Whole days, hours and minutes of ``seconds`` (rounded down to the minute)."""
    minutes = int(max(0.0, seconds) // 60)
    return minutes // (24 * 60), minutes // 60 % 24, minutes % 60


__all__ = [
    "HOUR",
    "MAX_BANK",
    "MAX_PER_MOVE",
    "POLICIES",
    "REFILLS",
    "ClockRules",
    "bank_after_turn",
    "charged",
    "left_after",
    "refills",
    "runs_out",
    "split",
]
