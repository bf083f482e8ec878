"""What the leaderboard and a profile read (#27.2): ratings best first, a player's rating
history, head-to-head records, the games they finished and abandoned, and the times they took
to move. Reads only; every query is bounded (a page of the board, a player's newest games)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.backend import Backend
from bot.storage.ratings import CHANGE_COLS, RatingChange, RatingRow, change_row

#: The shown rating, mu - 3 sigma, as SQL (the leaderboard's index is on this expression).
SHOWN = "(mu - 3 * sigma)"


@dataclass(frozen=True)
class Rival:
    """Someone a player met in rated games: how often, and who placed ahead how often."""

    player: str
    games: int
    ahead: int
    behind: int


@dataclass(frozen=True)
class GameCounts:
    """A member's games on one server: finished while seated, and abandoned (voted out of a
    started game, or seated in a started game that was aborted)."""

    finished: int
    abandoned: int


class StandingQueries:
    """Reads over ``ratings``, ``rating_changes``, ``games``, ``seats`` and ``actions``."""

    backend: Backend

    async def top_ratings(
        self, engine: str, guild_id: int, *, limit: int, offset: int = 0
    ) -> list[RatingRow]:
        """A page of one game's ratings on one server, best shown rating first."""
        rows = await self.backend.all(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE engine = ? AND guild_id = ?"
            f" AND games > 0 ORDER BY {SHOWN} DESC, player LIMIT ? OFFSET ?",
            (engine, guild_id, limit, offset),
        )
        return [
            RatingRow(engine, guild_id, str(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]))
            for r in rows
        ]

    async def rated_players(self, engine: str, guild_id: int) -> int:
        """How many players one game's ratings on one server hold."""
        row = await self.backend.one(
            "SELECT COUNT(*) FROM ratings WHERE engine = ? AND guild_id = ? AND games > 0",
            (engine, guild_id),
        )
        return int(row[0]) if row else 0

    async def rating_of(self, engine: str, guild_id: int, player: str) -> RatingRow | None:
        """One player's rating in one game on one server, if they have one."""
        r = await self.backend.one(
            "SELECT mu, sigma, games, wins FROM ratings"
            " WHERE engine = ? AND guild_id = ? AND player = ? AND games > 0",
            (engine, guild_id, player),
        )
        if r is None:
            return None
        return RatingRow(engine, guild_id, player, float(r[0]), float(r[1]), int(r[2]), int(r[3]))

    async def rank_of(self, rating: RatingRow) -> int:
        """The place of ``rating`` on its leaderboard (1 is the top; the same order as
        :meth:`top_ratings`)."""
        shown = rating.mu - 3 * rating.sigma
        row = await self.backend.one(
            "SELECT COUNT(*) FROM ratings WHERE engine = ? AND guild_id = ? AND games > 0"
            f" AND ({SHOWN} > ? OR ({SHOWN} = ? AND player < ?))",
            (rating.engine, rating.guild_id, shown, shown, rating.player),
        )
        return 1 + (int(row[0]) if row else 0)

    async def player_ratings(self, player: str, guild_id: int) -> list[RatingRow]:
        """Every game's rating of one player on one server, by game."""
        rows = await self.backend.all(
            "SELECT engine, mu, sigma, games, wins FROM ratings"
            " WHERE player = ? AND guild_id = ? AND games > 0 ORDER BY engine",
            (player, guild_id),
        )
        return [
            RatingRow(str(r[0]), guild_id, player, float(r[1]), float(r[2]), int(r[3]), int(r[4]))
            for r in rows
        ]

    async def rating_history(
        self, player: str, guild_id: int, engine: str, *, limit: int
    ) -> list[RatingChange]:
        """A player's newest ``limit`` rated games of one game on one server, oldest first."""
        rows = await self.backend.all(
            f"SELECT {CHANGE_COLS} FROM rating_changes"
            " WHERE player = ? AND guild_id = ? AND engine = ? ORDER BY at DESC, game_id DESC"
            " LIMIT ?",
            (player, guild_id, engine, limit),
        )
        return [change_row(r) for r in reversed(rows)]

    async def rivals(self, player: str, guild_id: int, *, limit: int) -> list[Rival]:
        """The ``limit`` players ``player`` met most in rated games on one server (any game),
        with who placed ahead how often; most games first."""
        rows = await self.backend.all(
            "SELECT o.player, COUNT(*),"
            " SUM(CASE WHEN me.place < o.place THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN me.place > o.place THEN 1 ELSE 0 END)"
            " FROM rating_changes me JOIN rating_changes o"
            " ON o.game_id = me.game_id AND o.guild_id = me.guild_id AND o.player <> me.player"
            " WHERE me.player = ? AND me.guild_id = ?"
            " GROUP BY o.player ORDER BY COUNT(*) DESC, o.player LIMIT ?",
            (player, guild_id, limit),
        )
        return [Rival(str(r[0]), int(r[1]), int(r[2] or 0), int(r[3] or 0)) for r in rows]

    async def game_counts(self, user_id: int, guild_id: int) -> GameCounts:
        """A member's finished and abandoned games on one server (a lobby never counts)."""
        row = await self.backend.one(
            "SELECT"
            " SUM(CASE WHEN g.status = 'finished' AND s.removed = 0 THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN g.snapshot IS NOT NULL AND (s.removed = 1 OR g.status = 'aborted')"
            " THEN 1 ELSE 0 END)"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.guild_id = ?",
            (user_id, guild_id),
        )
        return GameCounts(int(row[0] or 0), int(row[1] or 0)) if row else GameCounts(0, 0)

    async def move_gaps(self, user_id: int, guild_id: int, *, games: int) -> list[float]:
        """Seconds the member took to move, from the log's times, over their newest ``games``
        finished games on one server: for each turn of theirs, from the move before it (anyone's,
        a draw included) to their first command of the turn. Moves the autopilot played for
        them are not theirs and are left out."""
        ids = await self.backend.all(
            "SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.status = 'finished'"
            " ORDER BY g.updated_at DESC, g.id DESC LIMIT ?",
            (user_id, guild_id, games),
        )
        if not ids:
            return []
        game_ids = [int(r[0]) for r in ids]
        marks = ",".join("?" for _ in game_ids)
        rows = await self.backend.all(
            "SELECT t.game_id, t.seat, t.at - t.prev_at FROM ("
            " SELECT game_id, seat, auto, at,"
            " LAG(seat) OVER w AS prev_seat, LAG(at) OVER w AS prev_at"
            f" FROM actions WHERE game_id IN ({marks}) AND undone = 0"
            " WINDOW w AS (PARTITION BY game_id ORDER BY move)"
            ") t JOIN seats s ON s.game_id = t.game_id AND s.seat = t.seat AND s.user_id = ?"
            " WHERE t.prev_at IS NOT NULL AND t.seat <> t.prev_seat AND t.auto = 0",
            (*game_ids, user_id),
        )
        return [float(r[2]) for r in rows]

    async def latest_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """Each member's name as their newest seat gives it (members never seated are left out)."""
        out: dict[int, str] = {}
        for user_id in dict.fromkeys(user_ids):
            row = await self.backend.one(
                "SELECT name FROM seats WHERE user_id = ? ORDER BY game_id DESC LIMIT 1",
                (user_id,),
            )
            if row is not None:
                out[user_id] = str(row[0])
        return out
