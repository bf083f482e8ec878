"""The one text-drawing function (:func:`text`: fallback fonts, cached glyph masks, the layout
log), the :class:`Pen` that routes Pillow's ``text`` through it, and the small shapes and
canvases every board draws with."""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import fonts, layout
from renderers.kit.fonts import (
    _BOLD,
    BOLD_STROKE,
    FONT_FILES,
    SINGLE_WEIGHT,
    _direction,
    _face,
    _font_file,
    fit_text,
    glyph_runs,
)
from renderers.kit.style import INK, MIN_TEXT, PAPER, WIDTH


@lru_cache(maxsize=8192)
def _mask(
    text: str, size: int, bold: bool, anchor: str, raqm: bool
) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point, rasterised once per
    process: glyph rasterising is the slowest part of a render, and boards repeat their labels."""
    parts = glyph_runs(text, bold, raqm)
    widths = [_face(run, size).getlength(run[0], direction=_direction(run)) for run in parts]
    width = sum(widths)
    first = _font_file(FONT_FILES[bold][0], size)
    ascent, descent = first.getmetrics()
    pad = max(2, size // 4)  # room for glyphs reaching past DejaVu's ascent or descent
    stroke = size * BOLD_STROKE if bold else 0.0
    margin = 1 + math.ceil(stroke)  # room for a stroke reaching past the first advance
    h, v = anchor[0], anchor[1]
    dx = {"l": 0.0, "m": -width / 2, "r": -width}[h]
    baseline = {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}
    dy = baseline.get(v, -descent) - ascent - pad  # mask top relative to the anchor y
    mask = Image.new("L", (max(1, math.ceil(width) + 2 * margin), ascent + descent + 2 * pad), 0)
    md = ImageDraw.Draw(mask)
    x = float(margin)
    for run, w in zip(parts, widths, strict=True):
        synthetic = stroke if run[1] in SINGLE_WEIGHT else 0.0
        md.text(
            (x, ascent + pad),
            run[0],
            font=_face(run, size),
            fill=255,
            anchor="ls",
            direction=_direction(run),
            stroke_width=synthetic,
            stroke_fill=255,
        )
        x += w
    box = mask.getbbox()
    if box is None:
        return mask.crop((0, 0, 1, 1)), round(dx), round(dy)
    return mask.crop(box), round(dx - margin + box[0]), round(dy + box[1])


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int,
    *,
    fill: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: float | None = None,
) -> tuple[int, int, int, int]:
    """Draw ``label`` at ``xy`` (Pillow anchor semantics) and return its ink box.

    Every renderer draws text through here: characters fall back font by font (Japanese names,
    accents, Hebrew or Arabic, emoji as a placeholder), ``max_width`` cuts with an ellipsis, the
    size never drops under ``MIN_TEXT``, and while :func:`recording` the box and the glyphs are
    logged. Labels arrive as finished strings, so a catalog can supply them."""
    size = max(size, MIN_TEXT)
    if max_width is not None:
        label = fit_text(label, size, max_width, bold)
    mask, left, top = _mask(label, size, bold, anchor, fonts.RAQM)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    target: Image.Image = draw._image
    colour = fill if target.mode != "RGBA" or len(fill) == 4 else (*fill, 255)
    target.paste(colour, (x, y), mask)
    box = (x, y, x + mask.width, y + mask.height)
    if layout._LOG and label.strip():
        log = layout._LOG[-1]
        log.texts.append((box, label, size))
        log.text_order.append(log.tick())
        drawn = glyph_runs(label, bold)
        log.shaped[label] = drawn
        for t, n, _ in drawn:
            log.glyphs.update((ch, n) for ch in t if unicodedata.category(ch) != "Cf")
    return box


class Pen(ImageDraw.ImageDraw):
    """``ImageDraw`` whose ``text`` goes through :func:`text` (fallback fonts, cached glyph masks,
    layout log), so renderers keep Pillow's call style: ``pen.text(xy, s, font=kit.font(18))``."""

    def text(  # type: ignore[override]
        self,
        xy: Any,
        text_: Any,
        fill: Any = None,
        font: Any = None,
        anchor: Any = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        f = font if font is not None else fonts.font(MIN_TEXT)
        text(
            self,
            xy,
            str(text_),
            int(f.size),
            fill=fill if fill is not None else INK,
            bold=_BOLD.get(id(f), False),
            anchor=anchor or "la",
        )


def polygon(
    cx: float, cy: float, r: float, sides: int, rot: float = -90
) -> list[tuple[float, float]]:
    """Corner points of a regular polygon centred on (cx, cy)."""
    return [
        (
            cx + r * math.cos(math.radians(rot + 360 * i / sides)),
            cy + r * math.sin(math.radians(rot + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def on_colour(rgb: tuple[int, ...]) -> tuple[int, int, int]:
    """Ink or white, whichever reads better on ``rgb`` (letters on seat marks)."""
    r, g, b = rgb[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


def text_centered(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int,
    *,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
) -> None:
    """Text centred on a point."""
    text(draw, xy, label, size, fill=fill, bold=bold, anchor="mm")


def new_canvas(
    height: int, width: int = WIDTH, colour: tuple[int, int, int] = PAPER
) -> Image.Image:
    """A blank board of the standard width."""
    return Image.new("RGB", (width, height), colour)
