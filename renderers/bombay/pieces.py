"""Bombay's pieces: the drawing of a bale, a palace, a site, and the moving parts of the map
(posts, palace tokens, demand columns, palaces, elephants, the last move's walk)."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from engines.bombay.view import BombayMark, BombayView
from renderers import kit
from renderers.bombay.layout import (
    BADGE_FILL,
    BALE,
    CITY_FILL,
    CLOSED,
    ELEPHANT_ANGLES,
    EMPTY_FILL,
    HILL_FILL,
    LABEL_FILL,
    PATH,
    SEATS,
    SILK_LETTER,
    SILK_RGB,
    SITE_R,
    TOKEN_FILL,
    city_name_box,
    label_pos,
    sites,
    step,
    xy,
)

#: What a demand slot pays, top to bottom (Y56): rupees, and the client of the bottom slot.
POSITION_VALUE = ("4", "3")


def bale(draw: ImageDraw.ImageDraw, colour: str, x: float, y: float, size: int = BALE) -> None:
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
    text = kit.WHITE if colour == "purple" else kit.INK
    kit.text_centered(
        draw, (x + size / 2, y + size / 2), SILK_LETTER.get(colour, "?"), 16, fill=text, bold=True
    )


def house(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float) -> None:
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


def hill(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A hill: a half dome (2 AP to enter, Y46)."""
    draw.chord(
        (cx - r * 1.25, cy - r, cx + r * 1.25, cy + r * 1.3),
        180,
        360,
        fill=HILL_FILL,
        outline=kit.INK,
        width=2,
    )
    draw.line((cx - r * 1.25, cy + r * 0.15, cx + r * 1.25, cy + r * 0.15), fill=kit.INK, width=2)


def site_shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float) -> None:
    """The empty shape of a site of ``kind``."""
    r = SITE_R[kind]
    if kind == "hill":
        hill(draw, cx, cy, r)
    elif kind == "city":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CITY_FILL, outline=kit.INK, width=4)
        draw.ellipse((cx - r + 7, cy - r + 7, cx + r - 7, cy + r - 7), outline=kit.MUTED, width=1)
    elif kind == "trading_post_site":
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=EMPTY_FILL, outline=kit.INK, width=2)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=EMPTY_FILL, outline=kit.INK, width=2)


def site_label(draw: ImageDraw.ImageDraw, s: dict[str, Any]) -> None:
    """The typable id and number under a site (``e3 · 18``): notation, the same in every
    language."""
    lx, ly = label_pos(s)
    label = f"{s['id']} · {s['num']}"
    bold = s["kind"] != "city"  # the city's name inside its disc is the bold one
    w = kit.text_width(label, 15, bold)
    draw.rounded_rectangle((lx - w / 2 - 4, ly - 10, lx + w / 2 + 4, ly + 10), 5, fill=LABEL_FILL)
    kit.text_centered(draw, (lx, ly), label, 15, bold=bold)


# -- the moving parts ----------------------------------------------------------------------------------


def draw_posts(draw: ImageDraw.ImageDraw, view: BombayView, lang: str) -> None:
    """Trading-post tokens by colour; a closed one crossed out and marked so (Y36)."""
    for site, post in view.trading_posts.items():
        cx, cy = xy(sites()[site]["x"], sites()[site]["y"])
        r = SITE_R["trading_post_site"] - 4
        colour = post.colour
        draw.rectangle(
            (cx - r, cy - r, cx + r, cy + r), fill=SILK_RGB[colour], outline=kit.INK, width=2
        )
        text = kit.WHITE if colour == "purple" else kit.INK
        if not post.open:
            draw.line((cx - r, cy - r, cx + r, cy + r), fill=CLOSED, width=5)
            draw.line((cx - r, cy + r, cx + r, cy - r), fill=CLOSED, width=5)
            draw.rectangle((cx - 11, cy - 13, cx + 11, cy + 13), fill=SILK_RGB[colour])
            closed = kit.say("bombay.board.closed", lang)
            kit.text(draw, (cx + r + 4, cy - r - 2), closed, 14, fill=CLOSED, bold=True)
        kit.text_centered(draw, (cx, cy), SILK_LETTER[colour], 24, fill=text, bold=True)


def draw_tokens(draw: ImageDraw.ImageDraw, view: BombayView, lang: str) -> None:
    """Palace tokens still on the board, yellow side up with their kind (Y5, Y68)."""
    for site, token in view.palace_tokens.items():
        cx, cy = xy(sites()[site]["x"], sites()[site]["y"])
        r = SITE_R["palace_token_site"] - 4
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN_FILL, outline=kit.INK, width=2)
        word = kit.say(f"bombay.board.token.{token}", lang)
        kit.text(draw, (cx, cy), word, 15, bold=True, anchor="mm", max_width=2 * r + 6)


def draw_cities(draw: ImageDraw.ImageDraw, view: BombayView, lang: str) -> None:
    """Each city's demand column with what each slot pays (Y56), and its city tokens left."""
    values = (*POSITION_VALUE, kit.say("bombay.board.demand_bottom", lang))
    for city, column in view.demand.items():
        site = sites()[city]
        for i, (slot, colour) in enumerate(zip(site["demand_slots"], column, strict=False)):
            sx, sy = xy(*slot)
            bale(draw, colour, sx - BALE / 2, sy - BALE / 2, BALE)
            side = -1 if sx < xy(site["x"], 0)[0] else 1
            tx = sx + side * (BALE / 2 + 20)
            kit.text_centered(draw, (tx, sy), values[i], 15, bold=True)
        lx, ly = label_pos(site)
        left = view.city_stacks.get(city, 0)
        fill = BADGE_FILL if left else kit.PANEL
        draw.rounded_rectangle(
            (lx - 70, ly + 12, lx + 70, ly + 36), 8, fill=fill, outline=kit.INK, width=2
        )
        text = kit.say("bombay.board.city_tokens", lang, count=left)
        kit.text(
            draw,
            (lx, ly + 24),
            text,
            15,
            fill=kit.WHITE if left else kit.INK,
            bold=True,
            anchor="mm",
            max_width=136,
        )


def draw_palaces(draw: ImageDraw.ImageDraw, view: BombayView) -> None:
    """Every palace, a house in its owner's colour and letter (Y66)."""
    for site, seat in view.palaces.items():
        cx, cy = xy(sites()[site]["x"], sites()[site]["y"])
        house(draw, seat, cx, cy + 2, 19)


#: The radius of an elephant's mark, and of the ring around the one whose owner is to act.
ELEPHANT_R, TO_ACT_R = 16, 23


def elephant_spots(
    view: BombayView, taken: list[kit.Box], lang: str
) -> list[tuple[int, float, float, kit.Box]]:
    """Where each elephant stands (seat, centre, and the box it covers with its bales and its
    to-act ring): around its site's top first, on the first spot that covers none of the map's
    labels (``taken``: the static layer's texts), no city's name (#28.3) and no other elephant."""
    taken = list(taken)
    for city in view.demand:
        taken.append(city_name_box(city, lang))
        lx, ly = label_pos(sites()[city])
        taken.append((lx - 70, ly + 12, lx + 70, ly + 36))  # the city's tokens badge
        for sx, sy in (xy(*slot) for slot in sites()[city]["demand_slots"]):
            taken.append((sx - BALE / 2 - 48, sy - BALE / 2, sx + BALE / 2 + 48, sy + BALE / 2))
    for site in view.palace_tokens:
        tx, ty = xy(sites()[site]["x"], sites()[site]["y"])
        taken.append((tx - 27, ty - 9, tx + 27, ty + 9))  # the token's word
    by_site: dict[str, list[int]] = {}
    for seat, e in enumerate(view.elephants):
        by_site.setdefault(e.site, []).append(seat)
    spots = []
    for site, seats in by_site.items():
        cx, cy = xy(sites()[site]["x"], sites()[site]["y"])
        ring = SITE_R[sites()[site]["kind"]] + 10
        for seat in seats:
            n = len(view.elephants[seat].bales)
            r = TO_ACT_R if seat == view.current else ELEPHANT_R + 1

            def cover(fx: float, fy: float, n: int = n, r: float = r) -> kit.Box:
                return (fx - r, fy - max(27, r), max(fx + r, fx + 32 + 15 * (n - 1)), fy + r)

            ex, ey = cx, cy - ring
            for extra, deg in [(e, a) for e in (0, 18, 36, 54) for a in ELEPHANT_ANGLES]:
                angle = math.radians(deg)
                fx, fy = (
                    cx + (ring + extra) * math.cos(angle),
                    cy + (ring + extra) * math.sin(angle),
                )
                box = cover(fx, fy)
                if not any(
                    box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                    for b in taken
                ):
                    ex, ey = fx, fy
                    break
            taken.append(cover(ex, ey))
            spots.append((seat, ex, ey, cover(ex, ey)))
    return spots


def draw_elephants(
    draw: ImageDraw.ImageDraw, view: BombayView, taken: list[kit.Box], lang: str
) -> None:
    """Each elephant with the bales it carries, where ``elephant_spots`` puts it."""
    for seat, ex, ey, _ in elephant_spots(view, taken, lang):
        if seat == view.current:
            r = TO_ACT_R
            draw.ellipse((ex - r, ey - r, ex + r, ey + r), outline=kit.TO_ACT, width=5)
        SEATS.mark(draw, seat, ex, ey, ELEPHANT_R)
        for j, colour in enumerate(view.elephants[seat].bales):
            bale(draw, colour, ex + 13 + j * 15, ey - 26, 18)


def draw_last(
    draw: ImageDraw.ImageDraw, last: BombayMark, fill: tuple[int, int, int], width: int
) -> None:
    """A turn's walk, thin, then its last step, bold, and a ring where it ended, in ``fill`` at
    ``width`` (``kit.move_marks``); the last turn's walk in a paler gold than its ring."""
    if not last.site:
        return
    path_fill = PATH if fill == kit.HIGHLIGHT else fill
    path = [sites()[p] for p in last.path if p in sites()]
    for a, b in zip(path, path[1:], strict=False):
        draw.line(step(a, b), fill=path_fill, width=width)
    s = sites()[last.site]
    cx, cy = xy(s["x"], s["y"])
    r = SITE_R[s["kind"]] + 10
    if last.from_:
        draw.line(step(sites()[last.from_], s), fill=fill, width=width + 2)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=width)
    # the ring and the walk cross site labels: keep the typable ids readable on top
    for site in {p["id"]: p for p in (*path, s)}.values():
        site_label(draw, site)
