"""A game stepped through (#27.4): the board and the digest after any row of its log.

A step is the game after that many rows of its log (0: the set-up). A game that is over (finished
or aborted) is replayed for everyone from the public view; a running one only up to now, and for
a reader who holds a seat from that seat's view (``Engine.view(state, seat)``): never more than
they could see at that point. The state of a step is the log replayed from the seed, here and
never anywhere else; what leaves is the drawn board, the seat's own private screen and the step's
log line as the log tells it to that reader.

Drawing is slow, so steps are cached (least recently used dropped) by game, version, step, seat
and language: the version changes with every move and undo, so a cached step is never stale.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import drawing
from bot.service.archive import log_line
from bot.service.narrate import Narrator
from bot.service.results import ServiceError
from bot.service.session import Session, damaged_error, log
from bot.storage import LIVE, ActionRow, GameRow
from engines.base import Engine

#: How many drawn steps are kept (a board and a glance are a few hundred kB at most).
STEP_CACHE_SIZE = 48

#: How many games' round indexes are kept.
ROUND_CACHE_SIZE = 64

#: The jump select shows at most this many rounds (Discord's limit of options).
MAX_ROUNDS_SHOWN = 25


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the board then, and what that step's row of the log said."""

    game_id: int
    #: Rows of the log replayed (0: the set-up).
    step: int
    #: The last step the reader may see: the whole log of a game that is over, else now.
    steps: int
    #: Whether the game is over (a public replay) or still running (the reader's own view).
    over: bool
    #: The seat whose view this is (None: the public view).
    seat: int | None
    #: A heading and the step's digest, in the reader's language.
    lines: tuple[str, ...]
    #: The public board at this step.
    png: bytes
    #: The seat's own private screen at this step (None: public, or nothing hidden).
    private_png: bytes | None
    #: The rounds to jump to: (label, first step), in order, at most ``MAX_ROUNDS_SHOWN``.
    rounds: tuple[tuple[str, int], ...]
    #: The reader's language, which the lines and images speak.
    lang: str


def spread(rounds: Sequence[tuple[str, int]], limit: int) -> tuple[tuple[str, int], ...]:
    """At most ``limit`` of ``rounds``, evenly spread, the first and the last always kept.

    >>> [r[1] for r in spread([(str(i), i) for i in range(10)], 4)]
    [0, 3, 6, 9]
    """
    if len(rounds) <= limit:
        return tuple(rounds)
    last = len(rounds) - 1
    picks = sorted({round(i * last / (limit - 1)) for i in range(limit)})
    return tuple(rounds[i] for i in picks)


class Replays:
    """Steps of a game's replay, drawn on demand and cached. Needs the session and words only."""

    def __init__(self, session: Session, words: Narrator) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self._steps: OrderedDict[tuple[int, int, int, int | None, str], ReplayStep] = OrderedDict()
        self._rounds: OrderedDict[tuple[int, int, int, str], tuple[tuple[str, int], ...]] = (
            OrderedDict()
        )

    async def replay_step(
        self,
        channel_id: int,
        viewer: int | None,
        *,
        game_id: int | None = None,
        step: int | None = None,
        lang: str = "",
    ) -> ReplayStep:
        """Step ``step`` of the channel's game (or game ``game_id`` of this channel; the latest
        when none runs) as ``viewer`` (a user id) may see it; ``step`` None is the set-up of a
        game that is over and now for a running one. In ``lang`` (the reader's) when given."""
        async with self.db.read():
            g = await self.session.load(channel_id, game_id, live=False, state=False)
            row, seats, engine, names = g.row, g.seats, g.engine, g.names
            actions = await self.db.actions(row.id) if row.status != "lobby" else []
        if not actions:
            raise ServiceError("service.replay_no_moves", game_id=row.id)
        over = row.status not in LIVE
        # A seat sees its own view of a running game, and only while it is theirs to play.
        seat = None
        if not over and viewer is not None:
            seat = next((s.seat for s in seats if s.user_id == viewer and not s.removed), None)
        steps = len(actions)
        if step is None:
            step = 0 if over else steps
        if not 0 <= step <= steps:
            raise ServiceError("service.replay_step_range", step=step, steps=steps)
        words = self.words.at(lang) if lang else self.words.of(row)
        key = (row.id, row.version, step, seat, words.lang)
        cached = self._steps.get(key)
        if cached is not None:
            self._steps.move_to_end(key)
            return cached
        rounds_key = (row.id, row.version, steps, words.lang)
        known = self._rounds.get(rounds_key)
        try:
            state, rounds = await asyncio.to_thread(
                _walk, engine, row, len(seats), actions, step, names, words, known is None
            )
        except Exception:  # a log that no longer replays: the record is damaged
            log.warning("replay does not replay", extra={"game": row.id})
            raise damaged_error(row) from None
        if known is None:
            known = spread(rounds, MAX_ROUNDS_SHOWN)
            _put(self._rounds, rounds_key, known, ROUND_CACHE_SIZE)
        png = await asyncio.to_thread(drawing.draw_public, row.engine, state, names, (), words.lang)
        private = None
        if seat is not None:
            private = await asyncio.to_thread(
                drawing.draw_private, row.engine, state, seat, names, words.lang
            )
        here = next((label for label, first in reversed(rounds or known) if first <= step), "")
        lines = [
            words.t(
                "service.replay_head" if over else "service.replay_head_running",
                {"game_id": row.id, "step": step, "steps": steps, "round": here},
                names,
            )
        ]
        if step == 0:
            lines.append(words.t("service.replay_setup", {}))
        else:
            lines.append(log_line(words, engine, actions[step - 1], step, names, seat))
        got = ReplayStep(
            row.id, step, steps, over, seat, tuple(lines), png, private, known, words.lang
        )
        _put(self._steps, key, got, STEP_CACHE_SIZE)
        return got


def _put(cache: OrderedDict[Any, Any], key: Any, value: Any, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


def _walk(
    engine: Engine[Any, Any],
    row: GameRow,
    players: int,
    actions: Sequence[ActionRow],
    step: int,
    names: Sequence[str],
    words: Narrator,
    index: bool,
) -> tuple[Any, list[tuple[str, int]]]:
    """The state after ``step`` rows of the log; with ``index``, the whole log is walked for
    the rounds (each a label from the engine's public status and the first step in it)."""
    state = engine.setup(players, row.options, row.seed)
    rows = [(a.seat, a.action) for a in actions]
    at = state
    rounds: list[tuple[str, int]] = []

    def note(s: Any, number: int) -> None:
        ev = engine.status(s)
        label = words.t(ev.key, ev.params, names) if ev is not None else ""
        if not rounds or rounds[-1][0] != label:
            rounds.append((label, number))

    if index:
        note(state, 0)
    for number, s in enumerate(engine.replay_steps(state, rows if index else rows[:step]), 1):
        if number == step:
            at = s
        if index:
            note(s, number)
        elif number >= step:
            break
    # A game without a status line has one "round": the set-up onwards, labelled by its step.
    rounds = [(label or words.t("service.replay_start", {}), n) for label, n in rounds]
    return at, rounds
