"""Votes on a game: to abort it, to remove a seat, to replace a player."""

from __future__ import annotations

from bot.storage.backend import Backend


class VoteQueries:
    """The ``votes`` table."""

    backend: Backend

    async def add_vote(
        self,
        game_id: int,
        kind: str,
        target: int,
        voter_id: int,
        *,
        replacement_id: int = 0,
        replacement_name: str = "",
        now: float,
    ) -> None:
        """Record (or change) one player's vote."""
        await self.backend.run(
            "INSERT INTO votes (game_id, kind, target, voter_id, replacement_id,"
            " replacement_name, at) VALUES (?,?,?,?,?,?,?)"
            " ON CONFLICT (game_id, kind, target, voter_id) DO UPDATE SET"
            " replacement_id = excluded.replacement_id,"
            " replacement_name = excluded.replacement_name, at = excluded.at",
            (game_id, kind, target, voter_id, replacement_id, replacement_name, now),
        )

    async def votes(self, game_id: int, kind: str, target: int) -> list[tuple[int, int, str]]:
        """(voter id, replacement id, replacement name) of each vote on one question."""
        rows = await self.backend.all(
            "SELECT voter_id, replacement_id, replacement_name FROM votes"
            " WHERE game_id = ? AND kind = ? AND target = ?",
            (game_id, kind, target),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def vote_questions(self, game_id: int) -> list[tuple[str, int]]:
        """(kind, target) of every question of a game that has at least one vote, in order."""
        rows = await self.backend.all(
            "SELECT DISTINCT kind, target FROM votes WHERE game_id = ? ORDER BY kind, target",
            (game_id,),
        )
        return [(str(r[0]), int(r[1])) for r in rows]

    async def clear_votes(
        self, game_id: int, kind: str | None = None, target: int | None = None
    ) -> None:
        """Forget the votes of a game: all, of one kind, or on one question (kind and target)."""
        if kind is None:
            await self.backend.run("DELETE FROM votes WHERE game_id = ?", (game_id,))
        elif target is None:
            await self.backend.run(
                "DELETE FROM votes WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
        else:
            await self.backend.run(
                "DELETE FROM votes WHERE game_id = ? AND kind = ? AND target = ?",
                (game_id, kind, target),
            )
