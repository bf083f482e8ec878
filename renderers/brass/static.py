"""The cached layers of the Brass board: the map under the links, the towns over them, the
palette every board is mapped to."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engines.brass import components as C
from renderers import kit
from renderers.brass.layout import (
    BONUS_TEXT,
    CANAL,
    FLIPPED_INK,
    HEADER,
    HEIGHT,
    INDUSTRY_STYLE,
    LAND,
    MAP_Y,
    MERCHANT_TILE,
    PANEL_W,
    PANEL_X,
    RAIL,
    SEA,
    SEATS,
    SLOT,
    WIDTH,
    board_data,
    hex_rgb,
    label_xy,
    pt,
)


@kit.layer
def static_layer() -> Image.Image:
    """The unchanging map under the links: land, printed lines, the progress track."""
    img = kit.new_canvas(HEIGHT)
    d = kit.Pen(img)
    x0, y0 = pt(0, 0)
    x1, y1 = pt(1000, 1000)
    d.rounded_rectangle((x0, y0, x1, y1), 18, fill=SEA, outline=kit.INK, width=2)
    d.rounded_rectangle((x0 + 40, y0 + 40, x1 - 40, y1 - 40), 14, fill=LAND)
    board = board_data()
    # Lines first, under the towns.
    for ln in board["links"]:
        ends = [C.locations()[e] for e in ln["ends"]]
        mid = pt(ln["tile_x"], ln["tile_y"])
        colour, width = (CANAL, 7) if ln["canal"] else (RAIL, 3)
        for loc in ends:
            if ln["canal"]:
                d.line((*pt(loc.x, loc.y), *mid), fill=colour, width=width)
            else:
                dotted(d, pt(loc.x, loc.y), mid, colour, width)
    track(d)
    # The panel's and the header's grounds are static too.
    d.rounded_rectangle((PANEL_X, MAP_Y, PANEL_X + PANEL_W, HEIGHT - 12), 14, fill=kit.PANEL)
    d.rectangle((0, 0, WIDTH, HEADER), fill=(60, 44, 34))
    return img


@kit.layer
def places_layer() -> Image.Image:
    """The unchanging map over the links (transparent elsewhere): towns with their empty slots
    and name plates, farms, merchant frames. Pasted after the links, so a link never hides a
    town's spaces or name."""
    img = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    d = kit.Pen(img)
    groups = board_data()["colour_groups"]
    for raw in board_data()["locations"]:
        loc = C.locations()[raw["id"]]
        cx, cy = pt(loc.x, loc.y)
        if loc.kind == "merchant":
            merchant_frame(d, raw)
            continue
        hexcol = groups[loc.colour_group]["hex"] if loc.colour_group else "#6b8e3d"
        band = hex_rgb(hexcol)
        xs = [s.x for s in loc.slots]
        ys = [s.y for s in loc.slots]
        bx0, by0 = pt(min(xs), min(ys))
        bx1, by1 = pt(max(xs), max(ys))
        pad = SLOT / 2 + 6
        d.rounded_rectangle(
            (bx0 - pad, by0 - pad, bx1 + pad, by1 + pad), 10, fill=band, outline=kit.INK, width=2
        )
        for s in loc.slots:
            empty_slot(d, *pt(s.x, s.y), s.industries)
        name_plate(d, raw)
    return img


@kit.sprite
def empty_map() -> Image.Image:
    """The whole empty map (for the palette)."""
    img = static_layer().copy()
    img.paste(places_layer(), (0, 0), places_layer())
    return img


def name_plate(d: ImageDraw.ImageDraw, raw: dict[str, Any]) -> None:
    """A town's or farm's name plate (drawn again over a last-move frame, so it stays readable)."""
    loc = C.locations()[raw["id"]]
    hexcol = (
        board_data()["colour_groups"][loc.colour_group]["hex"] if loc.colour_group else "#6b8e3d"
    )
    name = loc.name if loc.kind == "town" else "Farm brewery"
    w = kit.text_width(name, 16, True)
    lx, ly = label_xy(raw["id"], w)
    d.rounded_rectangle(
        (lx - w / 2 - 5, ly - 11, lx + w / 2 + 5, ly + 11),
        6,
        fill=(255, 252, 240),
        outline=hex_rgb(hexcol),
        width=2,
    )
    kit.text_centered(d, (lx, ly), name, 16, bold=True)


def dotted(
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


def empty_slot(d: ImageDraw.ImageDraw, cx: float, cy: float, industries: tuple[str, ...]) -> None:
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


def merchant_frame(d: ImageDraw.ImageDraw, raw: dict[str, Any]) -> None:
    m = raw["merchant"]
    xs = [s["x"] for s in m["slots"]] + [raw["x"]]
    ys = [s["y"] for s in m["slots"]] + [raw["y"]]
    x0, y0 = pt(min(xs), min(ys))
    x1, y1 = pt(max(xs), max(ys))
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
    lo, hi = pt(0, 0)[0] + 40 + w / 2 + 4, pt(1000, 0)[0] - 40 - w / 2 - 4
    cx = min(max((x0 + x1) / 2, lo), hi)
    beer_above = any(sl["beer_y"] < sl["y"] for sl in m["slots"])
    ly = y1 + pad + 12 if beer_above else y0 - pad - 14
    d.rounded_rectangle((cx - w / 2 - 6, ly - 12, cx + w / 2 + 6, ly + 12), 8, fill=(60, 44, 34))
    kit.text_centered(d, (cx, ly), label, 15, fill=(255, 236, 190), bold=True)
    for s in m["slots"]:
        sx, sy = pt(s["x"], s["y"])
        h = MERCHANT_TILE / 2
        d.rectangle(
            (sx - h, sy - h, sx + h, sy + h), fill=(150, 124, 100), outline=(90, 70, 55), width=1
        )
        kit.text_centered(d, (sx, sy), f"{min(s['player_counts'])}+p", 14, fill=(230, 215, 190))


def track(d: ImageDraw.ImageDraw) -> None:
    """The progress track around the edge: space numbers every 5, level labels in the margin."""
    for sp in board_data()["progress_track"]["spaces"]:
        x, y = pt(sp["x"], sp["y"])
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=kit.MUTED)
        if sp["space"] % 10 == 0:
            kit.text_centered(
                d, (x, y + (14 if y < MAP_Y + 40 else -14)), str(sp["space"]), 14, fill=kit.MUTED
            )


@cache
def static_boxes() -> tuple[kit.Box, ...]:
    """Every label of the static map (towns' name plates, merchants, the track's numbers)."""
    texts = static_layer.layout().texts + places_layer.layout().texts  # type: ignore[attr-defined]
    return tuple(t[0] for t in texts)


CELL = 48


@kit.layer
def base_layer() -> Image.Image:
    """The whole empty map: the land under the links with the towns over it."""
    img = static_layer().copy()
    img.paste(places_layer(), (0, 0), places_layer())
    return img


@kit.sprite
def places_cells() -> dict[tuple[int, int], Image.Image]:
    """The town layer cut into CELL-sized squares (only those with something on them)."""
    places = places_layer()
    out = {}
    for cy in range(0, HEIGHT, CELL):
        for cx in range(0, WIDTH, CELL):
            crop = places.crop((cx, cy, cx + CELL, cy + CELL))
            if crop.getchannel("A").getbbox():
                out[(cx // CELL, cy // CELL)] = crop
    return out


def restore_places(img: Image.Image, lines: list[kit.Box], boxes: list[kit.Box]) -> None:
    """Put the towns back over what was drawn on the map since the base (links, frames): only in
    the cells those touched, which costs a fraction of pasting the whole town layer again."""
    cells = places_cells()
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


@kit.sprite
def palette() -> Image.Image:
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
    named += [hex_rgb(g["hex"]) for g in board_data()["colour_groups"].values()]
    named = list(dict.fromkeys(named))
    sample = empty_map().quantize(colors=256 - len(named), method=Image.Quantize.FASTOCTREE)
    flat = [c for rgb in named for c in rgb] + (sample.getpalette() or [])[: 3 * (256 - len(named))]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


def encode(img: Image.Image, base: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img`` mapped to the fixed palette: the board is flat colours, so this is
    ~3x smaller than RGB and much faster to encode."""
    if base is not None:
        return kit.encode_png(kit.quantise(img, base, palette()))
    return kit.encode_png(img.quantize(palette=palette(), dither=Image.Dither.NONE))
