"""The pieces of the Imhotep board: stones, market cards, highlights. Each is drawn once per size
(a sprite) and pasted, which is far cheaper than drawing ~100 stones' letters again per board."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers import kit
from renderers.imhotep.layout import (
    BODY,
    CARD_BACK,
    CARD_COLOURS,
    LABEL,
    SAND,
    SEATS,
    SMALL,
    STONE_DARK,
    STONE_R,
    Speaker,
    card_colour,
    card_name,
    say,
)

Box = tuple[float, float, float, float]


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int = BODY,
    *,
    bold: bool = False,
    fill: tuple[int, int, int] = kit.INK,
    anchor: str = "la",
    max_width: float | None = None,
) -> tuple[int, int, int, int]:
    """``kit.text`` with this board's default size; returns the ink box."""
    return kit.text(d, xy, label, size, bold=bold, fill=fill, anchor=anchor, max_width=max_width)


@kit.sprite
def _stone_sprite(seat: int, r: float) -> Image.Image:
    size = int(2 * r + 10)
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    SEATS.mark(kit.Pen(img), seat, size / 2, size / 2, r)
    return img


def stone(
    d: ImageDraw.ImageDraw, seat: int | None, cx: float, cy: float, r: float = STONE_R
) -> None:
    """A player's stone (colour, shape and letter), or an empty space's outline for ``None``."""
    if seat is None or seat < 0:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=STONE_DARK, width=2)
        return
    sprite = _stone_sprite(seat, r)
    half = sprite.size[0] // 2
    target: Image.Image = d._image
    target.paste(sprite, (int(round(cx)) - half, int(round(cy)) - half), sprite)
    kit.piece((cx - r, cy - r, cx + r, cy + r))


def highlight(
    d: ImageDraw.ImageDraw, box: Box, w: int = 5, colour: tuple[int, int, int] = kit.HIGHLIGHT
) -> None:
    """An outline around ``box`` (the last move, or ``kit.EARLIER`` for the moves before it)."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), 10, outline=colour, width=w)


def card(
    d: ImageDraw.ImageDraw,
    view: Speaker,
    box: Box,
    kind: str | None,
    *,
    back: bool = False,
    k: float = 1.0,
) -> None:
    """A market card face (or its back, or an empty space) in ``box``; ``k`` scales its type."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if back:
        words: tuple[str, str, str] = ("", "", "")
    elif kind is None:
        words = (say(view, "taken"), "", "")
    else:
        colour = card_colour(kind)
        words = (
            say(view, f"colour.{colour}"),
            card_name(view, kind),
            say(view, f"effect.{kind}"),
        )
    face = _card_face(kind, back, x1 - x0, y1 - y0, k, words)
    target: Image.Image = d._image
    target.paste(face, (x0, y0), face)
    kit.piece((x0, y0, x1, y1))


@kit.sprite
def _card_face(
    kind: str | None, back: bool, w: int, h: int, k: float, words: tuple[str, str, str]
) -> Image.Image:
    """A card drawn once per (type, size, words): its colour word, name and short effect, so
    colour is never the only cue."""
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    d = kit.Pen(img)
    box = (0, 0, w, h)
    cx, cy = w / 2, h / 2
    if back:
        d.rounded_rectangle(box, 8, fill=CARD_BACK, outline=kit.INK, width=2)
        text(d, (cx, cy), "?", round(34 * k), bold=True, fill=SAND, anchor="mm")
        return img
    if kind is None:
        d.rounded_rectangle(box, 8, outline=STONE_DARK, width=2)
        text(d, (cx, cy), words[0], SMALL, fill=kit.MUTED, anchor="mm", max_width=w - 8)
        return img
    colour, name, effect = words
    d.rounded_rectangle(box, 8, fill=CARD_COLOURS[card_colour(kind)], outline=kit.INK, width=2)
    small, big = round(SMALL * k), round(LABEL * k)
    text(d, (cx, 8 * k), colour, small, bold=True, fill=kit.WHITE, anchor="ma", max_width=w - 8)
    text(d, (cx, cy), name, big, bold=True, fill=kit.WHITE, anchor="mm", max_width=w - 10)
    text(d, (cx, h - 8 * k), effect, small, fill=kit.WHITE, anchor="md", max_width=w - 8)
    return img
