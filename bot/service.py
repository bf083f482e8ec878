"""The transport-agnostic game service: what the Discord adapter and the console both call.

Nothing here imports Discord. Every method takes plain ids and :class:`User` values and returns plain
frozen dataclasses (catalog-rendered text lines, PNG bytes, user ids to mention). A player-facing
failure is always a :class:`ServiceError` (engine ``IllegalAction`` reasons are re-raised as
``ServiceError`` with the engine's own key and parameters), so an adapter catches one exception type
and shows ``str(err)`` or ``err.text(lang)``.

A game lives in a channel: at most one lobby/active game per channel. Methods that address "the game
in this channel" also accept ``game_id=`` so that buttons, which carry a game id and a version, can
point at one exact game; read-only methods (board, log, export, score sheet) fall back to the most
recent finished game of the channel when none is running.

Times are Unix seconds (float) from the injectable ``clock``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.base import IllegalAction
from engines.catalog import CATALOG

Clock = Callable[[], float]


class ServiceError(Exception):
    """A player-facing refusal: a catalog ``key`` plus ``params`` (``str(err)`` is English)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(CATALOG.text(key, params))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (falls back to English key by key)."""
        return CATALOG.text(self.key, self.params, lang=lang)

    @staticmethod
    def from_illegal(exc: IllegalAction) -> ServiceError:
        """Carry an engine's specific reason through unchanged."""
        return ServiceError(exc.key, **exc.params)


@dataclass(frozen=True)
class User:
    """Someone talking to the bot: a Discord user id (or a console name's id) and a display name."""

    id: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a game: its 0-based number, who holds it, and whether they were voted out
    (a removed seat is played by the engine's timeout action from then on)."""

    seat: int
    user_id: int
    name: str
    removed: bool = False


@dataclass(frozen=True)
class GameInfo:
    """A game as the adapters see it (lobby, active, finished or aborted)."""

    game_id: int
    guild_id: int
    channel_id: int
    game: str  # engine id, e.g. "bombay"
    title: str
    status: str  # "lobby" | "active" | "finished" | "aborted"
    creator_id: int
    #: Seats wanted (None: any count the game allows; start decides).
    players: int | None
    options: Mapping[str, str]
    seats: tuple[SeatInfo, ...]
    version: int
    #: User ids whose decision is pending now (empty in a lobby or a finished game).
    to_act: tuple[int, ...]
    #: The engine's short status line, e.g. "Round 3 of 6".
    round_info: str
    created_at: float
    updated_at: float

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds, or None."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return [s.name for s in self.seats]


@dataclass(frozen=True)
class ScoreRow:
    """One line of the final score sheet."""

    place: int  # 1 = winner; tied seats share a place
    seat: int
    user_id: int
    name: str
    score: int
    #: Category label (through the catalog) → points.
    breakdown: Mapping[str, int]


@dataclass(frozen=True)
class ScoreSheet:
    """Final scores with their breakdown, ready to show."""

    rows: tuple[ScoreRow, ...]
    winners: tuple[int, ...]  # user ids
    lines: tuple[str, ...]  # the whole sheet as text lines


@dataclass(frozen=True)
class MoveOutcome:
    """What an action (or start, undo, timeout) changed, for one message to the channel.

    ``lines`` are for everyone; ``private_lines[user_id]`` go only to that user (ephemeral).
    ``mention`` holds the users whose turn it *became* with this change (never someone who already
    had to act); ``to_act`` everyone pending now. ``board_png`` is None when ``render=False``.
    """

    game_id: int
    version: int
    game: str
    action: str  # canonical action text ("" for start)
    seat: int | None
    lines: tuple[str, ...]
    private_lines: Mapping[int, tuple[str, ...]]
    board_png: bytes | None
    mention: tuple[int, ...]
    to_act: tuple[int, ...]
    finished: bool
    score_sheet: ScoreSheet | None = None
    #: Further actions the service played automatically after this one (seats voted out).
    auto_actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardImage:
    """The public board of a game now."""

    game_id: int
    version: int
    png: bytes
    lines: tuple[str, ...]  # caption: status, whose turn, last move
    score_sheet: ScoreSheet | None = None


@dataclass(frozen=True)
class PrivateView:
    """One seat's hidden information (send ephemerally only)."""

    game_id: int
    version: int
    seat: int
    png: bytes | None  # None when the game has no private board
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LogPage:
    """One page of the human-readable log (newest last)."""

    game_id: int
    page: int  # 1-based
    pages: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class UndoPreview:
    """What ``undo`` would take back."""

    game_id: int
    version: int
    move: int
    action: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class VoteOutcome:
    """A vote (abort, remove or replace a seat): done when enough players agreed."""

    game_id: int
    kind: str  # "abort" | "remove" | "replace"
    done: bool
    votes: int
    needed: int
    lines: tuple[str, ...]
    #: Set when the vote ended a replacement/removal that changed whose turn it is.
    move: MoveOutcome | None = None


@dataclass(frozen=True)
class GameSettings:
    """Per-game reminder settings (hours; deadline 0 = none)."""

    game_id: int
    reminder_delay_hours: float
    reminder_interval_hours: float
    reminder_max: int
    deadline_hours: float


@dataclass(frozen=True)
class UserSettings:
    """Per-user reminder preferences. Quiet hours are local hours [start, end) (start == end: none),
    local = UTC + ``tz_offset_minutes``; no reminder is sent before ``away_until``."""

    user_id: int
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    away_until: float = 0.0


@dataclass(frozen=True)
class MyGame:
    """One line of "my games"."""

    game_id: int
    guild_id: int
    channel_id: int
    game: str
    title: str
    status: str
    my_turn: bool
    round_info: str
    updated_at: float


@dataclass(frozen=True)
class DueReminder:
    """Reminders due now for one game: mention ``user_ids`` in ``channel_id``.

    ``kind`` is "reminder" (a nudge) or "deadline" (time is up: offer skip via
    :meth:`Service.resolve_deadline` or a vote). Pass it back to :meth:`Service.mark_reminder_sent`
    once sent; the same due time is never returned again after that.
    """

    game_id: int
    channel_id: int
    user_ids: tuple[int, ...]
    due_at: float
    kind: str


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying an export: the final dumped state and result."""

    game: str
    state: dict[str, Any]
    result: dict[str, Any] | None
    actions: int
    finished: bool = field(default=False)


def replay(export: Mapping[str, Any]) -> Replay:
    """Replay an :meth:`Service.export` dict from scratch (pure; no database)."""
    raise NotImplementedError


class Service:
    """The game service over one SQLite database. Create with ``await Service.open(path)``."""

    @classmethod
    async def open(
        cls,
        db_path: str | Path,
        *,
        clock: Clock = time.time,
        lang: str = "en",
        reminder_delay_hours: float = 24,
        reminder_interval_hours: float = 24,
        reminder_max: int = 3,
    ) -> Service:
        """Open (creating and migrating if needed) the database. Loads no game eagerly."""
        raise NotImplementedError

    async def close(self) -> None:
        """Close the database."""
        raise NotImplementedError

    def text(self, key: str, **params: Any) -> str:
        """A catalog message in the service's language."""
        return CATALOG.text(key, params, lang=getattr(self, "lang", "en"))

    # -- lobby ------------------------------------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        creator: User,
        game: str,
        players: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel; the creator takes the first seat.

        Raises ServiceError for an unknown game, bad option/player count, or a channel that
        already has a lobby or active game (``service.channel_busy``).
        """
        raise NotImplementedError

    async def join(self, channel_id: int, user: User) -> GameInfo:
        """Take a seat in the channel's lobby."""
        raise NotImplementedError

    async def leave(self, channel_id: int, user: User) -> GameInfo:
        """Leave the lobby (the creator leaving closes it: status "aborted")."""
        raise NotImplementedError

    async def start(
        self,
        channel_id: int,
        user: User,
        order: list[int] | None = None,
        *,
        render: bool = True,
    ) -> MoveOutcome:
        """Start the lobby (creator only). ``order`` lists user ids in seat order; by default the
        seat order is a shuffle drawn from the game's seed."""
        raise NotImplementedError

    async def game(self, channel_id: int, *, game_id: int | None = None) -> GameInfo:
        """The channel's game (or game ``game_id``)."""
        raise NotImplementedError

    # -- play -------------------------------------------------------------------------------
    async def act(
        self,
        channel_id: int,
        user: User,
        text: str,
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
        render: bool = True,
    ) -> MoveOutcome:
        """Parse and play ``text`` for ``user``'s seat, persist it in one transaction, render.

        Refuses with a specific ServiceError: no game here, not seated, not your turn (naming who
        must act), stale button (``service.stale`` when ``game_id``/``expected_version`` no longer
        match), or the engine's own IllegalAction reason. Nothing changes on refusal.
        """
        raise NotImplementedError

    async def board(self, channel_id: int, *, game_id: int | None = None) -> BoardImage:
        """The public board PNG and a status caption."""
        raise NotImplementedError

    async def private_view(
        self, channel_id: int, user: User, *, game_id: int | None = None
    ) -> PrivateView:
        """``user``'s hidden information as a PNG (if the game draws one) and text lines."""
        raise NotImplementedError

    async def complete(self, channel_id: int, user: User, prefix: str) -> list[str]:
        """Legal next tokens after ``prefix`` for ``user`` (empty when it is not their turn).
        Served from the in-memory state cache."""
        raise NotImplementedError

    async def legal(self, channel_id: int, user: User) -> list[str] | None:
        """Every legal action text for ``user`` now; None when the engine cannot list them
        (walk ``complete`` instead); empty when it is not their turn."""
        raise NotImplementedError

    async def log(
        self,
        channel_id: int,
        page: int = 1,
        viewer: int | None = None,
        *,
        game_id: int | None = None,
        per_page: int = 20,
    ) -> LogPage:
        """A page of the log; ``viewer`` (a user id) also sees events only their seat may see and
        the parameters of their own secret actions. ``page`` -1 is the last page."""
        raise NotImplementedError

    async def undo_preview(self, channel_id: int, user: User) -> UndoPreview:
        """What ``undo`` would take back, or ServiceError saying why it is not allowed (not your
        last action, something was revealed, someone acted since)."""
        raise NotImplementedError

    async def undo(
        self,
        channel_id: int,
        user: User,
        *,
        expected_version: int | None = None,
        render: bool = True,
    ) -> MoveOutcome:
        """Take back ``user``'s own last action (BGA policy; see ``undo_preview``)."""
        raise NotImplementedError

    async def abort(self, channel_id: int, user: User, *, can_manage: bool = False) -> VoteOutcome:
        """Abort the channel's game: at once for the creator or a member with Manage Channels
        (``can_manage``), otherwise a seated player's vote (more than half of the seats needed)."""
        raise NotImplementedError

    async def vote_seat(
        self,
        channel_id: int,
        voter: User,
        target_user_id: int,
        replacement: User | None = None,
    ) -> VoteOutcome:
        """Vote to remove a seat's player (their seat is then played by the engine's timeout
        action) or, with ``replacement``, to hand the seat to someone else. More than half of the
        other seats must agree; the creator or ``can_manage`` are not special here."""
        raise NotImplementedError

    # -- settings ---------------------------------------------------------------------------
    async def settings(self, channel_id: int, *, game_id: int | None = None) -> GameSettings:
        """The game's reminder settings."""
        raise NotImplementedError

    async def update_settings(
        self,
        channel_id: int,
        user: User,
        *,
        can_manage: bool = False,
        reminder_delay_hours: float | None = None,
        reminder_interval_hours: float | None = None,
        reminder_max: int | None = None,
        deadline_hours: float | None = None,
    ) -> GameSettings:
        """Change reminder settings (creator or ``can_manage``); due times are recomputed."""
        raise NotImplementedError

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's reminder preferences (defaults if never set)."""
        raise NotImplementedError

    async def update_user_settings(
        self,
        user_id: int,
        *,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        tz_offset_minutes: int | None = None,
        away_until: float | None = None,
    ) -> UserSettings:
        """Change a user's preferences; their pending reminders are rescheduled."""
        raise NotImplementedError

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every lobby/active game the user sits in, across channels: their turn first, then the
        most recently updated."""
        raise NotImplementedError

    # -- records ----------------------------------------------------------------------------
    async def score_sheet(
        self, channel_id: int, *, game_id: int | None = None
    ) -> ScoreSheet | None:
        """The final score sheet of a finished game (None while it runs)."""
        raise NotImplementedError

    async def export(
        self, channel_id: int | None = None, *, game_id: int | None = None
    ) -> dict[str, Any]:
        """The game as JSON data: game, options, seed, seats, actions (canonical text)."""
        raise NotImplementedError

    # -- reminders --------------------------------------------------------------------------
    async def due_reminders(self, now: float | None = None) -> list[DueReminder]:
        """Reminders due at ``now`` (default: the clock) and not yet sent, oldest first."""
        raise NotImplementedError

    async def mark_reminder_sent(self, reminder: DueReminder, now: float | None = None) -> None:
        """Record that ``reminder`` was sent and schedule the next one (policy in
        bot/reminders.py). Idempotent: marking the same due time twice does nothing."""
        raise NotImplementedError

    async def resolve_deadline(
        self, game_id: int, user_id: int, *, render: bool = True
    ) -> MoveOutcome | None:
        """Play the engine's timeout action for a player whose deadline passed; None when the
        rules give none (then offer a vote to remove them)."""
        raise NotImplementedError
