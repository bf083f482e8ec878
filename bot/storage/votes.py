"""Votes on a game: to abort it, to remove a seat, to replace a player; and the Discord polls
that ask those questions (#27.6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Backend


@dataclass(frozen=True)
class PollRow:
    """One question's poll: ``message_id`` 0 while claimed and not posted yet."""

    game_id: int
    kind: str
    target: int
    replacement_id: int
    replacement_name: str
    target_user: int
    channel_id: int
    message_id: int
    yes_answer: int
    no_answer: int
    opened: float
    ended: bool


_POLL_COLUMNS = (
    "game_id, kind, target, replacement_id, replacement_name, target_user, channel_id,"
    " message_id, yes_answer, no_answer, opened, ended"
)


def _poll(r: Sequence[Any]) -> PollRow:
    return PollRow(
        int(r[0]),
        str(r[1]),
        int(r[2]),
        int(r[3]),
        str(r[4]),
        int(r[5]),
        int(r[6]),
        int(r[7]),
        int(r[8]),
        int(r[9]),
        float(r[10]),
        bool(r[11]),
    )


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

    async def remove_vote(self, game_id: int, kind: str, target: int, voter_id: int) -> bool:
        """Withdraw one player's vote on one question; whether there was one."""
        return (
            await self.backend.run(
                "DELETE FROM votes WHERE game_id = ? AND kind = ? AND target = ? AND voter_id = ?",
                (game_id, kind, target, voter_id),
            )
            > 0
        )

    async def poll(
        self, game_id: int, kind: str, target: int, replacement_id: int
    ) -> PollRow | None:
        """The poll of one question, if one was claimed."""
        r = await self.backend.one(
            f"SELECT {_POLL_COLUMNS} FROM vote_polls"  # noqa: S608 - fixed column list
            " WHERE game_id = ? AND kind = ? AND target = ? AND replacement_id = ?",
            (game_id, kind, target, replacement_id),
        )
        return _poll(r) if r else None

    async def poll_by_message(self, message_id: int) -> PollRow | None:
        """The poll posted as message ``message_id``, if it is one of ours."""
        if message_id <= 0:
            return None
        r = await self.backend.one(
            f"SELECT {_POLL_COLUMNS} FROM vote_polls WHERE message_id = ?",  # noqa: S608
            (message_id,),
        )
        return _poll(r) if r else None

    async def open_polls(self, game_id: int) -> list[PollRow]:
        """A game's polls not ended yet (posted or only claimed)."""
        rows = await self.backend.all(
            f"SELECT {_POLL_COLUMNS} FROM vote_polls"  # noqa: S608 - fixed column list
            " WHERE game_id = ? AND ended = 0 ORDER BY opened",
            (game_id,),
        )
        return [_poll(r) for r in rows]

    async def claim_poll(self, row: PollRow) -> None:
        """Claim a question's poll before posting it (replacing an ended one of the same
        question: the question is asked again)."""
        await self.backend.run(
            "DELETE FROM vote_polls WHERE game_id = ? AND kind = ? AND target = ?"
            " AND replacement_id = ?",
            (row.game_id, row.kind, row.target, row.replacement_id),
        )
        await self.backend.run(
            f"INSERT INTO vote_polls ({_POLL_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",  # noqa: S608
            (
                row.game_id,
                row.kind,
                row.target,
                row.replacement_id,
                row.replacement_name,
                row.target_user,
                row.channel_id,
                row.message_id,
                row.yes_answer,
                row.no_answer,
                row.opened,
                int(row.ended),
            ),
        )

    async def set_poll_posted(
        self,
        game_id: int,
        kind: str,
        target: int,
        replacement_id: int,
        *,
        message_id: int,
        yes_answer: int,
        no_answer: int,
    ) -> None:
        """Record the message a claimed poll was posted as, and its answers' ids."""
        await self.backend.run(
            "UPDATE vote_polls SET message_id = ?, yes_answer = ?, no_answer = ?"
            " WHERE game_id = ? AND kind = ? AND target = ? AND replacement_id = ?",
            (message_id, yes_answer, no_answer, game_id, kind, target, replacement_id),
        )

    async def drop_poll(self, game_id: int, kind: str, target: int, replacement_id: int) -> None:
        """Forget a claimed poll that could not be posted."""
        await self.backend.run(
            "DELETE FROM vote_polls WHERE game_id = ? AND kind = ? AND target = ?"
            " AND replacement_id = ? AND message_id = 0",
            (game_id, kind, target, replacement_id),
        )

    async def end_poll(self, game_id: int, kind: str, target: int, replacement_id: int) -> None:
        """Mark a poll ended: its votes are ignored from now on."""
        await self.backend.run(
            "UPDATE vote_polls SET ended = 1"
            " WHERE game_id = ? AND kind = ? AND target = ? AND replacement_id = ?",
            (game_id, kind, target, replacement_id),
        )
