"""The service's answers: frozen dataclasses of plain values, and its one refusal type."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import drawing
from bot.storage import (
    ActionRow,
    GameRow,
    SeatRow,
)
from engines.base import Event, IllegalAction
from engines.catalog import CATALOG
from renderers.community import ScoreChartView


class ServiceError(Exception):
    """A player-facing refusal: a catalog ``key`` plus ``params`` (``str(err)`` is English)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        #: Player names by seat, so seat parameters read as names ("It is Ana's palace").
        self.names: tuple[str, ...] | None = None
        super().__init__(CATALOG.text(key, params))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (falls back to English key by key)."""
        return CATALOG.text(self.key, self.params, lang=lang, names=self.names)

    def __str__(self) -> str:
        return self.text()

    @staticmethod
    def from_illegal(exc: IllegalAction, names: Sequence[str] | None = None) -> ServiceError:
        """Carry an engine's specific reason through unchanged, naming seats by ``names``."""
        err = ServiceError(exc.key, **exc.params)
        err.names = tuple(names) if names is not None else None
        return err


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
    #: The table's language (#28.1): what everyone at it reads publicly is in it.
    lang: str = "en"

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
    #: Category label (through the catalog) → points, in the game's scoring order.
    breakdown: Mapping[str, int]
    #: Fact label → number to check the points with (bonus counts, tie-break values).
    details: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreSheet:
    """Final scores with their breakdown, ready to show."""

    rows: tuple[ScoreRow, ...]
    winners: tuple[int, ...]  # user ids
    lines: tuple[str, ...]  # the whole sheet as text lines


@dataclass(frozen=True)
class BoardDraw:
    """A change's public board, drawn when the adapter asks (after it has answered Discord, so the
    3-second rule holds): from the state the change committed, never from a row that another
    process may have moved on since. A plain value: drawing it is one call, :meth:`render`
    (``bot/drawing.py``), with no trip back to the service."""

    game: str
    #: The state the change committed.
    state: Any
    #: Display names by seat.
    names: tuple[str, ...]
    #: Board marks of the moves since the acting player's last turn, oldest first.
    recent: tuple[Any, ...] = ()
    #: The table's language, where the renderer draws words.
    lang: str = "en"

    async def render(self) -> bytes:
        """The board, drawn in a worker thread."""
        return await asyncio.to_thread(
            drawing.draw_public, self.game, self.state, self.names, self.recent, self.lang
        )

    def glance_text(self) -> tuple[str, ...]:
        """The glance's words as text lines (whose turn, what is asked, every score): quick,
        no drawing."""
        return drawing.glance_text(self.game, self.state, self.names, self.lang)


@dataclass(frozen=True)
class RatingShift:
    """What a finished game did to one seat's rating on its server: the shown rating
    (mu - 3 sigma) before and after, and the seat's place."""

    seat: int
    name: str
    place: int
    before: float
    after: float


@dataclass(frozen=True)
class GameResults:
    """What the results message of a finished game shows beside its score sheet (#27.5): the
    rating changes it made, and every seat's score over the game (None: its log could not be
    replayed), drawn with :meth:`render_chart`."""

    shifts: tuple[RatingShift, ...]
    chart: ScoreChartView | None
    #: The rating changes as lines in the table's language (empty when the game was not rated).
    lines: tuple[str, ...] = ()

    async def render_chart(self) -> bytes | None:
        """The score chart as PNG, drawn in a worker thread (None without a chart)."""
        if self.chart is None:
            return None
        return await asyncio.to_thread(drawing.draw_chart, self.chart)


@dataclass(frozen=True)
class MoveOutcome:
    """What an action (or start, undo, timeout) changed, for one message to the channel.

    ``lines`` are for everyone; ``private_lines[user_id]`` go only to that user (ephemeral).
    ``mention`` holds the users whose turn it *became* with this change (never someone who already
    had to act); ``to_act`` everyone pending now. ``board_png`` is None when ``render=False``;
    ``board`` draws it later. An adapter needs nothing else to announce the change: one service
    call per move.
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
    #: For the players in ``mention``: every move since their own last turn, public text only,
    #: as a title and one line per turn, folded to fit one message (bot/recap.py).
    recap: tuple[str, ...] = ()
    #: The game's channel (where a late announcement goes).
    channel_id: int = 0
    #: The board after this change, to draw after deferring (None: nothing to draw).
    board: BoardDraw | None = None
    #: Seated players, not voted out, who were shown something privately by this change (the
    #: adapter tells the others among them to look at their hand; never what they saw).
    shown: tuple[int, ...] = ()
    #: The table's language (#28.1): ``lines``, ``recap`` and the board are in it, and so must
    #: be everything else the public turn message says.
    lang: str = "en"
    #: Set when this change finished the game: its rating changes and score chart (#27.5).
    results: GameResults | None = None
    #: Whether the table allows hints (a hints-off table shows no Hint button).
    hints: bool = True


@dataclass(frozen=True)
class BoardImage:
    """The public board of a game now."""

    game_id: int
    version: int
    png: bytes
    lines: tuple[str, ...]  # caption: status, whose turn, last move
    score_sheet: ScoreSheet | None = None
    #: The table's language, which ``lines`` and the images speak.
    lang: str = "en"
    #: The glance's words as text lines (whose turn, what is asked, every score).
    glance_text: tuple[str, ...] = ()
    #: Whether the table allows hints (a hints-off table shows no Hint button).
    hints: bool = True


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
    #: While the vote is open: the players with a say who have not voted yet (to be asked).
    waiting: tuple[int, ...] = ()
    #: The table's language, which ``lines`` speak (the public message is all in it).
    lang: str = "en"


@dataclass(frozen=True)
class GameSettings:
    """Per-game reminder settings (hours; deadline 0 = none) and the table's quiet hours: local
    hours [start, end) (equal: none), local to the IANA zone ``time_zone`` when set, else
    UTC + ``tz_offset_minutes``; no reminder falls in them, nor in the player's own."""

    game_id: int
    reminder_delay_hours: float
    reminder_interval_hours: float
    reminder_max: int
    deadline_hours: float
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    time_zone: str = ""


@dataclass(frozen=True)
class UserSettings:
    """Per-user reminder preferences. Quiet hours are local hours [start, end) (start == end: none),
    local = UTC + ``tz_offset_minutes``; no reminder is sent before ``away_until``."""

    user_id: int
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    away_until: float = 0.0
    #: An IANA zone name ("Asia/Tokyo"); when set it is the local time, not the offset.
    time_zone: str = ""
    #: Whether they asked for a direct message when their turn comes (#26.3), and when the
    #: last one failed (0: never) with Discord's reason (DMs closed).
    dm: bool = False
    dm_failed_at: float = 0.0
    dm_error: str = ""


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
class ClockDue:
    """A seat's time ran out (#27.3): claimed by this process until acted on with
    :meth:`Service.clock_ran_out` (``policy`` "computer": a computer at ``level`` takes the
    seat over; "vote": post the table's vote first) or given back with
    :meth:`Service.release_clock`."""

    game_id: int
    channel_id: int
    seat: int
    user_id: int
    due_at: float
    policy: str
    level: str


@dataclass(frozen=True)
class ClockSettings:
    """A table's time bank in hours (``per_move_hours`` 0: the table has no clock), when it
    refills and what happens when it runs out."""

    game_id: int
    per_move_hours: float = 0.0
    bank_hours: float = 0.0
    refill: str = "round"
    policy: str = "computer"
    level: str = "normal"


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying an export: the final dumped state and result."""

    game: str
    state: dict[str, Any]
    result: dict[str, Any] | None
    actions: int
    finished: bool = field(default=False)


@dataclass(frozen=True)
class Play:
    """One action applied inside a transaction."""

    move: int
    seat: int
    action: str
    events: tuple[Event, ...]
    auto: bool


@dataclass(frozen=True)
class Change:
    """A committed change of a game's state, to be turned into a MoveOutcome."""

    row: GameRow
    version: int
    seats: tuple[SeatRow, ...]
    state: Any
    plays: tuple[Play, ...]
    old_to_act: tuple[int, ...]
    to_act: tuple[int, ...]
    result: dict[str, Any] | None
    head: tuple[str, ...] = ()
    #: Log rows since the newly pending seats' own last turn (for the catch-up recap).
    since_turn: tuple[ActionRow, ...] = ()
    #: Board marks of every move since the acting seats' last turn, oldest first.
    recent: tuple[Any, ...] = ()
    #: Whose clock runs and how much it has left, for the table message (#27.3).
    clock_lines: tuple[str, ...] = ()
    #: Seats a computer plays while their players are away (never pinged).
    standins: frozenset[int] = frozenset()
    #: Whether the table allows hints (a hints-off table shows no Hint button).
    hints: bool = True


@dataclass(frozen=True)
class PollAsk:
    """A vote's question to post as a Discord poll (#27.6), in the table's language. The poll
    is claimed for this question (one per question, whoever asks); ``opened`` makes its post's
    nonce, so a post repeated after a crash is the same message."""

    game_id: int
    kind: str  # "abort" | "remove" | "replace"
    target: int  # the seat the vote is about; -1 for abort
    replacement_id: int
    channel_id: int
    question: str
    yes: str
    no: str
    hours: int
    opened: float
    lang: str


@dataclass(frozen=True)
class PollEnded:
    """A poll whose question is settled (decided, or the game is over): to be ended on
    Discord."""

    channel_id: int
    message_id: int
