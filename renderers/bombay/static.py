"""Bombay's static layer, drawn once per process and language: paper, map, trails, sites and
their labels, the stand-in notice, the legend and the rules at a glance; and the fixed palette
every board is encoded with."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engines.bombay.view import (
    Approximate,
    BombayMark,
    BombayView,
    Elephant,
    OpenScreen,
    Options,
    TradingPost,
)
from renderers import kit
from renderers.bombay.layout import (
    BALE,
    CITY_FILL,
    COL_W,
    COL_Y,
    EMPTY_FILL,
    GLANCE_Y,
    HEIGHT,
    LEGEND,
    LEGEND_H,
    MAP_BG,
    RIGHT_X,
    SEATS,
    SILK_LEGEND,
    SILK_RGB,
    SITE_R,
    TOKEN_FILL,
    TRACK,
    TRAIL,
    WIDTH,
    board,
    city_name,
    name_step,
    sites,
    xy,
)
from renderers.bombay.pieces import bale, hill, house, site_label, site_shape

#: The rules at a glance, six lines (catalog keys ``bombay.board.glance.1`` … ``.6``).
GLANCE_LINES = 6


@kit.layer
def static_layer(unused: tuple[str, ...] = (), lang: str = "en") -> Image.Image:
    """Paper, map, trails, sites, labels, legend; ``unused`` trading-post sites (the F sites
    with 2–3 players, Y22) are drawn as the plain empty sites they are in that game."""
    img = kit.new_canvas(HEIGHT, WIDTH)
    draw = kit.Pen(img)
    x0, y0 = xy(0, 0)
    x1, y1 = xy(1000, 1000)
    draw.rounded_rectangle((x0, y0, x1, y1), 18, fill=MAP_BG, outline=kit.INK, width=3)
    # trails as dusty paths: a dark verge under a lighter track
    for width, colour in ((11, TRAIL), (5, TRACK)):
        for t in board()["trails"]:
            a, b = sites()[t["a"]], sites()[t["b"]]
            draw.line((*xy(a["x"], a["y"]), *xy(b["x"], b["y"])), fill=colour, width=width)
    for s in sites().values():
        if s["kind"] == "city":
            demand_tie(draw, s)
    for s in sites().values():
        cx, cy = xy(s["x"], s["y"])
        site_shape(draw, "empty_site" if s["id"] in unused else s["kind"], cx, cy)
        if s["kind"] == "city":
            # the city's name as the table's language writes it (the label under it is the id),
            # inside the disc: the outline never cuts it
            size, lines = city_name(s["id"], lang)
            top = cy - (len(lines) - 1) * name_step(size) / 2
            for i, line in enumerate(lines):
                kit.text(draw, (cx, top + i * name_step(size)), line, size, bold=True, anchor="mm")
        site_label(draw, s)
        if s["kind"] == "hill":
            kit.text_centered(draw, (cx, cy - 6), s["letter"], 22, bold=True, fill=kit.WHITE)
    # the market corner of the notional board holds the stand-in notice instead
    nx, ny = xy(712, 22)
    notice = kit.wrap(kit.say("bombay.board.notice", lang), 15, x1 - nx - 16, 5, bold=True)
    for i, line in enumerate(notice):
        kit.text(draw, (nx, ny + i * 21), line, 15, fill=kit.MUTED, bold=i == 0)
    legend(draw, RIGHT_X, COL_Y, lang)
    glance_strip(draw, RIGHT_X, GLANCE_Y, lang)
    return img


def demand_tie(draw: ImageDraw.ImageDraw, site: dict[str, Any]) -> None:
    """A dotted line from a city's demand column to the city, drawn only where another site is
    about as near to the column as its own city (Hyderabad's and Bombay's on the stand-in
    board), so no player reads the column as belonging to the wrong place."""
    slots = [xy(*slot) for slot in site["demand_slots"]]
    mx = sum(x for x, _ in slots) / len(slots)
    my = sum(y for _, y in slots) / len(slots)
    cx, cy = xy(site["x"], site["y"])

    def gap(s: dict[str, Any]) -> float:
        sx, sy = xy(s["x"], s["y"])
        return math.hypot(sx - mx, sy - my) - SITE_R[s["kind"]]

    others = [gap(s) for s in sites().values() if s["id"] != site["id"]]
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


def _legend_sign(draw: ImageDraw.ImageDraw, x: float, y: float, *, kind: str) -> None:
    cx, cy = x + 34, y + 10
    if kind == "hill":
        hill(draw, cx, cy + 4, 11)
    elif kind == "city":
        draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=CITY_FILL, outline=kit.INK, width=3)
    elif kind == "post":
        draw.rectangle(
            (cx - 12, cy - 12, cx + 12, cy + 12), fill=SILK_RGB["orange"], outline=kit.INK, width=2
        )
        kit.text_centered(draw, (cx, cy), "O", 15, bold=True)
    elif kind == "token":
        draw.ellipse(
            (cx - 12, cy - 12, cx + 12, cy + 12), fill=TOKEN_FILL, outline=kit.INK, width=2
        )
    elif kind == "empty":
        draw.ellipse(
            (cx - 10, cy - 10, cx + 10, cy + 10), fill=EMPTY_FILL, outline=kit.INK, width=2
        )
    elif kind == "elephant":
        SEATS.mark(draw, 0, cx, cy + 2, 12)
    elif kind == "palace":
        house(draw, 0, cx, cy + 2, 12)
    elif kind in ("last", "earlier"):
        # drawn as the map draws them: the earlier moves paler and thinner than the last
        colour, width = (kit.HIGHLIGHT, 6) if kind == "last" else (kit.EARLIER, kit.EARLIER_WIDTH)
        draw.ellipse((cx - 12, cy - 10, cx + 12, cy + 14), outline=colour, width=width)
    elif kind == "to_act":
        draw.ellipse((cx - 12, cy - 10, cx + 12, cy + 14), outline=kit.TO_ACT, width=4)


#: The legend's rows: the sign drawn, each meaning ``bombay.board.legend.<kind>`` (the earlier
#: moves' mark: the words every board uses, ``kit.MARK_KEYS``).
LEGEND_ROWS = (
    "hill",
    "city",
    "post",
    "token",
    "empty",
    "elephant",
    "palace",
    "last",
    "earlier",
    "to_act",
)


def legend_key(kind: str) -> str:
    """The catalog key of what the legend row ``kind`` means."""
    return kit.MARK_KEYS["earlier"] if kind == "earlier" else f"bombay.board.legend.{kind}"


def legend(draw: ImageDraw.ImageDraw, x: float, y: float, lang: str) -> None:
    """What each sign on the map means, then the four silk colours by name."""
    yy = kit.panel(draw, (x, y, x + COL_W, y + LEGEND_H), kit.say("bombay.board.legend", lang))
    right = x + COL_W - 14
    signs = [
        (partial(_legend_sign, kind=kind), kit.say(legend_key(kind), lang)) for kind in LEGEND_ROWS
    ]
    yy = LEGEND.draw(draw, signs, x, yy, right)
    silks = [
        (partial(_silk_sign, colour=c), kit.say("bombay.board.word", lang, word=c))
        for c in SILK_RGB
    ]
    SILK_LEGEND.draw(draw, silks, x + 20, yy, right)


def _silk_sign(draw: ImageDraw.ImageDraw, x: float, y: float, *, colour: str) -> None:
    bale(draw, colour, x, y, 22)


def glance_strip(draw: ImageDraw.ImageDraw, x: float, y: float, lang: str) -> None:
    """The rules at a glance: the AP costs, buying, building, fortune, the sale bonuses."""
    bottom = HEIGHT - 10
    kit.piece((x, y, x + COL_W, bottom))  # nothing above may run into the strip
    yy = kit.panel(
        draw, (x, y, x + COL_W, bottom), kit.say("bombay.board.glance_title", lang), size=18
    )
    for n in range(1, GLANCE_LINES + 1):
        line = kit.say(f"bombay.board.glance.{n}", lang)
        for part in kit.wrap(line, 16, COL_W - 28, 2):
            kit.text(draw, (x + 14, yy), part, 16)
            yy += 21
        yy += 3


# -- palette and encoding --------------------------------------------------------------------------


def sample_view() -> BombayView:
    """A made-up 5-player position showing every kind of piece, for the shared palette."""
    ids = list(sites())
    colours = list(SILK_RGB)
    return BombayView(
        players=5,
        to_act=(0,),
        approximate=Approximate(
            board=True, demand_columns=True, palace_token_split=True, first_game_placements=False
        ),
        options=Options(
            setup="random",
            five_player_start_money="printed",
            empire_split_rounding="floor",
            palace_on_hills="true",
            client_tokens_limited="true",
        ),
        round="",
        set=1,
        sets=5,
        game_turn=1,
        turns_per_set=3,
        current=0,
        ap=3,
        bought=False,
        over=False,
        first_player=0,
        elephants=tuple(
            Elephant(site=ids[i * 3], bales=(colours[i % 4], colours[(i + 1) % 4]))
            for i in range(5)
        ),
        palaces={ids[i * 3 + 1]: i for i in range(5)},
        palaces_left=(4,) * 5,
        trading_posts={
            s["id"]: TradingPost(colour=colours[k % 4], open=k % 2 == 0)
            for k, s in enumerate(x for x in board()["sites"] if x["kind"] == "trading_post_site")
        },
        palace_tokens={},
        markets={"left": {c: 2 for c in colours}, "middle": {}, "right": {}},
        market_costs={"left": (1, 1), "middle": (1, 2), "right": (2, 2)},
        bag=0,
        demand={c["site"]: tuple(colours[:3]) for c in board()["cities"]},
        city_stacks={c["site"]: 2 for c in board()["cities"]},
        moves=0,
        last=BombayMark(seat=0, text="move b", turn=("move b",), from_=ids[0], site=ids[1]),
    )


@kit.sprite
def palette() -> Image.Image:
    """The fixed palette, measured once from a sample board and its final score sheet."""
    from renderers.bombay import compose  # the sample is drawn like any board

    sheet = OpenScreen(
        money=1,
        clients=0,
        city_tokens=(),
        palace_tokens=(),
        empire_score=0,
        empire_bonus="1",
        city_bonus=0,
        total="2",
    )
    over = replace(sample_view(), over=True, screens=(sheet,) * 5)
    return kit.palette_from_sample(compose(sample_view(), "en"), compose(over, "en"))


def encode(img: Image.Image, base: Image.Image | None = None) -> bytes:
    """PNG bytes of a board mapped to the fixed palette (see ``kit.encode_paletted``)."""
    return kit.encode_paletted(img, palette(), base)
