"""The end-of-game score chart: every seat's public score at the end of each round (or era, or
set) and the final scores, one line per seat in the seat's colour, with its mark (colour, shape
and letter) at the end of the line and in the legend, so colour is never the only cue. A game
that keeps scores secret until its end (Bombay's screens) gets the final scores as bars."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers import kit
from renderers.community import layout as L
from renderers.community.views import ChartLine, ScoreChartView

#: Points drawn with a mark on every line when there are this few; more get one at the end only.
MARK_EVERY_POINT_UP_TO = 12
#: At most this many x labels (every n-th label is shown beyond it).
MAX_X_LABELS = 14


def nice_step(high: float, ticks: int = 5) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` grid lines up to
    ``high``.

    >>> nice_step(87), nice_step(9), nice_step(230)
    (20, 2, 50)
    """
    raw = max(high, 1) / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


def _legend(
    draw: ImageDraw.ImageDraw, seats: kit.Seats, lines: tuple[ChartLine, ...], top: int, lang: str
) -> None:
    ordered = sorted(lines, key=lambda c: (-c.final, c.seat))
    for i, line in enumerate(ordered):
        y = top + i * L.LEGEND_ROW_H + L.LEGEND_ROW_H // 2
        seats.mark(draw, line.seat, L.MARGIN + L.MARK_R + 4, y, L.MARK_R + 4)
        name = ("★ " if line.winner else "") + line.name
        kit.text(
            draw,
            (L.MARGIN + 50, y),
            name,
            L.ROW_SIZE - 2,
            bold=line.winner,
            anchor="lm",
            max_width=L.WIDTH - 2 * L.MARGIN - 260,
        )
        points = kit.say("core.community.points", lang, count=line.final)
        kit.text(draw, (L.WIDTH - L.MARGIN, y), points, L.ROW_SIZE - 2, bold=True, anchor="rm")


def _bars(draw: ImageDraw.ImageDraw, view: ScoreChartView, seats: kit.Seats, top: int) -> int:
    """The final scores as bars (a game whose scores are hidden until the end); the y below."""
    high = max((c.final for c in view.lines), default=1) or 1
    kit.text(
        draw,
        (L.MARGIN, top),
        kit.say("core.community.chart_hidden", view.lang),
        L.NOTE_SIZE,
        fill=L.MUTED,
        max_width=L.WIDTH - 2 * L.MARGIN,
    )
    y = top + 56
    left, right = L.CHART_LEFT, L.CHART_RIGHT - 120
    for line in sorted(view.lines, key=lambda c: (-c.final, c.seat)):
        width = max(4, round((right - left) * max(0, line.final) / high))
        draw.rectangle(
            (left, y, left + width, y + L.BAR_H - 12),
            fill=seats.colour(line.seat),
            outline=L.INK,
            width=2,
        )
        seats.mark(draw, line.seat, L.MARGIN + L.MARK_R, y + (L.BAR_H - 12) // 2, L.MARK_R + 4)
        kit.text(
            draw,
            (left + width + 14, y + (L.BAR_H - 12) // 2),
            str(line.final),
            L.ROW_SIZE - 2,
            bold=True,
            anchor="lm",
        )
        y += L.BAR_H
    return y + 20


def _lines(
    draw: ImageDraw.ImageDraw, view: ScoreChartView, seats: kit.Seats, top: int, bottom: int
) -> None:
    values = [v for c in view.lines for v in (*c.scores, c.final) if v is not None]
    high = max([*values, 1])
    step = nice_step(high)
    ceiling = step * math.ceil(high / step)
    n = len(view.labels)
    left, right = L.CHART_LEFT, L.CHART_RIGHT

    def x_of(i: int) -> float:
        return left + 24 + (right - left - 48) * (i / max(1, n - 1))

    def y_of(v: float) -> float:
        return bottom - (bottom - top) * v / ceiling

    for tick in range(0, ceiling + 1, step):
        y = y_of(tick)
        draw.line((left, y, right, y), fill=L.GRID, width=2)
        kit.text(draw, (left - 14, y), str(tick), L.NOTE_SIZE, fill=L.MUTED, anchor="rm")
    every = max(1, math.ceil(n / MAX_X_LABELS))
    for i, label in enumerate(view.labels):
        if i % every == 0 or i == n - 1:
            kit.text(
                draw,
                (x_of(i), bottom + 30),
                label,
                L.NOTE_SIZE,
                fill=L.MUTED,
                bold=i == n - 1,
                anchor="mm",
            )
    draw.line((left, bottom, right, bottom), fill=L.INK, width=2)
    for line in view.lines:
        series = [*line.scores, line.final]
        points = [(x_of(i), y_of(v)) for i, v in enumerate(series) if v is not None]
        if len(points) > 1:
            # Edged in ink, so a pale seat colour (Imhotep's white) still shows on the paper.
            draw.line(points, fill=L.INK, width=L.LINE_W + 2 * L.LINE_EDGE, joint="curve")
            draw.line(points, fill=seats.colour(line.seat), width=L.LINE_W, joint="curve")
        shown = points if n <= MARK_EVERY_POINT_UP_TO else points[-1:]
        for x, y in shown:
            seats.mark(draw, line.seat, x, y, L.MARK_R)


def render_score_chart(view: ScoreChartView) -> bytes:
    """The score chart as PNG bytes."""
    seats = kit.Seats(colours=view.colours or kit.PLAYER_COLOURS)
    legend_h = L.LEGEND_ROW_H * len(view.lines) + 20
    if view.hidden:
        height = L.CHART_TOP + 56 + L.BAR_H * len(view.lines) + 20 + legend_h + L.MARGIN
    else:
        height = L.CHART_H + legend_h
    img = Image.new("RGB", (L.WIDTH, height), L.PAPER)
    draw = ImageDraw.Draw(img)
    title = kit.say("core.community.chart_title", view.lang, game=view.game_title)
    kit.text(draw, (L.MARGIN, 36), title, L.TITLE_SIZE, bold=True, max_width=L.WIDTH - 2 * L.MARGIN)
    if view.hidden:
        below = _bars(draw, view, seats, L.CHART_TOP)
    else:
        axis = kit.say("core.community.chart_axis", view.lang)
        kit.text(
            draw, (L.MARGIN, 96), axis, L.NOTE_SIZE, fill=L.MUTED, max_width=L.WIDTH - 2 * L.MARGIN
        )
        bottom = L.CHART_H - 90
        _lines(draw, view, seats, L.CHART_TOP + 20, bottom)
        below = L.CHART_H - 10
    _legend(draw, seats, view.lines, below, view.lang)
    return kit.encode_png(img)
