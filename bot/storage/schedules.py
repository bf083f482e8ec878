"""Schedules: each waiting player's reminder and deadline, when they are due, and marking one sent
exactly once."""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage.backend import Backend
from bot.storage.rows import ReminderRow


class ScheduleQueries:
    """The ``reminders`` table."""

    backend: Backend

    async def reminders(
        self, *, game_id: int | None = None, user_id: int | None = None
    ) -> list[ReminderRow]:
        """Reminder rows of a game and/or a user."""
        where, params = [], []
        if game_id is not None:
            where.append("game_id = ?")
            params.append(game_id)
        if user_id is not None:
            where.append("user_id = ?")
            params.append(user_id)
        rows = await self.backend.all(
            "SELECT game_id, user_id, kind, turn_started, due_at, sent, last_sent_at"
            " FROM reminders" + (" WHERE " + " AND ".join(where) if where else ""),
            params,
        )
        return [ReminderRow(*r) for r in rows]

    async def put_reminder(self, r: ReminderRow) -> None:
        """Insert or replace one reminder row."""
        await self.backend.run(
            "INSERT INTO reminders"
            " (game_id, user_id, kind, turn_started, due_at, sent, last_sent_at)"
            " VALUES (?,?,?,?,?,?,?) ON CONFLICT (game_id, user_id, kind) DO UPDATE SET"
            " turn_started = excluded.turn_started, due_at = excluded.due_at,"
            " sent = excluded.sent, last_sent_at = excluded.last_sent_at",
            (r.game_id, r.user_id, r.kind, r.turn_started, r.due_at, r.sent, r.last_sent_at),
        )

    async def delete_reminders(self, game_id: int, user_ids: Iterable[int] | None = None) -> None:
        """Drop a game's reminders (all, or those of some users)."""
        if user_ids is None:
            await self.backend.run("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            return
        await self.backend.run_many(
            "DELETE FROM reminders WHERE game_id = ? AND user_id = ?",
            [(game_id, u) for u in user_ids],
        )

    async def due(self, now: float) -> list[tuple[ReminderRow, int]]:
        """Unsent reminders due by ``now`` in active games, oldest first, with the channel id."""
        rows = await self.backend.all(
            "SELECT r.game_id, r.user_id, r.kind, r.turn_started, r.due_at, r.sent,"
            " r.last_sent_at, g.channel_id FROM reminders r JOIN games g ON g.id = r.game_id"
            " WHERE r.due_at IS NOT NULL AND r.due_at <= ? AND g.status = 'active'"
            " ORDER BY r.due_at, r.game_id, r.kind, r.user_id",
            (now,),
        )
        return [(ReminderRow(*r[:7]), int(r[7])) for r in rows]

    async def claim_due(
        self, now: float, *, owner: str, until: float, alive_after: float
    ) -> list[tuple[ReminderRow, int]]:
        """Like :meth:`due`, each row claimed for ``owner`` until ``until`` (its sender), leaving
        out rows another process still beating (last beat after ``alive_after``) holds under a
        running lease, and, on PostgreSQL, rows another transaction holds (``SKIP LOCKED``).
        Call inside ``write()``."""
        rows = await self.backend.all(
            "SELECT r.game_id, r.user_id, r.kind, r.turn_started, r.due_at, r.sent,"
            " r.last_sent_at, g.channel_id FROM reminders r JOIN games g ON g.id = r.game_id"
            " WHERE r.due_at IS NOT NULL AND r.due_at <= ? AND g.status = 'active'"
            " AND (r.claimed_until <= ? OR r.claimed_by = ? OR r.claimed_by NOT IN"
            " (SELECT owner FROM processes WHERE beat_at > ?))"
            " ORDER BY r.due_at, r.game_id, r.kind, r.user_id"
            + self.backend.row_lock(skip_locked=True),
            (now, now, owner, alive_after),
        )
        await self.backend.run_many(
            "UPDATE reminders SET claimed_by = ?, claimed_until = ?"
            " WHERE game_id = ? AND user_id = ? AND kind = ?",
            [(owner, until, r[0], r[1], r[2]) for r in rows],
        )
        return [(ReminderRow(*r[:7]), int(r[7])) for r in rows]

    async def release_reminders(self, rows: Iterable[ReminderRow], owner: str) -> None:
        """Give back ``owner``'s claims on reminders it did not send (held back, or failed)."""
        await self.backend.run_many(
            "UPDATE reminders SET claimed_until = 0"
            " WHERE game_id = ? AND user_id = ? AND kind = ? AND claimed_by = ?",
            [(r.game_id, r.user_id, r.kind, owner) for r in rows],
        )

    async def mark_sent(self, r: ReminderRow, *, next_due: float | None, now: float) -> bool:
        """Record one reminder as sent, only if it is still due at the same time; returns whether
        it was (so marking twice, or after a move rescheduled it, does nothing). Its claim is
        given back with it."""
        marked = await self.backend.run(
            "UPDATE reminders SET sent = sent + 1, last_sent_at = ?, due_at = ?, claimed_until = 0"
            " WHERE game_id = ? AND user_id = ? AND kind = ? AND due_at = ?",
            (now, next_due, r.game_id, r.user_id, r.kind, r.due_at),
        )
        return marked == 1
