"""The cached layers of the Brass board: the map under the links, the towns over them, the
palette every board is mapped to."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engines.brass import components as C
from renderers import kit
from renderers.brass import words as W
from renderers.brass.layout import (
    BAND,
    CANAL,
    FARM_GREEN,
    FLIPPED_INK,
    HEADER,
    INDUSTRY_FILL,
    LAND,
    MAP_BOTTOM,
    MAP_Y,
    MERCHANT_TILE,
    RAIL,
    SEA,
    SEATS,
    SLOT,
    SLOT_GROUND,
    WIDTH,
    board_data,
    height,
    hex_rgb,
    label_xy,
    pt,
)
from renderers.brass.panels import panel_grounds


@kit.layer
def static_layer() -> Image.Image:
    """The unchanging map under the links: the header band, land, printed lines, the track."""
    img = kit.new_canvas(MAP_BOTTOM + 4, WIDTH)
    d = kit.Pen(img)
    x0, y0 = pt(0, 0)
    x1, y1 = pt(1000, 1000)
    d.rounded_rectangle((x0, y0, x1, y1), 18, fill=SEA, outline=kit.INK, width=2)
    d.rounded_rectangle((x0 + 40, y0 + 40, x1 - 40, y1 - 40), 14, fill=LAND)
    # Lines first, under the towns: a blue band where a canal may go (canal era), a dark track
    # with ties where a rail may go (rail era); a line open to both shows both.
    for ln in board_data()["links"]:
        mid = pt(ln["tile_x"], ln["tile_y"])
        for end in ln["ends"]:
            loc = C.locations()[end]
            if ln["canal"]:
                d.line((*pt(loc.x, loc.y), *mid), fill=CANAL, width=9)
    for ln in board_data()["links"]:
        mid = pt(ln["tile_x"], ln["tile_y"])
        for end in ln["ends"]:
            loc = C.locations()[end]
            if ln["rail"]:
                rail_track(d, pt(loc.x, loc.y), mid, RAIL, 2, 5)
    track(d)
    d.rectangle((0, 0, WIDTH, HEADER), fill=BAND)
    return img


@kit.layer
def places_layer(lang: str) -> Image.Image:
    """The unchanging map over the links (transparent elsewhere): towns with their empty slots
    and name plates, farms, merchant frames. Pasted after the links, so a link never hides a
    town's spaces or name."""
    img = Image.new("RGBA", (WIDTH, MAP_BOTTOM + 4), (0, 0, 0, 0))
    d = kit.Pen(img)
    groups = board_data()["colour_groups"]
    for raw in board_data()["locations"]:
        loc = C.locations()[raw["id"]]
        if loc.kind == "merchant":
            merchant_frame(d, raw, lang)
            continue
        hexcol = groups[loc.colour_group]["hex"] if loc.colour_group else FARM_GREEN
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
            empty_slot(d, *pt(s.x, s.y), s.industries, lang)
        name_plate(d, raw, lang)
    return img


@kit.sprite
def empty_map() -> Image.Image:
    """The whole empty map (for the palette)."""
    img = static_layer().copy()
    img.paste(places_layer("en"), (0, 0), places_layer("en"))
    return img


def name_plate(d: ImageDraw.ImageDraw, raw: dict[str, Any], lang: str) -> None:
    """A town's name plate as printed, or a farm brewery's in ``lang``."""
    loc = C.locations()[raw["id"]]
    hexcol = (
        board_data()["colour_groups"][loc.colour_group]["hex"] if loc.colour_group else FARM_GREEN
    )
    name = loc.name if loc.kind == "town" else W.say("farm", lang)
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


def rail_track(
    d: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: tuple[int, int, int],
    width: int,
    tie: float,
) -> None:
    """A railway from ``a`` to ``b``: a line with a cross tie of half-length ``tie`` every 12 px."""
    d.line((*a, *b), fill=colour, width=width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return
    nx, ny = -dy / length * tie, dx / length * tie
    for i in range(1, int(length / 12)):
        x, y = a[0] + dx * i * 12 / length, a[1] + dy * i * 12 / length
        d.line((x - nx, y - ny, x + nx, y + ny), fill=colour, width=width)


def empty_slot(
    d: ImageDraw.ImageDraw, cx: float, cy: float, industries: tuple[str, ...], lang: str
) -> None:
    """An empty industry space with the code of what it takes (two codes for a choice)."""
    h = SLOT / 2
    d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=SLOT_GROUND, outline=kit.INK, width=1)
    if len(industries) == 1:
        fill = INDUSTRY_FILL[industries[0]]
        d.rectangle(
            (cx - h + 4, cy - h + 4, cx + h - 4, cy + h - 4),
            outline=fill if sum(fill) < 600 else kit.MUTED,
            width=3,
        )
        kit.text_centered(d, (cx, cy), W.code(industries[0], lang), 15, fill=kit.MUTED, bold=True)
    else:
        a, b = (W.code(i, lang) for i in industries)
        kit.text_centered(d, (cx, cy - 10), a, 14, fill=kit.MUTED, bold=True)
        kit.text_centered(d, (cx, cy + 10), b, 14, fill=kit.MUTED, bold=True)


def merchant_frame(d: ImageDraw.ImageDraw, raw: dict[str, Any], lang: str) -> None:
    """A merchant's frame, its name and bonus plate, and its empty tile spaces."""
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
    label = f"{raw['name']} · {W.say('bonus.' + raw['id'], lang)}"
    w = kit.text_width(label, 15, True)
    # Inside the land, clear of the progress track and its income markers round the edge.
    lo, hi = pt(0, 0)[0] + 40 + w / 2 + 4, pt(1000, 0)[0] - 40 - w / 2 - 4
    beer_above = any(sl["beer_y"] < sl["y"] for sl in m["slots"])
    ly = y1 + pad + 12 if beer_above else y0 - pad - 14
    # Beside the track's numbers, never over one (a longer bonus in another language reached one).
    numbers = [t[0] for t in static_layer.layout().texts]  # type: ignore[attr-defined]
    centre = min(max((x0 + x1) / 2, lo), hi)
    cx = centre
    for dx in range(0, 400, 6):
        for c in (centre - dx, centre + dx):
            box = (c - w / 2 - 6, ly - 12, c + w / 2 + 6, ly + 12)
            if lo <= c <= hi and not any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in numbers
            ):
                cx = c
                break
        else:
            continue
        break
    d.rounded_rectangle((cx - w / 2 - 6, ly - 12, cx + w / 2 + 6, ly + 12), 8, fill=(60, 44, 34))
    kit.text_centered(d, (cx, ly), label, 15, fill=(255, 236, 190), bold=True)
    for s in m["slots"]:
        sx, sy = pt(s["x"], s["y"])
        h = MERCHANT_TILE / 2
        d.rectangle(
            (sx - h, sy - h, sx + h, sy + h), fill=(150, 124, 100), outline=(90, 70, 55), width=1
        )
        kit.text_centered(
            d,
            (sx, sy),
            W.say("min_players", lang, count=min(s["player_counts"])),
            14,
            fill=(230, 215, 190),
        )


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
def static_boxes(lang: str) -> tuple[kit.Box, ...]:
    """Every label of the static map (towns' name plates, merchants, the track's numbers)."""
    texts = static_layer.layout().texts + places_layer.layout(lang).texts  # type: ignore[attr-defined]
    return tuple(t[0] for t in texts)


CELL = 48


@kit.layer
def base_layer(lang: str, players: int, full: bool, sheet: bool, ties: bool) -> Image.Image:
    """The whole board before the pieces: the map with the towns over it, and the
    panel's grounds, headings and legend (only the numbers change from board to board)."""
    img = kit.new_canvas(height(players, sheet, ties), WIDTH)
    img.paste(static_layer(), (0, 0))
    img.paste(places_layer(lang), (0, 0), places_layer(lang))
    d = kit.Pen(img)
    panel_grounds(d, lang, players, full, sheet, ties)
    return img


@kit.sprite
def places_cells(lang: str) -> dict[tuple[int, int], Image.Image]:
    """The town layer cut into CELL-sized squares (only those with something on them)."""
    places = places_layer(lang)
    out = {}
    for cy in range(0, places.height, CELL):
        for cx in range(0, WIDTH, CELL):
            crop = places.crop((cx, cy, cx + CELL, cy + CELL))
            if crop.getchannel("A").getbbox():
                out[(cx // CELL, cy // CELL)] = crop
    return out


def restore_places(
    img: Image.Image,
    lines: list[kit.Box],
    boxes: list[kit.Box],
    lang: str,
    dirty: list[kit.Box] | None = None,
) -> None:
    """Put the towns back over what was drawn on the map since the base (links, frames): only in
    the cells those touched, which costs a fraction of pasting the whole town layer again."""
    cells = places_cells(lang)
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
            if isinstance(dirty, list):
                dirty.append(
                    (key[0] * CELL, key[1] * CELL, (key[0] + 1) * CELL, (key[1] + 1) * CELL)
                )


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
    named += list(INDUSTRY_FILL.values())
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
    return kit.encode_paletted(img, palette(), base)


class DirtyPen(kit.Pen):
    """A pen that notes the box of every shape it draws (``dirty``), so encoding maps to the
    palette only what changed since the base: diffing the whole board against its base, and
    copying it, cost more than the drawing under load. Texts on the map are drawn inside a shape
    (tile, disc, mark), and the header and panel are always redone, so shapes are enough."""

    def __init__(self, im: Image.Image) -> None:
        super().__init__(im)
        self.dirty: list[kit.Box] = []

    def _note(self, xy: Any, width: float) -> None:
        if isinstance(xy[0], (int, float)):
            xs, ys = xy[0::2], xy[1::2]
        else:
            xs, ys = [p[0] for p in xy], [p[1] for p in xy]
        m = width / 2 + 2
        self.dirty.append((min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m))

    def line(self, xy: Any, fill: Any = None, width: int = 0, joint: Any = None) -> None:
        self._note(xy, width)
        super().line(xy, fill, width, joint)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._note(xy, width)
        super().rectangle(xy, fill, outline, width)

    def rounded_rectangle(  # type: ignore[override]
        self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self._note(xy, width)
        super().rounded_rectangle(xy, radius, fill, outline, width)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._note(xy, width)
        super().ellipse(xy, fill, outline, width)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._note(xy, width)
        super().polygon(xy, fill, outline, width)


#: Rows per band when mapping changed regions to the palette.
BAND_ROWS = 32
_MAPPED: dict[int, tuple[Image.Image, Image.Image]] = {}


def encode_changed(img: Image.Image, base: Image.Image, dirty: list[kit.Box]) -> bytes:
    """PNG bytes of ``img`` (a copy of ``base`` drawn on inside ``dirty`` and over the header
    and the panel) mapped to the palette: the base's mapping is kept, and only each band of rows'
    span of changed boxes is mapped again. Pixel-identical to mapping the whole image."""
    pal = palette()
    key = id(base)
    if key not in _MAPPED or _MAPPED[key][0] is not base:
        _MAPPED[key] = (base, base.quantize(palette=pal, dither=Image.Dither.NONE))
    out = _MAPPED[key][1].copy()
    w, h = img.size
    spans: dict[int, list[float]] = {}
    for x0, y0, x1, y1 in (*dirty, (0, 0, w, HEADER), (0, MAP_BOTTOM, w, h)):
        for band in range(max(0, int(y0)) // BAND_ROWS, min(h - 1, int(y1)) // BAND_ROWS + 1):
            span = spans.setdefault(band, [x0, x1])
            span[0], span[1] = min(span[0], x0), max(span[1], x1)
    for band, (x0, x1) in spans.items():
        box = (
            max(0, int(x0)),
            band * BAND_ROWS,
            min(w, int(x1) + 1),
            min(h, (band + 1) * BAND_ROWS),
        )
        if box[2] > box[0]:
            out.paste(img.crop(box).quantize(palette=pal, dither=Image.Dither.NONE), box[:2])
    return kit.encode_png(out)
