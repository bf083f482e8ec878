"""What changes on the Brass map: tiles, links, merchants, income markers, move frames."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from engines.brass import components as C
from engines.brass.state import Merchant
from engines.brass.view import BrassView, BuiltTile
from renderers import kit
from renderers.brass import words as W
from renderers.brass.layout import (
    BEER,
    COAL,
    FLIPPED,
    INDUSTRY_FILL,
    IRON,
    MERCHANT_CODE,
    MERCHANT_TILE,
    SEATS,
    SLOT,
    SURVIVOR,
    board_data,
    ink_for,
    place_boxes,
    pt,
    slot_boxes,
    slot_xy,
)
from renderers.brass.static import rail_track, static_boxes

#: What a resource disc on a tile holds, by the tile's industry.
CUBE = {"coal_mine": COAL, "iron_works": IRON, "brewery": BEER}


def draw_tile(d: ImageDraw.ImageDraw, t: BuiltTile, lang: str) -> None:
    """A built tile: the owner's colour as its border, the industry's colour inside (dark when
    flipped, with its VP in the corner), the industry code and level; a tile that survived the
    canal era (R41) has a blue corner, the canal's colour."""
    cx, cy = slot_xy(t.location, t.slot)
    h = SLOT / 2
    fill = INDUSTRY_FILL[t.industry]
    code = W.code(t.industry, lang)
    colour = SEATS.colour(t.owner)
    d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=colour, outline=kit.INK, width=2)
    kit.piece((cx - h, cy - h, cx + h, cy + h))
    inner = fill if not t.flipped else FLIPPED
    d.rectangle((cx - h + 5, cy - h + 5, cx + h - 5, cy + h - 5), fill=inner)
    ink = ink_for(inner)
    if t.survivor:
        d.polygon(
            [(cx - h, cy + h), (cx - h, cy + h - 16), (cx - h + 16, cy + h)],
            fill=SURVIVOR,
            outline=kit.INK,
        )
    kit.text_centered(d, (cx, cy - 8), code, 14, fill=ink, bold=True)
    kit.text_centered(d, (cx, cy + 9), t.roman, 14, fill=ink, bold=True)
    if t.flipped:
        # A sold/empty tile shows its VP like the flipped side of the real tile.
        d.rectangle(
            (cx + h - 18, cy + h - 16, cx + h + 2, cy + h + 2),
            fill=(255, 236, 150),
            outline=kit.INK,
        )
        kit.piece((cx + h - 18, cy + h - 16, cx + h + 2, cy + h + 2))
        kit.text_centered(d, (cx + h - 8, cy + h - 7), str(t.vp), 14, bold=True)


def tile_badges(d: ImageDraw.ImageDraw, tiles: Sequence[BuiltTile], lang: str) -> None:
    """Each tile's owner mark on its top-left corner and, for coal, iron or beer left on it, a
    numbered disc on an edge. Drawn after every tile, so a neighbouring tile never hides them; the
    disc goes on the first edge where it covers no name plate, label or other badge — on the top
    right it used to hide under a neighbour's badge (Dudley, Burton)."""
    h = SLOT / 2
    taken: list[kit.Box] = list(static_boxes(lang))
    for t in tiles:
        cx, cy = slot_xy(t.location, t.slot)
        taken.append((cx - 13, cy - 16, cx + 13, cy + 16))  # the tile's code and level
        taken.append((cx - h - 8, cy - h - 8, cx - h + 12, cy - h + 12))  # its owner mark
    for t in tiles:
        cx, cy = slot_xy(t.location, t.slot)
        SEATS.mark(d, t.owner, cx - h + 2, cy - h + 2, 9, letter=True)
        if not t.cubes:
            continue
        cube = CUBE[t.industry]
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
        kit.text_centered(d, (bx, by), str(t.cubes), 15, fill=(255, 255, 255), bold=True)


def draw_link(d: ImageDraw.ImageDraw, line: str, owner: int, kind: str) -> list[kit.Box]:
    """A link's line in its owner's colour (drawn under the towns): a canal a plain band, a rail
    a band crossed by dark ties, so the two never look alike; returns its segments."""
    raw = _line(line)
    mid = pt(raw["tile_x"], raw["tile_y"])
    colour = SEATS.colour(owner)
    segments = []
    for end in raw["ends"]:
        loc = C.locations()[end]
        a = pt(loc.x, loc.y)
        if kind == "rail":
            d.line((*a, *mid), fill=kit.INK, width=13)
            d.line((*a, *mid), fill=colour, width=9)
            rail_track(d, a, mid, kit.INK, 2, 7)
        else:
            d.line((*a, *mid), fill=kit.INK, width=11)
            d.line((*a, *mid), fill=colour, width=7)
        segments.append((*a, *mid))
    return segments


@lru_cache(maxsize=64)
def _line(line: str) -> dict[str, Any]:
    found: dict[str, Any] = next(ln for ln in board_data()["links"] if ln["id"] == line)
    return found


def candidate_line(d: ImageDraw.ImageDraw, line: str) -> list[kit.Box]:
    """A line the waiting second rail link may take: a gold dashed line (R33)."""
    raw = _line(line)
    mid = pt(raw["tile_x"], raw["tile_y"])
    segments = []
    for end in raw["ends"]:
        loc = C.locations()[end]
        a = pt(loc.x, loc.y)
        length = max(1.0, ((mid[0] - a[0]) ** 2 + (mid[1] - a[1]) ** 2) ** 0.5)
        steps = int(length / 10)
        for i in range(0, steps, 2):
            p = (a[0] + (mid[0] - a[0]) * i / steps, a[1] + (mid[1] - a[1]) * i / steps)
            q = (a[0] + (mid[0] - a[0]) * (i + 1) / steps, a[1] + (mid[1] - a[1]) * (i + 1) / steps)
            d.line((*p, *q), fill=kit.HIGHLIGHT, width=7)
        segments.append((*a, *mid))
    return segments


def source_rings(d: ImageDraw.ImageDraw, refs: Sequence[str], colour: tuple[int, int, int]) -> None:
    """A ring round each tile a waiting second rail link may take its coal or beer from (R35)."""
    h = SLOT / 2 + 1  # on the tile's own edge, clear of name plates
    for ref in refs:
        location, _, slot = ref.partition(".")
        if location not in C.locations() or not slot.isdigit():
            continue
        cx, cy = slot_xy(location, int(slot) - 1)
        d.rectangle((cx - h, cy - h, cx + h, cy + h), outline=colour, width=4)


def link_mark(d: ImageDraw.ImageDraw, line: str, owner: int, lang: str) -> None:
    """The owner's mark on the link tile's spot (drawn over the towns)."""
    x, y = link_spot(line, lang)
    SEATS.mark(d, owner, x, y, 11)


#: Half the side of the box a link's owner mark covers (a mark of radius 11, its outline and a
#: pixel of air).
LINK_MARK_HALF = 13


@lru_cache(maxsize=256)
def link_spot(line: str, lang: str) -> tuple[float, float]:
    """Where a link's owner mark goes: the printed link spot, or the nearest point along the link
    that covers no label of the map (Warrington's plate lies over its canal's spot), no town's
    plate, merchant's frame or tile with its badges (#28.3: an A disc sat on Wolverhampton's
    plate), else the spot that covers least of them."""
    raw = _line(line)
    mid = pt(raw["tile_x"], raw["tile_y"])
    ends = [pt(C.locations()[e].x, C.locations()[e].y) for e in raw["ends"]]
    spots = [mid] + [
        (mid[0] + f * (ex - mid[0]), mid[1] + f * (ey - mid[1]))
        for f in [i / 40 for i in range(1, 40)]
        for ex, ey in ends
    ]
    # A short link between two plates (Coventry-Nuneaton) has no free point on it: then just
    # beside it, across the line.
    (ax, ay), (bx, by) = ends[0], ends[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    nx, ny = (ay - by) / length, (bx - ax) / length
    spots += [(x + k * nx, y + k * ny) for k in (18, -18, 28, -28) for x, y in list(spots)]
    keep_off = (
        *static_boxes(lang),
        *(b for _, b in place_boxes()),
        *(b for _, b in slot_boxes()),
    )
    h = LINK_MARK_HALF

    def covered(spot: tuple[float, float]) -> float:
        x0, y0, x1, y1 = spot[0] - h, spot[1] - h, spot[0] + h, spot[1] + h
        return sum(
            max(0.0, min(x1, b[2]) - max(x0, b[0])) * max(0.0, min(y1, b[3]) - max(y0, b[1]))
            for b in keep_off
        )

    # The first free spot; failing one (Stoke-Warrington runs under Warrington's bonus plate),
    # the one that covers least.
    return next((s for s in spots if covered(s) == 0), None) or min(spots, key=covered)


def merchant_tile(d: ImageDraw.ImageDraw, m: Merchant, lang: str) -> None:
    """A merchant tile: the code of the goods it buys, and its beer barrel while it has one."""
    raw = next(loc for loc in board_data()["locations"] if loc["id"] == m.location)
    s = raw["merchant"]["slots"][m.slot]
    cx, cy = pt(s["x"], s["y"])
    h = MERCHANT_TILE / 2
    blank = m.tile == "blank"
    d.rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        fill=(200, 190, 175) if blank else (250, 240, 215),
        outline=kit.INK,
        width=2,
    )
    kit.piece((cx - h, cy - h, cx + h, cy + h))
    label = W.say("code." + MERCHANT_CODE[m.tile], lang) if not blank else "—"
    size = 16 if kit.text_width(label, 16, True) <= MERCHANT_TILE - 8 else 14
    kit.text_centered(d, (cx, cy), label, size, bold=True, fill=kit.MUTED if blank else kit.INK)
    if m.beer:
        bx, by = pt(s["beer_x"], s["beer_y"])
        d.ellipse((bx - 10, by - 10, bx + 10, by + 10), fill=BEER, outline=kit.INK, width=2)
        kit.piece((bx - 10, by - 10, bx + 10, by + 10))
        kit.text_centered(
            d, (bx, by), W.say("merchant_beer", lang), 14, fill=(255, 255, 255), bold=True
        )


def income_markers(d: ImageDraw.ImageDraw, view: BrassView) -> None:
    """Each seat's income marker on the track: colour and shape only (the players' panel says the
    income in words), seats on one space side by side across the track so none hides another."""
    spaces = board_data()["progress_track"]["spaces"]
    on: dict[int, list[int]] = {}
    for seat, space in enumerate(view.income_space):
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
    places: Sequence[str],
    colour: tuple[int, int, int],
    width: int,
) -> list[kit.Box]:
    """Frame the places of a move in ``colour`` at ``width`` (``kit.move_marks``); returns the
    framed boxes."""
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
