"""Computer seats: a lobby seat (or a seat handed over by vote) that the AI plays, and hints.

A computer seat is held by a reserved *negative* user id (no Discord or console user has one),
which encodes its level, so seats, votes, the log and exports need no new column: everything that
pings or reminds skips those ids (:func:`is_computer`). Its moves go through :meth:`act` exactly as
a person's, with the version it thought about as ``expected_version``: a computer never acts twice
for one turn, across restarts and with two processes, because the second commit is stale.

The search runs in a process pool (``engines.ai.seats.think_part``; a ``strong`` seat's searches in
several workers at once), never on the event loop, so a seat thinking does not delay Discord's
heartbeat or another channel's commands.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor

from bot.service.lobby import Lobbies
from bot.service.narrate import Narrator
from bot.service.play import Playing
from bot.service.results import GameInfo, MoveOutcome, ServiceError, User
from bot.service.session import (
    LEVELS,
    LoadedGame,
    Session,
    computer_id,
    computer_level,
    engine_of,
    is_computer,
    seat_of,
)
from bot.storage import GameRow, SeatRow
from engines.ai.knowledge import knowledge_for
from engines.ai.search import Ranked
from engines.ai.seats import STRONG_SEARCHES, STRONG_TIME, merge_parts, plans, think, think_part

#: Seconds of thought a ``normal`` seat gets per decision, and a hint.
THINK_SECONDS = 1.5


def pool_size() -> int:
    """Worker processes for thinking: every core but one for the event loop (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


def start_pool() -> ProcessPoolExecutor:
    """A pool of spawned worker processes, already started (their imports done)."""
    # Spawned, not forked: the service runs threads (the database's), which a fork copies
    # mid-flight.
    pool = ProcessPoolExecutor(
        max_workers=pool_size(), mp_context=multiprocessing.get_context("spawn")
    )
    for ready in [pool.submit(warm) for _ in range(pool_size())]:
        ready.result()
    return pool


def warm() -> None:
    """Runs once in each worker: the engines and the search imported before the first move."""
    import engines
    import engines.ai.seats  # noqa: F401

    engines.all_engines()


class Computers:
    """Adding and removing computer seats, their moves, and hints. Needs the session, words,
    the lobby (to seat a computer) and the play part (a computer's move is played like anyone's,
    through :meth:`Playing.act`)."""

    def __init__(self, session: Session, words: Narrator, play: Playing, lobby: Lobbies) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.play = play
        self.lobby = lobby
        #: Where searches run; a process pool made on first use (tests may set another executor).
        self.executor: Executor | None = None

    async def _executor(self) -> Executor:
        if self.executor is None:
            # Starting worker processes takes a while: done in a thread, so the event loop (and
            # Discord's heartbeat) does not wait for it.
            pool = await asyncio.to_thread(start_pool)
            if self.executor is None:
                self.executor = pool
            else:  # another coroutine got there first
                pool.shutdown(wait=False)
        return self.executor

    def close(self) -> None:
        """Stop the thinking workers (a new pool starts if a computer thinks again)."""
        if isinstance(self.executor, ProcessPoolExecutor):
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def _computer_name(self, row: GameRow, level: str, number: int) -> str:
        """A computer's display name, in its table's language (it is shown to everyone)."""
        words = self.words.of(row)
        level_word = words.t(f"service.computer_level.{level}", {})
        return words.t("service.computer_name", {"number": number, "level": level_word})

    async def add_computer(self, channel_id: int, user: User, level: str = "normal") -> GameInfo:
        """Seat a computer at ``level`` in the channel's lobby (its creator only)."""
        if level not in LEVELS:
            raise ServiceError("service.computer_bad_level", level=level, levels=", ".join(LEVELS))
        now = self.session.clock()
        async with self.session.write():
            row = await self.lobby.lobby_of(channel_id)
            seats = await self.session.seats_of(row)
            self._creator_only(row.creator_id, seats, user)
            try:
                knowledge_for(engine_of(row.engine))
            except LookupError as exc:
                raise ServiceError("service.computer_unavailable") from exc
            number = _free_number(seats)
            computer = User(computer_id(level, number), self._computer_name(row, level, number))
            await self.lobby.seat(row, seats, computer, now)
            row = await self.session.row(channel_id, row.id, live=True)
            seats = await self.session.seats_of(row)
        return self.words.info(row, seats)

    async def remove_computer(self, channel_id: int, user: User) -> GameInfo:
        """Take the last computer seat out of the lobby (its creator only)."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.lobby.lobby_of(channel_id)
            seats = await self.session.seats_of(row)
            self._creator_only(row.creator_id, seats, user)
            computers = [s for s in seats if is_computer(s.user_id)]
            if not computers:
                raise ServiceError("service.no_computer")
            await self.lobby.unseat(row, seats, computers[-1].user_id, now)
            row = await self.session.row(channel_id, row.id, live=True)
            seats = await self.session.seats_of(row)
        return self.words.info(row, seats)

    async def computer_for(self, channel_id: int, level: str = "normal") -> User:
        """A computer player at ``level`` who could take a seat of the channel's game: the
        ``replacement`` of a seat vote that hands a seat to a computer."""
        if level not in LEVELS:
            raise ServiceError("service.computer_bad_level", level=level, levels=", ".join(LEVELS))
        async with self.db.read():
            row = await self.session.row(channel_id, None, live=True)
            seats = await self.session.seats_of(row)
        try:
            knowledge_for(engine_of(row.engine))
        except LookupError as exc:
            raise ServiceError("service.computer_unavailable") from exc
        number = _free_number(seats)
        return User(computer_id(level, number), self._computer_name(row, level, number))

    def _creator_only(self, creator_id: int, seats: tuple[SeatRow, ...], user: User) -> None:
        if user.id != creator_id:
            creator = next((s.name for s in seats if s.user_id == creator_id), "?")
            raise ServiceError("service.creator_only", name=creator)

    async def computer_turn(
        self, game_id: int, *, seconds: float = THINK_SECONDS
    ) -> MoveOutcome | None:
        """If a computer seat must act in game ``game_id``, think (in the pool) and play its
        move; ``None`` when no computer is to act, or when the game moved on while it thought
        (a person undid, another process played it): nothing is played twice."""
        async with self.db.read():
            row = await self.db.game(game_id)
            if row is None or row.status != "active" or row.damaged:
                return None
            g = await self.session.load(row.channel_id, game_id, live=True)
            standins = await self.standins(game_id)
        seats, engine, state = g.seats, g.engine, g.state
        due = [
            s
            for s in engine.to_act(state)
            if (is_computer(seats[s].user_id) or s in standins) and not seats[s].removed
        ]
        if not due:
            return None
        seat = due[0]
        holder = seats[seat]
        # A computer standing in for an away player (#27.3) plays at the table's level, from
        # that seat's view only, as a computer seat does.
        level = standins.get(seat) or computer_level(holder.user_id)
        seed = g.row.seed ^ (g.row.version * 0x9E37)
        if level in ("normal", "strong"):
            ranked = await self._search(
                g.row.engine, engine.dumps(state), seat, level, seed, seconds
            )
            move = ranked[0].move
        else:
            loop = asyncio.get_running_loop()
            move, _ = await loop.run_in_executor(
                await self._executor(),
                think,
                g.row.engine,
                engine.dumps(state),
                seat,
                level,
                seed,
                seconds,
            )
        try:
            return await self.play.act(
                g.row.channel_id,
                User(holder.user_id, holder.name),
                move,
                game_id=game_id,
                expected_version=g.row.version,
                # The adapter draws the board from ``outcome.board`` when it announces the move.
                render=False,
                standin=seat in standins,
            )
        except ServiceError as exc:
            if exc.key == "service.stale":
                return None
            raise

    async def _search(
        self, game: str, snapshot: str, seat: int, level: str, seed: int, seconds: float
    ) -> list[Ranked]:
        """The whole turns a ``normal`` or ``strong`` search ranks for ``seat``, best first,
        thought in the pool. ``strong`` is root parallel (#24.5): ``STRONG_SEARCHES`` searches
        at once, one per worker, merged, with ``STRONG_TIME`` times ``seconds`` of wall time in
        all (split when the pool has fewer workers than searches)."""
        executor = await self._executor()
        loop = asyncio.get_running_loop()
        if level != "strong":
            part = await loop.run_in_executor(
                executor, think_part, game, snapshot, seat, seed, seconds
            )
            return merge_parts([part])
        rounds = -(-STRONG_SEARCHES // pool_size())  # searches one worker runs in turn
        each = seconds * STRONG_TIME / rounds
        parts = await asyncio.gather(
            *(
                loop.run_in_executor(
                    executor, think_part, game, snapshot, seat, seed + i, each, "strong"
                )
                for i in range(STRONG_SEARCHES)
            )
        )
        return merge_parts(parts, game, "strong")

    async def standins(self, game_id: int) -> dict[int, str]:
        """Seats a computer plays while their players are away, with its level. Caller holds
        a transaction."""
        return {c.seat: c.standin for c in await self.db.clocks(game_id) if c.standin in LEVELS}

    async def computer_games(self) -> list[int]:
        """Active games in which a computer seat must act now (after a restart, say)."""
        async with self.db.read():
            rows = await self.db.games_with_computers()
            out = []
            for row in rows:
                if not row.to_act:
                    continue
                seats = await self.session.seats_of(row)
                standins = await self.standins(row.id)
                if any(
                    0 <= s < len(seats)
                    and (is_computer(seats[s].user_id) or s in standins)
                    and not seats[s].removed
                    for s in row.to_act
                ):
                    out.append(row.id)
        return out

    async def hint_inline(
        self, channel_id: int, user: User, *, seconds: float = THINK_SECONDS, lang: str = ""
    ) -> tuple[str, ...]:
        """Thought in this process (``Service.hint`` asks a worker instead when computers run
        in workers): for ``user``'s own turn: the three whole turns the search likes best (#24.6), each
        every command of it, legal in order, with its expected score margin and (between 5 % and
        95 %) its chance to win, computed from ``user``'s information only (send privately)."""
        g, seat = await self.hint_position(channel_id, user)
        return await self.hint_lines(g, seat, user.id, seconds=seconds, lang=lang)

    async def hint_position(self, channel_id: int, user: User) -> tuple[LoadedGame, int]:
        """The game and the seat a hint for ``user`` is about; refuses (hints off, not their
        turn, no computer for this game) before any thinking."""
        async with self.db.read():
            g = await self.session.load(channel_id, None, live=True)
            settings = await self.db.settings(g.row.id)
        if settings is not None and not settings.hints:
            raise ServiceError("service.hints_off")
        seat = self.play.deciding_seat(g.engine, g.state, g.seats, user.id)
        try:
            knowledge_for(g.engine)
        except LookupError as exc:
            raise ServiceError("service.computer_unavailable") from exc
        return g, seat

    async def hint_lines(
        self,
        g: LoadedGame,
        seat: int,
        user_id: int,
        *,
        seconds: float = THINK_SECONDS,
        lang: str = "",
    ) -> tuple[str, ...]:
        """The hint's lines for ``seat`` of ``g`` (thought in the pool), in ``lang`` (the
        asker's) when given, else the table's language."""
        ranked = await self._search(
            g.row.engine,
            g.engine.dumps(g.state),
            seat,
            "normal",
            g.row.seed ^ (g.row.version * 0x51ED) ^ user_id,
            seconds,
        )
        names = [s.name for s in g.seats]
        # Shown to the asker alone: in their language when given, else the table's.
        words = self.words.at(lang) if lang else self.words.of(g.row)
        lines = [words.t("service.hint_head", {})]
        for rank, plan in enumerate(plans(ranked), 1):
            turn = " → ".join(words.action_text(g.engine, m, public=False) for m in plan.turn)
            params: dict[str, object] = {
                "rank": rank,
                "turn": turn,
                "margin": f"{plan.margin:+.1f}",
            }
            if plan.chance is None:
                lines.append(words.t("service.hint_plan", params, names))
            else:
                params["chance"] = round(100 * plan.chance)
                lines.append(words.t("service.hint_plan_chance", params, names))
        return tuple(lines)

    async def computer_seat_to_person(
        self, channel_id: int, user: User, computer_user_id: int, person: User
    ) -> MoveOutcome:
        """The creator hands a computer seat of the running game to ``person`` (who joined the
        channel later); they are pinged if the seat must act now."""
        now = self.session.clock()
        async with self.session.write():
            g = await self.session.load(channel_id, None, live=True)
            self._creator_only(g.row.creator_id, g.seats, user)
            seat = seat_of(g.seats, computer_user_id)
            if seat is None or not is_computer(computer_user_id):
                raise ServiceError("service.no_computer")
            if seat_of(g.seats, person.id) is not None:
                raise ServiceError("service.already_playing", name=person.name)
            old = g.seats[seat]
            seats = tuple(
                SeatRow(s.seat, person.id, person.name) if s.seat == seat else s for s in g.seats
            )
            await self.db.set_seats(g.row.id, seats)
            line = self.words.of(g.row).t("service.replaced", {"new": person.name, "old": old.name})
            old_to_act = [s for s in g.row.to_act if s != seat]
            change = await self.play.commit(
                g.row, g.engine, seats, g.state, [], now, head=(line,), old_to_act=old_to_act
            )
        return await self.play.outcome(change, render=True)


def _free_number(seats: tuple[SeatRow, ...]) -> int:
    """The lowest computer number (1–9) no seat of the table uses at any level."""
    taken = {s.user_id for s in seats}
    return next(n for n in range(1, 10) if all(computer_id(lv, n) not in taken for lv in LEVELS))
