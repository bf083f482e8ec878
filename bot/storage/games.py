"""Games and their seats: the game row (its snapshot is a cache of the log's replay, written with
a version check), the one live game per channel, and who sits where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.backend import Backend
from bot.storage.rows import GAME_COLS, GameRow, SeatRow, dumps, game_row


class GameQueries:
    """The ``games`` and ``seats`` tables."""

    backend: Backend

    async def insert_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        engine: str,
        options: dict[str, str],
        seed: int,
        creator_id: int,
        players: int | None,
        now: float,
        lang: str = "",
    ) -> int:
        """A new lobby (``lang``: the table's language, "" for the deployment's); raises
        :class:`Conflict` if the channel already has a live game."""
        return await self.backend.insert(
            "INSERT INTO games (guild_id, channel_id, engine, options, seed, status, creator_id,"
            " players, version, created_at, updated_at, lang)"
            " VALUES (?,?,?,?,?,'lobby',?,?,0,?,?,?)",
            (
                guild_id,
                channel_id,
                engine,
                dumps(options),
                seed,
                creator_id,
                players,
                now,
                now,
                lang,
            ),
        )

    async def live_game(self, channel_id: int) -> GameRow | None:
        """The lobby/active game of a channel."""
        row = await self.backend.one(
            f"SELECT {GAME_COLS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')"
            + self.backend.row_lock(),
            (channel_id,),
        )
        return game_row(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game, else its most recent game of any status."""
        live = await self.live_game(channel_id)
        if live is not None:
            return live
        row = await self.backend.one(
            f"SELECT {GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
            + self.backend.row_lock(),
            (channel_id,),
        )
        return game_row(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        """A game by id. Inside ``write()`` (as every read of a game's row there) this locks
        the game until the transaction ends: the per-game serialisation (``backend.py``)."""
        row = await self.backend.one(
            f"SELECT {GAME_COLS} FROM games WHERE id = ?" + self.backend.row_lock(), (game_id,)
        )
        return game_row(row) if row else None

    async def lock_game(self, game_id: int) -> bool:
        """Hold game ``game_id`` until the write transaction ends (another transaction on it
        waits; on SQLite the transaction already holds everything); returns whether it exists."""
        row = await self.backend.one(
            "SELECT id FROM games WHERE id = ?" + self.backend.row_lock(), (game_id,)
        )
        return row is not None

    async def snapshot(self, game_id: int) -> str | None:
        """The stored state snapshot (canonical JSON text)."""
        row = await self.backend.one("SELECT snapshot FROM games WHERE id = ?", (game_id,))
        return row[0] if row else None

    async def version(self, game_id: int) -> int | None:
        """The game's current version."""
        row = await self.backend.one(
            "SELECT version FROM games WHERE id = ?" + self.backend.row_lock(), (game_id,)
        )
        return int(row[0]) if row else None

    async def write_snapshot(
        self,
        game_id: int,
        *,
        expected_version: int,
        snapshot: str | None,
        status: str,
        to_act: list[int],
        round_info: str,
        result: dict[str, Any] | None,
        now: float,
    ) -> int:
        """Store the state after a change and bump the version; returns the new version.

        Raises ``RuntimeError`` if the version moved (the caller's transaction is then rolled back).
        """
        changed = await self.backend.run(
            "UPDATE games SET snapshot = ?, status = ?, to_act = ?, round_info = ?, result = ?,"
            " updated_at = ?, version = version + 1 WHERE id = ? AND version = ?",
            (
                snapshot,
                status,
                dumps(to_act),
                round_info,
                dumps(result) if result is not None else None,
                now,
                game_id,
                expected_version,
            ),
        )
        if changed != 1:
            raise RuntimeError(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        """Change a game's status (and bump its version: buttons on it are stale)."""
        await self.backend.run(
            "UPDATE games SET status = ?, updated_at = ?, version = version + 1 WHERE id = ?",
            (status, now, game_id),
        )

    async def touch(self, game_id: int, now: float) -> None:
        """Bump the version and update time (seats changed)."""
        await self.backend.run(
            "UPDATE games SET updated_at = ?, version = version + 1 WHERE id = ?", (now, game_id)
        )

    async def count_games(self) -> int:
        """How many games are stored."""
        row = await self.backend.one("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    async def games_of_user(self, user_id: int) -> list[tuple[GameRow, int]]:
        """Every lobby/active game the user sits in, with their seat."""
        rows = await self.backend.all(
            f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLS.split(','))}, s.seat"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'active')",
            (user_id,),
        )
        return [(game_row(r[:-1]), int(r[-1])) for r in rows]

    async def games_with_computers(self) -> list[GameRow]:
        """Active games with a computer seat still playing (negative user ids), or a computer
        standing in for an away player (a clock's ``standin``, #27.3)."""
        rows = await self.backend.all(
            f"SELECT {GAME_COLS} FROM games g WHERE g.status = 'active' AND (EXISTS"
            " (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id < 0 AND s.removed = 0)"
            " OR EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = g.id"
            " AND c.standin NOT IN ('', '-'))) ORDER BY g.id",
            (),
        )
        return [game_row(r) for r in rows]

    # -- seats ------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        """Seats in seat order."""
        rows = await self.backend.all(
            "SELECT seat, user_id, name, removed FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        """Replace all seats of a game."""
        await self.backend.run("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self.backend.run_many(
            "INSERT INTO seats (game_id, seat, user_id, name, removed) VALUES (?,?,?,?,?)",
            [(game_id, s.seat, s.user_id, s.name, int(s.removed)) for s in seats],
        )

    async def first_game(self, status: str) -> int | None:
        """The id of the oldest game with ``status``, if any."""
        row = await self.backend.one(
            "SELECT id FROM games WHERE status = ? ORDER BY id LIMIT 1", (status,)
        )
        return int(row[0]) if row else None

    async def copy_game(self, game_id: int, *, channel_id: int, user_offset: int) -> int:
        """A copy of a game (its row, seats and log) in another channel, with its users' ids
        moved by ``user_offset``; returns the copy's id (``turnpost bench`` fills a database
        this way). The columns are read from the schema, so a migration adding one never breaks
        the copy."""
        games = await self._columns("games", "id", "channel_id")
        seats = await self._columns("seats", "game_id", "user_id")
        actions = await self._columns("actions", "game_id")
        new = await self.backend.insert(
            f"INSERT INTO games (channel_id, {games}) SELECT ?, {games} FROM games WHERE id = ?",
            (channel_id, game_id),
        )
        await self.backend.run(
            f"INSERT INTO seats (game_id, user_id, {seats})"
            f" SELECT ?, user_id + ?, {seats} FROM seats WHERE game_id = ?",
            (new, user_offset, game_id),
        )
        await self.backend.run(
            f"INSERT INTO actions (game_id, {actions}) SELECT ?, {actions} FROM actions"
            " WHERE game_id = ?",
            (new, game_id),
        )
        return new

    async def _columns(self, table: str, *skip: str) -> str:
        return ", ".join(c for c in await self.backend.columns(table) if c not in skip)
