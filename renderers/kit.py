"""The shared drawing kit: fonts, player colours and marks, text and PNG helpers.

Every renderer draws with these so boards look like one product: the same palette, the same player
marks (colour *and* shape *and* letter, so colour is never the only cue), the same header and legend.
"""

from __future__ import annotations

import io
import math
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engines.data import DATA_DIR

WIDTH = 1600
MIN_TEXT = 14

PAPER = (245, 238, 222)
INK = (40, 34, 30)
MUTED = (120, 110, 100)
PANEL = (232, 222, 200)
HIGHLIGHT = (255, 196, 0)

#: Seat colours chosen to stay distinct for common colour-vision deficiencies (Okabe–Ito palette),
#: each paired with a shape and a letter.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
)
PLAYER_COLOUR_NAMES = ("blue", "red", "green", "pink", "orange")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at ``size`` px (never below the readable minimum)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(DATA_DIR / "fonts" / name), max(size, MIN_TEXT))


def seat_letter(seat: int) -> str:
    """The letter marking a seat's pieces: A, B, C..."""
    return chr(ord("A") + seat)


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


def player_mark(
    draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, *, letter: bool = True
) -> None:
    """Draw a seat's piece: its colour, its shape and (if room) its letter."""
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
    outline = INK
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=outline, width=2)
    elif shape == "square":
        k = r * 0.88
        draw.rectangle((cx - k, cy - k, cx + k, cy + k), fill=colour, outline=outline, width=2)
    elif shape == "triangle":
        draw.polygon(polygon(cx, cy + r * 0.15, r * 1.15, 3), fill=colour, outline=outline, width=2)
    elif shape == "diamond":
        draw.polygon(polygon(cx, cy, r * 1.1, 4), fill=colour, outline=outline, width=2)
    else:
        draw.polygon(polygon(cx, cy, r, 6, 0), fill=colour, outline=outline, width=2)
    if letter and r >= 9:
        text_centered(
            draw,
            (cx, cy + (r * 0.12 if shape == "triangle" else 0)),
            seat_letter(seat),
            max(MIN_TEXT, int(r * 1.1)),
            fill=(255, 255, 255),
            bold=True,
        )


def text_centered(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
) -> None:
    """Text centred on a point."""
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="mm")


def text_width(text: str, size: int, bold: bool = False) -> float:
    """Rendered width of ``text`` in pixels."""
    return font(size, bold).getlength(text)


def fit_text(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width``."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


def player_name(view: dict[str, object], seat: int) -> str:
    """The display name the service put in the view, or "Player N"."""
    names = view.get("names")
    if isinstance(names, list) and 0 <= seat < len(names):
        return str(names[seat])
    return f"Player {seat + 1}"


def legend_row(
    draw: ImageDraw.ImageDraw,
    view: dict[str, object],
    seats: int,
    x: float,
    y: float,
    *,
    to_act: list[int] | None = None,
    extra: list[str] | None = None,
    size: int = 18,
) -> float:
    """One line per seat: mark, name (and ``extra[seat]``), an arrow on seats to act. Returns y."""
    for seat in range(seats):
        player_mark(draw, seat, x + 14, y + size * 0.7, 12)
        label = f"{seat_letter(seat)}  {player_name(view, seat)}"
        if extra:
            label += f"   {extra[seat]}"
        bold = bool(to_act and seat in to_act)
        if bold:
            label = "▶ " + label
        draw.text((x + 36, y), label, font=font(size, bold), fill=INK)
        y += size * 1.6
    return y


def new_canvas(
    height: int, width: int = WIDTH, colour: tuple[int, int, int] = PAPER
) -> Image.Image:
    """A blank board of the standard width."""
    return Image.new("RGB", (width, height), colour)


def encode_png(img: Image.Image, *, small: bool = False) -> bytes:
    """PNG bytes. ``compress_level=3`` measured as the best size/time trade-off for flat boards;
    ``small`` quantises to 64 colours for the over-the-upload-limit fallback."""
    buf = io.BytesIO()
    if small:
        img.convert("RGB").quantize(colors=64).save(buf, "PNG", optimize=True)
    else:
        img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()
