"""Brass board layout: sizes, colours, the board data and geometry (board units to pixels)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engines.brass import components as C
from engines.data import load_json
from renderers import kit

#: Seat colours of this game (#10.6), chosen by CIE76 distance under normal vision and simulated
#: protanopia and deuteranopia (tests/renderers/test_kit.py): far from each other and from every
#: colour in ``COMPONENT_COLOURS``. Names as players would say them.
SEATS = kit.Seats.of(
    (
        ("violet", (90, 40, 160)),
        ("dark red", (110, 10, 20)),
        ("teal", (0, 128, 128)),
        ("mint", (160, 230, 190)),
    )
)
#: Portrait, one phone screen wide (#10.5): a phone shows a tapped image about 1080 px wide, so
#: every text here is at least kit.MIN_TEXT (14) px as the player sees it, and the map fills the
#: width. The panels (players, markets, legend, score sheet) lie under the map.
WIDTH = 1080
HEADER = 150
MAP_X, MAP_Y = 10, HEADER + 6
SCALE = 1.06  # board.json uses a 1000x1000 canvas
MAP_SIZE = int(1000 * SCALE)
MAP_BOTTOM = MAP_Y + MAP_SIZE
PANEL_X = MAP_X
PANEL_Y = MAP_BOTTOM + 10
PANEL_W = WIDTH - 2 * PANEL_X
#: Player cards: two per row.
CARD_W = (PANEL_W - 30) // 2
CARD_H = 132
#: Heights of the panel's parts (see ``height``).
PLAYERS_TOP = 40
MARKETS_H = 300
SHEET_HEAD = 84
SHEET_ROW = 34
SHEET_TIE = 22
#: The legend, in the right half of the panel: the industries two by two, each its code on its
#: colour then its name.
LEGEND_X = PANEL_X + PANEL_W // 2 + 20
LEGEND_W = PANEL_W // 2 - 34
INDUSTRY_LEGEND = kit.Legend(
    size=16, indent=42, row=30, gap=4, label_dy=2, across=True, cell=LEGEND_W // 2
)
#: The legend's last row: the frames the map draws round a move (the last, the earlier ones since
#: your turn) and round who acts, each a small frame then its meaning.
MARKS_LEGEND = kit.Legend(size=15, indent=40, row=22, gap=18, across=True)
SLOT = 46  # slot square side, px
MERCHANT_TILE = 50
BAND = (60, 44, 34)
CREAM = (255, 236, 190)
#: The band's first line: the title, and the era and round against the right edge.
TITLE_LINE = kit.TitleLine(
    size=30, status_size=24, status_dy=4, gap=20, flush_right=True, fill=CREAM, status_fill=CREAM
)
CARD_GROUND = (250, 244, 230)
SLOT_GROUND = (250, 246, 232)
FARM_GREEN = "#6b8e3d"
SEA = (214, 226, 214)
LAND = (236, 229, 208)
CANAL = (96, 150, 200)
#: Rail lines are a dark track over the land, canal lines a blue band (the lines each era uses).
RAIL = (95, 85, 78)
FLIPPED_INK = (255, 255, 255)
#: A flipped tile's inside: the only dark tiles on the board (the legend says so), so the coal
#: mine's own colour is a mid slate rather than near-black.
FLIPPED = (40, 34, 30)
#: Industry fill colours (each also has a code from the catalog, so colour is never the only cue).
INDUSTRY_FILL: dict[str, tuple[int, int, int]] = {
    "cotton_mill": (236, 236, 240),
    "manufacturer": (176, 180, 190),
    "pottery": (214, 150, 120),
    "coal_mine": (160, 150, 140),
    "iron_works": (226, 140, 50),
    "brewery": (232, 196, 90),
}
#: What a merchant tile shows: the code of the industry it buys (``brass.board.code.*``).
MERCHANT_CODE: dict[str, str] = {
    "all_goods": "all_goods",
    "cotton": "cotton_mill",
    "manufactured_goods": "manufacturer",
    "pottery": "pottery",
}
COAL = (20, 20, 20)
IRON = (230, 120, 30)
BEER = (160, 90, 30)
#: The flag of a tile built in the canal era that survived into the rail era (R41).
SURVIVOR = CANAL
#: Colours of this game's components, which no seat colour may resemble (#10.6; tested).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {
    "canal": CANAL,
    "rail": RAIL,
    **{ind.replace("_", " "): rgb for ind, rgb in INDUSTRY_FILL.items()},
    "coal cube": COAL,
    "iron cube": IRON,
    "beer barrel": BEER,
}
ROMAN = ("–", "I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def height(players: int, sheet: bool, ties: bool = False) -> int:
    """The board's height: the map, two player cards per row, markets and legend, and the score
    sheet when there is one (the full game always, the introductory game at the end), with a
    line of tie-break numbers under each player once the game is over (``ties``)."""
    rows = (players + 1) // 2
    h = PANEL_Y + PLAYERS_TOP + rows * (CARD_H + 10) + MARKETS_H
    if sheet:
        h += SHEET_HEAD + players * (SHEET_ROW + (SHEET_TIE if ties else 0)) + 10
    return h + 10


def pt(x: float, y: float) -> tuple[float, float]:
    """Board coordinates → image pixels."""
    return MAP_X + x * SCALE, MAP_Y + y * SCALE


def ink_for(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Ink or white, whichever reads on ``fill``."""
    return kit.INK if sum(fill) > 420 else FLIPPED_INK


@cache
def board_data() -> dict[str, Any]:
    """board.json: locations, lines, the progress track."""
    data: dict[str, Any] = load_json("brass", "board.json")
    return data


def hex_rgb(h: str) -> tuple[int, int, int]:
    """``#rrggbb`` as an RGB triple."""
    h = h.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


@cache
def slot_boxes() -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Every industry slot's box with room for a tile's badges (owner mark, resource disc)."""
    h = SLOT / 2
    out = []
    for loc in C.locations().values():
        for sl in loc.slots:
            x, y = pt(sl.x, sl.y)
            out.append((loc.id, (x - h - 10, y - h - 10, x + h + 14, y + h + 10)))
    return tuple(out)


@lru_cache(maxsize=64)
def label_xy(location: str, w: float) -> tuple[float, float]:
    """Where a name plate goes: at its printed anchor, or nudged sideways as little as needed so
    it never lies under another place's tiles (the farm brewery by Worcester did)."""
    raw = next(r for r in board_data()["locations"] if r["id"] == location)
    lx, ly = pt(*raw["label_anchor"])
    others = [b for loc, b in slot_boxes() if loc != location]
    for dx in (0, -8, 8, -16, 16, -24, 24, -32, 32, -40, 40, -48, 48):
        x0, x1 = lx + dx - w / 2 - 5, lx + dx + w / 2 + 5
        if not any(x0 < b[2] and b[0] < x1 and ly - 11 < b[3] and b[1] < ly + 11 for b in others):
            return lx + dx, ly
    return lx, ly


def slot_xy(location: str, slot: int) -> tuple[float, float]:
    """The centre of a location's industry slot, in pixels."""
    s = C.locations()[location].slots[slot]
    return pt(s.x, s.y)


def roman(level: int) -> str:
    """A level as printed on the tiles (I, II...)."""
    return ROMAN[level] if 0 <= level < len(ROMAN) else str(level)


@cache
def place_boxes() -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Every town's and farm's plate (the coloured box round its slots) and every merchant's
    frame, by location: what a link's owner mark must keep off (#28.3)."""
    out = []
    for raw in board_data()["locations"]:
        if C.locations()[raw["id"]].kind == "merchant":
            m = raw["merchant"]
            xs = [s["x"] for s in m["slots"]] + [raw["x"]]
            ys = [s["y"] for s in m["slots"]] + [raw["y"]]
            pad, extra = MERCHANT_TILE / 2 + 8, 4.0
        else:
            loc = C.locations()[raw["id"]]
            xs, ys = [s.x for s in loc.slots], [s.y for s in loc.slots]
            pad, extra = SLOT / 2 + 6, 0.0
        x0, y0 = pt(min(xs), min(ys))
        x1, y1 = pt(max(xs), max(ys))
        out.append((raw["id"], (x0 - pad, y0 - pad - extra, x1 + pad, y1 + pad + extra)))
    return tuple(out)
