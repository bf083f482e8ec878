"""The record of a game: log pages, score sheet, export, replay and verification."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import engines
from bot.service.narrate import Narrator
from bot.service.results import (
    LogPage,
    Replay,
    ScoreSheet,
    ServiceError,
)
from bot.service.session import (
    Session,
    engine_of,
    events_of,
    seat_of,
)
from bot.storage import (
    LIVE,
    ActionRow,
    GameRow,
)
from engines.base import CHANCE, Engine
from engines.kit import plain

EXPORT_FORMAT = 1


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
    state = engine.replay(state, [(int(e["seat"]), str(e["action"])) for e in actions])
    result = engine.result(state)
    return Replay(
        game=engine.meta.id,
        state=engine.dump(state),
        result=result.to_json() if result is not None else None,
        actions=len(actions),
        finished=not engine.to_act(state),
    )


def log_line(
    words: Narrator,
    engine: Engine[Any, Any],
    a: ActionRow,
    number: int,
    names: Sequence[str],
    viewer_seat: int | None,
) -> str:
    """One row of the log as the log and the replay tell it: the action (its public form unless
    it is ``viewer_seat``'s own) and the events ``viewer_seat`` may see (public ones for None)."""
    said = words.event_lines(events_of(a), names, viewer_seat, engine)
    if a.seat == CHANCE:
        key = "service.log_chance"
        shown = words.chance_text(engine, a.action)
    else:
        key = "service.log_auto" if a.auto else "service.log_line"
        shown = words.action_text(engine, a.action, public=a.seat != viewer_seat)
    return words.t(
        key,
        {
            "number": number,
            "player": a.seat,
            "action": shown,
            "events": (" — " + " ".join(said)) if said else "",
        },
        names,
    )


class Archive:
    """Log pages, score sheets, export, record, verify: reading games, never changing them.
    Needs the session and words only."""

    def __init__(self, session: Session, words: Narrator) -> None:
        self.session = session
        self.db = session.db
        self.words = words

    async def log(
        self,
        channel_id: int,
        page: int = 1,
        viewer: int | None = None,
        *,
        game_id: int | None = None,
        per_page: int = 20,
        lang: str = "",
    ) -> LogPage:
        """A page of the log; ``viewer`` (a user id) also sees events only their seat may see and
        the parameters of their own secret actions. ``page`` -1 is the last page. In ``lang``
        (the reader's) when given, else the table's language."""
        async with self.db.read():
            g = await self.session.load(channel_id, game_id, live=False, state=False)
            row, seats, engine, names = g.row, g.seats, g.engine, g.names
            actions = await self.db.actions(row.id)
            words = self.words.of(row) if not lang else self.words.at(lang)
        viewer_seat = seat_of(seats, viewer) if viewer is not None else None
        per_page = max(1, per_page)
        pages = max(1, -(-len(actions) // per_page))
        page = pages if page < 0 else min(max(1, page), pages)
        chunk = actions[(page - 1) * per_page : page * per_page]
        lines: list[str] = []
        if not actions:
            lines.append(words.t("service.log_empty", {}))
        for number, a in enumerate(chunk, start=(page - 1) * per_page + 1):
            lines.append(log_line(words, engine, a, number, names, viewer_seat))
        return LogPage(row.id, page, pages, tuple(lines))

    async def score_sheet(
        self, channel_id: int, *, game_id: int | None = None
    ) -> ScoreSheet | None:
        """The final score sheet of a finished game (None while it runs)."""
        async with self.db.read():
            row = await self.session.row(channel_id, game_id, live=False)
            seats = await self.session.seats_of(row)
            words = self.words.of(row)
        return words.sheet(row.engine, row.result, seats) if row.result else None

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
                state = await self.session.state_of(row, engine_of(row.engine))
        engine = engine_of(row.engine)
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
                    "action": (
                        self.words.chance_text(engine, a.action, words=False)
                        if a.seat == CHANCE
                        else self.words.action_text(engine, a.action, public=True, words=False)
                    ),
                    "events": self.words.event_lines(events_of(a), names, None, engine),
                    "at": a.at,
                }
                for a in actions
            ],
            "view": plain(engine.view(state, None)) if state is not None else None,
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
            return await self.session.row(channel_id, None, live=False)
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
        engine = engine_of(row.engine)
        try:
            state = await asyncio.to_thread(replay, export)
            return engine.dumps(engine.load(state.state)) == snapshot
        except Exception:  # a log that no longer replays: the record is damaged
            return False
