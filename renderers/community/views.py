"""What the community pictures draw: plain frozen values the service fills from stored ratings
and a finished game's public log. Nothing here can carry a seat's hidden information: a
leaderboard row, a profile and a score chart hold names, ratings, counts and public scores."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of a leaderboard."""

    rank: int
    name: str
    #: The shown rating (mu - 3 sigma).
    rating: float
    games: int
    wins: int
    #: The reader's own line (drawn highlighted; shown below the top when they are not in it).
    own: bool = False

    @property
    def win_rate(self) -> float:
        """Wins per game, 0..1."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class LeaderboardView:
    """One game's leaderboard on one server (``scope`` "server") or across all (``global``)."""

    game_title: str
    scope: str
    rows: tuple[LeaderboardRow, ...]
    #: Rated players in all (the rows are the top of them, and perhaps the reader's own line).
    players: int
    lang: str = "en"


@dataclass(frozen=True)
class ProfileGame:
    """A member's rating in one game: now, and after each of their newest rated games."""

    game_title: str
    rating: float
    games: int
    wins: int
    #: Shown ratings after each rated game, oldest first (the sparkline).
    history: tuple[float, ...]


@dataclass(frozen=True)
class ProfileView:
    """A member's ratings, game by game, with their history."""

    name: str
    games: tuple[ProfileGame, ...]
    lang: str = "en"


@dataclass(frozen=True)
class ChartLine:
    """One seat's line on the score chart: its public score at each point (None: not known then)
    and its final score."""

    seat: int
    name: str
    scores: tuple[int | None, ...]
    final: int
    winner: bool = False


@dataclass(frozen=True)
class ScoreChartView:
    """Every seat's score over a finished game: a point at the end of each round (or era, or
    set), then the final scores. ``labels`` name the points (round numbers); the last point is
    the final score sheet. ``hidden`` when the game keeps scores secret until its end (only the
    final scores are drawn then)."""

    game_title: str
    labels: tuple[str, ...]
    lines: tuple[ChartLine, ...]
    #: Seat colours, by seat (the game's own palette, as on its board).
    colours: tuple[tuple[int, int, int], ...]
    hidden: bool = False
    lang: str = "en"
