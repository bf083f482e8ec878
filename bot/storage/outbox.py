"""The outbox (changes committed but not yet announced, written in the change's own transaction)
and the processes' beats that make its leases hold only while their holder lives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.backend import Backend
from bot.storage.rows import OutboxRow, dumps, outbox_row


class OutboxQueries:
    """The ``outbox`` and ``processes`` tables."""

    backend: Backend

    async def add_outbox(
        self,
        game_id: int,
        *,
        version: int,
        first_move: int,
        head: Sequence[str],
        now: float,
        owner: str,
        lease_until: float,
    ) -> int:
        """Queue a change for announcement, already claimed by ``owner`` (the one about to post
        it) until ``lease_until``; returns the row id."""
        return await self.backend.insert(
            "INSERT INTO outbox (game_id, version, first_move, head, created_at, claimed_by,"
            " claimed_until) VALUES (?,?,?,?,?,?,?)",
            (game_id, version, first_move, dumps(list(head)), now, owner, lease_until),
        )

    async def outbox(self, game_id: int | None = None) -> list[OutboxRow]:
        """Rows waiting, by game and version (of one game, or all)."""
        sql = (
            "SELECT id, game_id, version, first_move, head, created_at, claimed_by, claimed_until"
            " FROM outbox"
        )
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params = (game_id,)
        rows = await self.backend.all(sql + " ORDER BY game_id, version, id", params)
        return [outbox_row(r) for r in rows]

    async def claim_outbox(
        self, game_id: int, *, owner: str, now: float, until: float, alive_after: float
    ) -> bool:
        """Take every row of a game for ``owner`` until ``until``, unless another process still
        beating (last beat after ``alive_after``) holds one of them under a lease still running,
        or ``owner`` itself holds one it has not released (it is still posting it, however long
        that takes; it releases it if posting fails); returns whether it did. A lease of a
        process that stopped beating (killed) is no reason to wait. Call inside ``write()``: the
        game's lock (``lock_game``) makes the check and the claim one step for every process."""
        await self.backend.one(
            "SELECT id FROM games WHERE id = ?" + self.backend.row_lock(), (game_id,)
        )
        held = await self.backend.one(
            "SELECT 1 FROM outbox WHERE game_id = ?"
            " AND ((claimed_by = ? AND claimed_until > 0) OR (claimed_until > ? AND claimed_by IN"
            " (SELECT owner FROM processes WHERE beat_at > ?))) LIMIT 1",
            (game_id, owner, now, alive_after),
        )
        if held is not None:
            return False
        claimed = await self.backend.run(
            "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE game_id = ?",
            (owner, until, game_id),
        )
        return claimed > 0

    async def beat(self, owner: str, now: float) -> None:
        """Record that the process ``owner`` is alive at ``now`` (and forget processes silent
        for a day: killed long ago, their rows only tell that they once ran)."""
        await self.backend.run("DELETE FROM processes WHERE beat_at < ?", (now - 86_400.0,))
        await self.backend.run(
            "INSERT INTO processes (owner, beat_at) VALUES (?, ?)"
            " ON CONFLICT (owner) DO UPDATE SET beat_at = excluded.beat_at",
            (owner, now),
        )

    async def last_beat(self, name: str) -> float | None:
        """When the newest process named ``name`` (its owner id ``name#…``) last beat, or
        None when none is registered (never started, or stopped cleanly)."""
        row = await self.backend.one(
            "SELECT MAX(beat_at) FROM processes WHERE substr(owner, 1, ?) = ?",
            (len(name) + 1, name + "#"),
        )
        return None if row is None or row[0] is None else float(row[0])

    async def forget_process(self, owner: str) -> None:
        """A process stopping cleanly: its beat row goes and its claims (announcements, jobs,
        reminders) are given back, so whoever comes next takes them over at once."""
        await self.backend.run("DELETE FROM processes WHERE owner = ?", (owner,))
        for table in ("outbox", "jobs", "reminders"):
            await self.backend.run(
                f"UPDATE {table} SET claimed_until = 0 WHERE claimed_by = ?", (owner,)
            )

    async def clear_outbox(self, game_id: int, up_to_version: int) -> int:
        """Forget the rows of a game up to a version (announced), and any of its rows whose
        version is not a number (damaged: no version to compare); returns how many."""
        # Only SQLite lets a damaged row hold text in the number column.
        damaged = " OR typeof(version) != 'integer'" if self.backend.loose_types else ""
        return await self.backend.run(
            f"DELETE FROM outbox WHERE game_id = ? AND (version <= ?{damaged})",
            (game_id, up_to_version),
        )

    async def release_outbox(self, game_id: int, owner: str) -> None:
        """Give back ``owner``'s claim on a game's rows (its post failed: retry on a later pass)."""
        await self.backend.run(
            "UPDATE outbox SET claimed_until = 0 WHERE game_id = ? AND claimed_by = ?",
            (game_id, owner),
        )
