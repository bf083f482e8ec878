"""A profile's picture: a member's rating in each game they played, with a sparkline of its
history (their shown rating after each of their newest rated games)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers import kit
from renderers.community import layout as L
from renderers.community.leaderboard import percent
from renderers.community.views import ProfileGame, ProfileView


def sparkline(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], values: Sequence[float]
) -> None:
    """``values`` as a line in ``box`` (left, top, right, bottom), scaled to their own range,
    the newest as a dot; one value is a dot alone."""
    left, top, right, bottom = box
    draw.line((left, bottom, right, bottom), fill=L.GRID, width=2)
    if not values:
        return
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (right - left) / max(1, len(values) - 1)
    points = [
        (left + i * step if len(values) > 1 else right, bottom - (v - low) / span * (bottom - top))
        for i, v in enumerate(values)
    ]
    if len(points) > 1:
        draw.line(points, fill=L.INK, width=L.SPARK_LINE, joint="curve")
    x, y = points[-1]
    r = L.SPARK_DOT
    draw.ellipse((x - r, y - r, x + r, y + r), fill=kit.TO_ACT)


def _card(draw: ImageDraw.ImageDraw, y: int, game: ProfileGame, lang: str) -> None:
    draw.rounded_rectangle((L.MARGIN, y, L.WIDTH - L.MARGIN, y + L.CARD_H), 16, fill=L.PANEL)
    left = L.MARGIN + 28
    text_w = L.WIDTH - 2 * L.MARGIN - L.SPARK_W - 80
    kit.text(draw, (left, y + 22), game.game_title, L.SUBTITLE_SIZE, bold=True, max_width=text_w)
    rating = kit.say("core.community.rating_is", lang, rating=f"{game.rating:.1f}")
    kit.text(draw, (left, y + 66), rating, L.ROW_SIZE, bold=True, max_width=text_w)
    rate = percent(game.wins / game.games if game.games else 0.0)
    counts = kit.say("core.community.games_wins", lang, games=game.games, rate=rate)
    kit.text(draw, (left, y + 112), counts, L.NOTE_SIZE, fill=L.MUTED, max_width=text_w)
    right = L.WIDTH - L.MARGIN - 28
    box = (
        right - L.SPARK_W,
        y + (L.CARD_H - L.SPARK_H) // 2,
        right,
        y + (L.CARD_H + L.SPARK_H) // 2,
    )
    sparkline(draw, box, game.history)


def render_profile(view: ProfileView) -> bytes:
    """The profile picture as PNG bytes: the member's name, then one card per game."""
    n = len(view.games)
    height = L.PROFILE_TITLE_H + n * (L.CARD_H + L.CARD_GAP) + L.MARGIN
    img = Image.new("RGB", (L.WIDTH, height), L.PAPER)
    draw = ImageDraw.Draw(img)
    title = kit.say("core.community.profile", view.lang, name=view.name)
    kit.text(draw, (L.MARGIN, 36), title, L.TITLE_SIZE, bold=True, max_width=L.WIDTH - 2 * L.MARGIN)
    y = L.PROFILE_TITLE_H
    for game in view.games:
        _card(draw, y, game, view.lang)
        y += L.CARD_H + L.CARD_GAP
    return kit.encode_png(img)
