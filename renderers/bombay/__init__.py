"""Bombay board renderer: the trail map, then the merchants, markets, last move, legend and the
rules at a glance under it, drawn from a view.

``render(view)`` draws the public table (never a rupee total before the end: the view has none);
``render_private(view)`` draws one seat's screen; ``render_glance(view)`` the phone-sized summary.
Every word comes from the message catalog in ``lang`` (the table's language); site ids and the
commands of the last move are notation, the same in every language. The board is about as wide as
a phone shows it, so no label is drawn under 14 px there (#10.5).

Modules: ``layout`` (sizes, colours, geometry), ``static`` (the cached board layer, the palette),
``pieces`` (bales, palaces, sites and the moving parts of the map), ``panels`` (header, merchants,
markets, last move, score sheet, glance), ``private`` (a seat's screen).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from engines.bombay.view import BombayView
from renderers import kit
from renderers.bombay.layout import COL_Y, COMPONENT_COLOURS, HEIGHT, LEFT_X, SEATS, WIDTH, board
from renderers.bombay.panels import (
    glance_text,
    header,
    last_box,
    markets,
    players,
    render_glance,
    scores,
)
from renderers.bombay.pieces import (
    draw_cities,
    draw_elephants,
    draw_last,
    draw_palaces,
    draw_posts,
    draw_tokens,
)
from renderers.bombay.private import render_private
from renderers.bombay.static import encode, static_layer

__all__ = [
    "COMPONENT_COLOURS",
    "HEIGHT",
    "SEATS",
    "WIDTH",
    "compose",
    "render",
    "render_glance",
    "glance_text",
    "render_private",
]


def compose(view: BombayView, lang: str) -> Image.Image:
    """The public board as an image (before encoding), on a copy of the static layer."""
    posts = view.trading_posts
    unused = tuple(
        s["id"]
        for s in board()["sites"]
        if s["kind"] == "trading_post_site" and s["id"] not in posts
    )
    base = static_layer(unused, lang)
    img = base.copy()
    img.info["base"] = base  # for encode: the static layer's mapping is reused
    draw = kit.Pen(img)
    for mark, colour, width in kit.move_marks(view):  # the turns since the acting one's last
        draw_last(draw, mark, colour, width)
    draw_posts(draw, view, lang)
    draw_tokens(draw, view, lang)
    draw_cities(draw, view, lang)
    draw_palaces(draw, view)
    taken = [t[0] for t in static_layer.layout(unused, lang).texts]  # type: ignore[attr-defined]
    draw_elephants(draw, view, taken, lang)
    header(draw, view, lang)
    y: float = COL_Y
    if view.over:
        # The final sheet is tall; the markets no longer matter, so it takes their room.
        y = scores(draw, view, LEFT_X, y, lang)
    else:
        y = players(draw, view, LEFT_X, y, lang)
        y = markets(draw, view, LEFT_X, y, lang)
    last_box(draw, view, LEFT_X, y, lang)
    return img


def render(
    view: BombayView,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> bytes:
    """PNG of the public board: map, merchants, markets, last move, legend, in ``lang`` (else
    English)."""
    view, lang = kit.prepare(view, names, lang)
    img = compose(view, lang)
    return encode(img, img.info.pop("base", None))


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import bombay as _this

    _renderer: renderers.Renderer = _this
