"""The leaderboard and a member's profile (#27.2), read from the stored ratings, their changes
game by game, the seats and the log's times.

Nothing here can say what a seat may not know: a rating moves only with a finished game's final
result (``Ratings``), the head-to-head compares final places, and the times to move are read
from finished games' logs (a move's time is seen by everyone when it is posted).

The rating shown is the conservative estimate mu - 3 sigma (``ratings.shown``): a newcomer starts
at 0 and rises as the model grows sure of them, so a single lucky win never tops the board; the
board is sorted by the same number."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from bot.service.narrate import Narrator, game_title
from bot.service.ratings import GLOBAL, shown
from bot.service.results import ServiceError, User
from bot.service.session import Session, engine_of
from bot.storage import RatingRow
from bot.storage.standings import Rival
from renderers.community import (
    LeaderboardRow,
    LeaderboardView,
    ProfileGame,
    ProfileView,
)

#: Lines of a leaderboard (the reader's own line is added below them when further down).
TOP = 10
#: Rated games a profile's sparkline shows, newest last.
HISTORY = 30
#: People a profile's head-to-head names (those met most).
RIVALS = 3
#: Newest finished games whose log gives the median time to move.
MOVE_GAMES = 100
#: Scopes of a leaderboard.
SCOPES = ("server", "global")


@dataclass(frozen=True)
class Leaderboard:
    """A leaderboard to show: its picture's view and the same as text lines (the fallback)."""

    view: LeaderboardView
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Profile:
    """A member's profile: the ratings picture's view (None without a rated game) and text."""

    view: ProfileView | None
    lines: tuple[str, ...]


def duration(seconds: float, words: Narrator) -> str:
    """A time to move in the largest unit that reads well: minutes, hours or days."""
    minutes = seconds / 60
    if minutes < 60:
        return words.t("service.duration.minutes", {"count": max(1, round(minutes))})
    hours = minutes / 60
    if hours < 48:
        return words.t("service.duration.hours", {"count": round(hours)})
    return words.t("service.duration.days", {"count": round(hours / 24)})


class Community:
    """Leaderboards and profiles over the shared session. Needs the session and words."""

    def __init__(self, session: Session, words: Narrator) -> None:
        self.session = session
        self.db = session.db
        self.words = words

    async def _names(self, players: list[str], lang: str) -> dict[str, str]:
        """Display names of rating players: a member by their newest seat's name, a computer
        level as "Computer (normal)" in ``lang``. Caller holds a read."""
        words = self.words.at(lang)
        users = [int(p.split(":", 1)[1]) for p in players if p.startswith("user:")]
        known = await self.db.latest_names(users)
        out: dict[str, str] = {}
        for p in players:
            kind, _, rest = p.partition(":")
            if kind == "computer":
                level = words.t(f"service.computer_level.{rest}", {})
                out[p] = words.t("service.computer_player", {"level": level})
            else:
                out[p] = known.get(int(rest), "?")
        return out

    async def leaderboard(
        self, guild_id: int, game: str, *, scope: str = "server", viewer: int = 0, lang: str = ""
    ) -> Leaderboard:
        """One game's best players on this server (``scope`` "server") or on every server
        (``global``), in ``lang``; the reader (``viewer``) gets their own line below the top when
        they are further down. Refused when nobody has finished a rated game of it there."""
        words = self.words.at(lang)
        engine = engine_of(game.strip().lower())
        title = game_title(engine.meta.id, words.lang)
        if scope not in SCOPES:
            raise ServiceError("service.bad_scope", scope=scope, choices=", ".join(SCOPES))
        guild = guild_id if scope == "server" else GLOBAL
        async with self.db.read():
            top = await self.db.top_ratings(engine.meta.id, guild, limit=TOP)
            if not top:
                raise ServiceError(f"service.leaderboard_empty.{scope}", game=title)
            count = await self.db.rated_players(engine.meta.id, guild)
            ranked = [(i + 1, r) for i, r in enumerate(top)]
            own = await self.db.rating_of(engine.meta.id, guild, f"user:{viewer}")
            if own is not None and all(r.player != own.player for r in top):
                ranked.append((await self.db.rank_of(own), own))
            names = await self._names([r.player for _, r in ranked], words.lang)
        rows = tuple(
            LeaderboardRow(
                rank=rank,
                name=names[r.player],
                rating=round(shown(r.mu, r.sigma), 1),
                games=r.games,
                wins=r.wins,
                own=r.player == f"user:{viewer}",
            )
            for rank, r in ranked
        )
        view = LeaderboardView(title, scope, rows, count, words.lang)
        head = words.t(f"service.leaderboard_title.{scope}", {"game": title})
        lines = [head] + [
            words.t(
                "service.leaderboard_line",
                {
                    "rank": row.rank,
                    "name": row.name,
                    "rating": f"{row.rating:.1f}",
                    "games": row.games,
                    "rate": f"{round(100 * row.win_rate)}%",
                },
            )
            for row in rows
        ]
        return Leaderboard(view, tuple(lines))

    async def profile(self, guild_id: int, member: User, *, lang: str = "") -> Profile:
        """``member``'s profile on this server, in ``lang``: each game's rating here (and across
        servers) with its history, games finished and abandoned, the median time to move, and
        the head-to-head against the people met most. Refused for a member never seated at a
        started game here."""
        words = self.words.at(lang)
        player = f"user:{member.id}"
        async with self.db.read():
            counts = await self.db.game_counts(member.id, guild_id)
            here = await self.db.player_ratings(player, guild_id)
            everywhere = {r.engine: r for r in await self.db.player_ratings(player, GLOBAL)}
            histories = {
                r.engine: await self.db.rating_history(player, guild_id, r.engine, limit=HISTORY)
                for r in here
            }
            gaps = await self.db.move_gaps(member.id, guild_id, games=MOVE_GAMES)
            rivals = await self.db.rivals(player, guild_id, limit=RIVALS)
            names = await self._names([r.player for r in rivals], words.lang)
            known = await self.db.latest_names([member.id])
        if counts.finished == 0 and counts.abandoned == 0 and not here:
            raise ServiceError("service.profile_none", name=member.name)
        name = known.get(member.id, member.name)
        games = tuple(
            ProfileGame(
                game_title=game_title(r.engine, words.lang),
                rating=round(shown(r.mu, r.sigma), 1),
                games=r.games,
                wins=r.wins,
                history=tuple(shown(c.mu_after, c.sigma_after) for c in histories[r.engine]),
            )
            for r in here
        )
        lines = [words.t("service.profile_title", {"name": name})]
        lines += [
            self._game_line(words, g, everywhere.get(r.engine))
            for g, r in zip(games, here, strict=True)
        ]
        lines.append(
            words.t(
                "service.profile_games",
                {"finished": counts.finished, "abandoned": counts.abandoned},
            )
        )
        if gaps:
            median = duration(statistics.median(gaps), words)
            lines.append(words.t("service.profile_move_time", {"time": median}))
        lines += [self._rival_line(words, r, names[r.player]) for r in rivals]
        view = ProfileView(name, games, words.lang) if games else None
        return Profile(view, tuple(lines))

    @staticmethod
    def _game_line(words: Narrator, game: ProfileGame, everywhere: RatingRow | None) -> str:
        rate = f"{round(100 * game.wins / game.games) if game.games else 0}%"
        line = words.t(
            "service.profile_game",
            {
                "game": game.game_title,
                "rating": f"{game.rating:.1f}",
                "games": game.games,
                "rate": rate,
            },
        )
        if everywhere is not None:
            overall = f"{shown(everywhere.mu, everywhere.sigma):.1f}"
            line += " " + words.t("service.profile_global", {"rating": overall})
        return line

    @staticmethod
    def _rival_line(words: Narrator, rival: Rival, name: str) -> str:
        return words.t(
            "service.profile_rival",
            {"name": name, "games": rival.games, "ahead": rival.ahead, "behind": rival.behind},
        )
