"""The end of a game (#27.5): what its one results message shows besides the score sheet, the
rating changes this game made (before and after, per seat) and every seat's score over the
rounds, read from the public view of each state a replay of the log passes through.

Public by construction: the ratings come from the final result only (``Ratings``), and the chart
reads ``Engine.public_scores`` of the public view (``view(state, None)``), so a game whose scores
stay behind screens until the end (Bombay) shows only its final score sheet."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import renderers
from bot.service.narrate import Narrator, game_title
from bot.service.ratings import player_key, shown
from bot.service.results import GameResults, RatingShift
from bot.service.session import Session, engine_of
from bot.storage import ActionRow, GameRow, RatingChange, SeatRow
from engines.base import Engine
from renderers.community import ChartLine, ScoreChartView

#: Points on the chart at most (a game whose status changes at every move is thinned to this).
MAX_POINTS = 40


def _label(params: Mapping[str, Any], index: int) -> str:
    """A point's label: the round it ended (its number), else its place in the game."""
    value = params.get("round")
    return str(value) if isinstance(value, int) else str(index + 1)


def score_track(
    engine: Engine[Any, Any], row: GameRow, players: int, actions: Sequence[ActionRow]
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]] | None:
    """Every seat's public score at the end of each stretch the game's status names (a round, an
    era's round, a set), by replaying the log: (labels, scores per point). None when the game's
    public view shows no scores while it runs. Slow for a long game: run it in a thread."""
    state = engine.setup(players, row.options, row.seed)
    if engine.public_scores(engine.view(state, None)) is None:
        return None
    labels: list[str] = []
    points: list[tuple[int, ...]] = []
    before = engine.status(state)
    rows = [(a.seat, a.action) for a in actions]
    for state in engine.replay_steps(state, rows):  # noqa: B020 - the start is not needed again
        now = engine.status(state)
        if now == before:
            continue
        scores = engine.public_scores(engine.view(state, None))
        if before is not None and scores is not None:
            labels.append(_label(before.params, len(labels)))
            points.append(scores)
        before = now
    if len(points) > MAX_POINTS:
        step = len(points) / MAX_POINTS
        keep = sorted({min(len(points) - 1, round(i * step)) for i in range(MAX_POINTS)})
        labels = [labels[i] for i in keep]
        points = [points[i] for i in keep]
    return tuple(labels), tuple(points)


class Endings:
    """A finished game's results beyond its score sheet. Needs the session and words."""

    def __init__(self, session: Session, words: Narrator) -> None:
        self.session = session
        self.db = session.db
        self.words = words

    async def results(
        self, row: GameRow, seats: Sequence[SeatRow], result: Mapping[str, Any]
    ) -> GameResults:
        """The rating changes this game made on its server and the score chart, in the table's
        language. Reads the log and the rating changes (its own read transaction)."""
        async with self.db.read():
            changes = await self.db.rating_changes(row.id, row.guild_id)
            actions = await self.db.actions(row.id)
        words = self.words.of(row)
        moved = shifts(seats, changes)
        return GameResults(
            shifts=moved,
            chart=await asyncio.to_thread(chart, row, seats, result, actions, words.lang),
            lines=said(moved, words),
        )


def shifts(seats: Sequence[SeatRow], changes: Sequence[RatingChange]) -> tuple[RatingShift, ...]:
    """Each rated seat's rating before and after, best place first (two seats of one computer
    level share their level's one change)."""
    by_player = {c.player: c for c in changes}
    out = []
    for s in seats:
        c = by_player.get(player_key(s))
        if c is None or s.removed:
            continue
        before, after = shown(c.mu_before, c.sigma_before), shown(c.mu_after, c.sigma_after)
        out.append(RatingShift(s.seat, s.name, c.place, before, after))
    return tuple(sorted(out, key=lambda r: (r.place, r.seat)))


def said(moved: Sequence[RatingShift], words: Narrator) -> tuple[str, ...]:
    """The rating changes as lines: a title, then "1. Ana: 0.0 → 3.4 (+3.4)" per seat."""
    if not moved:
        return ()
    lines = [words.t("service.results_title", {})]
    for m in moved:
        delta = round(m.after, 1) - round(m.before, 1)
        sign = "+" if delta >= 0 else "−"
        params = {
            "place": m.place,
            "name": m.name,
            "before": f"{m.before:.1f}",
            "after": f"{m.after:.1f}",
            "delta": f"{sign}{abs(delta):.1f}",
        }
        lines.append(words.t("service.rating_shift", params))
    return tuple(lines)


def chart(
    row: GameRow,
    seats: Sequence[SeatRow],
    result: Mapping[str, Any],
    actions: Sequence[ActionRow],
    lang: str,
) -> ScoreChartView | None:
    """The score chart's view of a finished game (None when its log cannot be replayed)."""
    engine = engine_of(row.engine)
    try:
        track = score_track(engine, row, len(seats), actions)
    except Exception:
        return None  # a damaged log: the results message goes out without its chart
    finals = [int(v) for v in result.get("scores") or []]
    winners = {int(s) for s in result.get("winners") or []}
    labels, points = track if track is not None else ((), ())
    final_word = Narrator(lang).t("core.community.final", {})
    lines = tuple(
        ChartLine(
            seat=s.seat,
            name=s.name,
            scores=tuple(p[s.seat] if s.seat < len(p) else None for p in points),
            final=finals[s.seat] if s.seat < len(finals) else 0,
            winner=s.seat in winners,
        )
        for s in seats
    )
    return ScoreChartView(
        game_title=game_title(row.engine, lang),
        labels=(*labels, final_word),
        lines=lines,
        colours=renderers.get(row.engine).SEATS.colours,
        hidden=track is None,
        lang=lang,
    )
