"""What changes on the Brass map: tiles, links, merchants, income markers, move frames."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from engines.brass import components as C
from renderers import kit
from renderers.brass.layout import (
    FLIPPED,
    INDUSTRY_STYLE,
    MERCHANT_STYLE,
    MERCHANT_TILE,
    SEATS,
    SLOT,
    board_data,
    ink_for,
    pt,
    slot_xy,
)
from renderers.brass.static import (
    static_boxes,
)


def draw_tile(d: ImageDraw.ImageDraw, t: dict[str, Any]) -> None:
    """A built tile: the owner's colour as its border, the industry's colour inside (dark when
    flipped, with its VP in the corner), the industry code and level."""
    cx, cy = slot_xy(t["location"], t["slot"])
    h = SLOT / 2
    fill, code, _ = INDUSTRY_STYLE[t["industry"]]
    colour = SEATS.colour(t["owner"])
    d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=colour, outline=kit.INK, width=2)
    kit.piece((cx - h, cy - h, cx + h, cy + h))
    inner = fill if not t["flipped"] else FLIPPED
    d.rectangle((cx - h + 5, cy - h + 5, cx + h - 5, cy + h - 5), fill=inner)
    ink = ink_for(inner)
    kit.text_centered(d, (cx, cy - 8), code, 14, fill=ink, bold=True)
    kit.text_centered(d, (cx, cy + 9), t["roman"], 14, fill=ink, bold=True)
    if t["flipped"]:
        # A sold/empty tile shows its VP like the flipped side of the real tile.
        d.rectangle(
            (cx + h - 18, cy + h - 16, cx + h + 2, cy + h + 2),
            fill=(255, 236, 150),
            outline=kit.INK,
        )
        kit.piece((cx + h - 18, cy + h - 16, cx + h + 2, cy + h + 2))
        kit.text_centered(d, (cx + h - 8, cy + h - 7), str(t["vp"]), 14, bold=True)


def tile_badges(d: ImageDraw.ImageDraw, tiles: list[dict[str, Any]]) -> None:
    """Each tile's owner mark on its top-left corner and, for coal, iron or beer left on it, a
    numbered disc on an edge. Drawn after every tile, so a neighbouring tile never hides them; the
    disc goes on the first edge where it covers no name plate, label or other badge — on the top
    right it used to hide under a neighbour's badge (Dudley, Burton)."""
    h = SLOT / 2
    taken: list[kit.Box] = list(static_boxes())
    for t in tiles:
        cx, cy = slot_xy(t["location"], t["slot"])
        taken.append((cx - 13, cy - 16, cx + 13, cy + 16))  # the tile's code and level
        taken.append((cx - h - 8, cy - h - 8, cx - h + 12, cy - h + 12))  # its owner mark
    for t in tiles:
        cx, cy = slot_xy(t["location"], t["slot"])
        SEATS.mark(d, t["owner"], cx - h + 2, cy - h + 2, 9, letter=True)
        if not t["cubes"]:
            continue
        cube = {"coal_mine": (20, 20, 20), "iron_works": (230, 120, 30), "brewery": (160, 90, 30)}[
            t["industry"]
        ]
        spots = [(cx + h + 2, cy), (cx - h - 2, cy + 6), (cx + h - 2, cy + h), (cx + h, cy - h)]
        bx, by = spots[0]
        for sx, sy in spots:
            box = (sx - 11, sy - 11, sx + 11, sy + 11)
            if not any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken
            ):
                bx, by = sx, sy
                break
        taken.append((bx - 11, by - 11, bx + 11, by + 11))
        d.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=cube, outline=(255, 255, 255), width=2)
        kit.piece((bx - 11, by - 11, bx + 11, by + 11))
        kit.text_centered(d, (bx, by), str(t["cubes"]), 15, fill=(255, 255, 255), bold=True)


def draw_link(d: ImageDraw.ImageDraw, line: str, owner: int) -> list[kit.Box]:
    """A link's line in its owner's colour (drawn under the towns); returns its segments."""
    raw = next(ln for ln in board_data()["links"] if ln["id"] == line)
    mid = pt(raw["tile_x"], raw["tile_y"])
    colour = SEATS.colour(owner)
    segments = []
    for end in raw["ends"]:
        loc = C.locations()[end]
        d.line((*pt(loc.x, loc.y), *mid), fill=kit.INK, width=11)
        d.line((*pt(loc.x, loc.y), *mid), fill=colour, width=7)
        segments.append((*pt(loc.x, loc.y), *mid))
    return segments


def link_mark(d: ImageDraw.ImageDraw, line: str, owner: int) -> None:
    """The owner's mark on the link tile's spot (drawn over the towns)."""
    x, y = link_spot(line)
    SEATS.mark(d, owner, x, y, 11)


@lru_cache(maxsize=256)
def link_spot(line: str) -> tuple[float, float]:
    """Where a link's owner mark goes: the printed link spot, or the nearest point along the link
    that covers no label of the map (Warrington's plate lies over its canal's spot)."""
    raw = next(ln for ln in board_data()["links"] if ln["id"] == line)
    mid = pt(raw["tile_x"], raw["tile_y"])
    ends = [pt(C.locations()[e].x, C.locations()[e].y) for e in raw["ends"]]
    spots = [mid] + [
        (mid[0] + f * (ex - mid[0]), mid[1] + f * (ey - mid[1]))
        for f in (0.2, 0.35, 0.5)
        for ex, ey in ends
    ]
    for x, y in spots:
        box = (x - 12, y - 12, x + 12, y + 12)
        if not any(
            box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
            for b in static_boxes()
        ):
            return x, y
    return mid


def merchant_tile(d: ImageDraw.ImageDraw, m: dict[str, Any]) -> None:
    raw = next(loc for loc in board_data()["locations"] if loc["id"] == m["location"])
    s = raw["merchant"]["slots"][m["slot"]]
    cx, cy = pt(s["x"], s["y"])
    h = MERCHANT_TILE / 2
    blank = m["tile"] == "blank"
    d.rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        fill=(200, 190, 175) if blank else (250, 240, 215),
        outline=kit.INK,
        width=2,
    )
    kit.piece((cx - h, cy - h, cx + h, cy + h))
    kit.text_centered(
        d,
        (cx, cy),
        MERCHANT_STYLE[m["tile"]][0],
        16,
        bold=True,
        fill=kit.MUTED if blank else kit.INK,
    )
    if m["beer"]:
        bx, by = pt(s["beer_x"], s["beer_y"])
        d.ellipse((bx - 9, by - 9, bx + 9, by + 9), fill=(160, 90, 30), outline=kit.INK, width=2)
        kit.piece((bx - 9, by - 9, bx + 9, by + 9))
        kit.text_centered(d, (bx, by), "B", 14, fill=(255, 255, 255), bold=True)


def income_markers(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Each seat's income marker on the track: colour and shape only (the players' panel says the
    income in words), seats on one space side by side across the track so none hides another."""
    spaces = board_data()["progress_track"]["spaces"]
    on: dict[int, list[int]] = {}
    for seat, space in enumerate(view["income_space"]):
        on.setdefault(space, []).append(seat)
    for space, seats in on.items():
        sp = spaces[space]
        x, y = pt(sp["x"], sp["y"])
        # Across the track: horizontal on the left and right edges, vertical on the top and bottom.
        across_x = sp["x"] < 60 or sp["x"] > 940
        for k, seat in enumerate(seats):
            off = (k - (len(seats) - 1) / 2) * 15
            SEATS.mark(
                d, seat, x + (off if across_x else 0), y + (0 if across_x else off), 8, letter=False
            )


def frame_places(
    d: ImageDraw.ImageDraw,
    places: list[str],
    colour: tuple[int, int, int] = kit.HIGHLIGHT,
    width: int = 6,
) -> list[kit.Box]:
    """Frame the places of a move; returns the framed boxes."""
    boxes: list[kit.Box] = []
    for p in places:
        loc = C.locations().get(p)
        if loc is None:
            continue
        if loc.slots:
            xs = [s.x for s in loc.slots]
            ys = [s.y for s in loc.slots]
        else:
            xs, ys = [loc.x], [loc.y]
        x0, y0 = pt(min(xs), min(ys))
        x1, y1 = pt(max(xs), max(ys))
        pad = SLOT / 2 + 14
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        d.rounded_rectangle(box, 14, outline=colour, width=width)
        boxes.append(box)
    return boxes
