"""The glance (#10.5): a phone-sized summary beside the full board, whose turn, what they are
asked, the scores and the last move."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

from engines.kit import View
from renderers.kit.encoding import encode_png
from renderers.kit.fonts import text_width, wrap
from renderers.kit.pen import Pen, new_canvas, text
from renderers.kit.seats import Seats
from renderers.kit.style import HIGHLIGHT, INK, MUTED, PANEL, PAPER, TO_ACT
from renderers.kit.words import player_name

#: The glance is drawn this wide and shown by Discord at about 400 px (half size) until tapped,
#: so its smallest text (``GLANCE_MIN``) still reads at about 15 px on a phone without zooming.
GLANCE_W = 800
GLANCE_MIN = 30
BAND = (52, 40, 30)
BAND_INK = (250, 240, 220)


@dataclass(frozen=True)
class Glance:
    """What a player must read at a glance: whose turn, what they are asked, the scores.

    Strings arrive finished (a renderer or, later, the catalog composes them)."""

    title: str
    round: str
    asked: str
    #: One short score text per seat ("12 VP · £5").
    scores: Sequence[str]
    last: str = ""
    over: bool = False
    #: The seats that won, once the game is over: named with a star where the seat to act
    #: stood, and a star before their scores (#28.3).
    winners: Sequence[int] = ()
    #: A line over the scores saying what they are when they are not simply the score now
    #: (Brass: as if the era ended now, #28.3).
    note: str = ""


#: Characters that Discord's markdown reads as formatting, escaped in a name set into a line.
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")


def _plain(name: str) -> str:
    """A display name as literal text in a markdown line (a name like ``*ana*`` stays a name)."""
    return _MARKDOWN.sub(r"\\\1", name)


def glance_lines(view: View[Any, Any], g: Glance) -> list[str]:
    """The glance as text lines (Discord markdown), for a table message that shows it as text
    beside the board: the title and round, who acts (or who won) with what is asked, the note,
    then one line per seat with its score, the seat to act marked ▶ and a winner ★. The same
    words as the image; the last move is told by the message's own lines."""
    to_act = [] if g.over else list(view.to_act)
    winners = list(g.winners) if g.over else []
    head = f"**{g.title}**" + (f" · {g.round}" if g.round else "")
    lines = [head]
    marked, sign = (winners, "★") if winners else (to_act, "▶")
    who = ", ".join(_plain(player_name(view, s)) for s in marked)
    lines.append(f"{sign} **{who}** — {g.asked}" if who else g.asked)
    if g.note:
        lines.append(f"-# {g.note}")
    for s, score in enumerate(g.scores):
        mark = "★" if s in winners else "▶" if s in to_act else "·"
        lines.append(f"{mark} {_plain(player_name(view, s))} — {score}")
    return lines


def glance(view: View[Any, Any], seats: Seats, g: Glance) -> bytes:
    """The glance image: a header band (game, round), the seat to act in large type with what it
    is asked, one row per seat with name and score, and the last move."""
    n = len(g.scores)
    to_act = list(view.to_act)
    m = 28
    row = 64
    asked = wrap(g.asked, 32, GLANCE_W - 2 * m, 2)
    note = 44 if g.note else 0
    height = 86 + 78 + 44 * len(asked) + 16 + note + row * n + (54 if g.last else 0) + 20
    img = new_canvas(height, GLANCE_W)
    d = Pen(img)
    d.rectangle((0, 0, GLANCE_W, 70), fill=BAND)
    title_w = text_width(g.title, 36, True)
    text(d, (m, 35), g.title, 36, bold=True, fill=BAND_INK, anchor="lm")
    room = GLANCE_W - 3 * m - title_w
    text(d, (GLANCE_W - m, 35), g.round, 30, fill=BAND_INK, anchor="rm", max_width=room)
    y = 86
    winners = list(g.winners) if g.over else []
    if to_act or winners:
        marked, sign = (winners, "★ ") if winners else (to_act, "▶ ")
        who = ", ".join(player_name(view, s) for s in marked)
        seats.who(d, marked[:3], m, y + 30, sign + who, 44, r=26, pad=6, right=GLANCE_W - m)
    y += 78
    for line in asked:
        text(d, (m, y), line, 32)
        y += 44
    y += 16
    if g.note:
        text(d, (m, y), g.note, GLANCE_MIN, fill=MUTED, max_width=GLANCE_W - 2 * m)
        y += note
    for s in range(n):
        top = y + row * s
        if s in to_act and not g.over:
            d.rounded_rectangle(
                (m - 12, top, GLANCE_W - m + 12, top + row - 6),
                10,
                fill=PANEL,
                outline=TO_ACT,
                width=4,
            )
        seats.mark(d, s, m + 16, top + (row - 6) / 2, 26)
        score = ("★ " if s in winners else "") + g.scores[s]
        score_w = text_width(score, 34, True)
        text(
            d,
            (GLANCE_W - m, top + (row - 6) / 2),
            score,
            34,
            bold=True,
            anchor="rm",
        )
        text(
            d,
            (m + 56, top + (row - 6) / 2),
            player_name(view, s),
            34,
            anchor="lm",
            max_width=GLANCE_W - 2 * m - 56 - score_w - 20,
        )
    y += row * n
    if g.last:
        text(d, (m, y + 12), g.last, GLANCE_MIN, fill=MUTED, max_width=GLANCE_W - 2 * m)
    return encode_png(
        img.quantize(palette=_glance_palette(seats.colours), dither=Image.Dither.NONE)
    )


@cache
def _glance_palette(seat_colours: tuple[tuple[int, int, int], ...]) -> Image.Image:
    """The glance's few colours plus their anti-aliasing blends: mapping to a fixed palette is a
    couple of milliseconds, and the paletted PNG a third of the RGB one's size and encoding time."""
    backs = [PAPER, PANEL, BAND, *seat_colours]
    fronts = [INK, MUTED, BAND_INK, (255, 255, 255), TO_ACT, HIGHLIGHT, *seat_colours]
    colours: list[tuple[int, int, int]] = [*backs, *fronts]
    for f in fronts:
        for b in backs:
            for t in (0.25, 0.5, 0.75):
                r, g, bl = (round(f[i] * t + b[i] * (1 - t)) for i in range(3))
                colours.append((r, g, bl))
    unique = list(dict.fromkeys(colours))[:256]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in unique for v in c] + [0] * (768 - 3 * len(unique)))
    return pal
