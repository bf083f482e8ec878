"""The ratings' service part (#27.1): every finished game moves its players' ratings once, per
game, on its server and across all servers, with openskill's Plackett-Luce model.

A game is rated from its final result only (the engine's ranking, ties sharing a place), so a
rating says nothing a seat may not know. Who counts: the seats still held at the end; a seat
voted out (``removed``) does not count, and a replaced seat counts for whoever finished it.
Computer seats are one player per level ("computer:normal"), so people see where a level stands;
two seats of one level in one game move that player by the mean of their two updates. A game with
fewer than two counted seats, or no person among them, is recorded as taken in but changes
nothing. Aborted games are never rated (they never finish).

The rating is written in the finishing move's own transaction, with a row per game in
``rated_games`` (its key allows one), so retries, restarts and two processes rate a game once;
``rebuild`` replays every stored result in the order they were taken in and gives the same
numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from bot.service.session import Session, computer_level, is_computer
from bot.storage import GameRow, RatingChange, RatingRow, SeatRow

#: The model every rating uses (openskill's defaults: a new player at mu 25, sigma 25/3).
MODEL = PlackettLuce()
#: Guild id of the ratings across all servers.
GLOBAL = 0


def player_key(seat: SeatRow) -> str:
    """Who a seat is for the ratings: "user:<id>", or "computer:<level>" for a computer seat."""
    if is_computer(seat.user_id):
        return f"computer:{computer_level(seat.user_id)}"
    return f"user:{seat.user_id}"


@dataclass(frozen=True)
class Placing:
    """One counted seat of a finished game: its player and its place (1 is first; tied seats
    share a place)."""

    seat: int
    player: str
    place: int


def placings(seats: Sequence[SeatRow], result: Mapping[str, Any]) -> list[Placing]:
    """The seats a finished game rates, with their places from the result's ranking (groups of
    seats, best first). Seats voted out, or missing from the ranking, are left out."""
    held = {s.seat: s for s in seats if not s.removed}
    out = []
    for place, group in enumerate(result.get("ranking") or [], start=1):
        for seat in group:
            if seat in held:
                out.append(Placing(seat, player_key(held[seat]), place))
    return out


def counts(placed: Sequence[Placing]) -> bool:
    """Whether a game moves ratings: two counted seats or more, one of them a person."""
    return len(placed) >= 2 and any(p.player.startswith("user:") for p in placed)


def rerate(placed: Sequence[Placing], current: Mapping[str, RatingRow]) -> dict[str, RatingRow]:
    """The players' ratings after one game (``current``: theirs before it, by player)."""
    teams = [[MODEL.rating(mu=current[p.player].mu, sigma=current[p.player].sigma)] for p in placed]
    new = MODEL.rate(teams, ranks=[float(p.place) for p in placed])
    mus: dict[str, list[float]] = {}
    sigmas: dict[str, list[float]] = {}
    won: dict[str, bool] = {}
    for p, team in zip(placed, new, strict=True):
        mus.setdefault(p.player, []).append(team[0].mu)
        sigmas.setdefault(p.player, []).append(team[0].sigma)
        won[p.player] = won.get(p.player, False) or p.place == 1
    return {
        player: replace(
            current[player],
            mu=sum(mus[player]) / len(mus[player]),
            sigma=sum(sigmas[player]) / len(sigmas[player]),
            games=current[player].games + 1,
            wins=current[player].wins + int(won[player]),
        )
        for player in mus
    }


def changes(
    row: GameRow,
    guild: int,
    placed: Sequence[Placing],
    before: Mapping[str, RatingRow],
    after: Mapping[str, RatingRow],
    now: float,
) -> list[RatingChange]:
    """What a game did to each counted player's rating on one server: their best place (two
    seats of one computer level are one player) and the rating before and after."""
    places: dict[str, int] = {}
    for p in placed:
        places[p.player] = min(places.get(p.player, p.place), p.place)
    return [
        RatingChange(
            row.id,
            guild,
            player,
            row.engine,
            place,
            before[player].mu,
            before[player].sigma,
            after[player].mu,
            after[player].sigma,
            now,
        )
        for player, place in places.items()
    ]


def shown(mu: float, sigma: float) -> float:
    """The rating people see: the conservative estimate mu - 3 sigma (openskill's ordinal), so a
    newcomer starts at 0 and climbs as the model grows sure of them, and one lucky win never
    tops the leaderboard."""
    return mu - 3 * sigma


class Ratings:
    """Rating finished games and rebuilding all ratings over the shared session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.db = session.db

    async def rate(self, row: GameRow, seats: Sequence[SeatRow], now: float) -> bool:
        """Take a finished game into the ratings, unless they have it already; returns whether
        it was taken in now. Caller holds a write transaction (the finishing move's own)."""
        if row.status != "finished" or row.result is None or await self.db.is_rated(row.id):
            return False
        placed = placings(seats, row.result)
        if counts(placed):
            for guild in sorted({row.guild_id, GLOBAL}):
                held = await self.db.hold_ratings(
                    row.engine,
                    [(guild, p.player) for p in placed],
                    mu=MODEL.mu,
                    sigma=MODEL.sigma,
                )
                current = {player: r for (_, player), r in held.items()}
                after = rerate(placed, current)
                await self.db.put_ratings(list(after.values()))
                await self.db.put_rating_changes(changes(row, guild, placed, current, after, now))
        # After the ratings' rows are held: two games sharing a player are numbered in the
        # order their ratings were written, which is the order a rebuild replays.
        await self.db.mark_rated(row.id, now)
        return True

    async def rebuild(self) -> int:
        """Recompute every rating from the stored results, in the order they were taken in
        (games finished before ratings existed after them, by finishing time); returns how many
        finished games were replayed. One write transaction: all or nothing."""
        now = self.session.clock()
        async with self.db.write():
            await self.db.hold_all_ratings()
            games = await self.db.games_to_rate()
            await self.db.forget_ratings()
            for row in games:
                if row.damaged:
                    continue
                # Rated as of when it finished, so a profile's history keeps its order.
                await self.rate(row, await self.db.seats(row.id), row.updated_at or now)
        return len(games)

    async def standings(self, engine: str, guild_id: int = GLOBAL) -> list[RatingRow]:
        """The ratings of ``engine`` on one server (``GLOBAL``: all servers), best first by the
        conservative estimate mu - 3 sigma."""
        async with self.db.read():
            rows = await self.db.ratings(engine, guild_id)
        return sorted(rows, key=lambda r: (-(r.mu - 3 * r.sigma), r.player))
