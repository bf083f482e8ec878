"""Time banks (#27.3): a table's clock settings and each seat's clock, whose running out is
claimed by one process at a time under a short lease, like a reminder."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.clock import ClockRules
from bot.storage.backend import Backend

CLOCK_COLS = "game_id, seat, bank, used, started, due_at, standin"


@dataclass(frozen=True)
class ClockRow:
    """One seat's clock: its bank, the time its running turn used up to ``started`` (None: not
    running), when it runs out (None: never, or not running) and the computer level playing
    the seat while its player is away ('' when they play it themselves)."""

    game_id: int
    seat: int
    bank: float
    used: float = 0.0
    started: float | None = None
    due_at: float | None = None
    standin: str = ""


def clock_row(r: Sequence[Any]) -> ClockRow:
    """A ``clocks`` row (``CLOCK_COLS``) as a :class:`ClockRow`."""
    return ClockRow(
        int(r[0]),
        int(r[1]),
        float(r[2]),
        float(r[3]),
        None if r[4] is None else float(r[4]),
        None if r[5] is None else float(r[5]),
        str(r[6]),
    )


class ClockQueries:
    """The ``clock_settings`` and ``clocks`` tables."""

    backend: Backend

    async def clock_rules(self, game_id: int) -> ClockRules | None:
        """A table's clock, None when it has none."""
        r = await self.backend.one(
            "SELECT per_move, bank, refill, policy, level FROM clock_settings WHERE game_id = ?",
            (game_id,),
        )
        if r is None:
            return None
        return ClockRules(float(r[0]), float(r[1]), str(r[2]), str(r[3]), str(r[4]))

    async def put_clock_rules(self, game_id: int, rules: ClockRules | None) -> None:
        """Give a table its clock, or (None) take it away."""
        if rules is None:
            await self.backend.run("DELETE FROM clock_settings WHERE game_id = ?", (game_id,))
            return
        await self.backend.run(
            "INSERT INTO clock_settings (game_id, per_move, bank, refill, policy, level)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (game_id) DO UPDATE SET"
            " per_move = excluded.per_move, bank = excluded.bank, refill = excluded.refill,"
            " policy = excluded.policy, level = excluded.level",
            (game_id, rules.per_move, rules.bank, rules.refill, rules.policy, rules.level),
        )

    async def clocks(self, game_id: int) -> list[ClockRow]:
        """Every seat's clock of a game, in seat order."""
        rows = await self.backend.all(
            f"SELECT {CLOCK_COLS} FROM clocks WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [clock_row(r) for r in rows]

    async def put_clocks(self, rows: Iterable[ClockRow]) -> None:
        """Store seats' clocks (their claims are given back: a changed clock is a new one)."""
        await self.backend.run_many(
            "INSERT INTO clocks (game_id, seat, bank, used, started, due_at, standin,"
            " claimed_until) VALUES (?,?,?,?,?,?,?,0) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " bank = excluded.bank, used = excluded.used, started = excluded.started,"
            " due_at = excluded.due_at, standin = excluded.standin, claimed_until = 0",
            [(c.game_id, c.seat, c.bank, c.used, c.started, c.due_at, c.standin) for c in rows],
        )

    async def delete_clocks(self, game_id: int) -> None:
        """Forget a game's clocks (it ended, or its table took its clock away)."""
        await self.backend.run("DELETE FROM clocks WHERE game_id = ?", (game_id,))

    async def clocks_due(self, now: float) -> bool:
        """Whether any clock of an active game has run out by ``now`` (a pass with nothing to do
        reads once and writes nothing)."""
        row = await self.backend.one(
            "SELECT 1 FROM clocks c JOIN games g ON g.id = c.game_id"
            " WHERE c.due_at IS NOT NULL AND c.due_at <= ? AND g.status = 'active' LIMIT 1",
            (now,),
        )
        return row is not None

    async def claim_clocks(
        self, now: float, *, owner: str, until: float, alive_after: float
    ) -> list[tuple[ClockRow, int]]:
        """Clocks of active games run out by ``now``, with their channel, each claimed for
        ``owner`` until ``until``; leaves out those another process still beating (last beat
        after ``alive_after``) holds, and, on PostgreSQL, rows another transaction holds.
        Call inside ``write()``."""
        rows = await self.backend.all(
            "SELECT c.game_id, c.seat, c.bank, c.used, c.started, c.due_at, c.standin,"
            " g.channel_id FROM clocks c JOIN games g ON g.id = c.game_id"
            " WHERE c.due_at IS NOT NULL AND c.due_at <= ? AND g.status = 'active'"
            " AND (c.claimed_until <= ? OR c.claimed_by = ? OR c.claimed_by NOT IN"
            " (SELECT owner FROM processes WHERE beat_at > ?))"
            " ORDER BY c.due_at, c.game_id, c.seat" + self.backend.row_lock(skip_locked=True),
            (now, now, owner, alive_after),
        )
        await self.backend.run_many(
            "UPDATE clocks SET claimed_by = ?, claimed_until = ? WHERE game_id = ? AND seat = ?",
            [(owner, until, r[0], r[1]) for r in rows],
        )
        return [(clock_row(r[:7]), int(r[7])) for r in rows]

    async def release_clock(self, game_id: int, seat: int, owner: str) -> None:
        """Give back ``owner``'s claim on a clock it did not act on (offered again later)."""
        await self.backend.run(
            "UPDATE clocks SET claimed_until = 0 WHERE game_id = ? AND seat = ? AND claimed_by = ?",
            (game_id, seat, owner),
        )
