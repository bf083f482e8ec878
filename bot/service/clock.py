"""Time banks (#27.3), the bookkeeping: each seat's clock follows who must act after every
commit (``ClockBook.after_commit``, inside the move's transaction), and the words that say whose
clock runs and how much is left. ``bot/clock.py`` holds the pure policy; running out (a
computer stands in, or a vote) is ``bot/service/takeover.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bot.clock import (
    ClockRules,
    bank_after_turn,
    charged,
    left_after,
    refills,
    runs_out,
    split,
)
from bot.reminders import NO_QUIET, Prefs
from bot.service.narrate import Narrator
from bot.service.prefs import policy_of, prefs_of
from bot.service.session import Session, is_computer
from bot.storage import ClockRow, GameRow, SeatRow, SettingsRow
from engines.base import Engine, Event

#: A clock's ``standin`` once its time ran out at a table that votes: nobody plays the seat for
#: its player, and its clock stays stopped until that turn is over.
OUT = "-"


def duration(words: Narrator, seconds: float) -> str:
    """``seconds`` in the table's words: days and hours, hours and minutes, or minutes."""
    days, hours, minutes = split(seconds)
    if days:
        return words.t("service.duration_days", {"days": days, "hours": hours})
    if hours:
        return words.t("service.duration_hours", {"hours": hours, "minutes": minutes})
    return words.t("service.duration_minutes", {"minutes": minutes})


def table_quiet(settings: SettingsRow | None) -> Prefs:
    """A table's own quiet hours from its stored settings (none without a settings row)."""
    return policy_of(settings).table_quiet if settings is not None else NO_QUIET


class ClockBook:
    """Each seat's clock of a table with a time bank. Needs the session and words; the play
    part calls :meth:`after_commit` in every commit."""

    def __init__(self, session: Session, words: Narrator) -> None:
        self.session = session
        self.db = session.db
        self.words = words

    async def _quiet(self, game_id: int, table: Prefs | None = None) -> Prefs:
        """The table's own quiet hours: ``table`` if the caller already read them (``table_quiet``
        of the settings it holds), else read from the game's settings."""
        if table is not None:
            return table
        return table_quiet(await self.db.settings(game_id))

    async def after_commit(
        self,
        row: GameRow,
        engine: Engine[Any, Any],
        seats: Sequence[SeatRow],
        to_act: Sequence[int],
        events: Sequence[Event],
        now: float,
        *,
        resumed: int | None = None,
        table: Prefs | None = None,
    ) -> tuple[ClockRow, ...]:
        """Make the seats' clocks follow who must act now: a turn that ended pays what it took
        beyond the time per move from its bank, a round's (or era's) end in ``events`` fills
        every bank again, a turn that began starts its clock; each running clock learns when it
        runs out. ``resumed``: the seat whose turn an undo gives back, which goes on with the
        time that turn had used (an undo never buys a fresh time per move). ``table``: the
        table's quiet hours if the caller read its settings already (``table_quiet``); else
        they are read here. Returns the clocks (none when the table has no clock). Caller holds
        the lock."""
        rules = await self.db.clock_rules(row.id)
        if rules is None:
            return ()
        table = await self._quiet(row.id, table)
        old = {c.seat: c for c in await self.db.clocks(row.id)}
        period = engine.clock_period(events)
        out = []
        for s in seats:
            c = old.get(s.seat) or ClockRow(row.id, s.seat, rules.bank)
            person = not is_computer(s.user_id) and not s.removed
            prefs = prefs_of(await self.db.user(s.user_id)) if person else NO_QUIET
            if c.started is not None and (s.seat not in to_act or not person or c.standin):
                used = c.used + charged(c.started, now, prefs, table)
                bank = bank_after_turn(rules, c.bank, used)
                # ``used`` stays on the stopped clock: an undo of this turn's move resumes it.
                c = ClockRow(row.id, s.seat, bank, used, None, None, c.standin)
            if c.standin == OUT and s.seat not in to_act:
                c = dataclasses.replace(c, standin="")  # the turn it ran out in is over
            if refills(rules, period):
                c = dataclasses.replace(c, bank=rules.bank)
            if s.seat in to_act and person and not c.standin and c.started is None:
                # A resumed turn already paid what it used beyond the time per move from the
                # bank; it goes on with at most the time per move used.
                used = min(c.used, rules.per_move) if s.seat == resumed else 0.0
                c = dataclasses.replace(c, used=used, started=now)
            out.append(self._due(c, rules, prefs, table))
        await self.db.put_clocks(out)
        return tuple(out)

    @staticmethod
    def _due(c: ClockRow, rules: ClockRules, prefs: Prefs, table: Prefs) -> ClockRow:
        if c.started is None:
            return dataclasses.replace(c, due_at=None)
        budget = left_after(rules, c.bank, c.used)
        return dataclasses.replace(c, due_at=runs_out(c.started, budget, prefs, table))

    async def checkpoint(self, game_id: int, now: float) -> None:
        """Count the time each running clock of the game used until ``now`` under the quiet
        hours and away time in force, and work out again when it runs out: called before and
        after those change, so a change applies from now on, never to time already past.
        Caller holds the write lock."""
        rules = await self.db.clock_rules(game_id)
        if rules is None:
            return
        table = await self._quiet(game_id)
        seats = {s.seat: s for s in await self.db.seats(game_id)}
        out = []
        for c in await self.db.clocks(game_id):
            if c.started is None or c.seat not in seats:
                continue
            prefs = prefs_of(await self.db.user(seats[c.seat].user_id))
            used = c.used + charged(c.started, now, prefs, table)
            c = dataclasses.replace(c, used=used, started=now)
            out.append(self._due(c, rules, prefs, table))
        await self.db.put_clocks(out)

    async def checkpoint_user(self, user_id: int, now: float) -> None:
        """:meth:`checkpoint` for every game ``user_id`` sits in. Caller holds the write lock."""
        for row, _ in await self.db.games_of_user(user_id):
            if row.status == "active":
                await self.checkpoint(row.id, now)

    async def lines(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        clocks: Sequence[ClockRow],
        now: float,
        *,
        table: Prefs | None = None,
    ) -> tuple[str, ...]:
        """What the table message says of the clocks: whose clock runs and how much it has
        left (paused, when its player is in quiet hours or away now), and which seats a computer
        plays until their player is back. ``table``: the table's quiet hours if the caller read
        its settings already (``table_quiet``). Caller holds a transaction."""
        if not clocks:
            return ()
        rules = await self.db.clock_rules(row.id)
        if rules is None:
            return ()
        words = self.words.of(row)
        names = [s.name for s in seats]
        table = await self._quiet(row.id, table)
        out = []
        for c in clocks:
            if c.standin == OUT:
                out.append(words.t("service.clock_out_vote", {"player": c.seat}, names))
            elif c.standin:
                level = words.t(f"service.computer_level.{c.standin}", {})
                params = {"player": c.seat, "level": level}
                out.append(words.t("service.clock_standin", params, names))
            elif c.started is not None and c.seat < len(seats):
                prefs = prefs_of(await self.db.user(seats[c.seat].user_id))
                used = c.used + charged(c.started, now, prefs, table)
                left = duration(words, left_after(rules, c.bank, used))
                bank = duration(words, c.bank)
                paused = charged(now, now + 1, prefs, table) == 0
                key = "service.clock_paused" if paused else "service.clock_running"
                out.append(words.t(key, {"player": c.seat, "left": left, "bank": bank}, names))
        return tuple(out)

    async def back(self, game_id: int, seat: int) -> bool:
        """The seat's player plays it again: no computer stands in for them any more (their
        clock starts at the next commit if they must act). Returns whether one stood in.
        Caller holds the write lock."""
        for c in await self.db.clocks(game_id):
            if c.seat == seat and c.standin:
                await self.db.put_clocks([dataclasses.replace(c, standin="", used=0.0)])
                return True
        return False

    async def left(self, game_id: int, user_ids: Sequence[int], now: float) -> tuple[str, ...]:
        """The clock lines of the seats of ``user_ids`` (a reminder says how much is left)."""
        async with self.db.read():
            row = await self.db.game(game_id)
            if row is None:
                return ()
            seats = await self.db.seats(game_id)
            wanted = {s.seat for s in seats if s.user_id in set(user_ids)}
            clocks = [c for c in await self.db.clocks(game_id) if c.seat in wanted]
            return await self.lines(row, seats, clocks, now)
