"""Brass board layout: sizes, colours, the board data and geometry (board units to pixels)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engines.brass import components as C
from engines.data import load_json
from renderers import kit

#: Seat colours of this game (kit.SEAT_PALETTES), never a component colour here (#10.6).
SEATS = kit.Seats.of("brass")


WIDTH = kit.WIDTH


HEADER = 96


MAP_X, MAP_Y = 12, HEADER + 6


SCALE = 1.06  # board.json uses a 1000x1000 canvas


MAP_SIZE = int(1000 * SCALE)


PANEL_X = MAP_X + MAP_SIZE + 14


PANEL_W = WIDTH - PANEL_X - 12


HEIGHT = MAP_Y + MAP_SIZE + 12


SLOT = 46  # slot square side, px


MERCHANT_TILE = 50


SEA = (214, 226, 214)


LAND = (236, 229, 208)


CANAL = (96, 150, 200)


RAIL = (170, 160, 150)


FLIPPED_INK = (255, 255, 255)


#: A flipped tile's inside: the only dark tiles on the board (the legend says so), so the coal
#: mine's own colour is a mid slate rather than near-black.
FLIPPED = (40, 34, 30)


#: Industry drawing: fill colour, short code (so colour is never the only cue), long name.
INDUSTRY_STYLE: dict[str, tuple[tuple[int, int, int], str, str]] = {
    "cotton_mill": ((236, 236, 240), "CT", "Cotton mill"),
    "manufacturer": ((176, 180, 190), "MF", "Manufacturer"),
    "pottery": ((214, 150, 120), "PT", "Pottery"),
    "coal_mine": ((160, 150, 140), "CO", "Coal mine"),
    "iron_works": ((226, 140, 50), "IR", "Iron works"),
    "brewery": ((232, 196, 90), "BR", "Brewery"),
}


MERCHANT_STYLE: dict[str, tuple[str, str]] = {
    "blank": ("—", "buys nothing"),
    "all_goods": ("ALL", "buys all goods"),
    "cotton": ("CT", "buys cotton"),
    "manufactured_goods": ("MF", "buys manufactured goods"),
    "pottery": ("PT", "buys pottery"),
}


#: Colours of this game's components, which no seat colour may resemble (#10.6; tested).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {
    "canal": CANAL,
    "rail": RAIL,
    **{name: rgb for rgb, _, name in INDUSTRY_STYLE.values()},
    "coal cube": (20, 20, 20),
    "iron cube": (230, 120, 30),
    "beer barrel": (160, 90, 30),
}


ROMAN = ("–", "I", "II", "III", "IV", "V", "VI", "VII", "VIII")


BONUS_TEXT = {
    "shrewsbury": "+4 VP",
    "gloucester": "develop",
    "oxford": "+2 income",
    "warrington": "+£5",
    "nottingham": "+3 VP",
}


def pt(x: float, y: float) -> tuple[float, float]:
    """Board coordinates → image pixels."""
    return MAP_X + x * SCALE, MAP_Y + y * SCALE


def ink_for(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    return kit.INK if sum(fill) > 420 else FLIPPED_INK


@cache
def board_data() -> dict[str, Any]:
    data: dict[str, Any] = load_json("brass", "board.json")
    return data


def hex_rgb(h: str) -> tuple[int, int, int]:
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
    s = C.locations()[location].slots[slot]
    return pt(s.x, s.y)


def roman(level: int) -> str:
    return ROMAN[level] if 0 <= level < len(ROMAN) else str(level)


def card_name(card: str) -> str:
    """A card's name as printed."""
    if card in C.locations():
        return C.locations()[card].name
    return card.replace("_", " ").capitalize()
