"""Playing: one action parsed, applied and committed (with the autopilot for removed seats), the
board and hand as they are now, completion, and the announcements owed to the table."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from bot import drawing
from bot.recap import turn_window
from bot.service.clock import OUT, ClockBook, table_quiet
from bot.service.ending import Endings
from bot.service.narrate import Narrator
from bot.service.ratings import Ratings
from bot.service.results import (
    BoardDraw,
    BoardImage,
    Change,
    GameInfo,
    MoveOutcome,
    Play,
    PrivateView,
    ServiceError,
    User,
)
from bot.service.schedule import Scheduler
from bot.service.session import (
    Session,
    engine_of,
    events_of,
    is_computer,
    seat_of,
)
from bot.storage import (
    ActionRow,
    GameRow,
    SeatRow,
    dumps,
)
from bot.storage.errors import ConnectionLost
from engines.base import CHANCE, Engine, Event, IllegalAction
from engines.kit import last_mark, private_fields, with_earned
from engines.randomplay import random_action
from engines.rng import Rng, seed_state

#: Actions are short notation; anything longer is a paste gone wrong, refused before parsing.
MAX_ACTION_CHARS = 300


#: Times a move is run again whole after the database connection broke before its commit
#: (a restarted server; the reconnect itself waits for the server, ``postgres.RECONNECT_FOR_S``).
RETRIES = 2

#: Automatic moves for removed seats in one go; far beyond any real run of them.
MAX_AUTO_MOVES = 1000


#: Seconds an outbox row stays with whoever claimed it (the mover's own process right after the
#: move, or a drain), as far as OTHER processes are concerned, while the holder keeps beating
#: (``OWNER_BEAT``). The holder itself never takes a row back from itself, however slow its
#: post, until it releases it (its post failed).
OUTBOX_LEASE = 60.0


#: Log rows a catch-up recap reads at most (a seat that has not acted for longer gets the newest).
RECAP_MAX_ROWS = 200


def status_json(engine: Engine[Any, Any], state: Any) -> str:
    """The engine's status stored as JSON (key and parameters) so each reader's language can
    format it; empty when the engine has nothing to say."""
    ev = engine.status(state)
    return json.dumps({"key": ev.key, "params": dict(ev.params)}) if ev is not None else ""


def mark_of(engine: Engine[Any, Any], state: Any, events: Sequence[Event] = ()) -> Any:
    """What the last move changed on the public board, as the engine's public view says, with
    what the move paid out (``Engine.earned`` of its ``events``) for the last-move box."""
    return with_earned(last_mark(engine.view(state, None)), engine.earned(events))


class Playing:
    """Actions, their commit (with the autopilot), what they changed, and looking at the game.

    Needs the session, words and the scheduler (a commit reschedules reminders). The other parts
    that change a game (lobby, governance, computers) commit through :meth:`commit` and turn
    the change into a :class:`MoveOutcome` with :meth:`outcome`; each commit owes the table an
    announcement (its outbox row), which ``announce.Announcements`` settles."""

    def __init__(
        self,
        session: Session,
        words: Narrator,
        schedule: Scheduler,
        ratings: Ratings | None = None,
        clock: ClockBook | None = None,
        endings: Endings | None = None,
    ) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.schedule = schedule
        # A game that finishes is rated in its finishing commit's own transaction (#27.1).
        self.ratings = ratings if ratings is not None else Ratings(session)
        # Time banks follow who must act in the same transaction (#27.3).
        self.clock = clock if clock is not None else ClockBook(session, words)
        # A finished game's results message: its rating changes and score chart (#27.5).
        self.endings = endings if endings is not None else Endings(session, words)

    async def game(self, channel_id: int, *, game_id: int | None = None) -> GameInfo:
        """The channel's game (or game ``game_id``): the live one, else the latest."""
        async with self.db.read():
            row = await self.session.row(channel_id, game_id, live=False)
            seats = await self.session.seats_of(row)
            words = self.words.of(row)
        return words.info(row, seats)

    async def act(
        self,
        channel_id: int,
        user: User,
        text: str,
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
        render: bool = True,
        standin: bool = False,
    ) -> MoveOutcome:
        """``_act_once``, run whole once more on a new connection when the database
        connection broke before the move's COMMIT was sent (PostgreSQL restarted: the server
        rolled it back, so nothing of it was written; #25.6). A connection that broke during the
        COMMIT (``CommitUncertain``) is never retried: the move might then be played twice."""
        for attempt in range(RETRIES + 1):
            try:
                return await self._act_once(
                    channel_id,
                    user,
                    text,
                    game_id=game_id,
                    expected_version=expected_version,
                    render=render,
                    standin=standin,
                )
            except ConnectionLost:
                if attempt == RETRIES:
                    raise
        raise AssertionError("unreachable")

    async def _act_once(
        self,
        channel_id: int,
        user: User,
        text: str,
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
        render: bool = True,
        standin: bool = False,
    ) -> MoveOutcome:
        """Parse and play ``text`` for ``user``'s seat, persist it in one transaction, render.
        ``standin``: a computer plays the seat while its player is away (#27.3), logged as an
        automatic move; a player who moves on their own seat is back.

        Refuses with a specific ServiceError: no game here, not seated, not your turn (naming who
        must act), stale button (``service.stale`` when ``game_id``/``expected_version`` no longer
        match), or the engine's own IllegalAction reason. Nothing changes on refusal.
        """
        now = self.session.clock()
        async with self.session.write():
            g = await self.session.load(
                channel_id, game_id, live=True, expected_version=expected_version
            )
            row, seats, engine, state = g.row, g.seats, g.engine, g.state
            seat = self.deciding_seat(engine, state, seats, user.id)
            if len(text) > MAX_ACTION_CHARS:
                example = next((e for v in engine.meta.verbs for e in v.examples), "")
                raise ServiceError("core.too_long", length=len(text), example=example)
            try:
                action = engine.read(state, seat, text)
                new, events = engine.apply(state, seat, action)
            except IllegalAction as exc:
                raise ServiceError.from_illegal(exc, g.names) from exc
            move = await self.db.next_move(row.id)
            if not standin:
                await self.clock.back(row.id, seat)
            play = Play(move, seat, str(action), tuple(events), standin)
            change = await self.commit(row, engine, seats, new, [play], now)
        return await self.outcome(change, render=render)

    def deciding_seat(
        self, engine: Engine[Any, Any], state: Any, seats: Sequence[SeatRow], user_id: int
    ) -> int:
        seat = seat_of(seats, user_id)
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

    async def commit(
        self,
        row: GameRow,
        engine: Engine[Any, Any],
        seats: Sequence[SeatRow],
        state: Any,
        plays: list[Play],
        now: float,
        *,
        head: tuple[str, ...] = (),
        old_to_act: Sequence[int] | None = None,
        resumed: int | None = None,
    ) -> Change:
        """Append ``plays`` (already applied to give ``state``), let the autopilot move for
        removed seats, store the snapshot and reschedule reminders. ``resumed``: the seat an
        undo gives its turn back (its clock goes on). Caller holds the write lock."""
        plays = list(plays)
        removed = {s.seat for s in seats if s.removed}
        next_move = (plays[-1].move + 1) if plays else await self.db.next_move(row.id)
        # What each move changed on the public board, for boards that mark several moves.
        marks: dict[int, Any] = {}

        def chance() -> None:
            """Draw at every chance node reached, each draw a log row of the CHANCE seat: the
            outcome is a logged fact a replay reads, and an undo barrier."""
            nonlocal state, next_move
            if not engine.has_chance:
                return
            state, steps = engine.settle(state)
            for action, events in steps:
                plays.append(Play(next_move, CHANCE, str(action), tuple(events), False))
                next_move += 1

        moved = plays[-1].move if plays else None
        paid = plays[-1].events if plays else ()
        chance()
        if moved is not None:
            # The board as the move left it, its draws made (a new round's ships, say).
            marks[moved] = mark_of(engine, state, paid)
        # A removed seat never blocks the table: play for it until a person must decide.
        for _ in range(MAX_AUTO_MOVES):
            pending = [s for s in engine.to_act(state) if s in removed]
            if not pending:
                break
            played = self.autoplay(engine, state, pending[0], row.seed ^ next_move)
            if played is None:
                break  # nothing the autopilot can do: the table must vote or abort
            text, state, events = played
            plays.append(Play(next_move, pending[0], text, tuple(events), True))
            moved = next_move
            next_move += 1
            chance()
            marks[moved] = mark_of(engine, state, events)
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
        round_info = status_json(engine, state)
        version = await self.db.write_snapshot(
            row.id,
            expected_version=row.version,
            snapshot=engine.dumps(state),
            status=status,
            to_act=list(to_act),
            round_info=round_info,
            result=result_json,
            now=now,
        )
        by_seat = {s.seat: s.user_id for s in seats}
        # The table's settings, read once for the whole commit: the clocks' quiet hours, the
        # reminders' policy and the hints flag all come from this one row.
        stored = await self.db.settings(row.id)
        settings = stored or self.session.defaults
        table = table_quiet(stored)
        clocks: tuple[Any, ...] = ()
        standins: frozenset[int] = frozenset()
        if status == "active":
            every = [e for p in plays for e in p.events]
            clocks = await self.clock.after_commit(
                row, engine, seats, to_act, every, now, resumed=resumed, table=table
            )
            # A seat a computer plays while its player is away is neither reminded nor pinged.
            standins = frozenset(c.seat for c in clocks if c.standin and c.standin != OUT)
            acted = {by_seat[p.seat] for p in plays if p.seat in by_seat}
            people = [by_seat[s] for s in to_act if s not in standins]
            await self.schedule.reschedule(row.id, people, acted, now, settings=settings)
            if any(
                s not in removed and (is_computer(by_seat.get(s, 0)) or s in standins)
                for s in to_act
            ):
                # In this same transaction: a computer now owes a move (a job, #25.3), so
                # whichever process runs computers finds it, even if this one dies right here.
                await self.db.want_computer(row.id, version, now)
        else:
            await self.db.delete_reminders(row.id)
            await self.db.clear_votes(row.id)
            await self.db.delete_clocks(row.id)
            finished = dataclasses.replace(row, status=status, result=result_json)
            await self.ratings.rate(finished, seats, now)
        before = tuple(row.to_act) if old_to_act is None else tuple(old_to_act)
        # In this same transaction: the change is owed an announcement until an adapter says it
        # posted it (``announced``). Claimed by us now, since we are about to post it ourselves;
        # a worker, which posts nothing, leaves it free for the bots' outbox passes.
        await self.db.add_outbox(
            row.id,
            version=version,
            first_move=plays[0].move if plays else next_move,
            head=head,
            now=now,
            owner=self.session.owner,
            lease_until=now + OUTBOX_LEASE if self.session.announces else 0.0,
        )
        newly = [s for s in to_act if s not in before]
        since = await self.since_turn(row.id, newly) if newly and status == "active" else []
        recent = await self.recent_marks(row.id, to_act)
        clock_lines = await self.clock.lines(row, seats, clocks, now, table=table)
        # Only after everything above succeeded may the cache move on (a rollback keeps the old).
        self.session.remember(row.id, version, state, seats)
        # The row as this transaction wrote it (its columns as a read would give them back): no
        # second query for what we just stored.
        fresh = dataclasses.replace(
            row,
            version=version,
            status=status,
            to_act=list(to_act),
            round_info=round_info,
            result=json.loads(dumps(result_json)) if result_json is not None else None,
            updated_at=now,
            snapshot=None,
        )
        self.session.track(fresh)
        return Change(
            row=fresh,
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
            clock_lines=clock_lines,
            standins=standins,
            hints=settings.hints,
        )

    async def recent_marks(self, game_id: int, acting: Sequence[int]) -> tuple[Any, ...]:
        """Board marks of the moves since the acting seats' last turn, oldest first: back over
        their own current run of moves (a turn of several commands), then back to the previous
        move of theirs. With nobody acting (the game is over), only the last move's mark.
        Caller holds the lock."""
        rows = await self.db.recent_marks(game_id)
        start = turn_window([(seat, auto) for seat, auto, _ in rows], acting)
        return tuple(mark for _, _, mark in rows[start:] if mark is not None)

    async def since_turn(self, game_id: int, seats: Sequence[int]) -> list[ActionRow]:
        """Log rows (in effect) after the earliest of ``seats``' own last turns: what the
        longest-absent of them has not seen played. Caller holds the lock."""
        return await self.db.actions_since_turn(game_id, seats, limit=RECAP_MAX_ROWS)

    @staticmethod
    def autoplay(
        engine: Engine[Any, Any], state: Any, seat: int, seed: int
    ) -> tuple[str, Any, list[Event]] | None:
        """The move played for a removed seat: the rules' timeout action, else a random legal
        one (seeded from the game, so a replay of the log does not depend on it). Any chance
        node it reaches is left for the commit to draw and log."""
        text = engine.timeout_action(state, seat)
        if text is not None:
            try:
                new, events = engine.apply(state, seat, engine.parse(state, seat, text))
                return text, new, events
            except IllegalAction:
                pass  # an engine bug must not block the table; fall back to a random move
        text = random_action(engine, state, seat, Rng(seed_state(seed)))
        if text is None:
            return None
        new, events = engine.apply(state, seat, engine.parse(state, seat, text))
        return text, new, events

    async def outcome(self, change: Change, *, render: bool) -> MoveOutcome:
        row, seats = change.row, change.seats
        words = self.words.of(row)
        engine = engine_of(row.engine)
        names = [s.name for s in seats]
        by_seat = {s.seat: s.user_id for s in seats}
        lines: list[str] = list(change.head)
        private: dict[int, list[str]] = {}
        for p in change.plays:
            # A draw (a chance row) is told by its public events, under the move that led to it.
            if p.seat != CHANCE:
                key = "service.auto_move" if p.auto else "service.move"
                text = words.action_text(engine, p.action, public=True)
                lines.append(words.t(key, {"player": p.seat, "action": text}, names))
            lines.extend(words.event_lines(p.events, names, None, engine))
            for seat in sorted({s for e in p.events if e.visible_to for s in e.visible_to}):
                if seat in by_seat:
                    hidden = [e for e in p.events if e.visible_to and seat in e.visible_to]
                    private.setdefault(by_seat[seat], []).extend(
                        words.t(e.key, e.params, names) for e in hidden
                    )
        sheet = words.sheet(row.engine, change.result, seats) if change.result else None
        # The score sheet travels in ``score_sheet`` only: every adapter prints it once from
        # there (it was also in ``lines``, so players saw the block twice).
        if sheet is None and change.to_act:
            lines.append(words.now_line(engine, change.state, change.to_act, names))
            lines.extend(change.clock_lines)
        # Bound now: the drawing is of this change's state, whenever it happens.
        board = BoardDraw(row.engine, change.state, tuple(names), change.recent, words.lang)
        png = await board.render() if render else None
        live = {s.user_id for s in seats if not s.removed}
        # A computer seat is never pinged (its ids are negative: bot/service/computers.py).
        mention = tuple(
            by_seat[s]
            for s in change.to_act
            if s not in change.old_to_act and by_seat[s] >= 0 and s not in change.standins
        )
        # The caption already tells this change's own moves: a recap earns its place when the
        # players pinged missed more than that (other turns, earlier commands of this turn).
        shown = {p.move for p in change.plays}
        missed = any(a.move not in shown for a in change.since_turn)
        recap = words.recap(engine, change.since_turn, names) if mention and missed else ()
        results = (
            await self.endings.results(row, seats, change.result)
            if change.result is not None and not change.to_act
            else None
        )
        # The move the change is about: the last one a seat made (a draw after it is not).
        last = next((p for p in reversed(change.plays) if p.seat != CHANCE), None)
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
            recap=recap,
            channel_id=row.channel_id,
            board=board,
            shown=tuple(u for u, said in private.items() if said and u in live),
            lang=words.lang,
            results=results,
            hints=change.hints,
        )

    async def since_last_turn(
        self, channel_id: int, user_ids: Sequence[int], *, game_id: int | None = None
    ) -> tuple[str, ...]:
        """The catch-up lines for players coming back (a reminder pings them): every turn since
        the earliest of their own last turns, public text only (bot/recap.py). Empty when
        nothing happened since, or when none of them is seated."""
        wanted = set(user_ids)
        async with self.db.read():
            g = await self.session.load(channel_id, game_id, live=False, state=False)
            mine = [s.seat for s in g.seats if s.user_id in wanted]
            rows = await self.since_turn(g.row.id, mine) if mine else []
            words = self.words.of(g.row)
        return words.recap(g.engine, rows, g.names)

    async def board(self, channel_id: int, *, game_id: int | None = None) -> BoardImage:
        """The public board PNG and a status caption."""
        async with self.db.read():
            g = await self.session.load(channel_id, game_id, live=False)
            row, seats, engine, state, names = g.row, g.seats, g.engine, g.state, g.names
            turn = await self.db.last_turn_rows(row.id)
            recent = await self.recent_marks(row.id, row.to_act)
            settings = await self.db.settings(row.id) or self.session.defaults
            words = self.words.of(row)
        lines = [words.status_line(row)]
        if turn:
            last, draws = turn[0], turn[1:]
            lines.append(
                words.t(
                    "service.last_move",
                    {
                        "player": last.seat,
                        "action": words.action_text(engine, last.action, public=True),
                    },
                    names,
                )
            )
            # The draws that move led to, by what they showed everyone (their public events).
            said = [line for d in draws for line in words.event_lines(events_of(d), names, None)]
            if said:
                lines.append(words.t("service.last_chance", {"events": " ".join(said)}, names))
        sheet = words.sheet(row.engine, row.result, seats) if row.result else None
        if sheet is None and row.status == "active":
            lines.append(words.now_line(engine, state, row.to_act, names))
        png = await asyncio.to_thread(
            drawing.draw_public, row.engine, state, names, recent, words.lang
        )
        glance_words = drawing.glance_text(row.engine, state, names, words.lang)
        return BoardImage(
            row.id,
            row.version,
            png,
            tuple(lines),
            sheet,
            words.lang,
            glance_words,
            hints=settings.hints,
        )

    async def private_view(
        self, channel_id: int, user: User, *, game_id: int | None = None, lang: str = ""
    ) -> PrivateView:
        """``user``'s hidden information as a PNG (if the game draws one) and text lines, in
        ``lang`` (the reader's: it is shown to them alone), else the table's language."""
        async with self.db.read():
            g = await self.session.load(channel_id, game_id, live=False, state=False)
            row, engine, names = g.row, g.engine, g.names
            seat = g.seat_of(user.id)
            if seat is None:
                raise ServiceError("service.not_seated")
            state = await self.session.state_of(row, engine)
            actions = await self.db.actions(row.id)
            words = self.words.at(lang) if lang else self.words.of(row)
        hidden = private_fields(engine.view(state, seat))
        recent = words.shown_since_own_move(actions, seat, names)
        lines = [words.t("service.private_title", {"player": seat}, names)]
        if not hidden and not recent:
            lines.append(words.t("service.private_none", {}))
        if recent:
            lines.append(words.t("service.private_recent", {}))
            lines.extend(recent)
        for key, value in hidden:
            if key == "seat":
                continue  # the title already names the player; a zero-based number says nothing
            label = words.private_label(row.engine, key)
            # Cards, towns and goals by their names in the reader's language (#28.2); the
            # catalog joins lists (and shows an empty one as a dash).
            value = words.value_names(row.engine, value)
            lines.append(words.t("service.private_line", {"label": label, "value": value}))
        png = await asyncio.to_thread(
            drawing.draw_private, row.engine, state, seat, names, words.lang
        )
        return PrivateView(row.id, row.version, seat, png, tuple(lines))

    async def complete(self, channel_id: int, user: User, prefix: str) -> list[str]:
        """Legal next tokens after ``prefix`` for ``user`` (empty when it is not their turn).
        Served from the in-memory state cache."""
        engine, state, seat = await self.session.cached_turn(channel_id, user.id)
        if seat not in engine.to_act(state):
            return []
        return engine.complete(state, seat, prefix)

    async def legal(self, channel_id: int, user: User) -> list[str] | None:
        """Every legal action text for ``user`` now; None when the engine cannot list them
        (walk ``complete`` instead); empty when it is not their turn."""
        engine, state, seat = await self.session.cached_turn(channel_id, user.id)
        if seat not in engine.to_act(state):
            return []
        actions = engine.legal_actions(state, seat)
        return None if actions is None else [str(a) for a in actions]
