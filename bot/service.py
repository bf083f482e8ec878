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

import asyncio
import dataclasses
import json
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engines
import renderers
from bot.config import Config, reminder_problem
from bot.recap import Step, recap_lines, turn_window
from bot.reminders import (
    HOUR,
    Policy,
    Prefs,
    deadline_at,
    earliest_allowed,
    known_zone,
    next_reminder,
)
from bot.storage import (
    LIVE,
    ActionRow,
    GameRow,
    OutboxRow,
    ReminderRow,
    SeatRow,
    SettingsRow,
    Storage,
    UserRow,
)
from engines.base import Engine, Event, IllegalAction
from engines.catalog import CATALOG
from engines.randomplay import random_action
from engines.rng import Rng, seed_state

Clock = Callable[[], float]
log = logging.getLogger("turnpost.service")


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
    #: The phone-sized summary (whose turn, what is asked, scores) to show beside the board.
    glance_png: bytes | None = None
    #: For the players in ``mention``: every move since their own last turn, public text only,
    #: as a title and one line per turn, folded to fit one message (bot/recap.py).
    recap: tuple[str, ...] = ()
    #: The game's channel (where a late announcement goes).
    channel_id: int = 0


@dataclass(frozen=True)
class BoardImage:
    """The public board of a game now."""

    game_id: int
    version: int
    png: bytes
    lines: tuple[str, ...]  # caption: status, whose turn, last move
    score_sheet: ScoreSheet | None = None
    #: The phone-sized summary (whose turn, what is asked, scores) to show beside the board.
    glance_png: bytes | None = None


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
    """Per-game reminder settings (hours; deadline 0 = none) and the table's quiet hours: local
    hours [start, end) (equal: none), local = UTC + ``tz_offset_minutes``; no reminder falls in
    them, nor in the player's own."""

    game_id: int
    reminder_delay_hours: float
    reminder_interval_hours: float
    reminder_max: int
    deadline_hours: float
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0


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
    """Replay an :meth:`Service.export` of a game that is over, or a :meth:`Service.record`,
    from scratch (pure; no database). The export of a running game has no seed: it cannot be
    replayed (that is the point) and is refused with ``service.export_running``."""
    if "seed" not in export:
        raise ServiceError("service.export_running")
    engine = engines.get(str(export["game"]))
    options = engine.meta.validate_options(export.get("options") or {})
    state = engine.setup(int(export["players"]), options, int(export["seed"]))
    actions = list(export.get("actions") or [])
    for entry in actions:
        state, _ = engine.play(state, int(entry["seat"]), str(entry["action"]))
    result = engine.result(state)
    return Replay(
        game=engine.meta.id,
        state=engine.dump(state),
        result=result.to_json() if result is not None else None,
        actions=len(actions),
        finished=not engine.to_act(state),
    )


#: How many live game states the service keeps in memory (least recently used are dropped).
STATE_CACHE_SIZE = 512
#: Actions are short notation; anything longer is a paste gone wrong, refused before parsing.
MAX_ACTION_CHARS = 300
#: Automatic moves for removed seats in one go; far beyond any real run of them.
MAX_AUTO_MOVES = 1000
#: Seconds an outbox row stays with whoever claimed it (the mover's own process right after the
#: move, or a drain), as far as OTHER processes are concerned: after a crash the next drain pass
#: of a restarted bot announces the move within about a minute. The holder itself never takes a
#: row back from itself, however slow its post, until it releases it (its post failed).
OUTBOX_LEASE = 60.0
#: Log rows a catch-up recap reads at most (a seat that has not acted for longer gets the newest).
RECAP_MAX_ROWS = 200


@dataclass(frozen=True)
class _Play:
    """One action applied inside a transaction."""

    move: int
    seat: int
    action: str
    events: tuple[Event, ...]
    auto: bool


@dataclass(frozen=True)
class _Change:
    """A committed change of a game's state, to be turned into a MoveOutcome."""

    row: GameRow
    version: int
    seats: tuple[SeatRow, ...]
    state: Any
    plays: tuple[_Play, ...]
    old_to_act: tuple[int, ...]
    to_act: tuple[int, ...]
    result: dict[str, Any] | None
    head: tuple[str, ...] = ()
    #: Log rows since the newly pending seats' own last turn (for the catch-up recap).
    since_turn: tuple[ActionRow, ...] = ()
    #: Board marks of every move since the acting seats' last turn, oldest first.
    recent: tuple[Any, ...] = ()


def _title(game: str, lang: str = "en") -> str:
    """The game's name in ``lang`` (``<game>.name``), else its English title."""
    if CATALOG.has(f"{game}.name", lang):
        return CATALOG.text(f"{game}.name", lang=lang)
    try:
        return engines.get(game).meta.title
    except IllegalAction:
        return game  # a game whose engine is not installed any more


def _status_json(engine: Engine[Any, Any], state: Any) -> str:
    """The engine's status stored as JSON (key and parameters) so each reader's language can
    format it; empty when the engine has nothing to say."""
    ev = engine.status(state)
    return json.dumps({"key": ev.key, "params": dict(ev.params)}) if ev is not None else ""


def round_text(stored: str, lang: str = "en") -> str:
    """A stored status in ``lang``: JSON from ``_status_json``, or text stored by older
    versions (shown as it is)."""
    if not stored.startswith("{"):
        return stored
    try:
        data = json.loads(stored)
        return CATALOG.text(str(data["key"]), dict(data.get("params") or {}), lang=lang)
    except (ValueError, KeyError, TypeError):
        return stored


def _engine(game: str) -> Engine[Any, Any]:
    try:
        return engines.get(game)
    except IllegalAction as exc:
        raise ServiceError.from_illegal(exc) from exc


def _seat_of(seats: Sequence[SeatRow], user_id: int) -> int | None:
    for s in seats:
        if s.user_id == user_id:
            return s.seat
    return None


class Service:
    """The game service over one SQLite database. Create with ``await Service.open(path)``.

    Every change is one immediate transaction on the storage's single connection; coroutines of
    one service queue on its lock, and other processes on SQLite's, so two moves never both land.
    Live states are cached in memory by (game id, version): opening loads nothing, a game is read
    from its snapshot the first time it is touched, and a version moved on by another process is
    noticed on the next write. Autocomplete (``complete``/``legal``) answers from that cache
    without a database query when it can, so it may lag a move made by *another* process until
    this one touches the game; ``act`` always checks against the database.
    """

    def __init__(
        self,
        db: Storage,
        *,
        clock: Clock,
        lang: str,
        defaults: SettingsRow,
    ) -> None:
        self.db = db
        self.clock = clock
        self.lang = lang
        self.defaults = defaults
        # Live states by game id, tagged with the version they belong to: a version mismatch
        # (another process moved the game) means reload from the snapshot.
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._seats: dict[int, tuple[int, tuple[SeatRow, ...]]] = {}
        #: Outbox rows already logged as damaged (each is said once, not on every drain).
        self._damaged_outbox: set[int] = set()
        # The last known live game row per channel, for autocomplete without a database query.
        self._live: dict[int, GameRow] = {}
        #: Who this service is when it claims outbox rows (another process has another).
        self.owner = secrets.token_hex(8)

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
        db = await Storage.open(db_path)
        defaults = SettingsRow(
            reminder_delay_hours * HOUR, reminder_interval_hours * HOUR, reminder_max, 0.0
        )
        return cls(db, clock=clock, lang=lang, defaults=defaults)

    @classmethod
    async def from_config(cls, config: Config, *, clock: Clock = time.time) -> Service:
        """Open the service with the database and reminder defaults of ``config``."""
        return await cls.open(
            config.db_path,
            clock=clock,
            lang=config.lang,
            reminder_delay_hours=config.reminder_delay_hours,
            reminder_interval_hours=config.reminder_interval_hours,
            reminder_max=config.reminder_max,
        )

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()

    async def bot_state(self, key: str) -> str | None:
        """A value an adapter stored for itself (e.g. the hash of its last command sync)."""
        async with self.db.read():
            return await self.db.bot_state(key)

    async def set_bot_state(self, key: str, value: str) -> None:
        """Store one of an adapter's own values, beside the games."""
        async with self.db.write():
            await self.db.put_bot_state(key, value)

    def text(self, key: str, **params: Any) -> str:
        """A catalog message in the service's language."""
        return CATALOG.text(key, params, lang=self.lang)

    def _t(self, key: str, params: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        return CATALOG.text(key, params, lang=self.lang, names=names)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[None]:
        """A write transaction. A refusal (ServiceError) happens before anything is written;
        any other failure may have filled the caches with rows that were rolled back, so they
        are dropped and reloaded from the database."""
        try:
            async with self.db.write():
                yield
        except ServiceError:
            raise
        except BaseException:
            self._states.clear()
            self._seats.clear()
            self._live.clear()
            raise

    # -- loading ----------------------------------------------------------------------------
    async def _row(
        self,
        channel_id: int,
        game_id: int | None,
        *,
        live: bool,
        expected_version: int | None = None,
        damaged_ok: bool = False,
    ) -> GameRow:
        """The game addressed; ``live`` requires a lobby/active one. A game whose record cannot
        be read is refused with ``service.damaged`` unless ``damaged_ok`` (abort frees its
        channel). Caller holds the lock."""
        if game_id is not None:
            row = await self.db.game(game_id)
            if row is None or row.channel_id != channel_id:
                raise ServiceError("service.no_such_game", game_id=game_id)
            if live and row.status not in LIVE:
                raise ServiceError("service.stale")
        else:
            row = await (self.db.live_game(channel_id) if live else self.db.latest_game(channel_id))
            if row is None:
                raise ServiceError("service.no_game")
        if row.damaged and not damaged_ok:
            raise _damaged(row)
        if expected_version is not None and row.version != expected_version:
            raise ServiceError("service.stale")
        if row.status in LIVE:
            self._live[channel_id] = row
        else:
            self._live.pop(channel_id, None)
        return row

    async def _seats_of(self, row: GameRow) -> tuple[SeatRow, ...]:
        cached = self._seats.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        seats = tuple(await self.db.seats(row.id))
        self._seats[row.id] = (row.version, seats)
        return seats

    async def _state_of(self, row: GameRow, engine: Engine[Any, Any]) -> Any:
        if row.status == "lobby":
            raise ServiceError("service.not_started")
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._states.move_to_end(row.id)
            return cached[1]
        text = await self.db.snapshot(row.id)
        if text is None and row.status == "aborted":
            raise ServiceError("service.not_started")  # aborted in its lobby: never dealt
        try:
            if text is None:
                raise ValueError("no snapshot")
            state = engine.loads(text)
        except Exception:  # any damage to the cache: the log is the truth
            log.warning("damaged snapshot rebuilt from the log", extra={"game": row.id})
            seats = await self.db.seats(row.id)
            state = await asyncio.to_thread(
                _replay_log, engine, row, len(seats), await self.db.actions(row.id)
            )
        self._remember(row.id, row.version, state)
        return state

    def _remember(self, game_id: int, version: int, state: Any) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > STATE_CACHE_SIZE:
            dropped, _ = self._states.popitem(last=False)
            self._seats.pop(dropped, None)

    def _info(self, row: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
        by_seat = {s.seat: s.user_id for s in seats}
        return GameInfo(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=row.engine,
            title=_title(row.engine, self.lang),
            status=row.status,
            creator_id=row.creator_id,
            players=row.players,
            options=dict(row.options),
            seats=tuple(SeatInfo(s.seat, s.user_id, s.name, s.removed) for s in seats),
            version=row.version,
            to_act=tuple(by_seat[s] for s in row.to_act if s in by_seat),
            round_info=round_text(row.round_info, self.lang),
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    # -- lobby ------------------------------------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        creator: User,
        game: str,
        players: int | None = None,
        options: Mapping[str, str] | None = None,
        *,
        seed: int | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel; the creator takes the first seat.

        Raises ServiceError for an unknown game, bad option/player count, or a channel that
        already has a lobby or active game (``service.channel_busy``). ``seed`` fixes the game's
        randomness (tests, replays); by default it is drawn at random.
        """
        engine = _engine(game)
        try:
            if players is not None:
                engine.meta.validate_players(players)
            opts = engine.meta.validate_options(options)
        except IllegalAction as exc:
            raise ServiceError.from_illegal(exc) from exc
        now = self.clock()
        the_seed = secrets.randbits(62) if seed is None else int(seed)
        async with self._write():
            try:
                game_id = await self.db.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    engine=engine.meta.id,
                    options=opts,
                    seed=the_seed,
                    creator_id=creator.id,
                    players=players,
                    now=now,
                )
            except sqlite3.IntegrityError:
                # The partial unique index is the guard; this only picks the message.
                busy = await self.db.live_game(channel_id)
                raise ServiceError(
                    "service.channel_busy",
                    game=_title(busy.engine, self.lang) if busy else "?",
                    status=busy.status if busy else "?",
                ) from None
            await self.db.set_seats(game_id, [SeatRow(0, creator.id, creator.name)])
            await self.db.put_settings(game_id, self.defaults)
            row = await self._row(channel_id, game_id, live=True)
            seats = await self._seats_of(row)
        return self._info(row, seats)

    async def join(self, channel_id: int, user: User) -> GameInfo:
        """Take a seat in the channel's lobby."""
        now = self.clock()
        async with self._write():
            row = await self._lobby(channel_id)
            seats = await self._seats_of(row)
            if _seat_of(seats, user.id) is not None:
                raise ServiceError("service.already_seated")
            limit = row.players or _engine(row.engine).meta.max_players
            if len(seats) >= limit:
                raise ServiceError("service.lobby_full", players=limit)
            new = (*seats, SeatRow(len(seats), user.id, user.name))
            await self.db.set_seats(row.id, new)
            await self.db.touch(row.id, now)
            row = await self._row(channel_id, row.id, live=True)
            seats = await self._seats_of(row)
        return self._info(row, seats)

    async def leave(self, channel_id: int, user: User) -> GameInfo:
        """Leave the lobby (the creator leaving closes it: status "aborted")."""
        now = self.clock()
        async with self._write():
            row = await self._lobby(channel_id)
            seats = await self._seats_of(row)
            if _seat_of(seats, user.id) is None:
                raise ServiceError("service.not_seated")
            if user.id == row.creator_id:
                await self.db.set_status(row.id, "aborted", now)
            else:
                rest = [s for s in seats if s.user_id != user.id]
                await self.db.set_seats(
                    row.id, [SeatRow(i, s.user_id, s.name) for i, s in enumerate(rest)]
                )
                await self.db.touch(row.id, now)
            row = await self._row(channel_id, row.id, live=False)
            seats = await self._seats_of(row)
        return self._info(row, seats)

    async def _lobby(self, channel_id: int) -> GameRow:
        row = await self._row(channel_id, None, live=True)
        if row.status != "lobby":
            raise ServiceError("service.already_started")
        return row

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
        now = self.clock()
        async with self._write():
            row = await self._lobby(channel_id)
            seats = list(await self._seats_of(row))
            if user.id != row.creator_id:
                creator = next((s.name for s in seats if s.user_id == row.creator_id), "?")
                raise ServiceError("service.creator_only", name=creator)
            engine = _engine(row.engine)
            meta = engine.meta
            if len(seats) < meta.min_players or (row.players and len(seats) != row.players):
                raise ServiceError(
                    "service.too_few",
                    game=_title(meta.id, self.lang),
                    needed=row.players or meta.min_players,
                    seated=len(seats),
                )
            if order is not None:
                if sorted(order) != sorted(s.user_id for s in seats):
                    raise ServiceError("service.bad_order")
                by_user = {s.user_id: s for s in seats}
                seats = [by_user[u] for u in order]
            else:
                Rng(seed_state(row.seed ^ 0x5EA75)).shuffle(seats)
            seated = tuple(SeatRow(i, s.user_id, s.name) for i, s in enumerate(seats))
            try:
                state = engine.setup(len(seated), row.options, row.seed)
            except IllegalAction as exc:
                raise ServiceError.from_illegal(exc) from exc
            await self.db.set_seats(row.id, seated)
            head = (
                self._t("service.started", {"game": _title(meta.id, self.lang)}),
                # The order turns are actually taken in (Brass draws its own, B13), never
                # merely the seat order.
                *(
                    self._t("service.seat_line", {"number": i + 1, "name": seated[s].name})
                    for i, s in enumerate(engine.turn_order(state, len(seated)))
                ),
                *self._event_lines(engine.setup_events(state), [s.name for s in seated], None),
            )
            change = await self._commit(row, engine, seated, state, [], now, head=head)
        return await self._outcome(change, render=render)

    async def game(self, channel_id: int, *, game_id: int | None = None) -> GameInfo:
        """The channel's game (or game ``game_id``): the live one, else the latest."""
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            seats = await self._seats_of(row)
        return self._info(row, seats)

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
        now = self.clock()
        async with self._write():
            row = await self._row(channel_id, game_id, live=True, expected_version=expected_version)
            engine = _engine(row.engine)
            seats = await self._seats_of(row)
            state = await self._state_of(row, engine)
            seat = self._deciding_seat(engine, state, seats, user.id)
            if len(text) > MAX_ACTION_CHARS:
                example = next((e for v in engine.meta.verbs for e in v.examples), "")
                raise ServiceError("core.too_long", length=len(text), example=example)
            try:
                action = engine.read(state, seat, text)
                new, events = engine.apply(state, seat, action)
            except IllegalAction as exc:
                raise ServiceError.from_illegal(exc, [s.name for s in seats]) from exc
            move = await self.db.next_move(row.id)
            play = _Play(move, seat, str(action), tuple(events), False)
            change = await self._commit(row, engine, seats, new, [play], now)
        return await self._outcome(change, render=render)

    def _deciding_seat(
        self, engine: Engine[Any, Any], state: Any, seats: Sequence[SeatRow], user_id: int
    ) -> int:
        seat = _seat_of(seats, user_id)
        if seat is None:
            raise ServiceError("service.not_seated")
        if seats[seat].removed:
            raise ServiceError("service.seat_removed")
        to_act = engine.to_act(state)
        if not to_act:
            raise ServiceError("service.game_over")
        if seat not in to_act:
            names = [s.name for s in seats if s.seat in to_act]
            raise ServiceError("service.not_your_turn", names=names)
        return seat

    async def _commit(
        self,
        row: GameRow,
        engine: Engine[Any, Any],
        seats: Sequence[SeatRow],
        state: Any,
        plays: list[_Play],
        now: float,
        *,
        head: tuple[str, ...] = (),
        old_to_act: Sequence[int] | None = None,
    ) -> _Change:
        """Append ``plays`` (already applied to give ``state``), let the autopilot move for
        removed seats, store the snapshot and reschedule reminders. Caller holds the write lock."""
        plays = list(plays)
        removed = {s.seat for s in seats if s.removed}
        next_move = (plays[-1].move + 1) if plays else await self.db.next_move(row.id)
        # What each move changed on the public board, for boards that mark several moves.
        marks: dict[int, Any] = {}
        if plays:
            marks[plays[-1].move] = _mark(engine, state)
        # A removed seat never blocks the table: play for it until a person must decide.
        for _ in range(MAX_AUTO_MOVES):
            pending = [s for s in engine.to_act(state) if s in removed]
            if not pending:
                break
            played = self._autoplay(engine, state, pending[0], row.seed ^ next_move)
            if played is None:
                break  # nothing the autopilot can do: the table must vote or abort
            text, state, events = played
            plays.append(_Play(next_move, pending[0], text, tuple(events), True))
            marks[next_move] = _mark(engine, state)
            next_move += 1
        for p in plays:
            await self.db.append_action(
                row.id,
                move=p.move,
                seat=p.seat,
                action=p.action,
                events=[e.to_json() for e in p.events],
                reveals=any(e.reveals for e in p.events),
                auto=p.auto,
                now=now,
                mark=marks.get(p.move),
            )
        to_act = tuple(engine.to_act(state))
        result = engine.result(state)
        result_json = result.to_json() if result is not None else None
        status = "finished" if not to_act else "active"
        version = await self.db.write_snapshot(
            row.id,
            expected_version=row.version,
            snapshot=engine.dumps(state),
            status=status,
            to_act=list(to_act),
            round_info=_status_json(engine, state),
            result=result_json,
            now=now,
        )
        by_seat = {s.seat: s.user_id for s in seats}
        if status == "active":
            acted = {by_seat[p.seat] for p in plays if p.seat in by_seat}
            await self._reschedule(row.id, [by_seat[s] for s in to_act], acted, now)
        else:
            await self.db.delete_reminders(row.id)
            await self.db.clear_votes(row.id)
        before = tuple(row.to_act) if old_to_act is None else tuple(old_to_act)
        # In this same transaction: the change is owed an announcement until an adapter says it
        # posted it (``announced``). Claimed by us now, since we are about to post it ourselves.
        await self.db.add_outbox(
            row.id,
            version=version,
            first_move=plays[0].move if plays else next_move,
            head=head,
            now=now,
            owner=self.owner,
            lease_until=now + OUTBOX_LEASE,
        )
        newly = [s for s in to_act if s not in before]
        since = await self._since_turn(row.id, newly) if newly and status == "active" else []
        recent = await self._recent_marks(row.id, to_act)
        # Only after everything above succeeded may the cache move on (a rollback keeps the old).
        self._remember(row.id, version, state)
        self._seats[row.id] = (version, tuple(seats))
        fresh = await self.db.game(row.id)
        if fresh is not None:
            if fresh.status in LIVE:
                self._live[row.channel_id] = fresh
            else:
                self._live.pop(row.channel_id, None)
        return _Change(
            row=fresh or row,
            version=version,
            seats=tuple(seats),
            state=state,
            plays=tuple(plays),
            old_to_act=before,
            to_act=to_act,
            result=result_json,
            head=head,
            since_turn=tuple(since),
            recent=recent,
        )

    async def _recent_marks(self, game_id: int, acting: Sequence[int]) -> tuple[Any, ...]:
        """Board marks of the moves since the acting seats' last turn, oldest first: back over
        their own current run of moves (a turn of several commands), then back to the previous
        move of theirs. With nobody acting (the game is over), only the last move's mark.
        Caller holds the lock."""
        rows = await self.db.recent_marks(game_id)
        start = turn_window([(seat, auto) for seat, auto, _ in rows], acting)
        return tuple(mark for _, _, mark in rows[start:] if mark is not None)

    async def _since_turn(self, game_id: int, seats: Sequence[int]) -> list[ActionRow]:
        """Log rows (in effect) after the earliest of ``seats``' own last turns: what the
        longest-absent of them has not seen played. Caller holds the lock."""
        return await self.db.actions_since_turn(game_id, seats, limit=RECAP_MAX_ROWS)

    @staticmethod
    def _autoplay(
        engine: Engine[Any, Any], state: Any, seat: int, seed: int
    ) -> tuple[str, Any, list[Event]] | None:
        """The move played for a removed seat: the rules' timeout action, else a random legal
        one (seeded from the game, so a replay of the log does not depend on it)."""
        text = engine.timeout_action(state, seat)
        if text is not None:
            try:
                new, events = engine.play(state, seat, text)
                return text, new, events
            except IllegalAction:
                pass  # an engine bug must not block the table; fall back to a random move
        text = random_action(engine, state, seat, Rng(seed_state(seed)))
        if text is None:
            return None
        new, events = engine.play(state, seat, text)
        return text, new, events

    # -- turning changes into messages ------------------------------------------------------
    def _action_text(self, engine: Engine[Any, Any], action: str, *, public: bool) -> str:
        verb = engine.meta.verb(action.split()[0]) if action.split() else None
        if public and verb is not None and verb.secret:
            return verb.name
        return action

    def _event_lines(
        self, events: Sequence[Event], names: Sequence[str], viewer: int | None
    ) -> list[str]:
        """Events the viewer (a seat, or None for everyone) may see, as text."""
        out = []
        for e in events:
            if e.visible_to is None or (viewer is not None and viewer in e.visible_to):
                out.append(self._t(e.key, e.params, names))
        return out

    async def _outcome(self, change: _Change, *, render: bool) -> MoveOutcome:
        row, seats = change.row, change.seats
        engine = _engine(row.engine)
        names = [s.name for s in seats]
        by_seat = {s.seat: s.user_id for s in seats}
        lines: list[str] = list(change.head)
        private: dict[int, list[str]] = {}
        for p in change.plays:
            key = "service.auto_move" if p.auto else "service.move"
            lines.append(
                self._t(
                    key,
                    {"player": p.seat, "action": self._action_text(engine, p.action, public=True)},
                    names,
                )
            )
            lines.extend(self._event_lines(p.events, names, None))
            for seat in sorted({s for e in p.events if e.visible_to for s in e.visible_to}):
                if seat in by_seat:
                    hidden = [e for e in p.events if e.visible_to and seat in e.visible_to]
                    private.setdefault(by_seat[seat], []).extend(
                        self._t(e.key, e.params, names) for e in hidden
                    )
        sheet = self._sheet(row.engine, change.result, seats) if change.result else None
        # The score sheet travels in ``score_sheet`` only: every adapter prints it once from
        # there (it was also in ``lines``, so players saw the block twice).
        if sheet is None and change.to_act:
            lines.append(self._now_line(engine, change.state, change.to_act, names))
        png = glance = None
        if render:
            png, glance = await asyncio.to_thread(
                self._render_public, row.engine, change.state, names, change.recent
            )
        mention = tuple(by_seat[s] for s in change.to_act if s not in change.old_to_act)
        # The caption already tells this change's own moves: a recap earns its place when the
        # players pinged missed more than that (other turns, earlier commands of this turn).
        shown = {p.move for p in change.plays}
        missed = any(a.move not in shown for a in change.since_turn)
        recap = self._recap(engine, change.since_turn, names) if mention and missed else ()
        last = change.plays[-1] if change.plays else None
        return MoveOutcome(
            game_id=row.id,
            version=change.version,
            game=row.engine,
            action=last.action if last else "",
            seat=last.seat if last else None,
            lines=tuple(lines),
            private_lines={u: tuple(v) for u, v in private.items()},
            board_png=png,
            mention=mention,
            to_act=tuple(by_seat[s] for s in change.to_act if s in by_seat),
            finished=not change.to_act,
            score_sheet=sheet,
            auto_actions=tuple(p.action for p in change.plays if p.auto),
            glance_png=glance,
            recap=recap,
            channel_id=row.channel_id,
        )

    def _recap(
        self, engine: Engine[Any, Any], rows: Sequence[ActionRow], names: Sequence[str]
    ) -> tuple[str, ...]:
        """The catch-up lines for ``rows``: public action texts and public events only."""
        steps = [
            Step(
                a.seat,
                self._action_text(engine, a.action, public=True),
                tuple(self._event_lines(_events(a), names, None)),
                a.auto,
            )
            for a in rows
        ]
        return recap_lines(steps, names, self.lang)

    async def since_last_turn(
        self, channel_id: int, user_ids: Sequence[int], *, game_id: int | None = None
    ) -> tuple[str, ...]:
        """The catch-up lines for players coming back (a reminder pings them): every turn since
        the earliest of their own last turns, public text only (bot/recap.py). Empty when
        nothing happened since, or when none of them is seated."""
        wanted = set(user_ids)
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            seats = await self._seats_of(row)
            mine = [s.seat for s in seats if s.user_id in wanted]
            rows = await self._since_turn(row.id, mine) if mine else []
        return self._recap(_engine(row.engine), rows, [s.name for s in seats])

    # -- the outbox -------------------------------------------------------------------------
    async def announced(self, game_id: int, version: int) -> None:
        """Record that the change bringing game ``game_id`` to ``version`` (and every earlier
        one) was posted: it is never announced again. Idempotent."""
        async with self._write():
            await self.db.clear_outbox(game_id, version)

    async def release_announcement(self, game_id: int) -> None:
        """Give back this service's claim on a game's pending announcement (posting it failed),
        so that the next drain pass tries again at once instead of after the lease."""
        async with self._write():
            await self.db.release_outbox(game_id, self.owner)

    async def claim_announcements(self, *, limit: int = 20) -> list[MoveOutcome]:
        """Changes that were committed but never announced (the process died between the two,
        or posting failed), claimed for this service so no other process posts them too.

        One outcome per game, covering every pending change of it: a line saying it comes late,
        the pending changes' own head lines, the moves they added with their public events,
        whose turn it is, and ``mention`` = everyone who must act now (with their catch-up
        recap). Post each, then call :meth:`announced` with its game id and version (or
        :meth:`release_announcement` when posting failed). A game whose rows someone else holds
        under a running lease is left to them; an aborted game's rows are simply dropped.
        """
        now = self.clock()
        changes: list[_Change] = []
        async with self._write():
            pending: dict[int, list[OutboxRow]] = {}
            for r in await self.db.outbox():
                pending.setdefault(r.game_id, []).append(r)
            for game_id, rows in pending.items():
                if len(changes) >= limit:
                    break
                for r in rows:
                    if r.damaged and r.id not in self._damaged_outbox:
                        # Said once per row: the drain runs every minute.
                        self._damaged_outbox.add(r.id)
                        log.warning("outbox row damaged, skipped", extra={"game": game_id})
                good = [r for r in rows if not r.damaged]
                row = await self.db.game(game_id)
                if row is None or row.status not in ("active", "finished") or row.damaged:
                    # Aborted (or its record is damaged): nothing is owed to the table any more,
                    # whoever holds the rows.
                    await self.db.clear_outbox(game_id, max(r.version for r in rows))
                    continue
                claimed = await self.db.claim_outbox(
                    game_id, owner=self.owner, now=now, until=now + OUTBOX_LEASE
                )
                if not claimed:
                    continue
                engine = _engine(row.engine)
                seats = await self._seats_of(row)
                try:
                    state = await self._state_of(row, engine)
                except ServiceError:  # a damaged record: nothing to announce, the rest goes on
                    await self.db.clear_outbox(game_id, max(r.version for r in rows))
                    continue
                # A damaged row's own lines and moves are skipped; the rest is still announced.
                plays = tuple(
                    _Play(a.move, a.seat, a.action, tuple(_events(a)), a.auto)
                    for a in (
                        await self.db.actions_since_move(
                            game_id, min(r.first_move for r in good) - 1
                        )
                        if good
                        else []
                    )
                )
                late = self._t("service.late", {})
                to_act = tuple(row.to_act)
                since = await self._since_turn(game_id, to_act) if row.status == "active" else []
                changes.append(
                    _Change(
                        row=row,
                        version=row.version,
                        seats=seats,
                        state=state,
                        plays=plays,
                        # Nobody counts as already told: everyone pending now is pinged.
                        old_to_act=(),
                        to_act=to_act,
                        result=row.result,
                        head=(late, *(h for r in good for h in r.head)),
                        since_turn=tuple(since),
                    )
                )
        return [await self._outcome(c, render=False) for c in changes]

    def _now_line(
        self, engine: Engine[Any, Any], state: Any, to_act: Sequence[int], names: Sequence[str]
    ) -> str:
        """Whose decision it is; when one player may only answer with one verb (a market pick, a
        compensation, a goal choice...), also what they are asked, from that verb's help."""
        who = [names[s] for s in to_act if s < len(names)]
        if len(to_act) == 1:
            asked = engine.asked(state, to_act[0])
            if asked is not None:
                what = self._t(asked.key, asked.params, names)
                return self._t("service.now_what", {"names": who, "what": what})
            verbs = [t for t in engine.complete(state, to_act[0], "") if t]
            verb = engine.meta.verb(verbs[0]) if len(verbs) == 1 else None
            if verb is not None:
                help_text = engine.meta.verb_help(verb, self.lang)
                return self._t(
                    "service.now_asked", {"names": who, "verb": verb.name, "help": help_text}
                )
        return self._t("service.now", {"names": who})

    @staticmethod
    def _render_public(
        game: str, state: Any, names: Sequence[str], recent: Sequence[Any] = ()
    ) -> tuple[bytes, bytes | None]:
        """The public board and its glance (None if the game's renderer draws none).
        ``recent``: board marks of the moves since the acting player's last turn, oldest first
        (the renderers mark them all; see ``renderers.kit.earlier_marks``)."""
        engine = engines.get(game)
        view = engine.view(state, None)
        if recent:
            view["recent"] = list(recent)
        renderer = renderers.get(game)
        data: bytes = renderer.render(view, seat=None, names=list(names))
        glance_fn = getattr(renderer, "render_glance", None)
        glance: bytes | None = glance_fn(view, names=list(names)) if glance_fn else None
        return data, glance

    @staticmethod
    def _render_private(game: str, state: Any, seat: int, names: Sequence[str]) -> bytes | None:
        engine = engines.get(game)
        view = engine.view(state, seat)
        fn = getattr(renderers.get(game), "render_private", None)
        data: bytes | None = fn(view, names=list(names)) if fn is not None else None
        return data

    def _sheet(self, game: str, result: Mapping[str, Any], seats: Sequence[SeatRow]) -> ScoreSheet:
        names = [s.name for s in seats]
        users = [s.user_id for s in seats]
        rows: list[ScoreRow] = []
        ahead = 0
        # A stored result's objects come back with sorted keys: the order is in its lists
        # (results stored before those lists existed keep their object order).
        breakdowns = result["breakdown"]
        cats = list(result.get("categories") or (breakdowns[0] if breakdowns else []))
        details = list(result.get("details") or [])
        facts = list(result.get("detail_keys") or (details[0] if details else []))
        for group in result["ranking"]:
            for seat in group:
                labels = {self._category(game, c): breakdowns[seat].get(c, 0) for c in cats}
                checks = (
                    {self._detail(game, k): details[seat].get(k, 0) for k in facts}
                    if seat < len(details)
                    else {}
                )
                rows.append(
                    ScoreRow(
                        place=ahead + 1,
                        seat=seat,
                        user_id=users[seat],
                        name=names[seat],
                        score=result["scores"][seat],
                        breakdown=labels,
                        details=checks,
                    )
                )
            ahead += len(group)
        # Result notes: one per seat (tie-break facts), then lines for the whole sheet.
        notes = [
            self._t(n["key"], n.get("params") or {}, names) if isinstance(n, dict) else n
            for n in result.get("notes") or []
        ]
        lines = [self._t("service.score_title", {})]
        for r in rows:
            parts = ", ".join(f"{k} {v}" for k, v in r.breakdown.items())
            if r.details:
                checks_text = ", ".join(f"{k} {v}" for k, v in r.details.items())
                parts = f"{parts}; {checks_text}" if parts else checks_text
            if r.seat < len(notes) and notes[r.seat]:
                parts = f"{parts}; {notes[r.seat]}" if parts else str(notes[r.seat])
            lines.append(
                self._t(
                    "service.score_row",
                    {"place": r.place, "name": r.name, "score": r.score, "breakdown": parts},
                )
            )
        winners = [names[s] for s in result["winners"]]
        lines.append(self._t("service.winners", {"names": winners, "count": len(winners)}))
        lines.extend(str(n) for n in notes[len(seats) :] if n)
        return ScoreSheet(
            rows=tuple(rows),
            winners=tuple(users[s] for s in result["winners"]),
            lines=tuple(lines),
        )

    def _category(self, game: str, category: str) -> str:
        key = f"{game}.score.{category}"
        if CATALOG.has(key, self.lang):
            return self._t(key, {})
        return category.replace("_", " ")

    def _detail(self, game: str, fact: str) -> str:
        """The label of a score-sheet fact (``<game>.detail.<fact>``)."""
        key = f"{game}.detail.{fact}"
        if CATALOG.has(key, self.lang):
            return self._t(key, {})
        return fact.replace("_", " ")

    # -- looking ----------------------------------------------------------------------------
    async def board(self, channel_id: int, *, game_id: int | None = None) -> BoardImage:
        """The public board PNG and a status caption."""
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            engine = _engine(row.engine)
            seats = await self._seats_of(row)
            state = await self._state_of(row, engine)
            last = await self.db.last_action(row.id)
            recent = await self._recent_marks(row.id, row.to_act)
        names = [s.name for s in seats]
        lines = [self._status_line(row)]
        if last is not None:
            lines.append(
                self._t(
                    "service.last_move",
                    {
                        "player": last.seat,
                        "action": self._action_text(engine, last.action, public=True),
                    },
                    names,
                )
            )
        sheet = self._sheet(row.engine, row.result, seats) if row.result else None
        if sheet is None and row.status == "active":
            lines.append(self._now_line(engine, state, row.to_act, names))
        png, glance = await asyncio.to_thread(self._render_public, row.engine, state, names, recent)
        return BoardImage(row.id, row.version, png, tuple(lines), sheet, glance)

    def _status_line(self, row: GameRow) -> str:
        return self._t(
            f"service.status_{row.status}",
            {
                "title": _title(row.engine, self.lang),
                "round": round_text(row.round_info, self.lang),
                "game_id": row.id,
            },
        )

    async def private_view(
        self, channel_id: int, user: User, *, game_id: int | None = None
    ) -> PrivateView:
        """``user``'s hidden information as a PNG (if the game draws one) and text lines."""
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            engine = _engine(row.engine)
            seats = await self._seats_of(row)
            seat = _seat_of(seats, user.id)
            if seat is None:
                raise ServiceError("service.not_seated")
            state = await self._state_of(row, engine)
            actions = await self.db.actions(row.id)
        names = [s.name for s in seats]
        view = engine.view(state, seat)
        hidden = view.get("private") or {}
        recent = self._shown_since_own_move(actions, seat, names)
        lines = [self._t("service.private_title", {"player": seat}, names)]
        if not hidden and not recent:
            lines.append(self._t("service.private_none", {}))
        if recent:
            lines.append(self._t("service.private_recent", {}))
            lines.extend(recent)
        for key, value in hidden.items():
            if key == "seat":
                continue  # the title already names the player; a zero-based number says nothing
            label_key = f"{row.engine}.private.{key}"
            label = self._t(label_key, {}) if CATALOG.has(label_key) else key.replace("_", " ")
            # The catalog joins lists (and shows an empty one as a dash).
            lines.append(self._t("service.private_line", {"label": label, "value": value}))
        png = await asyncio.to_thread(self._render_private, row.engine, state, seat, names)
        return PrivateView(row.id, row.version, seat, png, tuple(lines))

    def _shown_since_own_move(
        self, actions: Sequence[ActionRow], seat: int, names: Sequence[str], limit: int = 10
    ) -> list[str]:
        """What other players' actions showed only to ``seat`` since it last acted itself (say,
        the face-down pair Imhotep hands to a stone's owner while someone else sails): the
        player may need it for the decision now pending, and only saw a mention in public."""
        out: list[list[str]] = []
        for a in reversed(actions):
            if a.seat == seat and not a.auto:
                break
            events = _events(a)
            own = [e for e in events if e.visible_to and seat in e.visible_to]
            if own:
                out.append([self._t(e.key, e.params, names) for e in own])
        lines = [line for chunk in reversed(out) for line in chunk]
        return lines[-limit:]

    async def _cached_turn(
        self, channel_id: int, user_id: int
    ) -> tuple[Engine[Any, Any], Any, int]:
        """Engine, state and seat for autocomplete, from memory when possible."""
        row = self._live.get(channel_id)
        cached = self._states.get(row.id) if row is not None else None
        seats = self._seats.get(row.id) if row is not None else None
        if (
            row is None
            or cached is None
            or seats is None
            or cached[0] != row.version
            or seats[0] != row.version
        ):
            async with self.db.read():
                row = await self._row(channel_id, None, live=True)
                engine = _engine(row.engine)
                seat_rows = await self._seats_of(row)
                state = await self._state_of(row, engine)
        else:
            engine = _engine(row.engine)
            seat_rows = seats[1]
            state = cached[1]
        seat = _seat_of(seat_rows, user_id)
        if seat is None:
            raise ServiceError("service.not_seated")
        return engine, state, seat

    async def complete(self, channel_id: int, user: User, prefix: str) -> list[str]:
        """Legal next tokens after ``prefix`` for ``user`` (empty when it is not their turn).
        Served from the in-memory state cache."""
        engine, state, seat = await self._cached_turn(channel_id, user.id)
        if seat not in engine.to_act(state):
            return []
        return engine.complete(state, seat, prefix)

    async def legal(self, channel_id: int, user: User) -> list[str] | None:
        """Every legal action text for ``user`` now; None when the engine cannot list them
        (walk ``complete`` instead); empty when it is not their turn."""
        engine, state, seat = await self._cached_turn(channel_id, user.id)
        if seat not in engine.to_act(state):
            return []
        actions = engine.legal_actions(state, seat)
        return None if actions is None else [str(a) for a in actions]

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
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            seats = await self._seats_of(row)
            actions = await self.db.actions(row.id)
        engine = _engine(row.engine)
        names = [s.name for s in seats]
        viewer_seat = _seat_of(seats, viewer) if viewer is not None else None
        per_page = max(1, per_page)
        pages = max(1, -(-len(actions) // per_page))
        page = pages if page < 0 else min(max(1, page), pages)
        chunk = actions[(page - 1) * per_page : page * per_page]
        lines: list[str] = []
        if not actions:
            lines.append(self._t("service.log_empty", {}))
        for number, a in enumerate(chunk, start=(page - 1) * per_page + 1):
            public = a.seat != viewer_seat
            events = _events(a)
            said = self._event_lines(events, names, viewer_seat)
            lines.append(
                self._t(
                    "service.log_auto" if a.auto else "service.log_line",
                    {
                        "number": number,
                        "player": a.seat,
                        "action": self._action_text(engine, a.action, public=public),
                        "events": (" — " + " ".join(said)) if said else "",
                    },
                    names,
                )
            )
        return LogPage(row.id, page, pages, tuple(lines))

    # -- undo -------------------------------------------------------------------------------
    async def _undoable(self, row: GameRow, seats: Sequence[SeatRow], user_id: int) -> ActionRow:
        if row.status != "active":
            raise ServiceError(
                "service.not_started" if row.status == "lobby" else "service.game_over"
            )
        seat = _seat_of(seats, user_id)
        if seat is None:
            raise ServiceError("service.not_seated")
        last = await self.db.last_action(row.id)
        if last is None:
            raise ServiceError("service.undo_nothing")
        if last.seat != seat or last.auto:
            raise ServiceError("service.undo_not_yours", player=last.seat)
        if last.reveals:
            raise ServiceError("service.undo_revealed")
        return last

    async def undo_preview(self, channel_id: int, user: User) -> UndoPreview:
        """What ``undo`` would take back, or ServiceError saying why it is not allowed (not your
        last action, something was revealed, someone acted since)."""
        async with self.db.read():
            row = await self._row(channel_id, None, live=True)
            seats = await self._seats_of(row)
            try:
                last = await self._undoable(row, seats, user.id)
            except ServiceError as err:
                raise self._named(err, seats) from None
        names = [s.name for s in seats]
        line = self._t("service.undo_preview", {"player": last.seat, "action": last.action}, names)
        return UndoPreview(row.id, row.version, last.move, last.action, (line,))

    def _named(self, err: ServiceError, seats: Sequence[SeatRow]) -> ServiceError:
        """Re-raise an error whose seat parameters should show as names."""
        names = [s.name for s in seats]
        params = {
            k: (
                names[v] if k in ("player", "seat") and isinstance(v, int) and v < len(names) else v
            )
            for k, v in err.params.items()
        }
        return ServiceError(err.key, **params)

    async def undo(
        self,
        channel_id: int,
        user: User,
        *,
        expected_version: int | None = None,
        render: bool = True,
    ) -> MoveOutcome:
        """Take back ``user``'s own last action (BGA policy; see ``undo_preview``)."""
        now = self.clock()
        async with self._write():
            row = await self._row(channel_id, None, live=True, expected_version=expected_version)
            engine = _engine(row.engine)
            seats = await self._seats_of(row)
            try:
                last = await self._undoable(row, seats, user.id)
            except ServiceError as err:
                raise self._named(err, seats) from None
            await self.db.mark_undone(row.id, last.move)
            # The log is the truth: the state before the move is a replay without it.
            state = _replay_log(engine, row, len(seats), await self.db.actions(row.id))
            names = [s.name for s in seats]
            shown = self._action_text(engine, last.action, public=True)
            head = (self._t("service.undone", {"player": last.seat, "action": shown}, names),)
            # The undoer gets back the turn they just had: nobody is newly mentioned.
            old = engine.to_act(state)
            change = await self._commit(
                row, engine, seats, state, [], now, head=head, old_to_act=old
            )
        return await self._outcome(change, render=render)

    # -- abort and votes --------------------------------------------------------------------
    async def abort(self, channel_id: int, user: User, *, can_manage: bool = False) -> VoteOutcome:
        """Abort the channel's game: at once for the creator or a member with Manage Channels
        (``can_manage``), otherwise a seated player's vote (more than half of the seats needed)."""
        now = self.clock()
        async with self._write():
            row = await self._row(channel_id, None, live=True, damaged_ok=True)
            seats = await self._seats_of(row)
            title = _title(row.engine, self.lang)
            if _holds_creator_powers(row, seats, user.id) or can_manage:
                votes, needed, done = 1, 1, True
            else:
                mine = _seat_of(seats, user.id)
                if mine is None or seats[mine].removed:
                    raise ServiceError("service.not_seated")
                await self.db.add_vote(row.id, "abort", -1, user.id, now=now)
                votes = _current_votes(await self.db.votes(row.id, "abort", -1), seats)
                needed = sum(1 for s in seats if not s.removed) // 2 + 1
                done = votes >= needed
            if done:
                await self._end_aborted(row, now)
                line = self._t("service.aborted", {"game": title})
            else:
                line = self._t("service.vote_abort", {"votes": votes, "needed": needed})
        return VoteOutcome(row.id, "abort", done, votes, needed, (line,))

    async def vote_seat(
        self,
        channel_id: int,
        voter: User,
        target_user_id: int,
        replacement: User | None = None,
        *,
        render: bool = True,
    ) -> VoteOutcome:
        """Vote to remove a seat's player (their seat is then played by the engine's timeout
        action) or, with ``replacement``, to hand the seat to someone else. More than half of the
        other seats must agree; the creator or ``can_manage`` are not special here."""
        now = self.clock()
        kind = "replace" if replacement is not None else "remove"
        move: _Change | None = None
        async with self._write():
            row = await self._row(channel_id, None, live=True)
            if row.status != "active":
                raise ServiceError("service.not_started")
            seats = await self._seats_of(row)
            names = [s.name for s in seats]
            mine = _seat_of(seats, voter.id)
            if mine is None or seats[mine].removed:
                raise ServiceError("service.not_seated")
            target = _seat_of(seats, target_user_id)
            if target is None:
                raise ServiceError("service.target_not_seated")
            if target_user_id == voter.id:
                raise ServiceError("service.vote_self")
            if seats[target].removed and replacement is None:
                raise ServiceError("service.already_removed", player=names[target])
            if replacement is not None and _seat_of(seats, replacement.id) is not None:
                raise ServiceError("service.already_playing", name=replacement.name)
            await self.db.add_vote(
                row.id,
                kind,
                target,
                voter.id,
                replacement_id=replacement.id if replacement else 0,
                replacement_name=replacement.name if replacement else "",
                now=now,
            )
            wanted = replacement.id if replacement else 0
            votes = _current_votes(
                await self.db.votes(row.id, kind, target), seats, exclude=target, wanted=wanted
            )
            # Players still playing decide; a removed seat has no say.
            voters = sum(1 for s in seats if not s.removed and s.seat != target)
            needed = voters // 2 + 1
            done = votes >= needed
            if not done:
                what = (
                    self._t(
                        "service.what_replace", {"player": target, "name": replacement.name}, names
                    )
                    if replacement
                    else self._t("service.what_remove", {"player": target}, names)
                )
                line = self._t(
                    "service.vote_seat", {"votes": votes, "needed": needed, "what": what}
                )
                return VoteOutcome(row.id, kind, False, votes, needed, (line,))
            new_seats, line = await self._change_seat(row, seats, kind, target, replacement)
            lines = [line]
            replaced = {target} if replacement is not None else set()
            # The electorate may have shrunk: votes already cast are counted again among the
            # seats left (#11.6), and whatever now has its majority takes effect at once.
            while True:
                if await self._abort_carried(row, new_seats):
                    await self.db.set_seats(row.id, new_seats)
                    await self._end_aborted(row, now)
                    lines.append(
                        self._t("service.aborted_by_votes", {"game": _title(row.engine, self.lang)})
                    )
                    return VoteOutcome(row.id, kind, True, votes, needed, tuple(lines))
                carried = await self._seat_vote_carried(row, new_seats)
                if carried is None:
                    break
                more_kind, more_target, more_user = carried
                new_seats, line = await self._change_seat(
                    row, new_seats, more_kind, more_target, more_user
                )
                lines.append(line)
                if more_user is not None:
                    replaced.add(more_target)
            await self.db.set_seats(row.id, new_seats)
            # Seat holders changed: reminders and mentions must follow, so this is a commit of the
            # state as it is (plus autopilot moves if the removed seat must act now).
            engine = _engine(row.engine)
            state = await self._state_of(row, engine)
            # A replacement whose seat must act now is told so (mentioned); a removal is not news
            # to anyone but the autopilot.
            old_to_act = [s for s in row.to_act if s not in replaced]
            move = await self._commit(
                row, engine, new_seats, state, [], now, head=tuple(lines), old_to_act=old_to_act
            )
        outcome = await self._outcome(move, render=render)
        return VoteOutcome(row.id, kind, True, votes, needed, tuple(lines), outcome)

    async def _change_seat(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        kind: str,
        target: int,
        replacement: User | None,
    ) -> tuple[tuple[SeatRow, ...], str]:
        """A carried seat vote: the seats after it and the line announcing it. Its votes are
        spent and the old holder's reminders dropped; the caller stores the seats."""
        old = seats[target]
        if replacement is not None:
            new_seat = SeatRow(target, replacement.id, replacement.name, False)
            line = self._t("service.replaced", {"new": replacement.name, "old": old.name})
        else:
            new_seat = SeatRow(target, old.user_id, old.name, True)
            line = self._t("service.removed", {"name": old.name})
        await self.db.clear_votes(row.id, kind, target)
        await self.db.delete_reminders(row.id, [old.user_id])
        return tuple(new_seat if s.seat == target else s for s in seats), line

    async def _abort_carried(self, row: GameRow, seats: Sequence[SeatRow]) -> bool:
        """Whether the abort votes cast so far are a majority of the seats still playing."""
        votes = _current_votes(await self.db.votes(row.id, "abort", -1), seats)
        return votes > 0 and votes >= sum(1 for s in seats if not s.removed) // 2 + 1

    async def _seat_vote_carried(
        self, row: GameRow, seats: Sequence[SeatRow]
    ) -> tuple[str, int, User | None] | None:
        """The first pending remove/replace question whose votes are now a majority of the
        other seats still playing: (kind, target seat, replacement or None)."""
        for kind, target in await self.db.vote_questions(row.id):
            if kind == "abort" or not 0 <= target < len(seats):
                continue
            needed = sum(1 for s in seats if not s.removed and s.seat != target) // 2 + 1
            cast = await self.db.votes(row.id, kind, target)
            if kind == "remove":
                count = _current_votes(cast, seats, exclude=target)
                if not seats[target].removed and count >= needed:
                    return kind, target, None
                continue
            for user_id, name in dict.fromkeys((r, n) for _, r, n in cast):
                if _seat_of(seats, user_id) is not None:
                    continue  # seated meanwhile: cannot take a second seat
                count = _current_votes(cast, seats, exclude=target, wanted=user_id)
                if count >= needed:
                    return kind, target, User(user_id, name)
        return None

    async def _end_aborted(self, row: GameRow, now: float) -> None:
        """Mark the game aborted: no more reminders or votes. Caller holds the write lock."""
        await self.db.set_status(row.id, "aborted", now)
        await self.db.delete_reminders(row.id)
        await self.db.clear_votes(row.id)
        self._live.pop(row.channel_id, None)
        self._seats.pop(row.id, None)

    # -- settings ---------------------------------------------------------------------------
    async def settings(self, channel_id: int, *, game_id: int | None = None) -> GameSettings:
        """The game's reminder settings."""
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            s = await self.db.settings(row.id) or self.defaults
        return self._settings(row.id, s)

    @staticmethod
    def _settings(game_id: int, s: SettingsRow) -> GameSettings:
        return GameSettings(
            game_id,
            s.reminder_delay / HOUR,
            s.reminder_interval / HOUR,
            s.reminder_max,
            s.deadline / HOUR,
            s.quiet_start,
            s.quiet_end,
            s.tz_offset_minutes,
        )

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
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        tz_offset_minutes: int | None = None,
    ) -> GameSettings:
        """Change reminder settings or the table's quiet hours (creator or ``can_manage``); due
        times are recomputed."""
        _check_quiet(quiet_start, quiet_end, tz_offset_minutes)
        problem = reminder_problem(
            delay=reminder_delay_hours,
            interval=reminder_interval_hours,
            count=reminder_max,
            deadline=deadline_hours,
        )
        if problem is not None:
            raise ServiceError(problem[0], **problem[1])
        now = self.clock()
        async with self._write():
            row = await self._row(channel_id, None, live=True)
            seats = await self._seats_of(row)
            if not (_holds_creator_powers(row, seats, user.id) or can_manage):
                raise _creator_only(row, seats)
            old = await self.db.settings(row.id) or self.defaults
            new = SettingsRow(
                old.reminder_delay if reminder_delay_hours is None else reminder_delay_hours * HOUR,
                old.reminder_interval
                if reminder_interval_hours is None
                else reminder_interval_hours * HOUR,
                old.reminder_max if reminder_max is None else reminder_max,
                old.deadline if deadline_hours is None else deadline_hours * HOUR,
                old.quiet_start if quiet_start is None else quiet_start,
                old.quiet_end if quiet_end is None else quiet_end,
                old.tz_offset_minutes if tz_offset_minutes is None else tz_offset_minutes,
            )
            await self.db.put_settings(row.id, new)
            if row.status == "active":
                seats = await self._seats_of(row)
                by_seat = {s.seat: s.user_id for s in seats}
                await self._reschedule(row.id, [by_seat[s] for s in row.to_act], set(), now)
        return self._settings(row.id, new)

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's reminder preferences (defaults if never set)."""
        async with self.db.read():
            u = await self.db.user(user_id)
        return UserSettings(
            u.user_id, u.quiet_start, u.quiet_end, u.tz_offset_minutes, u.away_until, u.time_zone
        )

    async def update_user_settings(
        self,
        user_id: int,
        *,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        tz_offset_minutes: int | None = None,
        away_until: float | None = None,
        time_zone: str | None = None,
    ) -> UserSettings:
        """Change a user's preferences; their pending reminders are rescheduled.

        ``time_zone`` is an IANA name ("Asia/Tokyo", "Europe/Madrid"; "" clears it); it is set
        once and follows daylight saving. Setting a fixed ``tz_offset_minutes`` clears it.
        """
        _check_quiet(quiet_start, quiet_end, tz_offset_minutes)
        zone = _check_zone(time_zone)
        async with self._write():
            old = await self.db.user(user_id)
            if zone is None:
                zone = "" if tz_offset_minutes is not None else old.time_zone
            new = UserRow(
                user_id,
                old.quiet_start if quiet_start is None else quiet_start,
                old.quiet_end if quiet_end is None else quiet_end,
                old.tz_offset_minutes if tz_offset_minutes is None else tz_offset_minutes,
                old.away_until if away_until is None else float(away_until),
                zone,
            )
            await self.db.put_user(new)
            prefs = _prefs(new)
            for r in await self.db.reminders(user_id=user_id):
                if r.kind != "reminder" or r.due_at is None:
                    continue
                policy = _policy(await self.db.settings(r.game_id) or self.defaults)
                due = next_reminder(r.turn_started, r.sent, policy, prefs, r.last_sent_at)
                await self.db.put_reminder(replace_row(r, due_at=due))
        return UserSettings(
            new.user_id,
            new.quiet_start,
            new.quiet_end,
            new.tz_offset_minutes,
            new.away_until,
            new.time_zone,
        )

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every lobby/active game the user sits in, across channels: their turn first, then the
        most recently updated."""
        async with self.db.read():
            rows = await self.db.games_of_user(user_id)
        out = [
            MyGame(
                game_id=row.id,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                game=row.engine,
                title=_title(row.engine, self.lang),
                status=row.status,
                my_turn=row.status == "active" and seat in row.to_act and not row.damaged,
                round_info=(
                    self.text("service.damaged_short")
                    if row.damaged
                    else round_text(row.round_info, self.lang)
                ),
                updated_at=row.updated_at,
            )
            for row, seat in rows
        ]
        out.sort(key=lambda g: (not g.my_turn, -g.updated_at, g.game_id))
        return out

    # -- records ----------------------------------------------------------------------------
    async def score_sheet(
        self, channel_id: int, *, game_id: int | None = None
    ) -> ScoreSheet | None:
        """The final score sheet of a finished game (None while it runs)."""
        async with self.db.read():
            row = await self._row(channel_id, game_id, live=False)
            seats = await self._seats_of(row)
        return self._sheet(row.engine, row.result, seats) if row.result else None

    async def export(
        self, channel_id: int | None = None, *, game_id: int | None = None
    ) -> dict[str, Any]:
        """The game as JSON data, for anyone who asks, so it reveals only what a spectator may
        know. Once the game is over (finished or aborted) that is everything: game, options,
        seed, seats, actions (canonical text) and result, which :func:`replay` replays. While it
        runs (or waits in its lobby) there is no seed (it would deal every hand again), each
        secret action shows only its public form (the verb, as in the log), actions carry only
        their public events, and ``view`` is the public view; ``complete`` says which it is."""
        async with self.db.read():
            row = await self._addressed(channel_id, game_id)
        if row.status not in LIVE:
            return await self._record(row)
        async with self.db.read():
            seats = await self.db.seats(row.id)
            actions = await self.db.actions(row.id)
            state = None
            if row.status == "active":
                state = await self._state_of(row, _engine(row.engine))
        engine = _engine(row.engine)
        names = [s.name for s in seats]
        return {
            "format": EXPORT_FORMAT,
            "complete": False,
            "game": row.engine,
            "options": dict(row.options),
            "players": len(seats),
            "status": row.status,
            "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name} for s in seats],
            "actions": [
                {
                    "move": a.move,
                    "seat": a.seat,
                    "action": self._action_text(engine, a.action, public=True),
                    "events": self._event_lines(_events(a), names, None),
                    "at": a.at,
                }
                for a in actions
            ],
            "view": engine.view(state, None) if state is not None else None,
            "result": None,
        }

    async def record(self, game_id: int) -> dict[str, Any]:
        """The full record of a game, with its seed and every action's own text, whatever its
        status: for :meth:`verify`, the server's admin and tests. Never show it to players
        while the game runs (replaying it deals every hand); they get :meth:`export`."""
        async with self.db.read():
            row = await self._addressed(None, game_id)
        return await self._record(row)

    async def _addressed(self, channel_id: int | None, game_id: int | None) -> GameRow:
        """The game by id, else the channel's (live, else latest). Caller holds the lock."""
        if game_id is not None:
            row = await self.db.game(game_id)
            if row is None:
                raise ServiceError("service.no_such_game", game_id=game_id)
            return row
        if channel_id is not None:
            return await self._row(channel_id, None, live=False)
        raise ServiceError("service.no_game")

    async def _record(self, row: GameRow) -> dict[str, Any]:
        async with self.db.read():
            seats = await self.db.seats(row.id)
            actions = await self.db.actions(row.id)
        return {
            "format": EXPORT_FORMAT,
            "complete": True,
            "game": row.engine,
            "options": dict(row.options),
            "seed": row.seed,
            "players": len(seats),
            "status": row.status,
            "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name} for s in seats],
            "actions": [
                {"move": a.move, "seat": a.seat, "action": a.action, "at": a.at} for a in actions
            ],
            "result": row.result,
        }

    async def verify(self, game_id: int) -> bool:
        """Whether the game's stored snapshot equals a fresh replay of its log (the log is the
        truth; the snapshot only a cache). A lobby has nothing to check and passes."""
        async with self.db.read():
            row = await self.db.game(game_id)
            if row is None:
                raise ServiceError("service.no_such_game", game_id=game_id)
            snapshot = await self.db.snapshot(game_id)
        if row.damaged:
            return False  # a column of the game row cannot be read
        if row.status == "lobby" or snapshot is None:
            return row.status in ("lobby", "aborted") and snapshot is None
        export = await self.record(game_id)
        engine = _engine(row.engine)
        try:
            state = await asyncio.to_thread(replay, export)
            return engine.dumps(engine.load(state.state)) == snapshot
        except Exception:  # a log that no longer replays: the record is damaged
            return False

    # -- reminders --------------------------------------------------------------------------
    async def _reschedule(
        self, game_id: int, to_act_users: Sequence[int], reset: set[int], now: float
    ) -> None:
        """Make the reminder rows match who must act now. A user who just acted, or whose turn
        just began, starts a fresh schedule; one still pending keeps theirs (recomputed, so new
        settings apply). Caller holds the write lock."""
        policy = _policy(await self.db.settings(game_id) or self.defaults)
        existing = {(r.user_id, r.kind): r for r in await self.db.reminders(game_id=game_id)}
        pending = set(to_act_users)
        gone = {u for u, _ in existing} - pending
        if gone:
            await self.db.delete_reminders(game_id, sorted(gone))
        for user in sorted(pending):
            prefs = _prefs(await self.db.user(user))
            old = existing.get((user, "reminder"))
            if old is None or user in reset:
                started, sent, last = now, 0, None
            else:
                started, sent, last = old.turn_started, old.sent, old.last_sent_at
            due = next_reminder(started, sent, policy, prefs, last)
            await self.db.put_reminder(
                ReminderRow(game_id, user, "reminder", started, due, sent, last)
            )
            old_deadline = existing.get((user, "deadline"))
            fresh = old is None or user in reset
            if policy.deadline > 0:
                if fresh or old_deadline is None or old_deadline.sent == 0:
                    await self.db.put_reminder(
                        ReminderRow(
                            game_id,
                            user,
                            "deadline",
                            started,
                            deadline_at(started, policy),
                            0,
                            None,
                        )
                    )
            elif old_deadline is not None:
                await self.db.put_reminder(replace_row(old_deadline, due_at=None))

    async def due_reminders(self, now: float | None = None) -> list[DueReminder]:
        """Reminders due at ``now`` (default: the clock) and not yet sent, oldest first.

        A reminder that fell due while the bot was down is returned once the bot is back, unless
        its player is now in quiet hours or away: then it waits until they are not. A deadline
        waits while its player is away, not for quiet hours."""
        at = self.clock() if now is None else now
        async with self.db.read():
            rows = await self.db.due(at)
            # A game whose record is damaged cannot be played: nobody is reminded of it.
            damaged = set()
            for game_id in {r.game_id for r, _ in rows}:
                game = await self.db.game(game_id)
                if game is None or game.damaged:
                    damaged.add(game_id)
            rows = [(r, channel) for r, channel in rows if r.game_id not in damaged]
            prefs = {r.user_id: _prefs(await self.db.user(r.user_id)) for r, _ in rows}
            tables = {
                r.game_id: _policy(await self.db.settings(r.game_id) or self.defaults).table_quiet
                for r, _ in rows
            }
        grouped: dict[tuple[int, str, float], tuple[int, list[int]]] = {}
        for r, channel in rows:
            assert r.due_at is not None
            # One that fell due while the bot was down may now be inside quiet hours: it waits.
            allowed = earliest_allowed(at, prefs[r.user_id], tables[r.game_id])
            if r.kind == "reminder" and allowed > at:
                continue
            # A deadline ignores quiet hours (the table agreed on it) but waits for a player
            # who said they are away.
            if r.kind == "deadline" and prefs[r.user_id].away_until > at:
                continue
            grouped.setdefault((r.game_id, r.kind, r.due_at), (channel, []))[1].append(r.user_id)
        out = [
            DueReminder(game_id, channel, tuple(users), due, kind)
            for (game_id, kind, due), (channel, users) in grouped.items()
        ]
        out.sort(key=lambda d: (d.due_at, d.game_id, d.kind))
        return out

    async def mark_reminder_sent(self, reminder: DueReminder, now: float | None = None) -> None:
        """Record that ``reminder`` was sent and schedule the next one (policy in
        bot/reminders.py). Idempotent: marking the same due time twice does nothing."""
        at = self.clock() if now is None else now
        async with self._write():
            policy = _policy(await self.db.settings(reminder.game_id) or self.defaults)
            rows = {
                r.user_id: r
                for r in await self.db.reminders(game_id=reminder.game_id)
                if r.kind == reminder.kind and r.due_at == reminder.due_at
            }
            for user in reminder.user_ids:
                r = rows.get(user)
                if r is None:
                    continue  # already marked, or a move rescheduled it meanwhile
                nxt = None
                if r.kind == "reminder":
                    prefs = _prefs(await self.db.user(user))
                    nxt = next_reminder(r.turn_started, r.sent + 1, policy, prefs, last_sent=at)
                await self.db.mark_sent(r, next_due=nxt, now=at)

    async def resolve_deadline(
        self, game_id: int, user_id: int, *, render: bool = True
    ) -> MoveOutcome | None:
        """Play the engine's timeout action for a player whose deadline passed; None when the
        rules give none (then offer a vote to remove them)."""
        now = self.clock()
        async with self._write():
            row = await self.db.game(game_id)
            if row is None:
                raise ServiceError("service.no_such_game", game_id=game_id)
            row = await self._row(row.channel_id, game_id, live=True)
            engine = _engine(row.engine)
            seats = await self._seats_of(row)
            state = await self._state_of(row, engine)
            seat = self._deciding_seat(engine, state, seats, user_id)
            text = engine.timeout_action(state, seat)
            if text is None:
                return None
            try:
                new, events = engine.play(state, seat, text)
            except IllegalAction:
                return None  # an engine offering an illegal timeout move: treat as none
            move = await self.db.next_move(row.id)
            names = [s.name for s in seats]
            head = (self._t("service.timed_out", {"player": seat}, names),)
            play = _Play(move, seat, text, tuple(events), True)
            change = await self._commit(row, engine, seats, new, [play], now, head=head)
        return await self._outcome(change, render=render)


EXPORT_FORMAT = 1


def _damaged(row: GameRow) -> ServiceError:
    """The refusal for a game whose record cannot be read."""
    return ServiceError("service.damaged", game_id=row.id)


def _events(a: ActionRow) -> list[Event]:
    """A log row's events; none when they cannot be read (a damaged row shows its action only)."""
    try:
        return [Event.from_json(e) for e in a.events]
    except Exception:  # a damaged event must not take the log, the recap or the board down
        return []


def _replay_log(
    engine: Engine[Any, Any], row: GameRow, players: int, actions: Sequence[ActionRow]
) -> Any:
    """The state the log leads to from the game's seed (the log is the truth); a log that cannot
    be replayed makes the game's record damaged (``service.damaged``), never a crash."""
    try:
        state = engine.setup(players, row.options, row.seed)
        for a in actions:
            state, _ = engine.play(state, a.seat, a.action)
    except Exception:
        log.warning("log does not replay", extra={"game": row.id})
        raise _damaged(row) from None
    return state


def _holds_creator_powers(row: GameRow, seats: Sequence[SeatRow], user_id: int) -> bool:
    """Whether ``user_id`` may use the creator's own powers (abort at once, change settings).

    They belong to the creator only while the creator still holds a seat of their own that was
    not voted out: a creator who was removed or handed their seat over keeps none of them. From
    then on the players abort by majority vote, and a member who can manage the channel (Manage
    Channels) can still abort at once and change settings; nobody else inherits the powers."""
    if user_id != row.creator_id:
        return False
    seat = _seat_of(seats, user_id)
    return seat is not None and not seats[seat].removed


def _creator_only(row: GameRow, seats: Sequence[SeatRow]) -> ServiceError:
    """The refusal for a creator-only command: naming the creator, or saying they left."""
    if not _holds_creator_powers(row, seats, row.creator_id):
        return ServiceError("service.creator_gone")
    creator = next(s.name for s in seats if s.user_id == row.creator_id)
    return ServiceError("service.creator_only", name=creator)


def _current_votes(
    votes: Sequence[tuple[int, int, str]],
    seats: Sequence[SeatRow],
    *,
    exclude: int | None = None,
    wanted: int | None = None,
) -> int:
    """How many of ``votes`` count now: only those of players who hold a seat at the moment of
    counting and were not voted out (a vote cast by someone since removed or replaced is void),
    never the ``exclude`` seat's own, and for a replacement only votes naming ``wanted``."""
    current = {s.user_id for s in seats if not s.removed and s.seat != exclude}
    return sum(
        1 for voter, repl, _ in votes if voter in current and (wanted is None or repl == wanted)
    )


def _mark(engine: Engine[Any, Any], state: Any) -> Any:
    """What the last move changed on the public board, as the engine's public view says."""
    return engine.view(state, None).get("last")


def _policy(s: SettingsRow) -> Policy:
    table = Prefs(s.quiet_start, s.quiet_end, s.tz_offset_minutes)
    return Policy(s.reminder_delay, s.reminder_interval, s.reminder_max, s.deadline, table)


def _check_quiet(start: int | None, end: int | None, offset: int | None) -> None:
    """Refuse quiet hours outside 0–23 or a time-zone offset beyond ±14 h."""
    for value in (start, end):
        if value is not None and not 0 <= value <= 23:
            raise ServiceError("service.bad_hour")
    if offset is not None and not -14 * 60 <= offset <= 14 * 60:
        raise ServiceError("service.bad_offset")


def _prefs(u: UserRow) -> Prefs:
    return Prefs(u.quiet_start, u.quiet_end, u.tz_offset_minutes, u.away_until, u.time_zone)


def _check_zone(name: str | None) -> str | None:
    """The IANA zone name as the zone database spells it ("asia/tokyo" → "Asia/Tokyo"), ""
    to clear, ``None`` when not given; refuses a name the database lacks."""
    if name is None:
        return None
    name = name.strip()
    if not name:
        return ""
    found = known_zone(name)
    if found is None:
        raise ServiceError("service.bad_time_zone", zone=name)
    return found


def replace_row(r: ReminderRow, *, due_at: float | None) -> ReminderRow:
    """A reminder row with another due time."""
    return dataclasses.replace(r, due_at=due_at)
