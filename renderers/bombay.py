"""Bombay board renderer: the trail map, markets, players and legend, drawn from a view.

``render(view)`` draws the public table (never a rupee total before the end: the view has none);
``render_private(view)`` draws one seat's screen. The static layer (paper, trails, site shapes,
labels, legend) is drawn once per process and copied; each call adds only the moving pieces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engines.data import load_json
from renderers import kit

#: Seat colours of this game (kit.SEAT_PALETTES), never a component colour here (#10.6).
SEATS = kit.Seats.of("bombay")

# -- layout constants (pixels) --------------------------------------------------------------------
WIDTH = kit.WIDTH
HEIGHT = 1262
HEADER_H = 96
MAP_X, MAP_Y = 16, HEADER_H + 4
MAP_SCALE = 1.04  # board.json uses a notional 1000 × 1000 canvas
PANEL_X = MAP_X + int(1000 * MAP_SCALE) + 20
PANEL_W = WIDTH - PANEL_X - 16
ELEPHANT_ANGLES = (-90, -30, -150, 15, 165)  # degrees, y down: top first
BALE = 26  # side of a silk bale square
MAP_BOTTOM = MAP_Y + int(1000 * MAP_SCALE)
LEGEND_H = 364
LEGEND_Y = MAP_BOTTOM - LEGEND_H
GLANCE_Y = MAP_BOTTOM + 12
SITE_R = {
    "city": 50,
    "hill": 36,
    "trading_post_site": 30,
    "palace_token_site": 31,
    "empty_site": 24,
}

MAP_BG = (236, 226, 198)
TRAIL = (150, 120, 80)
TRACK = (214, 190, 146)
HILL_FILL = (176, 150, 104)
CITY_FILL = (250, 246, 236)
EMPTY_FILL = (250, 246, 236)
TOKEN_FILL = (252, 220, 90)  # palace tokens lie yellow side up (Y5)
CLOSED = (200, 40, 40)
PATH = (255, 222, 120)  # a paler highlight for earlier steps of the last turn
WHITE = (255, 255, 255)

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
SILK_LETTER = {"yellow": "Y", "blue": "B", "purple": "P", "orange": "O"}
TOKEN_TEXT = {"client": "client", "city": "city", "rupees2": "+2", "silk": "silk"}
POSITION_VALUE = ("4", "3", "1+c")


def _xy(x: float, y: float) -> tuple[float, float]:
    """Notional board coordinates → image pixels."""
    return MAP_X + x * MAP_SCALE, MAP_Y + y * MAP_SCALE


@cache
def _board() -> dict[str, Any]:
    raw: dict[str, Any] = load_json("bombay", "board.json")
    return raw


@cache
def _sites() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in _board()["sites"]}


def _names(view: dict[str, Any]) -> list[str]:
    return [kit.player_name(view, s) for s in range(int(view.get("players", 0)))]


# -- small drawing helpers -------------------------------------------------------------------------


def _bale(draw: ImageDraw.ImageDraw, colour: str, x: float, y: float, size: int = BALE) -> None:
    """A silk bale: its colour, a pattern and its letter (colour is never the only cue)."""
    rgb = SILK_RGB.get(colour, (128, 128, 128))
    draw.rectangle((x, y, x + size, y + size), fill=rgb, outline=kit.INK, width=2)
    kit.piece((x, y, x + size, y + size))
    light = tuple(min(255, c + 60) for c in rgb)
    if colour == "yellow":  # dots
        for dx in (5, size - 7):
            for dy in (5, size - 7):
                draw.ellipse((x + dx, y + dy, x + dx + 3, y + dy + 3), fill=kit.INK)
    elif colour == "blue":  # horizontal lines
        for dy in (5, size - 6):
            draw.line((x + 3, y + dy, x + size - 3, y + dy), fill=light, width=2)
    elif colour == "purple":  # diagonal
        draw.line((x + 3, y + size - 3, x + 9, y + 3), fill=light, width=2)
        draw.line((x + size - 9, y + size - 3, x + size - 3, y + 3), fill=light, width=2)
    else:  # vertical lines
        for dx in (5, size - 6):
            draw.line((x + dx, y + 3, x + dx, y + size - 3), fill=light, width=2)
    text = WHITE if colour == "purple" else kit.INK
    kit.text_centered(
        draw, (x + size / 2, y + size / 2), SILK_LETTER.get(colour, "?"), 16, fill=text, bold=True
    )


def _house(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float) -> None:
    """A palace: a house outline in the seat's colour with the seat's letter."""
    colour = SEATS.colour(seat)
    pts = [
        (cx - r, cy + r),
        (cx - r, cy - r * 0.2),
        (cx, cy - r * 1.15),
        (cx + r, cy - r * 0.2),
        (cx + r, cy + r),
    ]
    draw.polygon(pts, fill=colour, outline=kit.INK, width=3)
    kit.piece((cx - r, cy - r * 1.15, cx + r, cy + r))
    letter = kit.seat_letter(seat)
    kit.text_centered(draw, (cx, cy + r * 0.1), letter, 18, fill=kit.on_colour(colour), bold=True)


def _hill(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.chord(
        (cx - r * 1.25, cy - r, cx + r * 1.25, cy + r * 1.3),
        180,
        360,
        fill=HILL_FILL,
        outline=kit.INK,
        width=2,
    )
    draw.line((cx - r * 1.25, cy + r * 0.15, cx + r * 1.25, cy + r * 0.15), fill=kit.INK, width=2)


def _site_shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float) -> None:
    r = SITE_R[kind]
    if kind == "hill":
        _hill(draw, cx, cy, r)
    elif kind == "city":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CITY_FILL, outline=kit.INK, width=4)
        draw.ellipse((cx - r + 7, cy - r + 7, cx + r - 7, cy + r - 7), outline=kit.MUTED, width=1)
    elif kind == "trading_post_site":
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=EMPTY_FILL, outline=kit.INK, width=2)
    elif kind == "palace_token_site":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=EMPTY_FILL, outline=kit.INK, width=2)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=EMPTY_FILL, outline=kit.INK, width=2)


def _label_pos(site: dict[str, Any]) -> tuple[float, float]:
    cx, cy = _xy(site["x"], site["y"])
    r = SITE_R[site["kind"]]
    return cx, cy + r + 12


def _site_label(draw: ImageDraw.ImageDraw, s: dict[str, Any]) -> None:
    """The typable id and number under a site (``e3 · 18``)."""
    lx, ly = _label_pos(s)
    label = f"{s['id']} · {s['num']}"
    bold = s["kind"] != "city"  # the city's name inside its disc is the bold one
    w = kit.text_width(label, 15, bold)
    draw.rounded_rectangle(
        (lx - w / 2 - 4, ly - 10, lx + w / 2 + 4, ly + 10), 5, fill=(255, 250, 238)
    )
    kit.text_centered(draw, (lx, ly), label, 15, bold=bold)


# -- static layer ----------------------------------------------------------------------------------


@kit.layer
def _static(unused: tuple[str, ...] = ()) -> Image.Image:
    """Paper, map, trails, sites, labels, legend; ``unused`` trading-post sites (the F sites
    with 2–3 players, Y22) are drawn as the plain empty sites they are in that game."""
    img = kit.new_canvas(HEIGHT)
    draw = kit.Pen(img)
    x0, y0 = _xy(0, 0)
    x1, y1 = _xy(1000, 1000)
    draw.rounded_rectangle((x0, y0, x1, y1), 18, fill=MAP_BG, outline=kit.INK, width=3)
    sites = _sites()
    # trails as dusty paths: a dark verge under a lighter track
    for width, colour in ((11, TRAIL), (5, TRACK)):
        for t in _board()["trails"]:
            a, b = sites[t["a"]], sites[t["b"]]
            draw.line((*_xy(a["x"], a["y"]), *_xy(b["x"], b["y"])), fill=colour, width=width)
    for s in sites.values():
        if s["kind"] == "city":
            _demand_tie(draw, s)
    for s in sites.values():
        cx, cy = _xy(s["x"], s["y"])
        _site_shape(draw, "empty_site" if s["id"] in unused else s["kind"], cx, cy)
        if s["kind"] == "city":
            size = 17 if kit.text_width(s["label"], 17, True) < 2 * SITE_R["city"] - 12 else 15
            kit.text_centered(draw, (cx, cy), s["label"], size, bold=True)
        _site_label(draw, s)
        if s["kind"] == "hill":
            kit.text_centered(draw, (cx, cy - 6), s["letter"], 22, bold=True, fill=WHITE)
    # the market corner of the notional board holds the stand-in notice instead
    nx, ny = _xy(712, 22)
    notice = (
        "Approximate: Turnpost stand-in",
        "map, demand columns and",
        "palace-token mix (the printed",
        "board is not public)",
    )
    for i, line in enumerate(notice):
        draw.text((nx, ny + i * 21), line, font=kit.font(15, i == 0), fill=kit.MUTED)
    _legend(draw, PANEL_X, LEGEND_Y)
    _glance(draw)
    return img


def _demand_tie(draw: ImageDraw.ImageDraw, site: dict[str, Any]) -> None:
    """A dotted line from a city's demand column to the city, drawn only where another site is
    about as near to the column as its own city (Hyderabad's and Bombay's on the stand-in
    board), so no player reads the column as belonging to the wrong place."""
    slots = [_xy(*slot) for slot in site["demand_slots"]]
    mx = sum(x for x, _ in slots) / len(slots)
    my = sum(y for _, y in slots) / len(slots)
    cx, cy = _xy(site["x"], site["y"])

    def gap(s: dict[str, Any]) -> float:
        sx, sy = _xy(s["x"], s["y"])
        return math.hypot(sx - mx, sy - my) - SITE_R[s["kind"]]

    others = [gap(s) for s in _sites().values() if s["id"] != site["id"]]
    if min(others) > 1.5 * gap(site):
        return
    length = math.hypot(cx - mx, cy - my) or 1.0
    ux, uy = (cx - mx) / length, (cy - my) / length
    # from just outside the cubes to the edge of the city disc
    start, stop = BALE * 0.75, length - SITE_R["city"] - 2
    d = start
    while d < stop:
        e = min(d + 6, stop)
        draw.line((mx + ux * d, my + uy * d, mx + ux * e, my + uy * e), fill=kit.INK, width=2)
        d += 11


def _legend(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rounded_rectangle((x, y, x + PANEL_W, y + LEGEND_H), 12, fill=kit.PANEL)
    draw.text((x + 14, y + 8), "Legend", font=kit.font(20, True), fill=kit.INK)
    rows = [
        ("hill", "Hill: 2 AP to enter"),
        ("city", "City: sell; demand top→bottom 4 / 3 / 1+client"),
        ("trading_post_site", "Trading post: buy its colour; ✕ = closed"),
        ("palace_token_site", "Palace token: client / city count at the end;"),
        ("empty_site", "Empty site; labels: id · number"),
    ]
    yy = y + 44
    for kind, text in rows:
        cx, cy = x + 34, yy + 10
        if kind == "hill":
            _hill(draw, cx, cy + 4, 11)
        elif kind == "city":
            draw.ellipse(
                (cx - 13, cy - 13, cx + 13, cy + 13), fill=CITY_FILL, outline=kit.INK, width=3
            )
        elif kind == "trading_post_site":
            draw.rectangle(
                (cx - 12, cy - 12, cx + 12, cy + 12),
                fill=SILK_RGB["orange"],
                outline=kit.INK,
                width=2,
            )
            kit.text_centered(draw, (cx, cy), "O", 15, bold=True)
        elif kind == "palace_token_site":
            draw.ellipse(
                (cx - 12, cy - 12, cx + 12, cy + 12), fill=TOKEN_FILL, outline=kit.INK, width=2
            )
        else:
            draw.ellipse(
                (cx - 10, cy - 10, cx + 10, cy + 10), fill=EMPTY_FILL, outline=kit.INK, width=2
            )
        draw.text((x + 60, yy), text, font=kit.font(16), fill=kit.INK)
        if kind == "palace_token_site":
            yy += 24
            more = "+2 = 2 rupees at once; silk = a free bale"
            draw.text((x + 60, yy), more, font=kit.font(16), fill=kit.INK)
        yy += 32
    # pieces
    SEATS.mark(draw, 0, x + 34, yy + 12, 12)
    draw.text((x + 60, yy + 2), "Elephant (player shape + letter)", font=kit.font(16), fill=kit.INK)
    yy += 34
    _house(draw, 0, x + 34, yy + 12, 12)
    draw.text((x + 60, yy + 2), "Palace (house + letter)", font=kit.font(16), fill=kit.INK)
    yy += 34
    draw.ellipse((x + 22, yy, x + 46, yy + 24), outline=kit.HIGHLIGHT, width=4)
    draw.text((x + 60, yy + 2), "Gold: last move", font=kit.font(16), fill=kit.INK)
    draw.ellipse((x + 200, yy, x + 224, yy + 24), outline=kit.TO_ACT, width=4)
    draw.text((x + 238, yy + 2), "Raspberry: to act", font=kit.font(16), fill=kit.INK)
    yy += 34
    bx = x + 20
    for c in SILK_RGB:
        _bale(draw, c, bx, yy, 22)
        draw.text((bx + 28, yy + 1), c, font=kit.font(16), fill=kit.INK)
        bx += 28 + kit.text_width(c, 16) + 18


# -- dynamic pieces --------------------------------------------------------------------------------


def _draw_posts(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    sites = _sites()
    posts = view.get("trading_posts", {})
    for site, post in posts.items():
        cx, cy = _xy(sites[site]["x"], sites[site]["y"])
        r = SITE_R["trading_post_site"] - 4
        colour = post["colour"]
        draw.rectangle(
            (cx - r, cy - r, cx + r, cy + r), fill=SILK_RGB[colour], outline=kit.INK, width=2
        )
        text = WHITE if colour == "purple" else kit.INK
        if not post["open"]:
            draw.line((cx - r, cy - r, cx + r, cy + r), fill=CLOSED, width=5)
            draw.line((cx - r, cy + r, cx + r, cy - r), fill=CLOSED, width=5)
            draw.rectangle((cx - 11, cy - 13, cx + 11, cy + 13), fill=SILK_RGB[colour])
            draw.text((cx + r + 4, cy - r - 2), "closed", font=kit.font(14, True), fill=CLOSED)
        kit.text_centered(draw, (cx, cy), SILK_LETTER[colour], 24, fill=text, bold=True)


def _draw_tokens(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    sites = _sites()
    for site, token in view.get("palace_tokens", {}).items():
        cx, cy = _xy(sites[site]["x"], sites[site]["y"])
        r = SITE_R["palace_token_site"] - 4
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN_FILL, outline=kit.INK, width=2)
        kit.text_centered(draw, (cx, cy), TOKEN_TEXT.get(token, token), 15, bold=True)


def _draw_cities(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    sites = _sites()
    for city, column in view.get("demand", {}).items():
        site = sites[city]
        for i, (slot, colour) in enumerate(zip(site["demand_slots"], column, strict=False)):
            sx, sy = _xy(*slot)
            _bale(draw, colour, sx - BALE / 2, sy - BALE / 2, BALE)
            side = -1 if sx < _xy(site["x"], 0)[0] else 1
            tx = sx + side * (BALE / 2 + 20)
            kit.text_centered(draw, (tx, sy), POSITION_VALUE[i], 15, bold=True)
        lx, ly = _label_pos(site)
        left = view.get("city_stacks", {}).get(city, 0)
        fill = (120, 60, 40) if left else kit.PANEL
        draw.rounded_rectangle(
            (lx - 62, ly + 12, lx + 62, ly + 36), 8, fill=fill, outline=kit.INK, width=2
        )
        text = f"city tokens ×{left}"
        kit.text_centered(draw, (lx, ly + 24), text, 15, fill=WHITE if left else kit.INK, bold=True)


def _draw_palaces(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    sites = _sites()
    for site, seat in view.get("palaces", {}).items():
        cx, cy = _xy(sites[site]["x"], sites[site]["y"])
        _house(draw, int(seat), cx, cy + 2, 19)


def _draw_elephants(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], unused: tuple[str, ...]
) -> None:
    """Each elephant with the bales it carries, around its site's top first, on the first spot
    where it covers none of the map's labels (a city's tokens badge, a site's id)."""
    sites = _sites()
    taken: list[kit.Box] = [t[0] for t in _static.layout(unused).texts]  # type: ignore[attr-defined]
    for city in view.get("demand", {}):
        lx, ly = _label_pos(sites[city])
        taken.append((lx - 62, ly + 12, lx + 62, ly + 36))  # the city's tokens badge
        for sx, sy in (_xy(*slot) for slot in sites[city]["demand_slots"]):
            taken.append((sx - BALE / 2 - 48, sy - BALE / 2, sx + BALE / 2 + 48, sy + BALE / 2))
    for site in view.get("palace_tokens", {}):
        tx, ty = _xy(sites[site]["x"], sites[site]["y"])
        taken.append((tx - 27, ty - 9, tx + 27, ty + 9))  # the token's word
    by_site: dict[str, list[int]] = {}
    for seat, e in enumerate(view.get("elephants", [])):
        by_site.setdefault(e["site"], []).append(seat)
    current = view.get("current")
    for site, seats in by_site.items():
        cx, cy = _xy(sites[site]["x"], sites[site]["y"])
        ring = SITE_R[sites[site]["kind"]] + 10
        for seat in seats:
            n = len(view["elephants"][seat]["bales"])
            ex, ey = cx + ring * math.cos(math.radians(-90)), cy - ring
            for extra, deg in [(e, a) for e in (0, 18, 36) for a in ELEPHANT_ANGLES]:
                angle = math.radians(deg)
                fx, fy = (
                    cx + (ring + extra) * math.cos(angle),
                    cy + (ring + extra) * math.sin(angle),
                )
                box = (fx - 17, fy - 27, max(fx + 17, fx + 32 + 15 * (n - 1)), fy + 17)
                if not any(
                    box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                    for b in taken
                ):
                    ex, ey = fx, fy
                    break
            taken.append((ex - 17, ey - 27, max(ex + 17, ex + 32 + 15 * (n - 1)), ey + 17))
            if seat == current:
                draw.ellipse((ex - 23, ey - 23, ex + 23, ey + 23), outline=kit.TO_ACT, width=5)
            SEATS.mark(draw, seat, ex, ey, 16)
            bales = view["elephants"][seat]["bales"]
            for j, colour in enumerate(bales):
                _bale(draw, colour, ex + 13 + j * 15, ey - 26, 18)


def _step(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float, float, float]:
    """The part of the trail a→b between the two sites' shapes (so their labels stay clear)."""
    ax, ay = _xy(a["x"], a["y"])
    bx, by = _xy(b["x"], b["y"])
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    ra, rb = SITE_R[a["kind"]] + 4, SITE_R[b["kind"]] + 4
    return ax + ux * ra, ay + uy * ra, bx - ux * rb, by - uy * rb


def _draw_last(draw: ImageDraw.ImageDraw, view: dict[str, Any], *, earlier: bool = False) -> None:
    last = view.get("last")
    if not last or not last.get("site"):
        return
    sites = _sites()
    path_fill, fill, width = (
        (kit.EARLIER, kit.EARLIER, kit.EARLIER_WIDTH) if earlier else (PATH, kit.HIGHLIGHT, 6)
    )
    # the whole turn's walk, thin; then the last step, bold, and a ring on where it ended
    path = [sites[p] for p in last.get("path", []) if p in sites]
    for a, b in zip(path, path[1:], strict=False):
        draw.line(_step(a, b), fill=path_fill, width=width)
    s = sites[last["site"]]
    cx, cy = _xy(s["x"], s["y"])
    r = SITE_R[s["kind"]] + 10
    if last.get("from"):
        draw.line(_step(sites[last["from"]], s), fill=fill, width=width + 2)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=width)
    # the ring and the walk cross site labels: keep the typable ids readable on top
    for site in {p["id"]: p for p in (*path, s)}.values():
        _site_label(draw, site)


# -- panel -----------------------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    names = _names(view)
    draw.text((24, 14), "Bombay", font=kit.font(40, True), fill=kit.INK)
    draw.text((230, 16), str(view.get("round", "")), font=kit.font(24, True), fill=kit.INK)
    if view.get("over"):
        status = "Game over: screens are open"
    else:
        cur = view.get("current")
        name = names[cur] if isinstance(cur, int) and cur < len(names) else "?"
        status = f"▶ {name} to play · {view.get('ap', 0)} AP left"
        status += " · already bought this turn" if view.get("bought") else ""
    draw.text((230, 54), kit.fit_text(status, 22, WIDTH - 260), font=kit.font(22), fill=kit.INK)


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    names = _names(view)
    n = len(names)
    h = 46 + 52 * n
    draw.rounded_rectangle((x, y, x + PANEL_W, y + h), 12, fill=kit.PANEL)
    draw.text(
        (x + 14, y + 8), "Merchants (rupees are hidden)", font=kit.font(20, True), fill=kit.INK
    )
    yy = y + 44
    for seat in range(n):
        if seat == view.get("current"):
            draw.rounded_rectangle(
                (x + 6, yy - 4, x + PANEL_W - 6, yy + 44), 8, outline=kit.TO_ACT, width=4
            )
        SEATS.mark(draw, seat, x + 28, yy + 20, 15)
        label = kit.fit_text(names[seat], 19, 190, True)
        draw.text(
            (x + 52, yy + 2), label, font=kit.font(19, seat == view.get("current")), fill=kit.INK
        )
        sub = f"at {view['elephants'][seat]['site']} · palaces left {view['palaces_left'][seat]}"
        if seat == view.get("first_player"):
            sub += " · ★ first"
        draw.text((x + 52, yy + 24), sub, font=kit.font(15), fill=kit.INK)
        bx = x + PANEL_W - 70
        for j, colour in enumerate(view["elephants"][seat]["bales"]):
            _bale(draw, colour, bx + j * 30, yy + 8, 26)
        yy += 52
    return y + h + 12


def _scores(draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    """The final score sheet: the text sheet's order (places, then rupees, empire bonus, city
    bonus, total) and under each player the numbers behind the bonuses and the tie-break."""
    names = _names(view)
    screens = view.get("screens", [])
    details = view.get("score_details") or [{} for _ in screens]
    ranking = view.get("ranking") or [[s] for s in range(len(screens))]
    h = 104 + 66 * len(screens)
    draw.rounded_rectangle((x, y, x + PANEL_W, y + h), 12, fill=kit.PANEL)
    draw.text((x + 14, y + 8), "Final score (screens open)", font=kit.font(20, True), fill=kit.INK)
    cols = [("rupees", 190), ("empire", 262), ("city", 334), ("total", 400)]
    for key, cx in cols:
        draw.text((x + cx, y + 40), key, font=kit.font(15, True), fill=kit.INK)
    winners = view.get("winners", [])
    yy = y + 66
    place = 1
    for group in ranking:
        for seat in group:
            sc = screens[seat]
            SEATS.mark(draw, seat, x + 26, yy + 12, 12)
            won = seat in winners
            label = f"{place}. " + ("★ " if won else "") + names[seat]
            draw.text(
                (x + 46, yy),
                kit.fit_text(label, 17, 138, won),
                font=kit.font(17, won),
                fill=kit.INK,
            )
            vals = [sc["money"], sc["empire_bonus"], sc["city_bonus"], sc["total"]]
            for (_, cx), v in zip(cols, vals, strict=True):
                draw.text((x + cx, yy), str(v), font=kit.font(17, won), fill=kit.INK)
            d = details[seat] if seat < len(details) else {}
            if d:
                facts = (
                    f"empire score {d['empire_score']}: palaces {d['palaces']}, clients"
                    f" {d['clients']}, client palace tokens {d['client_palace_tokens']}",
                    f"city count {d['city_count']}: city tokens {d['city_tokens']}, city palace"
                    f" tokens {d['city_palace_tokens']} · tie-break {d['tie_clients']}",
                )
                for k, fact in enumerate(facts):
                    draw.text(
                        (x + 46, yy + 22 + 17 * k),
                        kit.fit_text(fact, 13, PANEL_W - 56),
                        font=kit.font(13),
                        fill=kit.INK,
                    )
            yy += 66
        place += len(group)
    draw.text(
        (x + 14, yy + 2),
        "★ winner · ties: most clients + client palace tokens",
        font=kit.font(15),
        fill=kit.INK,
    )
    return y + h + 12


def _markets(draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    h = 178
    draw.rounded_rectangle((x, y, x + PANEL_W, y + h), 12, fill=kit.PANEL)
    draw.text(
        (x + 14, y + 8),
        f"Markets · bag {view.get('bag', 0)} bales",
        font=kit.font(20, True),
        fill=kit.INK,
    )
    col_w = (PANEL_W - 20) / 3
    costs = view.get("market_costs", {})
    for i, name in enumerate(("left", "middle", "right")):
        cx = x + 10 + i * col_w
        draw.rounded_rectangle(
            (cx + 4, y + 40, cx + col_w - 4, y + h - 10),
            8,
            fill=(248, 242, 228),
            outline=kit.INK,
            width=2,
        )
        rupees, ap = costs.get(name, [0, 0])
        kit.text_centered(draw, (cx + col_w / 2, y + 56), name.capitalize(), 17, bold=True)
        kit.text_centered(
            draw,
            (cx + col_w / 2, y + 78),
            f"{rupees} rupee{'s' if rupees > 1 else ''} + {ap} AP",
            15,
        )
        yy = y + 94
        bales = view.get("markets", {}).get(name, {})
        if not bales:
            kit.text_centered(draw, (cx + col_w / 2, yy + 22), "empty", 15, fill=kit.MUTED)
        for k, (colour, count) in enumerate(bales.items()):
            bx = cx + 14 + (k % 2) * 72
            by = yy + (k // 2) * 34
            _bale(draw, colour, bx, by, 26)
            draw.text((bx + 31, by + 3), f"×{count}", font=kit.font(17, True), fill=kit.INK)
    return y + h + 12


def _last_box(draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float) -> float:
    last = view.get("last")
    names = _names(view)
    if last:
        who = names[last["seat"]] if 0 <= last["seat"] < len(names) else "?"
        lines = _wrap(f"{who}: " + ", ".join(last.get("turn", [])), 17, PANEL_W - 28)[:3]
    else:
        lines = ["none yet"]
    h = 44 + 24 * len(lines)
    draw.rounded_rectangle(
        (x, y, x + PANEL_W, y + h), 12, fill=(255, 240, 190), outline=kit.HIGHLIGHT, width=3
    )
    draw.text(
        (x + 14, y + 8), "Last move (ringed on the map)", font=kit.font(18, True), fill=kit.INK
    )
    for i, line in enumerate(lines):
        draw.text((x + 14, y + 36 + i * 24), line, font=kit.font(17), fill=kit.INK)
    return y + h + 12


GLANCE = (
    (
        "Your turn: 3 action points (AP), any order, several commands",
        "move: 1 AP, 2 AP into a hill · sell: 1 AP in a city",
        "buy (once a turn): left 1 rupee + 1 AP, middle 1 + 2 AP, right 2 + 2 AP",
    ),
    (
        "build: 1 AP + a carried bale, not on a city, post or palace",
        "fortune: all 3 AP for 1 rupee · end: stop early",
        "Sale bonus: yellow +1 rupee, purple +1 client · rival palaces pay 1",
    ),
)


def _glance(draw: ImageDraw.ImageDraw) -> None:
    """A rules-at-a-glance strip under the map (static)."""
    x0, y0 = MAP_X, GLANCE_Y
    draw.rounded_rectangle((x0, y0, WIDTH - 16, HEIGHT - 10), 12, fill=kit.PANEL)
    kit.piece((x0, y0, WIDTH - 16, HEIGHT - 10))  # nothing above may run into the strip
    draw.text((x0 + 14, y0 + 8), "At a glance", font=kit.font(17, True), fill=kit.INK)
    col_w = (WIDTH - 16 - x0 - 150) / 2
    for c, lines in enumerate(GLANCE):
        for i, line in enumerate(lines):
            draw.text(
                (x0 + 140 + c * col_w, y0 + 8 + i * 26),
                kit.fit_text(line, 16, col_w - 16),
                font=kit.font(16),
                fill=kit.INK,
            )


def _wrap(text: str, size: int, width: float) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if kit.text_width(trial, size) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


# -- entry points ----------------------------------------------------------------------------------


def _compose(view: dict[str, Any]) -> Image.Image:
    posts = view.get("trading_posts", {})
    unused = tuple(
        s["id"]
        for s in _board()["sites"]
        if s["kind"] == "trading_post_site" and s["id"] not in posts
    )
    base = _static(unused)
    img = base.copy()
    img.info["base"] = base  # for _encode: the static layer's mapping is reused
    draw = kit.Pen(img)
    for mark in kit.earlier_marks(view):  # other players' turns since the acting one's last
        _draw_last(draw, {**view, "last": mark}, earlier=True)
    _draw_last(draw, view)
    _draw_posts(draw, view)
    _draw_tokens(draw, view)
    _draw_cities(draw, view)
    _draw_palaces(draw, view)
    _draw_elephants(draw, view, unused)
    _header(draw, view)
    y: float = MAP_Y
    if view.get("over"):
        # The final sheet is tall; the markets no longer matter, so it takes their room.
        y = _scores(draw, view, PANEL_X, y)
    else:
        y = _players(draw, view, PANEL_X, y)
        y = _markets(draw, view, PANEL_X, y)
    y = _last_box(draw, view, PANEL_X, y)
    return img


def _sample_view() -> dict[str, Any]:
    """A made-up 5-player position showing every kind of piece, for the shared palette."""
    sites = list(_sites())
    colours = list(SILK_RGB)
    return {
        "players": 5,
        "round": "Set 1 of 5 · game turn 1 of 3",
        "current": 0,
        "ap": 3,
        "first_player": 0,
        "elephants": [
            {"site": sites[i * 3], "bales": [colours[i % 4], colours[(i + 1) % 4]]}
            for i in range(5)
        ],
        "palaces": {sites[i * 3 + 1]: i for i in range(5)},
        "palaces_left": [4] * 5,
        "trading_posts": {
            s["id"]: {"colour": colours[k % 4], "open": k % 2 == 0}
            for k, s in enumerate(x for x in _board()["sites"] if x["kind"] == "trading_post_site")
        },
        "palace_tokens": {},
        "markets": {"left": {c: 2 for c in colours}, "middle": {}, "right": {}},
        "market_costs": {"left": [1, 1], "middle": [1, 2], "right": [2, 2]},
        "demand": {c["site"]: colours[:3] for c in _board()["cities"]},
        "city_stacks": {c["site"]: 2 for c in _board()["cities"]},
        "last": {
            "seat": 0,
            "action": "move b",
            "turn": ["move b"],
            "from": sites[0],
            "site": sites[1],
        },
    }


@kit.sprite
def _palette() -> Image.Image:
    """A 256-colour palette measured once from a sample board (static layer + every piece).

    Mapping each board to this fixed palette is several times faster than encoding 24-bit PNG or
    quantising per image, and halves the file size; the sample holds every colour a board uses.
    """
    sample = _compose(_sample_view())
    over = dict(
        _sample_view(),
        over=True,
        screens=[{"money": 1, "empire_bonus": "1", "city_bonus": 0, "total": "2"}] * 5,
    )
    strip = _compose(over)
    both = Image.new("RGB", (WIDTH, HEIGHT * 2))
    both.paste(sample, (0, 0))
    both.paste(strip, (0, HEIGHT))
    return both.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def _encode(img: Image.Image, base: Image.Image | None = None) -> bytes:
    if base is not None:
        return kit.encode_png(kit.quantise(img, base, _palette()))
    return kit.encode_png(img.quantize(palette=_palette(), dither=Image.Dither.NONE))


def render(
    view: dict[str, Any], *, seat: int | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG of the public board: map, markets, merchants, last move, legend."""
    view = kit.with_names(view, names)
    img = _compose(view)
    return _encode(img, img.info.pop("base", None))


def render_private(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes | None:
    """PNG of one seat's screen (rupees, clients, city and palace tokens), or ``None``."""
    view = kit.with_names(view, names)
    private = view.get("private")
    if not private:
        return None
    seat = int(private["seat_number"]) - 1
    img = kit.new_canvas(400, width=1000)
    draw = kit.Pen(img)
    SEATS.mark(draw, seat, 48, 50, 24)
    name = kit.player_name(view, seat)
    draw.text(
        (86, 30),
        kit.fit_text(f"{name}: behind your screen", 30, 880, True),
        font=kit.font(30, True),
        fill=kit.INK,
    )
    draw.text(
        (86, 72),
        "Only you see this. " + str(view.get("round", "")),
        font=kit.font(18),
        fill=kit.MUTED,
    )
    draw.rounded_rectangle((30, 116, 330, 370), 14, fill=kit.PANEL)
    kit.text_centered(draw, (180, 160), "Rupees", 24, bold=True)
    kit.text_centered(draw, (180, 250), str(private["rupees"]), 96, bold=True)
    cities = private.get("city_tokens", [])
    city_kept = int(private.get("city_palace_tokens", 0))
    rows = [
        f"Client tokens: {private.get('client_tokens', 0)}",
        f"Client palace tokens: {private.get('client_palace_tokens', 0)}",
        f"City tokens: {', '.join(cities) if cities else 'none'}",
        f"City palace tokens: {city_kept}",
        f"City count for the bonus: {len(cities) + city_kept} (3 → 4, 4+ → 8)",
    ]
    elephants = view.get("elephants", [])
    if 0 <= seat < len(elephants):
        bales = elephants[seat]["bales"]
        rows.append(
            f"Elephant at {elephants[seat]['site']} carrying {', '.join(bales) or 'nothing'}"
        )
    for i, row in enumerate(rows):
        draw.text((360, 124 + i * 40), kit.fit_text(row, 22, 620), font=kit.font(22), fill=kit.INK)
    return kit.encode_png(img)


def _glance_of(view: dict[str, Any]) -> kit.Glance:
    """Bombay's glance: rupees are hidden (Y8), so seats show what the table sees — palaces left
    and bales carried — until the screens open at the end."""
    screens = view.get("screens") or []
    if view.get("over") and screens:
        scores = [f"{sc['total']} rupees" for sc in screens]
    else:
        left = view.get("palaces_left") or [0] * int(view.get("players", 0))
        carried = [len(e.get("bales", [])) for e in view.get("elephants", [])]
        carried += [0] * (len(left) - len(carried))
        scores = [f"{p} palaces left · {b} bales" for p, b in zip(left, carried, strict=True)]
    if view.get("over"):
        asked = "Game over: screens are open"
    else:
        asked = f"{view.get('ap', 0)} AP left"
        asked += " · already bought this turn" if view.get("bought") else ""
    last = view.get("last") or {}
    who = last.get("seat")
    said = " · ".join(last.get("turn") or [last.get("action", "")]) if last else ""
    line = f"Last: {kit.player_name(view, who)} — {said}" if isinstance(who, int) and said else ""
    return kit.Glance(
        "Bombay", str(view.get("round", "")), asked, scores, line, bool(view.get("over"))
    )


def render_glance(view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes:
    """The phone-sized summary shown beside the board: whose turn, AP left, each seat (#10.5)."""
    view = kit.with_names(view, names)
    return kit.glance(view, SEATS, _glance_of(view))
