"""The leaderboard picture: one game's best players on a server or everywhere, with rank, name,
rating, games and win rate, the reader's own line highlighted (and added below the top when they
are further down)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers import kit
from renderers.community import layout as L
from renderers.community.views import LeaderboardRow, LeaderboardView


def percent(rate: float) -> str:
    """A win rate as a whole percentage ("43 %" is written "43%" in every catalog)."""
    return f"{round(100 * rate)}%"


def _row(draw: ImageDraw.ImageDraw, y: int, row: LeaderboardRow, shade: bool) -> None:
    if row.own:
        draw.rectangle((L.MARGIN - 12, y, L.WIDTH - L.MARGIN + 12, y + L.ROW_H), fill=L.OWN)
    elif shade:
        draw.rectangle((L.MARGIN - 12, y, L.WIDTH - L.MARGIN + 12, y + L.ROW_H), fill=L.PANEL)
    mid = y + L.ROW_H // 2
    bold = row.own or row.rank <= 3
    kit.text(draw, (L.COL_RANK_R, mid), str(row.rank), L.ROW_SIZE, bold=bold, anchor="rm")
    width = L.COL_RATING_R - 150 - L.COL_NAME_L
    kit.text(
        draw, (L.COL_NAME_L, mid), row.name, L.ROW_SIZE, bold=bold, anchor="lm", max_width=width
    )
    kit.text(draw, (L.COL_RATING_R, mid), f"{row.rating:.1f}", L.ROW_SIZE, bold=True, anchor="rm")
    kit.text(draw, (L.COL_GAMES_R, mid), str(row.games), L.ROW_SIZE, anchor="rm")
    kit.text(draw, (L.COL_WINS_R, mid), percent(row.win_rate), L.ROW_SIZE, anchor="rm")


def render_leaderboard(view: LeaderboardView) -> bytes:
    """The leaderboard as PNG bytes (``view.rows`` in order; a gap before a row whose rank does
    not follow the one above, the reader's own line below the top)."""
    lang = view.lang
    rows = view.rows
    gaps = sum(1 for a, b in zip(rows, rows[1:], strict=False) if b.rank != a.rank + 1)
    height = L.TITLE_H + L.HEAD_H + L.ROW_H * len(rows) + L.GAP_H * gaps + L.FOOT_H
    img = Image.new("RGB", (L.WIDTH, height), L.PAPER)
    draw = ImageDraw.Draw(img)
    title = kit.say("core.community.leaderboard", lang, game=view.game_title)
    kit.text(draw, (L.MARGIN, 34), title, L.TITLE_SIZE, bold=True, max_width=L.WIDTH - 2 * L.MARGIN)
    scope = kit.say(f"core.community.scope.{view.scope}", lang)
    kit.text(draw, (L.MARGIN, 96), scope, L.SUBTITLE_SIZE, fill=L.MUTED)
    y = L.TITLE_H
    heads = (
        (L.COL_RANK_R, "core.community.rank", "rm"),
        (L.COL_NAME_L, "core.community.player", "lm"),
        (L.COL_RATING_R, "core.community.rating", "rm"),
        (L.COL_GAMES_R, "core.community.games", "rm"),
        (L.COL_WINS_R, "core.community.win_rate", "rm"),
    )
    for x, key, anchor in heads:
        kit.text(
            draw,
            (x, y + L.HEAD_H // 2),
            kit.say(key, lang),
            L.HEAD_SIZE,
            fill=L.MUTED,
            anchor=anchor,
        )
    y += L.HEAD_H
    draw.line((L.MARGIN - 12, y - 2, L.WIDTH - L.MARGIN + 12, y - 2), fill=L.INK, width=2)
    previous: LeaderboardRow | None = None
    for i, row in enumerate(rows):
        if previous is not None and row.rank != previous.rank + 1:
            kit.text(
                draw, (L.WIDTH // 2, y + L.GAP_H // 2), "…", L.ROW_SIZE, fill=L.MUTED, anchor="mm"
            )
            y += L.GAP_H
        _row(draw, y, row, i % 2 == 1)
        y += L.ROW_H
        previous = row
    foot = kit.say("core.community.rated_players", lang, count=view.players)
    kit.text(draw, (L.MARGIN, y + L.FOOT_H // 2), foot, L.NOTE_SIZE, fill=L.MUTED, anchor="lm")
    return kit.encode_png(img)
