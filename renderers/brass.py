"""Brass: Birmingham board renderer: the map with tiles and canals, markets, players, the last move.

``render(view)`` draws the public board from the public view only; ``render_private(view)`` draws
one seat's hand and player mat from a view made for that seat. The map (lines, towns, empty
slots, labels, progress track) is a static layer drawn once per process; each call composites the
tiles, links, merchants, markers, markets and the player panel on a copy of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.brass import components as C
from engines.data import load_json
from renderers import kit

#: Seat colours of this game (kit.SEAT_PALETTES), never a component colour here (#10.6).
SEATS = kit.Seats.of("brass")

# -- layout (all in one place) ----------------------------------------------------------------
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


def _pt(x: float, y: float) -> tuple[float, float]:
    """Board coordinates → image pixels."""
    return MAP_X + x * SCALE, MAP_Y + y * SCALE


def _ink_for(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    return kit.INK if sum(fill) > 420 else FLIPPED_INK


@cache
def _board() -> dict[str, Any]:
    data: dict[str, Any] = load_json("brass", "board.json")
    return data


@kit.layer
def _static() -> Image.Image:
    """The unchanging map under the links: land, printed lines, the progress track."""
    img = kit.new_canvas(HEIGHT)
    d = kit.Pen(img)
    x0, y0 = _pt(0, 0)
    x1, y1 = _pt(1000, 1000)
    d.rounded_rectangle((x0, y0, x1, y1), 18, fill=SEA, outline=kit.INK, width=2)
    d.rounded_rectangle((x0 + 40, y0 + 40, x1 - 40, y1 - 40), 14, fill=LAND)
    board = _board()
    # Lines first, under the towns.
    for ln in board["links"]:
        ends = [C.locations()[e] for e in ln["ends"]]
        mid = _pt(ln["tile_x"], ln["tile_y"])
        colour, width = (CANAL, 7) if ln["canal"] else (RAIL, 3)
        for loc in ends:
            if ln["canal"]:
                d.line((*_pt(loc.x, loc.y), *mid), fill=colour, width=width)
            else:
                _dotted(d, _pt(loc.x, loc.y), mid, colour, width)
    _track(d)
    # The panel's and the header's grounds are static too.
    d.rounded_rectangle((PANEL_X, MAP_Y, PANEL_X + PANEL_W, HEIGHT - 12), 14, fill=kit.PANEL)
    d.rectangle((0, 0, WIDTH, HEADER), fill=(60, 44, 34))
    return img


@kit.layer
def _places() -> Image.Image:
    """The unchanging map over the links (transparent elsewhere): towns with their empty slots
    and name plates, farms, merchant frames. Pasted after the links, so a link never hides a
    town's spaces or name."""
    img = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    d = kit.Pen(img)
    groups = _board()["colour_groups"]
    for raw in _board()["locations"]:
        loc = C.locations()[raw["id"]]
        cx, cy = _pt(loc.x, loc.y)
        if loc.kind == "merchant":
            _merchant_frame(d, raw)
            continue
        hexcol = groups[loc.colour_group]["hex"] if loc.colour_group else "#6b8e3d"
        band = _hex(hexcol)
        xs = [s.x for s in loc.slots]
        ys = [s.y for s in loc.slots]
        bx0, by0 = _pt(min(xs), min(ys))
        bx1, by1 = _pt(max(xs), max(ys))
        pad = SLOT / 2 + 6
        d.rounded_rectangle(
            (bx0 - pad, by0 - pad, bx1 + pad, by1 + pad), 10, fill=band, outline=kit.INK, width=2
        )
        for s in loc.slots:
            _empty_slot(d, *_pt(s.x, s.y), s.industries)
        _label(d, raw)
    return img


@kit.sprite
def _map() -> Image.Image:
    """The whole empty map (for the palette)."""
    img = _static().copy()
    img.paste(_places(), (0, 0), _places())
    return img


def _label(d: ImageDraw.ImageDraw, raw: dict[str, Any]) -> None:
    """A town's or farm's name plate (drawn again over a last-move frame, so it stays readable)."""
    loc = C.locations()[raw["id"]]
    hexcol = _board()["colour_groups"][loc.colour_group]["hex"] if loc.colour_group else "#6b8e3d"
    name = loc.name if loc.kind == "town" else "Farm brewery"
    w = kit.text_width(name, 16, True)
    lx, ly = _label_xy(raw["id"], w)
    d.rounded_rectangle(
        (lx - w / 2 - 5, ly - 11, lx + w / 2 + 5, ly + 11),
        6,
        fill=(255, 252, 240),
        outline=_hex(hexcol),
        width=2,
    )
    kit.text_centered(d, (lx, ly), name, 16, bold=True)


@cache
def _slot_boxes() -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Every industry slot's box with room for a tile's badges (owner mark, resource disc)."""
    h = SLOT / 2
    out = []
    for loc in C.locations().values():
        for sl in loc.slots:
            x, y = _pt(sl.x, sl.y)
            out.append((loc.id, (x - h - 10, y - h - 10, x + h + 14, y + h + 10)))
    return tuple(out)


@lru_cache(maxsize=64)
def _label_xy(location: str, w: float) -> tuple[float, float]:
    """Where a name plate goes: at its printed anchor, or nudged sideways as little as needed so
    it never lies under another place's tiles (the farm brewery by Worcester did)."""
    raw = next(r for r in _board()["locations"] if r["id"] == location)
    lx, ly = _pt(*raw["label_anchor"])
    others = [b for loc, b in _slot_boxes() if loc != location]
    for dx in (0, -8, 8, -16, 16, -24, 24, -32, 32, -40, 40, -48, 48):
        x0, x1 = lx + dx - w / 2 - 5, lx + dx + w / 2 + 5
        if not any(x0 < b[2] and b[0] < x1 and ly - 11 < b[3] and b[1] < ly + 11 for b in others):
            return lx + dx, ly
    return lx, ly


def _hex(h: str) -> tuple[int, int, int]:
    h = h.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _dotted(
    d: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: tuple[int, int, int],
    width: int,
) -> None:
    steps = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 / 12))
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
        d.line((*p, *q), fill=colour, width=width)


def _empty_slot(d: ImageDraw.ImageDraw, cx: float, cy: float, industries: tuple[str, ...]) -> None:
    h = SLOT / 2
    d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=(250, 246, 232), outline=kit.INK, width=1)
    if len(industries) == 1:
        fill, code, _ = INDUSTRY_STYLE[industries[0]]
        d.rectangle(
            (cx - h + 4, cy - h + 4, cx + h - 4, cy + h - 4),
            outline=fill if sum(fill) < 600 else kit.MUTED,
            width=3,
        )
        kit.text_centered(d, (cx, cy), code, 15, fill=kit.MUTED, bold=True)
    else:
        a, b = (INDUSTRY_STYLE[i][1] for i in industries)
        kit.text_centered(d, (cx, cy - 9), a, 14, fill=kit.MUTED, bold=True)
        kit.text_centered(d, (cx, cy + 10), b, 14, fill=kit.MUTED, bold=True)


def _merchant_frame(d: ImageDraw.ImageDraw, raw: dict[str, Any]) -> None:
    m = raw["merchant"]
    xs = [s["x"] for s in m["slots"]] + [raw["x"]]
    ys = [s["y"] for s in m["slots"]] + [raw["y"]]
    x0, y0 = _pt(min(xs), min(ys))
    x1, y1 = _pt(max(xs), max(ys))
    pad = MERCHANT_TILE / 2 + 8
    d.rounded_rectangle(
        (x0 - pad, y0 - pad - 4, x1 + pad, y1 + pad + 4),
        10,
        fill=(120, 92, 70),
        outline=kit.INK,
        width=2,
    )
    label = f"{raw['name']} · {BONUS_TEXT.get(raw['id'], '')}"
    w = kit.text_width(label, 15, True)
    # Inside the land, clear of the progress track and its income markers round the edge.
    lo, hi = _pt(0, 0)[0] + 40 + w / 2 + 4, _pt(1000, 0)[0] - 40 - w / 2 - 4
    cx = min(max((x0 + x1) / 2, lo), hi)
    beer_above = any(sl["beer_y"] < sl["y"] for sl in m["slots"])
    ly = y1 + pad + 12 if beer_above else y0 - pad - 14
    d.rounded_rectangle((cx - w / 2 - 6, ly - 12, cx + w / 2 + 6, ly + 12), 8, fill=(60, 44, 34))
    kit.text_centered(d, (cx, ly), label, 15, fill=(255, 236, 190), bold=True)
    for s in m["slots"]:
        sx, sy = _pt(s["x"], s["y"])
        h = MERCHANT_TILE / 2
        d.rectangle(
            (sx - h, sy - h, sx + h, sy + h), fill=(150, 124, 100), outline=(90, 70, 55), width=1
        )
        kit.text_centered(d, (sx, sy), f"{min(s['player_counts'])}+p", 14, fill=(230, 215, 190))


def _track(d: ImageDraw.ImageDraw) -> None:
    """The progress track around the edge: space numbers every 5, level labels in the margin."""
    for sp in _board()["progress_track"]["spaces"]:
        x, y = _pt(sp["x"], sp["y"])
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=kit.MUTED)
        if sp["space"] % 10 == 0:
            kit.text_centered(
                d, (x, y + (14 if y < MAP_Y + 40 else -14)), str(sp["space"]), 14, fill=kit.MUTED
            )


# -- dynamic pieces ----------------------------------------------------------------------------
def _slot_xy(location: str, slot: int) -> tuple[float, float]:
    s = C.locations()[location].slots[slot]
    return _pt(s.x, s.y)


def _tile(d: ImageDraw.ImageDraw, t: dict[str, Any]) -> None:
    """A built tile: the owner's colour as its border, the industry's colour inside (dark when
    flipped, with its VP in the corner), the industry code and level."""
    cx, cy = _slot_xy(t["location"], t["slot"])
    h = SLOT / 2
    fill, code, _ = INDUSTRY_STYLE[t["industry"]]
    colour = SEATS.colour(t["owner"])
    d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=colour, outline=kit.INK, width=2)
    kit.piece((cx - h, cy - h, cx + h, cy + h))
    inner = fill if not t["flipped"] else FLIPPED
    d.rectangle((cx - h + 5, cy - h + 5, cx + h - 5, cy + h - 5), fill=inner)
    ink = _ink_for(inner)
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


def _tile_badges(d: ImageDraw.ImageDraw, tiles: list[dict[str, Any]]) -> None:
    """Each tile's owner mark on its top-left corner and, for coal, iron or beer left on it, a
    numbered disc on an edge. Drawn after every tile, so a neighbouring tile never hides them; the
    disc goes on the first edge where it covers no name plate, label or other badge — on the top
    right it used to hide under a neighbour's badge (Dudley, Burton)."""
    h = SLOT / 2
    taken: list[kit.Box] = list(_static_boxes())
    for t in tiles:
        cx, cy = _slot_xy(t["location"], t["slot"])
        taken.append((cx - 13, cy - 16, cx + 13, cy + 16))  # the tile's code and level
        taken.append((cx - h - 8, cy - h - 8, cx - h + 12, cy - h + 12))  # its owner mark
    for t in tiles:
        cx, cy = _slot_xy(t["location"], t["slot"])
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


@cache
def _static_boxes() -> tuple[kit.Box, ...]:
    """Every label of the static map (towns' name plates, merchants, the track's numbers)."""
    texts = _static.layout().texts + _places.layout().texts  # type: ignore[attr-defined]
    return tuple(t[0] for t in texts)


def _link(d: ImageDraw.ImageDraw, line: str, owner: int) -> list[kit.Box]:
    """A link's line in its owner's colour (drawn under the towns); returns its segments."""
    raw = next(ln for ln in _board()["links"] if ln["id"] == line)
    mid = _pt(raw["tile_x"], raw["tile_y"])
    colour = SEATS.colour(owner)
    segments = []
    for end in raw["ends"]:
        loc = C.locations()[end]
        d.line((*_pt(loc.x, loc.y), *mid), fill=kit.INK, width=11)
        d.line((*_pt(loc.x, loc.y), *mid), fill=colour, width=7)
        segments.append((*_pt(loc.x, loc.y), *mid))
    return segments


def _link_mark(d: ImageDraw.ImageDraw, line: str, owner: int) -> None:
    """The owner's mark on the link tile's spot (drawn over the towns)."""
    x, y = _link_spot(line)
    SEATS.mark(d, owner, x, y, 11)


@lru_cache(maxsize=256)
def _link_spot(line: str) -> tuple[float, float]:
    """Where a link's owner mark goes: the printed link spot, or the nearest point along the link
    that covers no label of the map (Warrington's plate lies over its canal's spot)."""
    raw = next(ln for ln in _board()["links"] if ln["id"] == line)
    mid = _pt(raw["tile_x"], raw["tile_y"])
    ends = [_pt(C.locations()[e].x, C.locations()[e].y) for e in raw["ends"]]
    spots = [mid] + [
        (mid[0] + f * (ex - mid[0]), mid[1] + f * (ey - mid[1]))
        for f in (0.2, 0.35, 0.5)
        for ex, ey in ends
    ]
    for x, y in spots:
        box = (x - 12, y - 12, x + 12, y + 12)
        if not any(
            box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
            for b in _static_boxes()
        ):
            return x, y
    return mid


def _merchant_tile(d: ImageDraw.ImageDraw, m: dict[str, Any]) -> None:
    raw = next(loc for loc in _board()["locations"] if loc["id"] == m["location"])
    s = raw["merchant"]["slots"][m["slot"]]
    cx, cy = _pt(s["x"], s["y"])
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
        bx, by = _pt(s["beer_x"], s["beer_y"])
        d.ellipse((bx - 9, by - 9, bx + 9, by + 9), fill=(160, 90, 30), outline=kit.INK, width=2)
        kit.piece((bx - 9, by - 9, bx + 9, by + 9))
        kit.text_centered(d, (bx, by), "B", 14, fill=(255, 255, 255), bold=True)


def _income_markers(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Each seat's income marker on the track: colour and shape only (the players' panel says the
    income in words), seats on one space side by side across the track so none hides another."""
    spaces = _board()["progress_track"]["spaces"]
    on: dict[int, list[int]] = {}
    for seat, space in enumerate(view["income_space"]):
        on.setdefault(space, []).append(seat)
    for space, seats in on.items():
        sp = spaces[space]
        x, y = _pt(sp["x"], sp["y"])
        # Across the track: horizontal on the left and right edges, vertical on the top and bottom.
        across_x = sp["x"] < 60 or sp["x"] > 940
        for k, seat in enumerate(seats):
            off = (k - (len(seats) - 1) / 2) * 15
            SEATS.mark(
                d, seat, x + (off if across_x else 0), y + (0 if across_x else off), 8, letter=False
            )


def _highlight(
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
        x0, y0 = _pt(min(xs), min(ys))
        x1, y1 = _pt(max(xs), max(ys))
        pad = SLOT / 2 + 14
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        d.rounded_rectangle(box, 14, outline=colour, width=width)
        boxes.append(box)
    return boxes


CELL = 48


@kit.layer
def _base() -> Image.Image:
    """The whole empty map: the land under the links with the towns over it."""
    img = _static().copy()
    img.paste(_places(), (0, 0), _places())
    return img


@kit.sprite
def _places_cells() -> dict[tuple[int, int], Image.Image]:
    """The town layer cut into CELL-sized squares (only those with something on them)."""
    places = _places()
    out = {}
    for cy in range(0, HEIGHT, CELL):
        for cx in range(0, WIDTH, CELL):
            crop = places.crop((cx, cy, cx + CELL, cy + CELL))
            if crop.getchannel("A").getbbox():
                out[(cx // CELL, cy // CELL)] = crop
    return out


def _restore_places(img: Image.Image, lines: list[kit.Box], boxes: list[kit.Box]) -> None:
    """Put the towns back over what was drawn on the map since the base (links, frames): only in
    the cells those touched, which costs a fraction of pasting the whole town layer again."""
    cells = _places_cells()
    touched: set[tuple[int, int]] = set()
    for x0, y0, x1, y1 in lines:  # a segment with its half width
        steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / (CELL / 3)))
        for i in range(steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            for dx in (-8, 8):
                for dy in (-8, 8):
                    touched.add((int(x + dx) // CELL, int(y + dy) // CELL))
    for x0, y0, x1, y1 in boxes:
        for cx in range(int(x0 - 4) // CELL, int(x1 + 4) // CELL + 1):
            for cy in range(int(y0 - 4) // CELL, int(y1 + 4) // CELL + 1):
                touched.add((cx, cy))
    for key in touched:
        crop = cells.get(key)
        if crop is not None:
            img.paste(crop, (key[0] * CELL, key[1] * CELL), crop)


# -- panel -------------------------------------------------------------------------------------
def _header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    title = "Brass: Birmingham"
    d.text((20, 12), title, font=kit.font(30, True), fill=(255, 236, 190))
    if view["over"]:
        status = "Game over — final scoring"
    else:
        status = f"Round {view['round']} of {view['rounds']} · canal era"
    d.text((20, 54), status, font=kit.font(20), fill=(240, 226, 200))
    x = 430
    if view["over"]:
        who = "The game is over."
    else:
        seat = view["to_act"][0] if view["to_act"] else view["current"]
        name = kit.player_name(view, seat)
        if view["phase"] == "shortfall":
            who = f"▶ {name} must remove tiles to pay income"
        elif view["phase"] == "sell":
            who = f"▶ {name} is selling (sell more or done)"
        else:
            n = view["actions_left"]
            who = f"▶ {name} to act · {n} action{'s' if n != 1 else ''} left"
        SEATS.mark(d, seat, x + 12, 28, 12)
        x += 32
    d.text(
        (x, 14),
        kit.fit_text(who, 22, WIDTH - x - 20, True),
        font=kit.font(22, True),
        fill=(255, 255, 255),
    )
    last = view["last"]
    if last["text"]:
        lt = f"Last: {kit.player_name(view, last['seat'])} — {last['text']}"
        d.text((430, 54), kit.fit_text(lt, 18, WIDTH - 450), font=kit.font(18), fill=kit.HIGHLIGHT)


def _panel(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x = PANEL_X
    y: float = MAP_Y
    x += 14
    y += 10
    d.text((x, y), "Players (turn order)", font=kit.font(20, True), fill=kit.INK)
    y += 32
    for seat in view["order"]:
        acting = seat in view["to_act"]
        box = (x - 6, y - 4, x + PANEL_W - 22, y + 104)
        d.rounded_rectangle(
            box,
            10,
            fill=(250, 244, 230),
            outline=kit.TO_ACT if acting else kit.MUTED,
            width=4 if acting else 1,
        )
        SEATS.mark(d, seat, x + 16, y + 16, 14)
        name = ("▶ " if acting else "") + kit.player_name(view, seat)
        d.text(
            (x + 38, y + 3),
            kit.fit_text(name, 20, 220, True),
            font=kit.font(20, True),
            fill=kit.INK,
        )
        final = view.get("final")
        score = f"{final['scores'][seat]} VP final" if final else f"{view['vp'][seat]} VP"
        if final and seat in final["winners"]:
            score = "★ " + score
        d.text((x + PANEL_W - 34, y + 3), score, font=kit.font(20, True), fill=kit.INK, anchor="ra")
        d.text(
            (x + 6, y + 34),
            f"£{view['money'][seat]}  ·  spent £{view['spent'][seat]}  ·  income {view['income_level'][seat]:+d}",
            font=kit.font(17),
            fill=kit.INK,
        )
        top = view["discard_top"][seat]
        d.text(
            (x + 6, y + 58),
            f"hand {view['hand_sizes'][seat]} · links {view['links_left'][seat]} · discard: {_card(top) if top else '—'}",
            font=kit.font(16),
            fill=kit.INK,
        )
        mat = view["mats"][seat]
        nxt = "  ".join(
            f"{INDUSTRY_STYLE[i][1]}{_roman(mat[i]['next_level'])}" for i in C.INDUSTRIES
        )
        d.text((x + 6, y + 80), f"next: {nxt}", font=kit.font(15), fill=kit.MUTED)
        y += 114
    y += 4
    # Markets.
    d.text((x, y), "Markets", font=kit.font(20, True), fill=kit.INK)
    y += 30
    for res, cube in (("coal", (30, 30, 30)), ("iron", (226, 120, 30))):
        mk = view["markets"][res]
        d.text(
            (x, y),
            f"{res.title()}: {mk['cubes']}/{mk['capacity']}, next £{mk['price']} (empty £{mk['price_when_empty']})",
            font=kit.font(16),
            fill=kit.INK,
        )
        y += 24
        prices = C.market(res).prices
        for i, price in enumerate(prices):
            filled = i >= mk["capacity"] - mk["cubes"]
            cx = x + i * 34
            d.rectangle(
                (cx, y, cx + 28, y + 28), fill=cube if filled else (250, 246, 232), outline=kit.INK
            )
            kit.text_centered(
                d,
                (cx + 14, y + 14),
                str(price),
                14,
                fill=(255, 255, 255) if filled else kit.MUTED,
                bold=True,
            )
        y += 38
    d.text(
        (x, y),
        f"Deck {view['deck']} cards · wild location {view['wild_location']} · wild industry {view['wild_industry']}",
        font=kit.font(16),
        fill=kit.INK,
    )
    y += 30
    if view.get("final"):
        y = _score_sheet(d, view, x, y)
    # Legend.
    d.text((x, y), "Legend", font=kit.font(20, True), fill=kit.INK)
    y += 28
    col = 0
    for fill, code, name in INDUSTRY_STYLE.values():
        lx = x + col * 250
        d.rectangle((lx, y, lx + 30, y + 24), fill=fill, outline=kit.INK)
        kit.text_centered(d, (lx + 15, y + 12), code, 14, fill=_ink_for(fill), bold=True)
        d.text((lx + 38, y + 2), name, font=kit.font(16), fill=kit.INK)
        col = 1 - col
        if col == 0:
            y += 30
    lines = [
        "Tile border + mark = owner; dark tile = flipped (VP in corner)",
        "Number disc on a tile: coal / iron / beer left on it",
        "Thick coloured line = canal link; blue = free canal",
        "Dotted grey = rail only (not used); B = merchant beer",
        "Yellow frame = last move; raspberry frame = to act",
    ]
    if view.get("final"):
        lines = lines[:1]  # room for the score sheet
    for text in lines:
        d.text((x, y), kit.fit_text(text, 15, PANEL_W - 30), font=kit.font(15), fill=kit.INK)
        y += 22
    if view.get("approximate", {}).get("board_positions"):
        d.text((x, y), "Map positions are approximate.", font=kit.font(15), fill=kit.MUTED)


SHEET_COLUMNS = (
    ("before", "Game"),
    ("links", "Links"),
    ("industries", "Tiles"),
    ("money", "£"),
    ("income", "Inc."),
    ("again", "Again"),
)


def _score_sheet(d: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    """The final score sheet: players by place, one column per scoring step (B80) in the text
    sheet's order, and under each player the tie-break numbers (B82)."""
    final = view["final"]
    d.text((x, y), "Final scoring", font=kit.font(20, True), fill=kit.INK)
    y += 30
    col_w = 56
    name_w = PANEL_W - 30 - col_w * (len(SHEET_COLUMNS) + 1)
    for i, (_, label) in enumerate((*SHEET_COLUMNS, ("total", "Total"))):
        kit.text_centered(d, (x + name_w + col_w * i + col_w / 2, y + 9), label, 14, bold=True)
    y += 24
    for group in final["ranking"]:
        for seat in group:
            SEATS.mark(d, seat, x + 10, y + 11, 10)
            d.text(
                (x + 26, y),
                kit.fit_text(kit.player_name(view, seat), 16, name_w - 30),
                font=kit.font(16),
                fill=kit.INK,
            )
            sheet = final["breakdown"][seat]
            cells = [sheet[k] for k, _ in SHEET_COLUMNS] + [final["scores"][seat]]
            for i, value in enumerate(cells):
                kit.text_centered(
                    d,
                    (x + name_w + col_w * i + col_w / 2, y + 10),
                    str(value),
                    16,
                    bold=i == len(cells) - 1,
                )
            y += 26
            details = final.get("details") or []
            if seat < len(details):
                # The tie-breaks (B82), as on the text sheet: income level, then money.
                tie = details[seat]
                d.text(
                    (x + 26, y - 4),
                    f"tie-break: income level {tie['income_level']}, £{tie['money']}",
                    font=kit.font(13),
                    fill=kit.MUTED,
                )
                y += 16
    return y + 10


def _next_tile_lines(industry: str, level: int) -> list[str]:
    """Cost and yield of the next tile of ``industry`` (two short lines for the player mat)."""
    if not level:
        return ["none left"]
    lv = C.level(industry, level)
    cost = [f"£{lv.money}"] + [f"{n} {r}" for n, r in ((lv.coal, "coal"), (lv.iron, "iron")) if n]
    head = f"next {lv.roman}: " + " + ".join(cost)
    if not lv.canal_era:
        head = f"next {lv.roman}: not in canal era"
    lines = [head, f"{lv.vp} VP · income +{lv.income_spaces}"]
    extra = []
    if lv.beer_to_sell:
        extra.append(f"sells with {lv.beer_to_sell} beer")
    made = lv.coal_out or lv.iron_out or lv.beer_out
    if made:
        extra.append(
            f"makes {made} " + ("coal" if lv.coal_out else "iron" if lv.iron_out else "beer")
        )
    if not lv.can_develop:
        extra.append("no develop")
    if extra:
        lines.append(" · ".join(extra))
    return lines


def _roman(level: int) -> str:
    return ROMAN[level] if 0 <= level < len(ROMAN) else str(level)


def _card(card: str) -> str:
    """A card's name as printed."""
    if card in C.locations():
        return C.locations()[card].name
    return card.replace("_", " ").capitalize()


def _wrap(text: str, size: int, width: float) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and kit.text_width(lines[-1] + " " + word, size, True) <= width:
            lines[-1] += " " + word
        else:
            lines.append(kit.fit_text(word, size, width, True))
    return lines


def render(
    view: dict[str, Any], *, seat: int | None = None, names: Sequence[str] | None = None
) -> bytes:
    """The public board as PNG bytes (``view`` is a public view, maybe with ``names``)."""
    view = kit.with_names(view, names)
    base = _base()
    img = base.copy()
    d = kit.Pen(img)
    framed = []
    for mark in kit.earlier_marks(view):  # every move since the acting player's last turn
        framed += _highlight(d, mark.get("places", []), kit.EARLIER, kit.EARLIER_WIDTH)
    framed += _highlight(d, view["last"]["places"])
    lines = [seg for link in view["links"] for seg in _link(d, link["line"], link["owner"])]
    _restore_places(img, lines, framed)
    for link in view["links"]:
        _link_mark(d, link["line"], link["owner"])
    for m in view["merchants"]:
        _merchant_tile(d, m)
    for t in view["tiles"]:
        _tile(d, t)
    _tile_badges(d, view["tiles"])
    _income_markers(d, view)
    _header(d, view)
    _panel(d, view)
    return encode(img, base)


@kit.sprite
def _palette() -> Image.Image:
    """A fixed 256-colour palette: every colour the renderer names, plus 160 colours of the static
    map (its blends and antialiasing). Fixed, so output is the same in every process, and
    mapping to it measured ~10x faster than quantising each board."""
    named: list[tuple[int, int, int]] = [
        kit.PAPER,
        kit.INK,
        kit.MUTED,
        kit.PANEL,
        kit.HIGHLIGHT,
        kit.TO_ACT,
        SEA,
        LAND,
        CANAL,
        RAIL,
        FLIPPED_INK,
        (255, 255, 255),
        (60, 44, 34),
        (255, 236, 190),
        (240, 226, 200),
        (250, 244, 230),
        (252, 248, 236),
        (250, 246, 232),
        (40, 34, 30),
        (255, 236, 150),
        (20, 20, 20),
        (230, 120, 30),
        (160, 90, 30),
        (226, 120, 30),
        (30, 30, 30),
        (200, 190, 175),
        (250, 240, 215),
        (120, 92, 70),
        (150, 124, 100),
        (230, 215, 190),
        (120, 60, 140),
        (70, 90, 70),
        (255, 252, 240),
    ]
    named += list(SEATS.colours)
    named += [style[0] for style in INDUSTRY_STYLE.values()]
    named += [_hex(g["hex"]) for g in _board()["colour_groups"].values()]
    named = list(dict.fromkeys(named))
    sample = _map().quantize(colors=256 - len(named), method=Image.Quantize.FASTOCTREE)
    flat = [c for rgb in named for c in rgb] + (sample.getpalette() or [])[: 3 * (256 - len(named))]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


def encode(img: Image.Image, base: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img`` mapped to the fixed palette: the board is flat colours, so this is
    ~3x smaller than RGB and much faster to encode."""
    if base is not None:
        return kit.encode_png(kit.quantise(img, base, _palette()))
    return kit.encode_png(img.quantize(palette=_palette(), dither=Image.Dither.NONE))


def render_private(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes | None:
    """One seat's hand and player mat as PNG bytes, from a view made for that seat."""
    view = kit.with_names(view, names)
    private = view.get("private")
    if not private:
        return None
    seat = private["seat"]
    hand = private["hand"]
    img = kit.new_canvas(500)
    d = kit.Pen(img)
    d.rectangle((0, 0, WIDTH, 64), fill=(60, 44, 34))
    SEATS.mark(d, seat, 34, 32, 16)
    d.text(
        (60, 14),
        f"{kit.player_name(view, seat)} — your hand ({len(hand)} cards)",
        font=kit.font(28, True),
        fill=(255, 236, 190),
    )
    cw, ch = 180, 150
    for i, card in enumerate(hand):
        x = 20 + i * (cw + 12)
        y = 84
        if card in C.locations():
            group = C.locations()[card].colour_group or ""
            colour = _hex(_board()["colour_groups"][group]["hex"]) if group else kit.MUTED
            kind = "location"
        elif card.startswith("wild"):
            colour, kind = (120, 60, 140), "wild"
        else:
            colour, kind = (70, 90, 70), "industry"
        d.rounded_rectangle(
            (x, y, x + cw, y + ch), 12, fill=(252, 248, 236), outline=colour, width=6
        )
        d.rectangle((x + 6, y + 6, x + cw - 6, y + 40), fill=colour)
        kit.text_centered(
            d, (x + cw / 2, y + 23), kind.upper(), 15, fill=(255, 255, 255), bold=True
        )
        for j, line in enumerate(_wrap(_card(card), 18, cw - 16)[:3]):
            kit.text_centered(d, (x + cw / 2, y + 62 + j * 24), line, 18, bold=True)
        builds = C.industry_card_builds().get(card)
        if builds:
            codes = " / ".join(INDUSTRY_STYLE[b][1] for b in builds)
            kit.text_centered(d, (x + cw / 2, y + ch - 18), codes, 15, fill=kit.MUTED, bold=True)
    # The player mat: what is left of each industry, lowest first.
    y = 260
    d.text(
        (20, y), "Your mat (tiles left, lowest level first)", font=kit.font(20, True), fill=kit.INK
    )
    y += 34
    mat = view["mats"][seat]
    for k, ind in enumerate(C.INDUSTRIES):
        fill, code, name = INDUSTRY_STYLE[ind]
        x = 20 + k * 262
        d.rectangle((x, y, x + 40, y + 40), fill=fill, outline=kit.INK, width=2)
        kit.text_centered(d, (x + 20, y + 20), code, 15, fill=_ink_for(fill), bold=True)
        d.text((x + 48, y), name, font=kit.font(16, True), fill=kit.INK)
        d.text((x + 48, y + 22), f"{mat[ind]['left']} left", font=kit.font(15), fill=kit.INK)
        parts = [f"{_roman(i + 1)}×{n}" for i, n in enumerate(mat[ind]["counts"]) if n]
        for j in range(0, len(parts), 3):
            d.text(
                (x, y + 50 + j * 8), "  ".join(parts[j : j + 3]), font=kit.font(15), fill=kit.MUTED
            )
        # What the next tile costs and gives, as printed on the mat (needed to plan a build).
        for j, line in enumerate(_next_tile_lines(ind, mat[ind]["next_level"])):
            d.text(
                (x, y + 124 + j * 20),
                kit.fit_text(line, 15, 250, j == 0),
                font=kit.font(15, j == 0),
                fill=kit.INK,
            )
    return encode(img)


def render_glance(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, what is asked, VP and money
    per seat (#10.5)."""
    view = kit.with_names(view, names)
    final = view.get("final")
    vp = final["scores"] if final else view["vp"]
    scores = [f"{v} VP · £{m}" for v, m in zip(vp, view["money"], strict=True)]
    era = "canal era" if view.get("era", "canal") == "canal" else "rail era"
    if view["over"]:
        round_text, asked = "Game over", "Final scoring"
    else:
        round_text = f"Round {view['round']} of {view['rounds']} · {era}"
        if view["phase"] == "shortfall":
            asked = "Remove tiles to pay income"
        elif view["phase"] == "sell":
            asked = "Selling: sell more or done"
        else:
            n = view["actions_left"]
            asked = f"{n} action{'s' if n != 1 else ''} left"
    last = view["last"]
    line = f"Last: {kit.player_name(view, last['seat'])} — {last['text']}" if last["text"] else ""
    glance = kit.Glance("Brass", round_text, asked, scores, line, bool(view["over"]))
    return kit.glance(view, SEATS, glance)
