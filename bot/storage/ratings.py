"""Ratings (#27.1): which finished games the ratings have taken in (``rated_games``, in that
order) and every player's rating per game and server (``ratings``; guild 0 is all servers)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Backend
from bot.storage.rows import GAME_COLS, GameRow, game_row


@dataclass(frozen=True)
class RatingRow:
    """One player's rating in one game on one server (guild 0: across all servers)."""

    engine: str
    guild_id: int
    player: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one player's rating on one server (guild 0: all servers):
    their place (1 is first) and their rating before and after."""

    game_id: int
    guild_id: int
    player: str
    engine: str
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: float


CHANGE_COLS = (
    "game_id, guild_id, player, engine, place, mu_before, sigma_before, mu_after, sigma_after, at"
)


def change_row(r: Sequence[Any]) -> RatingChange:
    """A ``rating_changes`` row (its columns in ``CHANGE_COLS`` order)."""
    mu0, s0, mu1, s1, at = (float(v) for v in r[5:10])
    return RatingChange(int(r[0]), int(r[1]), str(r[2]), str(r[3]), int(r[4]), mu0, s0, mu1, s1, at)


class RatingQueries:
    """The ``rated_games`` and ``ratings`` tables."""

    backend: Backend

    async def is_rated(self, game_id: int) -> bool:
        """Whether the ratings have taken in this game already."""
        row = await self.backend.one("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))
        return row is not None

    async def hold_ratings(
        self, engine: str, keys: Iterable[tuple[int, str]], *, mu: float, sigma: float
    ) -> dict[tuple[int, str], RatingRow]:
        """The ratings of (guild, player) ``keys`` in ``engine``, held by this write transaction
        until it ends (a new player starts at ``mu``/``sigma`` with no games). Rows are created
        and locked in one order, so two games finishing at once never deadlock, and the second
        reads what the first wrote."""
        ordered = sorted(set(keys))
        await self.backend.run_many(
            "INSERT INTO ratings (engine, guild_id, player, mu, sigma) VALUES (?,?,?,?,?)"
            " ON CONFLICT (engine, guild_id, player) DO NOTHING",
            [(engine, guild, player, mu, sigma) for guild, player in ordered],
        )
        out: dict[tuple[int, str], RatingRow] = {}
        lock = self.backend.row_lock()
        for guild, player in ordered:
            row = await self.backend.one(
                "SELECT mu, sigma, games, wins FROM ratings"
                " WHERE engine = ? AND guild_id = ? AND player = ?" + lock,
                (engine, guild, player),
            )
            assert row is not None, "inserted just above"
            out[guild, player] = RatingRow(
                engine, guild, player, float(row[0]), float(row[1]), int(row[2]), int(row[3])
            )
        return out

    async def put_ratings(self, rows: Sequence[RatingRow]) -> None:
        """Store ratings held with :meth:`hold_ratings`."""
        await self.backend.run_many(
            "UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ?"
            " WHERE engine = ? AND guild_id = ? AND player = ?",
            [(r.mu, r.sigma, r.games, r.wins, r.engine, r.guild_id, r.player) for r in rows],
        )

    async def put_rating_changes(self, changes: Sequence[RatingChange]) -> None:
        """Record what a game did to its players' ratings (in the game's rating transaction)."""
        await self.backend.run_many(
            f"INSERT INTO rating_changes ({CHANGE_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    c.game_id,
                    c.guild_id,
                    c.player,
                    c.engine,
                    c.place,
                    c.mu_before,
                    c.sigma_before,
                    c.mu_after,
                    c.sigma_after,
                    c.at,
                )
                for c in changes
            ],
        )

    async def rating_changes(self, game_id: int, guild_id: int) -> list[RatingChange]:
        """What game ``game_id`` did to its players' ratings on one server, best place first."""
        rows = await self.backend.all(
            f"SELECT {CHANGE_COLS} FROM rating_changes WHERE game_id = ? AND guild_id = ?"
            " ORDER BY place, player",
            (game_id, guild_id),
        )
        return [change_row(r) for r in rows]

    async def mark_rated(self, game_id: int, now: float) -> None:
        """Record that the ratings took in this game, next in order (raises
        :class:`~bot.storage.backend.Conflict` if they already had)."""
        await self.backend.run(
            "INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?)", (game_id, now)
        )

    async def ratings(self, engine: str, guild_id: int) -> list[RatingRow]:
        """Every rating in ``engine`` on one server (0: across all servers), by player."""
        rows = await self.backend.all(
            "SELECT player, mu, sigma, games, wins FROM ratings"
            " WHERE engine = ? AND guild_id = ? ORDER BY player",
            (engine, guild_id),
        )
        return [
            RatingRow(engine, guild_id, str(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]))
            for r in rows
        ]

    async def all_ratings(self) -> list[RatingRow]:
        """Every rating, by game, server and player."""
        rows = await self.backend.all(
            "SELECT engine, guild_id, player, mu, sigma, games, wins FROM ratings"
            " ORDER BY engine, guild_id, player",
            (),
        )
        return [
            RatingRow(
                str(r[0]), int(r[1]), str(r[2]), float(r[3]), float(r[4]), int(r[5]), int(r[6])
            )
            for r in rows
        ]

    async def games_to_rate(self) -> list[GameRow]:
        """Every finished game in the order the ratings take them in: those already rated in
        their order, then any never rated (finished before ratings existed) by finishing time."""
        cols = ", ".join(f"g.{c.strip()}" for c in GAME_COLS.split(","))
        rows = await self.backend.all(
            f"SELECT {cols} FROM games g LEFT JOIN rated_games r ON r.game_id = g.id"
            " WHERE g.status = 'finished'"
            " ORDER BY CASE WHEN r.seq IS NULL THEN 1 ELSE 0 END, r.seq, g.updated_at, g.id",
            (),
        )
        return [game_row(r) for r in rows]

    async def hold_all_ratings(self) -> None:
        """Hold both tables until this write transaction ends (a rebuild): on PostgreSQL no game
        may finish into them meanwhile; SQLite's write transaction holds the whole file already."""
        if self.backend.dialect == "postgresql":
            await self.backend.run(
                "LOCK TABLE rated_games, ratings, rating_changes IN SHARE ROW EXCLUSIVE MODE"
            )

    async def forget_ratings(self) -> None:
        """Delete every rating and every record of a rated game (a rebuild starts so)."""
        await self.backend.run("DELETE FROM ratings")
        await self.backend.run("DELETE FROM rating_changes")
        await self.backend.run("DELETE FROM rated_games")
