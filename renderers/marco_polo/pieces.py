"""What moves on the Marco Polo board: dice, trading posts, figures, bonus tiles and the rings on
the last move."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engines.marco_polo import tables as T
from engines.marco_polo.state import Placed
from engines.marco_polo.view import MarcoPoloMark, MarcoPoloView
from renderers import kit
from renderers.marco_polo.layout import (
    BLACK,
    DIE,
    MUTED,
    NEUTRAL,
    POST,
    SEATS,
    SIDE_W,
    SIDE_X,
    SMALL,
    WHITE,
    card_order,
    card_xy,
    map_xy,
    put_centred,
    put_text,
    say,
    short,
    width_of,
)
from renderers.marco_polo.static import static_boxes


# -- dynamic pieces ---------------------------------------------------------------------------
def die(d: ImageDraw.ImageDraw, seat: int, kind: str, value: int, x: float, y: float) -> None:
    """A placed or unused die: own dice in the player's shape and colour, black, white, neutral."""
    label = str(value) if value else "?"
    if kind == "o" and seat >= 0:
        SEATS.mark(d, seat, x, y, DIE, letter=False)
        put_centred(d, (x, y + (3 if seat % 5 == 2 else 0)), label, SMALL + 2, True, WHITE)
        return
    fill, ink = {"b": (BLACK, WHITE), "w": (WHITE, kit.INK)}.get(kind, (NEUTRAL, WHITE))
    d.rounded_rectangle(
        (x - DIE, y - DIE, x + DIE, y + DIE), 5, fill=fill, outline=kit.INK, width=2
    )
    put_centred(d, (x, y), label, SMALL + 2, True, ink)


def free_spot(
    x: float, y: float, r: float, taken: list[kit.Box], start: float = 34
) -> tuple[float, float]:
    """The first place around (x, y), right side first, where a piece of radius ``r`` covers
    nothing in ``taken``: a figure must never hide a route's cost or a city's name."""
    for ring in (start, start + 30, start + 60):
        for deg in (-20, 20, -60, 60, 0, -100, 100, -140, 140, 180):
            a = math.radians(deg)
            fx, fy = x + ring * math.cos(a), y + ring * math.sin(a)
            box = (fx - r, fy - r, fx + r, fy + r)
            if not any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken
            ):
                return fx, fy
    return x + start, y


def draw_map_pieces(
    d: ImageDraw.ImageDraw, view: MarcoPoloView, height: int, lang: str, ref: float
) -> None:
    """Tiles, trading posts and figures on the map, clear of its labels (the static layer's, with
    the reference tables at ``ref``)."""
    taken: list[kit.Box] = list(static_boxes(height, lang, ref))
    # City bonus tiles and first-post tiles beside their cities.
    for city, tile in view.city_bonus.items():
        x, y = map_xy(city)
        text = short(T.CITY_BONUSES[tile], lang)
        taken.append(tag(d, x, y + 36, text, (220, 232, 245)))
    for city, first in view.first_post.items():
        if first:
            x, y = map_xy(city)
            label = say("first_tile", lang, what=short(T.FIRST_POST_TILES[first], lang))
            taken.append(tag(d, x, y + 42, label, (250, 226, 200)))
    # Trading posts: the owner's mark (with its letter) on a white square, in a row left of the
    # city (its name is above, its tiles below, figures to the right); Beijing's in a column.
    for s, seat in enumerate(view.seats):
        for city in seat.posts:
            owners = [q.seat for q in view.seats if city in q.posts]
            i = owners.index(s)
            x, y = map_xy(city)
            px = x - POST - 4 - i * (2 * POST + 4) if city != "beijing" else x + 40
            py = y if city != "beijing" else y - 30 + i * (2 * POST + 4)
            if city == "beijing":
                vp = T.BEIJING_VP[view.beijing.index(s)] if s in view.beijing else 0
                put_text(d, (px + POST + 6, py), f"{vp}", SMALL, True, kit.INK, "lm")
            d.rectangle((px - POST, py - POST, px + POST, py + POST), fill=WHITE, outline=kit.INK)
            kit.piece((px - POST, py - POST, px + POST, py + POST))
            taken.append((px - POST, py - POST, px + POST, py + POST))
            SEATS.mark(d, s, px, py, POST - 2)
    # Figures: player marks with a letter, fanned out around the location.
    at: dict[str, list[tuple[int, int]]] = {}
    for s, seat in enumerate(view.seats):
        for fig, loc in enumerate(seat.figures):
            at.setdefault(loc, []).append((s, fig))
    for loc, seats in at.items():
        x, y = map_xy(loc)
        for s, fig in seats:
            fx, fy = free_spot(x, y, 16, taken)
            taken.append((fx - 16, fy - 16, fx + 16, fy + 16))
            d.ellipse((fx - 15, fy - 15, fx + 15, fy + 15), fill=WHITE, outline=kit.INK, width=2)
            kit.piece((fx - 15, fy - 15, fx + 15, fy + 15))
            # Two figures (Niccolo and Marco) are told apart by the number a move names (fig=).
            two = len(view.seats[s].figures) > 1
            SEATS.mark(d, s, fx, fy, 13, label=f"{kit.seat_letter(s)}{fig + 1}" if two else None)


def tag(
    d: ImageDraw.ImageDraw, x: float, y: float, text: str, fill: tuple[int, int, int]
) -> kit.Box:
    """A small labelled tile centred on (x, y); returns its box."""
    tw = width_of(text, SMALL)
    box = (x - tw / 2 - 4, y - 10, x + tw / 2 + 4, y + 10)
    d.rounded_rectangle(box, 4, fill=fill, outline=MUTED)
    kit.text_centered(d, (x, y), text, SMALL)
    return box


def dice_row(
    d: ImageDraw.ImageDraw, dice: Sequence[Placed], x: float, y: float, step: int = 34
) -> float:
    """Placed dice in a row from (x, y), ``step`` apart; returns the x after the last."""
    for seat, kind, value in dice:
        die(d, seat, kind, value, x, y)
        x += step
    return x


def ring_last(
    d: ImageDraw.ImageDraw,
    view: MarcoPoloView,
    mark: MarcoPoloMark,
    rows: dict[str, float],
    colour: tuple[int, int, int],
    width: int,
    side: float,
) -> None:
    """Ring the space or location of the move ``mark`` in ``colour`` at ``width``
    (``kit.move_marks``: the last move, or an earlier one); the header says what the last one
    was."""
    toks = (mark.text or "").split()
    if len(toks) >= 2 and toks[0] == "move" and toks[1] in T.LOCATIONS:
        x, y = map_xy(toks[1])
        d.ellipse((x - 38, y - 38, x + 38, y + 38), outline=colour, width=width)
    elif len(toks) >= 2 and toks[0] in ("place", "coins3"):
        key = toks[1] if toks[0] == "place" else "coins3"
        if key in rows:
            y = rows[key]
            d.rounded_rectangle(
                (SIDE_X - 4, y - 4, SIDE_X + SIDE_W - 4, y + 30),
                8,
                outline=colour,
                width=min(4, width),
            )
        elif key in view.cards:
            x, y = card_xy(card_order(view).index(key), side)
            d.rounded_rectangle(
                (x - 4, y - 3, x + 200, y + 23), 6, outline=colour, width=min(4, width)
            )
