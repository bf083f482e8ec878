"""Loading a game: the rows, seats and state of one game, cached by version, and the write
transaction that drops the caches when it fails."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import engines
from bot.service.results import (
    ServiceError,
)
from bot.storage import (
    LIVE,
    ActionRow,
    GameRow,
    SeatRow,
    SettingsRow,
    Storage,
)
from engines.base import Engine, Event, IllegalAction

Clock = Callable[[], float]


log = logging.getLogger("turnpost.service")


#: Seconds between a running service's beats (``Service.beat``: the adapter beats on a task of
#: its own, so slow work never delays it).
OWNER_BEAT = 2.0

#: A process whose last beat is older than this is gone (killed, its machine lost): its leases
#: are no reason to wait, and a restarted bot announces its unposted moves within seconds
#: (#22.2). A few beats' worth, so one late beat never looks like a death.
OWNER_STALE = 4 * OWNER_BEAT

#: Seconds a claimed job (a reminder being sent, a computer's move or a hint being thought)
#: stays with its holder as far as other processes are concerned while the holder beats; a
#: holder that stops beating loses it after ``OWNER_STALE`` (#25.3).
JOB_LEASE = 60.0

#: How many live game states the service keeps in memory (least recently used are dropped).
STATE_CACHE_SIZE = 512


def owner_id(name: str) -> str:
    """A process's unique id in the ``processes`` table and on its claims: ``name#`` (its
    ``TURNPOST_PROCESS_NAME``, by which ``turnpost health --process`` finds its beat) and a
    random part, so a restarted process never takes its predecessor's claims for its own."""
    token = secrets.token_hex(8)
    return f"{name}#{token}" if name else token


def engine_of(game: str) -> Engine[Any, Any]:
    try:
        return engines.get(game)
    except IllegalAction as exc:
        raise ServiceError.from_illegal(exc) from exc


# -- computer seats (bot/service/computers.py) ----------------------------------------

#: The levels a table can give a computer seat, weakest first (``random`` is for measuring only).
#: New levels go at the end: a seat's id encodes its level's place here.
LEVELS = ("easy", "normal", "strong")


def computer_id(level: str, number: int) -> int:
    """The reserved user id of the ``number``-th computer seat (1–9) of a table at ``level``.

    >>> computer_id("normal", 2), computer_level(computer_id("normal", 2))
    (-22, 'normal')
    """
    return -(10 * number + LEVELS.index(level) + 1)


def is_computer(user_id: int) -> bool:
    """Whether a seat's holder is a computer (never pinged, never reminded, never votes)."""
    return user_id < 0


def computer_level(user_id: int) -> str:
    """The level of a computer seat's id."""
    return LEVELS[(-user_id) % 10 - 1]


def seat_of(seats: Sequence[SeatRow], user_id: int) -> int | None:
    for s in seats:
        if s.user_id == user_id:
            return s.seat
    return None


def damaged_error(row: GameRow) -> ServiceError:
    """The refusal for a game whose record cannot be read."""
    return ServiceError("service.damaged", game_id=row.id)


def events_of(a: ActionRow) -> list[Event]:
    """A log row's events; none when they cannot be read (a damaged row shows its action only)."""
    try:
        return [Event.from_json(e) for e in a.events]
    except Exception:  # a damaged event must not take the log, the recap or the board down
        return []


def replay_log(
    engine: Engine[Any, Any], row: GameRow, players: int, actions: Sequence[ActionRow]
) -> Any:
    """The state the log leads to from the game's seed (the log is the truth); a log that cannot
    be replayed makes the game's record damaged (``service.damaged``), never a crash."""
    try:
        state = engine.setup(players, row.options, row.seed)
        # Logged draws are read; a log from before chance rows draws them again (Engine.replay).
        state = engine.replay(state, [(a.seat, a.action) for a in actions])
    except Exception:
        log.warning("log does not replay", extra={"game": row.id})
        raise damaged_error(row) from None
    return state


def holds_creator_powers(row: GameRow, seats: Sequence[SeatRow], user_id: int) -> bool:
    """Whether ``user_id`` may use the creator's own powers (abort at once, change settings).

    They belong to the creator only while the creator still holds a seat of their own that was
    not voted out: a creator who was removed or handed their seat over keeps none of them. From
    then on the players abort by majority vote, and a member who can manage the channel (Manage
    Channels) can still abort at once and change settings; nobody else inherits the powers."""
    if user_id != row.creator_id:
        return False
    seat = seat_of(seats, user_id)
    return seat is not None and not seats[seat].removed


def creator_only(row: GameRow, seats: Sequence[SeatRow]) -> ServiceError:
    """The refusal for a creator-only command: naming the creator, or saying they left."""
    if not holds_creator_powers(row, seats, row.creator_id):
        return ServiceError("service.creator_gone")
    creator = next(s.name for s in seats if s.user_id == row.creator_id)
    return ServiceError("service.creator_only", name=creator)


@dataclass(frozen=True)
class LoadedGame:
    """One game as the service works on it: its row, seats, engine and (once started) state, all
    of the same version."""

    row: GameRow
    seats: tuple[SeatRow, ...]
    engine: Engine[Any, Any]
    #: The game's state; None in a lobby, or when loaded without it.
    state: Any

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds, or None."""
        return seat_of(self.seats, user_id)


class Session:
    """What every part of the service shares (one object, handed to each part): the storage,
    the clock, the table language and reminder defaults, the caches of live rows, seats and
    states, and the write transaction that drops those caches when it fails.

    A part reads and writes through ``session.db`` inside ``session.write()`` (or
    ``session.db.read()``) and loads games with :meth:`load`; nothing else of the service is
    reachable from here."""

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
        #: Live states by game id, tagged with the version they belong to: a version mismatch
        #: (another process moved the game) means reload from the snapshot.
        self.states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._seats: dict[int, tuple[int, tuple[SeatRow, ...]]] = {}
        #: The last known live game row per channel, for autocomplete without a database query.
        self.live: dict[int, GameRow] = {}
        #: Who this service is when it claims outbox rows (another process has another).
        self.owner = owner_id("")
        #: Whether this process posts its own changes (a bot, the console); a worker does not,
        #: so its changes' outbox rows are left free for the bots' outbox passes at once.
        self.announces = True

    async def close(self) -> None:
        """Close the database, first giving back this process's claims (whoever comes next takes
        its unposted announcements over at once)."""
        if self.db.closed:
            return
        try:
            async with self.db.write():
                await self.db.forget_process(self.owner)
        finally:
            await self.db.close()

    async def bot_state(self, key: str) -> str | None:
        """A value an adapter stored for itself (e.g. the hash of its last command sync)."""
        async with self.db.read():
            return await self.db.bot_state(key)

    async def set_bot_state(self, key: str, value: str) -> None:
        """Store one of an adapter's own values, beside the games."""
        async with self.db.write():
            await self.db.put_bot_state(key, value)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[None]:
        """A write transaction. A refusal (ServiceError) happens before anything is written;
        any other failure may have filled the caches with rows that were rolled back, so they
        are dropped and reloaded from the database."""
        try:
            async with self.db.write():
                yield
        except ServiceError:
            raise
        except BaseException:
            self.states.clear()
            self._seats.clear()
            self.live.clear()
            raise

    async def row(
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
            raise damaged_error(row)
        if expected_version is not None and row.version != expected_version:
            raise ServiceError("service.stale")
        self.track(row)
        return row

    async def load(
        self,
        channel_id: int,
        game_id: int | None = None,
        *,
        live: bool,
        expected_version: int | None = None,
        damaged_ok: bool = False,
        state: bool = True,
    ) -> LoadedGame:
        """The game addressed (see :meth:`row`) with its seats and engine, and its state when
        ``state`` (a lobby has none: ``service.not_started``). Caller holds the lock."""
        row = await self.row(
            channel_id,
            game_id,
            live=live,
            expected_version=expected_version,
            damaged_ok=damaged_ok,
        )
        seats = await self.seats_of(row)
        engine = engine_of(row.engine)
        loaded = await self.state_of(row, engine) if state else None
        return LoadedGame(row, seats, engine, loaded)

    async def seats_of(self, row: GameRow) -> tuple[SeatRow, ...]:
        """The seats of ``row``'s game at its version (cached). Caller holds the lock."""
        cached = self._seats.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        seats = tuple(await self.db.seats(row.id))
        self._seats[row.id] = (row.version, seats)
        return seats

    async def state_of(self, row: GameRow, engine: Engine[Any, Any]) -> Any:
        """The state of ``row``'s game at its version: cached, else its snapshot, else a replay
        of its log. Caller holds the lock."""
        if row.status == "lobby":
            raise ServiceError("service.not_started")
        cached = self.states.get(row.id)
        if cached is not None and cached[0] == row.version:
            self.states.move_to_end(row.id)
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
                replay_log, engine, row, len(seats), await self.db.actions(row.id)
            )
        self.remember(row.id, row.version, state)
        return state

    def remember(
        self,
        game_id: int,
        version: int,
        state: Any,
        seats: Sequence[SeatRow] | None = None,
    ) -> None:
        """Cache a game's state (and ``seats``) at ``version``: only once everything written
        with it succeeded (a rollback keeps the old)."""
        self.states[game_id] = (version, state)
        self.states.move_to_end(game_id)
        if seats is not None:
            self._seats[game_id] = (version, tuple(seats))
        while len(self.states) > STATE_CACHE_SIZE:
            dropped, _ = self.states.popitem(last=False)
            self._seats.pop(dropped, None)

    def track(self, row: GameRow) -> None:
        """Note ``row`` as its channel's live game (for autocomplete), or that the channel has
        none any more."""
        if row.status in LIVE:
            self.live[row.channel_id] = row
        else:
            self.live.pop(row.channel_id, None)

    def forget(self, row: GameRow) -> None:
        """Drop what is cached of a game that leaves play (aborted)."""
        self.live.pop(row.channel_id, None)
        self._seats.pop(row.id, None)

    async def cached_turn(self, channel_id: int, user_id: int) -> tuple[Engine[Any, Any], Any, int]:
        """Engine, state and seat for autocomplete, from memory when possible."""
        row = self.live.get(channel_id)
        cached = self.states.get(row.id) if row is not None else None
        seats = self._seats.get(row.id) if row is not None else None
        if (
            row is None
            or cached is None
            or seats is None
            or cached[0] != row.version
            or seats[0] != row.version
        ):
            async with self.db.read():
                g = await self.load(channel_id, live=True)
                engine, seat_rows, state = g.engine, g.seats, g.state
        else:
            engine = engine_of(row.engine)
            seat_rows = seats[1]
            state = cached[1]
        seat = seat_of(seat_rows, user_id)
        if seat is None:
            raise ServiceError("service.not_seated")
        return engine, state, seat
