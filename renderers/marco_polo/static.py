"""The parts of the Marco Polo board drawn once per process: the map (sea, routes with their costs,
cities, oases, names) and the action-space reference table, and the fixed palette the PNG is
encoded with."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.marco_polo import tables as T
from renderers import kit
from renderers.marco_polo.layout import (
    BEIJING,
    BLACK,
    CAMEL_BADGE,
    COIN_BADGE,
    FONT,
    GOOD_COLOURS,
    LARGE,
    MAP_H,
    MAP_W,
    MAP_X,
    MAP_Y,
    MUTED,
    NEUTRAL,
    OASIS,
    PANEL_BG,
    REF_H,
    ROUTE,
    SAND,
    SEA,
    SEATS,
    SMALL,
    SMALL_CITY,
    WHITE,
    W,
    city_name,
    compact,
    fit,
    map_xy,
    put_centred,
    put_text,
    say,
    width_of,
)


# -- static layer -------------------------------------------------------------------------------
@kit.layer
def base_layer(height: int, lang: str, ref: float = 0) -> Image.Image:
    """The map and the reference tables at ``ref`` (city names keep their printed form; words in
    ``lang``)."""
    img = kit.new_canvas(height, W)
    d = kit.Pen(img)
    d.rounded_rectangle(
        (MAP_X - 8, MAP_Y - 8, MAP_X + MAP_W + 8, MAP_Y + MAP_H + 8), 18, fill=SEA, outline=kit.INK
    )
    d.rounded_rectangle((MAP_X, MAP_Y, MAP_X + MAP_W, MAP_Y + MAP_H), 14, fill=SAND)
    for r in T.ROUTES:
        (x1, y1), (x2, y2) = map_xy(r["a"]), map_xy(r["b"])
        d.line((x1, y1, x2, y2), fill=ROUTE, width=5)
    badges: list[kit.Box] = []  # route-cost badges: a city's name must not cover one
    for r in T.ROUTES:
        cost = r["extra_cost"]
        if cost["type"] == "none":
            continue
        (x1, y1), (x2, y2) = map_xy(r["a"]), map_xy(r["b"])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        label = str(cost["amount"])
        badges.append((mx - 14, my - 14, mx + 14, my + 14))
        if cost["type"] == "camel":  # camel costs: brown square; coin costs: gold circle
            d.rectangle((mx - 13, my - 13, mx + 13, my + 13), fill=CAMEL_BADGE, outline=kit.INK)
            put_centred(d, (mx, my), label, SMALL + 2, True, WHITE)
        else:
            d.ellipse((mx - 14, my - 14, mx + 14, my + 14), fill=COIN_BADGE, outline=kit.INK)
            put_centred(d, (mx, my), label, SMALL + 2, True, kit.INK)
    for loc, rec in T.LOCATIONS.items():
        x, y = map_xy(loc)
        kind = rec["type"]
        if kind == "oasis":
            d.polygon(kit.polygon(x, y, 15, 4), fill=OASIS, outline=kit.INK, width=2)
            put_centred(d, (x, y), loc[-1].upper(), SMALL, True, WHITE)
            continue
        if kind == "large_city":
            d.ellipse((x - 26, y - 26, x + 26, y + 26), fill=LARGE, outline=kit.INK, width=3)
        elif kind == "small_city":
            d.rectangle((x - 20, y - 20, x + 20, y + 20), fill=SMALL_CITY, outline=kit.INK, width=3)
        elif kind == "beijing":
            d.polygon(kit.polygon(x, y, 32, 8, 22.5), fill=BEIJING, outline=kit.INK, width=3)
        else:
            d.polygon(kit.polygon(x, y, 28, 5), fill=(90, 90, 90), outline=kit.INK, width=3)
        name = city_name(loc, lang)
        tw = width_of(name, FONT, True)
        ty = y - 44 if kind != "beijing" else y - 50
        x = clear_of(badges, x, ty, tw / 2 + 5)
        d.rounded_rectangle((x - tw / 2 - 5, ty - 11, x + tw / 2 + 5, ty + 11), 5, fill=PANEL_BG)
        put_centred(d, (x, ty), name, FONT, bold=True)
    draw_reference(d, lang, ref)
    return img


def clear_of(badges: list[kit.Box], x: float, y: float, half: float) -> float:
    """The x nearest ``x`` where a name ``2 * half`` wide at height ``y`` covers no badge (a long
    name, as in Japanese, slides sideways off a route's cost)."""
    for dx in sorted(range(-60, 61, 4), key=abs):
        box = (x + dx - half, y - 11, x + dx + half, y + 11)
        if not any(
            box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in badges
        ):
            return x + dx
    return x


def draw_reference(d: ImageDraw.ImageDraw, lang: str, y0: float) -> None:
    """What each action space gives, as printed on the board (static: drawn once): the bazaar
    table across the width, then the travel rows beside Khan's favor and the contract slots."""
    d.rounded_rectangle((20, y0, W - 20, y0 + REF_H), 14, fill=PANEL_BG, outline=kit.INK)
    put_text(d, (36, y0 + 8), fit(say("ref_bazaar", lang), 18, W - 72, True), 18, True, kit.INK)
    label_w = max(width_of(say(f"ref_row_{row}", lang), SMALL, True) for row in T.BAZAAR_ROWS)
    ys = y0 + 38
    # Each column as wide as its longest cell, so no reward is ever cut short.
    widths = [
        max(width_of(compact(T.BAZAAR[row][1][v], lang), SMALL) for row in T.BAZAAR_ROWS) + 14
        for v in range(1, 7)
    ]
    left = 36 + label_w + 12
    spare = max(0.0, (W - 36 - left - sum(widths)) / 6)
    widths = [w + spare for w in widths]
    centres = [left + sum(widths[:i]) + widths[i] / 2 for i in range(6)]
    for v in range(1, 7):
        put_centred(d, (centres[v - 1], ys + 8), f"{v}", SMALL, True, kit.INK)
    for i, row in enumerate(T.BAZAAR_ROWS):
        yy = ys + 24 + i * 26
        by_value = T.BAZAAR[row][1]
        put_text(d, (36, yy), say(f"ref_row_{row}", lang), SMALL, True, kit.INK)
        for v in range(1, 7):
            put_centred(d, (centres[v - 1], yy + 9), compact(by_value[v], lang), SMALL)
    yy = ys + 24 + 4 * 26 + 6
    d.line((36, yy, W - 36, yy), fill=MUTED, width=2)
    x, y1 = 36, yy + 10
    put_text(d, (x, y1), fit(say("ref_travel", lang), 18, W - 72, True), 18, True, kit.INK)
    labels = [say(label, lang) for label in ("ref_row", "ref_steps", "ref_coins")]
    head = max(width_of(label, SMALL, True) for label in labels) + 12
    row_w = 48
    yy = y1 + 40
    for k, label in enumerate(labels):
        put_text(d, (x, yy - 8), label, SMALL, True, kit.INK)
        for r, cells in T.TRAVEL_ROWS.items():
            put_centred(d, (x + head + (r - 0.5) * row_w, yy), str(cells[k]), SMALL, k == 0)
        yy += 24
    x = int(x + head + 6 * row_w + 30)
    d.line((x - 16, y1 + 34, x - 16, y0 + REF_H - 12), fill=MUTED, width=2)
    khan = compact(dict(T.KHAN_REWARD), lang)
    contracts = " ".join((say("ref_contracts", lang), say("ref_contracts2", lang)))
    yy = y1 + 32
    for text in (say("ref_khan", lang, reward=khan), contracts):
        for line in kit.wrap(text, SMALL, W - 36 - x, 3):
            put_text(d, (x, yy), line, SMALL, False, kit.INK)
            yy += 20


@cache
def static_boxes(height: int, lang: str, ref: float = 0) -> tuple[kit.Box, ...]:
    """The boxes of every label the static map carries (names, route costs, oases)."""
    layout = base_layer.layout(height, lang, ref)  # type: ignore[attr-defined]
    return tuple(t[0] for t in layout.texts)


@kit.sprite
def palette() -> Image.Image:
    """A fixed 256-colour palette: every colour drawn here plus blends for smooth text edges.

    Mapping to a fixed palette takes a few milliseconds and makes the PNG about 2.5 times smaller
    and several times faster to encode than full RGB (measured: ~10 ms vs ~90 ms here).
    """
    base = [
        kit.PAPER,
        kit.INK,
        kit.MUTED,
        kit.PANEL,
        kit.HIGHLIGHT,
        kit.TO_ACT,
        SAND,
        SEA,
        ROUTE,
        CAMEL_BADGE,
        COIN_BADGE,
        LARGE,
        SMALL_CITY,
        OASIS,
        BEIJING,
        WHITE,
        BLACK,
        NEUTRAL,
        PANEL_BG,
        (220, 232, 245),
        (250, 226, 200),
        (255, 240, 200),
        (90, 90, 90),
        *GOOD_COLOURS.values(),
        *SEATS.colours,
    ]
    colours: list[tuple[int, int, int]] = list(dict.fromkeys(base))
    backs = [
        kit.PAPER,
        PANEL_BG,
        SAND,
        kit.PANEL,
        (220, 232, 245),
        (250, 226, 200),
        (255, 240, 200),
        WHITE,
        kit.HIGHLIGHT,
        kit.TO_ACT,
    ]
    fronts = [kit.INK, kit.MUTED, ROUTE, BLACK]
    pairs = [(f, b) for f in fronts for b in backs]
    pairs += [
        (WHITE, c) for c in (*SEATS.colours, CAMEL_BADGE, OASIS, BLACK, NEUTRAL, LARGE, SMALL_CITY)
    ]
    pairs += [
        (kit.INK, c) for c in (*SEATS.colours, COIN_BADGE, LARGE, SMALL_CITY, OASIS, BEIJING, SEA)
    ]
    for f, b in pairs:
        for t in (0.2, 0.4, 0.6, 0.8):
            r, g, bl = (round(f[i] * t + b[i] * (1 - t)) for i in range(3))
            colours.append((r, g, bl))
    colours = list(dict.fromkeys(colours))[:256]
    flat = [v for c in colours for v in c]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def encode(img: Image.Image, base: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img`` mapped onto the fixed palette.

    ``base`` (the static layer ``img`` was copied from) is no longer used: on the 1080 px portrait
    board nearly every band of rows changes (panels, dice, tiles), so mapping the whole image at
    once is faster than kit.quantise's unchanged-band reuse (measured: render 43 → 28 ms,
    ``turnpost bench marco_polo --skip-service``); the pixels are the same."""
    del base
    return kit.encode_png(img.quantize(palette=palette(), dither=Image.Dither.NONE))
