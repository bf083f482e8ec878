"""The action log, the truth of every game: one row per move (and per chance draw), numbered from 1
without gaps; an undone move keeps its row, marked."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.storage.backend import Backend
from bot.storage.rows import ActionRow, action_row, dumps


class ActionQueries:
    """The ``actions`` table."""

    backend: Backend

    async def next_move(self, game_id: int) -> int:
        """The number the next log row gets (1-based, no gaps; undone rows keep theirs)."""
        row = await self.backend.one("SELECT MAX(move) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0] or 0 if row else 0) + 1

    async def append_action(
        self,
        game_id: int,
        *,
        move: int,
        seat: int,
        action: str,
        events: list[dict[str, Any]],
        reveals: bool,
        auto: bool,
        now: float,
        mark: Any = None,
    ) -> None:
        """Append one row to the log (a duplicate move number fails: the PRIMARY KEY). ``mark``
        is what the move changed on the public board (the engine view's "last"), if anything."""
        await self.backend.run(
            "INSERT INTO actions (game_id, move, seat, action, events, reveals, auto, at, mark)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
            (
                game_id,
                move,
                seat,
                action,
                dumps(events),
                int(reveals),
                int(auto),
                now,
                None if mark is None else dumps(mark),
            ),
        )

    async def recent_marks(self, game_id: int, limit: int = 100) -> list[tuple[int, bool, Any]]:
        """(seat, automatic, board mark or None) of the newest ``limit`` moves in effect, oldest
        first."""
        rows = await self.backend.all(
            "SELECT seat, auto, mark FROM actions WHERE game_id = ? AND undone = 0"
            " ORDER BY move DESC LIMIT ?",
            (game_id, limit),
        )
        return [(r[0], bool(r[1]), json.loads(r[2]) if r[2] else None) for r in reversed(rows)]

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRow]:
        """The log in move order (without taken-back moves unless asked)."""
        sql = (
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ?"
        )
        if not include_undone:
            sql += " AND undone = 0"
        rows = await self.backend.all(sql + " ORDER BY move", (game_id,))
        return [action_row(r) for r in rows]

    async def last_action(self, game_id: int) -> ActionRow | None:
        """The latest action still in effect."""
        r = await self.backend.one(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 ORDER BY move DESC LIMIT 1",
            (game_id,),
        )
        if r is None:
            return None
        return action_row(r)

    async def last_turn_rows(self, game_id: int) -> list[ActionRow]:
        """The latest move still in effect (a row of a seat; chance rows have a negative seat)
        and the chance rows after it (the draws it led to), oldest first; empty before the first
        move."""
        rows = await self.backend.all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move >= (SELECT MAX(move) FROM actions"
            " WHERE game_id = ? AND undone = 0 AND seat >= 0) ORDER BY move",
            (game_id, game_id),
        )
        return [action_row(r) for r in rows]

    async def actions_since_turn(
        self, game_id: int, seats: Iterable[int], *, limit: int = 200
    ) -> list[ActionRow]:
        """The log rows in effect after the earliest own (not automatic) action of any of
        ``seats`` (all rows for a seat that never acted), the newest ``limit`` of them."""
        start = None
        for seat in seats:
            row = await self.backend.one(
                "SELECT MAX(move) FROM actions WHERE game_id = ? AND seat = ? AND undone = 0"
                " AND auto = 0",
                (game_id, seat),
            )
            last = int(row[0] or 0) if row else 0
            start = last if start is None else min(start, last)
        rows = await self.backend.all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move > ? ORDER BY move DESC LIMIT ?",
            (game_id, start or 0, limit),
        )
        return [action_row(r) for r in reversed(rows)]

    async def actions_since_move(self, game_id: int, move: int) -> list[ActionRow]:
        """The log rows in effect after log move ``move``, in order."""
        rows = await self.backend.all(
            "SELECT move, seat, action, events, reveals, auto, undone, at FROM actions"
            " WHERE game_id = ? AND undone = 0 AND move > ? ORDER BY move",
            (game_id, move),
        )
        return [action_row(r) for r in rows]

    async def mark_undone(self, game_id: int, move: int) -> None:
        """Take a move back. The row stays (the log keeps its history) but no longer counts."""
        await self.backend.run(
            "UPDATE actions SET undone = 1 WHERE game_id = ? AND move = ?", (game_id, move)
        )
