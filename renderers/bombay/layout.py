"""Bombay's board geometry and colours: the map on top, the panels in two columns under it.

The board is drawn about as wide as a phone shows it (``WIDTH`` ≈ 1080 px), so every label keeps
its drawn size on a phone at full screen (#10.5): the map keeps the notional 1000 × 1000 canvas of
``board.json`` at ``MAP_SCALE``, and what stood beside it stands below it.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from engines.data import load_json
from renderers import kit

#: Seat colours of this game (#10.6), chosen by CIE76 distance under normal vision and simulated
#: protanopia and deuteranopia (tests/renderers/test_kit.py): far from each other and from every
#: colour in ``COMPONENT_COLOURS``. Names as players would say them.
SEATS = kit.Seats.of(
    (
        ("crimson", (150, 0, 40)),
        ("teal", (0, 128, 128)),
        ("mint", (160, 230, 190)),
        ("dark plum", (80, 20, 60)),
        ("ice", (215, 240, 250)),
    )
)

# -- sizes (pixels) ----------------------------------------------------------------------------------
MAP_SCALE = 1.04  # board.json uses a notional 1000 × 1000 canvas
MARGIN = 16
HEADER_H = 96
#: The header's first line: the title, and the set and turn beside it.
TITLE_LINE = kit.TitleLine(size=40, status_size=24, status_dy=2)
MAP_X, MAP_Y = MARGIN, HEADER_H + 4
MAP_BOTTOM = MAP_Y + int(1000 * MAP_SCALE)
WIDTH = MAP_X + int(1000 * MAP_SCALE) + MARGIN
GAP = 12
#: The two columns of panels under the map: merchants, markets and the last move on the left
#: (they change every move); the legend and the rules at a glance on the right (static).
COL_Y = MAP_BOTTOM + GAP
COL_W = (WIDTH - 2 * MARGIN - GAP) // 2
LEFT_X = MARGIN
RIGHT_X = MARGIN + COL_W + GAP
LEGEND_H = 420
#: The legend: each sign with its meaning under the other, then the silk colours side by side.
LEGEND = kit.Legend(size=16, indent=60, row=22, gap=10, lines=3)
SILK_LEGEND = kit.Legend(size=16, indent=28, row=22, gap=18, label_dy=1, across=True)
GLANCE_Y = COL_Y + LEGEND_H + GAP
HEIGHT = COL_Y + 720
ELEPHANT_ANGLES = (-90, -30, -150, 15, 165)  # degrees, y down: top first
BALE = 26  # side of a silk bale square
SITE_R = {
    "city": 50,
    "hill": 36,
    "trading_post_site": 30,
    "palace_token_site": 31,
    "empty_site": 24,
}

# -- colours -----------------------------------------------------------------------------------------
MAP_BG = (236, 226, 198)
TRAIL = (150, 120, 80)
TRACK = (214, 190, 146)
HILL_FILL = (176, 150, 104)
CITY_FILL = (250, 246, 236)
EMPTY_FILL = (250, 246, 236)
TOKEN_FILL = (252, 220, 90)  # palace tokens lie yellow side up (Y5)
CLOSED = (200, 40, 40)
PATH = (255, 222, 120)  # a paler highlight for earlier steps of the last turn
LAST_FILL = (255, 240, 190)
BADGE_FILL = (120, 60, 40)
LABEL_FILL = (255, 250, 238)
MARKET_FILL = (248, 242, 228)

SILK_RGB = {
    "yellow": (244, 196, 48),
    "blue": (93, 173, 226),
    "purple": (142, 68, 173),
    "orange": (230, 126, 34),
}
#: Colours of this game's components, which no seat colour may resemble (#10.6; tested).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {
    **{f"{k} silk": v for k, v in SILK_RGB.items()},
    "palace token": TOKEN_FILL,
    "hill": HILL_FILL,
    "closed post": CLOSED,
    "trail": TRAIL,
}
#: The letter on a bale: the colour's initial, as the notation accepts it (``buy p``).
SILK_LETTER = {"yellow": "Y", "blue": "B", "purple": "P", "orange": "O"}


def xy(x: float, y: float) -> tuple[float, float]:
    """A point of ``board.json``'s notional canvas on the image."""
    return MAP_X + x * MAP_SCALE, MAP_Y + y * MAP_SCALE


@cache
def board() -> dict[str, Any]:
    """The board data (sites, trails, cities)."""
    data: dict[str, Any] = load_json("bombay", "board.json")
    return data


@cache
def sites() -> dict[str, dict[str, Any]]:
    """Sites by id."""
    return {s["id"]: s for s in board()["sites"]}


def label_pos(site: dict[str, Any]) -> tuple[float, float]:
    """Where a site's typable label (``e3 · 18``) is centred: just under its shape."""
    cx, cy = xy(site["x"], site["y"])
    return cx, cy + SITE_R[site["kind"]] + 12


def step(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float, float, float]:
    """The part of the trail a→b between the two sites' shapes (so their labels stay clear)."""
    ax, ay = xy(a["x"], a["y"])
    bx, by = xy(b["x"], b["y"])
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    ra, rb = SITE_R[a["kind"]] + 4, SITE_R[b["kind"]] + 4
    return ax + ux * ra, ay + uy * ra, bx - ux * rb, by - uy * rb


#: How far from a city's centre its name may reach: inside the disc's thick outline (drawn
#: inward from ``SITE_R["city"]``), so the outline never cuts a letter (#28.3).
CITY_NAME_R = SITE_R["city"] - 5
#: Room kept between a city's name and an elephant (or its to-act ring) beside the disc.
NAME_CLEARANCE = 3


@cache
def city_name(city: str, lang: str) -> tuple[int, tuple[str, ...]]:
    """A city's name as the table's language writes it, laid out to fit inside its disc: the
    largest size (17 down to 14 px) on one line whose box stays within ``CITY_NAME_R``, else two
    lines (a long Japanese name); returns the size and the lines."""
    name = kit.say("bombay.board.word", lang, word=sites()[city]["label"])
    for size in (17, 16, 15, 14):
        if _fits((kit.text_width(name, size, True),), size):
            return size, (name,)
    for size in (17, 16, 15, 14):
        lines = tuple(kit.wrap(name, size, 2 * CITY_NAME_R - 8, 2, bold=True))
        if _fits(tuple(kit.text_width(line, size, True) for line in lines), size):
            return size, lines
    return 14, tuple(kit.wrap(name, 14, 2 * CITY_NAME_R - 8, 2, bold=True))


def _fits(widths: tuple[float, ...], size: int) -> bool:
    """Whether lines of these widths, stacked at ``name_step(size)`` around the centre, keep
    their corners within ``CITY_NAME_R`` (a line's ink is about ``size`` px tall)."""
    step = name_step(size)
    top = -(len(widths) - 1) * step / 2
    return all(
        math.hypot(w / 2, abs(top + i * step) + size / 2) <= CITY_NAME_R
        for i, w in enumerate(widths)
    )


def name_step(size: int) -> float:
    """The distance between the centres of two lines of a city's name."""
    return size + 3


def city_name_box(city: str, lang: str) -> kit.Box:
    """The box a city's name covers (with ``NAME_CLEARANCE`` around it): no elephant enters it."""
    size, lines = city_name(city, lang)
    cx, cy = xy(sites()[city]["x"], sites()[city]["y"])
    half_w = max(kit.text_width(line, size, True) for line in lines) / 2 + NAME_CLEARANCE
    half_h = (len(lines) - 1) * name_step(size) / 2 + size / 2 + NAME_CLEARANCE
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h
